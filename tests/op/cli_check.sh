#!/usr/bin/env bash
# cli_check.sh ETOTUNE DIR... — `etotune check` on every list of each DIR (exit 0, a table, valid JSON),
# and on bad input (exit 2, messages on stderr, nothing on stdout); --help and --version.
exe="$1"
shift
# shellcheck source=tests/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

run version --version
[ "$rc" -eq 0 ] && grep -Eq '^etotune [0-9]+\.[0-9]+\.[0-9]+$' "$tmp/version.out" || bad "--version: rc=$rc $(cat "$tmp/version.out")"
run help --help
[ "$rc" -eq 0 ] && grep -q '^  check  *parse' "$tmp/help.out" && grep -q 'depthwise_conv2d' "$tmp/help.out" || bad "--help"
run help_check help check
[ "$rc" -eq 0 ] && grep -q -- '--format json' "$tmp/help_check.out" || bad "help check"
run noargs
[ "$rc" -eq 2 ] || bad "no arguments: rc=$rc"
run unknown frobnicate
[ "$rc" -eq 2 ] && grep -q "unknown command 'frobnicate'" "$tmp/unknown.err" || bad "unknown command: rc=$rc"
run nofiles check
[ "$rc" -eq 2 ] && grep -q 'usage: etotune check' "$tmp/nofiles.err" || bad "check without files: rc=$rc"
run badfmt check --format xml "$1"/*.list
[ "$rc" -eq 2 ] || bad "--format xml: rc=$rc"

for dir in "$@"; do
  for f in "$dir"/*.list; do
    run good check "$f"
    [ "$rc" -eq 0 ] || bad "check $f: rc=$rc $(cat "$tmp/good.err")"
    grep -q '^totals: ' "$tmp/good.out" || bad "check $f: no totals line"
    [ -s "$tmp/good.err" ] && bad "check $f: stderr not empty"
  done
  run all check "$dir"/*.list
  [ "$rc" -eq 0 ] && grep -q '^all files: ' "$tmp/all.out" || bad "check $dir/*.list: rc=$rc"
  run json check --format json "$dir"/*.list
  [ "$rc" -eq 0 ] && grep -q '"weighted_gflop"' "$tmp/json.out" || bad "check --format json $dir: rc=$rc"
  if command -v python3 >/dev/null; then
    python3 -m json.tool "$tmp/json.out" >/dev/null || bad "check --format json $dir: invalid JSON"
  fi
done

# resnet50: 20 operators, 53 occurrences
if [ -f "$1/resnet50.list" ]; then
  run resnet check "$1/resnet50.list"
  grep -q '^totals: 20 lines, 20 distinct keys, 53 occurrences' "$tmp/resnet.out" || bad "resnet50 totals: $(tail -1 "$tmp/resnet.out")"
fi

printf '# a bad list\nconv2 n=1 c=3 h=8 w=8 k=4 r=3 s=3\nconv2d n=1 c=3 h=8 w=8 k=4 r=3 s=3 strde=2\n' >"$tmp/bad.list"
run badlist check "$1"/*.list "$tmp/bad.list"
[ "$rc" -eq 2 ] || bad "bad list: rc=$rc, expected 2"
[ -s "$tmp/badlist.out" ] && bad "bad list: stdout is not empty"
grep -q "bad.list:2:1: unknown operator kind 'conv2'; did you mean 'conv2d'?" "$tmp/badlist.err" || bad "bad list: message 1: $(cat "$tmp/badlist.err")"
grep -q "bad.list:3:36: unknown key 'strde' for conv2d; did you mean 'stride'?" "$tmp/badlist.err" || bad "bad list: message 2"
run badjson check --format json "$tmp/bad.list"
[ "$rc" -eq 2 ] && [ ! -s "$tmp/badjson.out" ] || bad "bad list with --format json: rc=$rc"
run missing check "$tmp/does-not-exist.list"
[ "$rc" -eq 2 ] && grep -q 'cannot open' "$tmp/missing.err" || bad "missing file: rc=$rc"

exit $fail
