#!/usr/bin/env bash
# lists_s80/offer2.sh (#19, session 64): offer.sh's queue after its first run (mobilenetv2_s2_offer, whose first two
# minutes ran beside this session's niced build and tests of the change): once that run has ended, ResNet-50 at seed
# 2, MobileNetV2 at seed 2 again undisturbed (TAG offer2), then MobileNetV2 at seed 1; the same command as offer.sh.
d="$(dirname "$0")"
while pgrep -f 'db-mobilenetv2_s2_offer' > /dev/null; do sleep 10; done
r() { O=bench/out/lists_s80 BUILD=s80o "$d/../lists_s77/runb.sh" "$2" "$3" "$1" "$4"; }
r resnet50 offer "--refresh offer" 2
r mobilenetv2 offer2 "--refresh offer" 2
r mobilenetv2 offer "--refresh offer" 1
