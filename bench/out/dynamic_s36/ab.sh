#!/usr/bin/env bash
# s36 A/B: s35's cache after its second repair (exp3's state) exported with the build whose dynamic kernels skip a
# partial step's reduction iterations past S (rskip), then one bench_dispatch run; compare with dispatch3_r1..3
set -u
cd /work/main
o=bench/out/dynamic_s36
b=/work/bins/s36/build
t() { echo "[$(date -u +%T)] $*" >> $o/run.log; }
t "export exp3n"; s=$(date +%s)
$b/src/cli/etotune export examples/bert_base_dynamic.list --out $o/exp3n --name bert_dyn --db bench/out/dynamic_s35/db --threads 2 > $o/export3n.log 2>&1 || t "export exited $?"
echo $(( $(date +%s) - s )) > $o/export3n.wall
t "bench_dispatch exp3n"
$b/bench/bench_dispatch --export $o/exp3n --threads 2 --out $o/dispatch3n_r1.md > $o/dispatch3n_r1.log 2>&1
t done
