#!/usr/bin/env bash
# Packs what bench/cuda_gpu.sh needs on a GPU machine that has the CUDA toolkit but none of etotune's other
# dependencies: bin/ (etotune, test_cuda_gpu, bench_reproduce) and lib/ (every library they load beyond glibc,
# libstdc++ and libgcc_s, which the GPU machine has in newer versions, and NVRTC, which comes with its CUDA toolkit).
# Usage: bench/cuda_bundle.sh BUILD_DIR OUT.tar.xz
set -eu
build="$1"
out="$2"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin" "$tmp/lib"
cp "$build/src/cli/etotune" "$build/tests/cuda/test_cuda_gpu" "$build/bench/bench_reproduce" "$tmp/bin/"
for l in $(ldd "$tmp"/bin/* | awk '/=>/ {print $3}' | sort -u); do
  case "$(basename "$l")" in
  libc.so.* | libm.so.* | libpthread.so.* | librt.so.* | libdl.so.* | ld-linux* | libstdc++* | libgcc_s* | libnvrtc*) ;;
  *) cp -L "$l" "$tmp/lib/" ;;
  esac
done
tar -C "$tmp" -cf - bin lib | xz -T1 -6 >"$out"
ls -la "$out"
