#!/usr/bin/env bash
# [BUILD=NAME] lists_s77/runb.sh TAG "ARGS" LIST SEED... (#19, session 61), from anywhere: LIST tuned by the build
# /work/bins/NAME (default s76r: the settled-restart build of 0cba9fc, BC.2's runs; s77p64: 1f68f75 built with
# -DCMAKE_C_FLAGS=-DSEEDED_PATIENCE=64) with the extra etotune tune ARGS at each SEED, one run after the other,
# `etotune tune examples/LIST.list --seed S --threads 2 --min-repeat-ms 25 ARGS`, into
# bench/out/lists_s77/LIST_sSEED_TAG.{json,out} (O: another output directory, from the repository's root; lists_s78's
# ab.sh and early.sh); a finished run is skipped. Curves: lists_s74/curve.py.
cd "$(dirname "$0")/../../.."
tag=$1; extra=$2; l=$3; shift 3
o=${O:-bench/out/lists_s77}
for seed in "$@"; do
  n=${l}_s${seed}_$tag
  [ -s $o/$n.json ] && continue
  rm -rf $o/db-$n
  echo "[$(date -u +%T)] $n start (${BUILD:-s76r} $extra)" >> $o/run.log
  /work/bins/${BUILD:-s76r}/build/src/cli/etotune tune examples/$l.list --db $o/db-$n --seed $seed --threads 2 \
    --min-repeat-ms 25 --report $o/$n.json $extra > $o/$n.out 2>&1
  echo "[$(date -u +%T)] $n exit $?" >> $o/run.log
done
