#!/usr/bin/env bash
# retune_s74/ab.sh (#19, session 74), from the repository's root: the re-tuning scenario of base/ (BERT-Base at seed 1,
# tuned by 96f591f, /work/bins/s74) re-tuned by the session's starting build (s74) and by the build with the row-order
# reference kernels and the patience floor (s74f), alternately, two rounds; each retune.py run re-times its re-tuned
# programs beside AE.5's full searches (full.json copied from retune_s51: this fingerprint, not searched again).
set -u
for r in 1 2; do
  for v in s74 s74f; do
    o=bench/out/retune_s74/$v.r$r
    for l in bert_base_s256 bert_large; do mkdir -p $o/$l; cp bench/out/retune_s51/$l/full.json $o/$l/; done
    echo "[$(date -u +%T)] $v round $r" >> bench/out/retune_s74/ab.log
    python3 bench/retune.py --etotune /work/bins/$v/build/src/cli/etotune --base-db bench/out/retune_s74/base/db \
      --out $o --trials 1000 --seed 1 --threads 2 --min-repeat-ms 25 examples/bert_base_s256.list \
      examples/bert_large.list > $o/retune.out 2>&1
  done
done
echo "[$(date -u +%T)] done" >> bench/out/retune_s74/ab.log
