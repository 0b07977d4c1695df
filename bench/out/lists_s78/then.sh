#!/usr/bin/env bash
# lists_s78/then.sh (#19, session 62): once all.sh has ended (its last pair, mobilenetv2 at seed 3, skipped for this),
# the early rule at seeds 1 and 2 on ResNet-50 and MobileNetV2, by early.sh, one run after the other.
d="$(dirname "$0")"
while pgrep -f "bash bench/out/lists_s78/all.sh" > /dev/null; do sleep 10; done
"$d/early.sh" resnet50 1
"$d/early.sh" mobilenetv2 1
"$d/early.sh" resnet50 2
"$d/early.sh" mobilenetv2 2
# (session 62: mobilenetv2 at seed 2 was skipped for the session's time, by a placeholder report)
