#!/usr/bin/env bash
# lists_s63/ab.sh (#19, session 47): BERT-Base's reuse-seeded default by the build before c53caa7 (old: 323be79,
# /work/old323/build) and again by c53caa7 (new: /work/bins/s63/build), one after the other, both against bert.sh's
# full search (--full-from, re-timed): is bert_1's 89.0% (AP.5: 97.7%) the policy's change or this host?
set -u
cd /work/main
o=bench/out/lists_s63
a="examples/bert_base.list --trials 1000 --seed 1 --threads 2 --min-repeat-ms 25"
for w in old new2; do
  b=/work/bins/s63/build/bench/bench_reproduce; [ $w = old ] && b=/work/old323/build/bench/bench_reproduce
  [ -s $o/bert_$w/summary.json ] && continue
  echo "[$(date -u +%T)] bert_$w start" >> $o/run.log
  $b $a --modes full,seeded --out $o/bert_$w --full-from $o/bert_full > $o/bert_$w.md 2> $o/bert_$w.log
  echo "[$(date -u +%T)] bert_$w exit $?" >> $o/run.log
done
