/* dispatch_check.c — runs every dispatch function of the export of tests/export/dispatch.sh (library "dyn") for
 * every s of 1..64 and some above the tuned range, and checks each result against naive loops (double
 * accumulation). Prints one line per family; exits 1 on the first wrong element of a family. */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "dyn.h"

static float frand(unsigned *x) {
  *x = *x * 1103515245u + 12345u;
  return (float)((*x >> 8) & 0xffff) / 65536.0f - 0.5f;
}

static float *randv(int64_t n, unsigned *seed) {
  float *v = malloc(sizeof(float) * (size_t)(n > 0 ? n : 1));
  for (int64_t i = 0; i < n; i++) v[i] = frand(seed);
  return v;
}

/* out[b,m,n] = sum_k a[b,m,k] w[b*wb,k,n] (+ bias[n], relu) */
static void ref_matmul(int64_t nb, int64_t m, int64_t n, int64_t k, const float *a, const float *w, int wb,
                       const float *bias, int relu, float *out) {
  for (int64_t b = 0; b < nb; b++)
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < n; j++) {
        double s = 0;
        for (int64_t q = 0; q < k; q++) s += (double)a[(b * m + i) * k + q] * w[((wb ? b : 0) * k + q) * n + j];
        if (bias) s += bias[j];
        if (relu && s < 0) s = 0;
        out[(b * m + i) * n + j] = (float)s;
      }
}

static int close_all(const float *got, const float *want, int64_t n, const char *fam, int64_t s) {
  for (int64_t i = 0; i < n; i++)
    if (!(fabsf(got[i] - want[i]) <= 1e-3f * (1.0f + fabsf(want[i])))) {
      fprintf(stderr, "%s s=%lld: out[%lld] = %g, reference %g\n", fam, (long long)s, (long long)i, got[i], want[i]);
      return 0;
    }
  return 1;
}

int main(void) {
  static const int64_t extra[] = {65, 100, 129};
  int64_t svals[64 + 3];
  int ns = 0;
  for (int64_t s = 1; s <= 64; s++) svals[ns++] = s;
  for (int i = 0; i < 3; i++) svals[ns++] = extra[i];
  unsigned seed = 7;
  int fail = 0, calls = 0;
  for (int i = 0; i < ns; i++) {
    int64_t s = svals[i];
    /* dense: matmul m=s n=24 k=40 */
    float *a = randv(s * 40, &seed), *w = randv(40 * 24, &seed), *o = randv(s * 24, &seed), *r = malloc(sizeof(float) * (size_t)(s * 24));
    ref_matmul(1, s, 24, 40, a, w, 0, NULL, 0, r);
    if (dyn_dense(s, a, w, o) != 0 || !close_all(o, r, s * 24, "dense", s)) fail = 1;
    free(a), free(w), free(o), free(r);
    /* dense_relu: matmul m=s n=16 k=24 bias=1 relu=1 */
    float *bias = randv(16, &seed);
    a = randv(s * 24, &seed), w = randv(24 * 16, &seed), o = randv(s * 16, &seed), r = malloc(sizeof(float) * (size_t)(s * 16));
    ref_matmul(1, s, 16, 24, a, w, 0, bias, 1, r);
    if (dyn_dense_relu(s, a, w, bias, o) != 0 || !close_all(o, r, s * 16, "dense_relu", s)) fail = 1;
    free(a), free(w), free(o), free(r), free(bias);
    /* scores: batch_matmul b=2 m=s n=s k=8 */
    a = randv(2 * s * 8, &seed), w = randv(2 * 8 * s, &seed), o = randv(2 * s * s, &seed), r = malloc(sizeof(float) * (size_t)(2 * s * s));
    ref_matmul(2, s, s, 8, a, w, 1, NULL, 0, r);
    if (dyn_scores(s, a, w, o) != 0 || !close_all(o, r, 2 * s * s, "scores", s)) fail = 1;
    free(a), free(w), free(o), free(r);
    /* context: batch_matmul b=2 m=s n=8 k=s */
    a = randv(2 * s * s, &seed), w = randv(2 * s * 8, &seed), o = randv(2 * s * 8, &seed), r = malloc(sizeof(float) * (size_t)(2 * s * 8));
    ref_matmul(2, s, 8, s, a, w, 1, NULL, 0, r);
    if (dyn_context(s, a, w, o) != 0 || !close_all(o, r, 2 * s * 8, "context", s)) fail = 1;
    free(a), free(w), free(o), free(r);
    /* norm: b=2 m=s n=16 */
    a = randv(2 * s * 16, &seed), o = randv(2, &seed);
    float want[2];
    for (int b = 0; b < 2; b++) {
      double acc = 0;
      for (int64_t q = 0; q < s * 16; q++) acc += (double)a[b * s * 16 + q] * a[b * s * 16 + q];
      want[b] = (float)sqrt(acc);
    }
    if (dyn_norm(s, a, o) != 0 || !close_all(o, want, 2, "norm", s)) fail = 1;
    free(a), free(o);
    calls += 5;
    if (fail) break;
  }
  /* bad arguments */
  float x = 0;
  if (dyn_dense(0, &x, &x, &x) != EINVAL) fail = 1;
  if (dyn_dense(3, NULL, &x, &x) != EINVAL) fail = 1;
  printf("%d dispatch calls for s = 1..64, 65, 100, 129: %s\n", calls, fail ? "FAILED" : "all match the reference");
  return fail;
}
