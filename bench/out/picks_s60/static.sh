#!/usr/bin/env bash
# picks_s60/static.sh (#21, session 44): the pool's blocks taken from a shared counter (as landed) against a static
# split (thread i runs blocks [i n / T, (i+1) n / T): each core the same blocks, so the same weights, every call),
# a worktree build with ETO_POOL_STATIC (/work/Y/build, removed after: c69ba8a with work() in src/codegen/pool.c
# running, under that variable, thread i's blocks only, no helping), `etotune measure --recipe`, one process each, three
# alternated rounds; output static.txt (round | mode | shape | recipe | status ms GFLOP/s).
set -u
cd /work/main
o=bench/out/picks_s60
b=${1:-/work/Y/build}
run() { # $1 shape, $2 recipe
  for mode in shared static; do
    echo "matmul $1" > $o/s.list
    if [ $mode = static ]; then export ETO_POOL_STATIC=1; else unset ETO_POOL_STATIC; fi
    l=$($b/src/cli/etotune measure $o/s.list --recipe "v1 mlt $2" --threads 2 --min-repeat-ms 25 2>&1 | grep -E "^ +[0-9]+ " | head -1 | awk '{print $(NF-3), $(NF-2), $(NF-1)}')
    echo "$i | $mode | $1 | $2 | $l" >> $o/static.txt
  done
  unset ETO_POOL_STATIC
}
for i in 1 2 3; do
  run "m=4 n=768 k=768" "s=1.1.1.1.1/1.1.1.1.4/12.1.2.2.16 r=12.16.4 u=512 v=4.1 d=0.1"
  run "m=4 n=768 k=768" "s=1.1.1.1.1/1.1.1.1.4/12.1.1.1.64 r=1.192.4 u=512 v=1.1 d=0.1"
  run "m=8 n=768 k=768" "s=1.1.1.1.1/1.1.2.4.1/12.1.1.1.64 r=12.32.2 u=512 v=2.1"
  run "m=16 n=768 k=768" "s=1.1.1.1.1/1.1.1.4.4/12.1.4.1.16 r=6.32.4 u=16 v=1.4"
  run "m=64 n=768 k=768" "s=1.1.1.1.1/1.1.16.4.1/6.1.4.1.32 r=48.8.2 u=64 v=1.4"
  run "m=512 n=768 k=768" "s=1.1.1.1.1/2.1.64.4.1/6.1.2.2.32 r=12.32.2 u=1024 v=1.4 d=1.0"
done
