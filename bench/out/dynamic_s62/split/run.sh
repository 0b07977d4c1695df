#!/usr/bin/env bash
# dynamic_s62/split (#21, session 46): splits timed as the dispatch function runs them. The hour's repaired cache
# (dynamic_s62/db) exported again by the build that times a split's two calls back to back against s's fastest
# kernel (/work/bins/s62s/build) into exp3, then bench_dispatch of exp3, of the hour's exp2 (f361dd4: a split's
# parts timed apart, their sum compared) and of exp3 again, one after the other.
set -u
cd /work/main
o=bench/out/dynamic_s62/split
d=bench/out/dynamic_s62
e=/work/bins/s62s/build/src/cli/etotune
b=/work/bins/s62/build/bench/bench_dispatch
if [ ! -s $o/exp3/manifest.json ]; then
  echo "[$(date -u +%T)] export exp3" >> $o/run.log
  t0=$(date +%s)
  $e export examples/bert_base_dynamic.list --out $o/exp3 --name bert_dyn --db $d/db --threads 2 > $o/export3.log 2>&1
  echo $(( $(date +%s) - t0 )) > $o/export3.wall
fi
run() { # EXPORT LABEL
  [ -s $o/$2.md ] && return
  echo "[$(date -u +%T)] bench_dispatch $2" >> $o/run.log
  $b --export $1 --threads 2 --out $o/$2.md > $o/$2.log 2>&1
}
run $o/exp3 dispatch3_a
run $d/exp2 dispatch2_r4
run $o/exp3 dispatch3_b
python3 bench/dispatch_median.py $o/dispatch3_a.md $o/dispatch3_b.md > $o/dispatch3_median.md
python3 bench/dispatch_median.py $d/dispatch2.md $d/dispatch2_r2.md $d/dispatch2_r3.md $o/dispatch2_r4.md > $o/dispatch2_median4.md
echo "[$(date -u +%T)] done" >> $o/run.log
