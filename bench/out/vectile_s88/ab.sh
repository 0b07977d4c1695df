#!/usr/bin/env bash
# session 72 (BO.1): S3-only register tiles whose vector axis's S3 factor over the lanes is not a power of two
# (codegen_ab_recipes.py --select vector-tile-odd), stored trials of v4 caches (BL.3's, BJ.3's, BM.3's and a BERT-Base
# list run's exports), timed by codegen v5 (/work/bins/s86c, 748b0c4) against v6 (/work/bins/s88/build, 109cbae), then
# v4 (/work/bins/s83r32/build, 906da79) against v6; ABBA rounds, one process per timing, nothing beside them
cd /work/main
o=bench/out/vectile_s88
ex="/tmp/db85.jsonl /tmp/db83.jsonl /tmp/db86.jsonl /tmp/c_bench_out_lists_s81_db-bert_base_s1_early.jsonl"
echo "[$(date -u +%T)] v5 v6 start" >> $o/run.log
python3 bench/codegen_ab_recipes.py /work/bins/s86c /work/bins/s88/build $ex --records trial --select vector-tile-odd \
  --max 24 --rounds 2 --out $o/v5_v6.md > $o/v5_v6.log 2>&1
echo "[$(date -u +%T)] v4 v6 start" >> $o/run.log
python3 bench/codegen_ab_recipes.py /work/bins/s83r32/build /work/bins/s88/build $ex --records trial \
  --select vector-tile-odd --max 24 --rounds 2 --out $o/v4_v6.md > $o/v4_v6.log 2>&1
echo "[$(date -u +%T)] done" >> $o/run.log
