/* pool.c — the runtime thread pool that runs the blocks of a kernel in parallel on the CPU cores.
 * Each thread (the calling one works too) runs its own share of the blocks first, in chunks taken from the share's
 * atomic counter, then helps with the others' (work). Idle workers sleep on a condition variable, or spin while
 * eto_pool_spin is on (timing loops). */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "codegen.h"

#define MAX_THREADS 256
#define WORKER_STACK (64u << 20) /* block-local tiles live on the stack */

struct eto_pool;
typedef struct {
  struct eto_pool *p;
  int self; /* the worker's share: 1..n-1 (the caller's is 0) */
} pool_worker;

struct eto_pool {
  int n; /* threads including the caller */
  pool_worker w[MAX_THREADS];
  pthread_t th[MAX_THREADS];
  clockid_t clk[MAX_THREADS]; /* the workers' CPU-time clocks (eto_pool_cpu_seconds) */
  pthread_mutex_t mu;
  pthread_cond_t cv;
  atomic_ullong gen;
  atomic_llong next[MAX_THREADS]; /* per share: its next block */
  int64_t end[MAX_THREADS];        /* per share: its end */
  atomic_int busy;
  atomic_int spin;
  atomic_int stop;
  eto_kernel_fn fn;
  float **args;
  int64_t chunk;
};

/* Thread self's part of a call: the blocks of its own share (thread i's: [i nblocks / n, (i + 1) nblocks / n)), then
 * what is left of the others', each in chunks from the share's counter. From call to call a core runs the same
 * blocks, so what they read can stay in its own caches (a shared counter handed them out as the threads came, so a
 * core's blocks changed from call to call; bench/RESULTS.md AN.4: the projection's members at 2-8 rows, whose time
 * goes to reading 2.4 MB of weights, 1.11-1.17x faster); a thread held up by another process is still helped. */
static void work(eto_pool *p, int self) {
  for (int k = 0; k < p->n; k++) {
    int r = (self + k) % p->n;
    for (;;) {
      int64_t b = atomic_fetch_add(&p->next[r], p->chunk);
      if (b >= p->end[r]) break;
      p->fn(p->args, b, b + p->chunk < p->end[r] ? b + p->chunk : p->end[r]);
    }
  }
}

static void *worker(void *arg) {
  eto_pool *p = ((pool_worker *)arg)->p;
  int self = ((pool_worker *)arg)->self;
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
    work(p, self);
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
    p->w[i] = (pool_worker){p, i + 1};
    if (pthread_create(&p->th[i], &attr, worker, &p->w[i]) != 0) {
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
  int64_t chunk = nblocks / (8 * p->n);
  p->chunk = chunk > 0 ? chunk : 1;
  for (int i = 0; i < p->n; i++) {
    atomic_store(&p->next[i], nblocks * i / p->n);
    p->end[i] = nblocks * (i + 1) / p->n;
  }
  atomic_store(&p->busy, p->n - 1);
  pthread_mutex_lock(&p->mu);
  atomic_fetch_add(&p->gen, 1);
  pthread_cond_broadcast(&p->cv);
  pthread_mutex_unlock(&p->mu);
  work(p, 0);
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
