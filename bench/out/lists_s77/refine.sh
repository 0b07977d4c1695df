#!/usr/bin/env bash
# lists_s77/refine.sh (#19, session 61): after p64's seed 1, `etotune tune examples/mobilenetv2.list --refine` (the
# settled-restart build, /work/bins/s76r) on a copy of each of BC.2's three kept caches (lists_s76/db-mobilenetv2_sS_s76r):
# what an end pass from the list's mature neighbours adds to the default's run, and what it costs. Then p64's seeds
# 2 and 3 (run.sh's skip markers removed).
cd "$(dirname "$0")/../../.."
o=bench/out/lists_s77
while pgrep -f "lists_s77/chain.sh" > /dev/null; do sleep 10; done
for s in 1 2 3; do
  n=mobilenetv2_s${s}_refine
  [ -s $o/$n.json ] && continue
  rm -rf $o/db-$n && cp -r bench/out/lists_s76/db-mobilenetv2_s${s}_s76r $o/db-$n
  echo "[$(date -u +%T)] $n start" >> $o/run.log
  /work/bins/s76r/build/src/cli/etotune tune examples/mobilenetv2.list --refine --db $o/db-$n --seed $s --threads 2 \
    --min-repeat-ms 25 --report $o/$n.json > $o/$n.out 2>&1
  echo "[$(date -u +%T)] $n exit $?" >> $o/run.log
done
rm -f $o/mobilenetv2_s2_p64.json $o/mobilenetv2_s3_p64.json
BUILD=s77p64 $o/runb.sh p64 "" mobilenetv2 2 3
