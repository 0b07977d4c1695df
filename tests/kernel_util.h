/* kernel_util.h — what the tests that run kernels share: the operator list of every kind in small shapes, and
 * seeded inputs (bias last) with an output buffer and the reference output, compared with a float32
 * accumulation tolerance. Used by tests/codegen and tests/cuda, so that they check the same operators. */
#ifndef ETO_TESTS_KERNEL_UTIL_H
#define ETO_TESTS_KERNEL_UTIL_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "op.h"
#include "schedule.h"

static const char *const test_kernel_ops =
    "matmul m=12 n=20 k=9\n"
    "matmul m=16 n=32 k=24 bias=1 relu=1\n"
    "batch_matmul b=3 m=8 n=12 k=10\n"
    "conv1d n=2 c=3 l=17 k=4 r=3 stride=2 pad=1 dilation=2\n"
    "conv2d n=1 c=4 h=9 w=9 k=6 r=3 s=3 pad=1 bias=1 relu=1\n"
    "conv2d n=2 c=3 h=11 w=10 k=4 r=3 s=2 stride=2,1 pad=1,0 dilation=1,2\n"
    "conv3d n=1 c=2 d=5 h=6 w=6 k=3 t=3 r=3 s=3 pad=1\n"
    "group_conv2d n=1 c=8 h=7 w=7 k=12 r=3 s=3 groups=4 pad=1\n"
    "depthwise_conv2d n=1 c=6 h=9 w=9 r=3 s=3 stride=2 pad=1 multiplier=2\n"
    "conv2d_transpose n=1 c=4 h=5 w=6 k=3 r=3 s=3 stride=2 pad=1 output_padding=1\n"
    "capsule_conv2d n=1 h=6 w=6 c=3 k=4 r=3 s=3 capsule=2 stride=2 pad=1\n"
    "norm b=3 m=7 n=9\n"
    "norm b=1 m=64 n=48\n";

/* uniform in [-1, 1) */
static inline float test_frand(eto_rng *r) {
  return (float)((double)(eto_rng_next(r) >> 11) / 9007199254740992.0 * 2.0 - 1.0);
}

/* Inputs of op (bias last) followed by an output buffer (buf[nin]), and the reference output. */
typedef struct {
  int nin;
  float *buf[5];
  float *ref;
  int64_t out_n;
} test_io;

static inline void test_io_init(const eto_op *op, uint64_t seed, test_io *d) {
  memset(d, 0, sizeof *d);
  eto_rng rng;
  eto_rng_seed(&rng, seed);
  d->nin = eto_op_num_inputs(op);
  for (int i = 0; i < d->nin; i++) {
    eto_shape sh;
    eto_op_input_shape(op, i, &sh);
    int64_t n = eto_shape_size(&sh);
    d->buf[i] = malloc(sizeof(float) * (size_t)n);
    for (int64_t j = 0; j < n; j++) d->buf[i][j] = test_frand(&rng);
  }
  eto_shape osh;
  eto_op_output_shape(op, &osh);
  d->out_n = eto_shape_size(&osh);
  d->ref = malloc(sizeof(float) * (size_t)d->out_n);
  d->buf[d->nin] = malloc(sizeof(float) * (size_t)d->out_n);
  eto_op_reference(op, (const float *const *)d->buf, d->ref);
}

static inline void test_io_free(test_io *d) {
  for (int i = 0; i <= d->nin; i++) free(d->buf[i]);
  free(d->ref);
}

/* The output set to NaN, so that an element the kernel does not write fails the comparison. */
static inline void test_io_clear(test_io *d) {
  for (int64_t j = 0; j < d->out_n; j++) d->buf[d->nin][j] = NAN;
}

/* Index of the first output element that differs from the reference, or -1; *bad (may be NULL) counts them. */
static inline int64_t test_io_mismatch(const test_io *d, int64_t *bad) {
  const float *out = d->buf[d->nin];
  int64_t first = -1, n = 0;
  for (int64_t j = 0; j < d->out_n; j++)
    if (!(fabsf(out[j] - d->ref[j]) <= 1e-4f * (1.0f + fabsf(d->ref[j])))) {
      if (first < 0) first = j;
      n++;
    }
  if (bad) *bad = n;
  return first;
}

#endif
