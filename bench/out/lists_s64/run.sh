#!/usr/bin/env bash
# lists_s64 (#19, session 48): BERT-Base's list benchmark on this session's host (AMD EPYC, Zen 5, LLVM znver5) with
# /work/bins/s64/build (72645e8: the seeded policy's real nearest neighbours and the fastest ones, RESULTS AQ.1):
# the full search alone and kept, then ETO's rounds and the reuse-seeded default against it (bench/lists.sh).
# Started by bench/out/versus_s64/run.sh after the hour's timing runs (never two timing runs at once).
cd /work/main
bench/lists.sh bench/out/lists_s64 /work/bins/s64/build examples/bert_base.list 1 eto,seeded
# then at seed 2, the default alone against the same full search (bert_base_s2)
bench/lists.sh bench/out/lists_s64 /work/bins/s64/build examples/bert_base.list 2 seeded
