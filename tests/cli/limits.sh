#!/usr/bin/env bash
# limits.sh ETOTUNE — up-front limits (issue #23 item 7): an operator whose tensors do not fit the available
# memory (matmul 36000^3, ~26 GB, died of OOM) or whose naive reference kernel would run for an hour (matmul
# 8192^3 sat silently) is refused by every command that measures, before any work, with FILE:LINE and what to
# do; plan only warns; --max-reference-seconds moves the time limit.
exe="$1"
# shellcheck source=tests/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
export ETOTUNE_DB="$tmp/db"
printf '# too big for memory\nmatmul m=36000 n=36000 k=36000\n' >"$tmp/big.list"
printf 'matmul m=64 n=64 k=64\n# an hour of reference kernel\nmatmul m=8192 n=8192 k=8192 name=slow\n' >"$tmp/slow.list"
printf 'matmul m=256 n=256 k=256\n' >"$tmp/mid.list"

# refused NAME 'EXPECTED' ARGS...: exit 1 within seconds, EXPECTED and "nothing was measured" on stderr, no cache
refused() {
  local name="$1" want="$2"
  shift 2
  local t0=$SECONDS
  run "$name" "$@"
  [ "$rc" -eq 1 ] || bad "$name: exit $rc, wanted 1 ($(head -c 300 "$tmp/$name.err"))"
  grep -qF -- "$want" "$tmp/$name.err" || bad "$name: stderr lacks '$want': $(head -c 400 "$tmp/$name.err")"
  grep -qF "nothing was measured" "$tmp/$name.err" || bad "$name: no 'nothing was measured'"
  [ $((SECONDS - t0)) -le 10 ] || bad "$name: took $((SECONDS - t0)) s to refuse"
  [ -e "$tmp/db" ] && bad "$name: created the cache: it did work before refusing"
  rm -rf "$tmp/db"
}

# memory: under an address-space limit of 8 GiB the 26 GB operator is too big on any machine (the check reads
# RLIMIT_AS as well as /proc/meminfo); nothing runs far enough to need that much address space
printf '#!/bin/sh\nulimit -v 8388608 || exit 99\nexec "%s" "$@"\n' "$exe" >"$tmp/limited"
chmod +x "$tmp/limited"
real_exe="$exe"
exe="$tmp/limited"
mem="$tmp/big.list:2: matmul m=36000 n=36000 k=36000"
refused mem_tune "$mem" tune "$tmp/big.list"
refused mem_implicit "$mem" "$tmp/big.list"
refused mem_full "$mem" tune "$tmp/big.list" --mode full
refused mem_measure "$mem" measure "$tmp/big.list"
grep -qE "needs 25\.9 GB of memory .* GB available" "$tmp/mem_tune.err" || bad "memory message: $(cat "$tmp/mem_tune.err")"
exe="$real_exe"

# time: 2 x 8192^3 FLOP at the assumed 0.2 GFLOP/s is ~5498 s, over the default 120 s
slow="$tmp/slow.list:3: matmul m=8192 n=8192 k=8192"
refused slow_tune "$slow" tune "$tmp/slow.list"
refused slow_implicit "$slow" "$tmp/slow.list"
refused slow_topk "$slow" tune "$tmp/slow.list" --mode topk
refused slow_measure "$slow" measure "$tmp/slow.list" --programs 1
refused slow_reuse "$slow" reuse "$tmp/slow.list" --from 1 --to 3
grep -qF "about 5498 s" "$tmp/slow_tune.err" || bad "slow: no estimate: $(cat "$tmp/slow_tune.err")"
grep -qF -- "--max-reference-seconds" "$tmp/slow_tune.err" || bad "slow: the remedy is not named"

# the option moves the limit: 2 x 256^3 FLOP is ~0.17 s at the assumed rate
refused mid_low "$tmp/mid.list:1: matmul m=256 n=256 k=256" measure "$tmp/mid.list" --max-reference-seconds 0.1
run mid_ok measure "$tmp/mid.list" --max-reference-seconds 1 --programs 1 --min-repeat-ms 1
[ "$rc" -eq 0 ] || bad "mid_ok: exit $rc: $(head -c 300 "$tmp/mid_ok.err")"
grep -q "best: [0-9.]* GFLOP/s" "$tmp/mid_ok.out" || bad "mid_ok: nothing measured"
run bad_value tune "$tmp/mid.list" --max-reference-seconds abc
[ "$rc" -eq 2 ] || bad "bad_value: exit $rc, wanted 2"

# plan measures nothing: it warns and plans
run plan_warn plan "$tmp/slow.list" --no-cache
[ "$rc" -eq 0 ] || bad "plan_warn: exit $rc"
grep -qF "warning (etotune tune would refuse this): $slow" "$tmp/plan_warn.err" || bad "plan_warn: $(cat "$tmp/plan_warn.err")"
exit "$fail"
