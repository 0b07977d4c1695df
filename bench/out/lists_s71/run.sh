#!/usr/bin/env bash
# lists_s71 + dynamic_s71 (#19, #21, session 55), from the repository's root, on a new Intel Xeon "rocketlake" host
# (AP's target fingerprint c44b71aa6c3e4229) with 08e484e (/work/bins/s71/build): BERT-Base's list, the full search
# once (kept: bert_base_full) and the default at seeds 1 and 2 against it; then the hour (AW.1's command).
set -u
b=/work/bins/s71/build
for s in 1 2; do bench/lists.sh bench/out/lists_s71 $b examples/bert_base.list $s seeded; done
# The export line below ran without its `-` (`db export` then takes no FILE and fails: an empty .gz); the export was
# run by hand at 21:29 UTC as the line reads now, during the hour's repair step (a read of the cache and gzip, ~1 s).
$b/src/cli/etotune db --db bench/out/lists_s71/bert_base_full/db-full export - 2>/dev/null | gzip -9 > bench/out/lists_s71/bert_base_full/full_cache.jsonl.gz
bench/dynamic_hour.sh bench/out/dynamic_s71 $b
