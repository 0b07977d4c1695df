/* The thread pool (src/codegen/pool.c): every block of a call runs exactly once, whatever the threads (1-5) and the
 * blocks (1 to 1000, fewer blocks than threads included), over several calls in a row on one pool, in spinning and
 * sleeping modes: each thread runs its own share first and then helps with the others', so a share's counter is
 * taken by several threads at once. The blocks' ranges passed to the kernel lie within the call's blocks. */
#include <stdatomic.h>
#include <stdint.h>

#include "check.h"
#include "codegen.h"

#define MAX_BLOCKS 1000

static atomic_int runs[MAX_BLOCKS];
static atomic_int out_of_range;

static void count_blocks(float **args, int64_t b, int64_t e) {
  int64_t n = (int64_t)(intptr_t)args[0];
  if (b < 0 || e > n || b >= e) atomic_fetch_add(&out_of_range, 1);
  for (int64_t i = b; i < e && i < MAX_BLOCKS; i++) {
    atomic_fetch_add(&runs[i], 1);
    for (volatile int spin = 0; spin < (int)(i % 7) * 50; spin++) {
    } /* blocks of unequal cost: the shares finish at different times and the threads help each other */
  }
}

int main(void) {
  static const int threads[] = {1, 2, 3, 5};
  static const int64_t blocks[] = {1, 2, 3, 4, 7, 64, 257, 1000};
  for (unsigned t = 0; t < sizeof threads / sizeof *threads; t++) {
    eto_pool *pool = eto_pool_create(threads[t]);
    CHECK(pool != NULL, "pool of %d threads", threads[t]);
    if (!pool) continue;
    for (int spin = 0; spin <= 1; spin++) {
      eto_pool_spin(pool, spin);
      for (unsigned k = 0; k < sizeof blocks / sizeof *blocks; k++)
        for (int call = 0; call < 3; call++) {
          int64_t n = blocks[k];
          for (int64_t i = 0; i < n; i++) atomic_store(&runs[i], 0);
          atomic_store(&out_of_range, 0);
          float *args[1] = {(float *)(intptr_t)n};
          eto_pool_run(pool, count_blocks, args, n);
          int64_t wrong = 0;
          for (int64_t i = 0; i < n; i++) wrong += atomic_load(&runs[i]) != 1;
          CHECK(wrong == 0 && atomic_load(&out_of_range) == 0,
                "%d threads (%s), %lld blocks, call %d: %lld blocks not run exactly once, %d ranges out of bounds",
                threads[t], spin ? "spinning" : "sleeping", (long long)n, call, (long long)wrong,
                atomic_load(&out_of_range));
        }
    }
    eto_pool_spin(pool, 0);
    eto_pool_free(pool);
  }
  return check_result();
}
