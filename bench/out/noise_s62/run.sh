#!/usr/bin/env bash
# noise_s62 (#19, #21, session 46): where does this host's spread come from? (1) one kernel on one piece of memory in
# one process, timed every ~0.3 s for 2 minutes (--series): the machine's speed over time; (2) the same kernel on 6
# copies of its tensors in each of 3 processes: the placement of the memory and the process.
# Kernels: the projection at 16 and 512 rows (dynamic_s62's cached members, given as R16 and R512).
set -u
cd /work/main
o=bench/out/noise_s62
b=${B:-/work/bins/s62/build}
P=build/bench/bench_placement
$P --op "matmul m=16 n=768 k=768" --recipe "$R16" --copies 1 --rounds 400 --min-repeat-ms 100 --threads 2 --series \
  > $o/series16.txt 2>&1
for i in 1 2 3; do
  $P --op "matmul m=16 n=768 k=768" --recipe "$R16" --copies 6 --rounds 5 --min-repeat-ms 50 --threads 2 > $o/copies16_$i.txt 2>&1
  $P --op "matmul m=512 n=768 k=768" --recipe "$R512" --copies 6 --rounds 5 --min-repeat-ms 50 --threads 2 > $o/copies512_$i.txt 2>&1
done
