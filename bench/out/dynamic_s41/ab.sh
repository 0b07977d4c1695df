#!/bin/bash
# alternate old/new bench_dynamic; print the "vs fixed" column per S
R="$1"; V=$2; AT=$3; KD=$4; N=${5:-4}
for i in $(seq $N); do for b in /work/bins/s40/build /work/main/build; do
  echo "$(basename $(dirname $b)) $($b/bench/bench_dynamic --op "batch_matmul b=12 m=S n=64 k=S" --value $V --recipe "$R" --at $AT --threads 2 $KD --min-repeat-ms 50 2>&1 | grep '^| [0-9]' | awk -F'|' '{printf "%s:%s/%s ", $2, $4, $5}')"
done; done
