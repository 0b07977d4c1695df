#!/usr/bin/env bash
# picks_s60/shares.sh (#21, session 44): the pool as landed before (a shared counter: /work/bins/s60/build) against
# per-thread shares (each thread its own share of the blocks first, then the others': build), `etotune measure
# --recipe`, one process each, 8 alternated rounds, dynamic_s60's tuned projection members at 2, 4, 8, 64, 512 rows
# and FFN down at 512; output shares.txt (round | build | shape | recipe | status ms GFLOP/s).
set -u
cd /work/main
o=bench/out/picks_s60
run() { # $1 shape, $2 recipe
  for b in /work/bins/s60/build build; do
    echo "matmul $1" > $o/s.list
    l=$($b/src/cli/etotune measure $o/s.list --recipe "v1 mlt $2" --threads 2 --min-repeat-ms 25 2>&1 | grep -E "^ +[0-9]+ " | head -1 | awk '{print $(NF-3), $(NF-2), $(NF-1)}')
    echo "$i | $b | $1 | $2 | $l" >> $o/shares.txt
  done
}
for i in 1 2 3 4 5 6 7 8; do
  run "m=2 n=768 k=768" "s=1.1.1.1.1/1.1.1.2.1/2.1.3.4.32 r=8.48.2 u=1024 v=1.1 d=1.1"
  run "m=4 n=768 k=768" "s=1.1.1.1.1/1.1.1.1.4/12.1.2.2.16 r=12.16.4 u=512 v=4.1 d=0.1"
  run "m=8 n=768 k=768" "s=1.1.1.1.1/1.1.2.4.1/12.1.1.1.64 r=12.32.2 u=512 v=2.1"
  run "m=64 n=768 k=768" "s=1.1.1.1.1/1.1.16.4.1/6.1.4.1.32 r=48.8.2 u=64 v=1.4"
  run "m=512 n=768 k=768" "s=1.1.1.1.1/2.1.64.4.1/6.1.2.2.32 r=12.32.2 u=1024 v=1.4 d=1.0"
  run "m=512 n=768 k=3072" "s=1.1.1.1.1/1.1.128.4.1/6.1.2.1.64 r=4.96.8 u=512 v=1.1 d=1.0"
done
