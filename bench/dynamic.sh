#!/usr/bin/env bash
# bench/dynamic.sh — the dynamic-shape benchmark (issue "Dynamic-shape BERT"), in steps that resume:
#   1. tune: etotune tune LIST --family representatives (the ETO plan over the families' representative values,
#      the reuse-seeded default) into OUT/db, with a time limit (default 3600 s); the report in OUT/tune.json
#      with --small-trials N: then each dense family's values 1..16 searched further (etotune tune --small-trials N
#      --small-time S: N trials and at most S seconds per family, taken from the time limit, relative objective):
#      the family tuning gives each of them about one round (bench/RESULTS.md Y.3)
#   2. export: etotune export LIST --out OUT/exp (one dispatch function per family)
#   3. quality: bench_dispatch at 32 sampled lengths vs oneDNN's matmul, in one run (OUT/dispatch.md)
#   4. with --repair-trials N: the first --repair-values V (default 40) values the export found weak (OUT/exp/weak.list:
#      served at under 0.85 of the throughput of a smaller value, the lowest share first) tuned, N trials in all
#      (OUT/repair.list, OUT/repair.json): the new ones as members of their own, the tuned members among them
#      searched further (etotune tune --refine), under --repair-objective (default latency) and at most
#      --repair-time S seconds (default: no limit); the list exported
#      again (OUT/exp2) and timed again (OUT/dispatch2.md); the cache before the repair is kept as OUT/db_pre
# A step whose output exists is skipped; a tune cut short resumes from its cache when run again.
#
#   bench/dynamic.sh [BUILD_DIR] [--list examples/bert_base_dynamic.list] [--time S] [--trials-total N] [--objective O]
#                    [--scheduler S] [--small-trials N] [--small-time S] [--repair-trials N] [--repair-values V]
#                    [--repair-objective O] [--repair-time S]
#                    [--no-first-dispatch] [--out bench/out/dynamic]
# --no-first-dispatch: with --repair-trials, skip step 3 before the repair (time the repaired export only).
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
repair=0
repair_values=40
repair_objective=latency
repair_time=0
small_opt=()
small_time=90
first_dispatch=1
if [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; then build=$1; shift; fi
while [ $# -gt 0 ]; do
  case "$1" in
    --list) list=$2; shift 2 ;;
    --time) time_limit=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --trials-total) trials_total=$2; shift 2 ;;
    --objective) objective=$2; shift 2 ;;
    --scheduler) scheduler=$2; shift 2 ;;
    --repair-trials) repair=$2; shift 2 ;;
    --repair-values) repair_values=$2; shift 2 ;;
    --repair-objective) repair_objective=$2; shift 2 ;;
    --repair-time) repair_time=$2; shift 2 ;;
    --small-trials) small_opt=(--small-trials "$2"); shift 2 ;;
    --small-time) small_time=$2; shift 2 ;;
    --no-first-dispatch) first_dispatch=0; shift ;;
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
    --time-budget "$time_limit" --objective "$objective" --scheduler "$scheduler" ${total_opt[@]+"${total_opt[@]}"} \
    ${small_opt[@]+"${small_opt[@]}" --small-time "$small_time"} --report "$out/tune.json.part" > "$out/tune.log" 2>&1 || echo "tune exited $?" >&2
  echo "$(( $(date +%s) - start ))" > "$out/tune.wall"
  mv "$out/tune.json.part" "$out/tune.json"
fi
# export_to EXP NAME: the list exported from OUT/db into OUT/EXP (NAME.log, NAME.wall), unless done
export_to() {
  [ -s "$out/$1/manifest.json" ] && return 0
  log "export into $out/$1"
  local start
  start=$(date +%s)
  "$et" export "$list" --out "$out/$1" --name bert_dyn --db "$out/db" --threads "$threads" > "$out/$2.log" 2>&1
  echo "$(( $(date +%s) - start ))" > "$out/$2.wall"
}
# dispatch_of EXP NAME: bench_dispatch of OUT/EXP into OUT/NAME.md (NAME.log), unless done
dispatch_of() {
  [ -s "$out/$2.md" ] && return 0
  log "bench_dispatch of $out/$1"
  "$build/bench/bench_dispatch" --export "$out/$1" --threads "$threads" --out "$out/$2.md.part" > "$out/$2.log" 2>&1
  mv "$out/$2.md.part" "$out/$2.md"
}
export_to exp export
if [ "$first_dispatch" = 1 ] || [ "$repair" -eq 0 ]; then dispatch_of exp dispatch; fi
if [ "$repair" -gt 0 ] && [ -s "$out/exp/weak.list" ] && [ ! -s "$out/dispatch2.md" ]; then
  if [ ! -s "$out/repair.json" ]; then
    # the cache as the family tuning left it, kept for repairs to compare from the same start (bench/RESULTS.md AJ.4)
    [ -d "$out/db_pre" ] || cp -a "$out/db" "$out/db_pre"
    awk -v n="$repair_values" '!/^#/ && k < n { print; k++ }' "$out/exp/weak.list" > "$out/repair.list"
    log "repair: tune $(wc -l < "$out/repair.list") of the $(grep -vc '^#' "$out/exp/weak.list") weak values, $repair trials"
    start=$(date +%s)
    time_opt=()
    [ "$repair_time" -gt 0 ] && time_opt=(--time-budget "$repair_time")
    "$et" tune "$out/repair.list" --seed 1 --threads "$threads" --db "$out/db" --trials-total "$repair" --refine \
      --objective "$repair_objective" ${time_opt[@]+"${time_opt[@]}"} --report "$out/repair.json.part" > "$out/repair.log" 2>&1 || echo "repair tune exited $?" >&2
    echo "$(( $(date +%s) - start ))" > "$out/repair.wall"
    mv "$out/repair.json.part" "$out/repair.json"
  fi
  export_to exp2 export2
  dispatch_of exp2 dispatch2
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
if os.path.exists(f"{out}/repair.json"):
    rr = json.load(open(f"{out}/repair.json"))
    rt = rr.get("totals", rr)
    rtrials = rt.get("new_trials", rt.get("trials", 0))
    walls = {w: float(open(f"{out}/{w}.wall").read()) for w in ("export", "repair", "export2") if os.path.exists(f"{out}/{w}.wall")}
    total = wall + sum(walls.values())
    # the small values' steps (--small-trials) print their totals after the family tuning's, in tune.log
    tot = [int(l.split()[1]) for l in open(f"{out}/tune.log") if l.startswith("totals: ")]
    strials = sum(tot[1:])
    got = sum(1 for o in rr["operators"] if o.get("latency_s") and o.get("method") not in ("cached", "refined"))
    refined = [o for o in rr["operators"] if o.get("method") == "refined"]
    faster = sum(1 for o in refined if o.get("gflops", 0) > 1.01 * o.get("cached_gflops", 0))
    print(f"with the repair: {got} of {len(rr['operators']) - len(refined)} new weak values tuned, {len(refined)} tuned "
          f"members refined ({faster} over 1% faster), {rtrials} trials (small values {strials}, in the tune); tune {wall:.0f} s + export "
          f"{walls.get('export', 0):.0f} s + repair {walls.get('repair', 0):.0f} s + export {walls.get('export2', 0):.0f} s "
          f"= {total:.0f} s wall, {full / total:.0f}x below the full search, {distinct * 1000 / max(1, trials + rtrials + strials):.0f}x in trials")
PY
log "done"
