#!/usr/bin/env bash
# lists_s79/roots.sh (#19, session 63): the scheduler's weights for the roots alone (`--weights roots`, the build
# /work/bins/s79r) beside own weights (the default) under the early restart rule, same-hour pairs where the seed's
# own-weights run is in this session; one run after the other, `etotune tune examples/LIST.list --seed S --threads 2
# --min-repeat-ms 25 --refresh early [--weights roots|tree]`, into bench/out/lists_s79/LIST_sS_TAG.{json,out} (TAG
# early, roots, tree, settled) by lists_s77/runb.sh; a finished run is skipped. Curves: lists_s74/curve.py; per kind
# and time to the same: lists_s77/ops.py.
d="$(dirname "$0")"
r() { O=bench/out/lists_s79 BUILD=s79r "$d/../lists_s77/runb.sh" "$2" "$3" "$1" "$4"; }
R="--refresh early --weights roots"
E="--refresh early"
r mobilenetv2 roots "$R" 2
r resnet50 early "$E" 3
r resnet50 roots "$R" 3
r resnet50 roots "$R" 1
r mobilenetv2 roots "$R" 3
r mobilenetv2 early "$E" 3
r bert_base roots "$R" 1
r bert_base early "$E" 1
r resnet50 roots "$R" 2
r mobilenetv2 roots "$R" 1
r resnet50 tree "--refresh early --weights tree" 3
# (session 63: resnet50 at seed 2 with roots and at seed 3 with tree were skipped for the session's time, by placeholder
# reports, removed afterwards)
