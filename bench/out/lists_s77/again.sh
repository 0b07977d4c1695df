#!/usr/bin/env bash
# lists_s77/again.sh: after more.sh, refine.sh's seed 3 again (its first run was disturbed: run.log).
cd "$(dirname "$0")/../../.."
while pgrep -f "more.sh" > /dev/null; do sleep 10; done
o=bench/out/lists_s77; n=mobilenetv2_s3_refine
rm -rf $o/db-$n && cp -r bench/out/lists_s76/db-mobilenetv2_s3_s76r $o/db-$n
echo "[$(date -u +%T)] $n start (again)" >> $o/run.log
/work/bins/s76r/build/src/cli/etotune tune examples/mobilenetv2.list --refine --db $o/db-$n --seed 3 --threads 2 \
  --min-repeat-ms 25 --report $o/$n.json > $o/$n.out 2>&1
echo "[$(date -u +%T)] $n exit $?" >> $o/run.log
