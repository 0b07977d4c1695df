#!/usr/bin/env bash
# lists_s58/seed2.sh (#19, session 42): MobileNetV2's default (e862dc2, /work/bins/s58) at seed 2, against run.sh's
# full search (seed 1), as AG.1 measured ResNet-50's default at two seeds against one full search.
set -u
cd /work/main
o=bench/out/lists_s58
b=/work/bins/s58/build/bench/bench_reproduce
a="examples/mobilenetv2.list --trials 1000 --seed 2 --threads 2 --min-repeat-ms 25"
if [ ! -s $o/mobilenetv2_s2/summary.json ]; then
  echo "[$(date -u +%T)] mobilenetv2 seeded seed 2 start" >> $o/run.log
  $b $a --modes full,seeded --full-from $o/mobilenetv2_full --out $o/mobilenetv2_s2 > $o/mobilenetv2_s2.md \
    2> $o/mobilenetv2_s2.log
  echo "[$(date -u +%T)] mobilenetv2 seeded seed 2 exit $?" >> $o/run.log
fi
