#!/usr/bin/env bash
# s45 (#21): weak.list's rule for values far below the weak member serving them. Old rule (d69693b, /work/bins/s45):
# a weak value served by a member weak at its own value is that member's line; new rule (the working tree's export.c,
# /work/bins/s45k1, built with SEEDED_ETO_KEEP=1 so that its tuning is the old one's): only when the value is at least
# 0.9 of the member, else the value's own line (runs of close values: new members). On two copies of the pipeline's
# final cache: the scores family exported by each build, the first 10 scores lines of its weak.list tuned as the
# repair tunes (300 s, 2000 trials), exported again, and the two final exports timed alternately, two runs each.
set -u
cd /work/main
o=bench/out/dynamic_s45
s=$o/rule
log() { echo "[$(date -u +%T)] $*" >> $s/run.log; }
printf 'let S=1..512 weight={128:10,384:10,512:10}\nbatch_matmul b=12 m=S n=S k=64 freq=12 name=base_b1_dyn.attn_scores\n' > $s/family.list
for r in old new; do
  et=/work/bins/s45/build/src/cli/etotune; [ $r = new ] && et=/work/bins/s45k1/etotune
  [ -d $s/db_$r ] || cp -a $o/db $s/db_$r
  log "$r: export before"
  [ -s $s/exp_${r}_before/manifest.json ] || $et export $s/family.list --out $s/exp_${r}_before --name scores \
    --db $s/db_$r --threads 2 > $s/export_${r}_before.log 2>&1
  grep attn_scores $s/exp_${r}_before/weak.list | grep -v '^#' | head -10 > $s/repair_$r.list
  log "$r: repair: $(wc -l < $s/repair_$r.list) lines"
  [ -s $s/repair_$r.json ] || $et tune $s/repair_$r.list --seed 1 --threads 2 --db $s/db_$r --trials-total 2000 \
    --refine --objective relative --time-budget 300 --report $s/repair_$r.json > $s/repair_$r.log 2>&1
  log "$r: export after"
  [ -s $s/exp_${r}_after/manifest.json ] || $et export $s/family.list --out $s/exp_${r}_after --name scores \
    --db $s/db_$r --threads 2 > $s/export_${r}_after.log 2>&1
done
for k in 1 2; do
  for r in old new; do
    log "bench_dispatch $r run $k"
    /work/bins/s45/build/bench/bench_dispatch --export $s/exp_${r}_after --threads 2 --out $s/dispatch_${r}_r$k.md \
      > $s/dispatch_${r}_r$k.log 2>&1
  done
done
python3 bench/dispatch_median.py $s/dispatch_old_r1.md $s/dispatch_old_r2.md > $s/old_median.md
python3 bench/dispatch_median.py $s/dispatch_new_r1.md $s/dispatch_new_r2.md > $s/new_median.md
log done
bench/out/dynamic_s45/robust/robust.sh
