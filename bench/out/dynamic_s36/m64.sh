#!/usr/bin/env bash
# s36: the context member of 64 (s35 cache): measured fresh (etotune measure, 3 processes) against its cached 13.59 us,
# and the fixed kernel of 64 / the kept kernels of 96 and 80 at S = 61, 64 (bench_dynamic)
cd /work/main
b=/work/bins/s36/build
o=bench/out/dynamic_s36
R64="v1 mlt s=4.1.3.1.1/1.1.4.1.16/1.1.4.1.16 r=1.64.1 u=64 v=1.1 d=1.1"
R96="v1 mlt s=4.1.3.1.1/1.1.6.1.16/1.1.4.1.16 r=1.3.32 u=512 v=1.1 d=1.1"
R80="v1 mlt s=4.1.3.1.1/1.1.5.1.16/1.1.4.1.16 r=1.80.1 u=512 v=1.1 d=1.1"
echo "batch_matmul b=12 m=64 n=64 k=64" > /tmp/c64.list
for i in 1 2 3; do $b/src/cli/etotune measure /tmp/c64.list --recipe "$R64" --threads 2 | grep -E "ok|GFLOP" | tail -2; done
$b/bench/bench_dynamic --op "batch_matmul b=12 m=S n=64 k=S" --value 64 --recipe "$R64" --at 56,61,64 --threads 2 | tail -5
for vr in "96|$R96" "80|$R80"; do for kd in "" --keep-direct; do v=${vr%%|*}; R=${vr#*|}; echo "== $v $kd"
  $b/bench/bench_dynamic --op "batch_matmul b=12 m=S n=64 k=S" --value $v --recipe "$R" --at 61,64 --threads 2 $kd | tail -4; done; done
