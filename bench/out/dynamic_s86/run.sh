#!/usr/bin/env bash
# session 70: the hour (bench/dynamic_hour.sh, BJ.3's and BL.3's command) with 748b0c4's code (/work/bins/s86c: codegen v5,
# register tiles without S4 factors lowered with a vector loop; the tune report's search-time lines); then AF.3's
# exact-shape references (their recipes, retargeted to this build's fingerprint) exported by the same build and timed
# beside the repaired export
cd /work/main
o=bench/out/dynamic_s86
b=/work/bins/s86c
bench/dynamic_hour.sh $o $b
if [ ! -s $o/exp_versus/libversus.so ]; then
  echo "[$(date -u +%T)] versus export" >> $o/run.log
  python3 bench/manifest_records.py bench/out/versus_s51/exp_versus/manifest.json bench/out/versus_s64/sigs.txt \
    --retarget 9e0ce506cc6ef785 5 > $o/versus_records.jsonl
  rm -rf /tmp/versus_db_s86
  $b/src/cli/etotune db --db /tmp/versus_db_s86 import $o/versus_records.jsonl > $o/versus_import.log 2>&1
  $b/src/cli/etotune export bench/dynamic_versus.list --out $o/exp_versus --name versus --db /tmp/versus_db_s86 \
    --threads 2 > $o/versus_export.log 2>&1
fi
if [ ! -s $o/dispatch2_versus.md ]; then
  echo "[$(date -u +%T)] bench_dispatch exp2 --versus" >> $o/run.log
  $b/bench/bench_dispatch --export $o/exp2 --versus $o/exp_versus --threads 2 \
    --out $o/dispatch2_versus.md > $o/dispatch2_versus.log 2>&1
  echo "[$(date -u +%T)] versus done" >> $o/run.log
fi
