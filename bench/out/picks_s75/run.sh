#!/usr/bin/env bash
# picks_s75/run.sh (#21, session 59), from the repository's root: AW.1's repaired export made again by two builds.
# AW.1's cache after its repair is restored from its export's manifest (bench/out/dynamic_s70/exp2; the DB below)
# and exported as AW.1's second export was, its picks reused from the first export where their candidates are
# unchanged (--picks-from bench/out/dynamic_s70/exp): by 58c6495 (/work/bins/s74r, splits decided from the sum of
# times) and by this session's change (/work/bins/s75, splits timed beside the pick, BB.1); then bench_dispatch of
# each, alternately, two rounds. Outputs under bench/out/picks_s75/ (the exports' libraries are not kept).
set -u
o=bench/out/picks_s75
db=/work/dyn/db
log() { echo "[$(date -u +%T)] $*" >> $o/run.log; }
if [ ! -d $db ]; then
  python3 bench/manifest_records.py bench/out/dynamic_s70/exp2/manifest.json bench/out/versus_s64/sigs.txt \
    > $o/records.jsonl
  /work/bins/s75/build/src/cli/etotune db --db $db import $o/records.jsonl > $o/import.log 2>&1
fi
for v in s74r s75; do
  [ -s $o/exp_$v/manifest.json ] && continue
  log "export $v"
  start=$(date +%s)
  /work/bins/$v/build/src/cli/etotune export examples/bert_base_dynamic.list --out $o/exp_$v --name bert_dyn --db $db \
    --threads 2 --picks-from bench/out/dynamic_s70/exp > $o/export_$v.log 2>&1
  echo "$(( $(date +%s) - start ))" > $o/export_$v.wall
done
for r in 1 2; do
  for v in s74r s75; do
    [ -s $o/dispatch_${v}_r$r.md ] && continue
    log "bench_dispatch $v round $r"
    /work/bins/s75/build/bench/bench_dispatch --export $o/exp_$v --threads 2 --out $o/dispatch_${v}_r$r.md \
      > $o/dispatch_${v}_r$r.log 2>&1
  done
done
log done
