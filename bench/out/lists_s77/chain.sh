#!/usr/bin/env bash
# lists_s77/chain.sh: after the growth runs (run.sh g2), MobileNetV2 by the patience-64 build at seeds 1-3.
cd "$(dirname "$0")/../../.."
while pgrep -f "lists_s77/run.sh g2" > /dev/null; do sleep 10; done
BUILD=s77p64 bench/out/lists_s77/runb.sh p64 "" mobilenetv2 1 2 3
