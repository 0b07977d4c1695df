/* bench_export.c — issue #20's benchmark: the kernels `etotune export` wrote, timed through the exported shared
 * library, next to the same recipes timed by etotune's measurer (LLVM JIT, in a worker process) in the same run,
 * the latency the cache holds (the manifest's), and oneDNN on the same shape (conv2d, matmul, batch_matmul).
 *
 *   build/bench/bench_export --export DIR [--threads T] [--min-repeat-ms MS] [--repeats R] [--out FILE.md]
 *
 * DIR is what `etotune export LIST --out DIR --threads T` wrote (manifest.json, lib<name>.so). Every exported
 * kernel is first checked against the reference kernel (eto_op_reference) on random inputs; then, per operator,
 * one after the other: exported (R repeats of >= MS each after a warm-up run, median of the per-run means),
 * JIT (the measurer's protocol with the same R and MS), exported again, oneDNN (warm-up, 3 repeats, median).
 * The exported figure is the median over both of its sets of repeats. Ratios: exported / JIT (the goal: within
 * noise, <= 3% median difference) and oneDNN / exported (> 1: the tuned kernel is faster).
 * Exit status 0 when every kernel matched its reference, 1 otherwise. */
#define _GNU_SOURCE
#include <cjson/cJSON.h>
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "bench_util.h"
#include "cli_opt.h"
#include "measure.h"
#include "op.h"
#include "schedule.h"
#include "vendor.h"

#define MAX_ARGS (ETO_MAX_INPUTS + 2)

typedef int (*fn1)(const float *, float *);
typedef int (*fn2)(const float *, const float *, float *);
typedef int (*fn3)(const float *, const float *, const float *, float *);

static int call(void *f, int nargs, float **a) {
  switch (nargs) {
  case 2: return ((fn1)f)(a[0], a[1]);
  case 3: return ((fn2)f)(a[0], a[1], a[2]);
  case 4: return ((fn3)f)(a[0], a[1], a[2], a[3]);
  default: return -1;
  }
}

typedef struct {
  void *f;
  int nargs;
  float **a;
} call_ctx;

static void run_call(void *ctx) {
  const call_ctx *c = ctx;
  call(c->f, c->nargs, c->a);
}

/* R repeats of >= min_s each after one warm-up run; the per-run means go to out[0..R) */
static void time_export(void *f, int nargs, float **a, int repeats, double min_s, double *out) {
  call_ctx c = {f, nargs, a};
  bench_time_runs(run_call, &c, repeats, min_s, out);
}

/* oneDNN on op's shape, or -1 when the kind has no oneDNN counterpart here */
static double onednn(const eto_op *op, int threads, double min_s) {
  const int64_t *v = op->v;
  if (op->kind == ETO_OP_MATMUL || op->kind == ETO_OP_BATCH_MATMUL)
    return bench_onednn_matmul(v[ETO_KEY_B] > 0 ? v[ETO_KEY_B] : 1, v[ETO_KEY_M], v[ETO_KEY_N], v[ETO_KEY_K], threads,
                               min_s);
  if (op->kind == ETO_OP_CONV2D && op->stride[0] == op->stride[1] && op->pad[0] == op->pad[1] &&
      op->dilation[0] == 1 && op->dilation[1] == 1) {
    double with_reorders;
    return bench_onednn_conv2d(v[ETO_KEY_N], v[ETO_KEY_C], v[ETO_KEY_H], v[ETO_KEY_W], v[ETO_KEY_K], v[ETO_KEY_R],
                               v[ETO_KEY_S], op->stride[0], op->pad[0], threads, min_s, &with_reorders);
  }
  return -1;
}

int main(int argc, char **argv) {
  const char *dir = NULL, *out_md = NULL, *p = "bench_export";
  int threads = 0, repeats = 5, min_ms = 100;
  int help = 0;
  const eto_cli_def defs[] = {
      {"--help", ETO_CLI_FLAG, &help, 0, 0},
      {"--export", ETO_CLI_STR, &dir, 0, 0},
      {"--out", ETO_CLI_STR, &out_md, 0, 0},
      {"--threads", ETO_CLI_INT, &threads, 0, eto_cli_opt_max_threads()},
      {"--repeats", ETO_CLI_INT, &repeats, 1, 101},
      {"--min-repeat-ms", ETO_CLI_INT, &min_ms, 1, 100000},
  };
  if (eto_cli_parse(p, "--help", argc, argv, defs, (int)(sizeof defs / sizeof defs[0]), NULL, NULL, NULL) != 0 || help) {
    fprintf(help ? stdout : stderr, "usage: %s --export DIR [--threads T] [--min-repeat-ms MS] [--repeats R] [--out FILE.md]\n", p);
    return help ? 0 : 2;
  }
  if (!dir) {
    fprintf(stderr, "%s: --export DIR is required\n", p);
    return 2;
  }
  double min_s = min_ms / 1000.0;
  char path[2048], msg[1024];
  snprintf(path, sizeof path, "%s/manifest.json", dir);
  char *text = bench_read_file(path);
  cJSON *man = text ? cJSON_Parse(text) : NULL;
  free(text);
  const cJSON *jname = cJSON_GetObjectItem(man, "name"), *jops = cJSON_GetObjectItem(man, "operators");
  const cJSON *jfp = cJSON_GetObjectItem(cJSON_GetObjectItem(man, "target"), "fingerprint");
  if (!cJSON_IsString(jname) || !cJSON_IsArray(jops) || !cJSON_IsString(jfp)) {
    fprintf(stderr, "%s: %s is not an export manifest\n", p, path);
    return 2;
  }
  eto_target t;
  if (eto_measure_machine_target(ETO_TARGET_CPU, threads, &t, msg, sizeof msg) != ETO_OK) {
    fprintf(stderr, "%s: %s\n", p, msg);
    return 2;
  }
  if (strcmp(t.fingerprint, jfp->valuestring) != 0)
    fprintf(stderr, "%s: warning: the export is of target %s, this run's is %s (give --threads as at export)\n", p,
            jfp->valuestring, t.fingerprint);
  snprintf(path, sizeof path, "%s/lib%s.so", dir, jname->valuestring);
  void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    fprintf(stderr, "%s: %s\n", p, dlerror());
    return 2;
  }
  char sym[256];
  snprintf(sym, sizeof sym, "%s_set_threads", jname->valuestring);
  int (*set_threads)(int) = (int (*)(int))dlsym(lib, sym);
  if (!set_threads || set_threads(t.cores) != 0) {
    fprintf(stderr, "%s: %s missing or failed\n", p, sym);
    return 2;
  }
  FILE *md = out_md ? fopen(out_md, "w") : NULL;
  FILE *outs[2] = {stdout, md};
  for (int o = 0; o < 2; o++) {
    if (!outs[o]) continue;
    fprintf(outs[o], "Export %s: %d operators, target %s, %d threads; %d repeats of >= %d ms (exported, JIT); "
                     "oneDNN 3 repeats\n\n",
            dir, cJSON_GetArraySize(jops), t.description, t.cores, repeats, min_ms);
    fprintf(outs[o], "| operator | cached ms | JIT ms | exported ms | exported/JIT | oneDNN ms | oneDNN/exported | "
                     "max rel err |\n|---|---|---|---|---|---|---|---|\n");
  }
  int failures = 0, n = 0;
  double *diff = calloc((size_t)cJSON_GetArraySize(jops) + 1, sizeof *diff), *vs_dnnl = calloc((size_t)cJSON_GetArraySize(jops) + 1, sizeof *vs_dnnl);
  int ndnnl = 0;
  const cJSON *jo;
  cJSON_ArrayForEach(jo, jops) {
    const char *fname = cJSON_GetStringValue(cJSON_GetObjectItem(jo, "function"));
    const char *key = cJSON_GetStringValue(cJSON_GetObjectItem(jo, "workload"));
    const char *recipe = cJSON_GetStringValue(cJSON_GetObjectItem(jo, "recipe"));
    const cJSON *jl = cJSON_GetObjectItem(jo, "latency_s"), *jargs = cJSON_GetObjectItem(jo, "args");
    double cached = cJSON_IsObject(jl) ? cJSON_GetNumberValue(cJSON_GetObjectItem(jl, "median")) : NAN;
    eto_op op;
    eto_program prog;
    void *f = fname ? dlsym(lib, fname) : NULL;
    int nargs = cJSON_GetArraySize(jargs);
    if (!f || !key || !recipe || nargs < 2 || nargs > MAX_ARGS || eto_op_from_key(key, &op, msg, sizeof msg) != ETO_OK ||
        eto_program_parse(recipe, &prog, msg, sizeof msg) != 0) {
      fprintf(stderr, "%s: operator %s: unusable manifest entry\n", p, fname ? fname : "?");
      failures++;
      continue;
    }
    /* inputs, output, and the reference */
    float *a[MAX_ARGS] = {0};
    for (int i = 0; i < nargs; i++) {
      int64_t fl = (int64_t)cJSON_GetNumberValue(cJSON_GetObjectItem(cJSON_GetArrayItem(jargs, i), "floats"));
      a[i] = eto_buffer_alloc(sizeof(float) * (size_t)fl);
      for (int64_t j = 0; j < fl; j++) a[i][j] = (float)rand() / (float)RAND_MAX * 2.0f - 1.0f;
    }
    int64_t nout = (int64_t)cJSON_GetNumberValue(cJSON_GetObjectItem(cJSON_GetArrayItem(jargs, nargs - 1), "floats"));
    float *want = malloc(sizeof(float) * (size_t)nout);
    eto_op_reference(&op, (const float *const *)a, want);
    for (int64_t j = 0; j < nout; j++) a[nargs - 1][j] = NAN;
    call(f, nargs, a);
    double maxabs = 0, err = 0;
    for (int64_t j = 0; j < nout; j++) maxabs = fmax(maxabs, fabs(want[j]));
    for (int64_t j = 0; j < nout; j++) {
      double e = fabs((double)a[nargs - 1][j] - want[j]) / (maxabs > 0 ? maxabs : 1);
      if (!(e <= err)) err = isnan(e) ? INFINITY : e;
    }
    int ok = err <= 1e-3;
    if (!ok) failures++;
    /* exported, JIT, exported again, oneDNN */
    double ex[202];
    time_export(f, nargs, a, repeats, min_s, ex);
    eto_measure_opts mo;
    eto_measure_opts_default(&mo);
    mo.min_repeat_seconds = min_s;
    mo.repeats = repeats;
    mo.threads = t.cores;
    mo.prune_ratio = 0;
    eto_measurer *m = NULL;
    eto_measure_result r = {0};
    r.median = NAN;
    if (eto_measurer_create(&op, &t, &mo, &m, msg, sizeof msg) == ETO_OK) {
      eto_measurer_run(m, &prog, &r);
      if (r.error != ETO_MEASURE_OK) r.median = NAN;
      eto_measurer_free(m);
    }
    time_export(f, nargs, a, repeats, min_s, ex + repeats);
    double exported = bench_median(ex, 2 * repeats);
    double dnnl = onednn(&op, t.cores, min_s);
    if (isfinite(r.median)) diff[n++] = exported / r.median;
    if (dnnl > 0) vs_dnnl[ndnnl++] = dnnl / exported;
    for (int o = 0; o < 2; o++) {
      if (!outs[o]) continue;
      fprintf(outs[o], "| %s | %.4f | %.4f | %.4f | %.3f | ", fname, cached * 1e3, r.median * 1e3, exported * 1e3,
              exported / r.median);
      if (dnnl > 0) fprintf(outs[o], "%.4f | %.2f | ", dnnl * 1e3, dnnl / exported);
      else fprintf(outs[o], "— | — | ");
      fprintf(outs[o], "%.1e%s |\n", err, ok ? "" : " FAIL");
      fflush(outs[o]);
    }
    for (int i = 0; i < nargs; i++) free(a[i]);
    free(want);
  }
  double adiff[4096];
  for (int i = 0; i < n && i < 4096; i++) adiff[i] = fabs(diff[i] - 1.0);
  double med_ratio = bench_median(diff, n), med_abs = bench_median(adiff, n < 4096 ? n : 4096);
  double med_dnnl = bench_median(vs_dnnl, ndnnl);
  for (int o = 0; o < 2; o++) {
    if (!outs[o]) continue;
    fprintf(outs[o], "\nexported / JIT: median %.3f, median |difference| %.1f%% over %d operators (goal <= 3%%: %s); "
                     "oneDNN / exported: median %.2f over %d operators; %d kernel(s) failed the check\n",
            med_ratio, med_abs * 100, n, med_abs <= 0.03 ? "met" : "not met", med_dnnl, ndnnl, failures);
  }
  if (md) fclose(md);
  free(diff);
  free(vs_dnnl);
  cJSON_Delete(man);
  return failures ? 1 : 0;
}
