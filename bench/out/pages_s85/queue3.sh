#!/usr/bin/env bash
# session 69, step 2: BJ.3's tuned cache (bench/out/dynamic_s83/db, copied) exported again with the export's picks timed
# on new huge pages (eto_buffer_alloc_fresh, build /work/bins/s85b), all picks timed (no --picks-from), into exp3;
# then bench_dispatch --pages huge of exp3 (three runs) and of BJ.3's exp2 (a fourth), each beside AF.3's 1000-trial
# full searches at 37, 128, 257, 509 (exp_versus, exported here from bench/out/versus_s51's recipes)
cd /work/main
o=bench/out/pages_s85
b=/work/bins/s85b/build
if [ ! -s $o/exp3/manifest.json ]; then
  echo "[$(date -u +%T)] export exp3" >> $o/run.log
  /usr/bin/time -f '%e s' -o $o/export3.wall $b/src/cli/etotune export examples/bert_base_dynamic.list --out $o/exp3 \
    --name bert_dyn --db /tmp/s83db --threads 2 > $o/export3.log 2>&1
fi
for t in exp3_r1 exp2_r4 exp3_r2 exp3_r3; do
  [ -s $o/$t.md ] && continue
  e=${t%_r*}
  d=$o/exp3; [ $e = exp2 ] && d=bench/out/dynamic_s83/exp2
  echo "[$(date -u +%T)] $t" >> $o/run.log
  $b/bench/bench_dispatch --export $d --versus $o/exp_versus --threads 2 --pages huge --out $o/$t.md > $o/$t.log 2>&1
done
python3 bench/dispatch_median.py $o/exp3_r1.md $o/exp3_r2.md $o/exp3_r3.md > $o/exp3_median.md
python3 bench/dispatch_median.py $o/bj3_huge_r1.md $o/bj3_huge_r2.md $o/bj3_huge_r3.md > $o/bj3_huge_median.md
echo "[$(date -u +%T)] done" >> $o/run.log
