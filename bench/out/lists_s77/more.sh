#!/usr/bin/env bash
# lists_s77/more.sh (#19, session 61): after refine.sh (and p64's MobileNetV2 seeds 2-3), BERT-Base at seeds 1 and 2
# by the settled-restart build (s76r) and the patience-64 build (s77p64), then ResNet-50 at seed 1 by s77p64 (BC.2 has
# s76r's), all by `etotune tune` as run.sh; references: lists_s74/bert_s1 (this boot's full search), AF.1's curve.
cd "$(dirname "$0")/../../.."
while pgrep -f "refine.sh" > /dev/null; do sleep 10; done
for s in 1 2; do
  bench/out/lists_s77/run.sh s76r "" bert_base $s
  BUILD=s77p64 bench/out/lists_s77/runb.sh p64 "" bert_base $s
done
BUILD=s77p64 bench/out/lists_s77/runb.sh p64 "" resnet50 1
