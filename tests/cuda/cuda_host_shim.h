/* cuda_host_shim.h — TEST ONLY: lets the host C++ compiler build the CUDA C that src/cuda prints, so that its
 * semantics (precedence, floor division, index types, vector accesses, scopes, barriers) can be run on the
 * CPU and compared with the reference. Force-included (-include) before the printed source by test_cuda_host.
 *
 * A block's threads are ucontext coroutines on one OS thread: __syncthreads() yields to a scheduler that
 * resumes every thread once all of them reached the barrier; a thread that ends while others wait at a
 * barrier is a divergence error. __shared__ arrays become function statics (one block runs at a time),
 * per-thread arrays stay automatic variables of each coroutine's stack. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>

#define __global__
#define __device__
#define __forceinline__ inline
#define __launch_bounds__(n)
#define __shared__ static
#define __align__(n) __attribute__((aligned(n)))

struct eto_dim3 {
  unsigned x, y, z;
};
static eto_dim3 threadIdx, blockIdx;

struct __attribute__((aligned(8))) float2 {
  float x, y;
};
struct __attribute__((aligned(16))) float4 {
  float x, y, z, w;
};
static inline float2 make_float2(float a, float b) { return float2{a, b}; }
static inline float4 make_float4(float a, float b, float c, float d) { return float4{a, b, c, d}; }
static inline int min(int a, int b) { return a < b ? a : b; }
static inline int max(int a, int b) { return a > b ? a : b; }
static inline long long min(long long a, long long b) { return a < b ? a : b; }
static inline long long max(long long a, long long b) { return a > b ? a : b; }
static inline float __int_as_float(int i) {
  float f;
  memcpy(&f, &i, sizeof f);
  return f;
}

enum { ETO_RUNNING = 0, ETO_AT_BARRIER = 1, ETO_DONE = 2 };
static ucontext_t eto_sched_ctx;
static ucontext_t *eto_thread_ctx;
static int *eto_thread_state;
static int eto_cur_thread;
static void (*eto_body)(void *);
static void *eto_body_arg;

static void __syncthreads() {
  eto_thread_state[eto_cur_thread] = ETO_AT_BARRIER;
  swapcontext(&eto_thread_ctx[eto_cur_thread], &eto_sched_ctx);
}

static void eto_thread_entry(void) {
  eto_body(eto_body_arg);
  eto_thread_state[eto_cur_thread] = ETO_DONE; /* returns to eto_sched_ctx through uc_link */
}

/* Runs body(arg) as `blocks` blocks of `threads` threads. Returns 0, or -1 (message on stderr) on divergence.
 */
static int eto_host_launch(void (*body)(void *), void *arg, long long blocks, long long threads) {
  const size_t stack = 64 * 1024;
  int rc = 0;
  eto_body = body;
  eto_body_arg = arg;
  eto_thread_ctx = (ucontext_t *)calloc((size_t)threads, sizeof(ucontext_t));
  eto_thread_state = (int *)calloc((size_t)threads, sizeof(int));
  char *stacks = (char *)malloc(stack * (size_t)threads);
  for (long long b = 0; b < blocks && rc == 0; b++) {
    blockIdx.x = (unsigned)b;
    for (long long i = 0; i < threads; i++) {
      getcontext(&eto_thread_ctx[i]);
      eto_thread_ctx[i].uc_stack.ss_sp = stacks + stack * (size_t)i;
      eto_thread_ctx[i].uc_stack.ss_size = stack;
      eto_thread_ctx[i].uc_link = &eto_sched_ctx;
      makecontext(&eto_thread_ctx[i], eto_thread_entry, 0);
      eto_thread_state[i] = ETO_RUNNING;
    }
    for (;;) {
      for (long long i = 0; i < threads; i++) {
        if (eto_thread_state[i] != ETO_RUNNING) continue;
        eto_cur_thread = (int)i;
        threadIdx.x = (unsigned)i;
        swapcontext(&eto_sched_ctx, &eto_thread_ctx[i]);
      }
      long long waiting = 0, done = 0;
      for (long long i = 0; i < threads; i++) {
        waiting += eto_thread_state[i] == ETO_AT_BARRIER;
        done += eto_thread_state[i] == ETO_DONE;
      }
      if (waiting == 0) break;
      if (done > 0) {
        fprintf(stderr, "block %lld: %lld threads ended while %lld wait at a barrier\n", b, done, waiting);
        rc = -1;
        break;
      }
      for (long long i = 0; i < threads; i++) eto_thread_state[i] = ETO_RUNNING;
    }
  }
  free(stacks);
  free(eto_thread_ctx);
  free(eto_thread_state);
  return rc;
}
