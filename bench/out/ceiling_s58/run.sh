#!/usr/bin/env bash
# ceiling_s58 (#21, session 42): how close the dispatched kernels and oneDNN run to this machine's fp32 FMA peak.
# 1. bench_dispatch of AK.4's export (dynamic_s57/both/exp, the landed build's export of arm "window"'s repaired
#    cache) at its 32 lengths, with the FMA peak measured before and after (this session's bench_dispatch).
# 2. The projection at 512 rows: its tuned recipe (k in chunks of 24 from an accumulator array) against the same
#    tiles with longer k chunks and an 8 x 32 register tile, `etotune measure --recipe`, three alternated rounds.
set -u
cd /work/main
o=bench/out/ceiling_s58
b=/work/bins/s58p/build
echo "[$(date -u +%T)] dispatch" >> $o/run.log
[ -s $o/dispatch.md ] || $b/bench/bench_dispatch --export bench/out/dynamic_s57/both/exp --threads 2 --out $o/dispatch.md \
  > $o/dispatch.log 2>&1
echo "[$(date -u +%T)] recipes" >> $o/run.log
echo "matmul m=512 n=768 k=768" > $o/p512.list
for i in 1 2 3; do
  for rec in "s=1.1.1.1.1/4.1.32.2.2/1.1.12.1.64 r=32.12.2" "s=1.1.1.1.1/4.1.32.2.2/1.1.12.1.64 r=8.48.2" \
             "s=1.1.1.1.1/4.1.16.4.2/1.1.24.1.32 r=32.12.2" "s=1.1.1.1.1/4.1.16.4.2/1.1.24.1.32 r=16.24.2" \
             "s=1.1.1.1.1/4.1.16.4.2/1.1.24.1.32 r=8.48.2"; do
    r="v1 mlt $rec u=512 v=1.2 d=1.0"
    g=$($b/src/cli/etotune measure $o/p512.list --recipe "$r" --threads 2 2>&1 | grep "best:" | awk '{print $2}')
    echo "$i | $rec | $g" >> $o/recipes.txt
  done
done
echo "[$(date -u +%T)] done" >> $o/run.log
