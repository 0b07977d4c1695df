#!/usr/bin/env bash
# lists_s75/trial_ab.sh (#19, session 59): does a trial cost more in the floor's build? BB.2's runs with the floor
# (494a376, /work/bins/s74f) measured MobileNetV2's first rounds slower than the old build's (96f591f, /work/bins/s74)
# at the same seed, the same candidates. One root of that list, 64 trials of a full search at seed 2, each build in
# turn, three rounds; the wall time and the report's seconds.
set -u
o=bench/out/lists_s75/trial_ab
echo "conv2d n=1 c=96 h=14 w=14 k=576 r=1 s=1 stride=1 pad=0 dilation=1 freq=3" > $o/op.list
for r in 1 2 3; do
  for v in s74 s74f; do
    rm -rf $o/db-$v
    s=$(date +%s.%N)
    /work/bins/$v/build/src/cli/etotune tune $o/op.list --mode full --trials 64 --seed 2 --threads 2 \
      --min-repeat-ms 25 --db $o/db-$v > $o/$v.r$r.out 2>&1
    echo "$v round $r: $(echo "$(date +%s.%N) - $s" | bc) s, $(grep -o 'totals: .*' $o/$v.r$r.out | cut -c1-120)" >> $o/times.txt
  done
done
