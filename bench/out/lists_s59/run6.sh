#!/usr/bin/env bash
# lists_s59/run6.sh (#19, session 43): after run5.sh, fit_lanes alone (/work/bins/s59l: bb19666's source) on
# ResNet-50 at seed 1 against AF.1's kept full search (AJ.5's s56_1 is the same command by the build before it).
# Usage: bench/out/lists_s59/run6.sh   (waits for run5.sh; skipped when its summary.json exists)
set -u
cd /work/main
while pgrep -f lists_s59/run5.sh > /dev/null; do sleep 10; done
o=bench/out/lists_s59
label=resnet50_l_1
[ -s $o/$label/summary.json ] && exit 0
echo "[$(date -u +%T)] $label start (s59l, seed 1)" >> $o/run.log
/work/bins/s59l/build/bench/bench_reproduce examples/resnet50.list --trials 1000 --seed 1 --threads 2 \
  --min-repeat-ms 25 --modes full,seeded --root-patience 256 --full-from bench/out/lists_s52/resnet50_full \
  --out $o/$label > $o/$label.md 2> $o/$label.log
echo "[$(date -u +%T)] $label exit $?" >> $o/run.log
