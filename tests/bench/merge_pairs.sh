#!/usr/bin/env bash
# merge_pairs.sh EXE — `bench_pairs --merge`: two chunks (one written before the draw column existed) join in
# kind-major draw order, a pair measured twice stays once, an interrupted pair is listed but not summarized,
# quoted keys with commas survive, the summaries are recomputed from the figures; runs of different draws and
# files that are not bench_pairs CSVs are refused.
exe="$1"
# shellcheck source=tests/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
cols='kind,alpha,beta,tuner_gflops,alpha_full_gflops,alpha_full_trials_to_match_tuner,tuner_over_full,topk_over_full,trials_ratio,time_ratio,ttb_time_ratio,estimate_over_actual,failed,note'
# chunk 1, no draw column: pairs 1-2 of conv2d and pair 1 of norm, in draw order
cat >"$tmp/a.csv" <<CSV
pair,$cols
p1,conv2d,"conv2d:k=1,c=1","conv2d:k=2,c=2",10,9,-1,1.10,0.5,20,10,9,2.0,0,""
p2,conv2d,"conv2d:k=3,c=3","conv2d:k=4,c=4",8,10,300,0.80,0.6,10,5,4,1.0,0,""
p3,norm,"norm:b=1","norm:b=2",5,10,-1,0.50,0.4,30,20,15,0.5,0,"tuner: ""quoted"" words"
CSV
# chunk 2: conv2d pair 2 again (kept from chunk 1), pair 3; norm pair 2 interrupted
cat >"$tmp/b.csv" <<CSV
pair,draw,$cols
p1,2,conv2d,"conv2d:k=3,c=3","conv2d:k=4,c=4",7,10,400,0.70,0.6,10,5,4,1.0,0,""
p2,3,conv2d,"conv2d:k=5,c=5","conv2d:k=6,c=6",9,10,200,0.90,0.7,40,30,25,3.0,0,""
p3,2,norm,"norm:b=3","norm:b=4",,,-1,,,,,,,0,"interrupted"
CSV
run merge --merge "$tmp/a.csv,$tmp/b.csv" --out "$tmp/m"
[ "$rc" -eq 0 ] || bad "merge: rc=$rc $(cat "$tmp/merge.err")"
grep -q 'conv2d pair 2 of .*b.csv is also in .*a.csv: kept once' "$tmp/merge.err" || bad "no 'kept once': $(cat "$tmp/merge.err")"
grep -q '^merged: 5 pairs from 2 runs' "$tmp/merge.out" || bad "count: $(head -3 "$tmp/merge.out")"
# kind-major, draw order, renumbered; the quoted keys and the note come back as written
got="$(cut -d, -f1-3 "$tmp/m/pairs.csv" | tail -n +2 | tr '\n' ' ')"
[ "$got" = "p1,conv2d,1 p2,conv2d,2 p3,conv2d,3 p4,norm,1 p5,norm,2 " ] || bad "order: $got"
grep -q '^p2,conv2d,2,"conv2d:k=3,c=3",' "$tmp/m/pairs.csv" || bad "keys: $(sed -n 3p "$tmp/m/pairs.csv")"
grep -q '0.80' <(sed -n 3p "$tmp/m/pairs.csv") || bad "the duplicate did not come from the first run"
grep -q '"tuner: ""quoted"" words"' "$tmp/m/pairs.csv" || bad "note: $(grep norm "$tmp/m/pairs.csv")"
# conv2d: tuner/full 1.10, 0.80, 0.90 -> median 0.90; overall 0.5..1.1 over 4 measured pairs -> median 0.85
python3 - "$tmp/m/summary.json" <<'PY' || bad "summary.json"
import json, sys
d = json.load(open(sys.argv[1]))
c = d["kinds"]["conv2d"]["summary"]
assert c["measured"] == 3 and abs(c["throughput_tuner_over_full"]["median"] - 0.90) < 1e-9, c
assert c["never_matched"] == 1 and c["full_trials_to_match_tuner"]["median"] == 250, c
n = d["kinds"]["norm"]["summary"]
assert n["pairs"] == 2 and n["measured"] == 1, n
o = d["overall"]
assert o["measured"] == 4 and abs(o["throughput_tuner_over_full"]["median"] - 0.85) < 1e-9, o
assert o["goal_met_median"] is False and o["goal_met_every_pair"] is False, o
assert [p["draw"] for p in d["pairs"]] == [1, 2, 3, 1, 2], d["pairs"]
PY
# the same kind and draw with another pair: different draws, refused
sed 's/conv2d:k=5,c=5/conv2d:k=7,c=7/; s/^p2,3,/p2,1,/' "$tmp/b.csv" >"$tmp/c.csv"
run conflict --merge "$tmp/a.csv,$tmp/c.csv" --out "$tmp/m2"
[ "$rc" -ne 0 ] && grep -q 'different conv2d pairs at draw 1.*do not merge' "$tmp/conflict.err" || bad "conflict: rc=$rc $(cat "$tmp/conflict.err")"
[ -e "$tmp/m2/pairs.csv" ] && bad "a refused merge wrote pairs.csv"
# not a bench_pairs CSV
printf 'a,b\n1,2\n' >"$tmp/x.csv"
run notcsv --merge "$tmp/x.csv" --out "$tmp/m3"
[ "$rc" -ne 0 ] && grep -q "x.csv:1: not a bench_pairs CSV (no column 'kind')" "$tmp/notcsv.err" || bad "not a CSV: rc=$rc $(cat "$tmp/notcsv.err")"
# --first-pair past --pairs
run first --pairs 2 --first-pair 3 --dry-run
[ "$rc" -eq 2 ] && grep -q 'first-pair 3 is past --pairs 2' "$tmp/first.err" || bad "--first-pair: rc=$rc $(cat "$tmp/first.err")"
exit $fail
