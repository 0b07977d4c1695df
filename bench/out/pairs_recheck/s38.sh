#!/usr/bin/env bash
# s38 (#19): O.3's 13 pairs with the seeded policy, before (/work/bins/s38, b6e36ba) and after fit_blocks
# (/work/bins/s38s), alternately, three runs each; then the trial caps (bench/pairs_budget.py)
set -u
cd /work/main
for k in 1 2 3; do
  for v in old new; do
    b=/work/bins/s38/build; [ $v = new ] && b=/work/bins/s38s/build
    python3 bench/pairs_recheck.py --etotune $b/src/cli/etotune \
      --csv bench/out/pairs_seeded_c12345678/pairs.csv --pairs p1,p2,p3,p4,p6,p7,p8,p10,p22,p24,p29,p37,p40 \
      --work bench/out/pairs_recheck --label u$v$k --out bench/out/pairs_recheck/u$v$k.md > bench/out/pairs_recheck/u$v$k.out 2>&1
  done
done
python3 bench/pairs_budget.py --labels uold1,uold2,uold3 > bench/out/pairs_recheck/uold_budget.md 2>&1
python3 bench/pairs_budget.py --labels unew1,unew2,unew3 > bench/out/pairs_recheck/unew_budget.md 2>&1
echo "[$(date -u +%T)] s38 recheck done" >> bench/out/pairs_recheck/s38.log
