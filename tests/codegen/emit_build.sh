#!/usr/bin/env bash
# emit_build.sh ETOTUNE EMIT_RUN LLC CLANG — `etotune measure --emit c|llvm|llvm-raw|asm` prints code that
# builds as it is: for operators of several kinds, random programs (perfect and imperfect tiles) are emitted
# in each form, built into a shared object with the stock tools (cc for C and assembly, llc for LLVM IR,
# clang for unoptimized IR), and every kernel is run by EMIT_RUN against the reference kernel. Also checks
# that kernel names are unique (all operators' C kernels link into one library), and that a recipe that
# does not fit its operator is rejected by measure, with and without --emit, before any code is printed.
exe="$1"
runner="$2"
llc="$3"
clang="$4" # "none": llc builds the unoptimized IR too
# shellcheck source=../lib.sh
source "$(dirname "$0")/../lib.sh"
cc="${CC:-cc}"
ops=(
  "matmul m=16 n=32 k=24 bias=1 relu=1"
  "batch_matmul b=3 m=8 n=12 k=10"
  "conv1d n=2 c=3 l=17 k=4 r=3 stride=2 pad=1 dilation=2"
  "conv2d n=2 c=3 h=11 w=10 k=4 r=3 s=2 stride=2,1 pad=1,0 dilation=1,2"
  "group_conv2d n=1 c=8 h=7 w=7 k=12 r=3 s=3 groups=4 pad=1"
  "depthwise_conv2d n=1 c=6 h=9 w=9 r=3 s=3 stride=2 pad=1 multiplier=2"
  "conv2d_transpose n=1 c=4 h=5 w=6 k=3 r=3 s=3 stride=2 pad=1 output_padding=1"
  "capsule_conv2d n=1 h=6 w=6 c=3 k=4 r=3 s=3 capsule=2 stride=2 pad=1"
  "norm b=3 m=7 n=9"
)
# build FORM SRC SO: compiles one emitted file into a shared object
build() {
  local form="$1" src="$2" so="$3" obj="${3%.so}.o"
  case "$form" in
    c) "$cc" -std=c11 -O1 -fPIC -Wall -Werror=implicit-function-declaration -Werror=implicit-int -c "$src" -o "$obj" ;;
    llvm) "$llc" -O2 -filetype=obj -relocation-model=pic "$src" -o "$obj" ;;
    llvm-raw)
      if [ "$clang" = none ]; then "$llc" -O1 -filetype=obj -relocation-model=pic "$src" -o "$obj"
      else "$clang" -O1 -fPIC -c -x ir "$src" -o "$obj"; fi ;;
    asm) "$cc" -c "$src" -o "$obj" ;;
  esac || return 1
  "$cc" -shared "$obj" -o "$so"
}
objs=()
for i in "${!ops[@]}"; do
  echo "${ops[$i]}" >"$tmp/op$i.list"
  for form in c llvm llvm-raw asm; do
    ext=$form; [ "$form" = asm ] && ext=s; [ "${form#llvm}" != "$form" ] && ext=ll
    run "$form$i" measure "$tmp/op$i.list" --emit "$form" --programs 3 --seed "$((i + 11))" --imperfect
    [ "$rc" -eq 0 ] || { bad "${ops[$i]}: --emit $form: exit $rc: $(head -3 "$tmp/$form$i.err")"; continue; }
    cp "$tmp/$form$i.out" "$tmp/k$i.$ext"
    # the recipes, from the comment lines (//, ; or #) that precede each kernel
    sed -n 's/^\(\/\/\|;\|#\) program: //p' "$tmp/$form$i.out" >"$tmp/r$form$i.txt"
    [ "$(wc -l <"$tmp/r$form$i.txt")" -eq 3 ] || { bad "${ops[$i]}: --emit $form: not 3 program comments"; continue; }
    if [ "$form" != c ] && ! cmp -s "$tmp/rc$i.txt" "$tmp/r$form$i.txt"; then
      bad "${ops[$i]}: --emit $form printed other programs than --emit c with the same seed"
    fi
    if ! build "$form" "$tmp/k$i.$ext" "$tmp/k$i-$form.so" 2>"$tmp/build.err"; then
      bad "${ops[$i]}: --emit $form output does not build: $(head -5 "$tmp/build.err")"
      continue
    fi
    [ "$form" = c ] && objs+=("$tmp/k$i-$form.o")
    if ! "$runner" "$tmp/op$i.list" "$tmp/k$i-$form.so" "$tmp/r$form$i.txt" >"$tmp/run.out" 2>&1; then
      bad "${ops[$i]}: --emit $form kernels: $(cat "$tmp/run.out")"
    else
      echo "ok: ${ops[$i]}: --emit $form: 3 kernels built and match the reference"
    fi
  done
done
# one library of every operator's C kernels: names do not clash
"$cc" -shared "${objs[@]}" -o "$tmp/all.so" 2>"$tmp/all.err" || bad "kernels of different operators clash: $(head -3 "$tmp/all.err")"

# a recipe that does not fit: 64 rows of a 128-row matmul
echo "matmul m=128 n=256 k=256" >"$tmp/big.list"
half="v1 mlt s=1.1.1.1.1/1.1.8.1.8/4.1.16.2.2 r=2.32.4 u=16 v=2.4"
full="v1 mlt s=1.1.1.1.1/2.1.8.1.8/4.1.16.2.2 r=2.32.4 u=16 v=2.4"
run fit measure "$tmp/big.list" --recipe "$full" --emit c
[ "$rc" -eq 0 ] && grep -q "^void matmul_m128_n256_k256(" "$tmp/fit.out" || bad "a fitting recipe: exit $rc: $(cat "$tmp/fit.err")"
for emit in c llvm asm; do
  run half measure "$tmp/big.list" --recipe "$half" --emit "$emit"
  [ "$rc" -ne 0 ] && grep -q "does not fit this operator: space loop i: tiles 1 x 64 do not cover extent 128" "$tmp/half.err" ||
    bad "--emit $emit of a recipe that covers half the rows: exit $rc: $(cat "$tmp/half.err")"
  grep -q "matmul_m128" "$tmp/half.out" && bad "--emit $emit of a recipe that does not fit printed a kernel"
done
run halfm measure "$tmp/big.list" --recipe "$half" --min-repeat-ms 1
[ "$rc" -eq 1 ] && grep -q "does not fit this operator" "$tmp/halfm.err" ||
  bad "measuring a recipe that does not fit: exit $rc: $(cat "$tmp/halfm.err")"
exit "$fail"
