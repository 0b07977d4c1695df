#!/usr/bin/env bash
# picks_s60/chunk.sh (#21, session 44): dynamic_s60's tuned dense members with their reduction chunk (R1 x R2) as
# tuned and as fit_chunk would lengthen it (R0's factors into R1 until >= 128 steps), `etotune measure --recipe`,
# one process each, three alternated rounds; output chunk.txt (round | shape | recipe | status ms GFLOP/s).
set -u
cd /work/main
o=bench/out/picks_s60
b=${1:-build}
run() { # $1 shape, $2 recipe
  echo "matmul $1" > $o/c.list
  l=$($b/src/cli/etotune measure $o/c.list --recipe "v1 mlt $2" --threads 2 --min-repeat-ms 25 2>&1 | grep -E "^ +[0-9]+ " | head -1 | awk '{print $(NF-3), $(NF-2), $(NF-1)}')
  echo "$i | $1 | $2 | $l" >> $o/chunk.txt
}
for i in 1 2 3; do
  run "m=512 n=768 k=768" "s=1.1.1.1.1/2.1.64.4.1/6.1.2.2.32 r=12.32.2 u=1024 v=1.4 d=1.0"
  run "m=512 n=768 k=768" "s=1.1.1.1.1/2.1.64.4.1/6.1.2.2.32 r=6.64.2 u=1024 v=1.4 d=1.0"
  run "m=320 n=768 k=768" "s=1.1.1.1.1/1.1.80.2.2/12.1.1.1.64 r=16.24.2 u=1024 v=1.4 d=1.0"
  run "m=320 n=768 k=768" "s=1.1.1.1.1/1.1.80.2.2/12.1.1.1.64 r=4.96.2 u=1024 v=1.4 d=1.0"
  run "m=128 n=768 k=768" "s=1.1.1.1.1/1.1.16.8.1/8.1.3.1.32 r=32.12.2 u=64 v=1.1"
  run "m=128 n=768 k=768" "s=1.1.1.1.1/1.1.16.8.1/8.1.3.1.32 r=4.96.2 u=64 v=1.1"
  run "m=512 n=3072 k=768" "s=1.1.1.1.1/4.1.32.2.2/24.1.2.1.64 r=12.32.2 u=512 v=1.1"
  run "m=512 n=3072 k=768" "s=1.1.1.1.1/4.1.32.2.2/24.1.2.1.64 r=6.64.2 u=512 v=1.1"
  run "m=128 n=3072 k=768" "s=1.1.1.1.1/1.2.8.8.1/32.1.3.1.32 r=16.24.2 u=1024 v=1.4"
  run "m=128 n=3072 k=768" "s=1.1.1.1.1/1.2.8.8.1/32.1.3.1.32 r=4.96.2 u=1024 v=1.4"
done
