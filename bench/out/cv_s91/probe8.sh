#!/usr/bin/env bash
# cv_s91/probe8.sh (#19, session 75): conv2d p8 (alpha k=128 c=512 28x28 from beta k=96 c=160 7x7) on the AVX2 host:
# alpha's reference, the runs' best and variants of it (reduction split, direct read, w's register tile), re-timed
# side by side (probe8.md, 02:11 UTC).
cd "$(dirname "$0")/../../.."
e=${1:-/work/bins/s91c/build/src/cli/etotune}
D='conv2d n=1 k=128 c=512 h=28 w=28 r=1 s=1'
python3 bench/out/dw_s89/probe.py $e "$D" --rounds 3 \
  a8="v1 mlt s=1.1.1.1.1/4.1.2.1.16/4.1.7.1.1/1.1.7.2.2 r=16.8.4/1.1.1/1.1.1 u=1024 v=4.4" \
  best="v1 mlt s=1.1.1.1.1/8.1.1.1.16/4.1.7.1.1/4.1.1.1.7 r=4.64.2/1.1.1/1.1.1 u=512 v=1.1 d=1.0" \
  best_r="v1 mlt s=1.1.1.1.1/8.1.1.1.16/4.1.7.1.1/4.1.1.1.7 r=16.8.4/1.1.1/1.1.1 u=512 v=1.1 d=1.0" \
  best_nod="v1 mlt s=1.1.1.1.1/8.1.1.1.16/4.1.7.1.1/4.1.1.1.7 r=4.64.2/1.1.1/1.1.1 u=512 v=1.1" \
  best_w4="v1 mlt s=1.1.1.1.1/8.1.1.1.16/4.1.7.1.1/1.1.7.2.2 r=4.64.2/1.1.1/1.1.1 u=512 v=1.1 d=1.0" \
  a8_d="v1 mlt s=1.1.1.1.1/4.1.2.1.16/4.1.7.1.1/1.1.7.2.2 r=16.8.4/1.1.1/1.1.1 u=1024 v=4.4 d=1.0"
