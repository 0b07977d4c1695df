/* bench_pool.h — for the bench programs that compile their own kernels (bench_dynamic, bench_placement): an
 * operator's tensors with the reference output, the check against it, and the timing of one JIT-compiled kernel on
 * the block thread pool (the protocol of bench_time_median3, bench_util.h). */
#ifndef ETO_BENCH_POOL_H
#define ETO_BENCH_POOL_H

#include <stdint.h>

#include "codegen.h"
#include "op.h"

typedef struct {
  int nin;
  float *a[ETO_MAX_INPUTS + 2]; /* the inputs (a bias is one more: eto_op_num_inputs), then the output */
  float *ref;                   /* the reference output, or NULL */
  int64_t nout;                 /* floats of the output */
} bench_io;

/* op's inputs (eto_buffer_alloc, as the measurer's; filled by a fixed formula, so every call gives the same values)
 * and a zeroed output into *d; with reference != 0 also the reference output (eto_op_reference) in d->ref. */
void bench_io_make(const eto_op *op, int reference, bench_io *d);
/* 1 when d's output matches ref (d->nout floats) within the bench programs' tolerance, else 0. */
int bench_io_matches(const bench_io *d, const float *ref);
void bench_io_free(bench_io *d);

/* The median over 3 repeats of >= min_s seconds (one warm-up run first) of the seconds one call of fn over blocks
 * [0, blocks) on pool takes, with args. */
double bench_time_kernel(eto_pool *pool, eto_kernel_fn fn, float **args, int64_t blocks, double min_s);

#endif
