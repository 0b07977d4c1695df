#!/usr/bin/env bash
# versus_s56 (#21): dynamic_s56's repaired export (exp2) against versus_s51's exact-shape references (1000-trial full
# searches at s = 37, 128, 257, 509, kept as their export exp_versus: re-timed, not searched again) and oneDNN, one
# bench_dispatch run (AF.3's and AI.1's command with this session's export and build).
cd /work/main
/work/bins/s56/build/bench/bench_dispatch --export bench/out/dynamic_s56/exp2 --versus bench/out/versus_s51/exp_versus \
  --threads 2 --out bench/out/versus_s56/dispatch2_versus.md > bench/out/versus_s56/dispatch2_versus.log 2>&1
