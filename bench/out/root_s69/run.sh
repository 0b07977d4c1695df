#!/usr/bin/env bash
# bench/out/root_s69/run.sh — session 53 (bench/RESULTS.md AV.1), from the repository's root, one at a time.
# 1. BERT-Base's FFN up alone, a full search of 1000 trials, seeds 1-3 (the spread of one operator's search);
#    BUILD: /work/bins/s68/build (67d751e)
for s in 1 2 3; do
  /work/bins/s68/build/bench/bench_reproduce bench/out/root_s69/isolated/ffn_up.list --trials 1000 --seed $s \
    --threads 2 --min-repeat-ms 25 --modes full --out bench/out/root_s69/isolated/s$s \
    > bench/out/root_s69/isolated/s$s.md 2> bench/out/root_s69/isolated/s$s.log
done
# 2. the default (seeded) on BERT-Base with the full-search tasks scoring by a cost model of their own (trained on
#    the full-search tasks' records only): full_model/README's patch, not landed; BUILD: 71766e1 + that patch
for s in 1 2; do
  ETO_FULL_MODEL=1 "$FM_BUILD"/src/cli/etotune tune examples/bert_base.list --seed $s --threads 2 --min-repeat-ms 25 \
    --db /tmp/fm_db_s$s --report bench/out/root_s69/full_model/fm_s$s.json \
    > bench/out/root_s69/full_model/fm_s$s.out 2> bench/out/root_s69/full_model/fm_s$s.log
done
# 3. the transplants of 2.'s reuse children's bests onto FFN up, timed with its own best (full_model/transplants.txt)
