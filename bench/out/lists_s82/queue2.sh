#!/usr/bin/env bash
# lists_s82/queue2.sh (#19, session 66), from anywhere: bridges weighed by the operators reusing their program
# (/work/bins/s82b: the offer default plus eto_backend_task.bridge), one run at a time, at BH.1's offer seeds (the
# control: lists_s81/*_offer, same boot): BERT-Base 1, ResNet-50 1, MobileNetV2 3, ResNet-50 3.
cd "$(dirname "$0")/../../.."
r=bench/out/lists_s77/runb.sh
export O=bench/out/lists_s82 BUILD=s82b
$r bridge "" bert_base 1
$r bridge "" resnet50 1
$r bridge "" mobilenetv2 3
$r bridge "" resnet50 3
