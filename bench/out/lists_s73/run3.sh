#!/usr/bin/env bash
# lists_s73/run3.sh (#19, session 57), after retime.sh: BERT-Base seed 3 as run2.sh ran seeds 2 and 1, then all three
# seeds' final programs re-timed again beside the full search's (5 rounds; retime.sh's 3-round figures stay).
set -u
o=bench/out/lists_s73
e=/work/bins/s73g/build
if [ ! -s $o/bert_base_grow2p_s3/summary.json ]; then
  echo "[$(date -u +%T)] bert_base_grow2p_s3 start" >> $o/run.log
  $e/bench/bench_reproduce examples/bert_base.list --trials 1000 --threads 2 --min-repeat-ms 25 --modes full,seeded \
    --full-from /work/main/bench/out/lists_s71/bert_base_full --seed 3 --patience-growth 2 --keep \
    --out $o/bert_base_grow2p_s3 > $o/bert_base_grow2p_s3.md 2> $o/bert_base_grow2p_s3.log
  echo "[$(date -u +%T)] bert_base_grow2p_s3 exit $?" >> $o/run.log
fi
for s in 3 2 1; do
  echo "[$(date -u +%T)] retime5 s$s start" >> $o/run.log
  python3 bench/retime_dbs.py --etotune $e/src/cli/etotune examples/bert_base.list \
    /work/main/bench/out/lists_s71/bert_base_full/db-full $o/bert_base_grow2p_s$s/db-seeded --rounds 5 \
    --out $o/retime5_s$s.json > $o/retime5_s$s.md 2> $o/retime5_s$s.log
  echo "[$(date -u +%T)] retime5 s$s exit $?" >> $o/run.log
done
