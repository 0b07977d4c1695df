#!/usr/bin/env bash
# lists_s59 (#19, session 43): the keep prototype (bench/out/lists_s58/keep.patch, /work/bins/s58k: early-released
# edges keep their search and take the source's new best as seeds instead of being made again) at MobileNetV2 seed 2
# (seed 1: RESULTS AL.6) and on ResNet-50 at seeds 1 and 2 (the landed default: AJ.5's s56 runs, the same boot),
# each against the list's kept full search (--full-from: re-timed, not searched again).
# Usage: bench/out/lists_s59/run.sh   (each run is skipped when its summary.json exists: re-run to resume)
set -u
cd /work/main
o=bench/out/lists_s59
one() { # LABEL BUILD LIST SEED FULL [extra]
  local label=$1 bn=$2 b=/work/bins/$2/build/bench/bench_reproduce list=$3 seed=$4 full=$5; shift 5
  [ -s $o/$label/summary.json ] && return
  echo "[$(date -u +%T)] $label start ($bn, seed $seed)" >> $o/run.log
  $b examples/$list.list --trials 1000 --seed $seed --threads 2 --min-repeat-ms 25 --modes full,seeded "$@" \
    --full-from $full --out $o/$label > $o/$label.md 2> $o/$label.log
  echo "[$(date -u +%T)] $label exit $?" >> $o/run.log
}
one mobilenetv2_keep_s2 s58k mobilenetv2 2 bench/out/lists_s58/mobilenetv2_full
one resnet50_keep_1 s58k resnet50 1 bench/out/lists_s52/resnet50_full --root-patience 256
one resnet50_keep_2 s58k resnet50 2 bench/out/lists_s52/resnet50_full --root-patience 256
