#!/usr/bin/env bash
# lists_s82/queue3.sh (#19, session 66), from anywhere: BI.2's gap hypothesis tested directly: reuse edges that stop
# sooner (--edge-patience 16, half the policy's 32), by the tree's build (/work/bins/s81d, the offer default), at
# BH.1's offer seeds (the control: lists_s81/*_offer, same boot): ResNet-50 1, MobileNetV2 3, one run at a time.
cd "$(dirname "$0")/../../.."
r=bench/out/lists_s77/runb.sh
export O=bench/out/lists_s82 BUILD=s81d
$r edge16 "--edge-patience 16" resnet50 1
$r edge16 "--edge-patience 16" mobilenetv2 3
