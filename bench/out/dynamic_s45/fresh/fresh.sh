#!/usr/bin/env bash
# s45 (#21): the pipeline's repair list (repair.list, 60 lines) tuned again as the pipeline's repair tunes it, on two
# copies of the final cache (where every line is now a cached operator: 60 refine tasks), with the pipeline's build
# (d69693b, db_old) and with ff95951's (fresh refine tasks, 0f3310d; db): how many lines get no trial?
set -u
cd /work/main
o=bench/out/dynamic_s45/fresh
for v in old new; do
  et=/work/bins/s45k4/etotune_head; db=$o/db
  [ $v = old ] && et=/work/bins/s45/build/src/cli/etotune && db=$o/db_old
  $et tune bench/out/dynamic_s45/repair.list --seed 1 --threads 2 --db $db --trials-total 2000 --refine \
    --objective relative --time-budget 440 --report $o/repair_$v.json > $o/repair_$v.log 2>&1
  echo "[$(date -u +%T)] $v done" >> $o/run.log
done
