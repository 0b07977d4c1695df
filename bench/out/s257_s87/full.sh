#!/usr/bin/env bash
# session 71: BM.3's bench_dispatch of exp2, with the PROBE_BELOW diagnostic (a length under 0.85 of oneDNN re-timed
# on the same arrays, on fresh arrays, from a new thread, with the caller's stack moved down)
cd /work/main
o=bench/out/s257_s87
for i in "$@"; do
  echo "[$(date -u +%T)] run $i" >> $o/run.log
  PROBE_BELOW=0.85 /tmp/b71/bench/bench_dispatch --export bench/out/dynamic_s86/exp2 --threads 2 --out $o/full$i.md > $o/full$i.log 2>&1
done
echo "[$(date -u +%T)] done" >> $o/run.log
