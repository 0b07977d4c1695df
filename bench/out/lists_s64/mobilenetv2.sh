#!/usr/bin/env bash
# lists_s64 (#19, session 48): MobileNetV2 (whose operators have many cached neighbours) on this host with the same
# build: the full search alone and kept (~45 min), then the reuse-seeded default against it (ETO's rounds left out
# for time). Run alone, after run.sh.
cd /work/main
bench/lists.sh bench/out/lists_s64 /work/bins/s64/build examples/mobilenetv2.list 1 seeded
