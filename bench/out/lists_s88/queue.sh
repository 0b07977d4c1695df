#!/usr/bin/env bash
# lists_s88/queue.sh (#19, session 72, BO.4), from the repository's root: MobileNetV2 at seed 3 and ResNet-50 at
# seed 1 with codegen v7 (/work/bins/s88c: bd03837), one run after the other; the same seeds on this boot with v5
# (BN.2, BM.4: /work/bins/s86c) and v4 (/work/bins/s83r32) are the comparison (lists_s87, lists_s86).
O=bench/out/lists_s88 BUILD=s88c bench/out/lists_s77/runb.sh v7 "" mobilenetv2 3
O=bench/out/lists_s88 BUILD=s88c bench/out/lists_s77/runb.sh v7 "" resnet50 1
