#!/usr/bin/env bash
# dynamic_s60/shares (#21, session 44): dynamic_s60's repaired cache (a copy of its db) exported by the build with the
# pool's per-thread shares (/work/bins/s60s/build: src/codegen/pool.c, whose pool times the picks, and
# export/runtime.c, the exported library's), then bench_dispatch of that export (exp3), of dynamic_s60's own exp2 (the
# shared counter, as landed before), and of exp3 again, one after the other (32 lengths, 3 rounds each).
set -u
cd /work/main
o=bench/out/dynamic_s60/shares
b=/work/bins/s60s/build
log() { echo "[$(date -u +%T)] $*" >> $o/run.log; }
if [ ! -s $o/exp3/manifest.json ]; then
  log "export into $o/exp3"
  $b/src/cli/etotune export examples/bert_base_dynamic.list --out $o/exp3 --name bert_dyn --db /tmp/db60 --threads 2 \
    > $o/export3.log 2>&1
fi
for r in "exp3 dispatch3_r1" "exp2 dispatch2_r4" "exp3 dispatch3_r2"; do
  set -- $r
  [ -s $o/$2.md ] && continue
  d=$o/$1; [ $1 = exp2 ] && d=bench/out/dynamic_s60/exp2
  log "bench_dispatch of $d"
  $b/bench/bench_dispatch --export $d --threads 2 --out $o/$2.md > $o/$2.log 2>&1
done
log done
