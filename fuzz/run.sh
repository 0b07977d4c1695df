#!/usr/bin/env bash
# Builds the libFuzzer harness for the operators.list parser with clang-14 (ASan + UBSan) and runs it.
#   fuzz/run.sh [SECONDS]      (default 60)
# The seed corpus fuzz/corpus/ is read, never written: new inputs go to fuzz-out/corpus/, crashes to fuzz-out/.
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-60}"
cc="${CLANG:-clang-14}"
out=fuzz-out
mkdir -p "$out/corpus"
"$cc" -g -O1 -std=gnu11 -Wall -Wextra -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -Isrc/op src/op/op.c src/op/parse.c src/op/compute.c src/op/reference.c fuzz/fuzz_oplist.c \
  -lm -o "$out/fuzz_oplist"
"$out/fuzz_oplist" -max_total_time="$secs" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix="$out/" -print_final_stats=1 "$out/corpus" fuzz/corpus
