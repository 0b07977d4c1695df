/* session 71: where does the scores@257 slow state (BM.3: 146 vs 190 GFLOP/s in 2 of 4 processes) come from?
 * One process; the exported dispatch function at s=257, timed (warm-up, then calls for >= 50 ms, the mean) under:
 *   A: the same buffers, the pool shut down between timings (new worker stacks);
 *   B: fresh buffers each time (old ones kept mapped, so new pages);
 *   C: the same buffers and pool, the caller's stack moved down by 4 KiB steps (0..15 pages). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <alloca.h>

typedef int (*dfn)(int64_t, const float *, const float *, float *);
static dfn f;
static void (*shut)(void);
static int64_t S = 257;

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static float *buf(size_t n) {
  size_t b = n * 4, H = 2u << 20, len = (b + H - 1) / H * H + H;
  char *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  p = (char *)(((uintptr_t)p + H - 1) / H * H);
  madvise(p, (b + H - 1) / H * H, getenv("SMALL") ? MADV_NOHUGEPAGE : MADV_HUGEPAGE);
  float *q = (float *)p;
  for (size_t j = 0; j < n; j++) q[j] = (float)((j * 7919) % 1000) / 1000.0f - 0.5f;
  return q;
}
static double gflops(float *a, float *b, float *c) {
  f(S, a, b, c);
  int n = 0; double t0 = now(), t;
  do { f(S, a, b, c); n++; } while ((t = now()) - t0 < 0.05);
  return 2.0 * 12 * S * S * 64 / ((t - t0) / n) * 1e-9;
}
static __attribute__((noinline)) double shifted(int pages, float *a, float *b, float *c) {
  volatile char *pad = alloca(4096 * pages + 1);
  pad[0] = 0;
  return gflops(a, b, c);
}
int main(int argc, char **argv) {
  void *lib = dlopen(argv[1], RTLD_NOW);
  f = (dfn)dlsym(lib, "bert_dyn_base_b1_dyn_attn_scores");
  int (*st)(int) = (int (*)(int))dlsym(lib, "bert_dyn_set_threads");
  shut = (void (*)(void))dlsym(lib, "bert_dyn_shutdown");
  if (argc > 2) S = atoll(argv[2]);
  st(2);
  size_t na = 12 * S * 64, nc = 12 * S * S;
  float *a = buf(na), *b = buf(na), *c = buf(nc);
  printf("A (pool restarted):");
  for (int i = 0; i < 12; i++) { printf(" %.0f", gflops(a, b, c)); shut(); fflush(stdout); }
  printf("\nB (fresh buffers):");
  for (int i = 0; i < 12; i++) { float *a2 = buf(na), *b2 = buf(na), *c2 = buf(nc); printf(" %.0f", gflops(a2, b2, c2)); fflush(stdout); }
  printf("\nC (caller stack shifted 0..15 pages):");
  for (int i = 0; i < 16; i++) { printf(" %.0f", shifted(i, a, b, c)); fflush(stdout); }
  printf("\n");
  return 0;
}
