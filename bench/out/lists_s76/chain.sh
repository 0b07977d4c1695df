#!/usr/bin/env bash
# lists_s76/chain.sh (#19, session 60): after the hour of bench/out/dynamic_s76 (one timing run at a time),
# MobileNetV2 by the settled-refresh build (0cba9fc, /work/bins/s76r) at seeds 2, 3, 1, into lists_s76, to set
# beside lists_s75's (seeds 2, 3) and lists_s74's (seed 1) runs of s74f (494a376) and s74 (96f591f) on this boot.
cd "$(dirname "$0")/../../.."
until [ -s bench/out/dynamic_s76/dispatch2_median.md ]; do sleep 20; done # the hour's last step
for seed in 2 3 1; do O=bench/out/lists_s76 bench/out/lists_s75/ab.sh mobilenetv2 $seed s76r; done
# then (started by a second waiter once seed 1 had ended, 08:09-08:21) ResNet-50 at seed 1, beside lists_s74's
# resnet50_s74f / resnet50_s74 (BA.3):
#   O=bench/out/lists_s76 bench/out/lists_s75/ab.sh resnet50 1 s76r
