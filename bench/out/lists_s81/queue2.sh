#!/usr/bin/env bash
# lists_s81/queue2.sh (#19, session 65), from anywhere, after queue.sh and the clean-clone CI of the default change
# (/tmp/ci2.log ends with rc=): the settled rule (the default before BH) at seed 3 on both lists, the build s81
# (dae6d36), one run at a time, beside the offer and early runs of queue.sh.
cd "$(dirname "$0")/../../.."
export O=bench/out/lists_s81 BUILD=s81
r=bench/out/lists_s77/runb.sh
while pgrep -f lists_s81/queue.sh > /dev/null || ! grep -q rc= /tmp/ci2.log 2> /dev/null; do sleep 10; done
$r settled "--refresh settled" mobilenetv2 3
$r settled "--refresh settled" resnet50 3
