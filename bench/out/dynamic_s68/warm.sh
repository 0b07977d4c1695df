#!/usr/bin/env bash
# bench/out/dynamic_s68/warm.sh — after run.sh:
# AU.2: the cache after repair 1 (db_pre2) exported by 21ac28e (partial timing without the settled rule;
# /work/bins/s68old/build) with the hour's exp as its --picks-from, against the hour's exp2 (67d751e) on the same
# cache and the same earlier picks.
# AU.3: the attention families' measured picks with one untimed call before each sample of a kernel whose calls take
# under 1 ms (/work/bins/s68warm/build: 67d751e + that change) against 67d751e's, on the hour's final cache; each
# export's dispatch timed twice, alternating (A B A B)
cd "$(dirname "$0")/../../.."
d=bench/out/dynamic_s68
if [ ! -s $d/ab/exp2old/manifest.json ]; then
  rm -rf /tmp/ab_pre2 && cp -a $d/db_pre2 /tmp/ab_pre2
  s=$(date +%s)
  /work/bins/s68old/build/src/cli/etotune export examples/bert_base_dynamic.list --out $d/ab/exp2old --name bert_dyn \
    --db /tmp/ab_pre2 --threads 2 --picks-from $d/exp > $d/ab/exp2old.log 2>&1
  echo $(( $(date +%s) - s )) > $d/ab/exp2old.wall
fi
o=$d/warm
mkdir -p $o
{ grep '^let' examples/bert_base_dynamic.list; grep 'attn_' examples/bert_base_dynamic.list; } > $o/attn.list
rm -rf /tmp/warm_db && cp -a $d/db /tmp/warm_db
for v in A:s68 B:s68warm; do
  n=${v%%:*}; b=/work/bins/${v#*:}/build
  [ -s $o/exp$n/manifest.json ] && continue
  s=$(date +%s)
  $b/src/cli/etotune export $o/attn.list --out $o/exp$n --name attn --db /tmp/warm_db --threads 2 > $o/exp$n.log 2>&1
  echo $(( $(date +%s) - s )) > $o/exp$n.wall
done
for r in 1 2; do
  for n in A B; do
    [ -s $o/dispatch${n}_r$r.md ] && continue
    /work/bins/s68/build/bench/bench_dispatch --export $o/exp$n --threads 2 --out $o/dispatch${n}_r$r.md > $o/dispatch${n}_r$r.log 2>&1
  done
done
echo "[$(date -u +%T)] warm done" >> $d/run.log
