/* Reuse-edge estimates fitted to the cache's history (eto_sel_fit_reuse), against the median computed here from
 * the same estimator: a cache holds seeded edges (best record by reuse from a source, reuse trials tagged round 20),
 * an ETO edge (rounds 1-4), a full search's best, a bad record and a best record without trials; only the edges of
 * the asked policy count, the scale is their median measured/estimated ratio, fewer than 3 edges give no fit, and a
 * history far off the estimates is clamped. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "check.h"
#include "selector.h"
#include "temp_util.h"
#include "test_op.h"
#include "tuner.h"

static eto_target t;

static void put_edge(eto_cache *c, const char *alpha, const char *beta, eto_cache_method m, int ntrials, int round,
                     int bad) {
  eto_op a = test_op(alpha);
  char key[512], src[512], recipe[64];
  eto_op_key(&a, key, sizeof key);
  if (beta) {
    eto_op b = test_op(beta);
    eto_op_key(&b, src, sizeof src);
  }
  for (int i = 0; i < ntrials; i++) {
    snprintf(recipe, sizeof recipe, "recipe-%d", i);
    eto_cache_trial tr = {.fingerprint = t.fingerprint, .workload = key, .kind = "matmul", .recipe = recipe,
                          .status = ETO_CACHE_TRIAL_OK, .latency_s = 1e-3, .time = 1, .method = m,
                          .round = i == 0 ? 1 : round};
    CHECK(eto_cache_put_batch(c, &tr, 1, NULL, NULL) == ETO_CACHE_OK, "trial: %s", eto_cache_errmsg(c));
  }
  eto_cache_best b = {.fingerprint = t.fingerprint, .workload = key, .kind = "matmul", .signature = "sig",
                      .recipe = "recipe-0", .latency = {.median_s = 1e-3}, .method = m,
                      .source_workload = beta ? src : NULL, .trials = ntrials, .time = 1};
  CHECK(eto_cache_put_best(c, &b, NULL) == ETO_CACHE_OK, "best: %s", eto_cache_errmsg(c));
  if (bad) CHECK(eto_cache_mark_bad(c, t.fingerprint, key, NULL, "test") == ETO_CACHE_OK, "mark bad");
}

static double est(const char *alpha, const char *beta, double extra) {
  eto_op a = test_op(alpha), b = test_op(beta);
  double e = 0;
  CHECK(eto_tuner_estimate(&a, &b, &t, 1, &e) == ETO_OK, "estimate");
  return e + extra;
}

static int cmp(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

int main(void) {
  eto_target_cpu(1, &t);
  snprintf(t.fingerprint, sizeof t.fingerprint, "test-fit");
  char dir[512];
  eto_cache *c = temp_cache(dir, sizeof dir, "fit");
  const double extra = 72;
  const char *beta = "matmul m=128 n=768 k=768";
  const char *alphas[4] = {"matmul m=64 n=768 k=768", "matmul m=128 n=384 k=768", "matmul m=32 n=768 k=768",
                           "matmul m=128 n=768 k=384"};
  int measured[4] = {60, 150, 90, 240};
  /* two seeded edges first: too few for a fit */
  for (int i = 0; i < 2; i++) put_edge(c, alphas[i], beta, ETO_CACHE_METHOD_REUSE, measured[i], 20, 0);
  eto_sel_fit f;
  CHECK(eto_sel_fit_reuse(c, &t, "seeded", extra, 1, &f) == ETO_OK && f.edges == 2 && !f.fitted && f.scale == 1,
        "2 edges: %d edges, fitted %d, scale %g", f.edges, f.fitted, f.scale);
  for (int i = 2; i < 4; i++) put_edge(c, alphas[i], beta, ETO_CACHE_METHOD_REUSE, measured[i], 20, 0);
  /* what does not count for "seeded": an ETO edge, a full search, a bad record, a reuse best without trials */
  put_edge(c, "matmul m=16 n=768 k=768", beta, ETO_CACHE_METHOD_REUSE, 500, 3, 0);
  put_edge(c, beta, NULL, ETO_CACHE_METHOD_FULL, 300, 0, 0);
  put_edge(c, "matmul m=8 n=768 k=768", beta, ETO_CACHE_METHOD_REUSE, 900, 20, 1);
  put_edge(c, "matmul m=4 n=768 k=768", beta, ETO_CACHE_METHOD_REUSE, 0, 20, 0);
  double r[4], sum_m = 0, sum_e = 0;
  for (int i = 0; i < 4; i++) {
    double e = est(alphas[i], beta, extra);
    r[i] = measured[i] / e;
    sum_m += measured[i];
    sum_e += e;
  }
  qsort(r, 4, sizeof r[0], cmp);
  double med = 0.5 * (r[1] + r[2]);
  CHECK(eto_sel_fit_reuse(c, &t, "seeded", extra, 1, &f) == ETO_OK, "fit");
  CHECK(f.edges == 4 && f.fitted && fabs(f.scale - med) < 1e-12 && f.measured == sum_m && fabs(f.estimated - sum_e) < 1e-9,
        "4 seeded edges: %d edges, scale %g (median %g), measured %g (%g), estimated %g (%g)", f.edges, f.scale, med,
        f.measured, sum_m, f.estimated, sum_e);
  /* ETO's policy sees its one edge only; an unknown policy none */
  CHECK(eto_sel_fit_reuse(c, &t, "eto", 0, 1, &f) == ETO_OK && f.edges == 1 && !f.fitted, "eto: %d edges", f.edges);
  CHECK(eto_sel_fit_reuse(c, &t, "topk", 0, 1, &f) == ETO_OK && f.edges == 0 && f.scale == 1, "topk: %d", f.edges);
  CHECK(eto_sel_fit_reuse(NULL, &t, "seeded", extra, 1, &f) == ETO_OK && f.edges == 0 && f.scale == 1, "no cache");
  /* a history far above the estimates is clamped */
  CHECK(eto_sel_fit_reuse(c, &t, "seeded", -1e9, 1, &f) == ETO_OK && f.scale == ETO_SEL_FIT_MAX_SCALE,
        "clamped: %g", f.scale);
  /* the fitted scale multiplies the plan's reuse-edge estimates */
  eto_op ops[2] = {test_op(beta), test_op(alphas[0])};
  eto_sel_plan_opts po = {.bridges = ETO_BRIDGES_NONE, .reuse_extra = extra};
  eto_sel_plan *p1 = NULL, *p2 = NULL;
  char msg[256];
  CHECK(eto_sel_plan_build(ops, 2, &t, NULL, &po, &p1, msg, sizeof msg) == ETO_OK, "%s", msg);
  po.reuse_scale = 0.5;
  CHECK(eto_sel_plan_build(ops, 2, &t, NULL, &po, &p2, msg, sizeof msg) == ETO_OK, "%s", msg);
  double e1 = 0, e2 = 0;
  for (int i = 0; p1 && p2 && i < p1->n; i++)
    if (p1->node[i].parent >= 0 && p1->node[i].in_plan) e1 = p1->node[i].est_trials, e2 = p2->node[i].est_trials;
  CHECK(e1 > 0 && fabs(e2 - floor(e1 * 0.5 + 0.5)) <= 1, "scaled edge: %g then %g", e1, e2);
  eto_sel_plan_free(p1);
  eto_sel_plan_free(p2);
  eto_cache_close(c);
  remove_tree(dir);
  return check_result();
}
