#!/usr/bin/env bash
# Q.2: the projection members that serve exp3's lows refined (with re-timing, commit 635378e) in a copy of s34's
# cache (db-refine), the list exported again (exp4) and timed once
set -u
cd /work/main
o=bench/out/dynamic_s34
b=/work/bins/s34d/build
t() { echo "[$(date -u +%T)] $*" >> $o/refine_proj.log; }
t "refine"; s=$(date +%s)
$b/src/cli/etotune tune $o/refine_proj.list --refine --seed 1 --threads 2 --db $o/db-refine --report $o/refine_proj.json > $o/refine_proj.out 2> $o/refine_proj.err
echo $(( $(date +%s) - s )) > $o/refine_proj.wall
t "export exp4"; s=$(date +%s)
$b/src/cli/etotune export examples/bert_base_dynamic.list --out $o/exp4 --name bert_dyn --db $o/db-refine --threads 2 > $o/export4.log 2>&1
echo $(( $(date +%s) - s )) > $o/export4.wall
t "bench_dispatch exp4"
$b/bench/bench_dispatch --export $o/exp4 --threads 2 --out $o/dispatch4.md > $o/dispatch4.log 2>&1
t done
