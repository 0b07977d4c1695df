#!/usr/bin/env bash
# lists_s77/dw/run.sh (#19, session 61): three of MobileNetV2's depthwise layers, each alone, by a 1000-trial full
# search (the settled-restart build, /work/bins/s76r), seed 1: how many trials the full search needs to reach what
# the lists' reuse edges reach, and how far its result moves between runs (08:46-08:51 UTC; caches not kept).
cd "$(dirname "$0")"
for x in a b c; do
  /work/bins/s76r/build/src/cli/etotune tune $x.list --mode full --db /tmp/dw/db-$x --seed 1 --threads 2 \
    --min-repeat-ms 25 > $x.out 2>&1
done
# per round: grep -o "round [0-9]*, [0-9]*/1000 trials, best [0-9.]*" X.out
