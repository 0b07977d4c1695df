#!/usr/bin/env bash
# lists_s59/run5.sh (#19, session 43): after run4.sh, fit_lanes alone (/work/bins/s59l: bb19666's source) on
# MobileNetV2 at seed 2 against the kept full search (run2.sh ran it at seed 1).
# Usage: bench/out/lists_s59/run5.sh   (waits for run4.sh; skipped when its summary.json exists)
set -u
cd /work/main
while pgrep -f lists_s59/run4.sh > /dev/null; do sleep 10; done
o=bench/out/lists_s59
label=mobilenetv2_l_2
[ -s $o/$label/summary.json ] && exit 0
echo "[$(date -u +%T)] $label start (s59l, seed 2)" >> $o/run.log
/work/bins/s59l/build/bench/bench_reproduce examples/mobilenetv2.list --trials 1000 --seed 2 --threads 2 \
  --min-repeat-ms 25 --modes full,seeded --full-from bench/out/lists_s58/mobilenetv2_full --out $o/$label \
  > $o/$label.md 2> $o/$label.log
echo "[$(date -u +%T)] $label exit $?" >> $o/run.log
