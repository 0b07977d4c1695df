#!/usr/bin/env bash
# s89 (#19, session 73): the 48 pairs of s88.sh (same order, the same β caches) with another build of the seeded
# policy; waits for any other pairs run of this folder to end. pairs_recheck.py keeps each finished pair
# (LABEL.rows.jsonl): run again after a session's end, it goes on where it stopped.
# Usage: bench/out/pairs_recheck/s89.sh ETOTUNE LABEL...
set -u
cd "$(dirname "$0")/../../.."
w=bench/out/pairs_recheck
e=$1; shift
csv=bench/out/pairs_seeded_c1_10/pairs.csv
pairs=p1,p11,p19,p29,p39,p2,p12,p20,p30,p40,p3,p13,p21,p31,p41,p4,p14,p22,p32,p42,p5,p15,p23,p33,p43,p6,p16,p24,p34,p44,p7,p17,p25,p35,p45,p8,p18,p26,p36,p46,p9,p27,p37,p47,p10,p28,p38,p48
while pgrep -f "pairs_recheck.py" > /dev/null; do sleep 10; done
for l in "$@"; do
  [ -s $w/$l.md ] && continue
  echo "[$(date -u +%T)] $l start ($e)" >> $w/s89.log
  python3 bench/pairs_recheck.py --etotune $e --policy seeded --csv $csv --pairs $pairs --work $w --label $l \
    --out $w/$l.md >> $w/$l.out 2>&1
  echo "[$(date -u +%T)] $l done" >> $w/s89.log
done
