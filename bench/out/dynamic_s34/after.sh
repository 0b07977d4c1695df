#!/usr/bin/env bash
# s34 after the family tuning (tune.sh): bench/dynamic.sh with the build of the --refine commit for the export, the
# repair (2000 trials, the 60 weakest, --refine, relative objective) and the export again, then three bench_dispatch
# runs of the repaired export and their per-length medians
set -u
cd /work/main
o=bench/out/dynamic_s34
b=/work/bins/s34b/build
while [ ! -s $o/tune.json ]; do sleep 20; done
bench/dynamic.sh $b --out $o --trials-total 14000 --time 3000 --repair-trials 2000 --repair-values 60 \
  --repair-objective relative --no-first-dispatch > $o/after.log 2>&1
for k in 2 3; do
  echo "[$(date -u +%T)] bench_dispatch exp2, run $k" >> $o/after.log
  $b/bench/bench_dispatch --export $o/exp2 --threads 2 --out $o/dispatch2_p$k.md > $o/dispatch2_p$k.log 2>&1
done
python3 bench/dispatch_median.py $o/dispatch2.md $o/dispatch2_p2.md $o/dispatch2_p3.md > $o/dispatch2_median.md
echo "[$(date -u +%T)] after.sh done" >> $o/after.log
