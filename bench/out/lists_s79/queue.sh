#!/usr/bin/env bash
# lists_s79/queue.sh (#19, session 63): the restart rules early and settled by one build, /work/bins/s78e (c322770),
# on the seeds session 62 left: MobileNetV2 at seeds 2 and 3, ResNet-50 at seed 3, one run after the other, the rules'
# order alternating, `etotune tune examples/LIST.list --seed S --threads 2 --min-repeat-ms 25 --refresh RULE`, into
# bench/out/lists_s79/LIST_sS_RULE.{json,out}, by lists_s77/runb.sh; a finished run is skipped.
d="$(dirname "$0")"
r() { O=bench/out/lists_s79 BUILD=s78e "$d/../lists_s77/runb.sh" "$2" "--refresh $2" "$1" "$3"; }
r mobilenetv2 early 2
r mobilenetv2 settled 2
r mobilenetv2 settled 3
r mobilenetv2 early 3
r resnet50 early 3
r resnet50 settled 3
# (session 63: stopped after its first run, mobilenetv2 at seed 2 by early, for the build of --weights tree; its other
# runs went to tree.sh, after that build's own runs)
