#!/usr/bin/env bash
# imperfect_s54 (#21, session 38): imperfect tiles before and after the lowering's block move (src/lower/lower.c
# shift_space): each case a fixed program measured by `etotune measure LIST --recipe R --threads 2 --min-repeat-ms 25`
# (checked against the reference, median of 3 repeats), the old binary (/work/bins/s54b/etotune, the lowering before)
# and the new (/work/bins/s54c/etotune, the commit of the block move) alternately, 3 rounds; perfect-tile controls.
# Usage: bench/out/imperfect_s54/run.sh > bench/out/imperfect_s54/run.txt
set -u
cd /work/main
d=$(mktemp -d)
cases=(
  "batch_matmul b=12 m=257 n=257 k=64|v1 mlt s=12.1.1.1.1/17.1.1.16.1/17.1.1.1.16 r=16.2.2 u=1024 v=1.1 d=1.1"
  "batch_matmul b=12 m=257 n=256 k=64|v1 mlt s=12.1.1.1.1/17.1.1.16.1/16.1.1.1.16 r=16.2.2 u=1024 v=1.1 d=1.1"
  "batch_matmul b=12 m=256 n=257 k=64|v1 mlt s=12.1.1.1.1/16.1.1.16.1/17.1.1.1.16 r=16.2.2 u=1024 v=1.1 d=1.1"
  "batch_matmul b=12 m=256 n=256 k=64|v1 mlt s=12.1.1.1.1/16.1.1.16.1/16.1.1.1.16 r=16.2.2 u=1024 v=1.1 d=1.1"
  "matmul m=509 n=768 k=3072|v1 mlt s=1.1.1.1.1/19.1.1.28.1/3.1.16.1.16 r=32.48.2 u=1024 v=2.1 d=0.1"
  "matmul m=448 n=768 k=3072|v1 mlt s=1.1.1.1.1/16.1.1.28.1/3.1.16.1.16 r=32.48.2 u=1024 v=2.1 d=0.1"
  "conv2d n=1 c=256 h=13 w=13 k=256 r=3 s=3 pad=1|v1 mlt s=1.1.1.1.1/16.1.2.1.8/3.1.1.5.1/2.1.1.7.1 r=32.8.1/3.1.1/3.1.1 u=64 v=1.1"
)
echo "| case | recipe | old lowering GFLOP/s (3 rounds) | block move GFLOP/s (3 rounds) |"
echo "|---|---|---|---|"
for c in "${cases[@]}"; do
  line=${c%%|*} r=${c#*|}
  echo "$line" > $d/op.list
  o="" n=""
  for k in 1 2 3; do
    for b in s54b s54c; do
      g=$(/work/bins/$b/etotune measure $d/op.list --recipe "$r" --threads 2 --min-repeat-ms 25 2>&1 |
          awk '/^  1 / {print ($(NF-3) == "ok" ? $(NF-1) : $(NF-3))}')
      [ $b = s54b ] && o="$o ${g:-?}" || n="$n ${g:-?}"
    done
  done
  echo "| $line | \`$r\` |$o |$n |"
done
rm -rf $d
