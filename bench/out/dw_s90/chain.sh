#!/usr/bin/env bash
# dw_s90/chain.sh (#19, session 74): after the BERT-Base lists run, the build s90d (the tree with ETO's candidates
# offered with S*beta's direct reads), then run.sh: the references, and the depthwise pairs with s90 (the tree at
# the start, 56fef94) and s90d alternately. (As run: s90d's tuner/seeded.c was the working tree's, 56fef94 with
# dw_s90/eto_direct.patch, not landed; to build it again apply that patch instead of the copy below. The labels of
# fit_vaxis, dw_v* (9fd4734, built with -DSEEDED_ETO_DIRECT=0, which it ignores) and dw_w* (fit_vaxis on the first
# program only, not landed: `(fix & 8) && (!direct || !fit_vaxis(...))`), were run by run.sh by hand.)
cd "$(dirname "$0")/../../.."
while pgrep -f "lists.sh|bench_reproduce" > /dev/null; do sleep 5; done
echo "[$(date -u +%T)] build s90d" >> bench/out/dw_s90/run.log
mkdir -p /work/bins/s90d && rm -rf /work/bins/s90d/src && git ls-files -z | xargs -0 cp --parents -t /work/bins/s90d 2>/dev/null
cp tuner/seeded.c /work/bins/s90d/tuner/seeded.c
(cd /work/bins/s90d && ETO_BUILD_DIR=build scripts/build.sh > build.log 2>&1) || { echo "build failed" >> bench/out/dw_s90/run.log; exit 1; }
echo "[$(date -u +%T)] built" >> bench/out/dw_s90/run.log
bench/out/dw_s90/run.sh /work/bins/s90/build/src/cli/etotune dw_a
bench/out/dw_s90/run.sh /work/bins/s90d/build/src/cli/etotune dw_d1
bench/out/dw_s90/run.sh /work/bins/s90/build/src/cli/etotune dw_b
bench/out/dw_s90/run.sh /work/bins/s90d/build/src/cli/etotune dw_d2
