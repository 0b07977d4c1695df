#!/usr/bin/env bash
# eto_run.sh ETOTUNE — the default run end to end on a tiny list with a temporary cache: the plan full-searches
# one operator and reuses it for its neighbours; then the data set "changes shape" (one operator is added):
# the cached operators cost nothing (re-verified only) and the new one is tuned by reuse, not full search;
# `etotune plan` on the grown list agrees; `etotune db verify` is clean; `--mode topk` applies K programs.
exe="$1"
# shellcheck source=tests/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
# ETO's rounds on the reuse edges: cheap enough to reuse at a 40-trial full-search budget (the default reuse
# policy, checked at the end, spends more and pays at larger budgets)
opts=(--db "$tmp/db" --trials 40 --min-repeat-ms 2 --threads 1 --seed 5 --measures-per-round 20 --reuse eto)
cat >"$tmp/a.list" <<'LIST'
matmul m=32 n=32 k=32 name=small
matmul m=32 n=64 k=32 name=wide
LIST
cp "$tmp/a.list" "$tmp/b.list"
echo "matmul m=64 n=64 k=32 name=grown" >>"$tmp/b.list"

"$exe" "$tmp/a.list" "${opts[@]}" --report "$tmp/a.json" >"$tmp/a.out" 2>"$tmp/a.err" || bad "first run: $(cat "$tmp/a.err")"
grep -Eq '^[0-9]+ +full ' "$tmp/a.out" || bad "first run has no full search: $(cat "$tmp/a.out")"
grep -Eq '^[0-9]+ +reuse ' "$tmp/a.out" || bad "first run reuses nothing: $(cat "$tmp/a.out")"
grep -Eq '"method":[[:space:]]*"reuse"' "$tmp/a.json" || bad "JSON report lacks the reuse method"

"$exe" plan "$tmp/b.list" --db "$tmp/db" --trials 40 --threads 1 --reuse eto >"$tmp/plan.out" 2>&1 || bad "plan: $(cat "$tmp/plan.out")"
[ "$(grep -Ec ' cached ' "$tmp/plan.out")" -eq 2 ] || bad "plan does not use the 2 cached operators: $(cat "$tmp/plan.out")"

# --no-reseed: a reuse child that beats its cached source by 1.25x (the source's stored time a noisy one; a CI run of
# session 35: 51.7 -> 114.6 GFLOP/s) would search the source again, which is not what this checks
"$exe" tune "$tmp/b.list" "${opts[@]}" --no-reseed >"$tmp/b.out" 2>"$tmp/b.err" || bad "second run: $(cat "$tmp/b.err")"
[ "$(grep -Ec '^[0-9]+ +cached +0 ' "$tmp/b.out")" -eq 2 ] || bad "cached operators were tuned again: $(cat "$tmp/b.out")"
grep -Eq '^3 +reuse ' "$tmp/b.out" || bad "the new operator was not tuned by reuse: $(cat "$tmp/b.out")"
grep -q 'frequency-weighted latency of the list: [0-9.]* ms$' "$tmp/b.out" || bad "an operator has no program: $(cat "$tmp/b.out")"
grep -Eq '\(0 full search' "$tmp/b.out" || bad "second run full-searched: $(cat "$tmp/b.out")"

"$exe" db --db "$tmp/db" verify >"$tmp/v.out" 2>&1 || bad "db verify: $(cat "$tmp/v.out")"
"$exe" db --db "$tmp/db" list --all-targets >"$tmp/l.out" 2>&1 || bad "db list"
[ "$(grep -c '^3 record' "$tmp/l.out")" -eq 1 ] || bad "db list: $(cat "$tmp/l.out")"
# the Selective Tuning baseline on a fresh cache: one representative full-searched, the other by TopK (3 trials)
"$exe" tune "$tmp/a.list" --mode topk --db "$tmp/topk" --trials 40 --min-repeat-ms 2 --threads 1 --seed 5 \
  --measures-per-round 20 >"$tmp/t.out" 2>"$tmp/t.err" || bad "topk run: $(cat "$tmp/t.err")"
[ "$(grep -Ec '^[0-9]+ +full ' "$tmp/t.out")" -eq 1 ] || bad "topk: not one representative: $(cat "$tmp/t.out")"
grep -Eq '^[0-9]+ +topk +[1-3] ' "$tmp/t.out" || bad "topk: no member applied K <= 3 programs: $(cat "$tmp/t.out")"
grep -q 'frequency-weighted latency of the list: [0-9.]* ms$' "$tmp/t.out" || bad "topk: an operator has no program"
# the default reuse policy (seeded) at a budget where reuse pays: the plan reuses, the reuse edge measures at most
# a full search's budget and reports the plan's estimate next to what it measured
"$exe" tune "$tmp/a.list" --db "$tmp/seeded" --trials 200 --min-repeat-ms 2 --threads 1 --seed 5 \
  --measures-per-round 20 >"$tmp/s.out" 2>"$tmp/s.err" || bad "seeded run: $(cat "$tmp/s.err")"
n=$(sed -n 's/^[0-9]* *reuse *\([0-9]*\) .*/\1/p' "$tmp/s.out" | head -1)
[ -n "$n" ] && [ "$n" -ge 1 ] && [ "$n" -le 200 ] || bad "seeded: no reuse row within the budget: $(cat "$tmp/s.out")"
grep -Eq "plan's estimate [0-9]* trials, measured $n[;)]" "$tmp/s.out" || bad "seeded: no estimate vs actual: $(cat "$tmp/s.out")"
grep -Eq 'reuse .* \(seeded[,)]' "$tmp/s.err" || bad "seeded: the reuse edge did not run the seeded policy: $(cat "$tmp/s.err")"
# early release (default 64): the reuse edge starts from its source's best at the end of the source's round
# (20 candidates here) that reaches 64 trials
r=$(sed -n 's/.*released early from .* after \([0-9]*\) of its trials.*/\1/p' "$tmp/s.err" | head -1)
[ -n "$r" ] && [ "$r" -ge 64 ] && [ "$r" -lt 84 ] ||
  bad "seeded: the reuse edge was not released after 64 of its source's trials: $(grep -i release "$tmp/s.err")"
# progress shows the list's weighted latency as the searches go: its last value is the report's
last=$(sed -n 's/.* | list weighted latency \([0-9.]*\) ms$/\1/p' "$tmp/s.err" | tail -1)
total=$(sed -n 's/^frequency-weighted latency of the list: \([0-9.]*\) ms$/\1/p' "$tmp/s.out")
[ -n "$last" ] && [ "$last" = "$total" ] || bad "progress: last list weighted latency '$last' ms, report '$total' ms"
grep -q ' | list: [0-9]* operators\? without a program yet$' "$tmp/s.err" ||
  bad "progress: no count of operators without a program: $(head -5 "$tmp/s.err")"
# one budget for the whole list: exactly that many trials, every operator with a program, the rest of the budget
# (beyond the plan's) spent where the task scheduler finds it pays
"$exe" tune "$tmp/a.list" --db "$tmp/total" --trials 40 --reuse eto --trials-total 100 --min-repeat-ms 2 --threads 1 \
  --seed 5 --measures-per-round 20 >"$tmp/tt.out" 2>"$tmp/tt.err" || bad "--trials-total: $(cat "$tmp/tt.err")"
grep -q '^totals: 100 trials measured' "$tmp/tt.out" && grep -q 'trial budget is spent' "$tmp/tt.out" &&
  grep -q 'frequency-weighted latency of the list: [0-9.]* ms$' "$tmp/tt.out" || bad "--trials-total 100: $(cat "$tmp/tt.out")"
exit $fail
