#!/usr/bin/env bash
# after queue.sh: BJ.3's exp2 beside AF.3's 1000-trial full searches of the exact shapes at 37, 128, 257, 509
# (bench/out/versus_s70/exp_versus, this fingerprint), --pages huge, build 619de7c
cd /work/main
o=bench/out/pages_s85
while pgrep -f pages_s85/queue.sh > /dev/null; do sleep 10; done
echo "[$(date -u +%T)] versus" >> $o/run.log
/work/bins/s85/bench_dispatch --export bench/out/dynamic_s83/exp2 --versus bench/out/versus_s70/exp_versus --threads 2 \
  --pages huge --out $o/bj3_huge_versus.md > $o/bj3_huge_versus.log 2>&1
echo "[$(date -u +%T)] versus done" >> $o/run.log
