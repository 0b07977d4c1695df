#!/usr/bin/env bash
# dynamic_s63/ab_repair.sh (#21, session 47): the hour's repair (its 60 weak lines, 2000 trials, at most 440 s,
# relative objective: bench/dynamic.sh's command) run again from two copies of the cache the family tuning left
# (db_pre), by the build before c53caa7 (old: /work/old323/build, 323be79) and by c53caa7 (new: /work/bins/s63/build),
# one after the other, each report in ab/repair_{old,new}.json: the seeded policy's neighbours compared on one start.
set -u
cd /work/main
o=bench/out/dynamic_s63
mkdir -p $o/ab
for w in old new; do
  [ -s $o/ab/repair_$w.json ] && continue
  e=/work/bins/s63/build/src/cli/etotune; [ $w = old ] && e=/work/old323/build/src/cli/etotune
  rm -rf /tmp/ab_$w && cp -a $o/db_pre /tmp/ab_$w
  echo "[$(date -u +%T)] repair $w" >> $o/ab/run.log
  $e tune $o/repair.list --seed 1 --threads 2 --db /tmp/ab_$w --trials-total 2000 --refine --objective relative \
    --time-budget 440 --report $o/ab/repair_$w.json > $o/ab/repair_$w.log 2>&1
  echo "[$(date -u +%T)] repair $w exit $?" >> $o/ab/run.log
done
