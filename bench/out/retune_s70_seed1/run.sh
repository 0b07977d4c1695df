#!/usr/bin/env bash
# retune_s70 (#19, session 54): AI.2/AI.7's re-tuning scenario with the current default (d64563c, /work/bins/s70) at
# seeds 1 and 2, from the repository's root: BERT-Base (128) tuned by the default into base/db, then
# examples/bert_base_s256.list and examples/bert_large.list re-tuned from a copy of it, against AE.5's full searches
# (retune_s51's, this fingerprint 9e0ce406cc6ef5d2; full.json copied: re-timed, not searched again).
# Waits for bench/out/dynamic_s70/run.sh to end (one timing run at a time).
set -u
e=/work/bins/s70/build/src/cli/etotune
while pgrep -f dynamic_s70/run.sh > /dev/null; do sleep 20; done
for s in 1 2; do
  o=bench/out/retune_s70_seed$s
  mkdir -p $o/base
  if [ ! -f $o/base/done ]; then
    rm -rf $o/base/db
    echo "[$(date -u +%T)] base tune seed $s" >> $o/run.log
    $e tune examples/bert_base.list --db $o/base/db --seed $s --threads 2 --min-repeat-ms 25 \
      --report $o/base/report.json > $o/base/tune.log 2>&1 && touch $o/base/done
  fi
  echo "[$(date -u +%T)] retune.py seed $s" >> $o/run.log
  python3 bench/retune.py --etotune $e --base-db $o/base/db --out $o --trials 1000 --seed $s --threads 2 \
    --min-repeat-ms 25 examples/bert_base_s256.list examples/bert_large.list > $o/retune.out 2>&1
  echo "[$(date -u +%T)] done" >> $o/run.log
done
