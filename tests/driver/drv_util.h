/* drv_util.h — the driver tests' shared setup (test_driver_fallback.c, test_driver_refine.c, test_driver_reseed.c):
 * the cached starting point (a random program of an operator, measured here and stored as its best), the plan of a
 * few operators from the cache, and the driver's options with short single-thread timings. */
#ifndef ETO_TEST_DRV_UTIL_H
#define ETO_TEST_DRV_UTIL_H

#include <string.h>

#include "cache.h"
#include "check.h"
#include "driver.h"
#include "measure.h"
#include "schedule.h"
#include "selector.h"
#include "test_op.h"

/* The plan of ops[0..n) from the cache, without bridges, full searches of 1000 trials (NULL on failure, checked). */
static inline eto_sel_plan *drv_plan(const eto_op *ops, int n, const eto_target *t, eto_cache *cache) {
  eto_sel_plan_opts po;
  memset(&po, 0, sizeof po);
  po.bridges = ETO_BRIDGES_NONE;
  po.full_budget = 1000;
  eto_sel_plan *p = NULL;
  char msg[2048];
  CHECK(eto_sel_plan_build(ops, n, t, cache, &po, &p, msg, sizeof msg) == ETO_OK, "plan: %s", msg);
  return p;
}

/* The driver's defaults with seed and short single-thread timings (2 ms repeats). */
static inline void drv_test_opts(eto_drv_opts *ro, uint64_t seed) {
  eto_drv_opts_default(ro);
  ro->seed = seed;
  ro->measure.min_repeat_seconds = 0.002;
  ro->measure.threads = 1;
}

/* Measures 12 random valid programs of op (seed) and stores the slowest (slowest = 1) or the fastest as its best,
 * with one trial record, at its measured median times `as` (1: as measured). Returns that measured median (seconds),
 * 0 on failure. */
static inline double cache_random_best(eto_cache *cache, const eto_target *t, const eto_op *op, uint64_t seed,
                                       int slowest, double as) {
  eto_compute c;
  eto_op_compute(op, &c);
  eto_measure_opts mo;
  eto_measure_opts_default(&mo);
  mo.min_repeat_seconds = 0.002;
  mo.threads = 1;
  eto_measurer *m = NULL;
  char msg[512];
  if (eto_measurer_create(op, t, &mo, &m, msg, sizeof msg) != ETO_OK) {
    CHECK(0, "measurer: %s", msg);
    return 0;
  }
  eto_rng rng;
  eto_rng_seed(&rng, seed);
  eto_sample_opts so = {0};
  eto_program pick;
  double at = 0;
  for (int i = 0; i < 12; i++) {
    eto_program p;
    if (eto_sched_sample_valid(&c, t, &so, &rng, 0, &p) != 0) continue;
    eto_measure_result r;
    eto_measurer_run(m, &p, &r);
    if (r.error != ETO_MEASURE_OK) continue;
    if (at == 0 || (slowest ? r.median > at : r.median < at)) {
      at = r.median;
      pick = p;
    }
  }
  if (at > 0) { /* the slowest of 12 favours a run that another process slowed: timed once more, the faster kept */
    eto_measure_result r;
    eto_measurer_run(m, &pick, &r);
    if (r.error == ETO_MEASURE_OK && r.median < at) at = r.median;
  }
  eto_measurer_free(m);
  CHECK(at > 0, "no random program of %s ran", op->name);
  if (at <= 0) return 0;
  char key[512], sig[512], recipe[ETO_RECIPE_MAX];
  eto_op_key(op, key, sizeof key);
  eto_sched_signature(&c, t, sig, sizeof sig);
  eto_program_format(&pick, recipe, sizeof recipe);
  eto_cache_best b;
  memset(&b, 0, sizeof b);
  char fp[sizeof t->fingerprint];
  memcpy(fp, t->fingerprint, sizeof fp);
  b.fingerprint = fp;
  b.workload = key;
  char kind[32];
  snprintf(kind, sizeof kind, "%s", eto_op_kind_name(op->kind));
  b.kind = kind;
  b.signature = sig;
  b.recipe = recipe;
  b.latency.median_s = b.latency.min_s = b.latency.max_s = at * as;
  b.latency.repeats = 3;
  b.gflops = eto_op_flops(op) / (at * as) * 1e-9;
  b.method = ETO_CACHE_METHOD_REUSE; /* a full search with fewer trials than its budget would be resumed */
  b.trials = 1;
  eto_cache_trial tr = {.fingerprint = fp, .workload = key, .kind = kind, .recipe = recipe,
                        .status = ETO_CACHE_TRIAL_OK, .latency_s = at * as, .method = ETO_CACHE_METHOD_REUSE};
  CHECK(eto_cache_put_batch(cache, &tr, 1, &b, NULL) == ETO_CACHE_OK, "put_batch: %s", eto_cache_errmsg(cache));
  return at;
}

#endif
