#!/usr/bin/env bash
# lists_s80/gains.sh (#19, session 64): restarts in the middle of a source's search (`--refresh gains`, the build
# /work/bins/s80g of 6fdc64e) with the roots' weights (`--weights roots`), then with own weights, against part BF's
# runs of the same host and boot (`--refresh early [--weights roots]`, lists_s79); one run after the other,
# `etotune tune examples/LIST.list --seed S --threads 2 --min-repeat-ms 25 --refresh gains [--weights roots]`, into
# bench/out/lists_s80/LIST_sS_TAG.{json,out} (TAG groots, gains) by lists_s77/runb.sh; a finished run is skipped.
# Curves: lists_s74/curve.py; per kind and time to the same: lists_s77/ops.py; restarts: lists_s80/restarts.py.
d="$(dirname "$0")"
r() { O=bench/out/lists_s80 BUILD=s80g "$d/../lists_s77/runb.sh" "$2" "$3" "$1" "$4"; }
G="--refresh gains --weights roots"
r resnet50 groots "$G" 2
r mobilenetv2 groots "$G" 1
r resnet50 groots "$G" 1
r mobilenetv2 groots "$G" 2
r resnet50 groots "$G" 3
r mobilenetv2 groots "$G" 3
r resnet50 gains "--refresh gains" 2
r mobilenetv2 gains "--refresh gains" 2
