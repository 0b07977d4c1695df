/* bench_dispatch.c — the dynamic-shape benchmark (issue "Dynamic-shape BERT"): the dispatch functions of an export
 * of `let` families, called at sampled values of the variable, checked against the reference kernel and timed next
 * to oneDNN's matmul on the same shape, in one run.
 *
 *   build/bench/bench_dispatch --export DIR [--lengths 1,2,3,...] [--threads T] [--min-repeat-ms MS] [--rounds R]
 *                              [--pages huge|small|heap] [--out FILE.md] [--versus DIR2]
 *
 * DIR is what `etotune export LIST --out DIR` wrote for a list with families (manifest.json "families"). For every
 * matmul or batch_matmul family with a dispatch function and every length s: the operator at s (the family's
 * first member with its variable keys set to s), random inputs, one call checked against eto_op_reference, then
 * the dispatched call (warm-up, 3 repeats of >= MS each, median of the per-run means) and oneDNN's matmul
 * (bench_onednn_matmul: the same protocol), one after the other, alternated R times (default 3; each side's time
 * the median of its R, the ratio theirs; the table also gives the lowest and highest ratio of one round: on a host
 * whose other work comes in bursts, one round at 0.5 does not make the length's figure). Prints per length the
 * tuned value that served it (exact, dynamic or padded), both GFLOP/s and their ratio; then per family and over all
 * the median and the minimum ratio. The machine's fp32 FMA peak (bench_fma_peak, before the first length and after
 * the last) is printed with, per family, the median share of it that the dispatched kernels and oneDNN reach at the
 * lengths >= PEAK_FROM (a kernel near the peak leaves the other little to gain: bench/RESULTS.md AL.3).
 * --pages: the kind of pages of every timed array, ours and oneDNN's alike (bench_buffer_alloc): "huge" (the
 * default) and "small" give each array a fresh mapping advised for 2 MiB or 4 KiB pages, so that a length's figure
 * does not depend on the lengths timed before it; "heap" is eto_buffer_alloc, as the product's measurer and the runs
 * before part BL of bench/RESULTS.md (after a few lengths, partly 4 KiB pages: BK.1). The share of our arrays'
 * pages that are huge ones is printed at the end (root only: /proc/kpageflags). --versus DIR2: an export of exact
 * shapes (e.g. 1000-trial full searches of some lengths, bench/dynamic_versus.list); where it holds the operator
 * of a family at s, its function is checked and timed too, in the same run, and the table gives dispatched / that
 * function. Exit status 0 when every call matched its reference. */
#define _GNU_SOURCE
#include <cjson/cJSON.h>
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base.h"
#include "bench_util.h"
#include "cli_opt.h"
#include "measure.h"
#include "op.h"
#include "vendor.h"

#define MAX_ARGS (ETO_MAX_INPUTS + 2)
#define MAX_LENGTHS 256
#define MAX_ROUNDS 15
#define MAX_FAMILIES 64
#define PEAK_FROM 64 /* the lengths whose share of the FMA peak is summarized (smaller ones are call-bound) */

typedef int (*dfn2)(int64_t, const float *, const float *, float *);
typedef int (*dfn3)(int64_t, const float *, const float *, const float *, float *);

typedef int (*fn2)(const float *, const float *, float *);
typedef int (*fn3)(const float *, const float *, const float *, float *);

/* s < 0: f is an exported function of one shape (no s argument) */
static int call(void *f, int nargs, int64_t s, float **a) {
  if (s < 0 && nargs == 3) return ((fn2)f)(a[0], a[1], a[2]);
  if (s < 0 && nargs == 4) return ((fn3)f)(a[0], a[1], a[2], a[3]);
  if (nargs == 3) return ((dfn2)f)(s, a[0], a[1], a[2]);
  if (nargs == 4) return ((dfn3)f)(s, a[0], a[1], a[2], a[3]);
  return -1;
}

typedef struct {
  void *f;
  int nargs;
  int64_t s;
  float **a;
} call_ctx;

static void run_call(void *ctx) {
  const call_ctx *c = ctx;
  call(c->f, c->nargs, c->s, c->a);
}

static double time_call(void *f, int nargs, int64_t s, float **a, double min_s) {
  call_ctx c = {f, nargs, s, a};
  return bench_time_median3(run_call, &c, min_s);
}

/* The largest relative error of out against ref (NaN counts as infinite). */
static double max_error(const float *out, const float *ref, int64_t n) {
  double worst = 0;
  for (int64_t j = 0; j < n; j++) {
    double e = fabs(out[j] - ref[j]) / (1.0 + fabs(ref[j]));
    if (!(e <= worst)) worst = e;
  }
  return worst;
}

/* An export opened for timing: its manifest, library and shutdown function. */
typedef struct {
  cJSON *man;
  void *lib;
  void (*shutdown)(void);
} export_lib;

static int open_export(const char *p, const char *dir, int nthreads, export_lib *x) {
  char path[2048], sym[300];
  memset(x, 0, sizeof *x);
  snprintf(path, sizeof path, "%s/manifest.json", dir);
  char *text = bench_read_file(path);
  x->man = text ? cJSON_Parse(text) : NULL;
  free(text);
  const cJSON *jname = cJSON_GetObjectItem(x->man, "name");
  if (!cJSON_IsString(jname)) {
    fprintf(stderr, "%s: %s is not the manifest of an export\n", p, path);
    return -1;
  }
  snprintf(path, sizeof path, "%s/lib%s.so", dir, jname->valuestring);
  x->lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!x->lib) {
    fprintf(stderr, "%s: %s\n", p, dlerror());
    return -1;
  }
  snprintf(sym, sizeof sym, "%s_set_threads", jname->valuestring);
  int (*set_threads)(int) = (int (*)(int))dlsym(x->lib, sym);
  if (set_threads) set_threads(nthreads);
  snprintf(sym, sizeof sym, "%s_shutdown", jname->valuestring);
  x->shutdown = (void (*)(void))dlsym(x->lib, sym);
  return 0;
}

/* The function of x's operator whose workload key is key, NULL when none. */
static void *exact_function(const export_lib *x, const char *key) {
  const cJSON *o;
  cJSON_ArrayForEach(o, cJSON_GetObjectItem(x->man, "operators")) {
    const char *w = cJSON_GetStringValue(cJSON_GetObjectItem(o, "workload"));
    const char *f = cJSON_GetStringValue(cJSON_GetObjectItem(o, "function"));
    if (w && f && strcmp(w, key) == 0) return dlsym(x->lib, f);
  }
  return NULL;
}

/* The tuned value serving s (the first dispatch row whose range holds it; 0: naive loops) and how it serves a
 * smaller s (the row's "below": "dynamic" or "padded"). */
static int64_t served_by(const cJSON *table, int64_t s, const char **below) {
  const cJSON *e;
  *below = "padded";
  cJSON_ArrayForEach(e, table) {
    const cJSON *to = cJSON_GetObjectItem(e, "to"), *v = cJSON_GetObjectItem(e, "value");
    if (!cJSON_IsNumber(to)) return 0;
    if (s <= (int64_t)to->valuedouble) {
      const cJSON *b = cJSON_GetObjectItem(e, "below");
      if (cJSON_IsString(b)) *below = b->valuestring;
      return cJSON_IsNumber(v) ? (int64_t)v->valuedouble : 0;
    }
  }
  return 0;
}

int main(int argc, char **argv) {
  const char *dir = NULL, *out_md = NULL, *versus = NULL, *p = "bench_dispatch";
  const char *lengths = "1,2,3,4,5,7,8,13,16,17,32,37,61,64,77,101,127,128,199,256,257,300,311,384,401,443,499,500,509,"
                        "510,511,512";
  const char *pages = "huge";
  int threads = 0, min_ms = 100, rounds = 3;
  int help = 0;
  const eto_cli_def defs[] = {
      {"--help", ETO_CLI_FLAG, &help, 0, 0},
      {"--export", ETO_CLI_STR, &dir, 0, 0},
      {"--out", ETO_CLI_STR, &out_md, 0, 0},
      {"--versus", ETO_CLI_STR, &versus, 0, 0},
      {"--lengths", ETO_CLI_STR, &lengths, 0, 0},
      {"--threads", ETO_CLI_INT, &threads, 0, eto_cli_opt_max_threads()},
      {"--min-repeat-ms", ETO_CLI_INT, &min_ms, 1, 100000},
      {"--rounds", ETO_CLI_INT, &rounds, 1, MAX_ROUNDS},
      {"--pages", ETO_CLI_STR, &pages, 0, 0},
  };
  if (eto_cli_parse(p, "--help", argc, argv, defs, (int)(sizeof defs / sizeof defs[0]), NULL, NULL, NULL) != 0 || help) {
    fprintf(help ? stdout : stderr, "usage: %s --export DIR [--lengths L1,L2,...] [--threads T] [--min-repeat-ms MS] [--rounds R] [--pages huge|small|heap] [--out FILE.md] [--versus DIR2]\n", p);
    return help ? 0 : 2;
  }
  int kind[3];
  if (bench_pick(p, "--pages kind", pages, bench_pages_names, 3, kind) != 0) return 2;
  if (kind[0] + kind[1] + kind[2] != 1) {
    fprintf(stderr, "%s: --pages takes one of huge, small, heap\n", p);
    return 2;
  }
  bench_buffer_pages(kind[1] ? BENCH_PAGES_HUGE : kind[2] ? BENCH_PAGES_SMALL : BENCH_PAGES_HEAP);
  if (!dir) {
    fprintf(stderr, "%s: --export DIR is required\n", p);
    return 2;
  }
  int64_t len[MAX_LENGTHS];
  int nlen = 0;
  for (const char *q = lengths; *q && nlen < MAX_LENGTHS;) {
    char *end;
    long long v = strtoll(q, &end, 10);
    if (end == q || v < 1) {
      fprintf(stderr, "%s: --lengths takes positive integers separated by commas\n", p);
      return 2;
    }
    len[nlen++] = v;
    q = *end == ',' ? end + 1 : end;
  }
  double min_s = min_ms / 1000.0;
  int nthreads = threads > 0 ? threads : eto_cli_opt_max_threads();
  export_lib ex, vx = {0};
  if (open_export(p, dir, nthreads, &ex) != 0 || (versus && open_export(p, versus, nthreads, &vx) != 0)) return 2;
  const cJSON *jfam = cJSON_GetObjectItem(ex.man, "families");
  if (!cJSON_IsArray(jfam)) {
    fprintf(stderr, "%s: the export in %s has no families\n", p, dir);
    return 2;
  }
  void *lib = ex.lib;
  void (*shutdown)(void) = ex.shutdown;
  FILE *md = out_md ? fopen(out_md, "w") : NULL;
  FILE *outs[2] = {stdout, md};
  for (int o = 0; o < 2; o++)
    if (outs[o])
      fprintf(outs[o], "| family | s | served by | dispatched GFLOP/s | oneDNN GFLOP/s | dispatched / oneDNN |%s"
                       " rounds' ratios |\n|---|---|---|---|---|---|%s---|\n",
              versus ? " full search GFLOP/s | dispatched / full search |" : "", versus ? "---|---|" : "");
  double all[4096], vall[4096], share[4096];
  int nshare = 0;
  int nall = 0, nvall = 0, wrong = 0;
  char summary[8192] = "", vsummary[8192] = "";
  char pfam[MAX_FAMILIES][256];
  double pd[MAX_FAMILIES], pv[MAX_FAMILIES];
  int pn[MAX_FAMILIES], np = 0;
  double peak0 = bench_fma_peak(nthreads);
  const cJSON *F;
  cJSON_ArrayForEach(F, jfam) {
    const cJSON *fn = cJSON_GetObjectItem(F, "function"), *line = cJSON_GetObjectItem(F, "first_member");
    const cJSON *keys = cJSON_GetObjectItem(F, "variable_keys"), *table = cJSON_GetObjectItem(F, "dispatch");
    const char *fname = cJSON_GetStringValue(cJSON_GetObjectItem(F, "name"));
    if (!cJSON_IsString(fn) || !cJSON_IsString(line)) continue;
    eto_oplist *l = NULL;
    char msg[1024];
    if (eto_oplist_parse("manifest", line->valuestring, strlen(line->valuestring), &l, msg, sizeof msg) != ETO_OK) {
      fprintf(stderr, "%s: %s: %s\n", p, fname, msg);
      continue;
    }
    eto_op base = *eto_oplist_get(l, 0);
    eto_oplist_free(l);
    if (base.kind != ETO_OP_MATMUL && base.kind != ETO_OP_BATCH_MATMUL) continue;
    void *f = dlsym(lib, fn->valuestring);
    if (!f) {
      fprintf(stderr, "%s: %s not in the library\n", p, fn->valuestring);
      continue;
    }
    double ratios[MAX_LENGTHS], vratios[MAX_LENGTHS], gd[MAX_LENGTHS], gv[MAX_LENGTHS];
    int nr = 0, nvr = 0, ng = 0;
    for (int li = 0; li < nlen; li++) {
      int64_t s = len[li];
      eto_op op = base;
      const cJSON *k;
      cJSON_ArrayForEach(k, keys)
        for (int q = 0; q < ETO_KEY_COUNT; q++)
          if (strcmp(k->valuestring, eto_key_name((eto_key)q)) == 0) op.v[q] = s;
      int nin = eto_op_num_inputs(&op), nargs = nin + 1;
      float *a[MAX_ARGS] = {0};
      size_t bytes[MAX_ARGS] = {0};
      eto_shape sh;
      for (int i = 0; i < nin; i++) {
        eto_op_input_shape(&op, i, &sh);
        int64_t n = eto_shape_size(&sh);
        a[i] = bench_buffer_alloc(bytes[i] = sizeof(float) * (size_t)n);
        for (int64_t j = 0; j < n; j++) a[i][j] = (float)((j * 7919 + i * 131) % 1000) / 1000.0f - 0.5f;
      }
      eto_op_output_shape(&op, &sh);
      int64_t nout = eto_shape_size(&sh);
      a[nin] = bench_buffer_alloc(bytes[nin] = sizeof(float) * (size_t)nout);
      memset(a[nin], 0, sizeof(float) * (size_t)nout);
      float *ref = malloc(sizeof(float) * (size_t)nout);
      eto_op_reference(&op, (const float *const *)a, ref);
      int rc = call(f, nargs, s, a);
      double worst = max_error(a[nin], ref, nout);
      if (rc != 0 || !(worst <= 1e-3)) {
        fprintf(stderr, "%s: %s s=%lld: WRONG (rc %d, max error %g)\n", p, fname, (long long)s, rc, worst);
        wrong++;
      }
      /* the exact shape's own function in the --versus export, checked the same way */
      char key[512];
      eto_op_key(&op, key, sizeof key);
      void *vf = versus ? exact_function(&vx, key) : NULL;
      if (vf) {
        memset(a[nin], 0, sizeof(float) * (size_t)nout);
        rc = call(vf, nargs, -1, a);
        worst = max_error(a[nin], ref, nout);
        if (rc != 0 || !(worst <= 1e-3)) {
          fprintf(stderr, "%s: %s s=%lld, the --versus function: WRONG (rc %d, max error %g)\n", p, fname, (long long)s, rc, worst);
          wrong++;
        }
      }
      /* one after the other, each pool idle when the other runs: ours joined, oneDNN's OpenMP threads past their
       * spin (they would take the cores from the other's threads); in `rounds` alternations, each side's time the
       * median of its rounds, so that a burst of another process's work moves one round, not the ratio */
      double rd[MAX_ROUNDS], rv[MAX_ROUNDS], rx[MAX_ROUNDS], rr[MAX_ROUNDS];
      for (int r = 0; r < rounds; r++) {
        rd[r] = time_call(f, nargs, s, a, min_s);
        if (shutdown) shutdown();
        usleep(20000);
        rv[r] = bench_onednn_matmul(op.v[ETO_KEY_B] > 0 ? op.v[ETO_KEY_B] : 1, op.v[ETO_KEY_M], op.v[ETO_KEY_N],
                                    op.v[ETO_KEY_K], nthreads, min_s);
        usleep(20000);
        rr[r] = rv[r] > 0 ? rv[r] / rd[r] : NAN;
        if (vf) {
          rx[r] = time_call(vf, nargs, -1, a, min_s);
          if (vx.shutdown) vx.shutdown();
          usleep(20000);
        }
      }
      double rlo = INFINITY, rhi = -INFINITY;
      for (int r = 0; r < rounds; r++) {
        rlo = fmin(rlo, rr[r]);
        rhi = fmax(rhi, rr[r]);
      }
      double td = bench_median(rd, rounds), tv = bench_median(rv, rounds);
      double flops = eto_op_flops(&op);
      double ratio = tv > 0 ? tv / td : NAN;
      double tx = 0;
      if (vf) {
        tx = bench_median(rx, rounds);
        vratios[nvr++] = tx / td;
        if (nvall < 4096) vall[nvall++] = tx / td;
      }
      ratios[nr++] = ratio;
      if (s >= PEAK_FROM && tv > 0) {
        gd[ng] = flops / td * 1e-9;
        gv[ng++] = flops / tv * 1e-9;
      }
      if (nall < 4096) all[nall++] = ratio;
      const char *below;
      int64_t by = served_by(table, s, &below);
      char how[64];
      if (by == 0) snprintf(how, sizeof how, "naive loops");
      else if (by == s) snprintf(how, sizeof how, "%lld (exact)", (long long)by);
      else snprintf(how, sizeof how, "%lld (%s)", (long long)by, below);
      for (int o = 0; o < 2; o++)
        if (outs[o])
        {
          fprintf(outs[o], "| %s | %lld | %s | %.1f | %.1f | %.3f |", fname, (long long)s, how, flops / td * 1e-9,
                  tv > 0 ? flops / tv * 1e-9 : NAN, ratio);
          if (vf) fprintf(outs[o], " %.1f | %.3f |", flops / tx * 1e-9, tx / td);
          else if (versus) fprintf(outs[o], " | |");
          fprintf(outs[o], " %.3f-%.3f |", rlo, rhi);
          fprintf(outs[o], "\n");
        }
      if (outs[0]) fflush(outs[0]);
      for (int i = 0; i <= nin; i++) { /* the share of our large arrays' pages on huge pages (after the calls) */
        double h = bytes[i] >= ((size_t)2 << 20) && nshare < 4096 ? eto_buffer_huge_share(a[i], bytes[i]) : -1;
        if (h >= 0) share[nshare++] = h;
        bench_buffer_free(a[i]);
      }
      free(ref);
    }
    double mn = INFINITY;
    for (int i = 0; i < nr; i++)
      if (ratios[i] < mn) mn = ratios[i];
    size_t sl = strlen(summary);
    snprintf(summary + sl, sizeof summary - sl, "| %s | %d | %.3f | %.3f |\n", fname, nr, bench_median(ratios, nr), mn);
    if (ng && np < MAX_FAMILIES) {
      snprintf(pfam[np], sizeof pfam[np], "%s", fname);
      pn[np] = ng;
      pd[np] = bench_median(gd, ng);
      pv[np++] = bench_median(gv, ng);
    }
    if (nvr) {
      sl = strlen(vsummary);
      snprintf(vsummary + sl, sizeof vsummary - sl, "| %s | %d | %.3f |\n", fname, nvr, bench_median(vratios, nvr));
    }
  }
  double mn = INFINITY;
  for (int i = 0; i < nall; i++)
    if (all[i] < mn) mn = all[i];
  for (int o = 0; o < 2; o++)
    if (outs[o])
      fprintf(outs[o], "\n| family | lengths | median dispatched / oneDNN | minimum |\n|---|---|---|---|\n%s| all | %d | %.3f | %.3f |\n"
                       "\n%d wrong results; threads %d, %d rounds of 3 repeats of >= %d ms per side\n",
              summary, nall, bench_median(all, nall), mn, wrong, nthreads, rounds, min_ms);
  double slo = INFINITY;
  for (int i = 0; i < nshare; i++) slo = fmin(slo, share[i]);
  for (int o = 0; o < 2; o++)
    if (outs[o]) {
      fprintf(outs[o], "pages: %s; our arrays of 2 MiB or more on huge pages: ", pages);
      if (nshare) fprintf(outs[o], "median share %.2f, lowest %.2f (%d arrays)\n", bench_median(share, nshare), slo, nshare);
      else fprintf(outs[o], "unknown (/proc/kpageflags not readable)\n");
    }
  double peak1 = bench_fma_peak(nthreads), peak = fmax(peak0, peak1);
  for (int o = 0; o < 2 && np; o++) {
    if (!outs[o]) continue;
    fprintf(outs[o],
            "\nfp32 FMA peak of %d threads: %.1f GFLOP/s before the first length, %.1f after the last; at the "
            "lengths >= %d, median GFLOP/s (%% of %.1f):\n\n| family | lengths | dispatched | oneDNN |\n"
            "|---|---|---|---|\n",
            nthreads, peak0, peak1, PEAK_FROM, peak);
    for (int q = 0; q < np; q++)
      fprintf(outs[o], "| %s | %d | %.1f (%.1f%%) | %.1f (%.1f%%) |\n", pfam[q], pn[q], pd[q], 100 * pd[q] / peak,
              pv[q], 100 * pv[q] / peak);
  }
  for (int o = 0; o < 2 && nvall; o++)
    if (outs[o])
      fprintf(outs[o], "\n| family | lengths with a --versus function | median dispatched / full search |\n|---|---|---|\n%s"
                       "| all | %d | %.3f |\n", vsummary, nvall, bench_median(vall, nvall));
  if (md) fclose(md);
  cJSON_Delete(ex.man);
  cJSON_Delete(vx.man);
  return wrong ? 1 : 0;
}
