#!/usr/bin/env bash
# cv_s91/run3.sh (#19, session 75): /work/bins/s91d (s91c with fit_half_tile) on the ten conv2d pairs, two runs
# (cv_d1-2), then one re-timing pass with s91c's runs (SUFFIX _rt3).
set -u
cd "$(dirname "$0")/../../.."
w=bench/out/cv_s91
for l in cv_d1 cv_d2; do
  [ -s $w/$l.md ] && continue
  echo "[$(date -u +%T)] $l start" >> $w/run.log
  python3 bench/pairs_recheck.py --etotune /work/bins/s91d/build/src/cli/etotune --policy seeded --csv $w/pairs.csv \
    --pairs p1,p2,p3,p4,p5,p6,p7,p8,p9,p10 --work $w --label $l --out $w/$l.md >> $w/$l.out 2>&1
  echo "[$(date -u +%T)] $l done" >> $w/run.log
done
WORK=$w SUFFIX=_rt3 python3 bench/out/dw_s90/retime_bests.py /work/bins/s90v/build/src/cli/etotune 5 cv_c1 cv_c2 cv_c3 \
  cv_d1 cv_d2 > $w/rt3.out 2>&1
echo "[$(date -u +%T)] rt3 done" >> $w/run.log
