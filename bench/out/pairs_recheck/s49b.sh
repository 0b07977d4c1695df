#!/usr/bin/env bash
# s49b (#19): the seeded policy of 49ae786 (/work/bins/s49/etotune) on the 8 pairs of A.7's chunks 9-10 (draw 9 and 10
# in bench/out/pairs_seeded_c1_10/pairs.csv), 3 runs (labels ae1-ae3); beta's 1000-trial searches run first (in
# ae1). Steps resume: a label whose table exists is skipped.
set -u
cd /work/main
w=bench/out/pairs_recheck
e=/work/bins/s49/etotune
csv=bench/out/pairs_seeded_c1_10/pairs.csv
pairs=p9,p10,p27,p28,p37,p38,p47,p48
for l in ae1 ae2 ae3; do
  [ -s $w/$l.md ] && continue
  echo "[$(date -u +%T)] $l start" >> $w/s49b.log
  python3 bench/pairs_recheck.py --etotune $e --policy seeded --csv $csv --pairs $pairs --work $w --label $l \
    --out $w/$l.md > $w/$l.out 2>&1
  echo "[$(date -u +%T)] $l done" >> $w/s49b.log
done
python3 bench/pairs_kinds.py seeded=$w/ae1.md,$w/ae2.md,$w/ae3.md > $w/ae_kinds.md 2>&1
echo "[$(date -u +%T)] s49b done" >> $w/s49b.log
