#!/usr/bin/env bash
# s43, after run.sh (Z.5): the context's root 448 (full search: 65 GFLOP/s in 128 trials, while 384 and 512, reusing it,
# reached 179-185), on a copy of the pipeline's cache: (1) `etotune tune --refine` on it (it resumed its unfinished
# full search instead: the driver refines only operators whose search is done); (2) the seeded reuse policy from 512's
# best to 448 (`etotune reuse --policy seeded`), stored as 448's best when faster; then that cache exported and timed
# once
set -u
cd /work/main
o=bench/out/dynamic_s43
b=/work/bins/s43/build
t() { echo "[$(date -u +%T)] $*" >> $o/run.log; }
rm -rf $o/db_root && cp -r $o/db $o/db_root
echo "batch_matmul b=12 m=448 n=64 k=448 freq=12 name=base_b1_dyn.attn_context" > $o/root.list
echo "batch_matmul b=12 m=512 n=64 k=512 freq=12 name=base_b1_dyn.attn_context" >> $o/root.list
t "root: refine 448"; s=$(date +%s)
$b/src/cli/etotune tune <(head -1 $o/root.list) --seed 1 --threads 2 --db $o/db_root --trials-total 64 --time-budget 60 \
  --refine --report $o/root.json > $o/root.log 2>&1
echo $(( $(date +%s) - s )) > $o/root.wall
t "root: 448 from 512's best, seeded"; s=$(date +%s)
$b/src/cli/etotune reuse $o/root.list --from 2 --to 1 --policy seeded --db $o/db_root --threads 2 --seed 1 \
  --max-trials 64 > $o/root_reuse.log 2>&1
echo $(( $(date +%s) - s )) > $o/root_reuse.wall
t "root: export exp3"; s=$(date +%s)
$b/src/cli/etotune export examples/bert_base_dynamic.list --out $o/exp3 --name bert_dyn --db $o/db_root --threads 2 \
  > $o/export3.log 2>&1 || t "export exited $?"
echo $(( $(date +%s) - s )) > $o/export3.wall
t "root: bench_dispatch exp3"
$b/bench/bench_dispatch --export $o/exp3 --threads 2 --out $o/dispatch3_r1.md > $o/dispatch3_r1.log 2>&1
t "root done"
