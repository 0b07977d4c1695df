#!/usr/bin/env bash
# s48 (build of this session's last commit: weak.list lines weigh the values they stand for, patience 48): the hour's
# pipeline as AC.1 (bench/dynamic.sh: family tuning 2300 s, small values, export, repair of 60 weak values in 2000
# trials / 440 s under the relative objective, export, three bench_dispatch runs). If /work/bins/s48 is missing: build
# (scripts/build.sh) and copy build/ there first.
set -u
cd /work/main
o=bench/out/dynamic_s48
b=/work/bins/s48/build
echo "[$(date -u +%T)] start" >> $o/run.log
bench/dynamic.sh $b --out $o --time 2300 --trials-total 14000 --objective latency --scheduler per-second \
  --small-trials 700 --small-time 90 --repair-trials 2000 --repair-values 60 --repair-objective relative \
  --repair-time 440 --no-first-dispatch > $o/dynamic.out 2>> $o/run.log
for k in 2 3; do
  [ -s $o/dispatch2_r$k.md ] && continue
  echo "[$(date -u +%T)] bench_dispatch run $k" >> $o/run.log
  $b/bench/bench_dispatch --export $o/exp2 --threads 2 --out $o/dispatch2_r$k.md > $o/dispatch2_r$k.log 2>&1
done
python3 bench/dispatch_median.py $o/dispatch2.md $o/dispatch2_r2.md $o/dispatch2_r3.md > $o/dispatch2_median.md
echo "[$(date -u +%T)] done" >> $o/run.log
