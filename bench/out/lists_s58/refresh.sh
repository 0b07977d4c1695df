#!/usr/bin/env bash
# lists_s58/refresh.sh (#19, session 42): MobileNetV2's default with early-released edges re-made only when their
# source's best improved by over 5% (ETO_BACKEND_REFRESH_GAIN 0.05 instead of 0.01; the build /work/bins/s58g,
# not landed): run.sh's and seed2.sh's defaults re-made edges 42 times each along the plan's chains (45 edges).
# Seed 1, the full search taken from run.sh's step 1.
set -u
cd /work/main
o=bench/out/lists_s58
b=/work/bins/s58g/build/bench/bench_reproduce
a="examples/mobilenetv2.list --trials 1000 --seed 1 --threads 2 --min-repeat-ms 25"
if [ ! -s $o/mobilenetv2_refresh/summary.json ]; then
  echo "[$(date -u +%T)] mobilenetv2 seeded, refresh gain 5%, start" >> $o/run.log
  $b $a --modes full,seeded --full-from $o/mobilenetv2_full --out $o/mobilenetv2_refresh \
    > $o/mobilenetv2_refresh.md 2> $o/mobilenetv2_refresh.log
  echo "[$(date -u +%T)] mobilenetv2 seeded, refresh gain 5%, exit $?" >> $o/run.log
fi
