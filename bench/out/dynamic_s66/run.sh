#!/usr/bin/env bash
# bench/out/dynamic_s66/run.sh — session 50's runs (bench/RESULTS.md AT), from the repository's root, one at a time.
# AT.1: the hour with two repairs (BUILD: 2cc2552's scripts/build.sh)
bench/dynamic_hour.sh bench/out/dynamic_s66 /work/bins/s66/build --time 2100 --repairs 2
# AT.2: ecaeb0a's candidate rule for --picks-from, on the caches AT.1 kept: the family tuning's (db_pre) exported,
# then the cache after repair 1 (db_pre2) exported with those picks
et=/work/bins/s66new/build/src/cli/etotune
o=bench/out/dynamic_s66
cp -a $o/db_pre /tmp/ab_pre && cp -a $o/db_pre2 /tmp/ab_pre2
$et export examples/bert_base_dynamic.list --out $o/ab/expA --name bert_dyn --db /tmp/ab_pre --threads 2 > $o/ab/expA.log 2>&1
$et export examples/bert_base_dynamic.list --out $o/ab/expB --name bert_dyn --db /tmp/ab_pre2 --threads 2 \
  --picks-from $o/ab/expA > $o/ab/expB.log 2>&1
