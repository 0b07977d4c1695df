/* cuda_build.c — resources from the ptxas log, the architecture's limits, one program built end to end
 * (validate, lower, print, compile, check), and the compile-only report. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "codegen.h"

static const char *const build_error_names[] = {"ok", "instantiation", "compile"};
_Static_assert(sizeof build_error_names / sizeof build_error_names[0] == ETO_BUILD_COMPILE + 1, "one name each");

const char *eto_build_error_name(eto_build_error e) {
  return (unsigned)e <= (unsigned)ETO_BUILD_COMPILE ? build_error_names[e] : "?";
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
    char needle[160];
  snprintf(needle, sizeof needle, "Compiling entry function '%s'", name);
  const char *s = strstr(eto_cuda_binary_log(b), needle);
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
    out->error = ETO_BUILD_INVALID;
    snprintf(out->message, sizeof out->message, "target %s is not a cuda target", t->name);
    return;
  }
  if (eto_sched_validate(c, t, p, why, sizeof why) != 0) {
    out->error = ETO_BUILD_INVALID;
    snprintf(out->message, sizeof out->message, "%s", why);
    return;
  }
  eto_kernel *k = NULL;
  eto_lower_opts lo = {.gpu = 1};
  if (eto_lower(c, p, &lo, &k, why, sizeof why) != ETO_OK) {
    out->error = ETO_BUILD_COMPILE;
    snprintf(out->message, sizeof out->message, "lowering: %s", why);
    return;
  }
  out->blocks = k->blocks;
  out->threads = k->threads;
  eto_status st = eto_cuda_source(k, out->name, &out->source, &out->info);
  eto_kernel_free(k);
  if (st != ETO_OK) {
    out->error = ETO_BUILD_COMPILE;
    snprintf(out->message, sizeof out->message, "CUDA C printer failed (status %d)", (int)st);
    return;
  }
  if (out->blocks > INT32_MAX) {
    out->error = ETO_BUILD_INVALID;
    snprintf(out->message, sizeof out->message, "%lld blocks > grid limit %d", (long long)out->blocks,
             INT32_MAX);
    return;
  }
  eto_cuda_compile_opts co = {.arch = t->arch};
  char msg[512];
  st = eto_cuda_compile(out->source, &co, &out->binary, msg, sizeof msg);
  if (out->binary) out->compile_seconds = eto_cuda_binary_seconds(out->binary);
  if (st != ETO_OK) {
    out->error = ETO_BUILD_COMPILE;
    snprintf(out->message, sizeof out->message, "%s", msg);
    return;
  }
  if (eto_cuda_binary_resources(out->binary, out->name, &out->res) != 0) {
    out->error = ETO_BUILD_COMPILE;
    snprintf(out->message, sizeof out->message, "the ptxas log has no entry for %s", out->name);
    return;
  }
  if (eto_cuda_check_limits(&out->res, out->threads, t, why, sizeof why) != 0) {
    out->error = ETO_BUILD_INVALID;
    snprintf(out->message, sizeof out->message, "%s: %s", t->arch, why);
    return;
  }
  out->error = ETO_BUILD_OK;
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
      if (b.error == ETO_BUILD_OK)
        ok++;
      else if (b.error == ETO_BUILD_INVALID)
        inst++;
      else
        comp++;
      if (b.binary && b.error != ETO_BUILD_COMPILE) {
        char spill[32];
        snprintf(spill, sizeof spill, "%lld/%lld", (long long)b.res.spill_stores,
                 (long long)b.res.spill_loads);
        fprintf(f, "  %3d  %-60s %5d %9lld %13s %8lld %4d %9.1f  ", i + 1, sum, b.res.registers,
                (long long)b.res.smem_bytes, spill, (long long)b.res.stack_bytes, b.info.vector_fetches,
                b.compile_seconds * 1e3);
      } else {
        fprintf(f, "  %3d  %-60s %5s %9s %13s %8s %4s %9s  ", i + 1, sum, "-", "-", "-", "-", "-", "-");
      }
      if (b.error == ETO_BUILD_OK)
        fprintf(f, "ok\n");
      else
        fprintf(f, "%s: %s\n", eto_build_error_name(b.error), b.message);
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
