#!/usr/bin/env bash
# bench_placement: a valid program runs on every copy and matches the reference; an invalid one is refused.
set -u
p="$1"
op="matmul m=8 n=48 k=40"
out=$("$p" --op "$op" --recipe "v1 mlt s=1.1.1.1.1/1.1.1.8.1/3.1.1.1.16 r=40.1.1 u=0 v=1.1 d=1.1" --copies 2 --rounds 2 \
  --min-repeat-ms 1 --threads 2 --series) || { echo "FAIL: valid program: exit $?"; echo "$out"; exit 1; }
echo "$out" | grep -q "every copy's result checked against the reference" || { echo "FAIL: no check line"; exit 1; }
[ "$(echo "$out" | grep -c '^round ')" = 4 ] || { echo "FAIL: --series printed $(echo "$out" | grep -c '^round ') rounds"; exit 1; }
"$p" --op "$op" --recipe "v1 mlt s=1.1.1.1.1/1.1.1.8.1/3.1.1.1.16 r=41.1.1 u=0 v=1.1" --rounds 1 >/dev/null 2>&1
rc=$?
[ $rc = 2 ] || { echo "FAIL: invalid program: exit $rc, not 2"; exit 1; }
echo "bench_placement: ok"
