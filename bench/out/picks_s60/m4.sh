#!/usr/bin/env bash
# picks_s60/m4.sh (#21, session 44; run as this loop from the shell, output m4.txt): the projection at 4 rows, its
# tuned recipe (dynamic_s60, first) against five other register tiles, blockings and reads, `etotune measure
# --recipe`, one process each, three alternated rounds (round | recipe | status ms GFLOP/s).
cd /work/main
o=bench/out/picks_s60
echo "matmul m=4 n=768 k=768" > $o/m4.list
for i in 1 2 3; do for rec in "s=1.1.1.1.1/1.1.1.1.4/12.1.2.2.16 r=12.16.4 u=512 v=4.1 d=0.1" \
  "s=1.1.1.1.1/1.1.1.1.4/6.1.2.1.64 r=1.192.4 u=512 v=1.1 d=0.1" "s=1.1.1.1.1/1.1.1.1.4/12.1.1.1.64 r=1.192.4 u=512 v=1.1 d=0.1" \
  "s=1.1.1.1.1/1.1.1.1.4/2.1.6.1.64 r=1.384.2 u=512 v=1.1 d=0.1" "s=1.1.1.1.1/1.1.1.1.4/6.1.2.1.64 r=1.192.4 u=512 v=1.1 d=1.1" \
  "s=1.1.1.1.1/1.1.1.1.4/12.1.2.1.32 r=1.192.4 u=512 v=1.1 d=1.1"; do
  l=$(build/src/cli/etotune measure $o/m4.list --recipe "v1 mlt $rec" --threads 2 --min-repeat-ms 25 2>&1 | grep -E "^ +[0-9]+ " | head -1 | awk '{print $(NF-3), $(NF-2), $(NF-1)}')
  echo "$i | $rec | $l"
done; done
