/* The printed CUDA C itself, run on the CPU: for every operator kind, random valid programs (sampled with
 * sm_80's limits, perfect and imperfect tiles) are printed by eto_cuda_print, compiled by the host C++
 * compiler with the test-only shim cuda_host_shim.h (threads as coroutines, real barriers), run, and compared
 * with the reference. This checks what NVRTC cannot: that the text means what the loop IR means (precedence,
 * floor division and its fast paths, index types, float2/float4 accesses, variable scopes, barrier
 * placement). Also: a large operator whose indices need 64 bits is printed with long long indices and
 * compiles with NVRTC. Usage: test_cuda_host [programs per sketch (default 4)] */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <unistd.h>

#include "cuda_test_util.h"

#ifndef ETO_TEST_CXX
#define ETO_TEST_CXX "c++"
#endif
#ifndef ETO_TEST_SHIM
#define ETO_TEST_SHIM "cuda_host_shim.h"
#endif

typedef int (*launch_fn)(float **args);

static void check_wide_indices(void) {
  const char *text = "matmul m=46337 n=46337 k=8\n";
  eto_oplist *list = NULL;
  char msg[512];
  CHECK(eto_oplist_parse("big.list", text, strlen(text), &list, msg, sizeof msg) == ETO_OK, "%s", msg);
  if (!list) return;
  eto_compute c;
  eto_op_compute(eto_oplist_get(list, 0), &c);
  eto_target t;
  eto_target_cuda("sm_80", NULL, 0, &t);
  eto_rng rng;
  eto_rng_seed(&rng, 5);
  eto_sample_opts so = {.imperfect = 1};
  int wide = 0, tries = 0;
  for (; tries < 200 && !wide; tries++) {
    eto_program p;
    if (eto_sched_sample_valid(&c, &t, &so, &rng, 100000, &p) != 0) continue;
    eto_kernel *k = NULL;
    eto_lower_opts gpu = {.gpu = 1};
    if (eto_lower(&c, &p, &gpu, &k, msg, sizeof msg) != ETO_OK) continue;
    char *src = NULL;
    eto_cuda_info info;
    if (eto_cuda_source(k, "big", &src, &info) == ETO_OK && info.index_bits == 64) {
      wide = 1;
      CHECK(strstr(src, "const long long blk = (long long)blockIdx.x;") != NULL, "64-bit block index");
      eto_cuda_binary *b = NULL;
      eto_status st = eto_cuda_compile(src, NULL, &b, msg, sizeof msg);
      CHECK(st == ETO_OK, "64-bit kernel: NVRTC: %s", msg);
      eto_cuda_resources r;
      CHECK(st != ETO_OK || eto_cuda_binary_resources(b, "big", &r) == 0, "64-bit kernel: resources");
      eto_cuda_binary_free(b);
    }
    free(src);
    eto_kernel_free(k);
  }
  CHECK(wide, "no program of %s needed 64-bit indices in %d tries", text, tries);
  eto_oplist_free(list);
}

int main(int argc, char **argv) {
  int per_sketch = argc > 1 ? atoi(argv[1]) : 4;
  if (per_sketch < 1 || per_sketch > 20) per_sketch = 4;
  const char *tmp = getenv("TMPDIR");
  char dir[512];
  snprintf(dir, sizeof dir, "%s/etocuda-host-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(dir)) {
    perror("mkdtemp");
    return 2;
  }
  eto_oplist *list = ctu_ops();
  if (!list) return check_result();
  eto_target t80;
  eto_target_cuda("sm_80", NULL, 0, &t80);
  int programs = 0, vec = 0;
  double cxx_s = 0, run_s = 0, t0 = eto_now();
  for (int oi = 0; oi < eto_oplist_count(list); oi++) {
    eto_compute c;
    char key[256];
    test_io d;
    const eto_op *op = ctu_op(list, oi, &c, key, sizeof key, &d);
    eto_program prog[CTU_MAX_PROGRAMS];
    char recipe[CTU_MAX_PROGRAMS][ETO_RECIPE_MAX];
    int np = ctu_programs(&c, &t80, 3 * CTU_SEED + (uint64_t)oi, per_sketch, prog, CTU_MAX_PROGRAMS);
    char src[600], lib[600], cmd[2048];
    snprintf(src, sizeof src, "%s/op%d.cpp", dir, oi);
    snprintf(lib, sizeof lib, "%s/op%d.so", dir, oi);
    FILE *f = fopen(src, "w");
    if (!f) {
      CHECK(0, "cannot write %s", src);
      break;
    }
    int ok[CTU_MAX_PROGRAMS] = {0};
    for (int i = 0; i < np; i++) {
      eto_program_format(&prog[i], recipe[i], sizeof recipe[i]);
      eto_kernel *k = NULL;
      eto_lower_opts gpu = {.gpu = 1};
      char msg[256], name[32];
      CHECK(eto_lower(&c, &prog[i], &gpu, &k, msg, sizeof msg) == ETO_OK, "%s %s: %s", key, recipe[i], msg);
      if (!k) continue;
      snprintf(name, sizeof name, "k%d", i);
      eto_cuda_info info;
      ok[i] = eto_cuda_print(k, name, f, &info) == ETO_OK;
      vec += info.vector_fetches;
      fprintf(f, "static void body_k%d(void *a) {\n  float **x = (float **)a;\n  k%d(", i, i);
      for (int j = 0; j < k->nargs; j++) fprintf(f, "%sx[%d]", j ? ", " : "", j);
      fprintf(f,
              ");\n}\nextern \"C\" int launch_k%d(float **args) { return eto_host_launch(body_k%d, args, "
              "%lld, %lld); }\n",
              i, i, (long long)k->blocks, (long long)k->threads);
      eto_kernel_free(k);
    }
    fclose(f);
    snprintf(cmd, sizeof cmd, "%s -O1 -w -shared -fPIC -include %s -o %s %s", ETO_TEST_CXX, ETO_TEST_SHIM,
             lib, src);
    double a = eto_now();
    int rc = system(cmd);
    cxx_s += eto_now() - a;
    CHECK(rc == 0, "%s: the host compiler rejects the printed CUDA C (%s)", key, cmd);
    void *h = rc == 0 ? dlopen(lib, RTLD_NOW | RTLD_LOCAL) : NULL;
    CHECK(rc != 0 || h, "dlopen %s: %s", lib, dlerror());
    a = eto_now();
    for (int i = 0; h && i < np; i++) {
      if (!ok[i]) continue;
      char sym[32];
      snprintf(sym, sizeof sym, "launch_k%d", i);
      launch_fn fn = (launch_fn)dlsym(h, sym);
      CHECK(fn != NULL, "%s: no %s", key, sym);
      if (!fn) continue;
      /* 16-byte aligned copies of the arguments, as the driver's allocations are */
      float *args[5];
      for (int j = 0; j <= d.nin; j++) {
        eto_shape sh;
        int64_t n = d.out_n;
        if (j < d.nin) {
          eto_op_input_shape(op, j, &sh);
          n = eto_shape_size(&sh);
        }
        args[j] = aligned_alloc(16, (size_t)(n * 4 + 15) / 16 * 16);
        if (j < d.nin)
          memcpy(args[j], d.buf[j], sizeof(float) * (size_t)n);
        else
          for (int64_t e = 0; e < n; e++) args[j][e] = NAN;
      }
      int lr = fn(args);
      CHECK(lr == 0, "%s %s: barrier divergence", key, recipe[i]);
      memcpy(d.buf[d.nin], args[d.nin], sizeof(float) * (size_t)d.out_n);
      int64_t j = test_io_mismatch(&d, NULL);
      CHECK(j < 0, "%s %s (printed CUDA C on the host): out[%lld] = %g, reference %g (source %s)", key,
            recipe[i], (long long)j, j >= 0 ? d.buf[d.nin][j] : 0.0, j >= 0 ? d.ref[j] : 0.0, src);
      for (int jj = 0; jj <= d.nin; jj++) free(args[jj]);
      programs++;
    }
    run_s += eto_now() - a;
    if (h) dlclose(h);
    if (check_failures_ == 0) {
      unlink(lib);
      unlink(src);
    }
    test_io_free(&d);
  }
  if (check_failures_ == 0)
    rmdir(dir);
  else
    fprintf(stderr, "sources kept in %s\n", dir);
  check_wide_indices();
  printf(
      "%d printed kernels compiled by the host compiler (%.1f s) and run (%.1f s) against the reference, %d "
      "float2/float4 fetches among them; %.1f s total\n",
      programs, cxx_s, run_s, vec, eto_now() - t0);
  CHECK(programs >= 4 * eto_oplist_count(list) || per_sketch < 4, "at least 4 programs per operator (%d)",
        programs);
  CHECK(vec > 0, "vectorized fetches were run");
  eto_oplist_free(list);
  return check_result();
}
