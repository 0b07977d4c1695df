#!/usr/bin/env bash
# More search for the attention scores' repair lines (AI.1: the repair's new members 285, 317, 214 kept a
# neighbour's program whole after 15-16 trials each): on a copy of dynamic_s55's cache after its repair, the scores'
# 17 lines of the repair (repair.list) tuned again as the repair tunes (--refine, relative objective, seed 1), 1000
# trials and at most 250 s for them alone; the scores family exported from the cache before (exp_before) and after
# (exp_after) and timed by bench_dispatch alternately, two runs each, alone on the machine.
set -u
cd /work/main
o=bench/out/dynamic_s55
s=$o/scores
b=/work/bins/s55/build
et=$b/src/cli/etotune
log() { echo "[$(date -u +%T)] $*" >> $s/run.log; }
[ -d $s/db ] || cp -a $o/db $s/db
printf 'let S=1..512 weight={128:10,384:10,512:10}\nbatch_matmul b=12 m=S n=S k=64 freq=12 name=base_b1_dyn.attn_scores\n' > $s/family.list
log "export before"
[ -s $s/exp_before/manifest.json ] || $et export $s/family.list --out $s/exp_before --name scores --db $s/db --threads 2 > $s/export_before.log 2>&1
grep attn_scores $o/repair.list | grep -v '^#' > $s/repair.list
log "repair: $(wc -l < $s/repair.list) lines"
[ -s $s/repair.json ] || $et tune $s/repair.list --seed 1 --threads 2 --db $s/db --trials-total 1000 --refine \
  --objective relative --time-budget 250 --report $s/repair.json > $s/repair.log 2>&1
log "export after"
[ -s $s/exp_after/manifest.json ] || $et export $s/family.list --out $s/exp_after --name scores --db $s/db --threads 2 > $s/export_after.log 2>&1
for k in 1 2; do
  for e in before after; do
    [ -s $s/dispatch_${e}_r$k.md ] && continue
    log "bench_dispatch $e run $k"
    $b/bench/bench_dispatch --export $s/exp_$e --threads 2 --out $s/dispatch_${e}_r$k.md > $s/dispatch_${e}_r$k.log 2>&1
  done
done
log done
