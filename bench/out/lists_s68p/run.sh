#!/usr/bin/env bash
# bench/out/lists_s68p/run.sh — session 52 (bench/RESULTS.md AU.5): BERT-Base with the roots spending their whole
# 1000 trials (--root-patience 0), full search and the default in one run, seed 1, /work/bins/s68/build
cd "$(dirname "$0")/../../.."
/work/bins/s68/build/bench/bench_reproduce examples/bert_base.list --trials 1000 --seed 1 --threads 2 --min-repeat-ms 25 \
  --modes full,seeded --root-patience 0 --out bench/out/lists_s68p/bert_base_s1 > bench/out/lists_s68p/bert_base_s1.md \
  2> bench/out/lists_s68p/bert_base_s1.log
