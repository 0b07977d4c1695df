#!/usr/bin/env bash
# lists_s72/grow.sh (#19, session 56), from the repository's root: patiences that grow with what depends on an
# operator (--patience-growth, default 2 in the build of this session's change, /work/bins/s72/build) against the
# default before it (08e484e, /work/bins/s71/build: fixed patiences), each against its list's kept full search on this
# host (ResNet-50: lists_s72/resnet50_full; BERT-Base: lists_s71/bert_base_full), re-timed, not searched again.
# Waits for lists_s72/run.sh and the test suite run between them (one timing run at a time).
set -u
while pgrep -f 'lists_s72/run.sh|ctest' > /dev/null; do sleep 15; done
o=bench/out/lists_s72
one() { # LABEL BUILD LIST FULL SEED
  [ -s $o/$1/summary.json ] && return 0
  echo "[$(date -u +%T)] $1 start" >> $o/run.log
  /work/bins/$2/build/bench/bench_reproduce $3 --trials 1000 --threads 2 --min-repeat-ms 25 --modes full,seeded \
    --full-from $4 --seed $5 --out $o/$1 > $o/$1.md 2> $o/$1.log
  local rc=$?
  echo "[$(date -u +%T)] $1 exit $rc" >> $o/run.log
}
R="examples/resnet50.list bench/out/lists_s72/resnet50_full"
B="examples/bert_base.list /work/main/bench/out/lists_s71/bert_base_full" # its db-full is not in git: the checkout that ran it
one resnet50_grow_s1 s72 $R 1
# The BERT-Base runs failed at once (exit 1 in run.log, twice): --full-from needs the full search's db-full, gone
# with session 55's checkout (RESULTS AY.1). They are left here as they ran.
for s in 2 1 3; do one bert_base_grow_s$s s72 $B $s; done
one resnet50_s2 s71 $R 2
one resnet50_grow_s2 s72 $R 2
