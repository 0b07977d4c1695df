#!/usr/bin/env bash
# retune_s89/run.sh TAG BUILD ROUND... (#19, session 73), from the repository's root: retune_s89/base (BERT-Base at
# seed 1, tuned by s88c = bd03837, codegen v7, when missing) re-tuned by /work/bins/BUILD into retune_s89/TAG.rR, each
# run re-timed beside AE.5's full searches (full.json copied from retune_s51, not searched again), 5 rounds. As
# retune_s83/run.sh, on a base of this codegen version (v7): BP.3 compares the cost model's retraining rules.
set -u
t=$1; b=$2; shift 2
base=bench/out/retune_s89/base
if [ ! -s $base/report.json ]; then
  echo "[$(date -u +%T)] base tune seed 1 (s88c)" >> bench/out/retune_s89/run.log
  rm -rf $base/db; mkdir -p $base/db
  /work/bins/s88c/build/src/cli/etotune tune examples/bert_base.list --seed 1 --threads 2 --min-repeat-ms 25 \
    --db $base/db --report $base/report.json > $base/tune.log 2>&1
fi
for r in "$@"; do
  o=bench/out/retune_s89/$t.r$r
  [ -s $o/retune.md ] && continue
  for l in bert_base_s256 bert_large; do mkdir -p $o/$l; cp bench/out/retune_s51/$l/full.json $o/$l/; done
  echo "[$(date -u +%T)] $t round $r ($b)" >> bench/out/retune_s89/run.log
  python3 bench/retune.py --etotune /work/bins/$b/build/src/cli/etotune --base-db $base/db \
    --out $o --trials 1000 --seed 1 --threads 2 --min-repeat-ms 25 --rounds 5 examples/bert_base_s256.list \
    examples/bert_large.list > $o/retune.out 2>&1
done
echo "[$(date -u +%T)] done" >> bench/out/retune_s89/run.log
