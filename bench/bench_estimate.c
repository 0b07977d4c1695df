/* bench_estimate.c — how well the two trial estimators predict what the reuse tuner measured: reads the
 * pairs.csv of a bench_pairs run and prints, per pair, the tuner's measured trials, the ETO artifact's
 * estimate (eto_tuner_estimate, what plans use) and the enumeration estimate (eto_tuner_estimate_enum: the
 * tuner's own rounds with a stand-in measurement on 10 sampled programs of β), each as estimate / actual,
 * then the median, geometric mean and range of both ratios and the enumeration's time per pair.
 *
 *   build/bench/bench_estimate [bench/out/pairs/pairs.csv] [--simd-bits 256]
 *
 * --simd-bits describes the host the pairs were measured on when it was not this one (the tuner's thread
 * tiles and vector options depend on the SIMD width); the estimates are deterministic (seed 1). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "cli_opt.h"
#include "tuner.h"

#define MAX_PAIRS 1024

static void summary(const char *name, double *r, int n) {
  if (n == 0) return;
  double lg = 0, lo = INFINITY, hi = 0;
  for (int i = 0; i < n; i++) {
    lg += log(r[i]);
    lo = r[i] < lo ? r[i] : lo;
    hi = r[i] > hi ? r[i] : hi;
  }
  double gm = exp(lg / n), med = bench_median(r, n);
  printf("%-24s median %.2f  geometric mean %.2f  range %.2f-%.2f  (%d pairs)\n", name, med, gm, lo, hi, n);
}

int main(int argc, char **argv) {
  const char *path = "bench/out/pairs/pairs.csv";
  int simd_bits = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--simd-bits") == 0 && i + 1 < argc) {
      if (eto_cli_opt_int("bench_estimate", argv[i], argv[i + 1], 0, 4096, &simd_bits)) return 2;
      i++;
    } else if (strcmp(argv[i], "--help") == 0) {
      printf("usage: bench_estimate [PAIRS.csv] [--simd-bits 128|256|512]\n");
      return 0;
    } else
      path = argv[i];
  }
  FILE *f = fopen(path, "r");
  if (!f) {
    perror(path);
    return 1;
  }
  eto_target t;
  eto_target_cpu(0, &t);
  if (simd_bits == 128 || simd_bits == 256 ||
      simd_bits == 512) { /* as eto_target_cpu would describe that host */
    t.vector_bits = simd_bits;
    t.warp_size = simd_bits / 32;
    t.max_thread_tile = t.warp_size * (simd_bits >= 512 ? 32 : 16);
  }
  static char line[1 << 16], hline[1 << 16];
  char *head[64], *fld[64];
  if (!fgets(hline, sizeof hline, f)) {
    fprintf(stderr, "%s: empty\n", path);
    return 1;
  }
  int nh = bench_csv_split(hline, head, 64);
  int ca = bench_csv_column(head, nh, "alpha"), cb = bench_csv_column(head, nh, "beta"),
      ct = bench_csv_column(head, nh, "tuner_trials"), cp = bench_csv_column(head, nh, "pair");
  if (ca < 0 || cb < 0 || ct < 0 || cp < 0) {
    fprintf(stderr, "%s: not a bench_pairs CSV (needs pair, alpha, beta, tuner_trials)\n", path);
    return 1;
  }
  printf("bench_estimate %s: target %d-bit SIMD, seed 1, 10 samples of β per estimate\n", path,
         t.vector_bits);
  printf("%-5s %-16s %7s %9s %6s %9s %6s %8s\n", "pair", "kind", "actual", "artifact", "e/a", "enumerate",
         "e/a", "ms");
  static double ra[MAX_PAIRS], re[MAX_PAIRS];
  int n = 0;
  while (fgets(line, sizeof line, f) && n < MAX_PAIRS) {
    int nf = bench_csv_split(line, fld, 64);
    if (nf <= ca || nf <= cb || nf <= ct) continue;
    double actual = atof(fld[ct]);
    eto_op a, b;
    char msg[256];
    if (actual <= 0 || eto_op_from_key(fld[ca], &a, msg, sizeof msg) != ETO_OK ||
        eto_op_from_key(fld[cb], &b, msg, sizeof msg) != ETO_OK)
      continue;
    double est = 0, en = 0;
    if (eto_tuner_estimate(&a, &b, &t, 1, &est) != ETO_OK) continue;
    double e0 = eto_now();
    if (eto_tuner_estimate_enum(&a, &b, &t, NULL, 1, 0, &en) != ETO_OK) continue;
    double ms = (eto_now() - e0) * 1e3;
    printf("%-5s %-16.16s %7.0f %9.1f %6.2f %9.1f %6.2f %8.1f\n", fld[cp], eto_op_kind_name(a.kind), actual,
           est, est / actual, en, en / actual, ms);
    ra[n] = est / actual;
    re[n] = en / actual;
    n++;
  }
  fclose(f);
  summary("artifact estimate/actual", ra, n);
  summary("enumeration/actual", re, n);
  return 0;
}
