/* cuda_test_util.h — helpers shared by the cuda tests: the operator list (every kind, small shapes, as in
 * tests/codegen/test_programs.c), seeded inputs and references, and the program sample every cuda test uses
 * (so the compile test, the CPU check and the GPU simulator see the same recipes). */
#ifndef ETO_TESTS_CUDA_UTIL_H
#define ETO_TESTS_CUDA_UTIL_H

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "codegen.h"
#include "measure.h"

static const char *const ctu_ops_text =
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

#define CTU_SEED 20240611u
#define CTU_MAX_PROGRAMS 64

/* A measurer for op on device 0, keyed by the device's own target (the measurer interface's cuda
 * implementation). */
static inline eto_status ctu_measurer(const eto_op *op, const eto_measure_opts *o, eto_measurer **m, char *msg,
                                      int cap) {
  eto_target t;
  *m = NULL;
  eto_status st = eto_measure_machine_target(ETO_TARGET_CUDA, 0, &t, msg, cap);
  return st != ETO_OK ? st : eto_measurer_create(op, &t, o, m, msg, cap);
}

static inline eto_oplist *ctu_ops(void) {
  eto_oplist *list = NULL;
  char msg[2048];
  eto_status st =
      eto_oplist_parse("cuda_programs.list", ctu_ops_text, strlen(ctu_ops_text), &list, msg, sizeof msg);
  CHECK(st == ETO_OK, "parse: %s", msg);
  return st == ETO_OK ? list : NULL;
}

static inline float ctu_frand(eto_rng *r) {
  return (float)((double)(eto_rng_next(r) >> 11) / 9007199254740992.0 * 2.0 - 1.0);
}

/* Inputs of op (bias last) followed by an output buffer, and the reference output. */
typedef struct {
  int nin;
  float *buf[5];
  float *ref;
  int64_t out_n;
} ctu_data;

static inline void ctu_data_init(const eto_op *op, uint64_t seed, ctu_data *d) {
  memset(d, 0, sizeof *d);
  eto_rng rng;
  eto_rng_seed(&rng, seed);
  d->nin = eto_op_num_inputs(op);
  for (int i = 0; i < d->nin; i++) {
    eto_shape sh;
    eto_op_input_shape(op, i, &sh);
    int64_t n = eto_shape_size(&sh);
    d->buf[i] = malloc(sizeof(float) * (size_t)n);
    for (int64_t j = 0; j < n; j++) d->buf[i][j] = ctu_frand(&rng);
  }
  eto_shape osh;
  eto_op_output_shape(op, &osh);
  d->out_n = eto_shape_size(&osh);
  d->ref = malloc(sizeof(float) * (size_t)d->out_n);
  d->buf[d->nin] = malloc(sizeof(float) * (size_t)d->out_n);
  eto_op_reference(op, (const float *const *)d->buf, d->ref);
}

static inline void ctu_data_free(ctu_data *d) {
  for (int i = 0; i <= d->nin; i++) free(d->buf[i]);
  free(d->ref);
}

static inline void ctu_clear_output(ctu_data *d) {
  for (int64_t j = 0; j < d->out_n; j++) d->buf[d->nin][j] = NAN;
}

/* Index of the first output element that differs from the reference (float32 accumulation tolerance), or -1.
 */
static inline int64_t ctu_mismatch(const ctu_data *d) {
  const float *out = d->buf[d->nin];
  for (int64_t j = 0; j < d->out_n; j++)
    if (!(fabsf(out[j] - d->ref[j]) <= 1e-4f * (1.0f + fabsf(d->ref[j])))) return j;
  return -1;
}

/* The programs every cuda test checks for one operator: per sketch, `per_sketch` valid programs for target t
 * (every third one with imperfect tiles), sampled from a generator seeded with seed. Returns the count. */
static inline int ctu_programs(const eto_compute *c, const eto_target *t, uint64_t seed, int per_sketch,
                               eto_program *out, int cap) {
  eto_rng rng;
  eto_rng_seed(&rng, seed);
  eto_sketch_set set;
  eto_sched_sketches(c, t, &set);
  int n = 0;
  for (int sk = 0; sk < set.count; sk++)
    for (int trial = 0; trial < per_sketch && n < cap; trial++) {
      eto_sample_opts so = {.imperfect = trial % 3 == 2};
      int found = 0;
      for (int tries = 0; tries < 20000 && !found; tries++) {
        eto_sched_sample(c, t, set.kind[sk], &so, &rng, &out[n]);
        found = eto_sched_validate(c, t, &out[n], NULL, 0) == 0;
      }
      CHECK(found, "no valid %s program for %s", eto_sketch_name(set.kind[sk]), t->arch);
      if (found) n++;
    }
  return n;
}

#endif
