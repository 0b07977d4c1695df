#!/usr/bin/env bash
# times p28's layouts: c blocks x channels per block, on the seed's h/w tiles, and alpha-full's program; 3 rounds
e=${1:-/work/main/build/src/cli/etotune}
cd "$(dirname "$0")"
for round in 1 2 3; do
for c in 144.1.1.1.1 72.1.2.1.1 36.1.4.1.1 18.1.8.1.1 12.1.12.1.1; do
  r="v1 mlt s=1.1.1.1.1/$c/1.1.7.1.4/1.1.1.4.7 r=1.1.3/1.1.3 u=512 v=1.4 d=1.0"
  echo "$round $c $($e measure p28.list --recipe "$r" --threads 2 --min-repeat-ms 25 2>&1 | grep -E '^ +1 ' | head -1)"
done
r="v1 mlt s=1.1.1.1.1/12.1.12.1.1/1.1.1.4.7/1.1.2.1.14 r=1.1.3/1.1.3 u=1024 v=1.1 d=1.0"
echo "$round alpha-full $($e measure p28.list --recipe "$r" --threads 2 --min-repeat-ms 25 2>&1 | grep -E '^ +1 ' | head -1)"
done
