#!/usr/bin/env bash
# lists_s53 (#19, session 37): the BERT-Base list (examples/bert_base.list, 5 operators, two plan roots): the full
# search alone first (kept: bert_full/db-full), then the seeded default with the roots' patience (256) and without
# it (0), each against that full search (--full-from). Binaries: /work/bins/s53.
# Usage: bench/out/lists_s53/bert.sh
set -u
cd /work/main
o=bench/out/lists_s53
b=/work/bins/s53/bench_reproduce
a="examples/bert_base.list --trials 1000 --seed 1 --threads 2 --min-repeat-ms 25"
if [ ! -s $o/bert_full/summary.json ]; then
  echo "[$(date -u +%T)] bert full start" >> $o/run.log
  $b $a --modes full --keep --out $o/bert_full > $o/bert_full.md 2> $o/bert_full.log
  echo "[$(date -u +%T)] bert full exit $?" >> $o/run.log
fi
for pat in 256 0; do
  if [ ! -s $o/bert_p$pat/summary.json ]; then
    echo "[$(date -u +%T)] bert_p$pat start" >> $o/run.log
    $b $a --modes full,seeded --root-patience $pat --keep --full-from $o/bert_full --out $o/bert_p$pat \
      > $o/bert_p$pat.md 2> $o/bert_p$pat.log
    echo "[$(date -u +%T)] bert_p$pat exit $?" >> $o/run.log
  fi
done
