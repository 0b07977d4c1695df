#!/usr/bin/env bash
# picks_s61/ab.sh (#21, session 45): `etotune measure --recipe`, one process each, 6 alternated rounds, dynamic_s60's
# tuned projection members at 2, 3, 4, 7, 8, 64 rows, FFN down at 4, 16 and 512 rows: the build as landed (c413820,
# /work/bins/s61/build) against (pad) the pools' share counters in their own cache lines (build) and against (pf8,
# pf16) a worktree build (/work/pf/build) whose direct reads along the vector axis are prefetched 8 or 16 reduction
# steps ahead (ETO_PREFETCH). Output ab.txt (round | variant | shape | recipe | status ms GFLOP/s).
set -u
cd /work/main
o=bench/out/picks_s61
run() { # $1 shape, $2 recipe
  for v in s61 pad pf8 pf16; do
    case $v in
      s61) b=/work/bins/s61/build; e=0 ;;
      pad) b=build; e=0 ;;
      pf8) b=/work/pf/build; e=8 ;;
      pf16) b=/work/pf/build; e=16 ;;
    esac
    echo "matmul $1" > $o/s.list
    l=$(ETO_PREFETCH=$e $b/src/cli/etotune measure $o/s.list --recipe "v1 mlt $2" --threads 2 --min-repeat-ms 25 2>&1 | grep -E "^ +[0-9]+ " | head -1 | awk '{print $(NF-3), $(NF-2), $(NF-1)}')
    echo "$i | $v | $1 | $2 | $l" >> $o/ab.txt
  done
}
for i in 1 2 3 4 5 6; do
  run "m=2 n=768 k=768" "s=1.1.1.1.1/1.1.1.2.1/2.1.3.4.32 r=8.48.2 u=1024 v=1.1 d=1.1"
  run "m=4 n=768 k=768" "s=1.1.1.1.1/1.1.1.1.4/12.1.2.2.16 r=12.16.4 u=512 v=4.1 d=0.1"
  run "m=3 n=768 k=768" "s=1.1.1.1.1/1.1.1.1.3/12.1.2.2.16 r=6.32.4 u=1024 v=1.1 d=0.1"
  run "m=7 n=768 k=768" "s=1.1.1.1.1/1.1.1.1.7/12.1.2.2.16 r=6.32.4 u=512 v=1.1 d=0.1"
  run "m=4 n=768 k=3072" "s=1.1.1.1.1/1.1.1.1.4/2.1.6.1.64 r=24.32.4 u=1024 v=4.1 d=0.1"
  run "m=16 n=768 k=3072" "s=1.1.1.1.1/2.1.1.8.1/1.1.24.1.32 r=128.24.1 u=512 v=2.1 d=0.1"
  run "m=8 n=768 k=768" "s=1.1.1.1.1/1.1.2.4.1/12.1.1.1.64 r=12.32.2 u=512 v=2.1"
  run "m=64 n=768 k=768" "s=1.1.1.1.1/1.1.16.4.1/6.1.4.1.32 r=48.8.2 u=64 v=1.4"
  run "m=512 n=768 k=3072" "s=1.1.1.1.1/1.1.128.4.1/6.1.2.1.64 r=4.96.8 u=512 v=1.1 d=1.0"
done
