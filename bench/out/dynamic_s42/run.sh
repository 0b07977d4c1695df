#!/usr/bin/env bash
# s42 (build 0aaa113: split picks (522040a) and a representative weighted by the values it serves): the hour's
# pipeline with one repair, s41's budgets (X.2): tune, export, repair, export, then three bench_dispatch runs
set -u
cd /work/main
o=bench/out/dynamic_s42
b=/work/bins/s42/build
et=$b/src/cli/etotune
list=examples/bert_base_dynamic.list
t() { echo "[$(date -u +%T)] $*" >> $o/run.log; }
wall() { echo $(( $(date +%s) - $1 )) > $o/$2.wall; }
disp() {  # disp EXP PREFIX
  for k in 1 2 3; do
    [ -s $o/$2_r$k.md ] && continue
    t "bench_dispatch $1 run $k"
    $b/bench/bench_dispatch --export $o/$1 --threads 2 --out $o/$2_r$k.md > $o/$2_r$k.log 2>&1
  done
  python3 bench/dispatch_median.py $o/$2_r1.md $o/$2_r2.md $o/$2_r3.md > $o/$2_median.md
}
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
disp exp2 dispatch2
t done
