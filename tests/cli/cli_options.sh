#!/usr/bin/env bash
# cli_options.sh ETOTUNE LIST — every sub-command refuses malformed or out-of-range option values with
# exit status 2 and one "PROG: --opt: ..." message, before any work (issue #23: --trials 2147483648 wrapped
# to a negative count and exited 0, --seed -1 wrapped, --threads 100000 started 8 x 256 threads, --db ''
# silently meant the default cache, --threads abc meant all cores). Nothing here measures anything: every
# case must fail while parsing options, so a regression shows as a wrong status or a run that starts.
exe="$1"
list="$2"
# shellcheck source=tests/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
export ETOTUNE_DB="$tmp/db"

# refused NAME 'EXPECTED MESSAGE' ARGS...: exit 2, the message on stderr, nothing on stdout
refused() {
  local name="$1" want="$2"
  shift 2
  run "$name" "$@"
  [ "$rc" -eq 2 ] || bad "$name: exit $rc, wanted 2 ($(head -c 300 "$tmp/$name.err"))"
  grep -qF -- "$want" "$tmp/$name.err" || bad "$name: stderr lacks '$want': $(head -c 300 "$tmp/$name.err")"
  [ -s "$tmp/$name.out" ] && bad "$name: stdout not empty"
  [ -e "$tmp/db" ] && bad "$name: created the cache: it did work before refusing"
}

refused tune_trials "--trials: '2147483648' is out of range (1..10000000)" tune "$list" --trials 2147483648
refused tune_trials_neg "--trials: '-5' is out of range" tune "$list" --trials -5
refused tune_seed_neg "--seed: '-1' is out of range" tune "$list" --seed -1
refused tune_seed_big "--seed: '18446744073709551616' is out of range" tune "$list" --seed 18446744073709551616
refused tune_threads "--threads: '100000' is out of range (1.." tune "$list" --threads 100000
refused tune_threads_abc "--threads: 'abc' is not an integer" tune "$list" --threads abc
refused tune_db_empty "--db: an empty value is not allowed" tune "$list" --db ''
refused tune_report_empty "--report: an empty value is not allowed" tune "$list" --report ''
refused tune_budget_nan "--time-budget: 'nan' is not a number" tune "$list" --time-budget nan
refused tune_jobs "--build-jobs: '1.5' is not an integer" tune "$list" --build-jobs 1.5
refused tune_round "--measures-per-round: '0' is out of range" tune "$list" --measures-per-round 0
refused implicit_tune "--trials: '2147483648' is out of range" "$list" --trials 2147483648
refused plan_trials "--trials: 'abc' is not an integer" plan "$list" --trials abc
refused plan_trials_big "--trials: '2147483648' is out of range (1..10000000)" plan "$list" --trials 2147483648
refused plan_threads "--threads: 'abc' is not an integer" plan "$list" --threads abc
refused plan_db_empty "--db: an empty value is not allowed" plan "$list" --db ''
refused plan_db_missing "--db needs a value" plan "$list" --db
refused measure_seed "--seed: '-1' is out of range (0..18446744073709551615)" measure "$list" --seed -1
refused measure_programs "--programs: '2147483648' is out of range" measure "$list" --programs 2147483648
refused measure_threads "--threads: '100000' is out of range" measure "$list" --threads 100000
refused measure_ms "--min-repeat-ms: 'inf' is not a number" measure "$list" --min-repeat-ms inf
refused reuse_threads "--threads: '-1' is out of range" reuse "$list" --from 1 --to 2 --threads -1
refused reuse_beta "--beta-programs: 'x' is not an integer" reuse "$list" --from 1 --to 2 --beta-programs x
refused reuse_max "--max-trials: '2147483648' is out of range" reuse "$list" --from 1 --to 2 --max-trials 2147483648
refused reuse_seed "--seed: '-3' is out of range" reuse "$list" --from 1 --to 2 --seed -3
refused reuse_from_empty "--from: an empty value is not allowed" reuse "$list" --from '' --to 2
refused db_empty "--db: an empty value is not allowed" db --db '' stats
# --max-sources N (reuse sources per operator): a positive integer up to 1024, for plan, tune and `etotune LIST`
refused plan_sources_zero "--max-sources: '0' is out of range (1..1024)" plan "$list" --max-sources 0
refused plan_sources_neg "--max-sources: '-3' is out of range (1..1024)" plan "$list" --max-sources -3
refused plan_sources_abc "--max-sources: 'abc' is not an integer" plan "$list" --max-sources abc
refused plan_sources_frac "--max-sources: '2.5' is not an integer" plan "$list" --max-sources 2.5
refused plan_sources_big "--max-sources: '1025' is out of range (1..1024)" plan "$list" --max-sources 1025
refused plan_sources_missing "--max-sources needs a value" plan "$list" --max-sources
refused tune_sources "--max-sources: '0' is out of range (1..1024)" tune "$list" --max-sources 0
refused implicit_sources "--max-sources: 'x' is not an integer" "$list" --max-sources x

# the accepted extremes still work: seed 2^64-1 and the largest --threads reach the plan, without a cache
max_threads=$(( $(nproc) * 4 ))
[ "$max_threads" -gt 1024 ] && max_threads=1024
run plan_ok plan "$list" --no-cache --trials 10000000 --threads "$max_threads"
[ "$rc" -eq 0 ] || bad "plan at the range's ends: exit $rc $(head -c 300 "$tmp/plan_ok.err")"
run plan_over plan "$list" --no-cache --threads "$((max_threads + 1))"
[ "$rc" -eq 2 ] || bad "plan --threads $((max_threads + 1)): exit $rc, wanted 2"
# an accepted --max-sources reaches the plan: one source per operator gives fewer reuse edges than 1024 (3 vs 4)
edges() { grep -o '"reuse_edges":[[:space:]]*[0-9]*' "$tmp/$1.out" | grep -o '[0-9]*$'; }
run sources_1 plan "$list" --no-cache --bridges none --max-sources 1 --format json
[ "$rc" -eq 0 ] || bad "plan --max-sources 1: exit $rc $(head -c 300 "$tmp/sources_1.err")"
run sources_max plan "$list" --no-cache --bridges none --max-sources 1024 --format json
[ "$rc" -eq 0 ] || bad "plan --max-sources 1024: exit $rc $(head -c 300 "$tmp/sources_max.err")"
[ "$(edges sources_1)" -lt "$(edges sources_max)" ] ||
  bad "--max-sources 1 gives $(edges sources_1) reuse edges, 1024 gives $(edges sources_max): the option is not used"
exit "$fail"
