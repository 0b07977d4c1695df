#!/usr/bin/env bash
# s35 (#19): O.3's 13 pairs with the seeded policy, three runs, with the build whose measurer times every program on
# page-aligned buffers (8d1de88), after bench/out/dynamic_s35/run.sh; then the trial caps (bench/pairs_budget.py)
set -u
cd /work/main
while ! grep -q "done" bench/out/dynamic_s35/run.log 2>/dev/null; do sleep 20; done
for l in al alb alc; do
  python3 bench/pairs_recheck.py --etotune /work/bins/s35/build/src/cli/etotune \
    --csv bench/out/pairs_seeded_c12345678/pairs.csv --pairs p1,p2,p3,p4,p6,p7,p8,p10,p22,p24,p29,p37,p40 \
    --work bench/out/pairs_recheck --label $l --out bench/out/pairs_recheck/$l.md > bench/out/pairs_recheck/$l.out 2>&1
done
python3 bench/pairs_budget.py --labels al,alb,alc > bench/out/pairs_recheck/al_budget.md 2>&1
echo "[$(date -u +%T)] s35 recheck done" >> bench/out/pairs_recheck/s35.log
