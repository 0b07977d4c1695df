#!/usr/bin/env bash
# retune_s90/run.sh (#19, session 74), from the repository's root: the re-tuning scenario on the AVX2 host. BERT-Base
# tuned at seed 1 by /work/bins/s90v (9fd4734, the tree's policy) into retune_s90/base, then bert_base_s256 and
# bert_large re-tuned from a copy of it by the same build and searched in full (1000 trials per operator, this host's
# references: AE.5's were found on an AVX-512 host), each re-tune's programs re-timed beside the full search's,
# 5 rounds (bench/retune.py). Each step is skipped when done.
set -u
b=/work/bins/s90v/build/src/cli/etotune
o=bench/out/retune_s90
if [ ! -s $o/base/report.json ]; then
  echo "[$(date -u +%T)] base tune seed 1" >> $o/run.log
  rm -rf $o/base/db; mkdir -p $o/base/db
  $b tune examples/bert_base.list --seed 1 --threads 2 --min-repeat-ms 25 --db $o/base/db \
    --report $o/base/report.json > $o/base/tune.log 2>&1
fi
echo "[$(date -u +%T)] retune" >> $o/run.log
python3 bench/retune.py --etotune $b --base-db $o/base/db --out $o/r1 --trials 1000 --seed 1 --threads 2 \
  --min-repeat-ms 25 --rounds 5 examples/bert_base_s256.list examples/bert_large.list > $o/retune.out 2>&1
echo "[$(date -u +%T)] done" >> $o/run.log
