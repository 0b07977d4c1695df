#!/usr/bin/env bash
# direct_s83/root.sh (#19, session 83), from the repository's root: BERT-Base's FFN up (m=128, n=3072, k=768) searched
# in full alone, 400 trials, seeds 1-8, by /work/bins/s81d (ETO_DIRECT_MAX_REUSE 16) and /work/bins/s83r32 (32), one
# run after the other; caches under /tmp/root (not kept); root.py prints the curves at 100/200/400 trials.
mkdir -p /tmp/root
grep ffn_up examples/bert_base.list > /tmp/root/up.list
for s in 1 2 3 4 5 6 7 8; do for v in s81d s83r32; do
  d=/tmp/root/${v}_db$s; rm -rf $d; mkdir $d
  /work/bins/$v/build/src/cli/etotune tune /tmp/root/up.list --mode full --trials 400 --seed $s --threads 2 \
    --min-repeat-ms 25 --db $d --report /tmp/root/${v}_r$s.json > /tmp/root/${v}_log$s 2>&1
  /work/bins/$v/build/src/cli/etotune db --db $d export /tmp/root/${v}_t$s.jsonl > /dev/null
done; done
python3 bench/out/direct_s83/root.py
