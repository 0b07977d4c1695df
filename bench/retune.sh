#!/usr/bin/env bash
# bench/retune.sh OUT BUILD [SEED] [BASE_LIST] [CHANGED_LIST...] — the issue "Reuse that beats search"'s re-tuning
# scenario (bench/RESULTS.md AI.2, AW.4, AX.5): BASE_LIST (default examples/bert_base.list) tuned by BUILD's etotune
# with its defaults at SEED (default 1) into OUT/base/db, then every CHANGED_LIST (default examples/bert_base_s256.list
# examples/bert_large.list) re-tuned from a copy of that cache and fully searched alone (bench/retune.py: 1000 trials,
# 2 threads), its time and throughput against the full search's in OUT/retune.out. The base step is skipped when
# OUT/base/done exists, so a session's end loses at most one step; a log in OUT/run.log. OUT and BUILD are taken
# relative to the repository's root (the script runs there).
#   e.g. bench/retune.sh bench/out/retune_s73 /work/bins/s73/build 2
set -u
o="$1"
e="$2/src/cli/etotune"
seed="${3:-1}"
base="${4:-examples/bert_base.list}"
shift $(($# < 4 ? $# : 4))
changed=("$@")
[ ${#changed[@]} -gt 0 ] || changed=(examples/bert_base_s256.list examples/bert_large.list)
cd "$(dirname "$0")/.."
mkdir -p "$o/base"
if [ ! -f "$o/base/done" ]; then
  rm -rf "$o/base/db"
  echo "[$(date -u +%T)] base: $base, seed $seed" >> "$o/run.log"
  "$e" tune "$base" --db "$o/base/db" --seed "$seed" --threads 2 --min-repeat-ms 25 \
    --report "$o/base/report.json" > "$o/base/tune.log" 2>&1 && touch "$o/base/done"
fi
[ -f "$o/base/done" ] || { echo "bench/retune.sh: the base tune failed: $o/base/tune.log" >&2; exit 1; }
echo "[$(date -u +%T)] retune.py seed $seed: ${changed[*]}" >> "$o/run.log"
python3 bench/retune.py --etotune "$e" --base-db "$o/base/db" --out "$o" --trials 1000 --seed "$seed" --threads 2 \
  --min-repeat-ms 25 "${changed[@]}" > "$o/retune.out" 2>&1
rc=$?
echo "[$(date -u +%T)] done (exit $rc)" >> "$o/run.log"
exit $rc
