#!/usr/bin/env bash
# AK.3 (#21): do the measured picks size s's own kernel's samples from its first call? Builds of 466cb29 with a trace
# of each candidate's samples (ETO_PICKS_TRACE, not in the product: /work/wt), without and with the warm-up fix (the
# fastest of three first calls sizes the samples), each exporting the scores family from dynamic_s57/db (arm
# "current"'s repaired cache, read only) twice, alternating, each export timed once by bench_dispatch.
set -u
cd /work/main
o=bench/out/dynamic_s57
s=$o/picks
until grep -q "both arms done" $o/run.log; do sleep 20; done
echo "[$(date -u +%T)] builds" >> $s/run.log
if [ ! -x /work/bins/s57t_old/build/src/cli/etotune ]; then
  (cd /work/wt && git checkout -q export/picks.c && git apply /work/main/bench/out/dynamic_s57/picks/trace.patch && scripts/build.sh > /tmp/wt_old.log 2>&1)
  mkdir -p /work/bins/s57t_old && cp -a /work/wt/build /work/bins/s57t_old/
fi
if [ ! -x /work/bins/s57t_new/build/src/cli/etotune ]; then
  (cd /work/wt && git apply /work/main/bench/out/dynamic_s57/picks/fix.patch && scripts/build.sh > /tmp/wt_new.log 2>&1)
  mkdir -p /work/bins/s57t_new && cp -a /work/wt/build /work/bins/s57t_new/
fi
for k in 1 2; do
  for arm in old new; do
    b=/work/bins/s57t_$arm/build
    e=$s/$arm$k
    echo "[$(date -u +%T)] export $arm $k" >> $s/run.log
    [ -s $e/manifest.json ] || ETO_PICKS_TRACE=1 $b/src/cli/etotune export bench/out/dynamic_s55/scores/family.list \
      --out $e --name scores --db $o/db --threads 2 > $s/export_$arm$k.log 2> $s/trace_$arm$k.log
    [ -s $s/dispatch_$arm$k.md ] || $b/bench/bench_dispatch --export $e --threads 2 --out $s/dispatch_$arm$k.md > /dev/null 2>&1
  done
done
echo "[$(date -u +%T)] done" >> $s/run.log
