#!/usr/bin/env bash
# versus_s64 (#21): G.4's 20 exact-shape references (1000-trial full searches at s = 37, 128, 257, 509 on part G's
# Zen 5 host, whose target fingerprint 3f211f7c44dbe0f3 this host shares), restored from
# bench/out/dynamic_versus_s28/exp/manifest.json (bench/manifest_records.py, sigs.txt; the records keep G.4's
# latencies), exported (exp_versus) and re-timed beside dynamic_s64's repaired export (bench_dispatch --versus):
# not searched again. Started after bench/out/dynamic_s64/run.sh; bench/out/lists_s64/run.sh after it.
set -u
cd /work/main
o=bench/out/versus_s64
b=/work/bins/s64/build
sleep 5
while pgrep -f dynamic_hour.sh > /dev/null || [ ! -s bench/out/dynamic_s64/dispatch2_median.md ]; do sleep 20; done
if [ ! -s $o/dispatch2_versus.md ]; then
  echo "[$(date -u +%T)] import, export" >> $o/run.log
  $b/src/cli/etotune db --db $o/db import $o/records.jsonl > $o/import.log 2>&1
  $b/src/cli/etotune export bench/dynamic_versus.list --out $o/exp_versus --name versus --db $o/db --threads 2 \
    > $o/export.log 2>&1
  echo "[$(date -u +%T)] bench_dispatch exp2 --versus" >> $o/run.log
  $b/bench/bench_dispatch --export bench/out/dynamic_s64/exp2 --versus $o/exp_versus --threads 2 \
    --out $o/dispatch2_versus.md > $o/dispatch2_versus.log 2>&1
  echo "[$(date -u +%T)] versus done" >> $o/run.log
fi
bench/out/lists_s64/run.sh
