#!/usr/bin/env bash
# sigint.sh ETOTUNE SEED — issue #23: Ctrl-C (SIGINT) stops `etotune tune` in every mode after the candidates
# being measured, with exit status 1 and "interrupted; ... run the same command to resume", keeping everything
# it measured (the cache holds at least the trials its report counts, and no trial failed because of the
# signal), and the same command resumes: it finishes with a best program for every operator and measures no
# stored candidate again. Modes full and eto are interrupted twice: SIGINT to the process alone, and to its whole
# process group (workers included) as a terminal's Ctrl-C does; topk by the group's only. The moment is 0 to
# 0.45 s (from SEED) after the first batch was stored.
exe="$1"
seed="$2"
# shellcheck source=../lib.sh
source "$(dirname "$0")/../lib.sh"
printf 'norm b=1 m=64 n=64\nmatmul m=32 n=32 k=32\nmatmul m=32 n=64 k=32\n' >"$tmp/k.list"
nops=3

# counts DB: $total trials, $dups trials whose (workload, recipe) was stored before, $failed trials that did
# not measure ok, $best best programs
counts() {
  "$exe" db export "$tmp/x.jsonl" --db "$1" >/dev/null 2>&1 || bad "export of $1 failed"
  total="$(jq -r 'select(.type=="trial") | .workload + " " + .recipe' "$tmp/x.jsonl" | wc -l)"
  dups="$(jq -r 'select(.type=="trial") | .workload + " " + .recipe' "$tmp/x.jsonl" | sort | uniq -c |
    awk '$1 > 1 { d += $1 - 1 } END { print d + 0 }')"
  failed="$(jq -r 'select(.type=="trial" and .status != "ok") | .status + " " + (.error // "")' "$tmp/x.jsonl")"
  best="$(jq -r 'select(.type=="best") | .workload' "$tmp/x.jsonl" | wc -l)"
}

RANDOM="$seed"
for mode in full eto topk; do
  for target in process group; do
    [ "$mode-$target" = topk-process ] && continue # the same path as eto-process; keeps the test under a minute
    name="$mode-$target"
    db="$tmp/db-$name"
    args=(tune "$tmp/k.list" --mode "$mode" --trials 24 --measures-per-round 8 --seed 5 --min-repeat-ms 1 --db "$db")
    # its own process group, so that the group's signal reaches it and its workers only
    setsid "$exe" "${args[@]}" >"$tmp/$name.out" 2>"$tmp/$name.err" &
    pid=$!
    for _ in $(seq 500); do
      "$exe" db export "$tmp/poll.jsonl" --db "$db" >/dev/null 2>&1 &&
        [ "$(grep -c '"type":"trial"' "$tmp/poll.jsonl")" -ge 1 ] && break
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.02
    done
    delay="$(printf '0.%02d' $((RANDOM % 10 * 5)))"
    sleep "$delay"
    t0=$SECONDS
    if [ "$target" = group ]; then kill -INT -- "-$pid"; else kill -INT "$pid"; fi
    wait "$pid"
    src=$?
    counts "$db"
    measured="$(sed -n -e 's/^trials: \([0-9]*\) (\([0-9]*\) measured now.*/\2/p' \
      -e 's/^totals: \([0-9]*\) trials measured.*/\1/p' "$tmp/$name.out")"
    echo "$name: SIGINT $delay s after the first batch was stored: exit $src after $((SECONDS - t0)) s, report: ${measured:-no} trials measured, cache: $total trials"
    [ "$src" -eq 1 ] || bad "$name: exit $src after SIGINT, wanted 1: $(tail -2 "$tmp/$name.err")"
    grep -qF "interrupted; what was measured is in the cache, run the same command to resume" "$tmp/$name.err" ||
      bad "$name: no 'interrupted' message: $(tail -2 "$tmp/$name.err")"
    [ $((SECONDS - t0)) -le 10 ] || bad "$name: took $((SECONDS - t0)) s to stop"
    if [ -z "$measured" ] || [ "$total" -lt "$measured" ] || [ "$total" -eq 0 ]; then
      bad "$name: the report counts ${measured:-no} trials, the cache holds $total"
    fi
    [ -z "$failed" ] || bad "$name: trials failed: $(echo "$failed" | sort | uniq -c | head -3)"
    stored="$total"
    run "resume-$name" "${args[@]}"
    counts "$db"
    echo "$name: the re-run exited $rc: $total trials ($((total - stored)) new), $dups measured again, $best best programs"
    [ "$rc" -eq 0 ] || bad "$name: the re-run exited $rc: $(tail -3 "$tmp/resume-$name.err")"
    [ "$best" -eq "$nops" ] || bad "$name: $best best programs after the re-run, wanted $nops"
    [ "$dups" -eq 0 ] || bad "$name: the re-run measured $dups stored trials again"
    [ -z "$failed" ] || bad "$name: trials failed after the re-run: $(echo "$failed" | sort | uniq -c | head -3)"
  done
done
exit "$fail"
