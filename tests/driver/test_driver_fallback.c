/* An ETO plan whose reuse edge yields no program still gives the operator one: the cached source's program is
 * not a valid program of the source (so the reuse tuner refuses it), the source is trusted without
 * re-verification, and the run must full-search the target instead of leaving it without a program. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cache.h"
#include "check.h"
#include "schedule.h"
#include "driver.h"
#include "drv_util.h"
#include "selector.h"
#include "temp_util.h"

int main(void) {
  char dir[512];
  temp_dir(dir, sizeof dir, "sel_fallback");
  const char *text = "matmul m=32 n=64 k=32 name=beta\nmatmul m=32 n=32 k=32 name=alpha\n";
  eto_oplist *l = NULL;
  char msg[2048];
  CHECK(eto_oplist_parse("t.list", text, strlen(text), &l, msg, sizeof msg) == ETO_OK, "%s", msg);
  eto_op ops[2] = {*eto_oplist_get(l, 0), *eto_oplist_get(l, 1)};
  eto_oplist_free(l);
  eto_target t;
  eto_target_cpu(1, &t);
  eto_cache *cache = NULL;
  CHECK(eto_cache_open(dir, NULL, &cache) == ETO_CACHE_OK, "open %s", dir);

  /* β cached with a recipe that parses but is not a valid program of β (the tiles cover nothing) */
  char key[512], sig[512];
  eto_op_key(&ops[0], key, sizeof key);
  eto_compute c;
  eto_op_compute(&ops[0], &c);
  eto_sched_signature(&c, &t, sig, sizeof sig);
  eto_cache_best b;
  memset(&b, 0, sizeof b);
  b.fingerprint = t.fingerprint;
  b.workload = key;
  b.kind = (char *)"matmul";
  b.signature = sig;
  b.recipe = (char *)"v1 mlt s=1.1.1.1.1/1.1.1.1.1/1.1.1.1.1 r=1.1.1 u=0 v=1.1";
  b.latency.median_s = b.latency.min_s = b.latency.max_s = 1e-3;
  b.latency.repeats = 3;
  b.gflops = 0.1;
  b.method = ETO_CACHE_METHOD_FULL;
  b.trials = 1;
  CHECK(eto_cache_put_best(cache, &b, NULL) == ETO_CACHE_OK, "put_best: %s", eto_cache_errmsg(cache));

  eto_sel_plan *p = drv_plan(ops, 2, &t, cache); /* planned as usual (reuse is far cheaper); the run spends 8 trials */
  CHECK(p->node[0].cached && p->node[1].parent == 0, "the plan does not reuse the cached source (parent %d)",
        p->node[1].parent);

  eto_drv_opts ro;
  drv_test_opts(&ro, 3);
  ro.full_trials = 8;
  ro.no_verify = 1; /* trust the cached source, so that only the reuse edge fails */
  eto_drv_report rep;
  CHECK(eto_drv_run(p, &t, cache, &ro, NULL, NULL, &rep, msg, sizeof msg) == ETO_OK, "run: %s", msg);
  CHECK(rep.count == 2, "rows %d", rep.count);
  const eto_drv_op *a = &rep.ops[1];
  CHECK(strcmp(a->method, "full") == 0 && a->latency > 0, "alpha: method %s latency %g message %s", a->method,
        a->latency, a->message);
  CHECK(strstr(a->message, "full search instead") != NULL, "alpha's message: %s", a->message);
  CHECK(rep.missing == 0 && a->trials >= 1 && rep.full_trials >= 1, "missing %d, trials %lld", rep.missing,
        (long long)a->trials);
  eto_drv_report_free(&rep);
  eto_sel_plan_free(p);
  eto_cache_close(cache);
  remove_tree(dir);
  return check_result();
}
