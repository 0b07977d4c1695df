#!/usr/bin/env bash
# lists_s73/run2.sh (#19, session 57): run.sh was stopped after its first step (ResNet-50, seed 1, which ran without
# --keep); BERT-Base's seeds 2 and 1 with --keep, so that their final programs can be re-timed beside the kept full
# search's (retime.py: the host ran 9-17% slower than at AY.1 on the same round-1 candidates, so the kept full search's
# stored latencies do not compare with this session's).
set -u
while pgrep -f 'resnet50_grow2p_s1' > /dev/null; do sleep 10; done
o=bench/out/lists_s73
B="examples/bert_base.list /work/main/bench/out/lists_s71/bert_base_full"
for s in 2 1; do
  [ -s $o/bert_base_grow2p_s$s/summary.json ] && continue
  echo "[$(date -u +%T)] bert_base_grow2p_s$s start" >> $o/run.log
  /work/bins/s73g/build/bench/bench_reproduce examples/bert_base.list --trials 1000 --threads 2 --min-repeat-ms 25 --modes full,seeded \
    --full-from /work/main/bench/out/lists_s71/bert_base_full --seed $s --patience-growth 2 --keep \
    --out $o/bert_base_grow2p_s$s > $o/bert_base_grow2p_s$s.md 2> $o/bert_base_grow2p_s$s.log
  echo "[$(date -u +%T)] bert_base_grow2p_s$s exit $?" >> $o/run.log
done
