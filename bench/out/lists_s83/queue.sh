#!/usr/bin/env bash
# lists_s83/queue.sh (#19, session 83), from the repository's root: the lists with ETO_DIRECT_MAX_REUSE 32
# (/work/bins/s83r32: the tree at d70216a with the limit at 32), one run after the other; controls: lists_s81's
# offer runs (BH.1, /work/bins/s81d, this machine's boot).
O=bench/out/lists_s83 BUILD=s83r32 bench/out/lists_s77/runb.sh r32 "" bert_base 1 2
O=bench/out/lists_s83 BUILD=s83r32 bench/out/lists_s77/runb.sh r32 "" resnet50 1
O=bench/out/lists_s83 BUILD=s83r32 bench/out/lists_s77/runb.sh r32 "" mobilenetv2 3
