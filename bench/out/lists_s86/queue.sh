#!/usr/bin/env bash
# lists_s86/queue.sh (#19, session 70), from the repository's root: ResNet-50 seed 1 with codegen v5 (80da094's vector
# tiles; /work/bins/s86l = s86c, 748b0c4), then the same seed with 906da79 (s83r32: lists_s84's "old" control) right after
O=bench/out/lists_s86 BUILD=s86l bench/out/lists_s77/runb.sh v5 "" resnet50 1
O=bench/out/lists_s86 BUILD=s83r32 bench/out/lists_s77/runb.sh old "" resnet50 1
