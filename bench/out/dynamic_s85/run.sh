#!/usr/bin/env bash
# session 69: the hour (bench/dynamic_hour.sh, BJ.3's command) with 35bcf81's code (the export's picks on new huge
# pages; bench_dispatch --pages huge by default), /work/bins/s85b/build; after bench/out/pages_s85/queue3.sh; then its
# repaired export beside AF.3's exact-shape references (bench/out/pages_s85/exp_versus)
cd /work/main
while pgrep -f pages_s85/queue3.sh > /dev/null; do sleep 10; done
o=bench/out/dynamic_s85
b=/work/bins/s85b/build
bench/dynamic_hour.sh $o $b
if [ ! -s $o/dispatch2_versus.md ]; then
  echo "[$(date -u +%T)] bench_dispatch exp2 --versus" >> $o/run.log
  $b/bench/bench_dispatch --export $o/exp2 --versus bench/out/pages_s85/exp_versus --threads 2 \
    --out $o/dispatch2_versus.md > $o/dispatch2_versus.log 2>&1
  echo "[$(date -u +%T)] versus done" >> $o/run.log
fi
