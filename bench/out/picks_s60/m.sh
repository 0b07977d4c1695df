#!/usr/bin/env bash
# picks_s60 (#21, session 44): dynamic_s60's projection at 512 is served by 448's kernel plus 64 rows (a split), which
# bench_dispatch times at 0.82 of oneDNN, while 512's own tuned kernel is cached at 1.83 ms (330 GFLOP/s). The three
# members' recipes timed at their own shapes, `etotune measure --recipe`, one process each, three alternated rounds.
set -u
cd /work/main
o=bench/out/picks_s60
b=${1:-build}
for m in 512 448 64; do echo "matmul m=$m n=768 k=768" > $o/m$m.list; done
r512="v1 mlt s=1.1.1.1.1/2.1.64.4.1/6.1.2.2.32 r=12.32.2 u=1024 v=1.4 d=1.0"
r448="v1 mlt s=1.1.1.1.1/2.1.56.4.1/3.1.4.1.64 r=6.64.2 u=512 v=1.4 d=1.0"
r64="v1 mlt s=1.1.1.1.1/1.1.16.4.1/6.1.4.1.32 r=48.8.2 u=64 v=1.4"
for i in 1 2 3; do
  for m in 512 448 64; do
    v=r$m
    l=$($b/src/cli/etotune measure $o/m$m.list --recipe "${!v}" --threads 2 --min-repeat-ms 25 2>&1 | grep -E "^ +[0-9]+ " | head -1)
    echo "$i | $m | $l" >> $o/m.txt
  done
done
