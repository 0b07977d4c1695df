#!/usr/bin/env bash
# lists_s56 (#19, session 40): does the tile mutation that resizes an imperfect loop's block (aa15f84) change the
# seeded default on ResNet-50, whose reuse edges transplant imperfect tiles? The default (root patience 256) by the
# build with it (/work/bins/s56: 99bb30a = aa15f84's source) at seeds 1 and 2, then the build before it
# (/work/bins/s55: 6d99c96) at the same seeds, each against AF.1's kept full search (--full-from bench/out/lists_s52/resnet50_full:
# re-timed, not searched again). Same host and boot as parts AG-AI.
# Usage: bench/out/lists_s56/run.sh   (each run is skipped when its summary.json exists: re-run to resume)
set -u
cd /work/main
o=bench/out/lists_s56
one() { # LABEL BUILD SEED
  local label=$1 b=/work/bins/$2/build/bench/bench_reproduce seed=$3
  [ -s $o/$label/summary.json ] && return
  echo "[$(date -u +%T)] $label start ($2, seed $seed)" >> $o/run.log
  $b examples/resnet50.list --trials 1000 --seed $seed --threads 2 --min-repeat-ms 25 --modes full,seeded \
    --root-patience 256 --keep --full-from bench/out/lists_s52/resnet50_full --out $o/$label > $o/$label.md 2> $o/$label.log
  echo "[$(date -u +%T)] $label exit $?" >> $o/run.log
}
one s56_1 s56 1
one s56_2 s56 2
one s55_1 s55 1
one s55_2 s55 2
