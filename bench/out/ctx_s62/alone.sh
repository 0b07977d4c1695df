#!/usr/bin/env bash
# ctx_s62/alone.sh (#21, session 46): the context's member of 512 as cached and as run.sh's refine found it, timed
# alone by bench_placement (one process, 2 copies of the tensors x 5 rounds of 3 repeats of >= 50 ms each).
set -u
cd /work/main
o=bench/out/ctx_s62
P=build/bench/bench_placement
: > $o/placement.txt
for r in "v1 mlt s=12.1.1.1.1/32.1.4.1.4/1.1.2.1.32 r=16.16.2 u=1024 v=1.4 d=1.0" \
         "v1 mlt s=12.1.1.1.1/8.1.8.8.1/1.1.2.1.32 r=8.16.4 u=512 v=1.1 d=1.0"; do
  $P --op "batch_matmul b=12 m=512 n=64 k=512" --recipe "$r" --copies 2 --rounds 5 --min-repeat-ms 50 --threads 2 \
    >> $o/placement.txt 2>&1
done
