#!/usr/bin/env bash
# lists_s70 (#19, session 54), from the repository's root: BERT-Base's list with d64563c (/work/bins/s70): the full
# search once (kept: bert_base_full), then the default at seeds 1 and 2 against it (AG.2's kept full search could not
# be re-timed: its cache, bench/out/lists_s53/bert_full/db-full, was not kept; run_failed.log). Waits for
# bench/out/retune_s70_seed1/run.sh (one timing run at a time).
set -u
while pgrep -f retune_s70_seed1/run.sh > /dev/null; do sleep 15; done
for s in 1 2; do bench/lists.sh bench/out/lists_s70 /work/bins/s70/build examples/bert_base.list $s seeded; done
# The full search's cache is kept as bert_base_full/full_cache.jsonl.gz (`etotune db export`; bench/out/**/db-* is
# not committed): to re-time it later on this fingerprint, `gunzip -c` it and `etotune db --db
# bench/out/lists_s70/bert_base_full/db-full import` the lines, then `bench_reproduce ... --full-from
# bench/out/lists_s70/bert_base_full`.
