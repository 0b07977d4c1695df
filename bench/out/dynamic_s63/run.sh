#!/usr/bin/env bash
# dynamic_s63 (#21, session 47): the hour's pipeline on this session's host (Intel Xeon, LLVM rocketlake, booted
# 21:41 UTC 2026-12-01), the build of c53caa7 (/work/bins/s63/build: the seeded policy's nearest neighbours fixed,
# its fastest neighbours and fit_middle seeds, RESULTS AQ), AK.1's command.
cd /work/main
bench/dynamic_hour.sh bench/out/dynamic_s63 /work/bins/s63/build
