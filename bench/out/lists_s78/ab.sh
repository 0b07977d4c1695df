#!/usr/bin/env bash
# lists_s78/ab.sh LIST SEED RULE... (#19, session 62), from anywhere: LIST tuned at SEED by the build /work/bins/s78
# (d6492b3) once per restart RULE (settled, each), one run after the other,
# `etotune tune examples/LIST.list --seed SEED --threads 2 --min-repeat-ms 25 --refresh RULE`, into
# bench/out/lists_s78/LIST_sSEED_RULE.{json,out}; a finished run is skipped. Curves: lists_s74/curve.py; per kind:
# lists_s77/ops.py.
cd "$(dirname "$0")/../../.."
l=$1; seed=$2; shift 2
o=bench/out/lists_s78
for r in "$@"; do
  n=${l}_s${seed}_$r
  [ -s $o/$n.json ] && continue
  rm -rf $o/db-$n
  echo "[$(date -u +%T)] $n start" >> $o/run.log
  /work/bins/s78/build/src/cli/etotune tune examples/$l.list --db $o/db-$n --seed $seed --threads 2 \
    --min-repeat-ms 25 --refresh $r --report $o/$n.json > $o/$n.out 2>&1
  echo "[$(date -u +%T)] $n exit $?" >> $o/run.log
done
