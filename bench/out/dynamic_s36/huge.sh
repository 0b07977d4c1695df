#!/usr/bin/env bash
# s36: s36's exp3 timed by bench_dispatch with the build whose buffers (ours and, new, oneDNN's) are 2 MiB-aligned
# and advised as huge pages (eto_buffer_alloc), once
cd /work/main
o=bench/out/dynamic_s36
echo "[$(date -u +%T)] bench_dispatch exp3 huge" >> $o/run.log
/work/bins/s36h/build/bench/bench_dispatch --export $o/exp3 --threads 2 --out $o/dispatch3h_r1.md > $o/dispatch3h_r1.log 2>&1
echo "[$(date -u +%T)] done" >> $o/run.log
