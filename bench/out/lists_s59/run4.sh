#!/usr/bin/env bash
# lists_s59/run4.sh (#19, session 43): after run2.sh, variant "fresh" (/work/bins/s59kf: the keep change as it
# would land, with fit_lanes, and the search after a refresh's new seeds given its whole patience again instead of
# counting from its last gain) on ResNet-50 at seeds 1 and 2 and on MobileNetV2 at seed 1, against the kept full
# searches. The build is made here, between the timing runs (the worktree /work/wk_kf).
# Usage: bench/out/lists_s59/run4.sh   (waits for run2.sh; each run is skipped when its summary.json exists)
set -u
cd /work/main
while pgrep -f lists_s59/run2.sh > /dev/null; do sleep 10; done
o=bench/out/lists_s59
if [ ! -x /work/bins/s59kf/build/bench/bench_reproduce ]; then
  echo "[$(date -u +%T)] build s59kf" >> $o/run.log
  (cd /work/wk_kf && scripts/build.sh > /tmp/b_kf.log 2>&1) || { echo "build failed" >> $o/run.log; exit 1; }
  mkdir -p /work/bins/s59kf && cp -a /work/wk_kf/build /work/bins/s59kf/build
fi
one() { # LABEL LIST SEED FULL [extra]
  local label=$1 list=$2 seed=$3 full=$4; shift 4
  [ -s $o/$label/summary.json ] && return
  echo "[$(date -u +%T)] $label start (s59kf, seed $seed)" >> $o/run.log
  /work/bins/s59kf/build/bench/bench_reproduce examples/$list.list --trials 1000 --seed $seed --threads 2 \
    --min-repeat-ms 25 --modes full,seeded "$@" --full-from $full --out $o/$label > $o/$label.md 2> $o/$label.log
  echo "[$(date -u +%T)] $label exit $?" >> $o/run.log
}
one resnet50_kf_1 resnet50 1 bench/out/lists_s52/resnet50_full --root-patience 256
one resnet50_kf_2 resnet50 2 bench/out/lists_s52/resnet50_full --root-patience 256
one mobilenetv2_kf_1 mobilenetv2 1 bench/out/lists_s58/mobilenetv2_full
