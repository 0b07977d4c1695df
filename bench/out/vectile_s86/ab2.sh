#!/usr/bin/env bash
# session 70: the list caches' vector-tile trials other than the dynamic family's (conv, depthwise, dense of the lists)
cd /work/main
o=bench/out/vectile_s86
echo "[$(date -u +%T)] ab2 start" >> $o/run.log
python3 bench/codegen_ab_recipes.py /work/bins/s86a /work/bins/s86b /tmp/c_bench_out_lists_s81_db-bert_base_s1_early.jsonl \
  /tmp/c_bench_out_lists_s81_db-mobilenetv2_s3_early.jsonl /tmp/c_bench_out_lists_s84_db-resnet50_s1_pages.jsonl \
  --records trial --select vector-tile --max 24 --rounds 2 --out $o/lists_only_trials.md > $o/lists_only_trials.log 2>&1
echo "[$(date -u +%T)] ab2 done" >> $o/run.log
