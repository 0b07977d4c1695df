#!/usr/bin/env bash
# bench/dynamic_hour.sh OUT BUILD [OPTION...] — the dynamic-shape benchmark's hour (issue "Dynamic-shape BERT";
# bench/RESULTS.md AB.1, AC.1, AD.1): bench/dynamic.sh with BUILD into OUT: family tuning 2300 s in all (the small
# values' 3 x 90 s taken from it, 5% of the rest kept back for reseeding), each dense family's values 1..16 searched
# further (700 trials, at most 90 s each), export, repair of 60 weak values (2000 trials, at most 440 s, relative
# objective), export; then two more bench_dispatch runs of the repaired export and the median of the three
# (OUT/dispatch2_median.md). Steps resume (bench/dynamic.sh's, and a dispatch run whose table exists is skipped); a
# log in OUT/run.log. Options after BUILD go to bench/dynamic.sh after these (a later option wins), e.g. --time 2200;
# with --repairs N the last export (OUT/expN+1) is the one timed three times (OUT/dispatchN+1_median.md).
set -u
o="$1"
b="$2"
cd "$(dirname "$0")/.."
echo "[$(date -u +%T)] start" >> $o/run.log
bench/dynamic.sh $b --out $o --time 2300 --trials-total 14000 --objective latency --scheduler per-second \
  --small-trials 700 --small-time 90 --repair-trials 2000 --repair-values 60 --repair-objective relative \
  --repair-time 440 --no-first-dispatch "${@:3}" > $o/dynamic.out 2>> $o/run.log
# with --repairs N among the options, the last export is expN+1 (dispatchN+1*.md)
n=1
args=("${@:3}")
for ((i = 0; i + 1 < ${#args[@]}; i++)); do [ "${args[i]}" = --repairs ] && n=${args[i + 1]}; done
e=$((n + 1))
for k in 2 3; do
  [ -s $o/dispatch${e}_r$k.md ] && continue
  echo "[$(date -u +%T)] bench_dispatch run $k" >> $o/run.log
  $b/bench/bench_dispatch --export $o/exp$e --threads 2 --out $o/dispatch${e}_r$k.md > $o/dispatch${e}_r$k.log 2>&1
done
python3 bench/dispatch_median.py $o/dispatch$e.md $o/dispatch${e}_r2.md $o/dispatch${e}_r3.md > $o/dispatch${e}_median.md
echo "[$(date -u +%T)] done" >> $o/run.log
