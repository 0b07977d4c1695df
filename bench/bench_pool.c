/* bench_pool.c — see bench_pool.h. */
#include "bench_pool.h"

#include "bench_util.h"

typedef struct {
  eto_pool *pool;
  eto_kernel_fn fn;
  float **args;
  int64_t blocks;
} run_ctx;

static void run_kernel(void *ctx) {
  const run_ctx *c = ctx;
  eto_pool_run(c->pool, c->fn, c->args, c->blocks);
}

double bench_time_kernel(eto_pool *pool, eto_kernel_fn fn, float **args, int64_t blocks, double min_s) {
  run_ctx c = {pool, fn, args, blocks};
  return bench_time_median3(run_kernel, &c, min_s);
}
