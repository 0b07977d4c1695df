#!/usr/bin/env bash
# The CUDA path on a real GPU, in one run (the device machine of a session that has one; about 5 minutes):
#   1. tests/cuda's test_cuda_gpu: random programs of every operator kind and sketch, built with NVRTC, run,
#      checked against the reference and timed; fault injection;
#   2. etotune tune --target cuda --mode full of bench/cuda.list (the trial-cost operators and BERT's attention
#      product) under a time budget, twice: NVRTC builds one at a time, then in parallel builder processes;
#   3. etotune export --target cuda of that cache, its host file built as a shared library, and every exported
#      function checked and timed against PyTorch (cuBLAS, cuDNN) by bench/cuda_versus.py.
# Usage: bench/cuda_gpu.sh BUNDLE OUT [TUNE_SECONDS] [TRIALS]
#   BUNDLE: a tar.xz of bin/ (etotune, test_cuda_gpu) and lib/ (the libraries they need beyond glibc and
#   libstdc++), made here by bench/cuda_bundle.sh, since the GPU machine has none of LLVM, LMDB, XGBoost, GLPK.
#   OUT: where the logs go, and data.tar.gz: the JSON reports, the cache's records and the export.
set -u
bundle="$1"
out="$2"
secs="${3:-180}"
trials="${4:-200}"
root="$(cd "$(dirname "$0")/.." && pwd)"
w=/tmp/etotune_gpu
mkdir -p "$out" "$w/data"
log="$out/run.log"
say() { echo "[$(date +%T)] $*" | tee -a "$log"; }
say "unpacking $bundle"
python3 -c "import tarfile,sys; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" "$bundle" "$w" || exit 1
nv="$(dirname "$(ls /usr/local/cuda/lib64/libnvrtc.so.13 /usr/local/cuda/targets/x86_64-linux/lib/libnvrtc.so.13 \
  /opt/torch/.venv/lib/python3*/site-packages/nvidia/cu13/lib/libnvrtc.so.13 2>/dev/null | head -1)")"
export LD_LIBRARY_PATH="$w/lib:$nv:/usr/local/nvidia/lib64:/usr/local/cuda/lib64"
{
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv
  nvcc --version | tail -2
  echo "nvrtc from: $nv"
  ldd "$w/bin/etotune" | grep -i "not found\|nvrtc"
  ldconfig -p | grep "libcuda.so.1"
  cat /etc/os-release | head -2
  nproc
} >>"$log" 2>&1
"$w/bin/etotune" --version >>"$log" 2>&1

say "1. test_cuda_gpu"
(cd "$w" && timeout 150 "$w/bin/test_cuda_gpu" 1) >"$out/gpu_test.log" 2>&1
say "test_cuda_gpu exited $?: $(tail -2 "$out/gpu_test.log" | tr '\n' ' ')"

# the same search twice, one after the other: NVRTC builds in parallel builder processes (the default: one per
# core), then one at a time in the GPU worker (--build-jobs 1, as before session 14)
for jobs in default 1; do
  db="$w/db-$jobs"
  opt=()
  [ "$jobs" = default ] || opt=(--build-jobs "$jobs")
  say "2. tune --target cuda --mode full, build jobs $jobs, $trials trials per operator, at most $secs s"
  timeout $((secs + 60)) "$w/bin/etotune" tune "$root/bench/cuda.list" --target cuda --mode full --trials "$trials" \
    --min-repeat-ms 20 --time-budget "$secs" --seed 1 --db "$db" --report "$w/data/tune-$jobs.json" "${opt[@]}" \
    >"$out/tune-$jobs.log" 2>&1
  say "tune exited $?"
  tail -22 "$out/tune-$jobs.log" | tee -a "$log"
done
"$w/bin/etotune" db --db "$w/db-default" export "$w/data/cache.txt" >>"$log" 2>&1 || say "db export failed"

say "3. export --target cuda, checked and timed against PyTorch"
rm -rf "$w/exp"
"$w/bin/etotune" export "$root/bench/cuda.list" --target cuda --db "$w/db-default" --out "$w/exp" --name gpu \
  --fallback-reference \
  >>"$log" 2>&1 || say "export failed"
cc -O2 -shared -fPIC -I/usr/local/cuda/include "$w/exp/gpu_host.c" -o "$w/libgpu.so" -ldl >>"$log" 2>&1 ||
  say "the host file does not compile"
env -u LD_LIBRARY_PATH PYTHONUNBUFFERED=1 timeout 120 python3 "$root/bench/cuda_versus.py" "$w/exp" "$w/libgpu.so" \
  --json "$w/data/versus.json" 2>&1 | tee "$out/versus.log" | tee -a "$log" >/dev/null
cp -r "$w/exp" "$w/data/" 2>>"$log"
(cd "$w" && tar -czf "$out/data.tar.gz" data) 2>>"$log"
say "done"
