#!/usr/bin/env bash
# lists_s75/ab.sh LIST SEED [BUILD...] (#19, session 59), from the repository's root: one list tuned by the default at
# one seed by each build in turn (/work/bins/BUILD/build; default: s74f, the patience floor of 494a376, then s74,
# 96f591f without it), as lists_s74/resnet.sh, resnet2.sh and mobilenet.sh did for one list and seed each.
# Outputs bench/out/lists_s75/LIST_sSEED_BUILD.{json,out}; a finished run is skipped; curves: lists_s74/curve.py.
set -u
l=$1; seed=$2; shift 2
builds=${*:-s74f s74}
o=${O:-bench/out/lists_s75} # O: another output directory (lists_s76: session 60)
for v in $builds; do
  n=${l}_s${seed}_$v
  [ -s $o/$n.json ] && continue
  rm -rf $o/db-$n
  echo "[$(date -u +%T)] $n start" >> $o/run.log
  /work/bins/$v/build/src/cli/etotune tune examples/$l.list --db $o/db-$n --seed $seed --threads 2 \
    --min-repeat-ms 25 --report $o/$n.json > $o/$n.out 2>&1
  echo "[$(date -u +%T)] $n exit $?" >> $o/run.log
done
