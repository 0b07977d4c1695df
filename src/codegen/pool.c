/* pool.c — the runtime thread pool that runs the blocks of a kernel in parallel on the CPU cores.
 * Workers take chunks of blocks from a shared atomic counter; the calling thread works too. Idle workers
 * sleep on a condition variable, or spin while eto_pool_spin is on (timing loops). */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "codegen.h"

#define MAX_THREADS 256
#define WORKER_STACK (64u << 20) /* block-local tiles live on the stack */

struct eto_pool {
  int n; /* threads including the caller */
  pthread_t th[MAX_THREADS];
  clockid_t clk[MAX_THREADS]; /* the workers' CPU-time clocks (eto_pool_cpu_seconds) */
  pthread_mutex_t mu;
  pthread_cond_t cv;
  atomic_ullong gen;
  atomic_llong next;
  atomic_int busy;
  atomic_int spin;
  atomic_int stop;
  eto_kernel_fn fn;
  float **args;
  int64_t nblocks, chunk;
};

static void work(eto_pool *p) {
  for (;;) {
    int64_t b = atomic_fetch_add(&p->next, p->chunk);
    if (b >= p->nblocks) return;
    int64_t e = b + p->chunk < p->nblocks ? b + p->chunk : p->nblocks;
    p->fn(p->args, b, e);
  }
}

static void *worker(void *arg) {
  eto_pool *p = arg;
  unsigned long long seen = 0;
  for (;;) {
    unsigned long long g;
    for (int i = 0;; i++) {
      g = atomic_load(&p->gen);
      if (g != seen || atomic_load(&p->stop)) break;
      if (atomic_load(&p->spin) && i < (1 << 24)) {
        __builtin_ia32_pause();
        continue;
      }
      pthread_mutex_lock(&p->mu);
      while (atomic_load(&p->gen) == seen && !atomic_load(&p->stop) && !atomic_load(&p->spin)) pthread_cond_wait(&p->cv, &p->mu);
      pthread_mutex_unlock(&p->mu);
      i = 0;
    }
    if (atomic_load(&p->stop)) return NULL;
    seen = g;
    work(p);
    atomic_fetch_sub(&p->busy, 1);
  }
}

eto_pool *eto_pool_create(int threads) {
  if (threads <= 0) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    threads = n > 0 ? (int)n : 1;
  }
  if (threads > MAX_THREADS) threads = MAX_THREADS;
  eto_pool *p = calloc(1, sizeof *p);
  if (!p) return NULL;
  p->n = threads;
  pthread_mutex_init(&p->mu, NULL);
  pthread_cond_init(&p->cv, NULL);
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, WORKER_STACK);
  for (int i = 0; i < threads - 1; i++) {
    if (pthread_create(&p->th[i], &attr, worker, p) != 0) {
      p->n = i + 1;
      break;
    }
    if (pthread_getcpuclockid(p->th[i], &p->clk[i]) != 0) p->clk[i] = (clockid_t)-1;
  }
  pthread_attr_destroy(&attr);
  return p;
}

int eto_pool_threads(const eto_pool *p) { return p->n; }

static double clock_seconds(clockid_t c) {
  struct timespec ts;
  return c != (clockid_t)-1 && clock_gettime(c, &ts) == 0 ? (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9 : 0;
}

double eto_pool_cpu_seconds(const eto_pool *p) {
  double sum = clock_seconds(CLOCK_THREAD_CPUTIME_ID);
  for (int i = 0; i < p->n - 1; i++) sum += clock_seconds(p->clk[i]);
  return sum;
}

void eto_pool_spin(eto_pool *p, int on) {
  atomic_store(&p->spin, on);
  if (!on) return;
  pthread_mutex_lock(&p->mu);
  pthread_cond_broadcast(&p->cv);
  pthread_mutex_unlock(&p->mu);
}

void eto_pool_run(eto_pool *p, eto_kernel_fn fn, float **args, int64_t nblocks) {
  if (p->n == 1 || nblocks == 1) {
    fn(args, 0, nblocks);
    return;
  }
  p->fn = fn;
  p->args = args;
  p->nblocks = nblocks;
  int64_t chunk = nblocks / (8 * p->n);
  p->chunk = chunk > 0 ? chunk : 1;
  atomic_store(&p->next, 0);
  atomic_store(&p->busy, p->n - 1);
  pthread_mutex_lock(&p->mu);
  atomic_fetch_add(&p->gen, 1);
  pthread_cond_broadcast(&p->cv);
  pthread_mutex_unlock(&p->mu);
  work(p);
  while (atomic_load(&p->busy) > 0) __builtin_ia32_pause();
}

void eto_pool_free(eto_pool *p) {
  if (!p) return;
  pthread_mutex_lock(&p->mu);
  atomic_store(&p->stop, 1);
  pthread_cond_broadcast(&p->cv);
  pthread_mutex_unlock(&p->mu);
  for (int i = 0; i < p->n - 1; i++) pthread_join(p->th[i], NULL);
  pthread_mutex_destroy(&p->mu);
  pthread_cond_destroy(&p->cv);
  free(p);
}
