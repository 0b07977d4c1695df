#!/usr/bin/env bash
# cli_reuse.sh EXE — `etotune reuse` (through the etotune program): --estimate without measuring, a real run on a
# small CPU pair with a temporary cache (S*β measured first, then taken from the cache), TopK, the seeded policy, keys instead
# of line numbers, and usage errors (exit 2, message on stderr).
exe="$1"
# shellcheck source=tests/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
cat >"$tmp/pair.list" <<'LIST'
# a reuse pair and an operator of another kind
matmul m=32 n=32 k=32
matmul m=32 n=64 k=32
norm b=4 m=16 n=32
LIST
quick=(--db "$tmp/db" --beta-trials 3 --min-repeat-ms 2 --threads 1)

run est reuse "$tmp/pair.list" --from 2 --to 3 --estimate --no-cache
[ "$rc" -eq 0 ] && grep -q '^estimated trials: [0-9.]* (mean over 10' "$tmp/est.out" || bad "--estimate: rc=$rc $(cat "$tmp/est.out" "$tmp/est.err")"

run first reuse "$tmp/pair.list" --from 2 --to 3 "${quick[@]}"
[ "$rc" -eq 0 ] || bad "first run: rc=$rc $(cat "$tmp/first.err")"
grep -q 'no cached best program of β' "$tmp/first.out" || bad "first run did not measure β"
grep -q '^best: ' "$tmp/first.out" && grep -q 'verified against the reference' "$tmp/first.out" || bad "no best program"
grep -q '^cache: stored (new)' "$tmp/first.out" || bad "result not stored: $(grep '^cache:' "$tmp/first.out")"
grep -q '^trials per round: 1: [1-9]' "$tmp/first.out" || bad "no round 1 trials"

key=$(grep '^β (--from): ' "$tmp/first.out" | sed 's/^β (--from): //')
run second reuse "$tmp/pair.list" --from "$key" --to 3 "${quick[@]}"
[ "$rc" -eq 0 ] && grep -q 'S\*β from the cache' "$tmp/second.out" || bad "second run: rc=$rc $(cat "$tmp/second.out" "$tmp/second.err")"
# the same pair again: every candidate of the rounds was measured by the first run and is taken from the cache
n1=$(sed -n 's/^trials: \([0-9]*\) measured.*/\1/p' "$tmp/first.out")
grep -q '^trials: 0 measured' "$tmp/second.out" && grep -q "^resumed: $n1 candidates" "$tmp/second.out" ||
  bad "second run re-measured: $(grep '^trials:\|^resumed:' "$tmp/second.out") (first run: $n1)"
run third reuse "$tmp/pair.list" --from 2 --to 3 --db "$tmp/db3" --beta-trials 3 --min-repeat-ms 2 --threads 1 --max-trials 2
grep -q '^trials: 2 measured' "$tmp/third.out" || bad "--max-trials 2: rc=$rc $(grep '^trials:' "$tmp/third.out")"

run topk reuse "$tmp/pair.list" --from 2 --to 3 "${quick[@]}" --topk
[ "$rc" -eq 0 ] && grep -q 'TopK baseline' "$tmp/topk.out" && grep -q '^best: ' "$tmp/topk.out" || bad "--topk: rc=$rc $(cat "$tmp/topk.err")"

# the reuse-seeded search: its seeds (round 1) come first, then ETO's rounds (11-14) and its search (20)
run seeded reuse "$tmp/pair.list" --from 2 --to 3 --db "$tmp/db4" --beta-trials 3 --min-repeat-ms 2 --threads 1 \
  --policy seeded --max-trials 20
first_round=$(awk '$1 == 1 && $2 ~ /^[0-9]+$/ {print $2; exit}' "$tmp/seeded.out")
[ "$rc" -eq 0 ] && grep -q 'reuse-seeded search' "$tmp/seeded.out" && [ "$first_round" = 1 ] &&
  grep -q '^trials: 20 measured' "$tmp/seeded.out" && grep -q '^best: ' "$tmp/seeded.out" ||
  bad "--policy seeded: rc=$rc, first trial's round '$first_round' $(cat "$tmp/seeded.err")"
run badpolicy reuse "$tmp/pair.list" --from 2 --to 3 --policy greedy --estimate --no-cache
[ "$rc" -eq 2 ] && grep -q 'takes eto, seeded or topk' "$tmp/badpolicy.err" || bad "--policy greedy: rc=$rc"

run noline reuse "$tmp/pair.list" --from 1 --to 3 --estimate --no-cache
[ "$rc" -eq 2 ] && grep -q 'holds no operator' "$tmp/noline.err" || bad "comment line: rc=$rc"
run nokey reuse "$tmp/pair.list" --from 'matmul:nope' --to 3 --estimate --no-cache
[ "$rc" -eq 2 ] && grep -q 'no operator' "$tmp/nokey.err" || bad "unknown key: rc=$rc"
run kinds reuse "$tmp/pair.list" --from 2 --to 4 --estimate --no-cache
[ "$rc" -eq 2 ] && grep -q 'not a reuse pair' "$tmp/kinds.err" || bad "different kinds: rc=$rc $(cat "$tmp/kinds.err")"
run noto reuse "$tmp/pair.list" --from 2
[ "$rc" -eq 2 ] && [ ! -s "$tmp/noto.out" ] || bad "missing --to: rc=$rc"
run badopt reuse "$tmp/pair.list" --from 2 --to 3 --frobnicate 1
[ "$rc" -eq 2 ] || bad "unknown option: rc=$rc"

[ "$fail" -eq 0 ] && echo "cli_reuse: ok"
exit "$fail"
