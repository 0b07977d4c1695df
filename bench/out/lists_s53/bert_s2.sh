#!/usr/bin/env bash
# lists_s53 (#19, session 37): BERT-Base's default at seed 2, root patience 128 and off, against bert_full (seed 1).
set -u
cd /work/main
o=bench/out/lists_s53
b=/work/bins/s53r/bench_reproduce
for pat in 128 0; do
  l=bert_p${pat}s2
  if [ ! -s $o/$l/summary.json ]; then
    echo "[$(date -u +%T)] $l start" >> $o/run.log
    $b examples/bert_base.list --trials 1000 --seed 2 --threads 2 --min-repeat-ms 25 --modes full,seeded \
      --root-patience $pat --keep --full-from $o/bert_full --out $o/$l > $o/$l.md 2> $o/$l.log
    echo "[$(date -u +%T)] $l exit $?" >> $o/run.log
  fi
done
