#!/usr/bin/env bash
# cli_db.sh ETOTUNE CACHE_PLANT RECORDS — `etotune db` on damaged and implausible caches, end to end:
#   * real records (RECORDS: an export of a tuning run, schema 1) import and verify clean;
#   * import refuses what could not have been measured, with FILE:LINE: messages and exit status 1, and
#     exits 1 when nothing was imported;
#   * a record edited in place inside data.mdb fails verify (checksum), and the others still read;
#   * verify flags implausible records written by the library alone (CACHE_PLANT) and counts schema-1 ones;
#   * a truncated data.mdb is an error naming the file for every command, never a crash; `plan` fails on it
#     too, and plans without a cache only when there is none yet;
#   * `db show ""` is a usage error with a plain message;
#   * a cache without write permission is read by the read commands (as uid 65534 when run as root).
exe="$1"
plant="$2"
records="$3"
# shellcheck source=tests/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
export LC_ALL=C

# --- real records: accepted, and verify finds nothing -------------------------------------------------
run imp db import "$records" --db "$tmp/good"
[ "$rc" -eq 0 ] || bad "importing real records: exit $rc: $(cat "$tmp/imp.err")"
grep -q "imported 11: best 3 new" "$tmp/imp.out" || bad "import counts: $(cat "$tmp/imp.out")"
run ver db verify --db "$tmp/good"
[ "$rc" -eq 0 ] || bad "verify of imported real records: exit $rc: $(cat "$tmp/ver.out")"
grep -q "no checksum" "$tmp/ver.out" && bad "imported records were stored without checksums"

# --- implausible lines: each refused with its file and line --------------------------------------------
best_line="$(grep -m1 '"type":"best".*"workload":"matmul:m=64,n=64' "$records")"
[ -n "$best_line" ] || bad "fixture has no matmul best record"
{
  grep -m1 '"type":"meta"' "$records"
  sed 's/"median_s":[^,]*/"median_s":1e-12/' <<<"$best_line"
  sed 's/"median_s":[^,]*/"median_s":-4e-05/' <<<"$best_line"
  sed 's|"workload":"[^"]*"|"workload":"../../etc/passwd"|' <<<"$best_line"
  sed 's/"kind":"matmul"/"kind":"conv2d"/' <<<"$best_line"
  sed 's/"recipe":"v1 mlt/"recipe":"v1\\u0000mlt/' <<<"$best_line"
  sed 's/"gflops":[^,]*/"gflops":524288000/' <<<"$best_line"
  sed 's/"median_s":[^,]*/"median_s":NaN/' <<<"$best_line"
} >"$tmp/bad.jsonl"
run bimp db import "$tmp/bad.jsonl" --db "$tmp/bad"
[ "$rc" -eq 1 ] || bad "import of implausible lines: exit $rc, wanted 1"
for want in "bad.jsonl:2: .*impossible latency" "bad.jsonl:3: .*impossible latency" \
  "bad.jsonl:4: .*\"../../etc/passwd\" is not an operator" "bad.jsonl:5: .*kind \"conv2d\" does not match" \
  "bad.jsonl:6: holds a NUL byte" "bad.jsonl:7: .*GFLOP/s 5.24288e+08 is not" "bad.jsonl:8: not a JSON object" \
  "7 of 8 lines refused"; do
  grep -q "$want" "$tmp/bimp.err" || bad "import: no message matching '$want' in: $(cat "$tmp/bimp.err")"
done
grep -q "imported 1: .* 7 refused" "$tmp/bimp.out" || bad "import summary: $(cat "$tmp/bimp.out")"
run lst db list --all-targets --db "$tmp/bad"
grep -q "^0 record" "$tmp/lst.out" || bad "a refused record was stored: $(cat "$tmp/lst.out")"
: >"$tmp/empty.jsonl"
run emp db import "$tmp/empty.jsonl" --db "$tmp/bad"
[ "$rc" -eq 1 ] && grep -q "empty.jsonl: nothing imported" "$tmp/emp.err" ||
  bad "importing nothing: exit $rc: $(cat "$tmp/emp.err")"

# --- a record edited in place inside data.mdb ------------------------------------------------------------
cp -r "$tmp/good" "$tmp/edited"
grep -q 'u=64 v=1.1' "$tmp/edited/data.mdb" || bad "fixture recipe not found in data.mdb"
sed -i 's/u=64 v=1\.1/u=16 v=1.1/g' "$tmp/edited/data.mdb" # same length: LMDB itself cannot tell
run ved db verify --db "$tmp/edited"
[ "$rc" -eq 1 ] || bad "verify of an edited record: exit $rc, wanted 1: $(cat "$tmp/ved.out")"
grep -q "checksum mismatch" "$tmp/ved.out" || bad "verify does not name the checksum: $(cat "$tmp/ved.out")"
run led db list --all-targets --db "$tmp/edited"
grep -q "^2 record" "$tmp/led.out" || bad "the intact records are no longer listed: $(cat "$tmp/led.out")"

# --- records written by the library alone: verify judges them ----------------------------------------------
"$plant" "$tmp/planted" || bad "cache_plant failed"
run vpl db verify --db "$tmp/planted"
[ "$rc" -eq 1 ] || bad "verify of implausible records: exit $rc, wanted 1"
grep -q "; 6 problem(s)" "$tmp/vpl.out" || bad "verify should find 6 problems: $(cat "$tmp/vpl.out")"
for want in '"../../etc/passwd" is not an operator' 'kind "conv2d" does not match the workload key.s kind matmul' \
  'matmul:m=4096.*cannot have been measured' 'recipe does not fit matmul' \
  'trial .*kind "conv2d" does not match' 'is not canonical' '1 record(s) have no checksum'; do
  grep -q "$want" "$tmp/vpl.out" || bad "verify: no line matching '$want' in: $(cat "$tmp/vpl.out")"
done
grep -q 'matmul:m=64,n=128,k=64;dtype=float32:' "$tmp/vpl.out" && bad "verify flags the plausible record"

# --- a truncated data.mdb: an error naming the file, never a bus error -------------------------------------
cp -r "$tmp/good" "$tmp/cut"
truncate -s 8192 "$tmp/cut/data.mdb"
for cmd in "db verify" "db stats" "db list" "db export $tmp/x.jsonl"; do
  # shellcheck disable=SC2086  # $cmd is split on purpose
  run cut $cmd --db "$tmp/cut"
  [ "$rc" -eq 1 ] || bad "$cmd on a truncated cache: exit $rc, wanted 1"
  grep -q "cut/data.mdb is truncated (8192 bytes" "$tmp/cut.err" || bad "$cmd: message: $(cat "$tmp/cut.err")"
done
printf 'matmul m=64 n=128 k=64\nmatmul m=64 n=64 k=64\n' >"$tmp/ops.list"
run pln plan "$tmp/ops.list" --db "$tmp/cut"
[ "$rc" -eq 1 ] && grep -q "cannot read the cache: .*cut/data.mdb is truncated" "$tmp/pln.err" ||
  bad "plan on a truncated cache: exit $rc: $(cat "$tmp/pln.out" "$tmp/pln.err")"
run pln plan "$tmp/ops.list" --db "$tmp/no-cache-yet"
[ "$rc" -eq 0 ] && grep -q "^cache: (none)" "$tmp/pln.out" || bad "plan without a cache: exit $rc: $(cat "$tmp/pln.err")"
[ -e "$tmp/no-cache-yet" ] && bad "plan created a cache"

# --- db show of an empty key ------------------------------------------------------------------------------
run shw db show "" --db "$tmp/good"
[ "$rc" -eq 2 ] && [ "$(cat "$tmp/shw.err")" = "etotune db show: empty KEY" ] ||
  bad "db show \"\": exit $rc: $(cat "$tmp/shw.err")"
run shw db show "matmul:m=1,n=1,k=1;dtype=float32" --db "$tmp/good"
[ "$rc" -eq 1 ] && grep -q "k=1;dtype=float32: no best program for this machine's target$" "$tmp/shw.err" ||
  bad "db show of an absent key: exit $rc: $(cat "$tmp/shw.err")"

# --- a cache without write permission -------------------------------------------------------------------
cp -r "$tmp/good" "$tmp/ro"
chmod 755 "$tmp"
chmod -R a+rX "$tmp/ro"
chmod a-w "$tmp/ro" "$tmp/ro/data.mdb" "$tmp/ro/lock.mdb"
as_reader=()
if [ "$(id -u)" -eq 0 ]; then
  if command -v setpriv >/dev/null && setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
    as_reader=(setpriv --reuid=65534 --regid=65534 --clear-groups)
  else
    echo "SKIP: root without setpriv: the unwritable cache is not tested"
  fi
fi
if [ "$(id -u)" -ne 0 ] || [ "${#as_reader[@]}" -gt 0 ]; then
  for cmd in "db stats" "db list --all-targets" "db verify" "db export -" "plan $tmp/ops.list"; do
    # shellcheck disable=SC2086  # $cmd is split on purpose
    "${as_reader[@]}" "$exe" $cmd --db "$tmp/ro" >"$tmp/ro.out" 2>"$tmp/ro.err"
    rc=$?
    [ "$rc" -eq 0 ] || bad "$cmd on an unwritable cache: exit $rc: $(cat "$tmp/ro.err")"
    grep -q "lock.mdb cannot be written" "$tmp/ro.err" || bad "$cmd: no note about the lock: $(cat "$tmp/ro.err")"
  done
  grep -q "^cache: $tmp/ro" "$tmp/ro.out" || bad "plan did not use the unwritable cache: $(cat "$tmp/ro.out")"
  "${as_reader[@]}" "$exe" db import "$records" --db "$tmp/ro" >"$tmp/ro.out" 2>"$tmp/ro.err"
  rc=$?
  [ "$rc" -eq 1 ] && grep -q "ermission denied" "$tmp/ro.err" || bad "import into an unwritable cache: exit $rc"
fi
chmod -R u+w "$tmp/ro"
exit $fail
