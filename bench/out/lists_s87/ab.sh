#!/usr/bin/env bash
# lists_s87/ab.sh (session 71): the v5 run's two weakest depthwise programs (its own best recipes), built and timed
# by the v5 build (s86c) and the v4 control (s83r32), A B B A, one process each, 25 ms repeats, 2 threads
cd "$(dirname "$0")"
r144='v1 mlt s=1.1.1.1.1/8.1.9.2.1/1.1.14.4.1/1.7.1.8.1 r=1.1.3/1.3.1 u=512 v=1.2'
r32='v1 mlt s=1.1.1.1.1/4.1.8.1.1/2.1.14.4.1/1.7.1.16.1 r=1.1.3/1.3.1 u=512 v=2.1'
for b in s86c s83r32/build s83r32/build s86c; do
  e=/work/bins/$b/src/cli/etotune
  echo "== $b"
  $e measure dw144.list --recipe "$r144" --threads 2 --min-repeat-ms 25 | grep -E "^ *(ok|[0-9])|GFLOP" | tail -2
  $e measure dw32.list --recipe "$r32" --threads 2 --min-repeat-ms 25 | grep -E "^ *(ok|[0-9])|GFLOP" | tail -2
done
