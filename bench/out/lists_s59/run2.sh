#!/usr/bin/env bash
# lists_s59/run2.sh (#19, session 43): the keep prototype with fit_lanes (/work/bins/s59kl: e14cf17 with
# bench/out/lists_s58/keep.patch and the transplants' whole-vector variant, fit_lanes) on MobileNetV2 at seeds 1 and
# 2 and on ResNet-50 at seeds 1 and 2, then fit_lanes alone (/work/bins/s59l) on MobileNetV2 at seed 1; each against
# the list's kept full search (--full-from: re-timed, not searched again). run.sh's first run (keep alone,
# MobileNetV2 seed 2) came before it.
# Usage: bench/out/lists_s59/run2.sh   (each run is skipped when its summary.json exists: re-run to resume)
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
one mobilenetv2_kl_1 s59kl mobilenetv2 1 bench/out/lists_s58/mobilenetv2_full
one mobilenetv2_kl_2 s59kl mobilenetv2 2 bench/out/lists_s58/mobilenetv2_full
one resnet50_kl_1 s59kl resnet50 1 bench/out/lists_s52/resnet50_full --root-patience 256
one resnet50_kl_2 s59kl resnet50 2 bench/out/lists_s52/resnet50_full --root-patience 256
one mobilenetv2_l_1 s59l mobilenetv2 1 bench/out/lists_s58/mobilenetv2_full
