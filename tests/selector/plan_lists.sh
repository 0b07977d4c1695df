#!/usr/bin/env bash
# plan_lists.sh ETOTUNE EXAMPLES — plans need no measuring: for every shipped list the plan is deterministic
# (two runs give the same JSON) and never costs more than a full search of every operator; on a hand-checked
# list the reuse-edge and bridge counts are exact.
exe="$1"
dir="$2"
# shellcheck source=tests/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
for f in "$dir"/*.list; do
  "$exe" plan "$f" --no-cache --format json >"$tmp/1.json" 2>"$tmp/err" || bad "$f: $(cat "$tmp/err")"
  # stderr apart: plans that take over a second print progress there
  "$exe" plan "$f" --no-cache --format json >"$tmp/2.json" 2>"$tmp/err"
  cmp -s "$tmp/1.json" "$tmp/2.json" || bad "$f: plan is not deterministic"
  est=$(grep -o '"estimated_trials":[[:space:]]*[0-9.]*' "$tmp/1.json" | head -1 | grep -o '[0-9.]*$')
  full=$(grep -o '"full_search_trials":[[:space:]]*[0-9.]*' "$tmp/1.json" | grep -o '[0-9.]*$')
  awk -v e="$est" -v f="$full" 'BEGIN { exit !(e > 0 && e <= f) }' || bad "$f: plan costs $est, full search $full"
done
# the paper's pair (512 and 256 input channels) reuses each other both ways; the 3x3 padded conv has another
# signature; 256x56x56 with 64 filters dominates neither, so one bridge (256x28x28, 64 filters) appears.
cat >"$tmp/h.list" <<'LIST'
conv2d n=1 c=512 h=28 w=28 k=128 r=1 s=1
conv2d n=1 c=256 h=28 w=28 k=128 r=1 s=1
conv2d n=1 c=256 h=28 w=28 k=128 r=3 s=3 pad=1
conv2d n=1 c=256 h=56 w=56 k=64 r=1 s=1
LIST
"$exe" plan "$tmp/h.list" --no-cache --bridges none >"$tmp/none.out" 2>&1 || bad "plan --bridges none"
grep -q '4 nodes in the graph (2 reuse edges)' "$tmp/none.out" || bad "pairs: $(head -1 "$tmp/none.out")"
"$exe" plan "$tmp/h.list" --no-cache >"$tmp/1hop.out" 2>&1 || bad "plan"
grep -q '5 nodes in the graph' "$tmp/1hop.out" || bad "bridges: $(grep '^plan' "$tmp/1hop.out")"
"$exe" plan "$tmp/h.list" --no-cache --format dot | grep -q '^digraph' || bad "dot output"
exit $fail
