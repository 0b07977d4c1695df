/* bench_pool.h — timing one JIT-compiled kernel on the block thread pool, as the bench programs that compile their own
 * kernels (bench_dynamic, bench_placement) do: the protocol of bench_time_median3 (bench_util.h). */
#ifndef ETO_BENCH_POOL_H
#define ETO_BENCH_POOL_H

#include <stdint.h>

#include "codegen.h"

/* The median over 3 repeats of >= min_s seconds (one warm-up run first) of the seconds one call of fn over blocks
 * [0, blocks) on pool takes, with args. */
double bench_time_kernel(eto_pool *pool, eto_kernel_fn fn, float **args, int64_t blocks, double min_s);

#endif
