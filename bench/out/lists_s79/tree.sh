#!/usr/bin/env bash
# lists_s79/tree.sh (#19, session 63): the scheduler's tree weights (`--weights tree`, the build /work/bins/s79t) beside
# own weights (the default) under the early restart rule, same-hour pairs where the seed's own-weights run is in this
# session, then the remaining settled runs; one run after the other, `etotune tune examples/LIST.list --seed S
# --threads 2 --min-repeat-ms 25 --refresh early [--weights tree]`, into bench/out/lists_s79/LIST_sS_TAG.{json,out}
# (TAG early, tree, settled) by lists_s77/runb.sh; a finished run is skipped. Curves: lists_s74/curve.py; per kind and
# time to the same: lists_s77/ops.py.
d="$(dirname "$0")"
r() { O=bench/out/lists_s79 BUILD=s79t "$d/../lists_s77/runb.sh" "$2" "$3" "$1" "$4"; }
T="--refresh early --weights tree"
E="--refresh early"
r mobilenetv2 tree "$T" 2
r resnet50 early "$E" 3
r resnet50 tree "$T" 3
r resnet50 tree "$T" 1
r mobilenetv2 tree "$T" 3
r mobilenetv2 early "$E" 3
r bert_base tree "$T" 1
r bert_base early "$E" 1
r resnet50 tree "$T" 2
r mobilenetv2 settled "--refresh settled" 2
r mobilenetv2 settled "--refresh settled" 3
r resnet50 settled "--refresh settled" 3
# (session 63: stopped after its first run, mobilenetv2 at seed 2 with tree weights (its root's second round at
# 328 s, as late as under own weights: the chain links' tree sums outweigh it); the rest went to roots.sh)
