#!/usr/bin/env bash
# s45 (#19): a third run of each build of s45.sh (k1, then k4), and the caps over the three runs
set -u
cd /work/main
for v in k1 k4; do
  python3 bench/pairs_recheck.py --etotune /work/bins/s45$v/etotune \
    --csv bench/out/pairs_seeded_c12345678/pairs.csv --pairs p1,p2,p3,p4,p6,p7,p8,p10,p22,p24,p29,p37,p40 \
    --work bench/out/pairs_recheck --label ab${v}3 --out bench/out/pairs_recheck/ab${v}3.md > bench/out/pairs_recheck/ab${v}3.out 2>&1
  echo "[$(date -u +%T)] ab${v}3 done" >> bench/out/pairs_recheck/s45.log
done
python3 bench/pairs_budget.py --labels abk11,abk12,abk13 > bench/out/pairs_recheck/abk1_budget3.md 2>&1
python3 bench/pairs_budget.py --labels abk41,abk42,abk43 > bench/out/pairs_recheck/abk4_budget3.md 2>&1
echo "[$(date -u +%T)] s45b done" >> bench/out/pairs_recheck/s45.log
