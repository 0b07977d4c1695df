#!/usr/bin/env bash
# lists_s78/ab.sh LIST SEED RULE... (#19, session 62), from anywhere: LIST tuned at SEED by the build /work/bins/s78
# (d6492b3) once per restart RULE (settled, each), one run after the other,
# `etotune tune examples/LIST.list --seed SEED --threads 2 --min-repeat-ms 25 --refresh RULE`, into
# bench/out/lists_s78/LIST_sSEED_RULE.{json,out}, by lists_s77/runb.sh; a finished run is skipped. Curves:
# lists_s74/curve.py; per kind: lists_s77/ops.py.
d="$(dirname "$0")"
l=$1; seed=$2; shift 2
for r in "$@"; do
  O=bench/out/lists_s78 BUILD=s78 "$d/../lists_s77/runb.sh" "$r" "--refresh $r" "$l" "$seed"
done
