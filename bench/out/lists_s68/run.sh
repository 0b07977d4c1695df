#!/usr/bin/env bash
# bench/out/lists_s68/run.sh — session 52 (bench/RESULTS.md AU.4), from the repository's root: BERT-Base's list benchmark on this AVX2 host
bench/lists.sh bench/out/lists_s68 /work/bins/s68/build examples/bert_base.list 1 eto,seeded
# seed 2 of the default alone against the same full search
bench/lists.sh bench/out/lists_s68 /work/bins/s68/build examples/bert_base.list 2 seeded
