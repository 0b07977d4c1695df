#!/usr/bin/env bash
# dynamic_s65 (#21), step 1 of 2: the pipeline to its first repair, on a family tuning of 900 s (the session had 80 minutes left), by 8d64c71 (its bench/dynamic.sh, from a
# git worktree of that commit, so that this checkout's dynamic.sh can change meanwhile): bench/dynamic_hour.sh's
# options, --time 900, the repaired export timed once (dispatch2.md). Step 2 (repair2.sh) repairs again from exp2.
set -u
o=/work/main/bench/out/dynamic_s65
b=/work/bins/s65/build
cd /work/wt_s65
echo "[$(date -u +%T)] start" >> $o/run.log
bench/dynamic.sh $b --out $o --time 900 --trials-total 14000 --objective latency --scheduler per-second \
  --small-trials 700 --small-time 90 --repair-trials 2000 --repair-values 60 --repair-objective relative \
  --repair-time 440 --no-first-dispatch > $o/dynamic.out 2>> $o/run.log
echo "[$(date -u +%T)] step 1 done" >> $o/run.log
