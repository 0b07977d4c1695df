#!/usr/bin/env bash
# imperfect_s54 search (#21, session 38): the attention scores at a prime length (batch_matmul b=12 m=257 n=257
# k=64: AF.3's 1000-trial search of it reached 0.77 of the dispatched kernel, which runs at 0.67 of oneDNN) searched
# in full from an empty cache, divisors only (Ansor's space, the default) and with --imperfect (tiles that do not
# divide, whose last block now moves back: the lowering of this session), 300 trials or 240 s each, one after the other.
# Binary: /work/bins/s54d/etotune (the commit that adds etotune tune --imperfect).
# Usage: bench/out/imperfect_s54/search.sh
set -u
cd /work/main
o=bench/out/imperfect_s54
echo "batch_matmul b=12 m=257 n=257 k=64" > $o/s257.list
for v in divisors imperfect; do
  [ -s $o/tune_$v.json ] && continue
  rm -rf $o/db_$v
  f=""
  [ $v = imperfect ] && f=--imperfect
  /work/bins/s54d/etotune tune $o/s257.list --mode full --trials 300 --time-budget 240 --seed 1 --threads 2 \
    --min-repeat-ms 25 $f --db $o/db_$v --report $o/tune_$v.json > $o/tune_$v.log 2>&1
  echo "$v exit $?" >> $o/search.log
done
