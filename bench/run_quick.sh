#!/bin/bash
# bench/run_quick.sh — the quick, reduced-budget run of every figure in bench/RESULTS.md, one benchmark at a
# time (timing runs must not overlap on a 2-core machine). Usage: bench/run_quick.sh [BUILD_DIR]
# Outputs go to bench/out/; each step's table to bench/out/<step>.md and its progress to bench/out/<step>.log.
set -u
B=${1:-build}
MS=25 # minimum timed repeat (ms): shorter than etotune's default 100 to fit the session; same for every mode
cd "$(dirname "$0")/.."
mkdir -p bench/out
step() { # name, command...
  local name=$1; shift
  echo "[$(date -u +%H:%M:%S)] $name: $*" >&2
  "$@" > "bench/out/$name.md" 2> "bench/out/$name.log"
  local rc=$? # before the date's command substitution, which sets $? again
  echo "[$(date -u +%H:%M:%S)] $name: exit $rc" >&2
}
step bert_base  "$B/bench/bench_reproduce" examples/bert_base.list --trials 200 --min-repeat-ms $MS --out bench/out/bert_base
step resnet50   "$B/bench/bench_reproduce" examples/resnet50.list --trials 100 --min-repeat-ms $MS --out bench/out/resnet50
step curves_conv "$B/bench/bench_curves" --ops conv --trials 200 --seeds 3 --min-repeat-ms $MS --out bench/out/curves_conv
step pairs      "$B/bench/bench_pairs" --pairs 2 --trials 100 --min-repeat-ms $MS --out bench/out/pairs
step curves_gemm "$B/bench/bench_curves" --ops gemm --trials 128 --seeds 3 --min-repeat-ms $MS --out bench/out/curves_gemm
step mobilenetv2 "$B/bench/bench_reproduce" examples/mobilenetv2.list --trials 64 --min-repeat-ms $MS --out bench/out/mobilenetv2
