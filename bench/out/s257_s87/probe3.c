/* session 71: the library's code at other addresses in one process: N copies of the export's .so (each loaded at
 * its own base), the dispatch function at s timed through each (the best of three 50 ms timings, the pool shut down
 * after), with the load base printed. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

typedef int (*dfn)(int64_t, const float *, const float *, float *);
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
int main(int argc, char **argv) {
  const char *so = argv[1], *fname = argv[3];
  int64_t S = atoll(argv[2]);
  int N = atoi(argv[4]);
  size_t na = 12 * S * 64, nc = 12 * S * S;
  float *A = buf(na), *B = buf(na), *C = buf(nc);
  for (int i = 0; i < N; i++) {
    char path[256], cmd[600];
    snprintf(path, sizeof path, "/tmp/probe3_%d.so", i);
    snprintf(cmd, sizeof cmd, "cp %s %s", so, path);
    if (system(cmd) != 0) return 1;
    void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    dfn f = (dfn)dlsym(lib, fname);
    ((int (*)(int))dlsym(lib, "bert_dyn_set_threads"))(2);
    void (*shut)(void) = (void (*)(void))dlsym(lib, "bert_dyn_shutdown");
    struct link_map *lm;
    dlinfo(lib, RTLD_DI_LINKMAP, &lm);
    f(S, A, B, C);
    double best = 0;
    for (int r = 0; r < 3; r++) {
      int n = 0; double t0 = now(), t;
      do { f(S, A, B, C); n++; } while ((t = now()) - t0 < 0.05);
      double g = 2.0 * 12 * S * S * 64 / ((t - t0) / n) * 1e-9;
      if (g > best) best = g;
    }
    shut();
    printf("%d base %lx fn %lx: %.0f\n", i, (unsigned long)lm->l_addr, (unsigned long)(uintptr_t)f, best);
    fflush(stdout);
  }
  return 0;
}
