#!/usr/bin/env bash
# A scores member placed for the rounding of the values below it (AI.3: 257 is served by 320-row blocks, 1.40x its
# work): on a copy of AI.3's cache after its extra search (scores/db), the scores at 272 = 17 x 16 tuned as a member
# of its own by the default (reuse from the cached neighbours, 150 trials at most), the scores family exported again
# (exp_fit) and timed by bench_dispatch alternately with AI.3's exp_after, two runs each, alone on the machine.
set -u
cd /work/main
o=bench/out/dynamic_s55
s=$o/fit
b=/work/bins/s55/build
et=$b/src/cli/etotune
log() { echo "[$(date -u +%T)] $*" >> $s/run.log; }
[ -d $s/db ] || cp -a $o/scores/db $s/db
printf 'batch_matmul b=12 m=272 n=272 k=64 freq=12 name=base_b1_dyn.attn_scores\n' > $s/fit.list
log "tune 272"
[ -s $s/tune.json ] || $et tune $s/fit.list --seed 1 --threads 2 --db $s/db --trials-total 150 --time-budget 90 \
  --report $s/tune.json > $s/tune.log 2>&1
log "export"
[ -s $s/exp_fit/manifest.json ] || $et export $o/scores/family.list --out $s/exp_fit --name scores --db $s/db --threads 2 > $s/export.log 2>&1
for k in 1 2; do
  for e in fit after; do
    [ -s $s/dispatch_${e}_r$k.md ] && continue
    log "bench_dispatch $e run $k"
    d=$s/exp_fit; [ $e = after ] && d=$o/scores/exp_after
    $b/bench/bench_dispatch --export $d --threads 2 --out $s/dispatch_${e}_r$k.md > $s/dispatch_${e}_r$k.log 2>&1
  done
done
log done
