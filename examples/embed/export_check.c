/* export_check.c — example (a) of examples/embed: a program that links the kernels `etotune export` made from
 * examples/quickstart.list (library name "quickstart") and checks each one against a naive loop, with 1, 2 and
 * all threads. It needs only the export: no etotune, no LLVM.
 *
 *   etotune tune examples/quickstart.list --trials 64
 *   etotune export examples/quickstart.list --out OUT
 *   cc -O2 -I OUT export_check.c -L OUT -lquickstart -pthread -lm -o export_check   (static: OUT/libquickstart.a)
 *   ./export_check
 * Exit status 0 when every kernel matches, 1 otherwise. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "quickstart.h"

static unsigned long long rng_state = 12345;
static float frand(void) { /* uniform in [-1, 1) */
  rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
  return (float)((double)(rng_state >> 11) / 9007199254740992.0 * 2.0 - 1.0);
}

static float *random_tensor(size_t n) {
  float *x = malloc(n * sizeof *x);
  for (size_t i = 0; i < n; i++) x[i] = frand();
  return x;
}

/* out[b][m][n] = sum_k a[b][m][k] * w[b][k][n], in double */
static void naive_bmm(int B, int M, int N, int K, const float *a, const float *w, float *out) {
  for (int b = 0; b < B; b++)
    for (int m = 0; m < M; m++)
      for (int n = 0; n < N; n++) {
        double s = 0;
        for (int k = 0; k < K; k++) s += (double)a[((size_t)b * M + m) * K + k] * w[((size_t)b * K + k) * N + n];
        out[((size_t)b * M + m) * N + n] = (float)s;
      }
}

/* out[b] = sqrt(sum of x[b][..]^2) */
static void naive_norm(int B, int M, int N, const float *x, float *out) {
  for (int b = 0; b < B; b++) {
    double s = 0;
    for (size_t i = 0; i < (size_t)M * N; i++) s += (double)x[(size_t)b * M * N + i] * x[(size_t)b * M * N + i];
    out[b] = (float)sqrt(s);
  }
}

static int failures;

static void compare(const char *what, int threads, const float *got, const float *want, size_t n) {
  size_t bad = 0, first = 0;
  for (size_t i = 0; i < n; i++)
    if (!(fabsf(got[i] - want[i]) <= 1e-3f * (1.0f + fabsf(want[i])))) {
      if (!bad) first = i;
      bad++;
    }
  if (bad) {
    fprintf(stderr, "FAIL %s (%d threads): %zu of %zu outputs differ, [%zu] = %g, naive %g\n", what, threads, bad, n,
            first, got[first], want[first]);
    failures++;
  } else {
    printf("ok   %s (%d threads): %zu outputs match the naive loop\n", what, threads, n);
  }
}

/* One matmul-like kernel: fills the output with NaN (so that unwritten elements fail), runs it, compares. */
typedef int (*kernel2)(const float *, const float *, float *);

static void check_bmm(const char *what, kernel2 fn, int threads, int B, int M, int N, int K) {
  float *a = random_tensor((size_t)B * M * K), *w = random_tensor((size_t)B * K * N);
  size_t n = (size_t)B * M * N;
  float *got = malloc(n * sizeof *got), *want = malloc(n * sizeof *want);
  for (size_t i = 0; i < n; i++) got[i] = NAN;
  naive_bmm(B, M, N, K, a, w, want);
  int rc = fn(a, w, got);
  if (rc != 0) {
    fprintf(stderr, "FAIL %s: returned %d\n", what, rc);
    failures++;
  }
  compare(what, threads, got, want, n);
  free(a), free(w), free(got), free(want);
}

int main(void) {
  const int thread_counts[] = {1, 2, 0};
  for (int t = 0; t < 3; t++) {
    if (quickstart_set_threads(thread_counts[t]) != 0) {
      fprintf(stderr, "FAIL quickstart_set_threads(%d)\n", thread_counts[t]);
      return 1;
    }
    int threads = quickstart_threads();
    if (thread_counts[t] > 0 && threads != thread_counts[t]) {
      fprintf(stderr, "FAIL quickstart_threads() = %d after set_threads(%d)\n", threads, thread_counts[t]);
      failures++;
    }
    check_bmm("proj", quickstart_proj, threads, 1, 128, 256, 256);
    check_bmm("ffn_up", quickstart_ffn_up, threads, 1, 128, 512, 256);
    check_bmm("ffn_down", quickstart_ffn_down, threads, 1, 128, 256, 512);
    check_bmm("attn_scores", quickstart_attn_scores, threads, 4, 128, 128, 64);
    float *x = random_tensor(256 * 256), got = NAN, want;
    naive_norm(1, 256, 256, x, &want);
    if (quickstart_norm(x, &got) != 0) failures++;
    compare("norm", threads, &got, &want, 1);
    free(x);
  }
  if (quickstart_set_threads(-1) != EINVAL || quickstart_proj(NULL, NULL, NULL) != EINVAL) {
    fprintf(stderr, "FAIL: bad arguments are not refused with EINVAL\n");
    failures++;
  }
  quickstart_shutdown();
  printf("%s\n", failures ? "FAILED" : "all exported kernels match");
  return failures ? 1 : 0;
}
