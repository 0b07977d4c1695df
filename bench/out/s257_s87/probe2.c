/* session 71: the caller's stack on new pages each time: a new thread (its own 8 MiB stack, never freed, so its
 * pages are new frames) calls the dispatch function at s and times it; the pool is shut down after each (new worker
 * stacks too). D: the same buffers; E: fresh buffers as well. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

typedef int (*dfn)(int64_t, const float *, const float *, float *);
static dfn f;
static void (*shut)(void);
static int64_t S = 257;
static float *A, *B, *C;
static double res;

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static float *buf(size_t n) {
  size_t b = n * 4, H = 2u << 20, len = (b + H - 1) / H * H + H;
  char *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  p = (char *)(((uintptr_t)p + H - 1) / H * H);
  madvise(p, (b + H - 1) / H * H, MADV_HUGEPAGE);
  float *q = (float *)p;
  for (size_t j = 0; j < n; j++) q[j] = (float)((j * 7919) % 1000) / 1000.0f - 0.5f;
  return q;
}
static void *run(void *x) {
  (void)x;
  f(S, A, B, C);
  res = 0;
  for (int r = 0; r < 3; r++) { /* the best of three 50 ms timings: a state, not a burst */
    int n = 0; double t0 = now(), t;
    do { f(S, A, B, C); n++; } while ((t = now()) - t0 < 0.05);
    double g = 2.0 * 12 * S * S * 64 / ((t - t0) / n) * 1e-9;
    if (g > res) res = g;
  }
  return NULL;
}
int main(int argc, char **argv) {
  void *lib = dlopen(argv[1], RTLD_NOW);
  f = (dfn)dlsym(lib, argv[3]);
  int (*st)(int) = (int (*)(int))dlsym(lib, "bert_dyn_set_threads");
  shut = (void (*)(void))dlsym(lib, "bert_dyn_shutdown");
  S = atoll(argv[2]);
  int N = argc > 4 ? atoi(argv[4]) : 40;
  st(2);
  size_t na = 12 * S * 64, nc = 12 * S * S;
  A = buf(na), B = buf(na), C = buf(nc);
  for (int e = 0; e < 2; e++) {
    printf(e ? "E (fresh buffers too):" : "D (new caller stack):");
    for (int i = 0; i < N; i++) {
      if (e) A = buf(na), B = buf(na), C = buf(nc);
      pthread_attr_t at; pthread_attr_init(&at);
      char *stk = mmap(NULL, 10u << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (getenv("HUGE_STACK")) {
        stk = (char *)(((uintptr_t)stk + (2u << 20) - 1) & ~(uintptr_t)((2u << 20) - 1));
        madvise(stk, 8u << 20, MADV_HUGEPAGE);
      }
      pthread_attr_setstack(&at, stk, 8u << 20);
      pthread_t th; pthread_create(&th, &at, run, NULL); pthread_join(th, NULL);
      shut();
      printf(" %.0f", res); fflush(stdout);
    }
    printf("\n");
  }
  return 0;
}
