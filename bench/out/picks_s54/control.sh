#!/usr/bin/env bash
# picks_s54 control (#21, session 38): the same database exported again now by the previous etotune
# (/work/bins/s53/etotune: the picks as before this change; export code unchanged since 8c6f7c0) into exp2b, so that
# old and new picks are taken on this host at adjacent times (AE.1's exp2 was taken at another session); then
# bench_dispatch on exp2b, exp3, exp2b (one bench_dispatch binary, /work/bins/s54b).
# Usage: bench/out/picks_s54/control.sh   (each step is skipped when its output exists)
set -u
cd /work/main
o=bench/out/picks_s54
b=/work/bins/s54b
log() { echo "[$(date -u +%T)] $*" >> $o/run.log; }
if [ ! -s $o/exp2b/manifest.json ]; then
  rm -rf $o/db2b && cp -r bench/out/dynamic_s50/db $o/db2b
  log "export exp2b (old picks)"
  s=$(date +%s)
  /work/bins/s53/etotune export examples/bert_base_dynamic.list --out $o/exp2b --name bert_dyn --db $o/db2b \
    --threads 2 > $o/export2b.log 2>&1
  log "export exp2b exit $? ($(( $(date +%s) - s )) s)"
fi
for r in "oldb 1 $o/exp2b" "new 3 $o/exp3" "oldb 2 $o/exp2b"; do
  set -- $r
  [ -s $o/dispatch_$1_$2.md ] && continue
  log "bench_dispatch $1 $2"
  $b/bench_dispatch --export $3 --threads 2 --out $o/dispatch_$1_$2.md.part > $o/dispatch_$1_$2.log 2>&1 &&
    mv $o/dispatch_$1_$2.md.part $o/dispatch_$1_$2.md
  log "bench_dispatch $1 $2 exit $?"
done
