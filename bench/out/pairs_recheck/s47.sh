#!/usr/bin/env bash
# s47 (#19): the seeded policy with patience 48 (/work/bins/s47/etotune, RESULTS AC) on all 40 pairs of
# bench/out/pairs_seeded_c12345678 (A.7's 48 pairs less chunks 9-10, which have no alpha-full recipe), with TopK and
# ETO's rounds on the same pairs in the same session; beta's 1000-trial searches run first where not on disk.
# Steps resume: a label whose table exists is skipped.
set -u
cd /work/main
w=bench/out/pairs_recheck
e=/work/bins/s47/etotune
all=$(python3 -c "import csv; print(','.join(r['pair'] for r in csv.DictReader(open('bench/out/pairs_seeded_c12345678/pairs.csv'))))")
step() { # label policy
  [ -s $w/$1.md ] && return
  echo "[$(date -u +%T)] $1 ($2) start" >> $w/s47.log
  python3 bench/pairs_recheck.py --etotune $e --policy $2 --csv bench/out/pairs_seeded_c12345678/pairs.csv \
    --pairs $all --work $w --label $1 --out $w/$1.md > $w/$1.out 2>&1
  echo "[$(date -u +%T)] $1 done" >> $w/s47.log
}
step ac1 seeded
step actopk topk
step ac2 seeded
step aceto eto
step ac3 seeded
python3 bench/pairs_kinds.py seeded=$w/ac1.md,$w/ac2.md,$w/ac3.md eto=$w/aceto.md topk=$w/actopk.md > $w/ac_kinds.md 2>&1
echo "[$(date -u +%T)] s47 done" >> $w/s47.log
