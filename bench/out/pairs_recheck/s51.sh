#!/usr/bin/env bash
# s51 (#19): the seeded policy of d9ead57 (/work/bins/s51/etotune: fit_work seeds, SEEDED_PATIENCE 32) on the 8 pairs
# of A.7's chunks 9-10 (AD.5's ae1-ae3 ran 49ae786 on them), 3 runs (labels ag1-ag3); beta's 1000-trial searches run
# first (in ag1: this machine has none of AD.5's). Steps resume: a label whose table exists is skipped.
set -u
cd /work/main
w=bench/out/pairs_recheck
e=/work/bins/s51/etotune
csv=bench/out/pairs_seeded_c1_10/pairs.csv
pairs=p9,p10,p27,p28,p37,p38,p47,p48
for l in ag1 ag2 ag3; do
  [ -s $w/$l.md ] && continue
  echo "[$(date -u +%T)] $l start" >> $w/s51.log
  python3 bench/pairs_recheck.py --etotune $e --policy seeded --csv $csv --pairs $pairs --work $w --label $l \
    --out $w/$l.md > $w/$l.out 2>&1
  echo "[$(date -u +%T)] $l done" >> $w/s51.log
done
python3 bench/pairs_kinds.py ae=$w/ae1.md,$w/ae2.md,$w/ae3.md ag=$w/ag1.md,$w/ag2.md,$w/ag3.md > $w/ag_kinds.md 2>&1
echo "[$(date -u +%T)] s51 done" >> $w/s51.log
