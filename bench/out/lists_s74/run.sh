#!/usr/bin/env bash
# lists_s74/run.sh (#19, session 58), from the repository's root: BERT-Base's list on this host (Zen 4, 9e0ce406cc6ef5d2)
# with the patience floor (BA.2, /work/bins/s74f) and without it (96f591f, /work/bins/s74): the full search searched
# again beside the new default at seed 1 (one run, one host state), then the old default at seed 1 and both at seed 2
# against that full search (--full-from: its stored curve, not searched again). One run at a time.
set -u
o=bench/out/lists_s74
L=examples/bert_base.list
A="--trials 1000 --threads 2 --min-repeat-ms 25"
step() { # name build args...
  local n=$1 b=$2
  shift 2
  [ -s $o/$n/summary.json ] && return
  echo "[$(date -u +%T)] $n start" >> $o/run.log
  /work/bins/$b/build/bench/bench_reproduce $L $A --out $o/$n "$@" > $o/$n.md 2> $o/$n.log
  echo "[$(date -u +%T)] $n exit $?" >> $o/run.log
}
step bert_s1 s74f --modes full,seeded --seed 1 --keep
step bert_old_s1 s74 --modes full,seeded --seed 1 --keep --full-from $o/bert_s1
step bert_new_s2 s74f --modes full,seeded --seed 2 --keep --full-from $o/bert_s1
step bert_old_s2 s74 --modes full,seeded --seed 2 --keep --full-from $o/bert_s1
echo "[$(date -u +%T)] done" >> $o/run.log
