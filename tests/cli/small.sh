#!/usr/bin/env bash
# small.sh ETOTUNE — `etotune tune --family representatives --small-trials N`: after the family tuning, the values
# 1..16 of each family whose work grows with the variable alone (matmul m=S) are searched further, one family at a
# time, N trials each; a family with two keys on the variable (batch_matmul m=S n=S) is left alone; the option's
# misuse is refused before any work.
exe="$1"
# shellcheck source=tests/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
cat >"$tmp/f.list" <<'LIST'
let S=1..16
matmul m=S n=32 k=32 name=dense
let T=1..4
batch_matmul b=2 m=T n=T k=8 name=square
LIST
run e1 tune "$tmp/f.list" --small-trials 8 --db "$tmp/db"
[ "$rc" = 2 ] && grep -q -- "--small-trials is for --family representatives" "$tmp/e1.err" ||
  bad "--small-trials without --family representatives: rc $rc, $(cat "$tmp/e1.err")"
run e2 tune "$tmp/f.list" --family representatives --small-trials 8 --small-time 60 --time-budget 100 --db "$tmp/db"
[ "$rc" = 2 ] && grep -q "takes half of --time-budget" "$tmp/e2.err" ||
  bad "--small-time over half the budget: rc $rc, $(cat "$tmp/e2.err")"
[ ! -e "$tmp/db" ] || bad "a refused command opened the cache"

run t tune "$tmp/f.list" --family representatives --trials 8 --measures-per-round 4 --min-repeat-ms 1 --threads 1 \
  --seed 3 --small-trials 12 --db "$tmp/db" --report "$tmp/t.json"
[ "$rc" = 0 ] || bad "tune exited $rc: $(tail -3 "$tmp/t.err")"
grep -q "family dense's 16 small values searched further: 12 trials, at most 90 s" "$tmp/t.err" ||
  bad "no small-value step for dense: $(grep -i small "$tmp/t.err")"
! grep -q "family square's" "$tmp/t.err" || bad "the m=S n=S family was searched further"
# the step's own report: the 16 operators refined or cached, 12 trials in all
sed -n '/^small values of family dense/,$p' "$tmp/t.out" >"$tmp/small.out"
grep -q '^totals: 12 trials measured' "$tmp/small.out" ||
  bad "small step: not 12 trials: $(grep totals "$tmp/small.out")"
[ "$(grep -Ec '^[0-9]+ +(refined|cached) ' "$tmp/small.out")" = 16 ] ||
  bad "small step: not the 16 values: $(cat "$tmp/small.out")"
grep -Eq '^[0-9]+ +refined ' "$tmp/small.out" || bad "small step refined nothing: $(cat "$tmp/small.out")"
# the family tuning's JSON report is the first step's: 20 representatives
n="$(jq '.operators | length' "$tmp/t.json")"
[ "$n" = 20 ] || bad "report: $n operators, expected the 20 representatives"
exit "$fail"
