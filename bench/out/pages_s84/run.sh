#!/usr/bin/env bash
# BK.1: bench_dispatch of BJ.3's repaired export (bench/out/dynamic_s83/exp2) with BUILD's bench_dispatch, into
# bench/out/pages_s84/TAG.md: the same export timed with buffers that are (s84) or may not be (s83r32) wholly on huge pages
set -u
cd "$(dirname "$0")/../../.."
tag=$1 b=$2
echo "[$(date -u +%T)] $tag $b" >> bench/out/pages_s84/run.log
$b/bench/bench_dispatch --export bench/out/dynamic_s83/exp2 --threads 2 --out bench/out/pages_s84/$tag.md > bench/out/pages_s84/$tag.log 2>&1
echo "[$(date -u +%T)] $tag done rc=$?" >> bench/out/pages_s84/run.log
