#!/usr/bin/env bash
# no_shell.sh BENCH_REPRODUCE SRCDIR — the bench programs never pass paths through a shell (#23: bench_reproduce
# and bench_curves ran `mkdir -p '%s'`, `rm -rf '%s'` and `gnuplot '%s'` with system(), so
# --out "x'; touch PWNED; echo '" ran a command). bench_reproduce runs one tiny operator (well under a second)
# with such an --out: nothing may be created but the directory of that literal name, and its option values are
# checked. No bench source may call system() or popen().
exe="$1"
src="$2"
# shellcheck source=tests/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
cd "$tmp" || exit 1
printf 'matmul m=2 n=2 k=2\n' >t.list
out="o'; touch PWNED; echo '"
run reproduce t.list --trials 2 --modes full --min-repeat-ms 0.1 --threads 1 --out "$out"
[ "$rc" -eq 0 ] || bad "bench_reproduce: exit $rc $(tail -c 400 "$tmp/reproduce.err")"
[ -e PWNED ] && bad "--out ran a shell command (PWNED exists)"
[ -f "$out/summary.json" ] || bad "no summary.json in the directory named by --out: $(ls)"
[ -e "$out/db-full" ] && bad "the mode's temporary cache was not removed"
run badtrials t.list --trials 2147483648
[ "$rc" -eq 2 ] && grep -qF -- "--trials: '2147483648' is out of range" "$tmp/badtrials.err" || bad "--trials 2147483648: exit $rc"
run emptyout t.list --out ''
[ "$rc" -eq 2 ] && grep -qF -- "--out: an empty value is not allowed" "$tmp/emptyout.err" || bad "--out '': exit $rc"
if grep -nE '\b(system|popen)[[:space:]]*\(' "$src"/bench/*.c; then
  bad "a bench program calls system() or popen() (use bench_run, bench_mkdir_p, bench_rm_rf)"
fi
exit "$fail"
