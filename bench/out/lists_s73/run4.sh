#!/usr/bin/env bash
# lists_s73/run4.sh (#19, session 57): BERT-Base's full search searched again and the second-pass growth at seed 1
# in one run (one host state), so that the curve and time goals can be judged.
set -u
o=bench/out/lists_s73
echo "[$(date -u +%T)] bert_base_one_s1 start" >> $o/run.log
/work/bins/s73g/build/bench/bench_reproduce examples/bert_base.list --trials 1000 --threads 2 --min-repeat-ms 25 \
  --modes full,seeded --seed 1 --patience-growth 2 --keep --out $o/bert_base_one_s1 > $o/bert_base_one_s1.md \
  2> $o/bert_base_one_s1.log
echo "[$(date -u +%T)] bert_base_one_s1 exit $?" >> $o/run.log
