#!/usr/bin/env bash
# s37: the cost of a trial with measured buffers on 4 KiB pages (s36: /work/bins/s36/build, dbe7fef) and on 2 MiB
# pages (s37: /work/bins/s37/build, b5ad667): the same full search (64 trials, seed 1, fresh cache) of one operator
# of each kind of the BERT family, alternating builds, two runs each; wall seconds per run
set -u
cd /work/main/bench/out/pages_s37
printf 'matmul m=128 n=768 k=768 name=qkvo\nmatmul m=128 n=3072 k=768 name=up\nbatch_matmul b=12 m=128 n=128 k=64 name=scores\n' > ops.list
for r in 1 2; do
  for b in s36 s37; do
    for i in 1 2 3; do
      line=$(sed -n ${i}p ops.list); echo "$line" > op$i.list
      rm -rf db_$b; s=$(date +%s.%N)
      /work/bins/$b/build/src/cli/etotune tune op$i.list --mode full --trials 64 --seed 1 --threads 2 --db db_$b > $b-$r-$i.log 2>&1
      e=$(date +%s.%N); echo "$b run $r op $i $(echo "$e - $s" | bc) s $(grep -o '[0-9.]* GFLOP/s' $b-$r-$i.log | tail -1)" >> times.txt
    done
  done
done
