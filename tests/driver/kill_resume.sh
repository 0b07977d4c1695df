#!/usr/bin/env bash
# kill_resume.sh ETOTUNE MODE SEED — issue #23: a run killed at any point resumes with the same command and
# measures again at most one batch. `etotune tune LIST --mode MODE` (full, eto, topk) with small budgets is killed
# with SIGKILL at points drawn from SEED, then the same command is run again. The re-run must finish (exit 0, a
# best program for every operator); the trials measured again must be at most one batch (--measures-per-round
# 8): a trial whose (workload, recipe) the cache already held is a candidate measured again (an uninterrupted
# run stores none, checked first); and a third run must measure nothing. In mode full every operator's trials
# must come to its budget exactly. MODE eto-edge: mode eto on one reuse edge of ~26 trials, killed once the edge
# stored well over a batch; there no stored trial may be measured again (exit 77 when no run's edge got that far).
exe="$1"
mode="$2"
seed="$3"
# shellcheck source=../lib.sh
source "$(dirname "$0")/../lib.sh"
batch=8
trials=24
printf 'norm b=1 m=64 n=64\nmatmul m=32 n=32 k=32\nmatmul m=32 n=64 k=32\n' >"$tmp/k.list"
nops=3
points="1 2 3 4"
[ "$mode" = full ] && points="1 2 3"
if [ "$mode" = eto-edge ]; then
  # one reuse edge of ~26 trials (matmul 128x128x64 -> 64x64x64), killed once it stored more than a batch
  mode=eto
  trials=40
  printf 'matmul m=64 n=64 k=64\nmatmul m=128 n=128 k=64\n' >"$tmp/k.list"
  nops=2
  points=5
fi
args=(tune "$tmp/k.list" --mode "$mode" --trials "$trials" --measures-per-round "$batch" --seed 5 --min-repeat-ms 1)
# reuse edges by ETO's rounds: cheap enough for the plan to reuse at these small budgets (the default policy pays at
# larger ones); the resume under test is the engine's, the same for every policy
[ "$mode" = eto ] && args+=(--reuse eto)

# counts DB: sets $total (trials stored), $dups (trials whose (workload, recipe) was stored before), $best
counts() {
  "$exe" db export "$tmp/x.jsonl" --db "$1" >/dev/null 2>&1 || bad "export of $1 failed"
  total="$(jq -r 'select(.type=="trial") | .workload + " " + .recipe' "$tmp/x.jsonl" | wc -l)"
  dups="$(jq -r 'select(.type=="trial") | .workload + " " + .recipe' "$tmp/x.jsonl" | sort | uniq -c |
    awk '$1 > 1 { d += $1 - 1 } END { print d + 0 }')"
  best="$(jq -r 'select(.type=="best") | .workload' "$tmp/x.jsonl" | wc -l)"
}

# an uninterrupted run: its duration places the kills, and it stores no trial twice (so a duplicate below is
# a candidate measured again because of the kill)
t0="$(date +%s.%N)"
run reference "${args[@]}" --db "$tmp/db0"
duration="$(echo "$(date +%s.%N) - $t0" | bc)"
[ "$rc" -eq 0 ] || bad "the uninterrupted run exited $rc: $(tail -3 "$tmp/reference.err")"
counts "$tmp/db0"
if [ "$dups" -ne 0 ] || [ "$best" -ne "$nops" ]; then
  bad "the uninterrupted run: $dups duplicate trials, $best best programs"
fi
echo "mode $mode: uninterrupted run $(printf '%.1f' "$duration") s, $total trials"

# points 1-3: at 5% to 95% of the uninterrupted run's duration (drawn from SEED): from before the first batch is
# stored to the last operators; point 4 (the planned modes): 0 to 0.08 s after a reuse edge (ETO's rounds, or
# TopK), which run last, stored its first trials: the kill lands inside the edge
# point 5 (eto-edge): once the reuse edge stored 12 to 15 trials, well over one batch (a few of them may not be
# proposed again by the re-run, whose rounds follow its own measurements)
RANDOM="$seed"
for point in $points; do
  db="$tmp/db$point"
  tries=0
  while :; do
  tries=$((tries + 1))
  rm -rf "$db"
  "$exe" "${args[@]}" --db "$db" >"$tmp/k$point.out" 2>"$tmp/k$point.err" &
  pid=$!
  if [ "$point" -ge 4 ]; then
    # poll the cache (a reader beside the writer, as LMDB allows) until the edge stored `want` trials
    want=1
    [ "$point" = 5 ] && want=$((batch + 4 + RANDOM % 4))
    for _ in $(seq 1000); do
      "$exe" db export "$tmp/poll.jsonl" --db "$db" >/dev/null 2>&1 &&
        [ "$(grep -c '"type":"trial".*"method":"\(reuse\|topk\)"' "$tmp/poll.jsonl")" -ge "$want" ] && break
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.02
    done
    delay=0
    [ "$point" = 4 ] && delay="0.0$((RANDOM % 5 * 2))"
    sleep "$delay"
    delay="$delay s after the reuse edge stored $want trial(s)"
  else
    pct=$((5 + RANDOM % 91))
    delay="$(echo "scale=2; $duration * $pct / 100" | bc)"
    sleep "$delay"
    delay="$delay s"
  fi
  kill -9 "$pid" 2>/dev/null
  { wait "$pid"; } 2>/dev/null # no "Killed" line from the shell
  krc=$?
  # point 5 needs an edge of more than a batch: its size depends on the measured S*β, so try again
  [ "$point" = 5 ] && [ "$krc" -eq 0 ] && [ "$tries" -lt 3 ] && continue
  break
  done
  if [ "$point" = 5 ] && [ "$krc" -eq 0 ]; then
    echo "skipped: in $tries runs the reuse edge ended before it stored $want trials (too few candidates)"
    exit 77
  fi
  # the workers die with their parent (PR_SET_PDEATHSIG): none may be left
  sleep 0.2
  pgrep -P "$pid" >/dev/null && bad "point $point: workers of the killed run are still running"
  stored=0
  [ -d "$db" ] && counts "$db" && stored="$total"
  run "resume$point" "${args[@]}" --db "$db"
  [ "$rc" -eq 0 ] || bad "point $point (kill -9 after $delay, run exit $krc): the re-run exited $rc: $(tail -3 "$tmp/resume$point.err")"
  counts "$db"
  echo "mode $mode, point $point: kill -9 after $delay (exit $krc), $stored trials stored; after the re-run $total trials, $dups measured again, $best best programs"
  [ "$best" -eq "$nops" ] || bad "point $point: $best best programs after the re-run, wanted $nops"
  # points 1-4: at most one batch; point 5: none, as docs/architecture.md §9 promises ("stored trials are never
  # measured again"; the batch in flight was never stored, so it cannot show as a duplicate): with an edge that
  # stored well over a batch, a restarted edge shows as some of its stored trials measured again, how many
  # depending on the re-run's own measurements, so only the strict bound tells a restart reliably
  limit="$batch"
  [ "$point" = 5 ] && limit=0
  if [ "$dups" -gt "$limit" ]; then
    bad "point $point: $dups stored trials measured again (at most $limit allowed)"
    [ "$point" -ge 4 ] && echo "known issue: the re-run restarts an interrupted reuse edge (ETO's rounds are run again from the first, re-measuring what the edge stored); its resume is being reworked on main" >&2
  fi
  [ "$mode" != full ] || [ "$total" -eq $((nops * trials)) ] ||
    bad "point $point: $total trials after the re-run, wanted the budget $((nops * trials))"
  before="$total"
  run "again$point" "${args[@]}" --db "$db"
  counts "$db"
  if [ "$rc" -ne 0 ] || [ "$total" -ne "$before" ]; then
    bad "point $point: a third run exited $rc and stored $((total - before)) more trials (wanted 0, nothing left to do)"
  fi
done
exit "$fail"
