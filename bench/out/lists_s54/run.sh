#!/usr/bin/env bash
# lists_s54 (#19, session 38): the seeded default with the light refresh (a re-made edge measures only its source's
# new best's transplants and searches on only when they gain; tuner/seeded.c, eto_policy_args.refresh), root patience
# 256, against the kept full searches (--full-from): ResNet-50 (bench/out/lists_s52/resnet50_full) and BERT-Base
# (bench/out/lists_s53/bert_full), seeds 1 and 2 each. The before: bench/out/lists_s53/{p256,p256s2,bert_p256,
# bert_p256s2} (same host and boot). Binaries: /work/bins/s54 (built from the commit that adds the refresh).
# Usage: bench/out/lists_s54/run.sh   (each run is skipped when its summary.json exists: re-run to resume)
set -u
cd /work/main
o=bench/out/lists_s54
b=/work/bins/s54/bench_reproduce
one() { # LABEL LIST FULL SEED
  local label=$1 list=$2 full=$3 seed=$4
  [ -s $o/$label/summary.json ] && return
  echo "[$(date -u +%T)] $label start" >> $o/run.log
  $b $list --trials 1000 --seed $seed --threads 2 --min-repeat-ms 25 --modes full,seeded --root-patience 256 \
    --keep --full-from $full --out $o/$label > $o/$label.md 2> $o/$label.log
  echo "[$(date -u +%T)] $label exit $?" >> $o/run.log
}
one bert examples/bert_base.list bench/out/lists_s53/bert_full 1
one r50 examples/resnet50.list bench/out/lists_s52/resnet50_full 1
one bert_s2 examples/bert_base.list bench/out/lists_s53/bert_full 2
one r50_s2 examples/resnet50.list bench/out/lists_s52/resnet50_full 2
