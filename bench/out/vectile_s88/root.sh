#!/usr/bin/env bash
# vectile_s88/root.sh (#19, session 72, BO.2), from the repository's root: BERT-Base's FFN up (m=128, n=3072, k=768)
# and FFN down (m=128, n=768, k=3072) searched in full alone, 400 trials, seeds 1-4, by codegen v5 (/work/bins/s86c,
# 748b0c4) and v6 (/work/bins/s88b/build, 8981adf), alternately, one run at a time; caches under /tmp/root88 (not
# kept; the exports' trials are read by root.py, which prints the curves and the split programs' share).
mkdir -p /tmp/root88
grep ffn_up examples/bert_base.list > /tmp/root88/up.list
grep ffn_down examples/bert_base.list > /tmp/root88/down.list
for s in 1 2 3 4; do for op in up down; do for v in s86c s88b/build; do
  n=$(echo $v | cut -d/ -f1); d=/tmp/root88/${n}_${op}_db$s; rm -rf $d; mkdir $d
  /work/bins/$v/src/cli/etotune tune /tmp/root88/$op.list --mode full --trials 400 --seed $s --threads 2 \
    --min-repeat-ms 25 --db $d --report /tmp/root88/${n}_${op}_r$s.json > /tmp/root88/${n}_${op}_log$s 2>&1
  /work/bins/$v/src/cli/etotune db --db $d export /tmp/root88/${n}_${op}_t$s.jsonl > /dev/null
  echo "[$(date -u +%T)] $n $op seed $s" >> bench/out/vectile_s88/run.log
done; done; done
python3 bench/out/vectile_s88/root.py > bench/out/vectile_s88/root.md
