#!/usr/bin/env bash
# s47 (#19): chunk 9 of the 48 pairs (pair 9 of each kind: alpha's and beta's 1000-trial searches, the tuner, TopK
# and the seeded policy), with 367bd24's bench_pairs (patience 48), as N.4's chunks 6-8; about 15 minutes. With
# chunk 10 it gives pairs_recheck the alpha-full recipes of A.7's pairs 41-48.
set -u
cd /work/main
[ -s bench/out/pairs_seeded_c9/pairs.csv ] && exit 0
/work/bins/s47/bench_pairs --lists examples/bert_base.list,examples/capsule_pool.list,examples/mobilenetv2.list,examples/norm_pool.list,examples/resnet50.list \
  --pairs 9 --first-pair 9 --trials 1000 --min-repeat-ms 25 --threads 2 --out bench/out/pairs_seeded_c9 > bench/out/pairs_seeded_c9.log 2>&1
