#!/usr/bin/env bash
# s37: the picks' early drop (PICK_DROP, /work/bins/s37d: b5ad667 + export/picks.c's drop): T.2's cache (exp3's state:
# nothing tuned again) exported again (exp3d, its wall seconds against exp3's 288), then one bench_dispatch run of it
set -u
cd /work/main
o=bench/out/dynamic_s37
b=/work/bins/s37d/build
s=$(date +%s)
$b/src/cli/etotune export examples/bert_base_dynamic.list --out $o/exp3d --name bert_dyn --db $o/db --threads 2 > $o/export3d.log 2>&1
echo $(( $(date +%s) - s )) > $o/export3d.wall
$b/bench/bench_dispatch --export $o/exp3d --threads 2 --out $o/dispatch3d_r1.md > $o/dispatch3d_r1.log 2>&1
echo done >> $o/export3d.wall
