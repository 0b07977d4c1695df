#!/usr/bin/env bash
# ctx_s62 (#21, session 46): the attention context at 512 (dynamic_s62's weakest member against oneDNN: 0.73) searched
# further: (a) refined from a copy of the hour's repaired cache (the seeded policy from its best and its neighbours',
# 300 trials at most), (b) a 300-trial full search from an empty cache; both report their best.
set -u
cd /work/main
o=bench/out/ctx_s62
e=/work/bins/s62/build/src/cli/etotune
echo "batch_matmul b=12 m=512 n=64 k=512 name=attn_context_512" > $o/ctx512.list
rm -rf /tmp/ctx_s62 && mkdir -p /tmp/ctx_s62 && cp -a bench/out/dynamic_s62/db /tmp/ctx_s62/db
echo "[$(date -u +%T)] refine" >> $o/run.log
$e tune $o/ctx512.list --refine --trials-total 300 --seed 1 --threads 2 --db /tmp/ctx_s62/db --report $o/refine.json \
  > $o/refine.log 2>&1
echo "[$(date -u +%T)] full 300" >> $o/run.log
$e tune $o/ctx512.list --mode full --trials 300 --seed 1 --threads 2 --db /tmp/ctx_s62/fresh --report $o/full.json \
  > $o/full.log 2>&1
echo "[$(date -u +%T)] done" >> $o/run.log
