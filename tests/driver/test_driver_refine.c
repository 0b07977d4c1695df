/* eto_drv_opts.refine (`etotune tune --refine`): a list operator the cache serves is searched further from its own
 * best program. The cache holds, measured here, the slowest of 12 random valid programs for α and the fastest of
 * 12 for a neighbour of α's kind; the plan serves α from the cache. Without refine the run measures nothing and
 * serves the cached program; with it, α is searched again and the cache's best becomes a verified program measured
 * faster than the one it started from (the oracle: the cached program's own measurement, taken by the same
 * measurer protocol). A third run without refine serves the refined program and measures nothing. Then a stored
 * time that the program does not run at: another operator's slowest program stored (best record and trial, as a
 * search stores them) at an eighth of its measured time; refining re-times it, replaces the stored time (the report's
 * stored_gflops, the cache), and what the cache holds after is no longer the lucky time. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cache.h"
#include "check.h"
#include "driver.h"
#include "measure.h"
#include "drv_util.h"
#include "schedule.h"
#include "selector.h"
#include "temp_util.h"
#include "test_op.h"

static void run(const eto_sel_plan *p, const eto_target *t, eto_cache *cache, int refine, eto_drv_report *rep) {
  eto_drv_opts ro;
  drv_test_opts(&ro, 5);
  ro.refine = refine;
  char msg[2048];
  CHECK(eto_drv_run(p, t, cache, &ro, NULL, NULL, rep, msg, sizeof msg) == ETO_OK, "run: %s", msg);
}

int main(void) {
  char dir[512];
  temp_dir(dir, sizeof dir, "drv_refine");
  eto_op ops[2] = {test_op("matmul m=60 n=64 k=48 name=alpha"), test_op("matmul m=64 n=64 k=48 name=near")};
  eto_target t;
  eto_target_cpu(1, &t);
  eto_cache *cache = NULL;
  CHECK(eto_cache_open(dir, NULL, &cache) == ETO_CACHE_OK, "open %s", dir);
  double slow = cache_random_best(cache, &t, &ops[0], 11, 1, 1);
  CHECK(cache_random_best(cache, &t, &ops[1], 12, 0, 1) > 0, "the neighbour has no program");
  char key[512];
  eto_op_key(&ops[0], key, sizeof key);

  eto_sel_plan *p = drv_plan(ops, 1, &t, cache);
  CHECK(p->node[0].cached, "the plan does not serve alpha from the cache");

  /* 1. without refine: served as cached, nothing measured */
  eto_drv_report rep;
  run(p, &t, cache, 0, &rep);
  CHECK(rep.count == 1 && strcmp(rep.ops[0].method, "cached") == 0 && rep.trials == 0,
        "without refine: method %s, %lld trials", rep.count ? rep.ops[0].method : "-", (long long)rep.trials);
  eto_drv_report_free(&rep);

  /* 2. refine: searched further, faster than the cached program by measurement, stored */
  run(p, &t, cache, 1, &rep);
  const eto_drv_op *a = &rep.ops[0];
  CHECK(strcmp(a->method, "refined") == 0, "refine: method %s (%s)", a->method, a->message);
  CHECK(a->trials > 0 && rep.refine_trials == a->trials && rep.full_trials == 0 && rep.reuse_trials == 0,
        "refine: %lld trials (refine %lld, full %lld, reuse %lld)", (long long)a->trials,
        (long long)rep.refine_trials, (long long)rep.full_trials, (long long)rep.reuse_trials);
  CHECK(a->cached_gflops > 0 && a->cached_gflops < a->gflops, "refine: cached %.2f GFLOP/s, now %.2f",
        a->cached_gflops, a->gflops);
  CHECK(a->latency < 0.9 * slow, "refine: %.3g s, not faster than the cached program's %.3g s", a->latency, slow);
  /* the report's search time: the engine run's trials, its measuring within its wall time, builds and timing in it */
  const eto_backend_report *tm = &rep.time;
  CHECK(rep.engine_runs == 1 && tm->new_trials == a->trials && tm->build_chunks > 0 && tm->seconds > 0 &&
            tm->measure_seconds <= tm->seconds && tm->build_seconds + tm->timing_seconds <= tm->measure_seconds &&
            tm->compile_seconds > 0 && tm->host_busy_share > 0 && tm->host_busy_share <= 1.01,
        "refine: search time of %d runs, %lld trials (%lld in the row), %lld build groups, %.3f s, measuring %.3f, building "
        "%.3f, timing %.3f, compiling %.3f, host busy %.2f", rep.engine_runs, (long long)tm->new_trials, (long long)a->trials,
        (long long)tm->build_chunks, tm->seconds, tm->measure_seconds, tm->build_seconds, tm->timing_seconds,
        tm->compile_seconds, tm->host_busy_share);
  eto_cache_best b;
  CHECK(eto_cache_get_best(cache, t.fingerprint, key, &b) == ETO_CACHE_OK, "alpha's best is gone");
  CHECK(b.latency.median_s == a->latency && strcmp(b.recipe, a->recipe) == 0,
        "the cache holds %.3g s (%s), the report %.3g s (%s)", b.latency.median_s, b.recipe, a->latency, a->recipe);
  eto_cache_best_clear(&b);
  double refined = a->latency;
  eto_drv_report_free(&rep);

  /* 3. without refine again: the refined program is served, nothing measured */
  run(p, &t, cache, 0, &rep);
  CHECK(strcmp(rep.ops[0].method, "cached") == 0 && rep.trials == 0 && rep.ops[0].latency == refined,
        "after refine: method %s, %lld trials, %.3g s (refined %.3g s)", rep.ops[0].method, (long long)rep.trials,
        rep.ops[0].latency, refined);
  eto_drv_report_free(&rep);
  eto_sel_plan_free(p);

  /* 4. a stored time 8 times faster than the program runs: re-timed, replaced, and not the cache's after */
  eto_op lucky = test_op("matmul m=56 n=64 k=48 name=lucky");
  double real = cache_random_best(cache, &t, &lucky, 13, 1, 1.0 / 8);
  eto_op_key(&lucky, key, sizeof key);
  p = drv_plan(&lucky, 1, &t, cache);
  run(p, &t, cache, 1, &rep);
  a = &rep.ops[0];
  double stored = eto_op_flops(&lucky) / (real / 8) * 1e-9;
  CHECK(strcmp(a->method, "refined") == 0 && fabs(a->stored_gflops - stored) < 1e-6 * stored &&
            a->cached_gflops < 0.6 * stored,
        "lucky: method %s, stored %.2f GFLOP/s (put %.2f), re-timed %.2f", a->method, a->stored_gflops, stored,
        a->cached_gflops);
  CHECK(eto_cache_get_best(cache, t.fingerprint, key, &b) == ETO_CACHE_OK, "lucky's best is gone");
  CHECK(b.latency.median_s != real / 8 && b.latency.median_s == a->latency,
        "lucky: the cache holds %.3g s (stored %.3g s, the report %.3g s)", b.latency.median_s, real / 8, a->latency);
  eto_cache_best_clear(&b);
  eto_drv_report_free(&rep);
  eto_sel_plan_free(p);
  eto_cache_close(cache);
  remove_tree(dir);
  return check_result();
}
