#!/usr/bin/env bash
# s46 (build 2506e8d: fresh refine tasks, the seeded policy measuring the cost model's best quarter of ETO's rounds; otherwise as s45): the hour's pipeline through bench/dynamic.sh: family tuning
# 2300 s in all (the small values' 3 x 90 s taken from it, 5% of the rest kept back for reseeding), each dense
# family's values 1..16 searched further (700 trials, at most 90 s each), export, repair of 60 weak values (2000
# trials, at most 440 s, relative objective), export, three bench_dispatch runs
# (bench/dynamic_hour.sh holds the steps)
cd /work/main && bench/dynamic_hour.sh bench/out/dynamic_s46 /work/bins/s46/build
