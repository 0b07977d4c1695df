/* bench_pool.c — see bench_pool.h. */
#include "bench_pool.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "bench_util.h"

void bench_io_make(const eto_op *op, int reference, bench_io *d) {
  memset(d, 0, sizeof *d);
  d->nin = eto_op_num_inputs(op);
  eto_shape sh;
  for (int i = 0; i < d->nin; i++) {
    eto_op_input_shape(op, i, &sh);
    int64_t n = eto_shape_size(&sh);
    d->a[i] = eto_buffer_alloc(sizeof(float) * (size_t)n);
    for (int64_t j = 0; j < n; j++) d->a[i][j] = (float)((j * 7919 + i * 131) % 1000) / 1000.0f - 0.5f;
  }
  eto_op_output_shape(op, &sh);
  d->nout = eto_shape_size(&sh);
  d->a[d->nin] = eto_buffer_alloc(sizeof(float) * (size_t)d->nout);
  memset(d->a[d->nin], 0, sizeof(float) * (size_t)d->nout);
  if (!reference) return;
  d->ref = malloc(sizeof(float) * (size_t)d->nout);
  eto_op_reference(op, (const float *const *)d->a, d->ref);
}

int bench_io_matches(const bench_io *d, const float *ref) {
  for (int64_t j = 0; j < d->nout; j++)
    if (!(fabsf(d->a[d->nin][j] - ref[j]) <= 1e-3f * (1.0f + fabsf(ref[j])))) return 0;
  return 1;
}

void bench_io_free(bench_io *d) {
  for (int i = 0; i <= d->nin; i++) free(d->a[i]);
  free(d->ref);
}

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
