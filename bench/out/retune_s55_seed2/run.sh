#!/usr/bin/env bash
# seed 2 of: s55 (#19): the re-tuning scenario again with the current default (6d99c96, /work/bins/s55), the full searches of
# retune_s51 kept (db-full, full.json copied: re-timed, not searched again). BERT-Base (sequence 128) tuned by etotune's default into base/db, then
# BERT-Large re-tuned from a copy of that cache vs full searches (1000 trials per operator) of the changed lists.
# Steps resume (base/done; retune.py skips a list step whose report exists).
set -u
cd /work/main
o=bench/out/retune_s55_seed2
e=/work/bins/s55/build/src/cli/etotune
mkdir -p $o/base
if [ ! -f $o/base/done ]; then
  rm -rf $o/base/db
  echo "[$(date -u +%T)] base tune" >> $o/run.log
  $e tune examples/bert_base.list --db $o/base/db --seed 2 --threads 2 --min-repeat-ms 25 \
    --report $o/base/report.json > $o/base/tune.log 2>&1 && touch $o/base/done
fi
echo "[$(date -u +%T)] retune.py" >> $o/run.log
python3 bench/retune.py --etotune $e --base-db $o/base/db --out $o --trials 1000 --seed 2 --threads 2 \
  --min-repeat-ms 25 examples/bert_base_s256.list examples/bert_large.list > $o/retune.out 2>&1
echo "[$(date -u +%T)] done" >> $o/run.log
