#!/usr/bin/env bash
# s49 (#19): the seeded policy with ETO's rounds ended after 16 of their trials in a row without a 1% gain
# (/work/bins/s49/etotune, RESULTS AD) on AC.3's 40 pairs, 3 runs (labels ad1-ad3), then chunk 10 of the 48 pairs
# (bench_pairs, as bench/out/pairs_c9.sh). Steps resume: a label whose table exists is skipped.
set -u
cd /work/main
w=bench/out/pairs_recheck
e=/work/bins/s49/etotune
all=$(python3 -c "import csv; print(','.join(r['pair'] for r in csv.DictReader(open('bench/out/pairs_seeded_c12345678/pairs.csv'))))")
step() { # label policy
  [ -s $w/$1.md ] && return
  echo "[$(date -u +%T)] $1 ($2) start" >> $w/s49.log
  python3 bench/pairs_recheck.py --etotune $e --policy $2 --csv bench/out/pairs_seeded_c12345678/pairs.csv \
    --pairs $all --work $w --label $1 --out $w/$1.md > $w/$1.out 2>&1
  echo "[$(date -u +%T)] $1 done" >> $w/s49.log
}
step ad1 seeded
step ad2 seeded
step ad3 seeded
python3 bench/pairs_kinds.py ac=$w/ac1.md,$w/ac2.md,$w/ac3.md ad=$w/ad1.md,$w/ad2.md,$w/ad3.md > $w/ad_kinds.md 2>&1
if [ ! -s bench/out/pairs_seeded_c10/pairs.csv ]; then
  echo "[$(date -u +%T)] chunk 10 start" >> $w/s49.log
  /work/bins/s49/bench_pairs --lists examples/bert_base.list,examples/capsule_pool.list,examples/mobilenetv2.list,examples/norm_pool.list,examples/resnet50.list \
    --pairs 10 --first-pair 10 --trials 1000 --min-repeat-ms 25 --threads 2 --out bench/out/pairs_seeded_c10 > bench/out/pairs_seeded_c10.log 2>&1
fi
echo "[$(date -u +%T)] s49 done" >> $w/s49.log
