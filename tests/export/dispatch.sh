#!/usr/bin/env bash
# dispatch.sh BUILD_DIR — dynamic shapes (issue "Dynamic-shape BERT"): a list of `let S=1..64` families is tuned at
# a few values only (--family representatives of a shorter list), exported, and every dispatch function is called
# for every s of 1..64 and above the tuned range (tests/export/dispatch_check.c) against naive loops. Also: the
# manifest's dispatch table, the header's declarations, and a family without any tuned member named as an error.
build="$1"
root="$(cd "$(dirname "$0")/../.." && pwd)"
exe="$build/src/cli/etotune"
# shellcheck source=../lib.sh
source "$(dirname "$0")/../lib.sh"
cc="${CC:-cc}"

families() { # the five families of one variable; $1: the let line
  cat <<LIST
$1
matmul m=S n=24 k=40 name=dense
matmul m=S n=16 k=24 bias=1 relu=1 name=dense_relu
batch_matmul b=2 m=S n=S k=8 name=scores
batch_matmul b=2 m=S n=8 k=S name=context
norm b=2 m=S n=16 name=norm
LIST
}
families "let S=1..64" > "$tmp/dyn.list"
families "let S=1..24" > "$tmp/tune.list"

# --family representatives keeps 1..16, 20 and 24 of 1..24: 18 values x 5 families
run tune tune "$tmp/tune.list" --family representatives --mode full --trials 2 --measures-per-round 2 --seed 1 \
  --threads 2 --min-repeat-ms 1 --db "$tmp/db" --report "$tmp/tune.json"
[ "$rc" = 0 ] || { bad "tune exited $rc: $(tail -3 "$tmp/tune.err")"; exit 1; }
grep -q "family dense (matmul, 24 values 1..24): tuning the 18 representative values" "$tmp/tune.err" ||
  bad "tune --family representatives did not say what it keeps: $(head -3 "$tmp/tune.err")"
# (at S=8 scores and context have one shape: one operator)
n="$(jq '.operators | length' "$tmp/tune.json")"
[ "$n" = 89 ] || bad "tune --family representatives tuned $n operators, expected 89"
# each representative weighs the values it serves: dense's 1..16 once each, 20 for 17..20, 24 for 21..24
w="$(jq -c '[.operators[] | select(.name == "dense") | .freq] | sort' "$tmp/tune.json")"
[ "$w" = "[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,4,4]" ] || bad "dense's representatives weigh $w, expected 16 x 1 and 2 x 4"

# --weak-floor-us 0: these small families' calls take about a microsecond, under the default floor of 2 (weak.list
# is checked below)
run export export "$tmp/dyn.list" --out "$tmp/exp" --name dyn --db "$tmp/db" --threads 2 --weak-floor-us 0
[ "$rc" = 0 ] || { bad "export exited $rc: $(cat "$tmp/export.err")"; exit 1; }
jq -e '.families | length == 5' "$tmp/exp/manifest.json" >/dev/null || bad "manifest: not 5 families"
jq -e '.families[] | select(.name == "dense") | .function == "dyn_dense"' "$tmp/exp/manifest.json" >/dev/null ||
  bad "manifest: dense's dispatch function"
# every table: runs from 1 up to 24, each served by a tuned value at or above it (or split: a smaller value's rows
# first, the rest by the table), then what serves s > 24
jq -e '[.families[] | .dispatch as $d | $d[0].from == 1 and $d[-1].from == 25 and $d[-1].to == null
  and ([range(1; $d | length)] | all(. as $i | $d[$i].from == $d[$i - 1].to + 1))
  and ($d[:-1] | all(.value >= .to or (.below == "split" and .value < .from)))] | all' "$tmp/exp/manifest.json" \
  >/dev/null ||
  bad "manifest: a dispatch table is not runs over 1..24: $(jq -c '.families[0].dispatch' "$tmp/exp/manifest.json")"
# members whose program has a dynamic kernel serve the values below them without copies; the others pad
ndyn="$(jq '[.families[].dispatch[] | select(.below == "dynamic" and .from < .value)] | length' "$tmp/exp/manifest.json")"
npad="$(jq '[.families[].dispatch[] | select(.below == "padded" and .from < .value)] | length' "$tmp/exp/manifest.json")"
nsplit="$(jq '[.families[].dispatch[] | select(.below == "split")] | length' "$tmp/exp/manifest.json")"
echo "runs of values served by a member above them: $ndyn by its dynamic kernel, $npad on padded copies; $nsplit split"
[ "$ndyn" -ge 5 ] && [ "$npad" -ge 1 ] || bad "manifest: $ndyn dynamic and $npad padded runs (expected both)"
# measured picks say how well each value is served: every family's weak_values, "tuned" exactly where the value is
# a tuned member (a function <family>_<value> of the manifest), and weak.list lists them all when there are any,
# the tuned ones marked so (etotune tune --refine searches them further)
nweak="$(jq '[.families[] | .weak_values | length] | add' "$tmp/exp/manifest.json")"
ntuned="$(jq '[.families[] | (.weak_values // [])[] | select(.tuned)] | length' "$tmp/exp/manifest.json")"
echo "weak values: $nweak, $ntuned of them tuned members"
jq -e '. as $r | [.families[] | select(.weak_values) | .function as $f
  | [$r.operators[].function | select(startswith($f + "_")) | ltrimstr($f + "_") | tonumber?] as $m
  | .weak_values[] | .tuned == (.s as $s | $m | any(. == $s))] | all' \
  "$tmp/exp/manifest.json" >/dev/null || bad "manifest: a weak value's \"tuned\" is not whether it is a member"
# weak.list: one line per value a weak value stands for: the member serving it (the dispatch table's run) where that
# member is weak itself, else the value; a line that stands for several says how many; then the values that are not
# tuned and lie close (neighbours at most 2 apart, the lowest at least 0.9 of the highest) one line, their highest
reps='[.families[] | select(.weak_values) | . as $f | ($f.weak_values | map(.s)) as $w
  | [$f.weak_values[] | .s as $s | if .tuned then $s else
      ([$f.dispatch[] | select(.from <= $s and (.to == null or $s <= .to))][0].value) as $v
      | if $v != $s and ($w | any(. == $v)) then $v else $s end end] as $r
  | $r | group_by(.) | map({v: .[0], lo: .[0], n: length,
                            tuned: (.[0] as $v | $f.weak_values | any(.s == $v and .tuned))})
  | reduce .[] as $x ([]; if length > 0 and (.[-1].tuned | not) and ($x.tuned | not) and $x.v - .[-1].v <= 2
                             and .[-1].lo >= 0.9 * $x.v
                          then .[-1] |= (.v = $x.v | .n += $x.n) else . + [$x] end)]
  | add // []'
nlines="$(jq "$reps | length" "$tmp/exp/manifest.json")"
nltuned="$(jq "$reps | map(select(.tuned)) | length" "$tmp/exp/manifest.json")"
nmerged="$(jq "$reps | map(select(.n > 1 and .lo == .v)) | length" "$tmp/exp/manifest.json")"
nruns="$(jq "$reps | map(select(.lo < .v)) | length" "$tmp/exp/manifest.json")"
runs="$(jq -r "$reps | map(select(.lo < .v) | \"\\(.n) weak values \\(.lo)..\\(.v)\") | sort | .[]" "$tmp/exp/manifest.json")"
echo "weak.list: $nlines lines, $nltuned of them tuned members, $nmerged standing for several weak values, $nruns runs"
if [ "$nweak" -gt 0 ]; then
  [ "$(grep -vc '^#' "$tmp/exp/weak.list")" = "$nlines" ] || bad "weak.list does not have the $nlines lines expected"
  [ "$(grep -c '^[^#].*# [0-9.]* tuned, ' "$tmp/exp/weak.list")" = "$nltuned" ] ||
    bad "weak.list does not mark the $nltuned tuned members"
  [ "$(grep -c '^[^#].*# [0-9.]*.*, [0-9]* weak values served by it, loss [0-9.e+-]*$' "$tmp/exp/weak.list")" = \
    "$nmerged" ] || bad "weak.list does not count the weak values of its $nmerged merged lines"
  [ "$(grep -o '[0-9]* weak values [0-9]*\.\.[0-9]*' "$tmp/exp/weak.list" | sort)" = "$runs" ] ||
    bad "weak.list's runs are not the $nruns expected: $runs"
  "$exe" check "$tmp/exp/weak.list" >/dev/null 2>&1 || bad "weak.list is no operators list"
  # the families take turns: every family's line of largest loss (the largest first), then every family's second...
  turns="$(grep -v '^#' "$tmp/exp/weak.list" | awk '{ match($0, / name=[^ ]*/); f = substr($0, RSTART, RLENGTH)
    match($0, /loss [0-9.e+-]*$/); print r[f]++, substr($0, RSTART + 5) }')"
  [ "$turns" = "$(sort -s -k1,1n -k2,2gr <<<"$turns")" ] || bad "the families do not take turns in weak.list"
  ntwo="$(awk '$1 == 1' <<<"$turns" | wc -l)"
  echo "weak.list: $ntwo families with two lines or more"
  [ "$ntwo" -ge 2 ] || bad "weak.list: fewer than two families with two lines"
  # a line's freq is the sum of the freqs of the weak values it stands for (1 each in dyn.list, 2 at S = 8, where
  # scores and context are one operator): a list-wide budget weighs a line by the values its kernel will serve
  freqs="$(grep -v '^#' "$tmp/exp/weak.list" | awk '{ n = 1; if (match($0, /, [0-9]+ weak values/)) n = substr($0, RSTART + 2) + 0
    match($0, / freq=[0-9]+/); print substr($0, RSTART + 6) + 0, n }')"
  [ -z "$(awk '$1 - $2 != 0 && $1 - $2 != 1' <<<"$freqs")" ] ||
    bad "weak.list: a line's freq is not the sum of its weak values' freqs: $freqs"
  echo "weak.list: $(awk '$2 > 1' <<<"$freqs" | wc -l) lines weigh more than one value"
  grep -q "weak.list lists them" "$tmp/export.out" || bad "export did not say where the weak values are listed"
else
  [ ! -e "$tmp/exp/weak.list" ] || bad "weak.list without weak values"
fi
jq -e '[.families[] | select(.picks == "measured")] | length > 0 and all(has("weak_values"))' \
  "$tmp/exp/manifest.json" >/dev/null || bad "manifest: no measured family, or one without weak_values"
grep -q "dyn_kernel_scores_20_dyn" "$tmp/exp/dyn.h" && bad "the header declares a dynamic kernel"
for fn in dyn_dense dyn_dense_relu dyn_scores dyn_context dyn_norm dyn_dense_20; do
  grep -q " $fn(" "$tmp/exp/dyn.h" || bad "the header does not declare $fn"
done
"$cc" -O2 -Wall -Werror -I "$tmp/exp" "$root/tests/export/dispatch_check.c" "$tmp/exp/libdyn.a" -pthread -lm \
  -o "$tmp/check" 2>"$tmp/cc.err" || { bad "dispatch_check does not build: $(head -5 "$tmp/cc.err")"; exit 1; }
"$tmp/check" >"$tmp/check.out" 2>&1 || bad "dispatch_check: $(cat "$tmp/check.out")"
grep -q "335 dispatch calls" "$tmp/check.out" || bad "dispatch_check: $(cat "$tmp/check.out")"

# --picks-from: exported again from the same cache, every timed value keeps the first export's pick and time (its
# candidates are the ones timed then), none is timed again, and the tables are the first's (splits are decided from
# the times after the retime, which the manifest keeps); with one member's program changed in the earlier manifest
# (dense at 24), only the values whose candidates timed then do not include 24 are reused; a manifest without the
# candidates (an older export's) or of another target is not used at all
run export_again export "$tmp/dyn.list" --out "$tmp/exp_again" --name dyn --db "$tmp/db" --threads 2 \
  --weak-floor-us 0 --picks-from "$tmp/exp"
[ "$rc" = 0 ] || bad "export --picks-from exited $rc: $(cat "$tmp/export_again.err")"
jq -e '[.families[] | select(.picks == "measured") | (.timed | length) > 0 and .picks_reused == (.timed | length)]
  | length > 0 and all' "$tmp/exp_again/manifest.json" >/dev/null ||
  bad "export --picks-from: not every timed value reused: $(jq -c '[.families[] | [.picks_reused, (.timed | length)]]' \
    "$tmp/exp_again/manifest.json")"
jq -n -e --slurpfile a "$tmp/exp/manifest.json" --slurpfile b "$tmp/exp_again/manifest.json" \
  '[range($a[0].families | length) as $i | $a[0].families[$i].dispatch == $b[0].families[$i].dispatch] | all' \
  >/dev/null || bad "export --picks-from: another dispatch table from the same picks"
jq -e '[.families[] | select(.picks == "measured") | .picks_retimed == 0] | all' "$tmp/exp_again/manifest.json" \
  >/dev/null || bad "export --picks-from: values timed again though every pick was reused: $(jq -c \
  '[.families[] | [.function, .picks_retimed]]' "$tmp/exp_again/manifest.json")"
# the splits timed beside their picks (the rows with a seventh element) decided from the first export's times again
jq -e '[.families[] | select(.picks == "measured") | .picks_samples == 0
  and .picks_split_reused == ([.timed[] | select(length == 7)] | length)] | all' "$tmp/exp_again/manifest.json" \
  >/dev/null || bad "export --picks-from: splits timed again though every pick was reused: $(jq -c \
  '[.families[] | [.function, .picks_samples, .picks_split_reused, ([.timed[] | select(length == 7)] | length)]]' \
  "$tmp/exp_again/manifest.json")"
echo "splits timed beside their picks in the first export: $(jq -c '[.families[] | select(.picks == "measured") |
  [.function, .picks_split, .picks_split_rejected]]' "$tmp/exp/manifest.json")"
grep -q "picks measured in .* s ([0-9]* of them from --picks-from" "$tmp/export_again.err" ||
  bad "export --picks-from did not say how many picks it reused: $(head -3 "$tmp/export_again.err")"
jq '(.operators[] | select(.function == "dyn_dense_24") | .recipe) |= "v1 changed"' "$tmp/exp/manifest.json" \
  > "$tmp/changed.json"
run export_changed export "$tmp/dyn.list" --out "$tmp/exp_changed" --name dyn --db "$tmp/db" --threads 2 \
  --weak-floor-us 0 --picks-from "$tmp/changed.json"
[ "$rc" = 0 ] || bad "export --picks-from a changed manifest exited $rc: $(cat "$tmp/export_changed.err")"
# dense's timed values of the first export whose candidates did not include member $1: those a later export reuses
# when $1 changed
without() {
  jq --argjson v "$1" '[.families[] | select(.function == "dyn_dense") | .timed[]
    | select(.[4] | index($v) or index(-$v) | not)] | length' "$tmp/exp/manifest.json"
}
# (a value whose timed candidates include 24 only through the first export's retime, which adds a larger value's
# kernel, has 24 outside its candidates now and is reused too, unless 24 was its pick: so between the two counts)
want="$(without 24)"
most="$(jq '[.families[] | select(.function == "dyn_dense") | .timed[] | select(.[1] != 24)] | length' \
  "$tmp/exp/manifest.json")"
all="$(jq '.families[] | select(.function == "dyn_dense") | .timed | length' "$tmp/exp/manifest.json")"
got="$(jq '.families[] | select(.function == "dyn_dense") | .picks_reused' "$tmp/exp_changed/manifest.json")"
echo "--picks-from, dense's member 24 changed: $got of $all values reused (expected $want..$most)"
[ "$want" -gt 0 ] && [ "$want" -lt "$all" ] && [ "$got" -ge "$want" ] && [ "$got" -le "$most" ] ||
  bad "export --picks-from with dense's member 24 changed: $got of $all values reused, expected $want..$most (those \
whose candidates did not include 24, and those retimed against it that it does not serve)"
# the values not reused time only their new candidates beside the fastest unchanged one timed then (partial),
# except those whose candidates timed then were all member $1's kernels (none unchanged): every timed value is one of
# the three or timed in full because that one ran over 1.25x slower than then (picks_drifted: noise or a slow spell),
# the partial ones list every earlier candidate again with a time, and the samples are fewer than the first
# export's; every timed value keeps a time per candidate
partial_ok() { # $1: the changed or absent member, $2: the export's directory
  local only part nt drift
  only="$(jq --argjson v "$1" '[.families[] | select(.function == "dyn_dense") | .timed[]
    | select(.[4] | all(. == $v or . == -$v))] | length' "$tmp/exp/manifest.json")"
  part="$(jq '.families[] | select(.function == "dyn_dense") | .picks_partial' "$2/manifest.json")"
  drift="$(jq '.families[] | select(.function == "dyn_dense") | .picks_drifted' "$2/manifest.json")"
  nt="$(jq '.families[] | select(.function == "dyn_dense") | .timed | length' "$2/manifest.json")"
  echo "--picks-from, dense's member $1 changed: $(jq '.families[] | select(.function == "dyn_dense") |
    "\(.picks_reused) reused, \(.picks_partial) partly timed, \(.picks_drifted) in full (drifted), \(.picks_samples) samples"' \
    "$2/manifest.json") of $nt \
(the first export: $(jq '.families[] | select(.function == "dyn_dense") | .picks_samples' "$tmp/exp/manifest.json") \
samples), $only with no unchanged candidate"
  [ $((part + drift)) -gt 0 ] && [ $(( $(jq '.families[] | select(.function == "dyn_dense") | .picks_reused' "$2/manifest.json") \
    + part + drift + only )) = "$nt" ] && [ "$nt" = "$all" ] &&
    jq -e '[.families[] | select(.function == "dyn_dense") | .timed[]
      | (length == 6 or (length == 7 and (.[6] | length) == 2 and .[6][0] < .[0] and .[6][1] > 0))
        and (.[4] | length) == (.[5] | length) and all(.[5][]; . > 0)] | all' "$2/manifest.json" \
      >/dev/null &&
    [ "$(jq '.families[] | select(.function == "dyn_dense") | .picks_samples' "$2/manifest.json")" -lt \
      "$(jq '.families[] | select(.function == "dyn_dense") | .picks_samples' "$tmp/exp/manifest.json")" ]
}
partial_ok 24 "$tmp/exp_changed" || bad "export --picks-from with dense's member 24 changed: the values not reused \
were not timed on their new candidates only"
# dense's member 20 absent from the earlier manifest (added since): the values whose candidates include 20 (s = 20,
# its own kernel among them) are timed, the others reused
jq 'del(.operators[] | select(.function == "dyn_dense_20"))' "$tmp/exp/manifest.json" > "$tmp/added.json"
run export_added export "$tmp/dyn.list" --out "$tmp/exp_added" --name dyn --db "$tmp/db" --threads 2 \
  --weak-floor-us 0 --picks-from "$tmp/added.json"
want="$(without 20)"
most="$(jq '[.families[] | select(.function == "dyn_dense") | .timed[] | select(.[1] != 20)] | length' \
  "$tmp/exp/manifest.json")"
got="$(jq '.families[] | select(.function == "dyn_dense") | .picks_reused' "$tmp/exp_added/manifest.json")"
[ "$want" -gt 0 ] && [ "$want" -lt "$all" ] && [ "$got" -ge "$want" ] && [ "$got" -le "$most" ] ||
  bad "export --picks-from without dense's member 20: $got of $all values reused, expected $want..$most"
partial_ok 20 "$tmp/exp_added" || bad "export --picks-from without dense's member 20: the values not reused were not \
timed on their new candidates only"
jq '(.families[] | select(.timed) | .timed[]) |= .[0:4]' "$tmp/exp/manifest.json" > "$tmp/old.json"
run export_old export "$tmp/dyn.list" --out "$tmp/exp_old" --name dyn --db "$tmp/db" --threads 2 \
  --weak-floor-us 0 --picks-from "$tmp/old.json"
jq -e '[.families[] | select(.picks == "measured") | .picks_reused == 0] | all' "$tmp/exp_old/manifest.json" \
  >/dev/null && ! grep -q "not a JSON manifest" "$tmp/export_old.err" ||
  bad "export --picks-from a manifest without the candidates: $(head -2 "$tmp/export_old.err")"
jq '.target.fingerprint = "0000000000000000"' "$tmp/exp/manifest.json" > "$tmp/other.json"
run export_other export "$tmp/dyn.list" --out "$tmp/exp_other" --name dyn --db "$tmp/db" --threads 2 \
  --weak-floor-us 0 --picks-from "$tmp/other.json"
grep -q "another target's (its fingerprint differs): every value is timed" "$tmp/export_other.err" &&
  jq -e '[.families[] | select(.picks == "measured") | .picks_reused == 0] | all' "$tmp/exp_other/manifest.json" \
  >/dev/null || bad "export --picks-from another target's manifest: $(head -2 "$tmp/export_other.err")"

# a family with no tuned member: an error naming it, nothing written
families "let S=1..4" | sed 's/name=norm/name=norm2/; s/n=16 name=norm2/n=17 name=norm2/' > "$tmp/miss.list"
run export_miss export "$tmp/miss.list" --out "$tmp/miss" --name miss --db "$tmp/db" --threads 2
[ "$rc" != 0 ] || bad "export of a family without a tuned member succeeded"
grep -q "family norm2 (4 operators of one \`let\` line): no member has a verified program" "$tmp/export_miss.err" ||
  bad "export_miss: $(cat "$tmp/export_miss.err")"
[ ! -e "$tmp/miss/libmiss.a" ] || bad "export_miss wrote a library"
exit "$fail"
