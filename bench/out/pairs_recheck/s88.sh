#!/usr/bin/env bash
# s88 (#19, session 72): the seeded policy of the tree at bd03837 (codegen v7, direct reads by up to 32 thread
# tiles, fit_work seeds, SEEDED_PATIENCE 32; /work/bins/s88c/build) on all 48 pairs of A.7
# (bench/out/pairs_seeded_c1_10/pairs.csv, numbered by kind), labels bo1-bo3; the 48 pairs were last measured in
# AD.3/AE.4 (49ae786/13d81d4). beta's 1000-trial searches run first where this machine has none (in bo1). The pairs
# go in turn by kind (p1, p11, p19, p29, p39, p2, ...), so a partial label covers every kind; pairs_recheck.py keeps
# each finished pair (LABEL.rows.jsonl), so this script run again after a session's end goes on where it stopped.
# The first 8 pairs ran with codegen v5 (/work/bins/s86c) before BO.1 stopped it: v5_bo1.* (their beta caches
# deleted: another fingerprint); a start with v6 was stopped in its first beta search (cache deleted).
# Usage: bench/out/pairs_recheck/s88.sh [ETOTUNE]
set -u
cd "$(dirname "$0")/../../.."
w=bench/out/pairs_recheck
e=${1:-/work/bins/s88c/build/src/cli/etotune}
csv=bench/out/pairs_seeded_c1_10/pairs.csv
pairs=p1,p11,p19,p29,p39,p2,p12,p20,p30,p40,p3,p13,p21,p31,p41,p4,p14,p22,p32,p42,p5,p15,p23,p33,p43,p6,p16,p24,p34,p44,p7,p17,p25,p35,p45,p8,p18,p26,p36,p46,p9,p27,p37,p47,p10,p28,p38,p48
for l in bo1 bo2 bo3; do
  [ -s $w/$l.md ] && continue
  echo "[$(date -u +%T)] $l start ($e)" >> $w/s88.log
  python3 bench/pairs_recheck.py --etotune $e --policy seeded --csv $csv --pairs $pairs --work $w --label $l \
    --out $w/$l.md >> $w/$l.out 2>&1
  echo "[$(date -u +%T)] $l done" >> $w/s88.log
done
echo "[$(date -u +%T)] s88 done" >> $w/s88.log
