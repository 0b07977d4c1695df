#!/usr/bin/env bash
# s41, fourth step: two more bench_dispatch runs of exp_split (build /work/bins/s41b = 522040a's code) and the median of three
set -u
cd /work/main
o=bench/out/dynamic_s41
b=/work/bins/s41b
for k in 2 3; do
  [ -s $o/dispatch_split_r$k.md ] && continue
  echo "[$(date -u +%T)] bench_dispatch exp_split run $k" >> $o/run.log
  $b/bench/bench_dispatch --export $o/exp_split --threads 2 --out $o/dispatch_split_r$k.md > $o/dispatch_split_r$k.log 2>&1
done
python3 bench/dispatch_median.py $o/dispatch_split_r1.md $o/dispatch_split_r2.md $o/dispatch_split_r3.md > $o/dispatch_split_median.md
echo "[$(date -u +%T)] split runs done" >> $o/run.log
