#!/usr/bin/env bash
# lists_s74/mobilenet.sh (#19, session 58), from the repository's root: resnet.sh's comparison on MobileNetV2 at seed 1
# (the floor, /work/bins/s74f, then without it, /work/bins/s74); AL.1's stored full search (3.3831 ms) is the reference.
set -u
o=bench/out/lists_s74
for v in s74f s74; do
  n=mobilenetv2_$v
  [ -s $o/$n.json ] && continue
  rm -rf $o/db-$n
  echo "[$(date -u +%T)] $n start" >> $o/run.log
  /work/bins/$v/build/src/cli/etotune tune examples/mobilenetv2.list --db $o/db-$n --seed 1 --threads 2 \
    --min-repeat-ms 25 --report $o/$n.json > $o/$n.out 2>&1
  echo "[$(date -u +%T)] $n exit $?" >> $o/run.log
done
