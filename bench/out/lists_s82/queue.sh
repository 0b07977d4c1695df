#!/usr/bin/env bash
# lists_s82/queue.sh (#19, session 66), from anywhere: the second pass of grown patiences (--patience-growth 2)
# over the offer default (build of d08821d, /work/bins/s81d), at the seeds of BH.1's offer runs, one run at a time:
# BERT-Base 1-2, ResNet-50 3 and 1, MobileNetV2 3.
cd "$(dirname "$0")/../../.."
r=bench/out/lists_s77/runb.sh
export O=bench/out/lists_s82 BUILD=s81d
$r grow2 "--patience-growth 2" bert_base 1 2
$r grow2 "--patience-growth 2" resnet50 3 1
$r grow2 "--patience-growth 2" mobilenetv2 3
