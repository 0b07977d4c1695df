#!/usr/bin/env bash
# picks_s61/prefetch.sh (#21, session 45): the recipe field p= (a direct read along the vector axis prefetched p
# reduction steps ahead) on dynamic_s61's tuned members that read their weights directly: p=0 (as tuned), 8, 16,
# `etotune measure --recipe`, one process each, 6 alternated rounds; output prefetch.txt
# (round | p | shape | recipe | status ms GFLOP/s). Build: this commit's build/.
set -u
cd /work/main
o=bench/out/picks_s61
run() { # $1 shape, $2 recipe
  for p in 0 8 16; do
    r="v1 mlt $2"
    [ $p = 0 ] || r="$r p=$p"
    echo "matmul $1" > $o/s.list
    l=$(build/src/cli/etotune measure $o/s.list --recipe "$r" --threads 2 --min-repeat-ms 25 2>&1 | grep -E "^ +[0-9]+ " | head -1 | awk '{print $(NF-3), $(NF-2), $(NF-1)}')
    echo "$i | $p | $1 | $2 | $l" >> $o/prefetch.txt
  done
}
for i in 1 2 3 4 5 6; do
  run "m=3 n=768 k=768" "s=1.1.1.1.1/1.1.1.3.1/12.1.1.4.16 r=24.4.8 u=512 v=1.1 d=0.1"
  run "m=4 n=768 k=768" "s=1.1.1.1.1/1.1.1.4.1/12.1.1.4.16 r=24.4.8 u=512 v=1.1 d=0.1"
  run "m=5 n=768 k=768" "s=1.1.1.1.1/1.1.1.5.1/12.1.1.1.64 r=24.4.8 u=512 v=1.1 d=0.1"
  run "m=13 n=768 k=768" "s=1.1.1.1.1/1.1.1.13.1/12.1.2.2.16 r=12.16.4 u=64 v=4.1 d=0.1"
  run "m=16 n=768 k=768" "s=1.1.1.1.1/1.2.1.8.1/12.1.2.2.16 r=6.32.4 u=1024 v=4.1 d=0.1"
  run "m=64 n=768 k=768" "s=1.1.1.1.1/2.1.2.16.1/3.1.8.2.16 r=12.16.4 u=512 v=1.1 d=0.1"
  run "m=4 n=768 k=3072" "s=1.1.1.1.1/1.1.1.4.1/12.1.1.4.16 r=96.4.8 u=1024 v=4.1 d=0.1"
  run "m=16 n=768 k=3072" "s=1.1.1.1.1/1.1.1.16.1/3.1.8.2.16 r=48.16.4 u=512 v=1.1 d=0.1"
  run "m=48 n=768 k=3072" "s=1.1.1.1.1/1.1.4.12.1/12.1.2.2.16 r=48.16.4 u=1024 v=1.1 d=0.1"
  run "m=4 n=3072 k=768" "s=1.1.1.1.1/1.1.1.4.1/4.1.24.2.16 r=32.24.1 u=0 v=2.1 d=0.1"
  run "m=13 n=3072 k=768" "s=1.1.1.1.1/1.1.1.13.1/4.1.24.2.16 r=32.24.1 u=512 v=2.1 d=0.1"
done
