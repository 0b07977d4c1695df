#!/usr/bin/env bash
# lists_s74/resnet.sh (#19, session 58), from the repository's root: ResNet-50's list tuned by the default (etotune
# tune, the reuse-seeded policy) with the patience floor (BA.2, /work/bins/s74f) and without it (96f591f,
# /work/bins/s74), seed 1, one after the other on one host state (no full search: AF.1's on this fingerprint kept no
# cache; bench_reproduce needs one). Waits for run.sh (one timing run at a time).
set -u
while pgrep -f lists_s74/run.sh > /dev/null; do sleep 10; done
o=bench/out/lists_s74
for v in s74f s74; do
  n=resnet50_$v
  [ -s $o/$n.json ] && continue
  rm -rf $o/db-$n
  echo "[$(date -u +%T)] $n start" >> $o/run.log
  /work/bins/$v/build/src/cli/etotune tune examples/resnet50.list --db $o/db-$n --seed 1 --threads 2 \
    --min-repeat-ms 25 --report $o/$n.json > $o/$n.out 2>&1
  echo "[$(date -u +%T)] $n exit $?" >> $o/run.log
done
