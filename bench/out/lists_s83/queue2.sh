#!/usr/bin/env bash
# lists_s83/queue2.sh: after queue.sh, ResNet-50 at seed 3 with the limit at 32 (control: lists_s81's offer run)
while pgrep -f lists_s83/queue.sh > /dev/null; do sleep 5; done
O=bench/out/lists_s83 BUILD=s83r32 bench/out/lists_s77/runb.sh r32 "" resnet50 3
