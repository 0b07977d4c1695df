#!/usr/bin/env bash
# s34, a second repair round with the build that does not judge values served in under 2 us (commit after 3186c37):
# exp2's cache exported again (exp2b: exp2 was written by the build without that floor), its 60 weakest tuned
# (2000 trials, --refine, the latency objective), exported (exp3) and timed three times
set -u
cd /work/main
o=bench/out/dynamic_s34
b=/work/bins/s34c/build
et=$b/src/cli/etotune
while pgrep -f "bench_dispatch --export $o/exp2" > /dev/null; do sleep 5; done
t() { echo "[$(date -u +%T)] $*" >> $o/round2.log; }
t "export exp2b"; s=$(date +%s)
$et export examples/bert_base_dynamic.list --out $o/exp2b --name bert_dyn --db $o/db --threads 2 > $o/export2b.log 2>&1
echo $(( $(date +%s) - s )) > $o/export2b.wall
awk '!/^#/ && k < 60 { print; k++ }' $o/exp2b/weak.list > $o/repair2.list
t "repair 2: $(wc -l < $o/repair2.list) of $(grep -vc '^#' $o/exp2b/weak.list)"; s=$(date +%s)
$et tune $o/repair2.list --seed 1 --threads 2 --db $o/db --trials-total 2000 --refine --objective latency \
  --report $o/repair2.json > $o/repair2.log 2>&1 || t "repair2 exited $?"
echo $(( $(date +%s) - s )) > $o/repair2.wall
t "export exp3"; s=$(date +%s)
$et export examples/bert_base_dynamic.list --out $o/exp3 --name bert_dyn --db $o/db --threads 2 > $o/export3.log 2>&1
echo $(( $(date +%s) - s )) > $o/export3.wall
for k in 1 2 3; do
  t "bench_dispatch exp3 run $k"
  $b/bench/bench_dispatch --export $o/exp3 --threads 2 --out $o/dispatch3_r$k.md > $o/dispatch3_r$k.log 2>&1
done
python3 bench/dispatch_median.py $o/dispatch3_r1.md $o/dispatch3_r2.md $o/dispatch3_r3.md > $o/dispatch3_median.md
t done
