#!/usr/bin/env bash
# picks_s75/fresh.sh (#21, session 59), from the repository's root: run.sh's cache exported from scratch (no
# --picks-from: every value timed, as the hour's first export) by each build, to see what timing the splits beside
# their picks costs where nothing is reused (export_fresh_BUILD.wall, the manifests' picks_seconds).
set -u
o=bench/out/picks_s75
for v in s74r s75; do
  [ -s $o/fresh_$v/manifest.json ] && continue
  echo "[$(date -u +%T)] fresh export $v" >> $o/run.log
  start=$(date +%s)
  /work/bins/$v/build/src/cli/etotune export examples/bert_base_dynamic.list --out $o/fresh_$v --name bert_dyn \
    --db /work/dyn/db --threads 2 > $o/fresh_$v.log 2>&1
  echo "$(( $(date +%s) - start ))" > $o/fresh_$v.wall
done
echo "[$(date -u +%T)] fresh done" >> $o/run.log
