#!/usr/bin/env bash
# lists_s63 (#19, session 47): BERT-Base (examples/bert_base.list, 5 operators, two plan roots) on this session's
# Intel Xeon host (LLVM rocketlake): the full search alone first (kept: bert_full/db-full), then ETO's rounds and the
# reuse-seeded default at seed 1 against it (--full-from: re-timed, not searched again). Binaries:
# /work/bins/s63/build (c53caa7: the seeded policy's neighbours, RESULTS AQ.1). Each run is skipped when its summary.json exists.
# Usage: bench/out/lists_s63/bert.sh
set -u
cd /work/main
o=bench/out/lists_s63
b=/work/bins/s63/build/bench/bench_reproduce
a="examples/bert_base.list --trials 1000 --seed 1 --threads 2 --min-repeat-ms 25"
one() { # LABEL MODES [OPTION...]
  local label=$1 modes=$2
  shift 2
  [ -s $o/$label/summary.json ] && return
  echo "[$(date -u +%T)] $label start ($modes)" >> $o/run.log
  $b $a --modes $modes --out $o/$label "$@" > $o/$label.md 2> $o/$label.log
  echo "[$(date -u +%T)] $label exit $?" >> $o/run.log
}
one bert_full full --keep
one bert_1 full,eto,seeded --full-from $o/bert_full
