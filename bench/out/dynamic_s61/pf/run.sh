#!/usr/bin/env bash
# dynamic_s61/pf/run.sh (#21, session 45): AO.1's repair again with the prefetch field in the search space (53a2c1c,
# /work/bins/s61p/build): from AO.1's cache before its repair (db_pre), the same repair.list and options (2000 trials,
# at most 440 s, relative objective, seed 1), exported by the same build (exp3); then bench_dispatch of exp3, of AO.1's
# exp2, and of exp3 again, one after the other (dispatch3_r1, dispatch2_r4, dispatch3_r2).
set -u
cd /work/main
o=bench/out/dynamic_s61
d=$o/pf
b=/work/bins/s61p/build
log() { echo "[$(date -u +%T)] $*" >> $d/run.log; }
if [ ! -s $d/repair.json ]; then
  rm -rf $d/db && cp -a $o/db_pre $d/db
  log "repair from db_pre"
  s=$(date +%s)
  $b/src/cli/etotune tune $o/repair.list --seed 1 --threads 2 --db $d/db --trials-total 2000 --refine \
    --objective relative --time-budget 440 --report $d/repair.json > $d/repair.log 2>&1
  echo "$(( $(date +%s) - s ))" > $d/repair.wall
fi
if [ ! -s $d/exp3/manifest.json ]; then
  log "export into $d/exp3"
  s=$(date +%s)
  $b/src/cli/etotune export examples/bert_base_dynamic.list --out $d/exp3 --name bert_dyn --db $d/db --threads 2 > $d/export3.log 2>&1
  echo "$(( $(date +%s) - s ))" > $d/export3.wall
fi
run() { # $1 export, $2 table
  [ -s $d/$2.md ] && return
  log "bench_dispatch of $1 into $2"
  $b/bench/bench_dispatch --export $1 --threads 2 --out $d/$2.md > $d/$2.log 2>&1
}
run $d/exp3 dispatch3_r1
run $o/exp2 dispatch2_r4
run $d/exp3 dispatch3_r2
python3 bench/dispatch_median.py $d/dispatch3_r1.md $d/dispatch3_r2.md > $d/dispatch3_median.md
log done
