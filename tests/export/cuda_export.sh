#!/usr/bin/env bash
# cuda_export.sh BUILD_DIR CUDA_INCLUDE_DIR [LIBCUDA] — `etotune export --target cuda` (issue #20) on a machine
# without a GPU, where no cuda record can exist, so the fallback path is the one exported:
#   1. --target cuda without --arch: a clear error (exit 1 or 2) saying that no GPU was found and to give --arch
#   2. an empty cache without --fallback-reference: exit 1, every operator named, nothing written
#   3. --arch sm_80 --fallback-reference: <name>.cu, .ptx, _host.c, .h, manifest.json; every operator UNTUNED
#      FALLBACK in the header and the manifest; one .entry per kernel in the PTX with the names the manifest
#      gives; grid and block per kernel in the manifest
#   4. the host file and the header compile with cc -Wall -Werror (-pedantic too); the .cu compiles with nvcc
#      -ptx and the PTX assembles with ptxas when they are on PATH
#   5. tests/export/cuda_no_device.c linked with the host file: a NULL pointer is EINVAL; where libcuda.so.1
#      cannot be loaded, and where it loads but finds no device (LIBCUDA, e.g. the toolkit's stub libcuda.so),
#      every call returns ENODEV and <name>_last_error() says "no CUDA device"; nothing crashes
# Steps 1 and 5 are skipped where a GPU is found.
build="$1"
cuda_inc="$2"
libcuda="${3:-}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
exe="$build/src/cli/etotune"
# shellcheck source=../lib.sh
source "$(dirname "$0")/../lib.sh"
cc="${CC:-cc}"
list="$root/examples/quickstart.list"
ops=(proj ffn_up ffn_down attn_scores norm)

# 1. no GPU here: --arch is required
run noarch export "$list" --out "$tmp/noarch" --target cuda --fallback-reference --db "$tmp/none"
gpu=0
if [ "$rc" = 0 ]; then
  gpu=1
  echo "note: a GPU was found; the no-GPU checks are skipped"
else
  [ "$rc" = 1 ] || [ "$rc" = 2 ] || bad "--target cuda without --arch exited $rc (expected 1 or 2)"
  grep -q "no GPU found" "$tmp/noarch.err" && grep -q -- "--arch" "$tmp/noarch.err" ||
    bad "--target cuda without --arch: no clear message: $(cat "$tmp/noarch.err")"
  [ ! -e "$tmp/noarch" ] || bad "--target cuda without --arch wrote $tmp/noarch"
fi

# 2. an empty cache: every operator named, nothing written
"$exe" db --db "$tmp/empty" import /dev/null >/dev/null 2>&1 # creates the cache (and says it imported nothing)
run missing export "$list" --out "$tmp/missing" --target cuda --arch sm_80 --db "$tmp/empty"
[ "$rc" = 1 ] || bad "an export from an empty cache exited $rc (expected 1): $(cat "$tmp/missing.err")"
for o in "${ops[@]}"; do
  grep -q "(name=$o): no verified program" "$tmp/missing.err" || bad "the error does not name operator $o"
done
[ ! -e "$tmp/missing" ] || bad "a failed export wrote $(ls "$tmp/missing")"

# 3. the fallback export
out="$tmp/exp"
run exp export "$list" --out "$out" --target cuda --arch sm_80 --fallback-reference --db "$tmp/empty"
[ "$rc" = 0 ] || { bad "export --target cuda --fallback-reference exited $rc: $(cat "$tmp/exp.err")"; exit 1; }
for f in quickstart.cu quickstart.h manifest.json; do [ -s "$out/$f" ] || bad "export wrote no $f"; done
[ ! -e "$out/build-quickstart" ] || bad "export left its build directory"
ptx=0
if jq -e '.files.ptx != null' "$out/manifest.json" >/dev/null; then
  ptx=1
  for f in quickstart.ptx quickstart_host.c; do [ -s "$out/$f" ] || bad "export wrote no $f"; done
else
  echo "note: this etotune has no NVRTC: no PTX, no host functions"
  grep -q "NO PTX" "$out/quickstart.h" || bad "the header does not say that there is no PTX"
fi
jq -e '.target.kind == "cuda" and .target.arch == "sm_80" and (.target.fingerprint | length) == 16
  and (.etotune_version | length) > 0 and (.operators | length) == 5' "$out/manifest.json" >/dev/null ||
  bad "manifest: not 5 operators of target cuda sm_80 with a fingerprint and a version"
jq -e '.operators | all(.source == "fallback" and .latency_s == null and (.recipe | length) > 0
  and (.fallback_reason | length) > 0 and (.grid | length) == 3 and .grid[0] >= 1 and .grid[1] == 1
  and (.block | length) == 3 and .block[0] >= 1 and .block[0] <= 1024 and .block[1] == 1
  and (.kernel | startswith("quickstart_kernel_")))' "$out/manifest.json" >/dev/null ||
  bad "manifest entries are not fallbacks with recipe, reason, grid, block and kernel"
n="$(grep -c "^ \* UNTUNED FALLBACK:" "$out/quickstart.h")"
[ "$n" = 5 ] || bad "the header marks $n operators UNTUNED FALLBACK (expected 5)"
grep -q "WARNING: 5 kernels below are an UNTUNED FALLBACK" "$out/quickstart.h" || bad "the header lacks the warning"
for o in "${ops[@]}"; do
  grep -q "__global__.* quickstart_kernel_$o(" "$out/quickstart.cu" || bad "the .cu lacks kernel quickstart_kernel_$o"
  grep -q "kernel quickstart_kernel_$o: grid (" "$out/quickstart.h" || bad "the header lacks the launch of $o"
  [ "$ptx" = 0 ] || grep -q "^int quickstart_$o(" "$out/quickstart.h" || bad "the header does not declare quickstart_$o"
done
if [ "$ptx" = 1 ]; then
  n="$(grep -c '^\.visible \.entry ' "$out/quickstart.ptx")"
  [ "$n" = 5 ] || bad "the PTX has $n entries (expected 5)"
  for k in $(jq -r '.operators[].kernel' "$out/manifest.json"); do
    grep -q "^\.visible \.entry $k(" "$out/quickstart.ptx" || bad "the PTX has no entry $k"
  done
  grep -q "^\.target sm_80" "$out/quickstart.ptx" || bad "the PTX is not for sm_80"
  for f in quickstart_init quickstart_shutdown quickstart_last_error; do
    grep -q " \*\?$f(" "$out/quickstart.h" || bad "the header does not declare $f"
  done
fi

# 4. it compiles
for std in "" "-std=c11 -Wextra -pedantic"; do
  [ "$ptx" = 1 ] || break
  # shellcheck disable=SC2086 # $std is a list of options
  "$cc" -c $std -Wall -Werror -I "$cuda_inc" -I "$out" "$out/quickstart_host.c" -o "$tmp/host.o" 2>"$tmp/cc.err" ||
    bad "quickstart_host.c does not compile with $cc $std -Wall -Werror: $(head -5 "$tmp/cc.err")"
done
printf '#include "quickstart.h"\nint main(void) { return 0; }\n' >"$tmp/hdr.c"
"$cc" -c -Wall -Werror -I "$out" "$tmp/hdr.c" -o "$tmp/hdr.o" 2>"$tmp/hdr.err" ||
  bad "quickstart.h does not compile alone: $(head -5 "$tmp/hdr.err")"
if command -v nvcc >/dev/null; then
  nvcc -ptx -arch=sm_80 "$out/quickstart.cu" -o "$tmp/nvcc.ptx" >"$tmp/nvcc.err" 2>&1 ||
    bad "nvcc -ptx does not compile quickstart.cu: $(head -5 "$tmp/nvcc.err")"
else
  echo "note: no nvcc on PATH: the .cu was compiled by NVRTC only"
fi
if [ "$ptx" = 1 ] && command -v ptxas >/dev/null; then
  ptxas -arch=sm_80 "$out/quickstart.ptx" -o "$tmp/q.cubin" 2>"$tmp/ptxas.err" ||
    bad "ptxas does not assemble quickstart.ptx: $(head -5 "$tmp/ptxas.err")"
fi

# 5. calls where nothing can run: errors, not crashes
if [ "$ptx" = 1 ] && [ "$gpu" = 0 ]; then
  "$cc" -Wall -Werror -I "$out" -I "$cuda_inc" "$root/tests/export/cuda_no_device.c" "$out/quickstart_host.c" \
    -ldl -pthread -o "$tmp/call" 2>"$tmp/call.err" || bad "cuda_no_device does not build: $(head -5 "$tmp/call.err")"
  if [ -x "$tmp/call" ]; then
    # no libcuda.so.1 at all (where the system has none)
    if ! ldconfig -p 2>/dev/null | grep -q "libcuda.so.1 "; then
      "$tmp/call" ENODEV "no CUDA device" >"$tmp/nodriver.out" 2>&1 ||
        bad "without a driver: $(cat "$tmp/nodriver.out")"
      grep -q "libcuda.so.1 cannot be loaded" "$tmp/nodriver.out" || bad "without a driver, the message does not say so"
    fi
    # a libcuda that finds no device (the toolkit's stub, or a driver on a machine without a GPU)
    if [ -n "$libcuda" ] && [ -e "$libcuda" ]; then
      mkdir -p "$tmp/drv"
      ln -s "$libcuda" "$tmp/drv/libcuda.so.1"
      LD_LIBRARY_PATH="$tmp/drv" "$tmp/call" ENODEV "no CUDA device" >"$tmp/nodevice.out" 2>&1 ||
        bad "with $libcuda and no device: $(cat "$tmp/nodevice.out")"
    else
      echo "note: no libcuda.so given: the call with a driver and no device is not run"
    fi
  fi
fi
exit "$fail"
