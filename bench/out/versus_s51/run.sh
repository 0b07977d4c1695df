#!/usr/bin/env bash
# versus_s51 (#21): the 20 references of bench/dynamic_versus.list (1000-trial full searches of the exact shapes at
# s = 37, 128, 257, 509) searched on this host, in chunks: each call searches for at most SECONDS (default 1200) and
# the next resumes (the cache's trials count and are not measured again); once every operator has its 1000 trials,
# the list is exported (exp_versus) and bench_dispatch times s50's repaired export beside it (--versus).
# Usage: bench/out/versus_s51/run.sh [SECONDS]   (about 80 minutes of searching in all on this host)
set -u
cd /work/main
o=bench/out/versus_s51
e=/work/bins/s51/etotune
b=/work/bins/s50/build
t=${1:-1200}
t0=$(date +%s)
echo "[$(date -u +%T)] search chunk ($t s)" >> $o/run.log
$e tune bench/dynamic_versus.list --mode full --trials 1000 --seed 1 --threads 2 --min-repeat-ms 25 \
  --time-budget "$t" --db $o/db --report $o/tune.json >> $o/tune.log 2>&1
rc=$?
el=$(( $(date +%s) - t0 ))
echo "[$(date -u +%T)] search chunk exit $rc, $el s" >> $o/run.log
# a chunk that used (nearly) its whole budget was ended by it: run again (the next chunk resumes)
[ $rc -le 1 ] && [ $el -lt $(( t * 9 / 10 )) ] || exit 0
$e export bench/dynamic_versus.list --out $o/exp_versus --name versus --db $o/db --threads 2 > $o/export.log 2>&1
$b/bench/bench_dispatch --export bench/out/dynamic_s50/exp2 --versus $o/exp_versus --threads 2 \
  --out $o/dispatch2_versus.md > $o/dispatch2_versus.log 2>&1
echo "[$(date -u +%T)] versus done" >> $o/run.log
