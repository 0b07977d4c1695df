#!/usr/bin/env bash
# lists_s58/roots.sh (#19, session 42): MobileNetV2's default with the root patience on every plan root (the build
# /work/bins/s58r: e862dc2 with driver/run.c giving every root the patience, not only roots with reuse children),
# against run.sh's default (e862dc2: the stem conv and the classifier, roots without children, spent 1000 trials
# each and ended at 631 s and 771 s of the run's 800 s). Same command, the full search taken from run.sh's step 1.
set -u
cd /work/main
o=bench/out/lists_s58
b=/work/bins/s58r/build/bench/bench_reproduce
a="examples/mobilenetv2.list --trials 1000 --seed 1 --threads 2 --min-repeat-ms 25"
if [ ! -s $o/mobilenetv2_roots/summary.json ]; then
  echo "[$(date -u +%T)] mobilenetv2 seeded, every root patient, start" >> $o/run.log
  $b $a --modes full,seeded --keep --full-from $o/mobilenetv2_full --out $o/mobilenetv2_roots > $o/mobilenetv2_roots.md \
    2> $o/mobilenetv2_roots.log
  echo "[$(date -u +%T)] mobilenetv2 seeded, every root patient, exit $?" >> $o/run.log
fi
