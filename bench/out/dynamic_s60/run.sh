#!/usr/bin/env bash
# dynamic_s60 (#21, session 44): the hour's pipeline on a new host (Intel Xeon, Sapphire Rapids, LLVM 19
# "sapphirerapids"), the build of 9f3792f (/work/bins/s60/build), AK.1's command.
cd /work/main
bench/dynamic_hour.sh bench/out/dynamic_s60 /work/bins/s60/build
