#!/usr/bin/env bash
# cli_reuse.sh EXE — `etotune reuse` (through the etotune program): --estimate without measuring, a real run on a
# small CPU pair with a temporary cache (S*β measured first, then taken from the cache), TopK, keys instead
# of line numbers, and usage errors (exit 2, message on stderr).
set -u
exe="$1"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }
run() {
  local name="$1"
  shift
  "$exe" reuse "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
  rc=$?
}
cat >"$tmp/pair.list" <<'LIST'
# a reuse pair and an operator of another kind
matmul m=32 n=32 k=32
matmul m=32 n=64 k=32
norm b=4 m=16 n=32
LIST
quick=(--db "$tmp/db" --beta-programs 3 --min-repeat-ms 2 --threads 1)

run est "$tmp/pair.list" --from 2 --to 3 --estimate --no-cache
[ "$rc" -eq 0 ] && grep -q '^estimated trials: [0-9.]* (mean over 10' "$tmp/est.out" || bad "--estimate: rc=$rc $(cat "$tmp/est.out" "$tmp/est.err")"

run first "$tmp/pair.list" --from 2 --to 3 "${quick[@]}"
[ "$rc" -eq 0 ] || bad "first run: rc=$rc $(cat "$tmp/first.err")"
grep -q 'no cached best program of β' "$tmp/first.out" || bad "first run did not measure β"
grep -q '^best: ' "$tmp/first.out" && grep -q 'verified against the reference' "$tmp/first.out" || bad "no best program"
grep -q '^cache: stored (new)' "$tmp/first.out" || bad "result not stored: $(grep '^cache:' "$tmp/first.out")"
grep -q '^trials per round: 1: [1-9]' "$tmp/first.out" || bad "no round 1 trials"

key=$(grep '^β (--from): ' "$tmp/first.out" | sed 's/^β (--from): //')
run second "$tmp/pair.list" --from "$key" --to 3 "${quick[@]}" --max-trials 2
[ "$rc" -eq 0 ] && grep -q 'S\*β from the cache' "$tmp/second.out" || bad "second run: rc=$rc $(cat "$tmp/second.out" "$tmp/second.err")"
grep -q '^trials: 2 measured' "$tmp/second.out" || bad "--max-trials 2: $(grep '^trials:' "$tmp/second.out")"

run topk "$tmp/pair.list" --from 2 --to 3 "${quick[@]}" --topk
[ "$rc" -eq 0 ] && grep -q 'TopK baseline' "$tmp/topk.out" && grep -q '^best: ' "$tmp/topk.out" || bad "--topk: rc=$rc $(cat "$tmp/topk.err")"

run noline "$tmp/pair.list" --from 1 --to 3 --estimate --no-cache
[ "$rc" -eq 2 ] && grep -q 'holds no operator' "$tmp/noline.err" || bad "comment line: rc=$rc"
run nokey "$tmp/pair.list" --from 'matmul:nope' --to 3 --estimate --no-cache
[ "$rc" -eq 2 ] && grep -q 'no operator' "$tmp/nokey.err" || bad "unknown key: rc=$rc"
run kinds "$tmp/pair.list" --from 2 --to 4 --estimate --no-cache
[ "$rc" -eq 2 ] && grep -q 'not a reuse pair' "$tmp/kinds.err" || bad "different kinds: rc=$rc $(cat "$tmp/kinds.err")"
run noto "$tmp/pair.list" --from 2
[ "$rc" -eq 2 ] && [ ! -s "$tmp/noto.out" ] || bad "missing --to: rc=$rc"
run badopt "$tmp/pair.list" --from 2 --to 3 --frobnicate 1
[ "$rc" -eq 2 ] || bad "unknown option: rc=$rc"

[ "$fail" -eq 0 ] && echo "cli_reuse: ok"
exit "$fail"
