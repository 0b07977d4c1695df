#!/usr/bin/env bash
# lists_s73/run.sh (#19, session 57), from the repository's root: --patience-growth 2 as a second pass (0bfafdd,
# /work/bins/s73g/build: the first pass keeps the fixed patiences, then the operators whose patience grows go on)
# against each list's kept full search on this host (lists_s72/resnet50_full, lists_s71/bert_base_full; their
# db-full imported from full_cache.jsonl.gz by `etotune db --db DIR/db-full import`), re-used, not searched again.
# Compare: AY.1 (ResNet-50: default and the one-pass growth, same host and boot), AX.1 (BERT-Base default).
set -u
o=bench/out/lists_s73
one() { # LABEL LIST FULL SEED
  [ -s $o/$1/summary.json ] && return 0
  echo "[$(date -u +%T)] $1 start" >> $o/run.log
  /work/bins/s73g/build/bench/bench_reproduce $2 --trials 1000 --threads 2 --min-repeat-ms 25 --modes full,seeded \
    --full-from $3 --seed $4 --patience-growth 2 --out $o/$1 > $o/$1.md 2> $o/$1.log
  local rc=$?
  echo "[$(date -u +%T)] $1 exit $rc" >> $o/run.log
}
R="examples/resnet50.list /work/main/bench/out/lists_s72/resnet50_full" # db-full: untracked, in /work/main only
B="examples/bert_base.list /work/main/bench/out/lists_s71/bert_base_full"
one resnet50_grow2p_s1 $R 1
one bert_base_grow2p_s2 $B 2
one bert_base_grow2p_s1 $B 1
one resnet50_grow2p_s2 $R 2
one bert_base_grow2p_s3 $B 3
