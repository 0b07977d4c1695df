#!/usr/bin/env bash
# session 72 (BO.3): vector loops wider than the lanes whose columns are no multiple of them and not a power of two
# (codegen_ab_recipes.py --select vector-wide-odd as it stood when this ran: a power of two of at least 4 dividing
# them, 20, 24, 28, 40, 56 columns with 16 lanes; ab4.sh's limit is half the lanes): v6 (/work/bins/s88b/build)
# against an experiment that splits them as v6 splits multiples of the lanes (the largest power of two >= 4 dividing
# them as the vector loop, the rest unrolled around it; /work/bins/s88x/build), stored trials of the MobileNetV2 and
# ResNet-50 list runs (conv, depthwise) and of BM.3's hour (dense, attention); ABBA rounds, nothing beside them
cd /work/main
o=bench/out/vectile_s88
echo "[$(date -u +%T)] wide: conv start" >> $o/run.log
python3 bench/codegen_ab_recipes.py /work/bins/s88b/build /work/bins/s88x/build \
  /tmp/c_bench_out_lists_s81_db-mobilenetv2_s3_early.jsonl /tmp/c_bench_out_lists_s84_db-resnet50_s1_pages.jsonl \
  --records trial --select vector-wide-odd --max 32 --rounds 2 --out $o/wide_conv.md > $o/wide_conv.log 2>&1
echo "[$(date -u +%T)] wide: dense start" >> $o/run.log
python3 bench/codegen_ab_recipes.py /work/bins/s88b/build /work/bins/s88x/build /tmp/db86.jsonl /tmp/db85.jsonl \
  --records trial --select vector-wide-odd --max 32 --rounds 2 --out $o/wide_dense.md > $o/wide_dense.log 2>&1
echo "[$(date -u +%T)] wide done" >> $o/run.log
