#!/usr/bin/env bash
# lists_s72 (#19, session 56), from the repository's root, on part AX's host (Intel Xeon "rocketlake", fingerprint
# c44b71aa6c3e4229) with 08e484e's build (/work/bins/s71/build; the tree since changed tests, docs and bench/out only):
# ResNet-50's list, its full search once on this host (kept: resnet50_full, its cache exported as full_cache.jsonl.gz),
# then the default at seed 1 against it.
set -u
b=/work/bins/s71/build
bench/lists.sh bench/out/lists_s72 $b examples/resnet50.list 1 seeded
f=bench/out/lists_s72/resnet50_full
[ -s $f/full_cache.jsonl.gz ] || $b/src/cli/etotune db --db $f/db-full export - 2>/dev/null | gzip -9 > $f/full_cache.jsonl.gz
