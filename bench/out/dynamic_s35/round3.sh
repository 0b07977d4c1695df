#!/usr/bin/env bash
# s35, R.2: a third repair round with the build of bdd71da-a002099 (/work/bins/s35b/etotune: a reuser of a cached
# source releases its children after its first batch; the export's picks and padded copies on page-aligned arrays),
# in a copy of s35's cache (db3): the 60 weakest of exp3/weak.list, 2000 trials, --refine, latency objective (how
# many of its new values get a program); before it, two more bench_dispatch runs of s34's exp4 with this session's
# bench_dispatch (page-aligned arrays) and the per-length medians of the three
set -u
cd /work/main
o=bench/out/dynamic_s35
et=/work/bins/s35b/etotune
list=examples/bert_base_dynamic.list
t() { echo "[$(date -u +%T)] $*" >> $o/round3.log; }
for k in 2 3; do
  t "bench_dispatch of s34's exp4, run $k"
  /work/bins/s35/build/bench/bench_dispatch --export bench/out/dynamic_s34/exp4 --threads 2 --out $o/s34exp4_r$k.md > $o/s34exp4_r$k.log 2>&1
done
python3 bench/dispatch_median.py $o/s34exp4.md $o/s34exp4_r2.md $o/s34exp4_r3.md > $o/s34exp4_median.md
rm -rf $o/db3 && cp -r $o/db $o/db3
awk '!/^#/ && k < 60 { print; k++ }' $o/exp3/weak.list > $o/repair3.list
t "repair3"; s=$(date +%s)
$et tune $o/repair3.list --seed 1 --threads 2 --db $o/db3 --trials-total 2000 --refine --objective latency \
  --report $o/repair3.json > $o/repair3.log 2>&1 || t "repair3 exited $?"
echo $(( $(date +%s) - s )) > $o/repair3.wall
bench/out/dynamic_s35/verify.sh > $o/verify.txt 2>&1
t done
