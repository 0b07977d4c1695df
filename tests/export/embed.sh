#!/usr/bin/env bash
# embed.sh BUILD_DIR — the tuned kernels as a product (issue #20), from an installed prefix:
#   1. `cmake --install BUILD_DIR --prefix P`: bin/etotune, lib/libetotune.{a,so}, include/etotune/*.h,
#      lib/pkgconfig/etotune.pc, lib/cmake/etotune/
#   2. the installed etotune tunes examples/quickstart.list (full search, 16 trials each) into a fresh cache and
#      exports it: every operator TUNED (no fallback), manifest entries with key, recipe, latency, fingerprint,
#      version; the header declares one function per operator
#   3. examples/embed/export_check.c links the export (static, then shared) and checks every kernel against a
#      naive loop with 1, 2 and all threads
#   4. examples/embed/tune_one.c links the installed library through pkg-config (shared, then static) and tunes
#      one operator from C; the same program and export_check build with CMake's find_package(etotune)
#   5. errors: an operator without a cached program (named, nothing written), a cache of another target
#      (--threads 1: other fingerprint) never exported silently, --fallback-reference marks its kernels
build="$1"
root="$(cd "$(dirname "$0")/../.." && pwd)"
exe=true
# shellcheck source=../lib.sh
source "$(dirname "$0")/../lib.sh"
P="$tmp/prefix"
cc="${CC:-cc}"

cmake --install "$build" --prefix "$P" >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log" >&2; bad "cmake --install failed"; exit 1; }
for f in bin/etotune lib/libetotune.a lib/libetotune.so include/etotune/etotune.h include/etotune/driver.h \
  include/etotune/export.h lib/pkgconfig/etotune.pc lib/cmake/etotune/etotuneConfig.cmake; do
  [ -e "$P/$f" ] || bad "the install lacks $f"
done
[ "$fail" = 0 ] || exit 1
exe="$P/bin/etotune"

# 2. tune and export
run tune tune "$root/examples/quickstart.list" --mode full --trials 16 --measures-per-round 16 --seed 3 \
  --threads 2 --min-repeat-ms 2 --db "$tmp/db"
[ "$rc" = 0 ] || { bad "tune exited $rc: $(tail -3 "$tmp/tune.err")"; exit 1; }
run export export "$root/examples/quickstart.list" --out "$tmp/exp" --db "$tmp/db" --threads 2
[ "$rc" = 0 ] || { bad "export exited $rc: $(cat "$tmp/export.err")"; exit 1; }
for f in libquickstart.a libquickstart.so quickstart.h manifest.json; do
  [ -f "$tmp/exp/$f" ] || bad "export wrote no $f"
done
[ ! -e "$tmp/exp/build-quickstart" ] || bad "export left its build directory"
grep -q "UNTUNED" "$tmp/exp/quickstart.h" && bad "a tuned export's header mentions UNTUNED"
n="$(jq '.operators | length' "$tmp/exp/manifest.json")"
[ "$n" = 5 ] || bad "manifest: $n operators, expected 5"
jq -e '.operators | all(.source == "cache" and (.workload | length) > 0 and (.recipe | length) > 0
  and .latency_s.median > 0 and (.args | length) >= 2)' "$tmp/exp/manifest.json" >/dev/null ||
  bad "manifest entries lack source/workload/recipe/latency/args"
jq -e '(.target.fingerprint | length) == 16 and (.etotune_version | length) > 0' "$tmp/exp/manifest.json" \
  >/dev/null || bad "manifest lacks the target fingerprint or the version"
for fn in quickstart_proj quickstart_ffn_up quickstart_ffn_down quickstart_attn_scores quickstart_norm \
  quickstart_set_threads quickstart_threads quickstart_shutdown; do
  grep -q " $fn(" "$tmp/exp/quickstart.h" || bad "the header does not declare $fn"
done

# 3. the export, linked statically and dynamically, against naive loops
"$cc" -O2 -Wall -Werror -I "$tmp/exp" "$root/examples/embed/export_check.c" "$tmp/exp/libquickstart.a" -pthread -lm \
  -o "$tmp/check_static" 2>"$tmp/cc1.err" || bad "export_check (static) does not build: $(head -5 "$tmp/cc1.err")"
"$cc" -O2 -Wall -Werror -I "$tmp/exp" "$root/examples/embed/export_check.c" -L "$tmp/exp" -lquickstart \
  -Wl,-rpath,"$tmp/exp" -pthread -lm -o "$tmp/check_shared" 2>"$tmp/cc2.err" ||
  bad "export_check (shared) does not build: $(head -5 "$tmp/cc2.err")"
for v in static shared; do
  [ -x "$tmp/check_$v" ] || continue
  timeout 120 "$tmp/check_$v" >"$tmp/check_$v.out" 2>&1 || bad "export_check ($v) failed: $(grep FAIL "$tmp/check_$v.out" | head -3)"
  grep -q "all exported kernels match" "$tmp/check_$v.out" || bad "export_check ($v) did not finish"
done
nm "$tmp/exp/libquickstart.so" | grep -q -i " T .*llvm" && bad "the exported library exports LLVM symbols"
ldd "$tmp/exp/libquickstart.so" | grep -q -i -E "llvm|etotune|xgboost|lmdb" && bad "the exported library needs LLVM or etotune at run time"

# 4. the installed library from C: pkg-config (shared and static) and CMake
export PKG_CONFIG_PATH="$P/lib/pkgconfig"
pkg-config --exists etotune || bad "pkg-config does not find etotune"
"$cc" -O2 -Wall -Werror "$root/examples/embed/tune_one.c" $(pkg-config --cflags --libs etotune) -Wl,-rpath,"$P/lib" \
  -o "$tmp/tune_one" 2>"$tmp/cc3.err" || bad "tune_one (pkg-config, shared) does not build: $(head -5 "$tmp/cc3.err")"
static_libs="$(pkg-config --static --libs etotune | sed 's/-letotune//')"
"$cc" -O2 -Wall -Werror "$root/examples/embed/tune_one.c" $(pkg-config --cflags etotune) -Wl,-Bstatic -letotune \
  -Wl,-Bdynamic $static_libs -o "$tmp/tune_one_static" 2>"$tmp/cc4.err" ||
  bad "tune_one (pkg-config --static) does not build: $(head -5 "$tmp/cc4.err")"
ldd "$tmp/tune_one_static" 2>/dev/null | grep -q libetotune && bad "the static tune_one needs libetotune.so"
for v in tune_one tune_one_static; do
  [ -x "$tmp/$v" ] || continue
  timeout 300 "$tmp/$v" 16 >"$tmp/$v.out" 2>&1 || bad "$v failed: $(tail -3 "$tmp/$v.out")"
  grep -q "tuned after 16 trials" "$tmp/$v.out" || bad "$v did not tune: $(tail -3 "$tmp/$v.out")"
done
cmake -S "$root/examples/embed" -B "$tmp/eb" -DCMAKE_PREFIX_PATH="$P" -DQUICKSTART_EXPORT="$tmp/exp" \
  >"$tmp/eb.log" 2>&1 && cmake --build "$tmp/eb" >>"$tmp/eb.log" 2>&1 || bad "examples/embed does not build with find_package(etotune): $(tail -5 "$tmp/eb.log")"
if [ -x "$tmp/eb/export_check" ] && [ -x "$tmp/eb/tune_one" ]; then
  timeout 120 "$tmp/eb/export_check" >/dev/null 2>&1 || bad "export_check built by CMake failed"
  timeout 300 "$tmp/eb/tune_one" 8 >"$tmp/eb_tune.out" 2>&1 || bad "tune_one built by CMake failed: $(tail -3 "$tmp/eb_tune.out")"
fi

# 5. errors
printf 'matmul m=96 n=96 k=96 name=untuned\nmatmul m=128 n=256 k=256 name=proj\n' >"$tmp/missing.list"
run miss export "$tmp/missing.list" --out "$tmp/miss" --db "$tmp/db" --threads 2
[ "$rc" = 1 ] || bad "export with an untuned operator exited $rc, expected 1"
grep -q "matmul:m=96,n=96,k=96" "$tmp/miss.err" || bad "the error does not name the untuned operator: $(cat "$tmp/miss.err")"
grep -q "name=proj" "$tmp/miss.err" && bad "the error names an operator that has a program"
[ ! -e "$tmp/miss/libmissing.a" ] || bad "a failed export wrote a library"
run other export "$root/examples/quickstart.list" --out "$tmp/other" --db "$tmp/db" --threads 1
[ "$rc" = 1 ] || bad "export for another target (--threads 1) exited $rc, expected 1"
grep -q "other targets" "$tmp/other.err" || bad "the error does not say the cache holds other targets: $(head -2 "$tmp/other.err")"
run fb export "$tmp/missing.list" --out "$tmp/fb" --db "$tmp/db" --threads 2 --fallback-reference
[ "$rc" = 0 ] || bad "--fallback-reference exited $rc: $(cat "$tmp/fb.err")"
grep -q "UNTUNED FALLBACK" "$tmp/fb/missing.h" 2>/dev/null || bad "the fallback is not marked in the header"
[ "$(jq -r '.operators[0].source' "$tmp/fb/manifest.json" 2>/dev/null)" = fallback ] || bad "the fallback is not marked in the manifest"
[ "$(jq -r '.operators[1].source' "$tmp/fb/manifest.json" 2>/dev/null)" = cache ] || bad "a tuned operator of a fallback export is not tuned"
exit "$fail"
