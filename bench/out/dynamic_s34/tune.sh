#!/usr/bin/env bash
# step 1 of bench/dynamic.sh, exactly as it runs it (--trials-total 14000 --time 3000), with the build of cee000b
cd /work/main
out=bench/out/dynamic_s34
et=/work/bins/s34/build/src/cli/etotune
start=$(date +%s)
"$et" tune examples/bert_base_dynamic.list --family representatives --seed 1 --threads 2 --db "$out/db" \
  --time-budget 3000 --objective latency --scheduler per-second --trials-total 14000 --report "$out/tune.json.part" > "$out/tune.log" 2>&1 || echo "tune exited $?" >&2
echo "$(( $(date +%s) - start ))" > "$out/tune.wall"
mv "$out/tune.json.part" "$out/tune.json"
