#!/usr/bin/env bash
# s39: s38's steps and budgets (the hour) with the build at this commit: fit_blocks in the seeded policy (8c2bc5f)
# and weak.list by loss over runs of close values (V.1); three bench_dispatch runs of the last export
set -u
cd /work/main
o=bench/out/dynamic_s39
b=/work/bins/s39/build
et=$b/src/cli/etotune
list=examples/bert_base_dynamic.list
t() { echo "[$(date -u +%T)] $*" >> $o/run.log; }
wall() { echo $(( $(date +%s) - $1 )) > $o/$2.wall; }
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
