#!/usr/bin/env bash
# lists_s58 (#19, session 42): the issue's list benchmark on MobileNetV2, on this host, with the current default
# (e862dc2, binaries copied to /work/bins/s58): full search vs ETO's rounds vs the reuse-seeded default, 1000 trials
# per full search, seed 1, 2 threads, one mode after another on fresh caches. Step 1 runs the full search alone and
# keeps its cache; step 2 runs ETO and the default and takes the full search from step 1 (--full-from), so a
# session's end loses at most one step. MobileNetV2 had not been run with the reuse-seeded default on any host.
# Usage: bench/out/lists_s58/run.sh
set -u
cd /work/main
o=bench/out/lists_s58
b=/work/bins/s58/build/bench/bench_reproduce
a="examples/mobilenetv2.list --trials 1000 --seed 1 --threads 2 --min-repeat-ms 25"
if [ ! -s $o/mobilenetv2_full/summary.json ]; then
  echo "[$(date -u +%T)] mobilenetv2 full start" >> $o/run.log
  $b $a --modes full --keep --out $o/mobilenetv2_full > $o/mobilenetv2_full.md 2> $o/mobilenetv2_full.log
  echo "[$(date -u +%T)] mobilenetv2 full exit $?" >> $o/run.log
fi
if [ ! -s $o/mobilenetv2/summary.json ]; then
  echo "[$(date -u +%T)] mobilenetv2 eto,seeded start" >> $o/run.log
  $b $a --modes full,eto,seeded --keep --full-from $o/mobilenetv2_full --out $o/mobilenetv2 > $o/mobilenetv2.md \
    2> $o/mobilenetv2.log
  echo "[$(date -u +%T)] mobilenetv2 eto,seeded exit $?" >> $o/run.log
fi
