#!/bin/bash
# bench/build_jobs.sh — what building candidates in parallel (--build-jobs) does to tuning time: the same
# tuning runs (fresh cache, same seed) with one build at a time and with one build per core, alternated
# side by side in one run. Prints per run the trials, seconds, seconds per trial and the best result, and per
# case the median seconds per trial of each setting and their ratio.
# Usage: bench/build_jobs.sh [BUILD_DIR] [TRIALS] [REPEATS] [CASES]   (defaults: build 128 2 all; CASES is
# a regular expression over gemm-full, conv-full, quickstart-eto)
set -u
B=${1:-build}
TRIALS=${2:-128}
REPS=${3:-2}
ONLY=${4:-.}
cd "$(dirname "$0")/.."
ETO=$B/src/cli/etotune
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'matmul m=1024 n=1024 k=1024 name=gemm1024\n' > "$tmp/gemm.list"
printf 'conv2d n=1 c=128 h=28 w=28 k=128 r=3 s=3 pad=1 name=conv3x3\n' > "$tmp/conv.list"
echo "build_jobs: $ETO, $TRIALS trials per full search, $REPS repeats, --min-repeat-ms 25, seed 1; $(date -u +%FT%TZ)"
echo "target: $("$ETO" measure "$tmp/gemm.list" --programs 0 2>/dev/null | sed -n 's/^target: //p')"
# case name, list, mode
cases=("gemm-full $tmp/gemm.list full" "conv-full $tmp/conv.list full" "quickstart-eto examples/quickstart.list eto")
# a total of the report: --mode full keeps them under "totals", --mode eto at the top level
num() { python3 -c "import json,sys; d=json.load(open(sys.argv[2])); print(d.get('totals', d)[sys.argv[1]])" "$1" "$2"; }
printf '%-16s %5s %4s %7s %8s %8s %10s\n' case jobs rep trials seconds s/trial "w.latency ms"
declare -A per
for c in "${cases[@]}"; do
  set -- $c
  [[ $1 =~ $ONLY ]] || continue
  for rep in $(seq 1 "$REPS"); do
    for jobs in 1 0; do
      db="$tmp/db-$1-$jobs-$rep"
      "$ETO" tune "$2" --mode "$3" --trials "$TRIALS" --seed 1 --min-repeat-ms 25 --db "$db" \
        --build-jobs "$([ "$jobs" = 0 ] && nproc || echo 1)" --report "$tmp/r.json" > /dev/null 2> "$tmp/err" ||
        { echo "run failed: $(tail -3 "$tmp/err")"; continue; }
      tr=$(num trials "$tmp/r.json"); s=$(num seconds "$tmp/r.json"); wl=$(num weighted_latency_s "$tmp/r.json")
      spt=$(awk -v s="$s" -v t="$tr" 'BEGIN{printf "%.3f", (t > 0 ? s / t : 0)}')
      label=$([ "$jobs" = 0 ] && echo "$(nproc)" || echo 1)
      printf '%-16s %5s %4s %7s %8.1f %8s %10.4f\n' "$1" "$label" "$rep" "$tr" "$s" "$spt" \
        "$(awk -v w="$wl" 'BEGIN{print w * 1e3}')"
      per[$1-$jobs]="${per[$1-$jobs]:-} $spt"
    done
  done
done
echo
echo "median seconds per trial: one build at a time vs one per core"
med() { tr ' ' '\n' | grep . | sort -g | awk '{v[NR]=$1} END{print NR % 2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
for c in "${cases[@]}"; do
  set -- $c
  [[ $1 =~ $ONLY ]] || continue
  a=$(echo "${per[$1-1]:-}" | med); b=$(echo "${per[$1-0]:-}" | med)
  awk -v n="$1" -v a="$a" -v b="$b" 'BEGIN{printf "%-16s %.3f s -> %.3f s  (%.2fx faster)\n", n, a, b, (b > 0 ? a / b : 0)}'
done
