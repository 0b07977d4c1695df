#!/usr/bin/env bash
# lists_s73/retime.sh (#19, session 57), from the repository's root, after run2.sh: the kept BERT-Base full search's
# best programs (lists_s71/bert_base_full/db-full, imported) and each growth run's, re-timed side by side.
set -u
while pgrep -f 'lists_s73/run2.sh' > /dev/null; do sleep 10; done
o=bench/out/lists_s73
for s in 2 1; do
  echo "[$(date -u +%T)] retime s$s start" >> $o/run.log
  python3 bench/retime_dbs.py --etotune /work/bins/s73g/build/src/cli/etotune examples/bert_base.list \
    /work/main/bench/out/lists_s71/bert_base_full/db-full $o/bert_base_grow2p_s$s/db-seeded --rounds 3 \
    --out $o/retime_s$s.json > $o/retime_s$s.md 2> $o/retime_s$s.log
  echo "[$(date -u +%T)] retime s$s exit $?" >> $o/run.log
done
