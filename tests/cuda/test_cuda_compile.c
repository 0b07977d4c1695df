/* Every operator kind x random valid programs of every sketch (sampled with sm_80's limits, perfect and
 * imperfect tiles): the CUDA C of the GPU lowering compiles with NVRTC for sm_80 and sm_90 without error and
 * within each architecture's limits; the same recipes lowered for the CPU and interpreted match the
 * operator's reference (the index arithmetic both lowerings share). Also: the limit checker, NVRTC errors,
 * and the compile-only report. Usage: test_cuda_compile ARCH [--full] [programs per sketch (default 10)];
 * --full adds the CPU-lowering check and the unit checks (run it for one architecture). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>

#include "cuda_test_util.h"

static void check_limit_checker(void) {
  eto_target t;
  CHECK(eto_target_cuda("sm_80", NULL, 0, &t) == 0, "sm_80 is in the table");
  static const struct {
    int registers;
    int64_t smem_bytes, threads;
    const char *refused; /* the reason's words when the kernel does not fit; NULL: it fits */
    const char *what;
  } cases[] = {
      {32, 1024, 256, NULL, "32 regs x 256 threads fit"},
      {64, 1024, 1024, NULL, "64 regs x 1024 threads = 65536 fit"},
      {65, 1024, 1024, "registers per block",
       "65 regs x 1024 threads (72 after allocation rounding) exceed 65536"},
      {72, 1024, 896, NULL, "72 regs x 896 threads = 64512 fit"},
      {256, 1024, 32, "registers per thread", "256 regs"},
      {32, 48 * 1024 + 4, 64, "shared memory", "smem"},
      {32, 0, 2048, "threads per block", "threads"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    eto_cuda_resources r = {.registers = cases[i].registers, .smem_bytes = cases[i].smem_bytes};
    char why[256] = "";
    int rc = eto_cuda_check_limits(&r, cases[i].threads, &t, why, sizeof why);
    CHECK(cases[i].refused ? rc != 0 && strstr(why, cases[i].refused) : rc == 0, "%s: %s", cases[i].what,
          why);
  }
}

static void check_nvrtc_errors(void) {
  char msg[512];
  eto_cuda_binary *b = NULL;
  eto_status st = eto_cuda_compile("extern \"C\" __global__ void bad(float *o) { o[0] = undefined_name; }",
                                   NULL, &b, msg, sizeof msg);
  CHECK(st == ETO_ERR_INVALID, "a broken source is rejected (status %d)", (int)st);
  CHECK(strstr(msg, "undefined_name") != NULL, "the message quotes NVRTC's log: %s", msg);
  CHECK(b && strstr(eto_cuda_binary_log(b), "undefined_name"), "the whole log stays readable");
  size_t sz = 1;
  CHECK(b && eto_cuda_binary_cubin(b, &sz) == NULL && sz == 0, "no CUBIN after a failure");
  eto_cuda_binary_free(b);
  eto_cuda_compile_opts o = {.arch = "compute_80"};
  st = eto_cuda_compile("extern \"C\" __global__ void k(float *o) { o[0] = 1.0f; }", &o, &b, msg, sizeof msg);
  CHECK(st == ETO_ERR_INVALID && strstr(msg, "not a real CUDA architecture"), "compute_80 gives no CUBIN: %s",
        msg);
  eto_cuda_binary_free(b);
  eto_cuda_binary_free(NULL);
}

/* Without a driver (these build machines) probing and measuring say why, and that kernels are still compiled
 * and checked; with a device (or the mock driver) probing succeeds. */
static void check_no_device(const eto_oplist *list) {
  eto_cuda_device_info dev;
  char msg[512];
  eto_status st = eto_cuda_probe(0, &dev, msg, sizeof msg);
  if (st == ETO_OK) {
    printf("a CUDA device is present (%s, %s): the no-driver messages are not checked\n", dev.name, dev.arch);
    return;
  }
  CHECK(st == ETO_ERR_UNSUPPORTED && strstr(msg, "kernels can be compiled and checked, not measured"),
        "probe: %d %s", (int)st, msg);
  printf("no device: %s\n", msg);
  eto_target t;
  st = eto_measure_machine_target(ETO_TARGET_CUDA, 0, &t, msg, sizeof msg);
  CHECK(st == ETO_ERR_UNSUPPORTED && strstr(msg, "not measured"), "machine target: %d %s", (int)st, msg);
  CHECK(eto_target_cuda("sm_80", NULL, 0, &t) == 0, "sm_80 is in the table");
  eto_measurer *m = (eto_measurer *)&dev;
  st = eto_measurer_create(eto_oplist_get(list, 0), &t, NULL, &m, msg, sizeof msg);
  CHECK(st == ETO_ERR_UNSUPPORTED && m == NULL && strstr(msg, "not measured"), "measurer: %d %s", (int)st,
        msg);
}

/* A damaged CUBIN (cut short, or one byte changed) is read within its bounds (ASan checks it) and gives -1 or
 * some record, never a crash; a kernel it does not have is not found. */
static void damaged_cubins(const void *cubin, size_t size, const char *name) {
  unsigned char *copy = malloc(size);
  if (!copy) return;
  eto_cuda_resources r;
  CHECK(eto_cuda_cubin_resources(cubin, size, "no_such_kernel", &r) == -1, "a kernel the CUBIN lacks was found");
  for (size_t cut = 1; cut < size; cut += size / 7 + 1) { /* exactly `cut` bytes, so that ASan sees a read past them */
    unsigned char *part = malloc(cut);
    if (!part) break;
    memcpy(part, cubin, cut);
    CHECK(eto_cuda_cubin_resources(part, cut, name, &r) == -1 || cut > size / 2, "a CUBIN cut at %zu of %zu bytes "
          "gave a record", cut, size);
    free(part);
  }
  eto_rng rng;
  eto_rng_seed(&rng, 5);
  for (int i = 0; i < 300; i++) {
    memcpy(copy, cubin, size);
    copy[eto_rng_next(&rng) % size] ^= (unsigned char)(1 + eto_rng_next(&rng) % 255);
    (void)eto_cuda_cubin_resources(copy, size, name, &r);
  }
  free(copy);
}

static void check_report(const eto_oplist *list) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  int failed = -1;
  eto_op two[2] = {*eto_oplist_get(list, 1), *eto_oplist_get(list, 4)};
  eto_status st = eto_cuda_compile_only_report(two, 2, 2, "sm_80", 7, NULL, f, &failed);
  fclose(f);
  CHECK(st == ETO_OK && failed == 0, "compile-only report: status %d, %d failed:\n%s", (int)st, failed, text);
  CHECK(text && strstr(text, "# 4 programs: 4 ok"), "report totals:\n%s", text);
  /* one given recipe: the program it names is built (a recipe that does not parse is an instantiation error) */
  char *t1 = text ? strstr(text, "recipe: ") : NULL;
  char recipe[ETO_RECIPE_MAX] = "";
  if (t1) sscanf(t1 + 8, "%511[^\n]", recipe);
  free(text);
  f = open_memstream(&text, &len);
  st = eto_cuda_compile_only_report(two, 1, 5, "sm_80", 9, recipe, f, &failed);
  fclose(f);
  CHECK(st == ETO_OK && failed == 0 && strstr(text, "# 1 programs: 1 ok") && strstr(text, recipe),
        "compile-only of recipe '%s': %s", recipe, text);
  free(text);
  f = open_memstream(&text, &len);
  st = eto_cuda_compile_only_report(two, 1, 5, "sm_80", 9, "v1 nonsense", f, &failed);
  fclose(f);
  CHECK(st == ETO_OK && failed == 1 && strstr(text, "does not parse"), "a bad recipe: %s", text);
  free(text);
  f = open_memstream(&text, &len);
  st = eto_cuda_compile_only_report(two, 1, 1, "sm_99", 7, NULL, f, &failed);
  fclose(f);
  CHECK(st == ETO_ERR_INVALID && strstr(text, "unknown CUDA architecture"), "unknown arch: %s", text);
  free(text);
}

int main(int argc, char **argv) {
  const char *arch = argc > 1 ? argv[1] : "sm_80";
  int full = 0, per_sketch = 10;
  for (int i = 2; i < argc; i++) {
    if (strcmp(argv[i], "--full") == 0)
      full = 1;
    else
      per_sketch = atoi(argv[i]);
  }
  if (per_sketch < 1 || per_sketch > 20) per_sketch = 10;
  if (full) {
    check_limit_checker();
    check_nvrtc_errors();
  }
  eto_oplist *list = ctu_ops();
  if (!list) return check_result();
  eto_target t80, tgt;
  CHECK(eto_target_cuda("sm_80", NULL, 0, &t80) == 0, "sm_80 is in the table");
  if (eto_target_cuda(arch, NULL, 0, &tgt) != 0) {
    fprintf(stderr, "unknown architecture %s\n", arch);
    return 2;
  }
  int programs = 0, kernels = 0, vec_fetches = 0, scalar_fetches = 0, wide = 0, helpers = 0, max_regs = 0,
      spilled = 0;
  double nvrtc_s = 0;
  double t_start = eto_now();
  for (int oi = 0; oi < eto_oplist_count(list); oi++) {
    eto_compute c;
    char key[256];
    test_io d;
    ctu_op(list, oi, &c, key, sizeof key, &d);
    eto_program prog[CTU_MAX_PROGRAMS];
    int64_t threads[CTU_MAX_PROGRAMS];
    char recipe[CTU_MAX_PROGRAMS][ETO_RECIPE_MAX];
    int np = ctu_programs(&c, &t80, CTU_SEED + (uint64_t)oi, per_sketch, prog, CTU_MAX_PROGRAMS);
    char *src = NULL;
    size_t srclen = 0;
    FILE *f = open_memstream(&src, &srclen);
    for (int i = 0; i < np; i++) {
      eto_program_format(&prog[i], recipe[i], sizeof recipe[i]);
      char msg[256], name[32];
      snprintf(name, sizeof name, "k%d", i);
      /* GPU lowering -> CUDA C */
      eto_kernel *k = NULL;
      eto_lower_opts gpu = {.gpu = 1};
      eto_status st = eto_lower(&c, &prog[i], &gpu, &k, msg, sizeof msg);
      CHECK(st == ETO_OK, "%s %s: gpu lowering: %s", key, recipe[i], msg);
      threads[i] = k ? k->threads : 0;
      if (k) {
        eto_cuda_info info;
        st = eto_cuda_print(k, name, f, &info);
        CHECK(st == ETO_OK, "%s %s: printer status %d", key, recipe[i], (int)st);
        vec_fetches += info.vector_fetches;
        scalar_fetches += info.scalar_fetches;
        wide += info.index_bits == 64;
        helpers += info.floor_helpers;
      }
      eto_kernel_free(k);
      /* the same recipe, CPU lowering, interpreted */
      if (full) {
        k = NULL;
        st = eto_lower(&c, &prog[i], NULL, &k, msg, sizeof msg);
        CHECK(st == ETO_OK, "%s %s: cpu lowering: %s", key, recipe[i], msg);
        if (k) {
          test_io_clear(&d);
          st = eto_kernel_interpret(k, d.buf);
          CHECK(st == ETO_OK, "%s %s: interpreter out of bounds", key, recipe[i]);
          int64_t j = test_io_mismatch(&d, NULL);
          CHECK(j < 0, "%s %s (cpu lowering): out[%lld] = %g, reference %g", key, recipe[i], (long long)j,
                j >= 0 ? d.buf[d.nin][j] : 0.0, j >= 0 ? d.ref[j] : 0.0);
        }
        eto_kernel_free(k);
      }
      programs++;
    }
    fclose(f);
    eto_cuda_compile_opts co = {.arch = arch};
    eto_cuda_binary *bin = NULL;
    char msg[512];
    eto_status st = eto_cuda_compile(src, &co, &bin, msg, sizeof msg);
    CHECK(st == ETO_OK, "%s: NVRTC %s: %s", key, arch, msg);
    if (bin) nvrtc_s += eto_cuda_binary_seconds(bin);
    if (st == ETO_OK) {
      for (int i = 0; i < np; i++) {
        char name[32], why[256];
        snprintf(name, sizeof name, "k%d", i);
        eto_cuda_resources r;
        int found = eto_cuda_binary_resources(bin, name, &r) == 0;
        CHECK(found, "%s %s: no ptxas entry for %s on %s", key, recipe[i], name, arch);
        if (!found) continue;
        kernels++;
        /* the CUBIN's own record (read when NVRTC's cache leaves no ptxas log) agrees with the log */
        size_t csz;
        const void *cubin = eto_cuda_binary_cubin(bin, &csz);
        eto_cuda_resources e;
        CHECK(eto_cuda_cubin_resources(cubin, csz, name, &e) == 0 && e.from_cubin && !r.from_cubin,
              "%s %s: no CUBIN record of %s on %s", key, recipe[i], name, arch);
        if (i == 0 && cubin) damaged_cubins(cubin, csz, name);
        CHECK(e.registers == r.registers && e.stack_bytes == r.stack_bytes && e.smem_bytes == r.smem_bytes,
              "%s %s: %s on %s: the CUBIN says %d registers, %lld B stack, %lld B shared; ptxas %d, %lld, %lld",
              key, recipe[i], name, arch, e.registers, (long long)e.stack_bytes, (long long)e.smem_bytes,
              r.registers, (long long)r.stack_bytes, (long long)r.smem_bytes);
        if (r.registers > max_regs) max_regs = r.registers;
        spilled += r.spill_stores > 0;
        CHECK(r.registers > 0, "%s %s: %s uses %d registers?", key, recipe[i], arch, r.registers);
        CHECK(eto_cuda_check_limits(&r, threads[i], &tgt, why, sizeof why) == 0, "%s %s on %s: %s", key,
              recipe[i], arch, why);
      }
    } else if (getenv("ETO_TEST_DUMP")) {
      fprintf(stderr, "%s\n%s\n", src, bin ? eto_cuda_binary_log(bin) : "");
    }
    eto_cuda_binary_free(bin);
    free(src);
    test_io_free(&d);
  }
  double total = eto_now() - t_start;
  printf("%d programs (%d per sketch, sampled with sm_80 limits)%s; CUDA C compiled for %s: %d kernels, "
         "NVRTC %.2f s "
         "(%.1f ms/kernel, one NVRTC program per operator)\n",
         programs, per_sketch, full ? ", CPU lowering interpreted and checked" : "", arch, kernels, nvrtc_s,
         kernels ? nvrtc_s * 1e3 / kernels : 0.0);
  printf(
      "printer: %d float2/float4 fetches, %d scalar vector loops, %d kernels with 64-bit indices, %d floor "
      "helpers; max %d registers, %d kernels with spills; %.1f s total\n",
      vec_fetches, scalar_fetches, wide, helpers, max_regs, spilled, total);
  CHECK(programs >= 10 * eto_oplist_count(list) || per_sketch < 10, "at least 10 programs per operator (%d)",
        programs);
  CHECK(vec_fetches > 0, "some cooperative fetches are vectorized");
  if (full) {
    check_report(list);
    check_no_device(list);
    /* NVRTC uses the driver when the process has loaded it: the library never loads it outside child
     * processes */
    CHECK(dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD) == NULL,
          "the CUDA driver is loaded in the calling process");
  }
  eto_oplist_free(list);
  return check_result();
}
