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

/* ---- resources from the CUBIN (an ELF64 file) ---- */

static uint64_t rd(const unsigned char *p, int bytes) {
  uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; i--) v = v << 8 | p[i];
  return v;
}

typedef struct {
  const unsigned char *d;
  size_t size;
  uint64_t shoff, shnum, shent, shstr_off, shstr_size;
} elf_view;

/* Section i's header field at byte `at` (`bytes` wide); 0 when out of range. */
static uint64_t sh(const elf_view *e, uint64_t i, int at, int bytes) {
  uint64_t o = e->shoff + i * e->shent + (uint64_t)at;
  return i < e->shnum && o + (uint64_t)bytes <= e->size ? rd(e->d + o, bytes) : 0;
}

/* The NUL-terminated string at `off` of a string table at [base, base + size), or NULL. */
static const char *elf_str(const elf_view *e, uint64_t base, uint64_t size, uint64_t off) {
  if (base > e->size || size > e->size - base || off >= size || !memchr(e->d + base + off, 0, size - off))
    return NULL;
  return (const char *)e->d + base + off;
}

static const char *sec_name(const elf_view *e, uint64_t i) {
  return elf_str(e, e->shstr_off, e->shstr_size, sh(e, i, 0, 4));
}

/* Section i's contents, or NULL when they are not within the file. */
static const unsigned char *sec_data(const elf_view *e, uint64_t i, uint64_t *size) {
  uint64_t off = sh(e, i, 24, 8);
  *size = sh(e, i, 32, 8);
  return off <= e->size && *size <= e->size - off ? e->d + off : NULL;
}

/* The value of EIATTR `attr` (a symbol index and a 32-bit value) for symbol `sym` in any .nv.info section, or
 * -1. The records are: a format byte, an attribute byte, then nothing (format 1), a padded byte (2), a 16-bit
 * value (3), or a 16-bit length and that many bytes (4). */
static int64_t nv_info(const elf_view *e, uint64_t sym, int attr) {
  for (uint64_t i = 0; i < e->shnum; i++) {
    const char *n = sec_name(e, i);
    uint64_t size;
    const unsigned char *p = n && strncmp(n, ".nv.info", 8) == 0 ? sec_data(e, i, &size) : NULL;
    for (uint64_t o = 0; p && o + 2 <= size;) {
      int fmt = p[o], a = p[o + 1];
      uint64_t len = fmt == 1 ? 0 : 2;
      if (fmt == 4) {
        if (o + 4 > size) break;
        len = 2 + rd(p + o + 2, 2);
      } else if (fmt < 1 || fmt > 4) {
        break;
      }
      if (o + 2 + len > size) break;
      if (fmt == 4 && a == attr && len == 10 && rd(p + o + 4, 4) == sym) return (int64_t)rd(p + o + 8, 4);
      o += 2 + len;
    }
  }
  return -1;
}

int eto_cuda_cubin_resources(const void *cubin, size_t size, const char *name, eto_cuda_resources *out) {
  memset(out, 0, sizeof *out);
  const unsigned char *d = cubin;
  if (!d || size < 64 || memcmp(d, "\177ELF", 4) != 0 || d[4] != 2 || d[5] != 1) return -1;
  elf_view e = {.d = d, .size = size, .shoff = rd(d + 0x28, 8), .shent = rd(d + 0x3a, 2), .shnum = rd(d + 0x3c, 2)};
  if (e.shent < 64 || e.shoff > size) return -1;
  uint64_t shstr = rd(d + 0x3e, 2);
  e.shstr_off = sh(&e, shstr, 24, 8);
  e.shstr_size = sh(&e, shstr, 32, 8);
  /* the kernel's symbol index */
  int64_t sym = -1;
  for (uint64_t i = 0; i < e.shnum && sym < 0; i++) {
    if (sh(&e, i, 4, 4) != 2 /* SHT_SYMTAB */) continue;
    uint64_t n, link = sh(&e, i, 40, 4);
    const unsigned char *p = sec_data(&e, i, &n);
    for (uint64_t k = 0; p && k * 24 + 24 <= n; k++) {
      const char *s = elf_str(&e, sh(&e, link, 24, 8), sh(&e, link, 32, 8), rd(p + k * 24, 4));
      if (s && (p[k * 24 + 4] & 0xf) == 2 /* STT_FUNC */ && strcmp(s, name) == 0) {
        sym = (int64_t)k;
        break;
      }
    }
  }
  if (sym < 0) return -1;
  int64_t regs = nv_info(&e, (uint64_t)sym, 0x2f /* EIATTR_REGCOUNT */);
  if (regs < 0) return -1;
  out->registers = (int)regs;
  int64_t frame = nv_info(&e, (uint64_t)sym, 0x11 /* EIATTR_FRAME_SIZE */);
  out->stack_bytes = frame > 0 ? frame : 0;
  /* static shared memory: the size of .nv.shared.<name>, which on sm_90 includes the 1 KB the system reserves
   * in every block that uses shared memory (and then the CUBIN has a .nv.shared.reserved.* section) */
  int reserved = 0;
  for (uint64_t i = 0; i < e.shnum; i++) {
    const char *n = sec_name(&e, i);
    if (!n) continue;
    if (strncmp(n, ".nv.shared.reserved.", 20) == 0) reserved = 1;
    if (strncmp(n, ".nv.shared.", 11) == 0 && strcmp(n + 11, name) == 0) out->smem_bytes = (int64_t)sh(&e, i, 32, 8);
  }
  if (reserved && out->smem_bytes >= ETO_CUDA_RESERVED_SMEM) out->smem_bytes -= ETO_CUDA_RESERVED_SMEM;
  out->from_cubin = 1;
  return 0;
}

/* ---- resources from the ptxas log, else the CUBIN ---- */

int eto_cuda_binary_resources(const eto_cuda_binary *b, const char *name, eto_cuda_resources *out) {
  memset(out, 0, sizeof *out);
  char needle[160];
  snprintf(needle, sizeof needle, "Compiling entry function '%s'", name);
  const char *s = strstr(eto_cuda_binary_log(b), needle);
  if (!s) {
    /* NVRTC's compile cache (CUDA 13's, on by default) answers a source it compiled before without running
     * ptxas, so the log has no entry: read the CUBIN */
    size_t n;
    const void *cubin = eto_cuda_binary_cubin(b, &n);
    return eto_cuda_cubin_resources(cubin, n, name, out);
  }
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
                                        uint64_t seed, const char *recipe_in, FILE *f, int *nfailed) {
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
    for (int i = 0; i < (recipe_in ? 1 : nprograms); i++) {
      eto_program p;
      total++;
      if (recipe_in) {
        char why[256];
        if (eto_program_parse(recipe_in, &p, why, sizeof why) != 0) {
          inst++;
          fprintf(f, "  %3d  instantiation: the recipe does not parse: %s\n", i + 1, why);
          continue;
        }
      } else if (eto_sched_sample_valid(&c, &t, NULL, &rng, 0, &p) != 0) {
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
