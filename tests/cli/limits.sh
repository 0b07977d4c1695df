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
run probe --version
if [ "$rc" -ne 0 ]; then
  # a sanitizer build reserves terabytes of shadow address space at start: it cannot run under ulimit -v
  echo "memory cases skipped: the program does not start under ulimit -v: $(head -c 200 "$tmp/probe.err")"
else
  refused mem_tune "$mem" tune "$tmp/big.list"
  refused mem_implicit "$mem" "$tmp/big.list"
  refused mem_full "$mem" tune "$tmp/big.list" --mode full
  refused mem_measure "$mem" measure "$tmp/big.list"
  grep -qE "needs 25\.9 GB of memory .* GB available" "$tmp/mem_tune.err" || bad "memory message: $(cat "$tmp/mem_tune.err")"
fi
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

# db verify --rebuild measures every best program of this machine's target: one over the limits (here an
# imported record of the 8192^3 matmul) is skipped at once, neither measured for an hour nor marked bad
printf 'matmul m=8 n=8 k=8\n' >"$tmp/tiny.list"
run fp measure "$tmp/tiny.list" --programs 1 --min-repeat-ms 1 --format json
fp="$(jq -r .fingerprint "$tmp/fp.out")"
printf '{"type":"best","schema":1,"fingerprint":"%s","workload":"matmul:m=8192,n=8192,k=8192;dtype=float32","kind":"matmul","signature":"mlt(in0,in1)","recipe":"v1 mlt s=1.1.1.1.1/16.2.16.8.2/512.1.1.8.2 r=1024.8.1 u=512 v=2.4","latency":{"median_s":10.0,"min_s":9.9,"max_s":10.1,"repeats":3},"gflops":109.95,"features":null,"provenance":{"method":"full","source":null,"trials":100},"tool_version":null,"codegen_version":"3","time":1795560237,"bad":false,"bad_reason":null}\n' \
  "$fp" >"$tmp/slow.jsonl"
run import db import "$tmp/slow.jsonl" --db "$tmp/vdb"
[ "$rc" -eq 0 ] || bad "import of the 8192^3 record: exit $rc: $(cat "$tmp/import.err")"
t0=$SECONDS
run verify db verify --rebuild --db "$tmp/vdb"
if [ "$rc" -ne 0 ] || [ $((SECONDS - t0)) -gt 10 ]; then bad "verify --rebuild: exit $rc after $((SECONDS - t0)) s"; fi
grep -qF "1 skipped (over the memory or reference-time limits" "$tmp/verify.out" || bad "verify: $(cat "$tmp/verify.out")"
run export db export "$tmp/v.jsonl" --db "$tmp/vdb"
[ "$(jq -r 'select(.type=="best") | .bad' "$tmp/v.jsonl")" = false ] || bad "verify marked the skipped record bad"
rm -rf "$tmp/db"

# plan measures nothing: it warns and plans
run plan_warn plan "$tmp/slow.list" --no-cache
[ "$rc" -eq 0 ] || bad "plan_warn: exit $rc"
grep -qF "warning (etotune tune would refuse this): $slow" "$tmp/plan_warn.err" || bad "plan_warn: $(cat "$tmp/plan_warn.err")"
exit "$fail"
