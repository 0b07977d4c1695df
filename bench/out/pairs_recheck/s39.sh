#!/usr/bin/env bash
# s39 (#19): O.3's 13 pairs with the seeded policy, before (/work/bins/s39, f0dad2e: fit_blocks) and after fit_vector
# (/work/bins/s39v), alternately, three runs each; then the trial caps (bench/pairs_budget.py)
set -u
cd /work/main
for k in 1 2 3; do
  for v in old new; do
    b=/work/bins/s39/build; [ $v = new ] && b=/work/bins/s39v/build
    python3 bench/pairs_recheck.py --etotune $b/src/cli/etotune \
      --csv bench/out/pairs_seeded_c12345678/pairs.csv --pairs p1,p2,p3,p4,p6,p7,p8,p10,p22,p24,p29,p37,p40 \
      --work bench/out/pairs_recheck --label v$v$k --out bench/out/pairs_recheck/v$v$k.md > bench/out/pairs_recheck/v$v$k.out 2>&1
  done
done
python3 bench/pairs_budget.py --labels vold1,vold2,vold3 > bench/out/pairs_recheck/vold_budget.md 2>&1
python3 bench/pairs_budget.py --labels vnew1,vnew2,vnew3 > bench/out/pairs_recheck/vnew_budget.md 2>&1
echo "[$(date -u +%T)] s39 recheck done" >> bench/out/pairs_recheck/s39.log
