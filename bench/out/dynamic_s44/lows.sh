#!/usr/bin/env bash
# the lengths under 0.85 in dispatch2_median.md (any family), timed again three times, alone on the machine
set -u
cd /work/main
o=bench/out/dynamic_s44
b=/work/bins/s44/build
for k in 1 2 3; do
  echo "[$(date -u +%T)] lows run $k" >> $o/run.log
  $b/bench/bench_dispatch --export $o/exp2 --threads 2 --lengths 5,13,17,77,101,127,199,256,257,300,311,384,401,443,500,512 \
    --out $o/lows_r$k.md > $o/lows_r$k.log 2>&1
done
python3 bench/dispatch_median.py $o/lows_r1.md $o/lows_r2.md $o/lows_r3.md > $o/lows_median.md
echo "[$(date -u +%T)] lows done" >> $o/run.log
