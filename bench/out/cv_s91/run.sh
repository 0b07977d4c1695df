#!/usr/bin/env bash
# cv_s91/run.sh (#19, session 75), from the repository's root: the ten conv2d pairs of A.7 (p1-p10) on the AVX2 host.
# After the depthwise runs (dw_s90/run.sh) and their re-timing pass: dw_s90/refs.py searches every distinct workload once
# (1000 trials) as alpha's reference and beta's cache, then pairs_recheck's seeded policy runs the pairs with the
# tree's policy before this session (/work/bins/s90v: fit_vaxis) and with fit_last_vector (/work/bins/s91b),
# alternately, three runs each; then every run's best re-timed in one pass per pair (dw_s90/retime_bests.py, 5
# rounds).
# Log: cv_s91/run.log. (As run, refs.py and retime_bests.py were copies in cv_s91 with WORK and KIND written in;
# the same code, since folded into dw_s90's scripts.)
set -u
cd "$(dirname "$0")/../../.."
w=bench/out/cv_s91
while pgrep -f "[d]w_s90/run.sh|[r]etime_bests.py|[c]hain1.sh" > /dev/null; do sleep 5; done
[ -s $w/pairs.csv ] || WORK=$w KIND=conv2d python3 bench/out/dw_s90/refs.py /work/bins/s90v/build/src/cli/etotune >> $w/run.log 2>&1 || exit 1
for i in 1 2 3; do
  for x in b:s90v n:s91b; do
    l=cv_${x%%:*}$i
    [ -s $w/$l.md ] && continue
    echo "[$(date -u +%T)] $l start" >> $w/run.log
    python3 bench/pairs_recheck.py --etotune /work/bins/${x##*:}/build/src/cli/etotune --policy seeded \
      --csv $w/pairs.csv --pairs p1,p2,p3,p4,p5,p6,p7,p8,p9,p10 --work $w --label $l --out $w/$l.md >> $w/$l.out 2>&1
    echo "[$(date -u +%T)] $l done" >> $w/run.log
  done
done
echo "[$(date -u +%T)] retime" >> $w/run.log
WORK=$w python3 bench/out/dw_s90/retime_bests.py /work/bins/s90v/build/src/cli/etotune 5 cv_b1 cv_n1 cv_b2 cv_n2 cv_b3 cv_n3 > $w/rt.out 2>&1
echo "[$(date -u +%T)] done" >> $w/run.log
