#!/usr/bin/env bash
# Q.2: two more bench_dispatch runs of exp4 and the per-length medians of the three
cd /work/main
o=bench/out/dynamic_s34
b=/work/bins/s34d/build
for k in 2 3; do
  $b/bench/bench_dispatch --export $o/exp4 --threads 2 --out $o/dispatch4_r$k.md > $o/dispatch4_r$k.log 2>&1
done
python3 bench/dispatch_median.py $o/dispatch4.md $o/dispatch4_r2.md $o/dispatch4_r3.md > $o/dispatch4_median.md
