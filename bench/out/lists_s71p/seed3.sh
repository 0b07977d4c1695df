#!/usr/bin/env bash
# lists_s71p/seed3.sh (#19, session 55): AX.4's default, (b) and (c) at a third seed, against the same kept full search.
set -u
o=bench/out/lists_s71p
a=(examples/bert_base.list --trials 1000 --threads 2 --min-repeat-ms 25 --modes full,seeded
   --full-from bench/out/lists_s71/bert_base_full --seed 3)
for v in default:s71:256 p64:s71p64:256 both:s71p64:0; do
  IFS=: read -r name build rp <<< "$v"
  [ -s $o/${name}_s3/summary.json ] && continue
  echo "[$(date -u +%T)] ${name}_s3 start" >> $o/run.log
  /work/bins/$build/build/bench/bench_reproduce "${a[@]}" --root-patience $rp --out $o/${name}_s3 \
    > $o/${name}_s3.md 2> $o/${name}_s3.log
  rc=$?
  echo "[$(date -u +%T)] ${name}_s3 exit $rc" >> $o/run.log
done
