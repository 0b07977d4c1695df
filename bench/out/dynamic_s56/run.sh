#!/usr/bin/env bash
# s56 (build of 99bb30a = aa15f84's source: the tile mutation resizes an imperfect loop's block): the hour's pipeline
# as AD.1 / AI.1 (bench/dynamic_hour.sh: family tuning 2300 s with the small values, export, repair of 60 weak values
# in 2000 trials / 440 s under the relative objective, export, three bench_dispatch runs). If /work/bins/s56 is
# missing: build (scripts/build.sh) and copy build/ there first.
cd /work/main && bench/dynamic_hour.sh bench/out/dynamic_s56 /work/bins/s56/build
