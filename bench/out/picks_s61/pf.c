/* m=4 (or M), K x N row-major weights read directly, register tile M x (16*V), 2 threads each its half of N.
 * Variant: software prefetch of the W lines D rows ahead. Prints GFLOP/s per variant, alternated rounds. */
#include <immintrin.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#define M 4
#define K 768
#define N 768
static float *A, *W, *C;
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
#define KERNEL(NAME, V, D) \
static void NAME(int j0, int j1) { \
  for (int jb = j0; jb < j1; jb += 16 * V) { \
    __m512 acc[M][V]; \
    for (int r = 0; r < M; r++) for (int v = 0; v < V; v++) acc[r][v] = _mm512_setzero_ps(); \
    for (int k = 0; k < K; k++) { \
      const float *w = W + (size_t)k * N + jb; \
      if (D > 0) for (int v = 0; v < V; v++) _mm_prefetch((const char *)(w + (size_t)D * N + 16 * v), _MM_HINT_T0); \
      __m512 wv[V]; \
      for (int v = 0; v < V; v++) wv[v] = _mm512_loadu_ps(w + 16 * v); \
      for (int r = 0; r < M; r++) { \
        __m512 a = _mm512_set1_ps(A[r * K + k]); \
        for (int v = 0; v < V; v++) acc[r][v] = _mm512_fmadd_ps(a, wv[v], acc[r][v]); \
      } \
    } \
    for (int r = 0; r < M; r++) for (int v = 0; v < V; v++) _mm512_storeu_ps(C + r * N + jb + 16 * v, acc[r][v]); \
  } \
}
KERNEL(k2_0, 2, 0) KERNEL(k2_8, 2, 8) KERNEL(k2_16, 2, 16)
KERNEL(k4_0, 4, 0) KERNEL(k4_8, 4, 8) KERNEL(k4_16, 4, 16)
KERNEL(k6_0, 6, 0) KERNEL(k6_8, 6, 8)
typedef void (*kf)(int, int);
static double run(kf f, int V) {
  int per = N / 2; /* each thread its half; 384 = 16*V*blocks needs V | 24 */
  double best = 1e9, t0 = now(); int reps = 0;
  double ts[4096];
  while (now() - t0 < 0.25 && reps < 4096) {
    double s = now();
#pragma omp parallel num_threads(2)
    { int t = omp_get_thread_num(); f(t * per, (t + 1) * per); }
    ts[reps++] = now() - s;
  }
  /* median */
  for (int i = 1; i < reps; i++) { double x = ts[i]; int j = i - 1; while (j >= 0 && ts[j] > x) { ts[j + 1] = ts[j]; j--; } ts[j + 1] = x; }
  best = ts[reps / 2];
  (void)V;
  return 2.0 * M * K * N / best * 1e-9;
}
int main(void) {
  A = aligned_alloc(64, sizeof(float) * M * K); W = aligned_alloc(64, sizeof(float) * K * N); C = aligned_alloc(64, sizeof(float) * M * N);
  for (int i = 0; i < M * K; i++) A[i] = (float)(i % 7) * 0.1f;
  for (int i = 0; i < K * N; i++) W[i] = (float)(i % 5) * 0.1f;
  struct { const char *n; kf f; int V; } vs[] = {{"4x32", k2_0, 2}, {"4x32 pf8", k2_8, 2}, {"4x32 pf16", k2_16, 2},
    {"4x64", k4_0, 4}, {"4x64 pf8", k4_8, 4}, {"4x64 pf16", k4_16, 4}, {"4x96", k6_0, 6}, {"4x96 pf8", k6_8, 6}};
  int nv = sizeof vs / sizeof vs[0];
  for (int round = 0; round < 6; round++) {
    printf("round %d:", round);
    for (int v = 0; v < nv; v++) printf(" %s %.0f |", vs[v].n, run(vs[v].f, vs[v].V));
    printf("\n"); fflush(stdout);
  }
  return 0;
}
