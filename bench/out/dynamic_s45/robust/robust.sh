#!/usr/bin/env bash
# s45 (#21): why FFN down's large values swing 2x between runs (AA.2: 256's exact kernel at 77-167 GFLOP/s in five
# runs where oneDNN ran 182-196 in four). 256's program splits the rows into 16 blocks that each stream the whole
# 3072 x 768 weight (150 MB per call from L3); 512's splits them into 2 (19 MB). The two forms of m = 256 timed
# alternately, 8 rounds, each by `etotune measure --recipe` (its own process, 2 threads, 100 ms repeats).
set -u
cd /work/main
o=bench/out/dynamic_s45/robust
et=/work/bins/s45/build/src/cli/etotune
printf 'matmul m=256 n=768 k=3072\n' > $o/op.list
a="v1 mlt s=1.1.1.1.1/16.1.1.8.2/1.1.48.1.16 r=48.32.2 u=512 v=1.1 d=0.1"
b="v1 mlt s=1.1.1.1.1/2.1.8.16.1/1.1.48.1.16 r=32.48.2 u=64 v=1.1"
for k in 1 2 3 4 5 6 7 8; do
  for v in a b; do
    r=$a; [ $v = b ] && r=$b
    $et measure $o/op.list --recipe "$r" --threads 2 --format json > $o/$v$k.json 2> $o/$v$k.err
  done
done
echo "[$(date -u +%T)] robust done" >> $o/run.log
