#!/usr/bin/env bash
# lists_s59/run8.sh (#19, session 43): fit_lanes (/work/bins/s59l: bb19666's source) on MobileNetV2 at seed 3
# against AL.1's kept full search (seeds 1 and 2: run2.sh, run5.sh).
# Usage: bench/out/lists_s59/run8.sh   (skipped when its summary.json exists)
set -u
cd /work/main
o=bench/out/lists_s59
label=mobilenetv2_l_3
[ -s $o/$label/summary.json ] && exit 0
echo "[$(date -u +%T)] $label start (s59l, seed 3)" >> $o/run.log
/work/bins/s59l/build/bench/bench_reproduce examples/mobilenetv2.list --trials 1000 --seed 3 --threads 2 \
  --min-repeat-ms 25 --modes full,seeded --full-from bench/out/lists_s58/mobilenetv2_full --out $o/$label \
  > $o/$label.md 2> $o/$label.log
echo "[$(date -u +%T)] $label exit $?" >> $o/run.log
