#!/usr/bin/env bash
# imperfect_s54 repair (#21, session 38): the five sampled lengths under 0.80 of oneDNN in AH.2's control export (the
# attention scores at 257, 300, 311, 401, 443) tuned as members of their own, by etotune's default (eto mode: reuse
# from the cached neighbours, the seeded policy, whose transplants keep a neighbour's tiles as imperfect ones, now
# lowered with the block move), into a copy of AH.2's database; exported again (exp4) and bench_dispatch at those
# lengths on exp4 and on AH.2's control export exp2b, alternately. Binary: /work/bins/s54d (etotune, the new lowering);
# bench_dispatch /work/bins/s54b.
# Usage: bench/out/imperfect_s54/repair.sh
set -u
cd /work/main
o=bench/out/imperfect_s54
log() { echo "[$(date -u +%T)] $*" >> $o/repair.log; }
if [ ! -s $o/rep_tune.json ]; then
  rm -rf $o/db_rep && cp -r bench/out/picks_s54/db $o/db_rep
  for s in 257 300 311 401 443; do
    echo "batch_matmul b=12 m=$s n=$s k=64 freq=12 name=base_b1_dyn.attn_scores"
  done > $o/rep.list
  log "tune rep.list"
  /work/bins/s54d/etotune tune $o/rep.list --seed 1 --threads 2 --min-repeat-ms 25 --db $o/db_rep \
    --report $o/rep_tune.json > $o/rep_tune.log 2>&1
  log "tune exit $?"
fi
if [ ! -s $o/exp4/manifest.json ]; then
  log "export exp4"
  /work/bins/s54d/etotune export examples/bert_base_dynamic.list --out $o/exp4 --name bert_dyn --db $o/db_rep \
    --threads 2 > $o/export4.log 2>&1
  log "export exit $?"
fi
L=257,300,311,401,443,256,384,448
for r in "new 1 $o/exp4" "old 1 bench/out/picks_s54/exp2b" "new 2 $o/exp4" "old 2 bench/out/picks_s54/exp2b"; do
  set -- $r
  [ -s $o/dispatch_$1_$2.md ] && continue
  log "bench_dispatch $1 $2"
  /work/bins/s54b/bench_dispatch --export $3 --lengths $L --threads 2 --out $o/dispatch_$1_$2.md.part \
    > $o/dispatch_$1_$2.log 2>&1 && mv $o/dispatch_$1_$2.md.part $o/dispatch_$1_$2.md
  log "bench_dispatch $1 $2 exit $?"
done
