#!/usr/bin/env bash
# The CUDA path on a real GPU, in one run (the device machine of a session that has one; about 5 minutes):
#   test   tests/cuda's test_cuda_gpu: random programs of every operator kind and sketch, built with NVRTC, run,
#          checked against the reference and timed; fault injection;
#   jobs   etotune tune --target cuda --mode full of bench/cuda.list (the trial-cost operators and BERT's attention
#          product) under a time budget, twice: NVRTC builds in parallel builder processes, then one at a time
#          (bench/RESULTS.md J.3);
#   reuse  bench_reproduce --target cuda on REUSE_LIST (default examples/bert_base.list): the full search of every
#          operator (TRIALS each) and etotune's default, the plan with the reuse-seeded policy, each on a fresh
#          cache, their weighted latency over time side by side (the issue "Reuse that beats search" on a GPU);
#   eto    then ETO's rounds (--reuse eto, the paper's method) against the same full search (--full-from), skipped
#          once DEADLINE seconds (default 240) of the run have passed;
#   export etotune export --target cuda of the cache the run tuned (reuse: the seeded mode's, of REUSE_LIST; else
#          jobs's, of bench/cuda.list), its host file built as a shared library, and every exported function checked
#          and timed against PyTorch (cuBLAS, cuDNN) by bench/cuda_versus.py.
# Usage: bench/cuda_gpu.sh BUNDLE OUT [TUNE_SECONDS] [TRIALS] [STEPS]
#   BUNDLE: a tar.xz of bin/ (etotune, test_cuda_gpu, bench_reproduce) and lib/ (the libraries they need beyond
#   glibc and libstdc++), made here by bench/cuda_bundle.sh, since the GPU machine has none of LLVM, LMDB, XGBoost,
#   GLPK. OUT: where the logs go, and data.tar.gz: the JSON reports, the caches' records and the export.
#   TUNE_SECONDS: jobs's time budget per search, and reuse's per plan mode. STEPS: comma-separated, in the order
#   above whatever the order given (default test,jobs,export: part J's run).
set -u
bundle="$1"
out="$2"
secs="${3:-180}"
trials="${4:-200}"
steps=",${5:-test,jobs,export},"
has() { [[ "$steps" == *",$1,"* ]]; }
t_start=$SECONDS
root="$(cd "$(dirname "$0")/.." && pwd)"
w=/tmp/etotune_gpu
mkdir -p "$out" "$w/data"
log="$out/run.log"
say() { echo "[$(date +%T)] $*" | tee -a "$log"; }
records() { "$w/bin/etotune" db --db "$1" export "$w/data/$2" >>"$log" 2>&1 || say "db export of $1 failed"; } # DB FILE
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

if has test; then
  say "1. test_cuda_gpu"
  (cd "$w" && timeout 150 "$w/bin/test_cuda_gpu" 1) >"$out/gpu_test.log" 2>&1
  say "test_cuda_gpu exited $?: $(tail -2 "$out/gpu_test.log" | tr '\n' ' ')"
fi

if has jobs; then
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
  records "$w/db-default" cache.txt
fi

# the issue "Reuse that beats search" on the GPU: the full search and the default (reuse-seeded) plan on fresh
# caches, then ETO's rounds against the same full search while the run's deadline allows
rl="$root/${REUSE_LIST:-examples/bert_base.list}"
rp=(--target cuda --trials "$trials" --min-repeat-ms 20 --seed 1 --time-budget "$secs")
if has reuse; then
  say "2r. bench_reproduce $(basename "$rl") --target cuda: full, seeded; $trials trials per full search"
  timeout $((3 * secs + 120)) "$w/bin/bench_reproduce" "$rl" "${rp[@]}" --modes full,seeded --keep --out "$w/repro" \
    >"$out/reuse.md" 2>"$out/reuse.log"
  say "bench_reproduce exited $?"
  cat "$out/reuse.md" >>"$log"
  for m in full seeded; do records "$w/repro/db-$m" "cache-$m.txt"; done
fi
if has eto && [ $((SECONDS - t_start)) -lt "${DEADLINE:-240}" ]; then
  say "2e. bench_reproduce --modes eto against the same full search"
  timeout $((2 * secs + 60)) "$w/bin/bench_reproduce" "$rl" "${rp[@]}" --modes full,eto --keep --out "$w/repro-eto" \
    --full-from "$w/repro" >"$out/reuse-eto.md" 2>"$out/reuse-eto.log"
  say "bench_reproduce exited $?"
  cat "$out/reuse-eto.md" >>"$log"
  records "$w/repro-eto/db-eto" cache-eto.txt
elif has eto; then
  say "2e. skipped: $((SECONDS - t_start)) s of the run passed (deadline ${DEADLINE:-240} s)"
fi
for d in repro repro-eto; do # the curves and summaries beside the logs
  [ -d "$w/$d" ] || continue
  mkdir -p "$out/$d"
  cp "$w/$d"/*.csv "$w/$d"/summary.json "$out/$d/" 2>/dev/null
done

if has export; then
  elist="$root/bench/cuda.list" edb="$w/db-default"
  has reuse && elist="$rl" edb="$w/repro/db-seeded"
  say "3. export --target cuda, checked and timed against PyTorch"
  rm -rf "$w/exp"
  "$w/bin/etotune" export "$elist" --target cuda --db "$edb" --out "$w/exp" --name gpu \
    --fallback-reference \
    >>"$log" 2>&1 || say "export failed"
  cc -O2 -shared -fPIC -I/usr/local/cuda/include "$w/exp/gpu_host.c" -o "$w/libgpu.so" -ldl -pthread >>"$log" 2>&1 ||
    say "the host file does not compile"
  env -u LD_LIBRARY_PATH PYTHONUNBUFFERED=1 timeout 120 python3 "$root/bench/cuda_versus.py" "$w/exp" "$w/libgpu.so" \
    --json "$w/data/versus.json" 2>&1 | tee "$out/versus.log" | tee -a "$log" >/dev/null
  cp -r "$w/exp" "$w/data/" 2>>"$log"
fi
(cd "$w" && tar -czf "$out/data.tar.gz" data) 2>>"$log"
say "done"
