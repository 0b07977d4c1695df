#!/usr/bin/env bash
# s42: down.sh's cache (Y.3's plus FFN down's 1..16 searched further) exported and timed by bench_dispatch
set -u
cd /work/main
o=bench/out/dynamic_s42
b=/work/bins/s42/build
t() { echo "[$(date -u +%T)] $*" >> $o/run.log; }
t "export exp4"; s=$(date +%s)
$b/src/cli/etotune export examples/bert_base_dynamic.list --out $o/exp4 --name bert_dyn --db $o/db_down --threads 2 \
  > $o/export4.log 2>&1 || t "export exited $?"
echo $(( $(date +%s) - s )) > $o/export4.wall
for k in 1 2 3; do
  t "bench_dispatch exp4 run $k"
  $b/bench/bench_dispatch --export $o/exp4 --threads 2 --out $o/dispatch4_r$k.md > $o/dispatch4_r$k.log 2>&1
done
t "down done"
