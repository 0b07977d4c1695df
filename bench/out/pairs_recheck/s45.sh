#!/usr/bin/env bash
# s45 (#19): O.3's 13 pairs with the seeded policy measuring all of ETO's rounds (/work/bins/s45k1: SEEDED_ETO_KEEP=1,
# the policy as before) and only the cost model's best quarter of each batch of them (/work/bins/s45k4: built with
# SEEDED_ETO_KEEP=4), alternately, two runs each; then the trial caps (bench/pairs_budget.py). β's 1000-trial
# searches run first (their caches are not kept in git).
set -u
cd /work/main
for k in 1 2; do
  for v in k1 k4; do
    python3 bench/pairs_recheck.py --etotune /work/bins/s45$v/etotune \
      --csv bench/out/pairs_seeded_c12345678/pairs.csv --pairs p1,p2,p3,p4,p6,p7,p8,p10,p22,p24,p29,p37,p40 \
      --work bench/out/pairs_recheck --label ab$v$k --out bench/out/pairs_recheck/ab$v$k.md > bench/out/pairs_recheck/ab$v$k.out 2>&1
    echo "[$(date -u +%T)] ab$v$k done" >> bench/out/pairs_recheck/s45.log
  done
done
python3 bench/pairs_budget.py --labels abk11,abk12 > bench/out/pairs_recheck/abk1_budget.md 2>&1
python3 bench/pairs_budget.py --labels abk41,abk42 > bench/out/pairs_recheck/abk4_budget.md 2>&1
echo "[$(date -u +%T)] s45 recheck done" >> bench/out/pairs_recheck/s45.log
