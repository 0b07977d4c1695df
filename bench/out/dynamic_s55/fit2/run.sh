#!/usr/bin/env bash
# AI.4 again with an imperfect loop's block resized by the tile mutation (this session's backend/evolution.c,
# /work/bins/s55e): on a copy of AI.3's cache after its extra search (scores/db, as AI.4's), the scores at 272 tuned
# as a member of its own by the default (150 trials at most), the scores family exported (exp_fit2) and timed by
# bench_dispatch alternately with AI.4's exp_fit (the same step by the build before the change), two runs each.
set -u
cd /work/main
o=bench/out/dynamic_s55
s=$o/fit2
b=/work/bins/s55e/build
et=$b/src/cli/etotune
log() { echo "[$(date -u +%T)] $*" >> $s/run.log; }
[ -d $s/db ] || cp -a $o/scores/db $s/db
cp $o/fit/fit.list $s/fit.list
log "tune 272"
[ -s $s/tune.json ] || $et tune $s/fit.list --seed 1 --threads 2 --db $s/db --trials-total 150 --time-budget 90 \
  --report $s/tune.json > $s/tune.log 2>&1
log "export"
[ -s $s/exp_fit2/manifest.json ] || $et export $o/scores/family.list --out $s/exp_fit2 --name scores --db $s/db --threads 2 > $s/export.log 2>&1
for k in 1 2; do
  for e in fit2 fit; do
    [ -s $s/dispatch_${e}_r$k.md ] && continue
    log "bench_dispatch $e run $k"
    d=$s/exp_fit2; [ $e = fit ] && d=$o/fit/exp_fit
    $b/bench/bench_dispatch --export $d --threads 2 --out $s/dispatch_${e}_r$k.md > $s/dispatch_${e}_r$k.log 2>&1
  done
done
log done
