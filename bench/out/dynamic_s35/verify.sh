#!/usr/bin/env bash
# s35, R.1: the stored time of cached programs against a fresh `etotune measure --recipe` of the same program (two
# processes each), for the projection members of s34's cache (old measurer) and s35's (page-aligned), with this
# session's build; prints: cache member stored_GFLOP/s fresh1 fresh2
cd /work/main
et=/work/bins/s35/build/src/cli/etotune
for db in bench/out/dynamic_s34/db bench/out/dynamic_s35/db; do
  for m in 2 16 32 64 128 256 512; do
    key="matmul:m=$m,n=768,k=768;dtype=float32"
    j=$($et db --db $db show "$key" 2>/dev/null) || continue
    r=$(echo "$j" | python3 -c 'import json,sys; d=json.JSONDecoder().raw_decode(sys.stdin.read())[0]; print(d["recipe"]); print(d["gflops"])')
    rec=$(echo "$r" | head -1); g=$(echo "$r" | tail -1)
    echo "matmul m=$m n=768 k=768" > /tmp/verify_$m.list
    f1=$($et measure /tmp/verify_$m.list --recipe "$rec" | sed -n 's/.*best: *\([0-9.]*\) GFLOP.*/\1/p')
    f2=$($et measure /tmp/verify_$m.list --recipe "$rec" | sed -n 's/.*best: *\([0-9.]*\) GFLOP.*/\1/p')
    printf "%s %s %.1f %s %s  %s\n" "$(basename $(dirname $db))" $m "$g" "$f1" "$f2" "$rec"
  done
done
