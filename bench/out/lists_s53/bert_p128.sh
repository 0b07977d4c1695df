#!/usr/bin/env bash
# lists_s53 (#19, session 37): BERT-Base's default with the roots' patience 128, against bert_full (bert.sh).
set -u
cd /work/main
o=bench/out/lists_s53
b=/work/bins/s53r/bench_reproduce
if [ ! -s $o/bert_p128/summary.json ]; then
  echo "[$(date -u +%T)] bert_p128 start" >> $o/run.log
  $b examples/bert_base.list --trials 1000 --seed 1 --threads 2 --min-repeat-ms 25 --modes full,seeded \
    --root-patience 128 --keep --full-from $o/bert_full --out $o/bert_p128 > $o/bert_p128.md 2> $o/bert_p128.log
  echo "[$(date -u +%T)] bert_p128 exit $?" >> $o/run.log
fi
