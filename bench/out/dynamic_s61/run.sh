#!/usr/bin/env bash
# dynamic_s61 (#21, session 45): the hour's pipeline on session 44's host (Intel Xeon, Sapphire Rapids), the build
# of c413820 (/work/bins/s61/build: the pool's per-thread shares, 8e4cdd2, in the measurer and the export), AK.1's
# command.
cd /work/main
bench/dynamic_hour.sh bench/out/dynamic_s61 /work/bins/s61/build
