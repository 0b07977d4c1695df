#!/usr/bin/env bash
# pin_sequence.sh ETOTUNE GOLDEN_DIR [--write]
# Pins the candidate sequence of a fixed-seed `etotune tune`: every operator of examples/quickstart.list is
# tuned alone (its own fresh cache: no transfer records, so the first round's choice depends on the seed only,
# never on measured latencies) by one 16-candidate round of the full search, and the measured recipes, in the
# cache's trial order, must equal the golden file. Refactors of the driver, policies and measurers must leave
# this sequence unchanged. The schedule space depends on the host's SIMD width and the cores used, so the
# golden file is per width (GOLDEN_DIR/quickstart_<bits>.txt); on a host without one the test says so and is
# skipped (exit 77). --write (re)writes the golden file of this host.
exe="$1"
golden_dir="$2"
write="${3:-}"
# shellcheck source=../lib.sh
source "$(dirname "$0")/../lib.sh"
list="$(dirname "$0")/../../examples/quickstart.list"
bits=""
n=0
: >"$tmp/seq.txt"
while IFS= read -r line; do
  case "$line" in '#'* | '') continue ;; esac
  n=$((n + 1))
  printf '%s\n' "$line" >"$tmp/op$n.list"
  run tune$n tune "$tmp/op$n.list" --mode full --trials 16 --measures-per-round 16 --seed 7 --threads 2 \
    --build-jobs 2 --min-repeat-ms 1 --db "$tmp/db$n"
  [ "$rc" = 0 ] || bad "tune of line $n exited $rc: $(tail -3 "$tmp/tune$n.err")"
  run export$n db export "$tmp/e$n.jsonl" --db "$tmp/db$n"
  [ "$rc" = 0 ] || bad "export of line $n exited $rc"
  [ -n "$bits" ] || bits="$(jq -r 'select(.type=="meta") | .description' "$tmp/e$n.jsonl" | sed -n 's/.* \([0-9]*\)-bit SIMD.*/\1/p')"
  jq -r 'select(.type=="trial") | .workload + " " + .recipe' "$tmp/e$n.jsonl" >>"$tmp/seq.txt"
done <"$list"
[ "$n" = 5 ] || bad "expected 5 operators in $list, read $n"
count="$(wc -l <"$tmp/seq.txt")"
[ "$count" = 80 ] || bad "expected 80 measured candidates, the cache holds $count"
golden="$golden_dir/quickstart_${bits:-unknown}.txt"
if [ "$write" = "--write" ]; then
  cp "$tmp/seq.txt" "$golden"
  echo "wrote $golden ($count candidates)"
  exit "$fail"
fi
if [ ! -f "$golden" ]; then
  echo "no golden sequence for a ${bits:-unknown}-bit SIMD host ($golden): run $0 $exe $golden_dir --write on the"
  echo "commit before a refactor, then compare after it"
  exit 77
fi
if ! diff -u "$golden" "$tmp/seq.txt" >"$tmp/diff.txt"; then
  bad "the candidate sequence changed:"
  head -40 "$tmp/diff.txt" >&2
fi
exit "$fail"
