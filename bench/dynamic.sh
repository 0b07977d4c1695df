#!/usr/bin/env bash
# bench/dynamic.sh — the dynamic-shape benchmark (issue "Dynamic-shape BERT"), in steps that resume:
#   1. tune: etotune tune LIST --family representatives (the ETO plan over the families' representative values,
#      the reuse-seeded default) into OUT/db, with a time limit (default 3600 s); the report in OUT/tune.json
#      with --small-trials N: then each dense family's values 1..16 searched further (etotune tune --small-trials N
#      --small-time S: N trials and at most S seconds per family, taken from the time limit, relative objective):
#      the family tuning gives each of them about one round (bench/RESULTS.md Y.3)
#   2. export: etotune export LIST --out OUT/exp (one dispatch function per family)
#   3. quality: bench_dispatch at 32 sampled lengths vs oneDNN's matmul, in one run, both sides on new huge pages
#      (its --pages default; bench/RESULTS.md BL.1) (OUT/dispatch.md)
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
#                    [--repair-objective O] [--repair-time S] [--repairs N] [--min-repeat-ms MS]
#                    [--no-first-dispatch] [--out bench/out/dynamic]
# --repairs N: step 4 N times (default 1), each from the weak.list of the export before it (repair.*, exp2; then
# repair2.*, exp3; ...), each export after a repair reusing the picks of the one before where their candidate kernels
# are unchanged (etotune export --picks-from); the last export is timed (dispatch<N+1>.md)
# --no-first-dispatch: with --repair-trials, skip step 3 before the repair (time the repaired export only).
# --trials-total N: one budget of N trials for the whole family tuning (etotune tune --trials-total), besides the
# time limit; the ratio to a full search of every operator is, in trials, (operators x 1000) / N or more.
# --objective O: etotune tune --objective (latency, the default, balanced or relative).
# --scheduler S: etotune tune --scheduler (per-second, the default, gradient or round-robin).
# --min-repeat-ms MS: etotune tune --min-repeat-ms for the tuning and the repairs (default 100): the full protocol's
# repeats, which most of a trial's timing is (bench/RESULTS.md BM.1). The export's picks keep their own protocol.
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
repairs=1
small_opt=()
small_time=90
repeat_ms=100
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
    --repairs) repairs=$2; shift 2 ;;
    --small-trials) small_opt=(--small-trials "$2"); shift 2 ;;
    --small-time) small_time=$2; shift 2 ;;
    --min-repeat-ms) repeat_ms=$2; shift 2 ;;
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
  "$et" tune "$list" --family representatives --seed 1 --threads "$threads" --db "$out/db" --min-repeat-ms "$repeat_ms" \
    --time-budget "$time_limit" --objective "$objective" --scheduler "$scheduler" ${total_opt[@]+"${total_opt[@]}"} \
    ${small_opt[@]+"${small_opt[@]}" --small-time "$small_time"} --report "$out/tune.json.part" > "$out/tune.log" 2>&1 || echo "tune exited $?" >&2
  echo "$(( $(date +%s) - start ))" > "$out/tune.wall"
  mv "$out/tune.json.part" "$out/tune.json"
fi
# export_to EXP NAME: the list exported from OUT/db into OUT/EXP (NAME.log, NAME.wall), unless done
# (PRIOR: an earlier export whose picks are reused where their candidates are unchanged, etotune export --picks-from)
export_to() {
  [ -s "$out/$1/manifest.json" ] && return 0
  log "export into $out/$1${3:+ (picks from $out/$3)}"
  local start prior=()
  [ -n "${3:-}" ] && prior=(--picks-from "$out/$3")
  start=$(date +%s)
  "$et" export "$list" --out "$out/$1" --name bert_dyn --db "$out/db" --threads "$threads" ${prior[@]+"${prior[@]}"} \
    > "$out/$2.log" 2>&1
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
# repair k of --repairs N: exp's weak.list (k = 1) or exp<k>'s, into repair.* (k = 1) or repair<k>.*, exported into
# exp<k+1> with the picks of the export before reused (--picks-from); the last export timed (dispatch<N+1>.md)
last=$((repairs + 1))
for ((k = 1; repair > 0 && k <= repairs; k++)); do
  src=exp; [ "$k" -gt 1 ] && src=exp$k
  r=repair; [ "$k" -gt 1 ] && r=repair$k
  [ -s "$out/$src/weak.list" ] || { log "no $out/$src/weak.list: no repair $k"; break; }
  [ -s "$out/dispatch$last.md" ] && break
  if [ ! -s "$out/$r.json" ]; then
    # the cache as the family tuning (the repair before) left it, kept for repairs to compare from the same start
    # (bench/RESULTS.md AJ.4)
    pre=db_pre; [ "$k" -gt 1 ] && pre=db_pre$k
    [ -d "$out/$pre" ] || cp -a "$out/db" "$out/$pre"
    awk -v n="$repair_values" '!/^#/ && k < n { print; k++ }' "$out/$src/weak.list" > "$out/$r.list"
    log "repair $k: tune $(wc -l < "$out/$r.list") of the $(grep -vc '^#' "$out/$src/weak.list") weak values, $repair trials"
    start=$(date +%s)
    time_opt=()
    [ "$repair_time" -gt 0 ] && time_opt=(--time-budget "$repair_time")
    "$et" tune "$out/$r.list" --seed 1 --threads "$threads" --db "$out/db" --min-repeat-ms "$repeat_ms" --trials-total "$repair" --refine \
      --objective "$repair_objective" ${time_opt[@]+"${time_opt[@]}"} --report "$out/$r.json.part" > "$out/$r.log" 2>&1 || echo "repair tune exited $?" >&2
    echo "$(( $(date +%s) - start ))" > "$out/$r.wall"
    mv "$out/$r.json.part" "$out/$r.json"
  fi
  export_to exp$((k + 1)) export$((k + 1)) $src
  [ "$k" = "$repairs" ] && dispatch_of exp$((k + 1)) dispatch$((k + 1))
done
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
    for k in range(2, 10):  # --repairs N: the later repairs' trials
        if os.path.exists(f"{out}/repair{k}.json"):
            rk = json.load(open(f"{out}/repair{k}.json"))
            rtrials += rk.get("totals", rk).get("new_trials", rk.get("totals", rk).get("trials", 0))
    steps = ["export", "repair", "export2"] + [x for k in range(2, 10) for x in (f"repair{k}", f"export{k + 1}")]
    walls = {w: float(open(f"{out}/{w}.wall").read()) for w in steps if os.path.exists(f"{out}/{w}.wall")}
    total = wall + sum(walls.values())
    # the small values' steps (--small-trials) print their totals after the family tuning's, in tune.log
    tot = [int(l.split()[1]) for l in open(f"{out}/tune.log") if l.startswith("totals: ")]
    strials = sum(tot[1:])
    got = sum(1 for o in rr["operators"] if o.get("latency_s") and o.get("method") not in ("cached", "refined"))
    refined = [o for o in rr["operators"] if o.get("method") == "refined"]
    faster = sum(1 for o in refined if o.get("gflops", 0) > 1.01 * o.get("cached_gflops", 0))
    print(f"with the repair: {got} of {len(rr['operators']) - len(refined)} new weak values tuned, {len(refined)} tuned "
          f"members refined ({faster} over 1% faster), {rtrials} trials in the repairs (small values {strials}, in the tune); tune {wall:.0f} s + "
          + " + ".join(f"{w.rstrip('0123456789')} {v:.0f} s" for w, v in walls.items())
          + f" = {total:.0f} s wall, {full / total:.0f}x below the full search, {distinct * 1000 / max(1, trials + rtrials + strials):.0f}x in trials")
PY
log "done"
