#!/usr/bin/env bash
# lists_s71p (#19, session 55), from the repository's root: where the default's BERT-Base loses on this host (AX.1:
# its FFN-up root ended by the roots' patience at 512-576 trials, its dense edges by the edges' 32 trials), the
# same runs against the kept full search (lists_s71/bert_base_full, re-timed) at seeds 1 and 2 with
# (a) every root spending its 1000 trials (--root-patience 0, 08e484e's build),
# (b) the edges' patience 64 (a build of 08e484e with -DCMAKE_C_FLAGS=-DSEEDED_PATIENCE=64, /work/bins/s71p64),
# (c) both. Waits for bench/out/lists_s71/run.sh (one timing run at a time).
set -u
while pgrep -f lists_s71/run.sh > /dev/null; do sleep 15; done
o=bench/out/lists_s71p
a=(examples/bert_base.list --trials 1000 --threads 2 --min-repeat-ms 25 --modes full,seeded
   --full-from bench/out/lists_s71/bert_base_full)
for s in 1 2; do
  for v in rp0:s71:0 p64:s71p64:256 both:s71p64:0; do
    IFS=: read -r name build rp <<< "$v"
    [ -s $o/${name}_s$s/summary.json ] && continue
    echo "[$(date -u +%T)] ${name}_s$s start" >> $o/run.log
    /work/bins/$build/build/bench/bench_reproduce "${a[@]}" --seed $s --root-patience $rp --out $o/${name}_s$s \
      > $o/${name}_s$s.md 2> $o/${name}_s$s.log
    rc=$?
    echo "[$(date -u +%T)] ${name}_s$s exit $rc" >> $o/run.log
  done
done
