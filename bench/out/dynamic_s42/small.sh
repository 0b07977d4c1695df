#!/usr/bin/env bash
# s42, after run.sh and versus.sh: the dense layers' representatives 1..16 (48 operators, each given one round of ~20
# trials by the family tuning) searched further on a copy of the pipeline's cache (2000 trials, 300 s, relative
# objective), exported, three bench_dispatch runs: do the small lengths' lows (RESULTS Y.1) lift with trials?
set -u
cd /work/main
o=bench/out/dynamic_s42
b=/work/bins/s42/build
et=$b/src/cli/etotune
list=examples/bert_base_dynamic.list
t() { echo "[$(date -u +%T)] $*" >> $o/run.log; }
until grep -q "versus done" $o/run.log 2>/dev/null; do sleep 20; done
# the split case of tests/export/test_picks (this session's test change), alone on the machine
[ -s /tmp/test_picks.out ] || { t "test_picks"; /work/main/build/tests/export/test_picks > /tmp/test_picks.out 2>&1; echo "rc $?" >> /tmp/test_picks.out; }
if [ ! -s $o/small.json ]; then
  rm -rf $o/db_small && cp -r $o/db $o/db_small
  t "small: tune"; s=$(date +%s)
  $et tune $o/small.list --seed 1 --threads 2 --db $o/db_small --trials-total 2000 --time-budget 300 --refine \
    --objective relative --report $o/small.json.part > $o/small.log 2>&1 || t "small exited $?"
  echo $(( $(date +%s) - s )) > $o/small.wall; mv $o/small.json.part $o/small.json
fi
if [ ! -s $o/exp3/manifest.json ]; then
  t "export exp3"; s=$(date +%s)
  $et export $list --out $o/exp3 --name bert_dyn --db $o/db_small --threads 2 > $o/export3.log 2>&1 || t "export exited $?"
  echo $(( $(date +%s) - s )) > $o/export3.wall
fi
for k in 1 2 3; do
  [ -s $o/dispatch3_r$k.md ] && continue
  t "bench_dispatch exp3 run $k"
  $b/bench/bench_dispatch --export $o/exp3 --threads 2 --out $o/dispatch3_r$k.md > $o/dispatch3_r$k.log 2>&1
done
python3 bench/dispatch_median.py $o/dispatch3_r1.md $o/dispatch3_r2.md $o/dispatch3_r3.md > $o/dispatch3_median.md
t "small done"
