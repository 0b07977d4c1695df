/* cuda_test_util.h — helpers shared by the cuda tests: the operator list of tests/kernel_util.h, and the
 * program sample every cuda test uses
 * (so the compile test, the CPU check and the GPU simulator see the same recipes). */
#ifndef ETO_TESTS_CUDA_UTIL_H
#define ETO_TESTS_CUDA_UTIL_H

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "codegen.h"
#include "kernel_util.h"
#include "measure.h"

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

/* One valid program of c for the measurer m's target, sampled from a generator seeded with seed. Returns 0, or
 * -1 when none was found. */
static inline int ctu_sample(const eto_compute *c, const eto_measurer *m, uint64_t seed, eto_program *p) {
  eto_rng rng;
  eto_rng_seed(&rng, seed);
  return eto_sched_sample_valid(c, eto_measurer_target(m), NULL, &rng, 100000, p);
}

static inline eto_oplist *ctu_ops(void) {
  eto_oplist *list = NULL;
  char msg[2048];
  eto_status st =
      eto_oplist_parse("cuda_programs.list", test_kernel_ops, strlen(test_kernel_ops), &list, msg, sizeof msg);
  CHECK(st == ETO_OK, "parse: %s", msg);
  return st == ETO_OK ? list : NULL;
}

/* Operator oi of list: its compute description, workload key and seeded data (seed 1000 + oi, the same in
 * every cuda test). */
static inline const eto_op *ctu_op(const eto_oplist *list, int oi, eto_compute *c, char *key, int cap, test_io *d) {
  const eto_op *op = eto_oplist_get(list, oi);
  eto_op_compute(op, c);
  eto_op_key(op, key, cap);
  test_io_init(op, 1000 + (uint64_t)oi, d);
  return op;
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
