#!/usr/bin/env bash
# dw_s90/run.sh ETOTUNE LABEL... (#19, session 74): the references of refs.py (once), then pairs_recheck's seeded
# policy on the ten depthwise pairs with this host's alpha references, one LABEL after the other; waits for other
# timing runs (bench_reproduce, pairs_recheck) to end. Log: dw_s90/run.log.
set -u
cd "$(dirname "$0")/../../.."
w=bench/out/dw_s90
e=$1; shift
while pgrep -f "lists.sh|bench_reproduce|pairs_recheck.py|etotune tune" > /dev/null; do sleep 10; done
[ -s $w/pairs.csv ] || python3 $w/refs.py $e >> $w/run.log 2>&1 || exit 1
for l in "$@"; do
  [ -s $w/$l.md ] && continue
  echo "[$(date -u +%T)] $l start ($e)" >> $w/run.log
  python3 bench/pairs_recheck.py --etotune $e --policy seeded --csv $w/pairs.csv \
    --pairs p19,p20,p21,p22,p23,p24,p25,p26,p27,p28 --work $w --label $l --out $w/$l.md >> $w/$l.out 2>&1
  echo "[$(date -u +%T)] $l done" >> $w/run.log
done
