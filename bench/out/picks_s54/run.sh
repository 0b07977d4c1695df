#!/usr/bin/env bash
# picks_s54 (#21, session 38): the dispatch picks with splits timed whole (export/picks.c: a split whose parts' times,
# measured apart, sum to clearly less than s's pick is timed against that pick, interleaved, and serves s only when
# faster). AE.1's database (bench/out/dynamic_s50/db, after its repair; copied here) exported again by the new etotune
# (exp3), then bench_dispatch alternately on AE.1's export (bench/out/dynamic_s50/exp2, the old picks) and on exp3,
# two runs each, all with one bench_dispatch binary. Binaries: /work/bins/s54b (the working tree of this change).
# Usage: bench/out/picks_s54/run.sh   (each step is skipped when its output exists: re-run to resume)
set -u
cd /work/main
o=bench/out/picks_s54
b=/work/bins/s54b
log() { echo "[$(date -u +%T)] $*" >> $o/run.log; }
if [ ! -s $o/exp3/manifest.json ]; then
  log "export exp3"
  s=$(date +%s)
  $b/etotune export examples/bert_base_dynamic.list --out $o/exp3 --name bert_dyn --db $o/db --threads 2 \
    > $o/export3.log 2>&1
  log "export exit $? ($(( $(date +%s) - s )) s)"
fi
for k in 1 2; do
  for e in old new; do
    d=bench/out/dynamic_s50/exp2
    [ $e = new ] && d=$o/exp3
    [ -s $o/dispatch_${e}_$k.md ] && continue
    log "bench_dispatch $e $k"
    $b/bench_dispatch --export $d --threads 2 --out $o/dispatch_${e}_$k.md.part > $o/dispatch_${e}_$k.log 2>&1 &&
      mv $o/dispatch_${e}_$k.md.part $o/dispatch_${e}_$k.md
    log "bench_dispatch $e $k exit $?"
  done
done
