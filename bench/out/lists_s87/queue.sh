#!/usr/bin/env bash
# lists_s87/queue.sh (#19, session 71), from the repository's root: MobileNetV2 seed 3 with codegen v5 (s86l = s86c,
# 748b0c4), then the same seed with 906da79 (s83r32, lists_s84's control build) right after (BM.4's pair, on MobileNetV2)
O=bench/out/lists_s87 BUILD=s86l bench/out/lists_s77/runb.sh v5 "" mobilenetv2 3
O=bench/out/lists_s87 BUILD=s83r32 bench/out/lists_s77/runb.sh old "" mobilenetv2 3
