#!/usr/bin/env bash
# s42: after run.sh, a fourth bench_dispatch run of exp2 with --versus: G.4's 1000-trial references of the exact
# shapes at s = 37, 128, 257, 509 (bench/out/dynamic_versus_s28's recipes, retargeted to this host by
# bench/manifest_records.py --retarget, imported into db_versus and exported as exp_versus; re-timed here)
set -u
cd /work/main
o=bench/out/dynamic_s42
b=/work/bins/s42/build
until grep -q "\] done" $o/run.log 2>/dev/null; do sleep 20; done
echo "[$(date -u +%T)] bench_dispatch exp2 --versus" >> $o/run.log
$b/bench/bench_dispatch --export $o/exp2 --versus $o/exp_versus --threads 2 --out $o/dispatch2_versus.md \
  > $o/dispatch2_versus.log 2>&1
echo "[$(date -u +%T)] versus done" >> $o/run.log
