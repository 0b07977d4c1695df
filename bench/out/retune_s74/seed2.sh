#!/usr/bin/env bash
# retune_s74/seed2.sh (#19, session 58), from the repository's root: ab.sh's scenario from a base cache tuned at seed 2
# (by 96f591f, /work/bins/s74, into seed2/base), each build re-tuning at seed 2 once, the old build first. Waits for
# bench/out/lists_s74/resnet2.sh (one timing run at a time).
set -u
while pgrep -f lists_s74/resnet2.sh > /dev/null; do sleep 10; done
o=bench/out/retune_s74/seed2
mkdir -p $o/base
if [ ! -f $o/base/done ]; then
  rm -rf $o/base/db
  echo "[$(date -u +%T)] base seed 2" >> bench/out/retune_s74/ab.log
  /work/bins/s74/build/src/cli/etotune tune examples/bert_base.list --db $o/base/db --seed 2 --threads 2 \
    --min-repeat-ms 25 --report $o/base/report.json > $o/base/tune.log 2>&1 && touch $o/base/done
fi
for v in s74 s74f; do
  d=$o/$v
  for l in bert_base_s256 bert_large; do mkdir -p $d/$l; cp bench/out/retune_s51/$l/full.json $d/$l/; done
  echo "[$(date -u +%T)] seed 2: $v" >> bench/out/retune_s74/ab.log
  python3 bench/retune.py --etotune /work/bins/$v/build/src/cli/etotune --base-db $o/base/db --out $d --trials 1000 \
    --seed 2 --threads 2 --min-repeat-ms 25 examples/bert_base_s256.list examples/bert_large.list > $d/retune.out 2>&1
done
echo "[$(date -u +%T)] seed 2 done" >> bench/out/retune_s74/ab.log
