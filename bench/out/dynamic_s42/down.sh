#!/usr/bin/env bash
# s42, after small.sh: FFN down's 1..16 alone searched further on a copy of Y.3's cache (700 trials, 200 s):
# are its small lengths' lows trial-limited? (the tuner's GFLOP/s against oneDNN's in dispatch3_r*.md)
set -u
cd /work/main
o=bench/out/dynamic_s42
b=/work/bins/s42/build
rm -rf $o/db_down && cp -r $o/db_small $o/db_down
s=$(date +%s)
$b/src/cli/etotune tune $o/down.list --seed 1 --threads 2 --db $o/db_down --trials-total 700 --time-budget 200 --refine \
  --objective relative --report $o/down.json > $o/down.log 2>&1
echo $(( $(date +%s) - s )) > $o/down.wall
