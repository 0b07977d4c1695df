#!/usr/bin/env bash
# AJ.5 (#21): is the scores' 32 served by 48's kernel (AJ.1) the picks' noise or systematic? AJ.1's repaired cache
# (dynamic_s56/db, read only), the scores family alone exported twice by the same build (each export times its picks
# again), each export timed once by bench_dispatch.
set -u
cd /work/main
o=bench/out/dynamic_s56
s=$o/picks32
b=/work/bins/s56/build
for k in 1 2; do
  [ -s $s/exp$k/manifest.json ] || $b/src/cli/etotune export $o/../dynamic_s55/scores/family.list --out $s/exp$k \
    --name scores --db $o/db --threads 2 > $s/export$k.log 2>&1
  [ -s $s/dispatch$k.md ] || $b/bench/bench_dispatch --export $s/exp$k --threads 2 --out $s/dispatch$k.md > $s/dispatch$k.log 2>&1
done
