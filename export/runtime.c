/* runtime.c — the thread-pool runtime of an exported kernel library (etotune export).
 *
 * This file is not part of libeto_export: `etotune export` copies it (embedded as a string at build time) into
 * the translation unit of each exported library, followed by the generated wrappers (one per operator) and the
 * library's public functions, which are the only non-static names. So it may only use C11, POSIX threads and
 * what the generated code defines before it: ETO_RT_STACK_BYTES (the stack a worker needs: the block-local
 * tiles of the largest kernel, plus a margin).
 *
 * A copy of src/codegen/pool.c's scheme: each thread (the calling one works too) runs its own share of a kernel's
 * blocks first, in chunks taken from the share's counter, then helps with the others' (eto_rt_work). One pool per
 * library, created at the first call with the thread count set by eto_rt_set_threads (default: online cores). Idle
 * workers spin for a short while (so that back-to-back calls pay ~1 us, not the ~80 us of a wake-up) and then sleep.
 * Calls from several threads at once are safe: one call at a time uses the pool, the others run their blocks on their
 * own thread.
 */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define ETO_RT_MAX_THREADS 256
#define ETO_RT_SPIN 200000 /* pause iterations an idle worker spins before it sleeps (about 100 us to 1 ms) */

typedef void (*eto_rt_kernel)(float **args, int64_t block_begin, int64_t block_end);

typedef struct {
  int n; /* threads including the caller; 0 = not started */
  pthread_t th[ETO_RT_MAX_THREADS];
  pthread_mutex_t mu;
  pthread_cond_t cv;
  atomic_ullong gen;
  unsigned long long start_gen; /* gen when the workers were started: a worker that starts late must not
                                   take the first call's generation for one it has seen */
  atomic_llong next[ETO_RT_MAX_THREADS]; /* per share: its next block */
  int64_t end[ETO_RT_MAX_THREADS];        /* per share: its end */
  int self[ETO_RT_MAX_THREADS];           /* the workers' shares, 1..n-1 (the caller's is 0) */
  atomic_int busy;
  atomic_int stop;
  eto_rt_kernel fn;
  float **args;
  int64_t chunk;
} eto_rt_pool;

static eto_rt_pool eto_rt = {.mu = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER};
static pthread_mutex_t eto_rt_run_mu = PTHREAD_MUTEX_INITIALIZER; /* held by the call that uses the pool */
static int eto_rt_wanted;                                         /* threads asked for; 0 = online cores */

static inline void eto_rt_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

/* Thread self's part of a call: its own share of the blocks ([self nblocks / n, (self + 1) nblocks / n)), then what is
 * left of the others', in chunks from each share's counter: a core runs the same blocks from call to call, so what
 * they read stays in its caches. */
static void eto_rt_work(eto_rt_pool *p, int self) {
  for (int k = 0; k < p->n; k++) {
    int r = (self + k) % p->n;
    for (;;) {
      int64_t b = atomic_fetch_add(&p->next[r], p->chunk);
      if (b >= p->end[r]) break;
      p->fn(p->args, b, b + p->chunk < p->end[r] ? b + p->chunk : p->end[r]);
    }
  }
}

static void *eto_rt_worker(void *arg) {
  eto_rt_pool *p = &eto_rt;
  int self = *(const int *)arg;
  unsigned long long seen = p->start_gen;
  for (;;) {
    unsigned long long g;
    for (int i = 0;; i++) {
      g = atomic_load(&p->gen);
      if (g != seen || atomic_load(&p->stop)) break;
      if (i < ETO_RT_SPIN) {
        eto_rt_pause();
        continue;
      }
      pthread_mutex_lock(&p->mu);
      while (atomic_load(&p->gen) == seen && !atomic_load(&p->stop)) pthread_cond_wait(&p->cv, &p->mu);
      pthread_mutex_unlock(&p->mu);
    }
    if (atomic_load(&p->stop)) return NULL;
    seen = g;
    eto_rt_work(p, self);
    atomic_fetch_sub(&p->busy, 1);
  }
}

/* Stops and joins the workers. Caller holds eto_rt_run_mu. */
static void eto_rt_stop(void) {
  eto_rt_pool *p = &eto_rt;
  if (p->n == 0) return;
  pthread_mutex_lock(&p->mu);
  atomic_store(&p->stop, 1);
  pthread_cond_broadcast(&p->cv);
  pthread_mutex_unlock(&p->mu);
  for (int i = 0; i < p->n - 1; i++) pthread_join(p->th[i], NULL);
  atomic_store(&p->stop, 0);
  p->n = 0;
}

/* Starts the workers (eto_rt_wanted threads, the caller included). Caller holds eto_rt_run_mu. A thread that
 * cannot be started leaves a smaller pool; with none, the caller runs every block. */
static void eto_rt_start(void) {
  eto_rt_pool *p = &eto_rt;
  int threads = eto_rt_wanted;
  if (threads <= 0) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    threads = n > 0 ? (int)n : 1;
  }
  if (threads > ETO_RT_MAX_THREADS) threads = ETO_RT_MAX_THREADS;
  p->n = 1;
  p->start_gen = atomic_load(&p->gen);
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, ETO_RT_STACK_BYTES);
  for (int i = 0; i < threads - 1; i++) {
    p->self[i] = i + 1;
    if (pthread_create(&p->th[i], &attr, eto_rt_worker, &p->self[i]) != 0) break;
    p->n = i + 2;
  }
  pthread_attr_destroy(&attr);
}

/* Runs blocks [0, nblocks) of fn. Returns 0. */
static int eto_rt_run(eto_rt_kernel fn, float **args, int64_t nblocks) {
  if (pthread_mutex_trylock(&eto_rt_run_mu) != 0) { /* another call has the pool: run on this thread */
    fn(args, 0, nblocks);
    return 0;
  }
  eto_rt_pool *p = &eto_rt;
  if (p->n == 0) eto_rt_start();
  if (p->n == 1 || nblocks == 1) {
    fn(args, 0, nblocks);
    pthread_mutex_unlock(&eto_rt_run_mu);
    return 0;
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
  eto_rt_work(p, 0);
  while (atomic_load(&p->busy) > 0) eto_rt_pause();
  pthread_mutex_unlock(&eto_rt_run_mu);
  return 0;
}

/* Sets the thread count of later calls (0: online cores). Returns 0, or EINVAL for n < 0 or n > 256. */
static int eto_rt_set_threads(int n) {
  if (n < 0 || n > ETO_RT_MAX_THREADS) return EINVAL;
  pthread_mutex_lock(&eto_rt_run_mu);
  eto_rt_stop();
  eto_rt_wanted = n;
  pthread_mutex_unlock(&eto_rt_run_mu);
  return 0;
}

/* Threads the next call uses. */
static int eto_rt_threads(void) {
  pthread_mutex_lock(&eto_rt_run_mu);
  int n = eto_rt.n;
  if (n == 0) {
    n = eto_rt_wanted;
    if (n <= 0) {
      long c = sysconf(_SC_NPROCESSORS_ONLN);
      n = c > 0 ? (int)c : 1;
    }
    if (n > ETO_RT_MAX_THREADS) n = ETO_RT_MAX_THREADS;
  }
  pthread_mutex_unlock(&eto_rt_run_mu);
  return n;
}

/* Joins the workers; the next call starts them again. Also run when a shared library is unloaded. */
static void eto_rt_shutdown(void) {
  pthread_mutex_lock(&eto_rt_run_mu);
  eto_rt_stop();
  pthread_mutex_unlock(&eto_rt_run_mu);
}

__attribute__((destructor)) static void eto_rt_unload(void) { eto_rt_shutdown(); }

/* ---- dispatch of a family (one function for every value of a `let` variable) ----
 * A value without its own kernel runs the kernel of the smallest tuned value above it on zero-padded copies of
 * the tensors whose shape depends on the value (zeros add nothing to a sum of products or of squares), and the
 * output is cropped back. The copies live in per-thread scratch buffers that grow to the largest padded tensor
 * and are kept for the thread's later calls. */

#define ETO_RT_SCRATCH 8
static __thread float *eto_rt_scratch_p[ETO_RT_SCRATCH];
static __thread size_t eto_rt_scratch_n[ETO_RT_SCRATCH];

/* Scratch buffer `slot` of at least n floats (NULL when out of memory), page-aligned as the arrays the kernels were
 * measured on (a kernel's vector loads split cache lines on malloc's 16-byte alignment). */
__attribute__((unused)) static float *eto_rt_scratch(int slot, int64_t n) {
  if ((size_t)n > eto_rt_scratch_n[slot]) {
    free(eto_rt_scratch_p[slot]);
    eto_rt_scratch_p[slot] = aligned_alloc(4096, (sizeof(float) * (size_t)n + 4095) / 4096 * 4096);
    eto_rt_scratch_n[slot] = eto_rt_scratch_p[slot] ? (size_t)n : 0;
  }
  return eto_rt_scratch_p[slot];
}

__attribute__((unused)) static int64_t eto_rt_volume(const int64_t *d, int rank) {
  int64_t v = 1;
  for (int i = 0; i < rank; i++) v *= d[i];
  return v;
}

/* Copies the row-major tensor src (dims ds) into the leading corner of dst (dims dd >= ds), zeros elsewhere. */
__attribute__((unused)) static void eto_rt_pad(const float *src, const int64_t *ds, float *dst, const int64_t *dd, int rank) {
  int same = 1; /* equal inner dims: one contiguous block */
  for (int i = 1; i < rank; i++) same &= ds[i] == dd[i];
  if (rank == 1 || same) {
    int64_t inner = eto_rt_volume(ds + 1, rank - 1);
    memcpy(dst, src, sizeof(float) * (size_t)(ds[0] * inner));
    memset(dst + ds[0] * inner, 0, sizeof(float) * (size_t)((dd[0] - ds[0]) * inner));
    return;
  }
  int64_t ss = eto_rt_volume(ds + 1, rank - 1), sd = eto_rt_volume(dd + 1, rank - 1);
  for (int64_t i = 0; i < ds[0]; i++) eto_rt_pad(src + i * ss, ds + 1, dst + i * sd, dd + 1, rank - 1);
  for (int64_t i = ds[0] * sd; i < dd[0] * sd; i++) dst[i] = 0;
}

/* Copies the leading corner (dims dd) of the row-major tensor src (dims ds >= dd) into dst. */
__attribute__((unused)) static void eto_rt_crop(const float *src, const int64_t *ds, float *dst, const int64_t *dd, int rank) {
  int same = 1;
  for (int i = 1; i < rank; i++) same &= ds[i] == dd[i];
  if (rank == 1 || same) {
    memcpy(dst, src, sizeof(float) * (size_t)(dd[0] * eto_rt_volume(dd + 1, rank - 1)));
    return;
  }
  int64_t ss = eto_rt_volume(ds + 1, rank - 1), sd = eto_rt_volume(dd + 1, rank - 1);
  for (int64_t i = 0; i < dd[0]; i++) eto_rt_crop(src + i * ss, ds + 1, dst + i * sd, dd + 1, rank - 1);
}

/* Naive kernels for values above the largest tuned one (correct, not fast; double accumulation).
 * out[b,m,n] = sum_k a[b,m,k] w[b,k,n] (+ bias[n], relu); wb = 0 when w is shared by the batches. */
__attribute__((unused)) static void eto_rt_naive_matmul(int64_t nb, int64_t m, int64_t n, int64_t k, const float *a, const float *w, int64_t wb,
                                const float *bias, int relu, float *out) {
  for (int64_t b = 0; b < nb; b++)
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < n; j++) {
        double s = 0;
        for (int64_t q = 0; q < k; q++) s += (double)a[(b * m + i) * k + q] * w[(b * wb * k + q) * n + j];
        if (bias) s += bias[j];
        if (relu && s < 0) s = 0;
        out[(b * m + i) * n + j] = (float)s;
      }
}

/* out[b] = sqrt(sum over m, n of x[b,m,n]^2) */
__attribute__((unused)) static void eto_rt_naive_norm(int64_t nb, int64_t mn, const float *x, float *out) {
  for (int64_t b = 0; b < nb; b++) {
    double s = 0;
    for (int64_t i = 0; i < mn; i++) s += (double)x[b * mn + i] * x[b * mn + i];
    out[b] = (float)__builtin_sqrt(s); /* no libm: the runtime is compiled with -fno-math-errno */
  }
}
