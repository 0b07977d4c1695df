#!/usr/bin/env bash
# picks_s60/static2.sh (#21, session 44): static.sh's two pools at the projection's small lengths, 8 alternated rounds
# (the tuned members of dynamic_s60 at 2, 4, 8); output static2.txt.
set -u
cd /work/main
o=bench/out/picks_s60
b=${1:-/work/Y/build}
run() { # $1 shape, $2 recipe
  for mode in shared static; do
    echo "matmul $1" > $o/s.list
    if [ $mode = static ]; then export ETO_POOL_STATIC=1; else unset ETO_POOL_STATIC; fi
    l=$($b/src/cli/etotune measure $o/s.list --recipe "v1 mlt $2" --threads 2 --min-repeat-ms 25 2>&1 | grep -E "^ +[0-9]+ " | head -1 | awk '{print $(NF-3), $(NF-2), $(NF-1)}')
    echo "$i | $mode | $1 | $2 | $l" >> $o/static2.txt
  done
  unset ETO_POOL_STATIC
}
for i in 1 2 3 4 5 6 7 8; do
  run "m=2 n=768 k=768" "s=1.1.1.1.1/1.1.1.2.1/2.1.3.4.32 r=8.48.2 u=1024 v=1.1 d=1.1"
  run "m=4 n=768 k=768" "s=1.1.1.1.1/1.1.1.1.4/12.1.2.2.16 r=12.16.4 u=512 v=4.1 d=0.1"
  run "m=8 n=768 k=768" "s=1.1.1.1.1/1.1.2.4.1/12.1.1.1.64 r=12.32.2 u=512 v=2.1"
done
