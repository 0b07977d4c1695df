#!/usr/bin/env bash
# bench/dynamic.sh — the dynamic-shape benchmark (issue "Dynamic-shape BERT"), in steps that resume:
#   1. tune: etotune tune LIST --family representatives (the ETO plan over the families' representative values,
#      the reuse-seeded default) into OUT/db, with a time limit (default 3600 s); the report in OUT/tune.json
#   2. export: etotune export LIST --out OUT/exp (one dispatch function per family)
#   3. quality: bench_dispatch at 32 sampled lengths vs oneDNN's matmul, in one run (OUT/dispatch.md)
# A step whose output exists is skipped; a tune cut short resumes from its cache when run again.
#
#   bench/dynamic.sh [BUILD_DIR] [--list examples/bert_base_dynamic.list] [--time S] [--trials-total N] [--objective O]
#                    [--scheduler S] [--out bench/out/dynamic]
# --trials-total N: one budget of N trials for the whole family tuning (etotune tune --trials-total), besides the
# time limit; the ratio to a full search of every operator is, in trials, (operators x 1000) / N or more.
# --objective O: etotune tune --objective (latency, the default, balanced or relative).
# --scheduler S: etotune tune --scheduler (per-second, the default, gradient or round-robin).
set -euo pipefail
cd "$(dirname "$0")/.."
build=build
list=examples/bert_base_dynamic.list
time_limit=3600
out=bench/out/dynamic
threads=2
trials_total=0
objective=latency
scheduler=per-second
if [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; then build=$1; shift; fi
while [ $# -gt 0 ]; do
  case "$1" in
    --list) list=$2; shift 2 ;;
    --time) time_limit=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --trials-total) trials_total=$2; shift 2 ;;
    --objective) objective=$2; shift 2 ;;
    --scheduler) scheduler=$2; shift 2 ;;
    *) echo "bench/dynamic.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
mkdir -p "$out"
total_opt=()
[ "$trials_total" -gt 0 ] && total_opt=(--trials-total "$trials_total")
log() { echo "[$(date -u +%H:%M:%S)] $*" >&2; }
et="$build/src/cli/etotune"
if [ ! -s "$out/tune.json" ]; then
  log "tune $list --family representatives (time limit $time_limit s)"
  start=$(date +%s)
  # exit status 1 when the time limit left operators without a program: the export serves them from the others
  "$et" tune "$list" --family representatives --seed 1 --threads "$threads" --db "$out/db" \
    --time-budget "$time_limit" --objective "$objective" --scheduler "$scheduler" ${total_opt[@]+"${total_opt[@]}"} --report "$out/tune.json.part" > "$out/tune.log" 2>&1 || echo "tune exited $?" >&2
  echo "$(( $(date +%s) - start ))" > "$out/tune.wall"
  mv "$out/tune.json.part" "$out/tune.json"
fi
if [ ! -s "$out/exp/manifest.json" ]; then
  log "export"
  "$et" export "$list" --out "$out/exp" --name bert_dyn --db "$out/db" --threads "$threads" > "$out/export.log" 2>&1
fi
if [ ! -s "$out/dispatch.md" ]; then
  log "bench_dispatch"
  "$build/bench/bench_dispatch" --export "$out/exp" --threads "$threads" --out "$out/dispatch.md.part" > "$out/dispatch.log" 2>&1
  mv "$out/dispatch.md.part" "$out/dispatch.md"
fi
distinct=$("$et" check "$list" | sed -n 's/.* \([0-9][0-9]*\) distinct keys.*/\1/p' | tail -1)
python3 - "$out" "$distinct" <<'PY'
import json, os, sys
out, distinct = sys.argv[1], int(sys.argv[2])
r = json.load(open(f"{out}/tune.json"))
t = r.get("totals", r)  # a full-mode report has totals, an eto-mode report its figures at the top
trials = t.get("new_trials", t.get("trials", 0))
tuned = sum(1 for o in r["operators"] if o.get("latency_s"))
wall = float(open(f"{out}/tune.wall").read()) if os.path.exists(f"{out}/tune.wall") else t["seconds"]
spt = t["seconds"] / max(1, trials)
full = distinct * 1000 * spt
print(f"family tuning: {tuned} of {len(r['operators'])} representatives ({distinct} operators in the list) tuned, {trials} trials, {wall:.0f} s wall "
      f"({spt:.3f} s per trial); a full search of every operator: {distinct} x 1000 trials x {spt:.3f} s = {full:.0f} s "
      f"({full / 3600:.1f} h), {full / wall:.0f}x the family tuning's time, {distinct * 1000 / max(1, trials):.0f}x its trials")
PY
log "done"
