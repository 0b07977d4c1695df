#!/usr/bin/env bash
# dynamic_s65 (#21), step 2 of 2, after run.sh (whose export, repair and export2 ran on 9a993c5's etotune, put in
# place of 8d64c71's before the family tuning ended; the tuning code is the same): 1. exp2's export again from the
# same cache with the first export's picks reused (--picks-from exp: exp2b), its time and table against exp2's,
# which timed every value; 2. a second repair by this checkout's bench/dynamic.sh --repairs 2 (exp2's weak.list,
# 2000 trials, at most 300 s), exported into exp3 with exp2's picks reused, timed once (dispatch3.md).
set -u
cd /work/main
o=bench/out/dynamic_s65
b=/work/bins/s65new/build
while pgrep -f dynamic_s65/run.sh > /dev/null; do sleep 10; done
log() { echo "[$(date -u +%T)] $*" >> $o/run.log; }
if [ ! -s $o/exp2b/manifest.json ]; then
  log "export into $o/exp2b, picks from $o/exp"
  t0=$(date +%s)
  $b/src/cli/etotune export examples/bert_base_dynamic.list --out $o/exp2b --name bert_dyn --db $o/db --threads 2 \
    --picks-from $o/exp > $o/export2b.log 2>&1
  echo $(( $(date +%s) - t0 )) > $o/export2b.wall
fi
bench/dynamic.sh $b --out $o --time 900 --trials-total 14000 --objective latency --scheduler per-second \
  --small-trials 700 --small-time 90 --repair-trials 2000 --repair-values 60 --repair-objective relative \
  --repair-time 300 --no-first-dispatch --repairs 2 > $o/dynamic2.out 2>> $o/run.log
log "step 2 done"
