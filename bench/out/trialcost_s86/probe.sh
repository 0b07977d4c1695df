#!/usr/bin/env bash
# session 70: the dynamic family tuning's first 300 s (bench/dynamic.sh step 1's command, --time-budget 300, no small
# values), with the search-time breakdown (/work/bins/s86a: the tree with the driver's "search time" and "host" lines)
# NAME: output prefix; more options after BUILD go to etotune tune (e.g. --min-repeat-ms 25)
cd /work/main
o=bench/out/trialcost_s86
n=$1
b=${2:-/work/bins/s86a}
rm -rf /tmp/probe_$n
echo "[$(date -u +%T)] probe $n start" >> $o/run.log
$b/src/cli/etotune tune examples/bert_base_dynamic.list --family representatives --seed 1 --threads 2 --db /tmp/probe_$n \
  --time-budget 300 --objective latency --scheduler per-second --trials-total 14000 "${@:3}" --report $o/$n.json > $o/$n.log 2>&1
echo "[$(date -u +%T)] probe $n done" >> $o/run.log
