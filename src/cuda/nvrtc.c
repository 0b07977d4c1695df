/* nvrtc.c — CUDA C -> CUBIN with NVRTC, resources from the ptxas log, the architecture's limits, one program
 * built end to end (validate, lower, print, compile, check), and the compile-only report. */
#define _GNU_SOURCE
#include <nvrtc.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cuda.h"

struct eto_cuda_binary {
  char *cubin;
  size_t cubin_size;
  char *log;
  double seconds;
};

int eto_cuda_nvrtc_version(void) {
  int major = 0, minor = 0;
  if (nvrtcVersion(&major, &minor) != NVRTC_SUCCESS) return -1;
  return major * 1000 + minor * 10;
}

/* "sm_80", "sm_90a": the real architectures NVRTC can produce a CUBIN for (compute_XX gives PTX only). */
static int valid_arch(const char *a) {
  if (strncmp(a, "sm_", 3) != 0 || !(a[3] >= '0' && a[3] <= '9')) return 0;
  const char *p = a + 3;
  while (*p >= '0' && *p <= '9') p++;
  return *p == 0 || ((*p == 'a' || *p == 'f') && p[1] == 0);
}

/* First lines of a log, on one line, for a short message. */
static void log_excerpt(const char *log, char *buf, int cap) {
  int n = 0;
  if (cap <= 0) return;
  buf[0] = 0;
  for (const char *p = log; *p && n < cap - 1; p++) {
    char ch = *p == '\n' ? ' ' : *p;
    if (ch == ' ' && n > 0 && buf[n - 1] == ' ') continue;
    buf[n++] = ch;
  }
  while (n > 0 && buf[n - 1] == ' ') n--;
  buf[n] = 0;
}

eto_status eto_cuda_compile(const char *source, const eto_cuda_compile_opts *opts, eto_cuda_binary **out,
                            char *msg, int cap) {
  *out = NULL;
  if (msg && cap > 0) msg[0] = 0;
  const char *arch = opts && opts->arch ? opts->arch : "sm_80";
  eto_cuda_binary *b = calloc(1, sizeof *b);
  if (!b) return ETO_ERR_NOMEM;
  *out = b;
  if (!valid_arch(arch)) {
    b->log = strdup("");
    if (msg) snprintf(msg, cap, "'%s' is not a real CUDA architecture (expected sm_XX, e.g. sm_80)", arch);
    return b->log ? ETO_ERR_INVALID : ETO_ERR_NOMEM;
  }
  char archopt[64], regopt[64];
  snprintf(archopt, sizeof archopt, "--gpu-architecture=%s", arch);
  const char *o[5] = {archopt, "--ptxas-options=-v", "-default-device"};
  int no = 3;
  if (opts && opts->max_registers > 0) {
    snprintf(regopt, sizeof regopt, "--maxrregcount=%d", opts->max_registers);
    o[no++] = regopt;
  }
  nvrtcProgram prog;
  nvrtcResult r = nvrtcCreateProgram(&prog, source, "etotune.cu", 0, NULL, NULL);
  if (r != NVRTC_SUCCESS) {
    b->log = strdup("");
    if (msg) snprintf(msg, cap, "nvrtcCreateProgram: %s", nvrtcGetErrorString(r));
    return r == NVRTC_ERROR_OUT_OF_MEMORY || !b->log ? ETO_ERR_NOMEM : ETO_ERR_INVALID;
  }
  double t0 = eto_now();
  r = nvrtcCompileProgram(prog, no, o);
  b->seconds = eto_now() - t0;
  size_t lsz = 0;
  if (nvrtcGetProgramLogSize(prog, &lsz) != NVRTC_SUCCESS) lsz = 0;
  b->log = malloc(lsz + 1);
  if (!b->log) {
    nvrtcDestroyProgram(&prog);
    return ETO_ERR_NOMEM;
  }
  b->log[0] = 0;
  if (lsz > 0 && nvrtcGetProgramLog(prog, b->log) != NVRTC_SUCCESS) b->log[0] = 0;
  b->log[lsz] = 0;
  if (r != NVRTC_SUCCESS) {
    if (msg) {
      char ex[384], sup[192] = "";
      log_excerpt(b->log, ex, sizeof ex);
      int na = 0, archs[64];
      if (r == NVRTC_ERROR_INVALID_OPTION && nvrtcGetNumSupportedArchs(&na) == NVRTC_SUCCESS && na > 0 &&
          na <= 64 && nvrtcGetSupportedArchs(archs) == NVRTC_SUCCESS) {
        int n = snprintf(sup, sizeof sup, " (this NVRTC supports");
        for (int i = 0; i < na && n < (int)sizeof sup - 12; i++)
          n += snprintf(sup + n, sizeof sup - n, " sm_%d", archs[i]);
        snprintf(sup + n, sizeof sup - n, ")");
      }
      snprintf(msg, cap, "NVRTC (%s): %s: %s%s", arch, nvrtcGetErrorString(r), ex, sup);
    }
    nvrtcDestroyProgram(&prog);
    return r == NVRTC_ERROR_OUT_OF_MEMORY ? ETO_ERR_NOMEM : ETO_ERR_INVALID;
  }
  size_t csz = 0;
  if (nvrtcGetCUBINSize(prog, &csz) != NVRTC_SUCCESS || csz == 0) {
    if (msg) snprintf(msg, cap, "NVRTC produced no CUBIN for %s", arch);
    nvrtcDestroyProgram(&prog);
    return ETO_ERR_INVALID;
  }
  b->cubin = malloc(csz);
  if (!b->cubin) {
    nvrtcDestroyProgram(&prog);
    return ETO_ERR_NOMEM;
  }
  if (nvrtcGetCUBIN(prog, b->cubin) != NVRTC_SUCCESS) {
    if (msg) snprintf(msg, cap, "nvrtcGetCUBIN failed");
    free(b->cubin);
    b->cubin = NULL;
    nvrtcDestroyProgram(&prog);
    return ETO_ERR_INVALID;
  }
  b->cubin_size = csz;
  nvrtcDestroyProgram(&prog);
  return ETO_OK;
}

const void *eto_cuda_binary_cubin(const eto_cuda_binary *b, size_t *size) {
  *size = b->cubin ? b->cubin_size : 0;
  return b->cubin;
}

const char *eto_cuda_binary_log(const eto_cuda_binary *b) { return b->log ? b->log : ""; }

double eto_cuda_binary_seconds(const eto_cuda_binary *b) { return b->seconds; }

void eto_cuda_binary_free(eto_cuda_binary *b) {
  if (!b) return;
  free(b->cubin);
  free(b->log);
  free(b);
}

/* The number written just before `key` in [s, e) ("Used 32 registers" -> key " registers"), or after it when
 * after != 0 ("Used 32" -> key "Used "). Returns 0 when found. */
static int log_number(const char *s, const char *e, const char *key, int after, int64_t *out) {
  size_t kl = strlen(key);
  for (const char *p = s; p + kl <= e; p++) {
    if (memcmp(p, key, kl) != 0) continue;
    if (after) {
      const char *q = p + kl;
      if (q < e && *q >= '0' && *q <= '9') {
        *out = strtoll(q, NULL, 10);
        return 0;
      }
    } else {
      const char *q = p;
      while (q > s && q[-1] >= '0' && q[-1] <= '9') q--;
      if (q < p) {
        *out = strtoll(q, NULL, 10);
        return 0;
      }
    }
  }
  return -1;
}

int eto_cuda_binary_resources(const eto_cuda_binary *b, const char *name, eto_cuda_resources *out) {
  memset(out, 0, sizeof *out);
  if (!b->log) return -1;
  char needle[160];
  snprintf(needle, sizeof needle, "Compiling entry function '%s'", name);
  const char *s = strstr(b->log, needle);
  if (!s) return -1;
  s += strlen(needle);
  const char *e = strstr(s, "Compiling entry function '");
  if (!e) e = s + strlen(s);
  int64_t v;
  if (log_number(s, e, "Used ", 1, &v) != 0) return -1;
  out->registers = (int)v;
  if (log_number(s, e, " barriers", 0, &v) == 0) out->barriers = (int)v;
  if (log_number(s, e, " bytes smem", 0, &v) == 0) out->smem_bytes = v;
  if (log_number(s, e, " bytes stack frame", 0, &v) == 0) out->stack_bytes = v;
  if (log_number(s, e, " bytes spill stores", 0, &v) == 0) out->spill_stores = v;
  if (log_number(s, e, " bytes spill loads", 0, &v) == 0) out->spill_loads = v;
  return 0;
}

int eto_cuda_check_limits(const eto_cuda_resources *r, int64_t threads, const eto_target *t, char *why,
                          int cap) {
  int regs_limit = t->regs_per_thread > 0 ? t->regs_per_thread : 255;
  if (threads < 1 || threads > t->max_threads_per_block) {
    if (why)
      snprintf(why, cap, "threads per block %lld outside [1, %d]", (long long)threads,
               t->max_threads_per_block);
    return -1;
  }
  if (r->registers > regs_limit) {
    if (why) snprintf(why, cap, "registers per thread %d > limit %d", r->registers, regs_limit);
    return -1;
  }
  int64_t per_warp = ((int64_t)r->registers * 32 + ETO_CUDA_REG_ALLOC_UNIT - 1) / ETO_CUDA_REG_ALLOC_UNIT *
                     ETO_CUDA_REG_ALLOC_UNIT;
  int64_t per_block = per_warp * ((threads + 31) / 32);
  if (per_block > ETO_CUDA_REGS_PER_BLOCK) {
    if (why)
      snprintf(why, cap, "registers per block %lld (%d per thread x %lld threads) > limit %d",
               (long long)per_block, r->registers, (long long)threads, ETO_CUDA_REGS_PER_BLOCK);
    return -1;
  }
  if (r->smem_bytes > t->max_shared_bytes) {
    if (why)
      snprintf(why, cap, "static shared memory %lld bytes > limit %lld", (long long)r->smem_bytes,
               (long long)t->max_shared_bytes);
    return -1;
  }
  return 0;
}

/* ---- one program ---- */

void eto_cuda_build_clear(eto_cuda_build *b) {
  if (!b) return;
  free(b->source);
  eto_cuda_binary_free(b->binary);
  memset(b, 0, sizeof *b);
}

void eto_cuda_build_program(const eto_compute *c, const eto_program *p, const eto_target *t, const char *name,
                            eto_cuda_build *out) {
  memset(out, 0, sizeof *out);
  snprintf(out->name, sizeof out->name, "%s", name ? name : "eto_kernel");
  char why[256];
  if (t->kind != ETO_TARGET_CUDA) {
    out->error = ETO_MEASURE_INSTANTIATION;
    snprintf(out->message, sizeof out->message, "target %s is not a cuda target", t->name);
    return;
  }
  if (eto_sched_validate(c, t, p, why, sizeof why) != 0) {
    out->error = ETO_MEASURE_INSTANTIATION;
    snprintf(out->message, sizeof out->message, "%s", why);
    return;
  }
  eto_kernel *k = NULL;
  eto_lower_opts lo = {.gpu = 1};
  if (eto_lower(c, p, &lo, &k, why, sizeof why) != ETO_OK) {
    out->error = ETO_MEASURE_COMPILE;
    snprintf(out->message, sizeof out->message, "lowering: %s", why);
    return;
  }
  out->blocks = k->blocks;
  out->threads = k->threads;
  eto_status st = eto_cuda_source(k, out->name, &out->source, &out->info);
  eto_kernel_free(k);
  if (st != ETO_OK) {
    out->error = ETO_MEASURE_COMPILE;
    snprintf(out->message, sizeof out->message, "CUDA C printer failed (status %d)", (int)st);
    return;
  }
  if (out->blocks > INT32_MAX) {
    out->error = ETO_MEASURE_INSTANTIATION;
    snprintf(out->message, sizeof out->message, "%lld blocks > grid limit %d", (long long)out->blocks,
             INT32_MAX);
    return;
  }
  eto_cuda_compile_opts co = {.arch = t->arch};
  char msg[512];
  st = eto_cuda_compile(out->source, &co, &out->binary, msg, sizeof msg);
  if (out->binary) out->compile_seconds = eto_cuda_binary_seconds(out->binary);
  if (st != ETO_OK) {
    out->error = ETO_MEASURE_COMPILE;
    snprintf(out->message, sizeof out->message, "%s", msg);
    return;
  }
  if (eto_cuda_binary_resources(out->binary, out->name, &out->res) != 0) {
    out->error = ETO_MEASURE_COMPILE;
    snprintf(out->message, sizeof out->message, "the ptxas log has no entry for %s", out->name);
    return;
  }
  if (eto_cuda_check_limits(&out->res, out->threads, t, why, sizeof why) != 0) {
    out->error = ETO_MEASURE_INSTANTIATION;
    snprintf(out->message, sizeof out->message, "%s: %s", t->arch, why);
    return;
  }
  out->error = ETO_MEASURE_OK;
}

/* ---- compile-only report ---- */

eto_status eto_cuda_compile_only_report(const eto_op *ops, int nops, int nprograms, const char *arch,
                                        uint64_t seed, FILE *f, int *nfailed) {
  if (nfailed) *nfailed = 0;
  if (!arch) arch = "sm_80";
  eto_target t;
  if (eto_target_cuda(arch, NULL, 0, &t) != 0) {
    fprintf(f, "unknown CUDA architecture '%s' (known: sm_70 sm_75 sm_80 sm_86 sm_89 sm_90)\n", arch);
    return ETO_ERR_INVALID;
  }
  int ver = eto_cuda_nvrtc_version();
  fprintf(
      f,
      "# cuda compile-only: %s limits (reference part %s): %d threads/block, %lld B shared memory/block, %d "
      "registers/thread, %d registers/block; NVRTC %d.%d; seed %llu, %d programs per operator\n",
      t.arch, t.model, t.max_threads_per_block, (long long)t.max_shared_bytes, t.regs_per_thread,
      ETO_CUDA_REGS_PER_BLOCK, ver / 1000, ver % 1000 / 10, (unsigned long long)seed, nprograms);
  eto_rng rng;
  eto_rng_seed(&rng, seed);
  int total = 0, ok = 0, inst = 0, comp = 0, none = 0;
  double nvrtc_seconds = 0;
  int compiled = 0;
  for (int o = 0; o < nops; o++) {
    char key[512];
    eto_op_key(&ops[o], key, sizeof key);
    fprintf(f, "\noperator %d/%d: %s%s%s\n", o + 1, nops, key, ops[o].name[0] ? "  name=" : "", ops[o].name);
    fprintf(f, "  %3s  %-60s %5s %9s %13s %8s %4s %9s  %s\n", "#", "program", "regs", "smem(B)",
            "spill st/ld", "stack", "f4", "nvrtc ms", "status");
    eto_compute c;
    eto_op_compute(&ops[o], &c);
    for (int i = 0; i < nprograms; i++) {
      eto_program p;
      total++;
      if (eto_sched_sample_valid(&c, &t, NULL, &rng, 0, &p) != 0) {
        none++;
        fprintf(f, "  %3d  no valid program found for %s in 1000 samples\n", i + 1, t.arch);
        continue;
      }
      char sum[256], recipe[ETO_RECIPE_MAX];
      eto_program_summary(&c, &p, sum, sizeof sum);
      eto_program_format(&p, recipe, sizeof recipe);
      eto_cuda_build b;
      eto_cuda_build_program(&c, &p, &t, "eto_kernel", &b);
      if (b.binary) {
        nvrtc_seconds += b.compile_seconds;
        compiled++;
      }
      if (b.error == ETO_MEASURE_OK)
        ok++;
      else if (b.error == ETO_MEASURE_INSTANTIATION)
        inst++;
      else
        comp++;
      if (b.binary && b.error != ETO_MEASURE_COMPILE) {
        char spill[32];
        snprintf(spill, sizeof spill, "%lld/%lld", (long long)b.res.spill_stores,
                 (long long)b.res.spill_loads);
        fprintf(f, "  %3d  %-60s %5d %9lld %13s %8lld %4d %9.1f  ", i + 1, sum, b.res.registers,
                (long long)b.res.smem_bytes, spill, (long long)b.res.stack_bytes, b.info.vector_fetches,
                b.compile_seconds * 1e3);
      } else {
        fprintf(f, "  %3d  %-60s %5s %9s %13s %8s %4s %9s  ", i + 1, sum, "-", "-", "-", "-", "-", "-");
      }
      if (b.error == ETO_MEASURE_OK)
        fprintf(f, "ok\n");
      else
        fprintf(f, "%s: %s\n", eto_measure_error_name(b.error), b.message);
      fprintf(f, "       recipe: %s\n", recipe);
      eto_cuda_build_clear(&b);
    }
  }
  fprintf(
      f,
      "\n# %d programs: %d ok, %d over the %s limits (instantiation), %d failed to compile, %d not sampled",
      total, ok, inst, t.arch, comp, none);
  if (compiled) fprintf(f, "; NVRTC %.1f ms per kernel on average", nvrtc_seconds * 1e3 / compiled);
  fprintf(f, "\n");
  if (nfailed) *nfailed = inst + comp + none;
  return ETO_OK;
}
