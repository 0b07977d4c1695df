#!/usr/bin/env bash
# s45 (build d69693b: reseeding with the trial fix of c5476c8; the repair given 440 s, taken from the family tuning): the hour's pipeline through bench/dynamic.sh: family tuning
# 2300 s in all (the small values' 3 x 90 s taken from it, 5% of the rest kept back for reseeding), each dense
# family's values 1..16 searched further (700 trials, at most 90 s each), export, repair of 60 weak values (2000
# trials, at most 440 s, relative objective), export, three bench_dispatch runs
# (bench/dynamic_hour.sh holds the steps)
cd /work/main && bench/dynamic_hour.sh bench/out/dynamic_s45 /work/bins/s45/build
