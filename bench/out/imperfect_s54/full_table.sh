#!/usr/bin/env bash
# imperfect_s54 full table (#21, session 38): bench_dispatch at its 32 lengths on exp4 (AH.4's export: the scores'
# five weakest lengths tuned with the block move) and on AH.2's control export exp2b, one after the other.
# Usage: bench/out/imperfect_s54/full_table.sh
set -u
cd /work/main
o=bench/out/imperfect_s54
for r in "exp4 $o/exp4" "exp2b bench/out/picks_s54/exp2b"; do
  set -- $r
  [ -s $o/table_$1.md ] && continue
  echo "[$(date -u +%T)] table $1" >> $o/repair.log
  /work/bins/s54b/bench_dispatch --export $2 --threads 2 --out $o/table_$1.md.part > $o/table_$1.log 2>&1 &&
    mv $o/table_$1.md.part $o/table_$1.md
  echo "[$(date -u +%T)] table $1 exit $?" >> $o/repair.log
done
