#!/usr/bin/env bash
# cv_s91/run2.sh (#19, session 75), from the repository's root: /work/bins/s91c (fit_last_vector, and fit_thread_tile
# giving back the vector axis's own S3 first) on the ten conv2d pairs (cv_c1-3) and the ten depthwise pairs
# (dw_c1-3), then one re-timing pass per kind over every build's runs (SUFFIX _rt2 here, _rt6 in dw_s90).
set -u
cd "$(dirname "$0")/../../.."
w=bench/out/cv_s91
e=/work/bins/s91c/build/src/cli/etotune
for i in 1 2 3; do
  l=cv_c$i
  [ -s $w/$l.md ] && continue
  echo "[$(date -u +%T)] $l start" >> $w/run.log
  python3 bench/pairs_recheck.py --etotune $e --policy seeded --csv $w/pairs.csv \
    --pairs p1,p2,p3,p4,p5,p6,p7,p8,p9,p10 --work $w --label $l --out $w/$l.md >> $w/$l.out 2>&1
  echo "[$(date -u +%T)] $l done" >> $w/run.log
done
bench/out/dw_s90/run.sh $e dw_c1 dw_c2 dw_c3
echo "[$(date -u +%T)] retime" >> $w/run.log
r=/work/bins/s90v/build/src/cli/etotune
WORK=$w SUFFIX=_rt2 python3 bench/out/dw_s90/retime_bests.py $r 5 cv_b1 cv_n1 cv_c1 cv_b2 cv_n2 cv_c2 cv_b3 cv_n3 cv_c3 \
  > $w/rt2.out 2>&1
SUFFIX=_rt6 python3 bench/out/dw_s90/retime_bests.py $r 5 dw_v1 dw_v2 dw_v3 dw_v4 dw_v5 dw_m1 dw_m2 dw_m3 dw_m4 dw_m5 \
  dw_c1 dw_c2 dw_c3 > bench/out/dw_s90/rt6.out 2>&1
echo "[$(date -u +%T)] done" >> $w/run.log
