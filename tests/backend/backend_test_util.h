/* backend_test_util.h — helpers shared by the backend tests: operators from list text, exhaustive
 * enumeration of a (small) schedule space (temporary caches: temp_util.h). */
#ifndef ETO_BACKEND_TEST_UTIL_H
#define ETO_BACKEND_TEST_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "check.h"
#include "temp_util.h"
#include "test_op.h"

/* ---- exhaustive enumeration of perfect-tile programs ---- */

typedef void (*enum_fn)(const eto_program *p, void *user);

typedef struct {
  const eto_compute *c;
  const eto_target *t;
  eto_program p;
  enum_fn fn;
  void *user;
  long count;
} enum_ctx;

static const int enum_space_levels[ETO_SKETCH_COUNT][6] = {{5, 0, 1, 2, 3, 4}, {2, 0, 4}, {3, 0, 2, 4}};
static const int enum_reduce_levels[ETO_SKETCH_COUNT][4] = {{3, 0, 1, 2}, {3, 0, 1, 2}, {0}};

/* Calls rec for every ordered factorization of rest into the levels lv[k..n-1] of row. */
static void enum_factor(enum_ctx *e, int64_t *row, const int *lv, int n, int k, int64_t rest,
                        void (*next)(enum_ctx *, int), int arg) {
  if (k == n - 1) {
    row[lv[k]] = rest;
    next(e, arg);
    return;
  }
  for (int64_t d = 1; d <= rest; d++) {
    if (rest % d) continue;
    row[lv[k]] = d;
    enum_factor(e, row, lv, n, k + 1, rest / d, next, arg);
  }
}

static void enum_annotations(enum_ctx *e) {
  static const int vecs[4] = {1, 2, 4, 1}; /* the 4th: a direct read (no tile copy, no fetch vector) */
  int nvec = e->p.sketch == ETO_SKETCH_MULTI_LEVEL ? e->c->ninputs : 0;
  int combos = 1;
  for (int i = 0; i < nvec; i++) combos *= 4;
  for (int u = 0; u < ETO_NUM_UNROLL; u++)
    for (int v = 0; v < combos; v++) {
      e->p.unroll = eto_unroll_options[u];
      int x = v;
      for (int i = 0; i < ETO_MAX_INPUTS; i++) {
        e->p.vec[i] = i < nvec ? vecs[x % 4] : 1;
        e->p.direct[i] = i < nvec && x % 4 == 3;
        if (i < nvec) x /= 4;
      }
      if (eto_sched_validate(e->c, e->t, &e->p, NULL, 0) == 0) {
        e->count++;
        if (e->fn) e->fn(&e->p, e->user);
      }
    }
}

static void enum_reduce(enum_ctx *e, int j);
static void enum_space(enum_ctx *e, int i) {
  if (i == e->c->nest.nspace) {
    enum_reduce(e, 0);
    return;
  }
  const int *lv = enum_space_levels[e->p.sketch];
  for (int l = 0; l < ETO_SPACE_LEVELS; l++) e->p.stile[i][l] = 1;
  enum_factor(e, e->p.stile[i], lv + 1, lv[0], 0, e->c->nest.space[i].extent, enum_space, i + 1);
}

static void enum_reduce(enum_ctx *e, int j) {
  if (j == e->c->nest.nreduce) {
    enum_annotations(e);
    return;
  }
  const int *lv = enum_reduce_levels[e->p.sketch];
  if (lv[0] == 0) { /* serial reduction: R2 = extent */
    e->p.rtile[j][0] = e->p.rtile[j][1] = 1;
    e->p.rtile[j][2] = e->c->nest.reduce[j].extent;
    enum_reduce(e, j + 1);
    return;
  }
  enum_factor(e, e->p.rtile[j], lv + 1, lv[0], 0, e->c->nest.reduce[j].extent, enum_reduce, j + 1);
}

/* Calls fn for every valid perfect-tile program of every sketch of c on t; returns the count. */
static inline long enumerate_programs(const eto_compute *c, const eto_target *t, enum_fn fn, void *user) {
  eto_sketch_set set;
  eto_sched_sketches(c, t, &set);
  enum_ctx e = {c, t, {0}, fn, user, 0};
  for (int k = 0; k < set.count; k++) {
    memset(&e.p, 0, sizeof e.p);
    e.p.sketch = set.kind[k];
    e.p.nspace = c->nest.nspace;
    e.p.nreduce = c->nest.nreduce;
    enum_space(&e, 0);
  }
  return e.count;
}

#endif
