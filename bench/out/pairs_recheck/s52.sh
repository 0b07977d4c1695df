#!/usr/bin/env bash
# s52 (#19, prepared in session 35): the seeded policy of 13d81d4 or later (fit_work seeds, SEEDED_PATIENCE 32) on all
# 48 pairs of A.7 (bench/out/pairs_seeded_c1_10/pairs.csv, numbered by kind), 3 runs (labels ah1-ah3); beta's
# 1000-trial searches run first where this machine has none (in ah1: about 50 minutes for the 40 that AE.4 did not
# search). Usage: bench/out/pairs_recheck/s52.sh ETOTUNE. Steps resume: a label whose table exists is skipped.
# Cost (session 36, measured on ah1's first pairs): about 70 s per pair (the run, then 3 alternated re-timings of
# two programs), so about 56 minutes per label and 3 hours for the three: a session's whole background job; ah1
# was stopped after 4 pairs to give the session to the list benchmark (its partial outputs deleted).
set -u
cd /work/main
w=bench/out/pairs_recheck
e=${1:?usage: s52.sh ETOTUNE}
csv=bench/out/pairs_seeded_c1_10/pairs.csv
pairs=$(python3 -c "import csv; print(','.join(r['pair'] for r in csv.DictReader(open('$csv'))))")
for l in ah1 ah2 ah3; do
  [ -s $w/$l.md ] && continue
  echo "[$(date -u +%T)] $l start" >> $w/s52.log
  python3 bench/pairs_recheck.py --etotune $e --policy seeded --csv $csv --pairs $pairs --work $w --label $l \
    --out $w/$l.md > $w/$l.out 2>&1
  echo "[$(date -u +%T)] $l done" >> $w/s52.log
done
python3 bench/pairs_kinds.py ah=$w/ah1.md,$w/ah2.md,$w/ah3.md > $w/ah_kinds.md 2>&1
echo "[$(date -u +%T)] s52 done" >> $w/s52.log
