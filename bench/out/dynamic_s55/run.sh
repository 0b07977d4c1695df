#!/usr/bin/env bash
# s55 (build of 6d99c96: the lowering's block move for imperfect tiles, 2d475f5): the hour's pipeline as AD.1
# (bench/dynamic_hour.sh: family tuning 2300 s with the small values, export, repair of 60 weak values in 2000
# trials / 440 s under the relative objective, export, three bench_dispatch runs). If /work/bins/s55 is missing:
# build (scripts/build.sh) and copy build/ there first.
cd /work/main && bench/dynamic_hour.sh bench/out/dynamic_s55 /work/bins/s55/build
