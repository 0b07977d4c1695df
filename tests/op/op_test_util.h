/* op_test_util.h — helpers shared by the src/op tests: a seeded RNG, tensors for an operator, comparison,
 * and parsing one operator from a line. */
#ifndef ETO_TESTS_OP_UTIL_H
#define ETO_TESTS_OP_UTIL_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "test_op.h"
#include "op.h"

typedef struct {
  uint64_t s;
} rng;

static inline uint64_t rng_next(rng *r) { /* splitmix64 */
  uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* Uniform integer in [lo, hi]. */
static inline int64_t rng_int(rng *r, int64_t lo, int64_t hi) {
  return lo + (int64_t)(rng_next(r) % (uint64_t)(hi - lo + 1));
}

/* Uniform float in [-1, 1). */
static inline float rng_float(rng *r) {
  return (float)((double)(rng_next(r) >> 11) / 9007199254740992.0 * 2 - 1);
}

/* The tensors of one operator: inputs (data, weight, bias) filled with seeded random values, and two
 * output buffers. */
typedef struct {
  int ninputs;
  float *in[3];
  int64_t in_size[3];
  float *out, *out2;
  int64_t out_size;
} op_tensors;

static inline void tensors_alloc(const eto_op *op, rng *r, op_tensors *t) {
  memset(t, 0, sizeof *t);
  t->ninputs = eto_op_num_inputs(op);
  for (int i = 0; i < t->ninputs; i++) {
    eto_shape s;
    eto_op_input_shape(op, i, &s);
    t->in_size[i] = eto_shape_size(&s);
    t->in[i] = malloc((size_t)t->in_size[i] * sizeof(float));
    for (int64_t j = 0; j < t->in_size[i]; j++) t->in[i][j] = rng_float(r);
  }
  eto_shape o;
  eto_op_output_shape(op, &o);
  t->out_size = eto_shape_size(&o);
  t->out = calloc((size_t)t->out_size, sizeof(float));
  t->out2 = calloc((size_t)t->out_size, sizeof(float));
}

static inline void tensors_free(op_tensors *t) {
  for (int i = 0; i < 3; i++) free(t->in[i]);
  free(t->out);
  free(t->out2);
}

/* Largest violation of |a-b| <= 1e-5 * max(1,|b|) (0 when all match); *where gets its index. */
static inline double max_mismatch(const float *a, const float *b, int64_t n, int64_t *where) {
  double worst = 0;
  *where = -1;
  for (int64_t i = 0; i < n; i++) {
    double d = fabs((double)a[i] - (double)b[i]), lim = 1e-5 * fmax(1.0, fabs((double)b[i]));
    if (!(d <= lim) && (*where < 0 || d > worst)) worst = d, *where = i;
  }
  return *where < 0 ? 0 : worst;
}

#endif
