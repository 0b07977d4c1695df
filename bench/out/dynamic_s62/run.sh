#!/usr/bin/env bash
# dynamic_s62 (#21, session 46): the hour's pipeline on a fresh Intel Xeon host (booted 18:39 UTC 2026-12-01; a first start at 18:45 was stopped after 5 minutes to time noise_s62, and this run started afresh), the
# build of f361dd4 (/work/bins/s62/build: the prefetch field p= in the space, 53a2c1c; the pool's per-thread
# shares), AK.1's command. The first hour whose family tuning samples the prefetch field.
cd /work/main
bench/dynamic_hour.sh bench/out/dynamic_s62 /work/bins/s62/build
