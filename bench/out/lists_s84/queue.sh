#!/usr/bin/env bash
# lists_s84/queue.sh (#19, session 84), from the repository's root: ResNet-50 seed 1 with f740f1c (buffers wholly on
# huge pages: /work/bins/s84), against lists_s83's run of the same seed (906da79, BJ.2), this machine's boot.
O=bench/out/lists_s84 BUILD=s84 bench/out/lists_s77/runb.sh pages "" resnet50 1
# then the same seed with 906da79 (s83r32) on this boot now, the control for the host's state
O=bench/out/lists_s84 BUILD=s83r32 bench/out/lists_s77/runb.sh old "" resnet50 1
