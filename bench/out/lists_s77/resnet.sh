#!/usr/bin/env bash
# lists_s77/resnet.sh: after again.sh, ResNet-50 at seed 2 by the settled-restart default (s76r), beside BC.2's seed 1.
cd "$(dirname "$0")/../../.."
while pgrep -f "again.sh" > /dev/null; do sleep 10; done
bench/out/lists_s77/run.sh s76r "" resnet50 2
