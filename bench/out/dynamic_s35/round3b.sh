#!/usr/bin/env bash
# s35, R.3: the third repair round's cache (db3) exported with /work/bins/s35b/etotune (exp4) and timed once by
# s35's bench_dispatch
set -u
cd /work/main
o=bench/out/dynamic_s35
t() { echo "[$(date -u +%T)] $*" >> $o/round3.log; }
t "export exp4"; s=$(date +%s)
/work/bins/s35b/etotune export examples/bert_base_dynamic.list --out $o/exp4 --name bert_dyn --db $o/db3 --threads 2 \
  > $o/export4.log 2>&1 || t "export exited $?"
echo $(( $(date +%s) - s )) > $o/export4.wall
t "bench_dispatch exp4"
/work/bins/s35/build/bench/bench_dispatch --export $o/exp4 --threads 2 --out $o/dispatch4.md > $o/dispatch4.log 2>&1
t "round3b done"
