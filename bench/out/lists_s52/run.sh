#!/usr/bin/env bash
# lists_s52 (#19, session 36): the issue's list benchmark on ResNet-50 with the current default (d9ead57's policy,
# binaries copied to /work/bins/s52 from the build of 13d81d4 = b4c1776's C code): full search vs ETO's rounds vs
# the reuse-seeded default, 1000 trials per full search, seed 1, 2 threads, one mode after another on fresh caches.
# Step 1 runs the full search alone and keeps its cache (resnet50_full/db-full); step 2 runs ETO and the default
# and takes the full search from step 1 (--full-from), so a session's end loses at most one step.
# Usage: bench/out/lists_s52/run.sh
set -u
cd /work/main
o=bench/out/lists_s52
b=/work/bins/s52/bench_reproduce
a="examples/resnet50.list --trials 1000 --seed 1 --threads 2 --min-repeat-ms 25"
if [ ! -s $o/resnet50_full/summary.json ]; then
  echo "[$(date -u +%T)] resnet50 full start" >> $o/run.log
  $b $a --modes full --keep --out $o/resnet50_full > $o/resnet50_full.md 2> $o/resnet50_full.log
  echo "[$(date -u +%T)] resnet50 full exit $?" >> $o/run.log
fi
if [ ! -s $o/resnet50/summary.json ]; then
  echo "[$(date -u +%T)] resnet50 eto,seeded start" >> $o/run.log
  $b $a --modes full,eto,seeded --keep --full-from $o/resnet50_full --out $o/resnet50 > $o/resnet50.md 2> $o/resnet50.log
  echo "[$(date -u +%T)] resnet50 eto,seeded exit $?" >> $o/run.log
fi
