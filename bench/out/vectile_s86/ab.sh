#!/usr/bin/env bash
# session 70: register tiles without an S4 factor lowered with a vector tile (BM.2): /work/bins/s86a (before) against
# /work/bins/s86b (after), the same stored programs, ABBA rounds
cd /work/main
o=bench/out/vectile_s86
echo "[$(date -u +%T)] ab start" >> $o/run.log
python3 bench/codegen_ab_recipes.py /work/bins/s86a /work/bins/s86b /tmp/db85.jsonl --records best --select vector-tile \
  --max 32 --rounds 2 --out $o/bl3_bests.md > $o/bl3_bests.log 2>&1
python3 bench/codegen_ab_recipes.py /work/bins/s86a /work/bins/s86b /tmp/c_bench_out_lists_s81_db-bert_base_s1_early.jsonl \
  /tmp/c_bench_out_lists_s81_db-mobilenetv2_s3_early.jsonl /tmp/c_bench_out_lists_s84_db-resnet50_s1_pages.jsonl \
  /tmp/db83.jsonl --records trial --select vector-tile --max 24 --rounds 2 --out $o/lists_trials.md > $o/lists_trials.log 2>&1
echo "[$(date -u +%T)] ab done" >> $o/run.log
