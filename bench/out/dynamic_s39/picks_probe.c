/* picks_probe.c (s39, RESULTS V.2): FFN down at s = 1..3, each served by its own tuned member's kernel and by the
 * dispatch (6's dynamic kernel), timed interleaved: 9 rounds of >= 20 ms per kernel, median us per call.
 *   cc -O2 -I exp3 picks_probe.c exp3/libbert_dyn.a -pthread -lm -o /tmp/picks_probe && /tmp/picks_probe */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bert_dyn.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}
static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}
typedef int (*own_fn)(const float *, const float *, float *);

int main(void) {
  bert_dyn_set_threads(2);
  enum { K = 3072, N = 768, R = 9 };
  float *a = malloc(sizeof *a * 8 * K), *w = malloc(sizeof *w * (size_t)K * N), *c = malloc(sizeof *c * 8 * N);
  for (int i = 0; i < 8 * K; i++) a[i] = (float)(i % 7) * 0.1f;
  for (long i = 0; i < (long)K * N; i++) w[i] = (float)(i % 5) * 0.01f;
  own_fn own[4] = {0, bert_dyn_base_b1_dyn_ffn_down_1, bert_dyn_base_b1_dyn_ffn_down_2, bert_dyn_base_b1_dyn_ffn_down_3};
  for (int s = 1; s <= 3; s++) {
    double t[2][R];
    for (int r = 0; r < R; r++)
      for (int v = 0; v < 2; v++) {
        int n = 0;
        double t0 = now(), t1;
        do {
          if (v == 0) own[s](a, w, c);
          else bert_dyn_base_b1_dyn_ffn_down(s, a, w, c);
          n++;
        } while ((t1 = now()) - t0 < 0.02);
        t[v][r] = (t1 - t0) / n * 1e6;
      }
    qsort(t[0], R, sizeof(double), cmp);
    qsort(t[1], R, sizeof(double), cmp);
    double gf = 2.0 * s * N * K * 1e-3;
    printf("s=%d own member: %.1f us (%.1f GFLOP/s)  dispatch (6's kernel): %.1f us (%.1f GFLOP/s)\n", s,
           t[0][R / 2], gf / t[0][R / 2], t[1][R / 2], gf / t[1][R / 2]);
  }
  return 0;
}
