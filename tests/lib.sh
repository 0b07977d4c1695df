# shellcheck shell=bash disable=SC2034  # $fail and $rc are read by the tests that source this file
# lib.sh — sourced by the shell tests after they set $exe (the program under test):
#   $tmp           a temporary directory, removed on exit
#   bad MESSAGE    reports a failure on stderr and sets $fail (the test ends with `exit "$fail"`)
#   run NAME ARGS  runs "$exe" ARGS, leaving $tmp/NAME.out, $tmp/NAME.err and its exit status in $rc
set -u
: "${exe:?the test sets exe before sourcing lib.sh}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fail=0
rc=0
bad() {
  echo "FAIL: $*" >&2
  fail=1
}
run() {
  local name="$1"
  shift
  "$exe" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
  rc=$?
}
