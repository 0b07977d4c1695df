#!/usr/bin/env bash
# lists_s78/early.sh LIST SEED... (#19, session 62), from anywhere: LIST tuned at each SEED with --refresh early by the
# build /work/bins/s78e (c322770), `etotune tune examples/LIST.list --seed SEED --threads 2 --min-repeat-ms 25
# --refresh early`, into bench/out/lists_s78/LIST_sSEED_early.{json,out}; a finished run is skipped.
cd "$(dirname "$0")/../../.."
l=$1; shift
o=bench/out/lists_s78
for seed in "$@"; do
  n=${l}_s${seed}_early
  [ -s $o/$n.json ] && continue
  rm -rf $o/db-$n
  echo "[$(date -u +%T)] $n start" >> $o/run.log
  /work/bins/s78e/build/src/cli/etotune tune examples/$l.list --db $o/db-$n --seed $seed --threads 2 \
    --min-repeat-ms 25 --refresh early --report $o/$n.json > $o/$n.out 2>&1
  echo "[$(date -u +%T)] $n exit $?" >> $o/run.log
done
