#!/usr/bin/env bash
# session 69: BJ.3's repaired export (906da79's code, bench/out/dynamic_s83/exp2) timed by bench_dispatch with
# --pages huge (three runs) and --pages small (one), build 619de7c (/work/bins/s85/bench_dispatch)
cd /work/main
o=bench/out/pages_s85
b=/work/bins/s85/bench_dispatch
for t in huge_r1 huge_r2 huge_r3 small_r1; do
  [ -s $o/bj3_$t.md ] && continue
  echo "[$(date -u +%T)] $t" >> $o/run.log
  $b --export bench/out/dynamic_s83/exp2 --threads 2 --pages ${t%_r*} --out $o/bj3_$t.md > $o/bj3_$t.log 2>&1
done
python3 bench/dispatch_median.py $o/bj3_huge_r1.md $o/bj3_huge_r2.md $o/bj3_huge_r3.md > $o/bj3_huge_median.md
echo "[$(date -u +%T)] done" >> $o/run.log
