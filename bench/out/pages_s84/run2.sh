#!/usr/bin/env bash
# BK.1: BJ's bench_dispatch (s83r32: buffers that may be partly on 4 KiB pages) on BK.2's export
# (bench/out/dynamic_s84/exp2), beside that hour's three runs with the change
set -u
cd "$(dirname "$0")/../../.."
echo "[$(date -u +%T)] old_on84 /work/bins/s83r32/build" >> bench/out/pages_s84/run.log
/work/bins/s83r32/build/bench/bench_dispatch --export bench/out/dynamic_s84/exp2 --threads 2 --out bench/out/pages_s84/old_on84.md > bench/out/pages_s84/old_on84.log 2>&1
echo "[$(date -u +%T)] old_on84 done rc=$?" >> bench/out/pages_s84/run.log
