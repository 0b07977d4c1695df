#!/usr/bin/env bash
# lists_s74/resnet2.sh (#19, session 58), from the repository's root: resnet.sh at seed 2: ResNet-50's list tuned by
# the default with the patience floor (/work/bins/s74f) and without it (/work/bins/s74), one after the other. Waits
# for run.sh (one timing run at a time; started after the session's ASan tests).
set -u
while pgrep -f lists_s74/run.sh > /dev/null; do sleep 10; done
o=bench/out/lists_s74
for v in s74f s74; do
  n=resnet50_s2_$v
  [ -s $o/$n.json ] && continue
  rm -rf $o/db-$n
  echo "[$(date -u +%T)] $n start" >> $o/run.log
  /work/bins/$v/build/src/cli/etotune tune examples/resnet50.list --db $o/db-$n --seed 2 --threads 2 \
    --min-repeat-ms 25 --report $o/$n.json > $o/$n.out 2>&1
  echo "[$(date -u +%T)] $n exit $?" >> $o/run.log
done
