#!/usr/bin/env bash
# lists_s81/queue3.sh (#19, session 65), from anywhere, after queue2.sh: ResNet-50 at seed 4 by the build of d08821d
# (/work/bins/s81d: offer the default, no --refresh given) and by early, one run at a time.
cd "$(dirname "$0")/../../.."
while pgrep -f lists_s81/queue2.sh > /dev/null; do sleep 10; done
[ -d /work/bins/s81d/build ] || { mkdir -p /work/bins/s81d && cp -a /work/main/build /work/bins/s81d/; }
r=bench/out/lists_s77/runb.sh
O=bench/out/lists_s81 BUILD=s81d $r default "" resnet50 4
O=bench/out/lists_s81 BUILD=s81 $r early "--refresh early" resnet50 4
