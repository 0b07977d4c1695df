#!/usr/bin/env bash
# lists_s53 (#19, session 37), run_r.sh: run.sh with bench_reproduce --release-after. AF.1's ResNet-50 list benchmark again with the plan roots' patience
# (ETO_DRV_ROOT_PATIENCE, --root-patience N): the seeded default only, against AF.1's full search taken from
# bench/out/lists_s52/resnet50_full (--full-from; its db-full exists on the host of parts AE-AG only).
# Binaries: /work/bins/s53r (the build of the commit that added bench_reproduce --release-after).
# Usage: bench/out/lists_s53/run.sh LABEL PATIENCE [extra bench_reproduce options]
set -u
cd /work/main
o=bench/out/lists_s53
b=/work/bins/s53r/bench_reproduce
label=$1 pat=$2
shift 2
a="examples/resnet50.list --trials 1000 --seed 1 --threads 2 --min-repeat-ms 25"
if [ ! -s $o/$label/summary.json ]; then
  echo "[$(date -u +%T)] $label start (patience $pat $*)" >> $o/run.log
  $b $a --modes full,seeded --root-patience $pat "$@" --keep --full-from bench/out/lists_s52/resnet50_full \
    --out $o/$label > $o/$label.md 2> $o/$label.log
  echo "[$(date -u +%T)] $label exit $?" >> $o/run.log
fi
