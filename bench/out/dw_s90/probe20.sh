#!/usr/bin/env bash
# p20 (alpha depthwise c=96 7x7 from beta c=192 28x28) on the AVX2 host: alpha's reference, the runs' bests and
# variants with the vector axis moved from w (7: no whole vectors of 8) to c, re-timed side by side.
cd "$(dirname "$0")/../../.."
while pgrep -f "pairs_recheck.py|etotune tune|etotune reuse" > /dev/null; do sleep 5; done
e=/work/bins/s90/build/src/cli/etotune
D='depthwise_conv2d n=1 c=96 h=7 w=7 r=3 s=3 multiplier=1 stride=1 pad=1 dilation=1'
python3 bench/out/dw_s89/probe.py $e "$D" --rounds 5 \
  a20="v1 mlt s=1.1.1.1.1/6.1.1.1.16/1.7.1.1.1/1.1.7.1.1 r=1.1.3/1.3.1 u=1024 v=1.2" \
  a20_wS4="v1 mlt s=1.1.1.1.1/6.1.1.1.16/1.7.1.1.1/1.1.1.1.7 r=1.1.3/1.3.1 u=1024 v=1.2" \
  a20_c8="v1 mlt s=1.1.1.1.1/12.1.1.1.8/1.7.1.1.1/1.1.7.1.1 r=1.1.3/1.3.1 u=1024 v=1.2" \
  dwa="v1 mlt s=1.1.1.1.1/1.3.1.1.32/7.1.1.1.1/1.1.7.1.1 r=1.1.3/1.3.1 u=1024 v=1.4" \
  dwb="v1 mlt s=1.1.1.1.1/1.1.6.1.16/7.1.1.1.1/1.1.1.1.7 r=1.1.3/1.3.1 u=512 v=1.4" \
  dwb_cblk="v1 mlt s=1.1.1.1.1/6.1.1.1.16/1.7.1.1.1/1.1.1.1.7 r=1.1.3/1.3.1 u=512 v=1.4" \
  dwb_v12="v1 mlt s=1.1.1.1.1/1.1.6.1.16/7.1.1.1.1/1.1.1.1.7 r=1.1.3/1.3.1 u=512 v=1.2" \
  sb_fit="v1 mlt s=1.1.1.1.1/48.2.1.1.1/1.1.7.1.1/1.1.1.1.7 r=1.1.3/1.1.3 u=512 v=1.4" \
  sb_c8="v1 mlt s=1.1.1.1.1/12.1.1.1.8/1.1.7.1.1/1.1.1.1.7 r=1.1.3/1.1.3 u=512 v=1.4" \
  sb_c8b="v1 mlt s=1.1.1.1.1/6.2.1.1.8/1.1.7.1.1/1.1.1.1.7 r=1.1.3/1.1.3 u=512 v=1.4" \
  sb_c16="v1 mlt s=1.1.1.1.1/6.1.1.1.16/1.1.7.1.1/1.1.1.1.7 r=1.1.3/1.1.3 u=512 v=1.4"
