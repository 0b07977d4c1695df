#!/usr/bin/env bash
# s39 (#19): pair p3 (conv2d 3) of O.3 with the seeded policy, before (/work/bins/s39, f0dad2e: fit_blocks) and after fit_vector
# (/work/bins/s39v, aadee11), alternately, three runs each (β searched again first: its cache is not kept in git)
set -u
cd /work/main
for k in 1 2 3; do
  for v in old new; do
    b=/work/bins/s39/build; [ $v = new ] && b=/work/bins/s39v/build
    python3 bench/pairs_recheck.py --etotune $b/src/cli/etotune \
      --csv bench/out/pairs_seeded_c12345678/pairs.csv --pairs p3 \
      --work bench/out/pairs_recheck --label v$v$k --out bench/out/pairs_recheck/v$v$k.md > bench/out/pairs_recheck/v$v$k.out 2>&1
  done
done
echo "[$(date -u +%T)] s39 recheck done" >> bench/out/pairs_recheck/s39.log
