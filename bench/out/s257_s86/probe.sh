#!/usr/bin/env bash
# session 70: BM.3's export at 256 and 257 alone, six processes (the scores at 257 ran at 0.70 in 2 of 4 full runs)
cd /work/main
o=bench/out/s257_s86
for i in 1 2 3 4 5 6; do
  /work/bins/s86c/bench/bench_dispatch --export bench/out/dynamic_s86/exp2 --lengths 256,257 --rounds 3 --threads 2 \
    --out $o/r$i.md > $o/r$i.log 2>&1
done
echo "[$(date -u +%T)] done" >> $o/run.log
