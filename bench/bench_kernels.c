/* bench_kernels — the best of N random programs per operator next to OpenBLAS sgemm, oneDNN convolution
 * and the machine's FMA peak, measured in one run (issue: "Programs that run", benchmark section).
 *
 *   build/bench/bench_kernels [--programs 200] [--seed 1] [--threads 0] [--min-repeat-ms 100]
 *
 * Also reports the median compile time per candidate and the median measurement overhead (wall time of one
 * candidate's measurement minus its timed runs, over candidates not pruned). Far slower candidates than the
 * best so far are timed by their check run alone, as in a search (eto_measurer_set_best). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_util.h"
#include "cli_opt.h"
#include "measure.h"
#include "vendor.h"




static const struct {
  const char *title, *line;
  int conv; /* 1: compare with oneDNN, 0: with OpenBLAS */
} cases[] = {
    {"GEMM 1024x1024x1024", "matmul m=1024 n=1024 k=1024", 0},
    {"BERT dense 128x3072x768", "matmul m=128 n=3072 k=768", 0},
    {"ResNet-50 conv 128->128 28x28 3x3 pad 1", "conv2d n=1 c=128 h=28 w=28 k=128 r=3 s=3 pad=1", 1},
};

int main(int argc, char **argv) {
  int programs = 200, threads = 0;
  uint64_t seed = 1;
  double min_ms = 100;
  for (int i = 1; i < argc; i += 2) {
    const char *s = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL, *p = "bench_kernels";
    int bad = 0;
    if (!v) bad = -1;
    else if (strcmp(s, "--programs") == 0) bad = eto_cli_opt_int(p, s, v, 1, ETO_CLI_MAX_PROGRAMS, &programs);
    else if (strcmp(s, "--seed") == 0) bad = eto_cli_opt_u64(p, s, v, 0, UINT64_MAX, &seed);
    else if (strcmp(s, "--threads") == 0) bad = eto_cli_opt_int(p, s, v, 0, eto_cli_opt_max_threads(), &threads);
    else if (strcmp(s, "--min-repeat-ms") == 0) bad = eto_cli_opt_double(p, s, v, 0.1, ETO_CLI_MAX_MS, &min_ms);
    else bad = -1;
    if (bad) {
      fprintf(stderr, "usage: %s [--programs N] [--seed S] [--threads T] [--min-repeat-ms MS]\n", argv[0]);
      return 2;
    }
  }
  eto_target t;
  eto_target_cpu(threads, &t);
  eto_measure_opts o;
  eto_measure_opts_default(&o);
  o.min_repeat_seconds = min_ms / 1000;
  o.seed = seed;
  o.threads = t.cores;
  char protocol[512];
  eto_measure_protocol(ETO_TARGET_CPU, &o, protocol, sizeof protocol);
  double peak = bench_fma_peak(t.cores);
  time_t now_t = time(NULL);
  printf("date: %s", ctime(&now_t));
  printf("target: %s\nprotocol: %s\n", t.description, protocol);
  printf("fp32 FMA peak (measured, %d threads): %.1f GFLOP/s\n\n", t.cores, peak);
  printf("%-40s %9s %9s %9s %9s %7s %7s %8s %8s\n", "operator", "best", "vendor", "vendor+", "ours/", "ours/", "valid",
         "compile", "overhead");
  printf("%-40s %9s %9s %9s %9s %7s %7s %8s %8s\n", "", "GFLOP/s", "GFLOP/s", "GFLOP/s", "vendor", "peak", "progs",
         "ms (med)", "ms (med)");
  eto_rng rng;
  eto_rng_seed(&rng, seed);
  for (size_t ci = 0; ci < sizeof cases / sizeof cases[0]; ci++) {
    eto_oplist *l = NULL;
    char msg[1024];
    if (eto_oplist_parse("bench", cases[ci].line, strlen(cases[ci].line), &l, msg, sizeof msg) != ETO_OK) {
      fprintf(stderr, "%s\n", msg);
      return 1;
    }
    const eto_op *op = eto_oplist_get(l, 0);
    eto_compute c;
    eto_op_compute(op, &c);
    double flops = eto_op_flops(op);
    eto_measurer *m = NULL;
    if (eto_measurer_create(op, &t, &o, &m, msg, sizeof msg) != ETO_OK) {
      fprintf(stderr, "%s\n", msg);
      return 1;
    }
    double best = 0, *compile = calloc((size_t)programs, sizeof(double)), *overhead = calloc((size_t)programs, sizeof(double));
    int ok = 0, nover = 0, errors[ETO_MEASURE_ERROR_COUNT] = {0};
    char best_recipe[ETO_RECIPE_MAX] = "";
    for (int i = 0; i < programs; i++) {
      eto_program p;
      if (eto_sched_sample_valid(&c, &t, NULL, &rng, 0, &p) != 0) break;
      eto_measure_result r;
      double a = eto_now();
      eto_measurer_set_best(m, best > 0 ? eto_op_flops(op) / best * 1e-9 : 0); /* as a search would: far slower
                                                                                 candidates are timed once */
      eto_measurer_run(m, &p, &r);
      double wall = eto_now() - a;
      errors[r.error]++;
      if (r.error != ETO_MEASURE_OK) continue;
      compile[ok] = r.compile_seconds * 1e3;
      if (!r.pruned) overhead[nover++] = (wall - r.median * (double)r.runs_per_repeat * r.repeats) * 1e3;
      ok++;
      if (r.gflops > best) {
        best = r.gflops;
        eto_program_format(&p, best_recipe, sizeof best_recipe);
      }
    }
    eto_measurer_free(m);
    const eto_loop_nest *n = &c.nest;
    double vendor = -1, vendor_plus = -1;
    if (!cases[ci].conv) {
      double s = bench_openblas_sgemm(n->space[1].extent, n->space[2].extent, n->reduce[0].extent, t.cores, o.min_repeat_seconds);
      vendor = s > 0 ? flops / s * 1e-9 : -1;
      vendor_plus = vendor;
    } else {
      double with_reorders;
      double s = bench_onednn_conv2d(op->v[ETO_KEY_N], op->v[ETO_KEY_C], op->v[ETO_KEY_H], op->v[ETO_KEY_W], op->v[ETO_KEY_K],
                                     op->v[ETO_KEY_R], op->v[ETO_KEY_S], op->stride[0], op->pad[0], t.cores,
                                     o.min_repeat_seconds, &with_reorders);
      vendor = s > 0 ? flops / s * 1e-9 : -1;
      vendor_plus = with_reorders > 0 ? flops / with_reorders * 1e-9 : -1;
    }
    printf("%-40s %9.1f %9.1f %9.1f %9.2f %7.2f %4d/%-3d %8.1f %8.1f\n", cases[ci].title, best, vendor, vendor_plus,
           vendor > 0 ? best / vendor : NAN, best / peak, ok, programs, bench_median(compile, ok), bench_median(overhead, nover));
    printf("  %s: %s; best program %s\n", cases[ci].conv ? "vendor = oneDNN conv only, vendor+ = with NCHW reorders"
                                                         : "vendor = OpenBLAS cblas_sgemm",
           cases[ci].line, best_recipe);
    int any = 0;
    for (int e = 1; e < ETO_MEASURE_ERROR_COUNT; e++)
      if (errors[e]) {
        printf("%s%s %d", any ? ", " : "  failed candidates: ", eto_measure_error_name((eto_measure_error)e), errors[e]);
        any = 1;
      }
    if (any) printf("\n");
    fflush(stdout);
    free(compile);
    free(overhead);
    eto_oplist_free(l);
  }
  return 0;
}
