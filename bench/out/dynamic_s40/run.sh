#!/usr/bin/env bash
# s40: s39's steps and budgets with the picks judging disturbance by lost CPU time (2.3x faster) and the weak values
# judged also against larger values (1e36014); first, s39's final cache exported again (exp_s39db) and benchmarked once
# (the picks alone changed: against s39's exp3); then the pipeline and three bench_dispatch runs of its last export
set -u
cd /work/main
o=bench/out/dynamic_s40
b=/work/bins/s40/build
et=$b/src/cli/etotune
list=examples/bert_base_dynamic.list
t() { echo "[$(date -u +%T)] $*" >> $o/run.log; }
wall() { echo $(( $(date +%s) - $1 )) > $o/$2.wall; }
if [ ! -s $o/dispatch_s39db.md ]; then
  rm -rf $o/db39 && cp -r bench/out/dynamic_s39/db $o/db39
  t "export s39's cache"; s=$(date +%s)
  $et export $list --out $o/exp_s39db --name bert_dyn --db $o/db39 --threads 2 > $o/export_s39db.log 2>&1 || t "exited $?"
  wall $s export_s39db
  t "bench_dispatch exp_s39db"
  $b/bench/bench_dispatch --export $o/exp_s39db --threads 2 --out $o/dispatch_s39db.md > $o/dispatch_s39db.log 2>&1
fi
if [ ! -s $o/tune.json ]; then
  t "tune 13800"; s=$(date +%s)
  $et tune $list --family representatives --seed 1 --threads 2 --db $o/db --time-budget 2250 --objective latency \
    --scheduler per-second --trials-total 13800 --report $o/tune.json.part > $o/tune.log 2>&1 || t "tune exited $?"
  wall $s tune; mv $o/tune.json.part $o/tune.json
fi
ex() {  # ex EXP NAME
  [ -s $o/$1/manifest.json ] && return 0
  t "export $1"; local s=$(date +%s)
  $et export $list --out $o/$1 --name bert_dyn --db $o/db --threads 2 > $o/$2.log 2>&1 || t "export exited $?"
  wall $s $2
}
rep() {  # rep FROM NAME OBJECTIVE
  [ -s $o/$2.json ] && return 0
  awk '!/^#/ && k < 60 { print; k++ }' $o/$1/weak.list > $o/$2.list
  t "$2: $(wc -l < $o/$2.list) of $(grep -vc '^#' $o/$1/weak.list)"; local s=$(date +%s)
  $et tune $o/$2.list --seed 1 --threads 2 --db $o/db --trials-total 2000 --time-budget 240 --refine --objective $3 \
    --report $o/$2.json.part > $o/$2.log 2>&1 || t "$2 exited $?"
  wall $s $2; mv $o/$2.json.part $o/$2.json
}
ex exp export
rep exp repair relative
ex exp2 export2
rep exp2 repair2 latency
ex exp3 export3
for k in 1 2 3; do
  [ -s $o/dispatch3_r$k.md ] && continue
  t "bench_dispatch exp3 run $k"
  $b/bench/bench_dispatch --export $o/exp3 --threads 2 --out $o/dispatch3_r$k.md > $o/dispatch3_r$k.log 2>&1
done
python3 bench/dispatch_median.py $o/dispatch3_r1.md $o/dispatch3_r2.md $o/dispatch3_r3.md > $o/dispatch3_median.md
t done
