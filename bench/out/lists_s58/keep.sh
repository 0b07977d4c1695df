#!/usr/bin/env bash
# lists_s58/keep.sh (#19, session 42): MobileNetV2's default with early-released edges that keep their search when
# their source improves (a prototype, not landed: /work/bins/s58k, a policy hook `refresh` by which the seeded
# policy queues the new source best's transplants as seeds and goes on with its patience counted from its last
# gain, instead of being made again). Seed 1, the full search taken from run.sh's step 1.
set -u
cd /work/main
o=bench/out/lists_s58
b=/work/bins/s58k/build/bench/bench_reproduce
a="examples/mobilenetv2.list --trials 1000 --seed 1 --threads 2 --min-repeat-ms 25"
if [ ! -s $o/mobilenetv2_keep/summary.json ]; then
  echo "[$(date -u +%T)] mobilenetv2 seeded, edges keep their search, start" >> $o/run.log
  $b $a --modes full,seeded --full-from $o/mobilenetv2_full --out $o/mobilenetv2_keep \
    > $o/mobilenetv2_keep.md 2> $o/mobilenetv2_keep.log
  echo "[$(date -u +%T)] mobilenetv2 seeded, edges keep their search, exit $?" >> $o/run.log
fi
