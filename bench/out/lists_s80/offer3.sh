#!/usr/bin/env bash
# lists_s80/offer3.sh (#19, session 64): once the clean-clone CI run has ended, MobileNetV2 at seed 1 under `--refresh
# offer` (the build /work/bins/s80o); the same command as offer.sh.
d="$(dirname "$0")"
while pgrep -f '\.ci/run' > /dev/null; do sleep 5; done
O=bench/out/lists_s80 BUILD=s80o "$d/../lists_s77/runb.sh" offer "--refresh offer" mobilenetv2 1
