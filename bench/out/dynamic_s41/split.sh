#!/usr/bin/env bash
# s41, third step: X.2's final cache exported with the split picks (build /work/bins/s41b, uncommitted at the start,
# then committed), then one bench_dispatch run of it against one of X.2's own export, alternated
set -u
cd /work/main
o=bench/out/dynamic_s41
b=/work/bins/s41b
t() { echo "[$(date -u +%T)] $*" >> $o/run.log; }
rm -rf $o/db41 && cp -r $o/db $o/db41
t "export exp_split"; s=$(date +%s)
$b/src/cli/etotune export examples/bert_base_dynamic.list --out $o/exp_split --name bert_dyn --db $o/db41 --threads 2 > $o/export_split.log 2>&1 || t "exited $?"
echo $(( $(date +%s) - s )) > $o/export_split.wall
t "bench_dispatch exp_split"
$b/bench/bench_dispatch --export $o/exp_split --threads 2 --out $o/dispatch_split_r1.md > $o/dispatch_split_r1.log 2>&1
t "split done"
