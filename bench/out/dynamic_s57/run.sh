#!/usr/bin/env bash
# s57: the weak test's window (bench/out/dynamic_s56/weak_window.patch, RESULTS AJ.4) against the current test, from
# one family tuning. Arm "current" (466cb29, /work/bins/s57): the hour's pipeline as AJ.1 (bench/dynamic_hour.sh),
# which keeps the cache before its repair as db_pre. Arm "window" (466cb29 + the patch, /work/bins/s57w): from a copy
# of that db_pre and the same tune report, the same export, repair (60 weak values, 2000 trials, 440 s, relative,
# --refine, seed 1), export and three bench_dispatch runs. The builds: scripts/build.sh, build/ copied to the bins.
cd /work/main
o=bench/out/dynamic_s57
bench/dynamic_hour.sh $o /work/bins/s57/build
w=$o/window
mkdir -p $w
[ -d $w/db ] || cp -a $o/db_pre $w/db
for f in tune.json tune.wall; do [ -s $w/$f ] || cp $o/$f $w/$f; done
bench/dynamic_hour.sh $w /work/bins/s57w/build
echo "[$(date -u +%T)] both arms done" >> $o/run.log
