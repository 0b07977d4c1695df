/* Reseeding (driver.h step 5, ETO_DRV_RESEED_GAIN): a node whose reuse child of the run beat it is searched again
 * from that child's best. The cache holds, measured here, the slowest of 12 random valid programs for a root; the
 * plan serves the root from the cache and its neighbour (the child) by the reuse-seeded search from it, which finds
 * far faster programs (checked: the premise of the rule). With opts.no_reseed (its own cache) the root stays as
 * cached and nothing more is measured for it; by default the root is searched again from the child's best, its
 * report row names the child and its trials, and the cache's best for it becomes a verified program measured faster
 * than the cached one (the oracle: that program's own measurement by the same protocol). Two such pairs, the second
 * root weighing 100 times the first: both reseeded, the one whose reseed promises the larger saving of the list's
 * weighted latency (its frequency x its latency x (1 - its GFLOP/s over its child's), from the report) first, not
 * in list order. */
#include <stdio.h>
#include <string.h>

#include "cache.h"
#include "check.h"
#include "driver.h"
#include "drv_util.h"
#include "selector.h"
#include "temp_util.h"
#include "test_op.h"

/* Caches root's slow program in a fresh cache at dir, plans ops (root, child), runs the plan; returns the root's
 * cached latency (seconds) and fills rep. */
static double run(const char *dir, const eto_op *ops, int no_reseed, eto_drv_report *rep) {
  eto_target t;
  eto_target_cpu(1, &t);
  eto_cache *cache = NULL;
  char msg[2048];
  CHECK(eto_cache_open(dir, NULL, &cache) == ETO_CACHE_OK, "open %s", dir);
  double slow = cache_random_best(cache, &t, &ops[0], 11, 1, 1);
  eto_sel_plan *p = drv_plan(ops, 2, &t, cache);
  CHECK(p->node[0].cached && p->node[1].parent == 0, "the plan does not reuse the cached root for the child");
  eto_drv_opts ro;
  drv_test_opts(&ro, 5);
  ro.no_reseed = no_reseed;
  CHECK(eto_drv_run(p, &t, cache, &ro, NULL, NULL, rep, msg, sizeof msg) == ETO_OK, "run: %s", msg);
  if (!no_reseed && rep->count == 2) { /* the report's program is the cache's */
    char key[512];
    eto_op_key(&ops[0], key, sizeof key);
    eto_cache_best b;
    CHECK(eto_cache_get_best(cache, t.fingerprint, key, &b) == ETO_CACHE_OK, "the root's best is gone");
    CHECK(b.latency.median_s == rep->ops[0].latency && strcmp(b.recipe, rep->ops[0].recipe) == 0,
          "the cache holds %.3g s (%s), the report %.3g s (%s)", b.latency.median_s, b.recipe, rep->ops[0].latency,
          rep->ops[0].recipe);
    eto_cache_best_clear(&b);
  }
  eto_sel_plan_free(p);
  eto_cache_close(cache);
  return slow;
}

typedef struct {
  char first[512]; /* the workload of the first "reseeded" progress line */
  int lines;
} reseed_lines;

static void on_progress(void *user, const char *line) {
  reseed_lines *x = user;
  if (strncmp(line, "reseeded ", 9) != 0) return;
  if (x->lines++ == 0) {
    const char *sp = strchr(line + 9, ' ');
    size_t n = sp ? (size_t)(sp - (line + 9)) : strlen(line + 9);
    if (n >= sizeof x->first) n = sizeof x->first - 1;
    memcpy(x->first, line + 9, n);
    x->first[n] = 0;
  }
}

/* The weighted latency reseeding row r from its child c promised to save (seconds x frequency). */
static double promised(const eto_drv_op *r, const eto_drv_op *c) {
  double before = r->flops / (r->reseed_gflops * 1e9);
  return (double)r->freq * before * (1 - r->reseed_gflops / c->gflops);
}

/* Two roots cached slow (the second with freq 100), each with a child reusing it: the reseeds in order of promise. */
static void test_order(void) {
  eto_op ops[4] = {test_op("matmul m=60 n=64 k=48 name=light"), test_op("matmul m=64 n=64 k=48 name=light_child"),
                   test_op("matmul m=40 n=48 k=64 freq=100 name=heavy"),
                   test_op("matmul m=48 n=48 k=64 name=heavy_child")};
  char dir[512], msg[2048];
  temp_dir(dir, sizeof dir, "drv_reseed_order");
  eto_target t;
  eto_target_cpu(1, &t);
  eto_cache *cache = NULL;
  CHECK(eto_cache_open(dir, NULL, &cache) == ETO_CACHE_OK, "open %s", dir);
  cache_random_best(cache, &t, &ops[0], 11, 1, 1);
  cache_random_best(cache, &t, &ops[2], 13, 1, 1);
  eto_sel_plan *p = drv_plan(ops, 4, &t, cache);
  if (!p) return;
  CHECK(p->node[0].cached && p->node[2].cached && p->node[1].parent == 0 && p->node[3].parent == 2,
        "the plan does not reuse each cached root for its child");
  eto_drv_opts ro;
  drv_test_opts(&ro, 5);
  eto_drv_report rep;
  reseed_lines seen = {"", 0};
  CHECK(eto_drv_run(p, &t, cache, &ro, on_progress, &seen, &rep, msg, sizeof msg) == ETO_OK, "run: %s", msg);
  CHECK(rep.count == 4, "%d rows", rep.count);
  if (rep.count == 4) {
    const eto_drv_op *l = &rep.ops[0], *h = &rep.ops[2];
    CHECK(l->reseeded_from[0] && h->reseeded_from[0] && seen.lines == 2,
          "not both roots reseeded (light from '%s', heavy from '%s', %d lines): the premise does not hold",
          l->reseeded_from, h->reseeded_from, seen.lines);
    if (l->reseeded_from[0] && h->reseeded_from[0]) {
      double pl = promised(l, &rep.ops[1]), ph = promised(h, &rep.ops[3]);
      CHECK(ph > pl, "the heavy root promised %.3g, the light %.3g: the order would not tell", ph, pl);
      CHECK(strcmp(seen.first, h->key) == 0, "the first reseeded was %s, not the heavy root (promised %.3g vs %.3g)",
            seen.first, ph, pl);
    }
  }
  eto_drv_report_free(&rep);
  eto_sel_plan_free(p);
  eto_cache_close(cache);
  remove_tree(dir);
}

int main(void) {
  eto_op ops[2] = {test_op("matmul m=60 n=64 k=48 name=root"), test_op("matmul m=64 n=64 k=48 name=child")};
  char key[512];
  eto_op_key(&ops[1], key, sizeof key);
  char dir[512];
  eto_drv_report rep;

  /* without reseeding: the root is served as cached, the child reused from it and far faster */
  temp_dir(dir, sizeof dir, "drv_reseed_off");
  run(dir, ops, 1, &rep);
  CHECK(rep.count == 2, "%d rows", rep.count);
  if (rep.count == 2) {
    const eto_drv_op *r = &rep.ops[0], *c = &rep.ops[1];
    CHECK(strcmp(r->method, "cached") == 0 && r->trials == 0 && !r->reseeded_from[0] && rep.reseed_trials == 0,
          "no_reseed: the root's method %s, %lld trials, reseeded from '%s'", r->method, (long long)r->trials,
          r->reseeded_from);
    CHECK(strcmp(c->method, "reuse") == 0 && c->gflops >= ETO_DRV_RESEED_GAIN * r->gflops,
          "no_reseed: the child (%s) at %.2f GFLOP/s, the root at %.2f: the rule's premise does not hold", c->method,
          c->gflops, r->gflops);
  }
  eto_drv_report_free(&rep);
  remove_tree(dir);

  /* by default: the root searched again from the child's best, faster by measurement, stored */
  temp_dir(dir, sizeof dir, "drv_reseed_on");
  double slow = run(dir, ops, 0, &rep);
  CHECK(rep.count == 2, "%d rows", rep.count);
  if (rep.count == 2) {
    const eto_drv_op *r = &rep.ops[0], *c = &rep.ops[1];
    CHECK(strcmp(c->method, "reuse") == 0 && c->gflops >= ETO_DRV_RESEED_GAIN * r->reseed_gflops,
          "the child (%s) at %.2f GFLOP/s, the root before reseeding at %.2f", c->method, c->gflops, r->reseed_gflops);
    CHECK(strcmp(r->reseeded_from, key) == 0, "the root reseeded from '%s', not the child", r->reseeded_from);
    CHECK(r->reseed_trials > 0 && r->trials == r->reseed_trials && rep.reseed_trials == r->reseed_trials &&
              rep.trials == rep.reuse_trials + rep.reseed_trials,
          "trials: the root's %lld (reseeding %lld), the run's %lld (reuse %lld, reseed %lld)", (long long)r->trials,
          (long long)r->reseed_trials, (long long)rep.trials, (long long)rep.reuse_trials,
          (long long)rep.reseed_trials);
    CHECK(r->latency < 0.9 * slow && r->gflops > r->reseed_gflops,
          "the root at %.3g s (%.2f GFLOP/s), cached at %.3g s (%.2f GFLOP/s)", r->latency, r->gflops, slow,
          r->reseed_gflops);
  }
  eto_drv_report_free(&rep);
  remove_tree(dir);

  test_order();
  return check_result();
}
