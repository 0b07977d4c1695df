#!/usr/bin/env bash
# lists_s52 step 3 (#19, session 36): the full search with diffusion (eto_tuner_policy_diffuse, uncommitted build of
# session 36 copied to /work/bins/s52d) on ResNet-50 for its first 1000 s, beside step 1's full search (--full-from).
set -u
cd /work/main
o=bench/out/lists_s52
echo "[$(date -u +%T)] resnet50 diffuse start" >> $o/run.log
/work/bins/s52d/bench_reproduce examples/resnet50.list --trials 1000 --seed 1 --threads 2 --min-repeat-ms 25 \
  --modes full,diffuse --time-budget 1000 --keep --full-from $o/resnet50_full --out $o/resnet50_diffuse \
  > $o/resnet50_diffuse.md 2> $o/resnet50_diffuse.log
echo "[$(date -u +%T)] resnet50 diffuse exit $?" >> $o/run.log
