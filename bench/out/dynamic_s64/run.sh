#!/usr/bin/env bash
# dynamic_s64 (#21): the hour's pipeline on the forty-eighth session's host (AMD EPYC, family 26: Zen 5), with the
# build of 72645e8 (the seeded policy of c53caa7 and its review) and the family tuning's budget 100 s shorter
# (2200 s) so that the whole pipeline stays over 150x below the full search's estimate in time as well as in trials.
cd /work/main
bench/dynamic_hour.sh bench/out/dynamic_s64 /work/bins/s64/build --time 2200
