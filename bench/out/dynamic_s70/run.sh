#!/usr/bin/env bash
# bench/out/dynamic_s70/run.sh — session 54's runs (bench/RESULTS.md AW), from the repository's root, on parts
# AE-AM's kind of host (Zen 4, fingerprint 9e0ce406cc6ef5d2), BUILD: d64563c's scripts/build.sh in /work/bins/s70/build.
# 1. the hour: AJ.1/AK.1's command (bench/dynamic_hour.sh's defaults: --time 2300, one repair) with the current build;
# 2. its repaired export against AF.3's exact-shape references (versus_s51/exp_versus, restored, re-timed);
# 3. BERT-Base's list at seeds 1 and 2 against AG.2's kept full search (bench/out/lists_s53/bert_full), as AM.1:
#    did not run (that full search's cache was not kept: bench/out/lists_s70/run_failed.log); bench/out/lists_s70/run.sh
#    runs the full search again instead.
set -u
b=/work/bins/s70/build
bench/dynamic_hour.sh bench/out/dynamic_s70 $b
o=bench/out/versus_s70
if [ ! -s $o/dispatch2_versus.md ]; then
  echo "[$(date -u +%T)] versus: import, export" >> $o/run.log
  python3 bench/manifest_records.py bench/out/versus_s51/exp_versus/manifest.json bench/out/versus_s64/sigs.txt \
    > $o/records.jsonl
  $b/src/cli/etotune db --db $o/db import $o/records.jsonl > $o/import.log 2>&1
  $b/src/cli/etotune export bench/dynamic_versus.list --out $o/exp_versus --name versus --db $o/db --threads 2 \
    > $o/export.log 2>&1
  echo "[$(date -u +%T)] bench_dispatch exp2 --versus" >> $o/run.log
  $b/bench/bench_dispatch --export bench/out/dynamic_s70/exp2 --versus $o/exp_versus --threads 2 \
    --out $o/dispatch2_versus.md > $o/dispatch2_versus.log 2>&1
  echo "[$(date -u +%T)] versus done" >> $o/run.log
fi
o=bench/out/lists_s70
for seed in 1 2; do
  l=bert_s$seed
  [ -s $o/$l/summary.json ] && continue
  echo "[$(date -u +%T)] $l start" >> $o/run.log
  $b/bench/bench_reproduce examples/bert_base.list --trials 1000 --seed $seed --threads 2 --min-repeat-ms 25 \
    --modes full,seeded --full-from bench/out/lists_s53/bert_full --out $o/$l > $o/$l.md 2> $o/$l.log
  rc=$? # (it logged "exit 0" for bench_reproduce's 1: $(date) set $? before this fix)
  echo "[$(date -u +%T)] $l exit $rc" >> $o/run.log
done
