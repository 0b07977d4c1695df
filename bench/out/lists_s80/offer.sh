#!/usr/bin/env bash
# lists_s80/offer.sh (#19, session 64): a source's gains offered to its edges' running searches (`--refresh offer`,
# the build /work/bins/s80o), own weights, against BF's and BE's `--refresh early` runs of the same boot; one run after
# the other, `etotune tune examples/LIST.list --seed S --threads 2 --min-repeat-ms 25 --refresh offer`, into
# bench/out/lists_s80/LIST_sS_offer.{json,out} by lists_s77/runb.sh; a finished run is skipped.
d="$(dirname "$0")"
r() { O=bench/out/lists_s80 BUILD=s80o "$d/../lists_s77/runb.sh" "$2" "$3" "$1" "$4"; }
r mobilenetv2 offer "--refresh offer" 2
r resnet50 offer "--refresh offer" 2
r mobilenetv2 offer "--refresh offer" 1
