#!/usr/bin/env bash
# AK.4 (#21): arm "window"'s repaired cache (dynamic_s57/window/db, read only) exported again by the build with both
# changes (the window and the samples sized by the fastest first call, /work/bins/s57n = this session's commit),
# timed once by bench_dispatch: against that arm's own export (window/exp2, three runs).
set -u
cd /work/main
o=bench/out/dynamic_s57/both
b=/work/bins/s57n/build
echo "[$(date -u +%T)] export" >> $o/run.log
[ -s $o/exp/manifest.json ] || $b/src/cli/etotune export examples/bert_base_dynamic.list --out $o/exp --name bert_dyn \
  --db bench/out/dynamic_s57/window/db --threads 2 > $o/export.log 2>&1
echo "[$(date -u +%T)] bench_dispatch" >> $o/run.log
[ -s $o/dispatch.md ] || $b/bench/bench_dispatch --export $o/exp --threads 2 --out $o/dispatch.md > $o/dispatch.log 2>&1
echo "[$(date -u +%T)] done" >> $o/run.log
# runs 2 and 3 (added after run 1), then the median of the three
for k in 2 3; do
  [ -s $o/dispatch_r$k.md ] || $b/bench/bench_dispatch --export $o/exp --threads 2 --out $o/dispatch_r$k.md > $o/dispatch_r$k.log 2>&1
done
python3 bench/dispatch_median.py $o/dispatch.md $o/dispatch_r2.md $o/dispatch_r3.md > $o/dispatch_median.md
echo "[$(date -u +%T)] runs 2, 3 done" >> $o/run.log
