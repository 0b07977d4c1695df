#!/usr/bin/env bash
# session 72 (BO.3): the rule of ab3.sh for runs that half the lanes divide (24, 40, 56 columns with 16 lanes;
# --select vector-wide-odd as changed after ab3.sh: the largest power of two dividing them is at least 8): v6
# (/work/bins/s88b/build) against the experiment with that limit (/work/bins/s88y/build), the same exports as ab3.sh
cd /work/main
o=bench/out/vectile_s88
echo "[$(date -u +%T)] wide8: conv start" >> $o/run.log
python3 bench/codegen_ab_recipes.py /work/bins/s88b/build /work/bins/s88y/build \
  /tmp/c_bench_out_lists_s81_db-mobilenetv2_s3_early.jsonl /tmp/c_bench_out_lists_s84_db-resnet50_s1_pages.jsonl \
  --records trial --select vector-wide-odd --max 32 --rounds 2 --out $o/wide8_conv.md > $o/wide8_conv.log 2>&1
echo "[$(date -u +%T)] wide8: dense start" >> $o/run.log
python3 bench/codegen_ab_recipes.py /work/bins/s88b/build /work/bins/s88y/build /tmp/db86.jsonl /tmp/db85.jsonl \
  --records trial --select vector-wide-odd --max 32 --rounds 2 --out $o/wide8_dense.md > $o/wide8_dense.log 2>&1
echo "[$(date -u +%T)] wide8 done" >> $o/run.log
