#!/usr/bin/env bash
# session 72 (BO.1): programs whose vector axis's S4 factor over the lanes is not a power of two
# (codegen_ab_recipes.py --select vector-s4-odd), stored trials of the same exports as ab.sh, timed by codegen v5
# (/work/bins/s86c, 748b0c4) against v6 with the S4 split (/work/bins/s88b/build); ABBA rounds, nothing beside them
cd /work/main
o=bench/out/vectile_s88
ex="/tmp/db85.jsonl /tmp/db83.jsonl /tmp/db86.jsonl /tmp/c_bench_out_lists_s81_db-bert_base_s1_early.jsonl"
echo "[$(date -u +%T)] s4: v5 v6 start" >> $o/run.log
python3 bench/codegen_ab_recipes.py /work/bins/s86c /work/bins/s88b/build $ex --records trial --select vector-s4-odd \
  --max 32 --rounds 2 --out $o/s4_v5_v6.md > $o/s4_v5_v6.log 2>&1
echo "[$(date -u +%T)] s4 done" >> $o/run.log
