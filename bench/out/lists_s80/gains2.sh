#!/usr/bin/env bash
# lists_s80/gains2.sh (#19, session 64): gains.sh's queue reordered after its third run (ResNet-50 under `--refresh gains
# --weights roots` as low in the middle as under early's roots): once the run in progress has ended, MobileNetV2 at
# seed 2 with roots, then own weights under `--refresh gains` on both lists, then the roots' third seeds; the same
# command and outputs as gains.sh (TAG groots, gains).
d="$(dirname "$0")"
while pgrep -f 'db-[a-z0-9_]*_groots' > /dev/null; do sleep 10; done
r() { O=bench/out/lists_s80 BUILD=s80g "$d/../lists_s77/runb.sh" "$2" "$3" "$1" "$4"; }
G="--refresh gains --weights roots"
r mobilenetv2 groots "$G" 2
r resnet50 gains "--refresh gains" 2
r mobilenetv2 gains "--refresh gains" 2
r resnet50 gains "--refresh gains" 1
r mobilenetv2 groots "$G" 3
r resnet50 groots "$G" 3
