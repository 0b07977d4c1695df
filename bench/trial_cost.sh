#!/usr/bin/env bash
# bench/trial_cost.sh — seconds per trial and search quality of two etotune builds side by side (issue "cheaper
# trials"): the same full searches (same operators, seeds, threads) run by an old and a new `etotune`, one after
# the other, never at once, then the best programs of both re-timed alternately by the full protocol.
#
#   bench/trial_cost.sh OLD_ETOTUNE NEW_ETOTUNE [--ops gemm,conv,dwconv,norm,dense] [--seeds 1,2,3]
#                       [--trials 256,1000] [--retime-rounds 3] [--out bench/out/trial_cost] [--new-args "ARGS"]
#
# Each (operator, seed, build) search starts with a fresh cache and stops at each budget of --trials in turn (the
# cache carries on: trials in it count and are never measured again), so a chunk that a session's end cuts
# resumes where it stopped: a finished step (its report JSON exists) is skipped. Every step's report lands in
# OUT/<op>_s<seed>_<build>_<trials>.json; the re-timing in OUT/<op>_s<seed>_retime.json. Summarize with
# bench/trial_cost.py OUT.
set -euo pipefail
old=${1:?usage: bench/trial_cost.sh OLD_ETOTUNE NEW_ETOTUNE [options]}
new=${2:?usage: bench/trial_cost.sh OLD_ETOTUNE NEW_ETOTUNE [options]}
shift 2
ops=gemm,conv,dwconv,norm,dense
seeds=1,2,3
budgets=256,1000
rounds=3
out=bench/out/trial_cost
threads=2
new_args="" # extra options of the new build's tune (e.g. "--screen-ms 10")
while [ $# -gt 0 ]; do
  case "$1" in
    --ops) ops=$2; shift 2 ;;
    --seeds) seeds=$2; shift 2 ;;
    --trials) budgets=$2; shift 2 ;;
    --retime-rounds) rounds=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --new-args) new_args=$2; shift 2 ;;
    *) echo "bench/trial_cost.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
mkdir -p "$out"

op_line() {
  case "$1" in
    gemm) echo "matmul m=1024 n=1024 k=1024 name=gemm" ;;
    conv) echo "conv2d n=1 c=128 h=28 w=28 k=128 r=3 s=3 stride=1 pad=1 dilation=1 name=conv" ;;
    dwconv) echo "depthwise_conv2d n=1 c=144 h=56 w=56 r=3 s=3 stride=1 pad=1 dilation=1 multiplier=1 name=dwconv" ;;
    norm) echo "norm b=1 m=256 n=256 name=norm" ;;
    dense) echo "matmul m=128 n=768 k=768 name=dense" ;;
    *) echo "bench/trial_cost.sh: unknown operator $1 (gemm, conv, dwconv, norm, dense)" >&2; exit 2 ;;
  esac
}

log() { echo "[$(date -u +%H:%M:%S)] $*" >&2; }

IFS=, read -r -a op_list <<< "$ops"
IFS=, read -r -a seed_list <<< "$seeds"
IFS=, read -r -a budget_list <<< "$budgets"
{
  echo "host: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores"
  echo "old: $old ($("$old" --version 2>&1 | head -1))"
  echo "new: $new ($("$new" --version 2>&1 | head -1))"
  echo "commit: $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
  echo "new-args: $new_args"
} > "$out/host.txt"

for seed in "${seed_list[@]}"; do
  for op in "${op_list[@]}"; do
    list="$out/$op.list"
    op_line "$op" > "$list"
    for T in "${budget_list[@]}"; do
      for build in old new; do
        bin=$old
        extra=()
        [ "$build" = new ] && { bin=$new; read -r -a extra <<< "$new_args"; }
        rep="$out/${op}_s${seed}_${build}_${T}.json"
        [ -s "$rep" ] && continue
        log "$op seed $seed $build: full search to $T trials"
        "$bin" tune "$list" --mode full --trials "$T" --seed "$seed" --threads "$threads" --build-jobs "$threads" \
          --db "$out/db_${op}_s${seed}_${build}" --report "$rep.part" "${extra[@]}" > "$out/${op}_s${seed}_${build}_${T}.log" 2>&1
        mv "$rep.part" "$rep"
      done
    done
    # the best programs of both builds at the last budget, re-timed alternately by the full protocol (no screen,
    # no pruning: `etotune measure`), each by the build that found it
    T=${budget_list[${#budget_list[@]}-1]}
    rt="$out/${op}_s${seed}_retime.json"
    [ -s "$rt" ] && continue
    ro=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['operators'][0]['recipe'])" "$out/${op}_s${seed}_old_${T}.json")
    rn=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['operators'][0]['recipe'])" "$out/${op}_s${seed}_new_${T}.json")
    log "$op seed $seed: re-timing both best programs, $rounds rounds"
    : > "$rt.part"
    for r in $(seq "$rounds"); do
      for build in old new; do
        bin=$old; rec=$ro
        [ "$build" = new ] && { bin=$new; rec=$rn; }
        g=$("$bin" measure "$list" --recipe "$rec" --threads "$threads" --format json |
          python3 -c "import json,sys; print(json.load(sys.stdin)['operators'][0]['programs'][0].get('gflops', 0))")
        echo "{\"round\": $r, \"build\": \"$build\", \"recipe\": \"$rec\", \"gflops\": $g}" >> "$rt.part"
      done
    done
    python3 -c "import json,sys; print(json.dumps([json.loads(l) for l in open(sys.argv[1])]))" "$rt.part" > "$rt"
    rm -f "$rt.part"
  done
done
log "done; summary: python3 bench/trial_cost.py $out"
