#!/usr/bin/env bash
# lists_s78/early.sh LIST SEED... (#19, session 62), from anywhere: LIST tuned at each SEED with --refresh early by the
# build /work/bins/s78e (c322770), `etotune tune examples/LIST.list --seed SEED --threads 2 --min-repeat-ms 25
# --refresh early`, into bench/out/lists_s78/LIST_sSEED_early.{json,out}, by lists_s77/runb.sh; a finished run is
# skipped.
d="$(dirname "$0")"
l=$1; shift
O=bench/out/lists_s78 BUILD=s78e exec "$d/../lists_s77/runb.sh" early "--refresh early" "$l" "$@"
