#!/usr/bin/env bash
# s48 (build of this session's last commit: weak.list lines weigh the values they stand for, patience 48): the hour's
# pipeline as AC.1 (bench/dynamic.sh: family tuning 2300 s, small values, export, repair of 60 weak values in 2000
# trials / 440 s under the relative objective, export, three bench_dispatch runs). If /work/bins/s48 is missing: build
# (scripts/build.sh) and copy build/ there first.
# (bench/dynamic_hour.sh holds the steps)
cd /work/main && bench/dynamic_hour.sh bench/out/dynamic_s48 /work/bins/s48/build
