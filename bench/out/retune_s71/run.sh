#!/usr/bin/env bash
# retune_s71 (#19, session 55), from the repository's root: AI.2/AW.4's re-tuning scenario on this fingerprint
# (c44b71aa6c3e4229) with 08e484e (/work/bins/s71), seed 1: BERT-Base (128) tuned by the default into base/db, then
# examples/bert_base_s256.list and examples/bert_large.list re-tuned from a copy of it, against full searches of the
# changed lists run here (their full.json and caches kept for re-timing later). Waits for bench/out/lists_s71p/run.sh.
set -u
e=/work/bins/s71/build/src/cli/etotune
while pgrep -f lists_s71p/run.sh > /dev/null; do sleep 15; done
o=bench/out/retune_s71
mkdir -p $o/base
if [ ! -f $o/base/done ]; then
  rm -rf $o/base/db
  echo "[$(date -u +%T)] base tune seed 1" >> $o/run.log
  $e tune examples/bert_base.list --db $o/base/db --seed 1 --threads 2 --min-repeat-ms 25 \
    --report $o/base/report.json > $o/base/tune.log 2>&1 && touch $o/base/done
fi
echo "[$(date -u +%T)] retune.py seed 1" >> $o/run.log
python3 bench/retune.py --etotune $e --base-db $o/base/db --out $o --trials 1000 --seed 1 --threads 2 \
  --min-repeat-ms 25 examples/bert_base_s256.list examples/bert_large.list > $o/retune.out 2>&1
echo "[$(date -u +%T)] done" >> $o/run.log
