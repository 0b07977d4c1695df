#!/usr/bin/env bash
# bench/lists.sh OUT BUILD LIST [SEED] [MODES] — the issue "Reuse that beats search"'s list benchmark (bench/RESULTS.md
# AL.1, AP.5): on LIST, the full search alone first, kept (OUT/NAME_full, its cache in OUT/NAME_full/db-full), then
# MODES (default eto,seeded: ETO's rounds and the reuse-seeded default) at SEED (default 1) against it
# (OUT/NAME_sSEED: --full-from, the full search re-timed, not searched again). 1000 trials per full search, 2 threads,
# BUILD's bench_reproduce; NAME is LIST's file name without .list. Each step is skipped when its summary.json exists,
# so a session's end loses at most one step; a log in OUT/run.log. Run the full step once per host: the modes'
# time-to-same compares with its curve, which no other host's reproduces. OUT, BUILD and LIST are taken relative to
# the repository's root (the script runs there).
#   e.g. bench/lists.sh bench/out/lists_s64 /work/bins/s64/build examples/bert_base.list
set -u
o="$1"
b="$2/bench/bench_reproduce"
list="$3"
seed="${4:-1}"
modes="${5:-eto,seeded}"
name=$(basename "$list" .list)
cd "$(dirname "$0")/.."
mkdir -p "$o"
a=("$list" --trials 1000 --seed "$seed" --threads 2 --min-repeat-ms 25)
one() { # LABEL MODES [OPTION...]
  local label=$1 m=$2
  shift 2
  [ -s "$o/$label/summary.json" ] && return 0
  echo "[$(date -u +%T)] $label start ($m)" >> "$o/run.log"
  "$b" "${a[@]}" --modes "$m" --out "$o/$label" "$@" > "$o/$label.md" 2> "$o/$label.log"
  local rc=$? # before the date's command substitution, which sets $? again
  echo "[$(date -u +%T)] $label exit $rc" >> "$o/run.log"
}
one "${name}_full" full --keep
one "${name}_s$seed" "full,$modes" --full-from "$o/${name}_full"
