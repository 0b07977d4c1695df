#!/usr/bin/env bash
# lists_s59/run7.sh (#19, session 43): fit_lanes (/work/bins/s59l: bb19666's source) on ResNet-50 at seed 2 against
# AF.1's kept full search, and on BERT-Base at seeds 1 and 2 against AG.2's (bench/out/lists_s53/bert_full; AG.2's
# bert_p256 and bert_p256s2 are the same commands by the default of then).
# Usage: bench/out/lists_s59/run7.sh   (each run is skipped when its summary.json exists)
set -u
cd /work/main
o=bench/out/lists_s59
one() { # LABEL LIST SEED FULL
  local label=$1 list=$2 seed=$3 full=$4
  [ -s $o/$label/summary.json ] && return
  echo "[$(date -u +%T)] $label start (s59l, seed $seed)" >> $o/run.log
  /work/bins/s59l/build/bench/bench_reproduce examples/$list.list --trials 1000 --seed $seed --threads 2 \
    --min-repeat-ms 25 --modes full,seeded --root-patience 256 --full-from $full --out $o/$label \
    > $o/$label.md 2> $o/$label.log
  echo "[$(date -u +%T)] $label exit $?" >> $o/run.log
}
one resnet50_l_2 resnet50 2 bench/out/lists_s52/resnet50_full
one bert_l_1 bert_base 1 bench/out/lists_s53/bert_full
one bert_l_2 bert_base 2 bench/out/lists_s53/bert_full
