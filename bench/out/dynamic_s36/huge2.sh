#!/usr/bin/env bash
# s36: s36's cache (exp3's state) exported again with the huge-page build (the picks timed on huge pages), then
# bench_dispatch of it once (both sides on huge pages)
cd /work/main
o=bench/out/dynamic_s36
b=/work/bins/s36h/build
t() { echo "[$(date -u +%T)] $*" >> $o/run.log; }
t "export exp3h"; s=$(date +%s)
$b/src/cli/etotune export examples/bert_base_dynamic.list --out $o/exp3h --name bert_dyn --db $o/db --threads 2 > $o/export3h.log 2>&1 || t "export exited $?"
echo $(( $(date +%s) - s )) > $o/export3h.wall
t "bench_dispatch exp3h"
$b/bench/bench_dispatch --export $o/exp3h --threads 2 --out $o/dispatch3hh_r1.md > $o/dispatch3hh_r1.log 2>&1
t done
