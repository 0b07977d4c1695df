#!/usr/bin/env bash
# bench/out/lists_s69/run.sh — session 53 (bench/RESULTS.md AV.2), from the repository's root: BERT-Base's list with
# 6d65f07 (reseed gain 1.05; /work/bins/s69/build): the full search once (kept: bert_base_full/db-full, its best
# programs in bert_base_full/best.txt), then the default at seeds 1 and 2 against it
bench/lists.sh bench/out/lists_s69 /work/bins/s69/build examples/bert_base.list 1 seeded
bench/lists.sh bench/out/lists_s69 /work/bins/s69/build examples/bert_base.list 2 seeded
