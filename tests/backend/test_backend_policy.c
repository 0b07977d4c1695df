/* The search-policy interface through the engine (eto_backend_run), with a toy policy written here as a new
 * strategy would be (its own table, nothing changed elsewhere) and a stand-in measurement whose latencies are
 * known (the oracle):
 *   1. the policy's batches are measured in proposal order, observed with their results in that order, stored in
 *      the cache (method and round tag from the policy, the best record naming the source); the run ends when the
 *      policy proposes nothing, and the report's best is the fastest program measured;
 *   2. a budget stops the task after exactly that many trials, mid-batch if need be;
 *   3. the same run again (a resumed run): every candidate the policy proposes again is served from the cache
 *      (stored = 1), none is measured, and the policy observes the same results as the first time;
 *   4. a policy that says "dead" marks its task dead; bad arguments free the policies and fail. */
#include <math.h>

#include "backend_internal.h"
#include "backend_test_util.h"

#define NPROG 12

typedef struct {
  eto_program progs[NPROG]; /* what it proposes, 5 at a time */
  int next;
  int observed;             /* results seen, in order */
  double seen[NPROG];       /* their latencies (INFINITY for a failure) */
  int order_ok;             /* every observed program was the one proposed at that position */
  int dead;                 /* propose nothing and say dead */
  int freed;
} toy;

static int toy_propose(void *self, const eto_policy_view *v, eto_program *out, int cap, eto_policy_batch *b) {
  toy *x = self;
  (void)v;
  if (x->dead) {
    b->dead = 1;
    snprintf(b->message, sizeof b->message, "toy: nothing to try");
    return 0;
  }
  int n = 0;
  while (n < cap && n < 5 && x->next < NPROG) out[n++] = x->progs[x->next++];
  b->round = 7;
  return n;
}

static void toy_observe(void *self, const eto_policy_view *v, const eto_program *p, const eto_measure_result *r,
                        int n) {
  toy *x = self;
  (void)v;
  for (int j = 0; j < n; j++) {
    int at = x->observed;
    if (at >= NPROG || eto_program_hash(&p[j]) != eto_program_hash(&x->progs[at])) x->order_ok = 0;
    if (at < NPROG) x->seen[at] = r[j].error == ETO_MEASURE_OK ? r[j].median : INFINITY;
    x->observed++;
  }
}

static void toy_free(void *self) { ((toy *)self)->freed++; }

static const eto_policy_vtbl toy_vtbl = {
    .name = "toy", .method = ETO_CACHE_METHOD_REUSE, .propose = toy_propose, .observe = toy_observe,
    .free = toy_free};

/* The stand-in: program i (by its unroll step and tile) gets a latency known from its index; every fourth one
 * fails. The measured list records the order. */
typedef struct {
  const toy *policy;
  int calls;
  int order[64];
} standin;

static int index_of(const toy *x, const eto_program *p) {
  for (int i = 0; i < NPROG; i++)
    if (eto_program_hash(p) == eto_program_hash(&x->progs[i])) return i;
  return -1;
}

static double latency_of(int i) { return i % 4 == 3 ? INFINITY : 1e-3 * (1.0 + (double)((i * 7) % NPROG)); }

static void measure(void *user, const eto_program *p, eto_measure_result *out) {
  standin *s = user;
  int i = index_of(s->policy, p);
  if (s->calls < 64) s->order[s->calls] = i;
  s->calls++;
  memset(out, 0, sizeof *out);
  double l = i < 0 ? INFINITY : latency_of(i);
  out->error = isfinite(l) ? ETO_MEASURE_OK : ETO_MEASURE_WRONG_ANSWER;
  out->median = out->min = out->max = isfinite(l) ? l : 0;
  out->repeats = 1;
}

/* NPROG distinct valid programs of c. */
static void sample_distinct(const eto_compute *c, const eto_target *t, eto_rng *rng, eto_program *progs) {
  for (int i = 0; i < NPROG; i++) {
    int again;
    do {
      CHECK(eto_sched_sample_valid(c, t, NULL, rng, 0, &progs[i]) == 0, "no valid program");
      again = 0;
      for (int k = 0; k < i; k++) again |= eto_program_hash(&progs[k]) == eto_program_hash(&progs[i]);
    } while (again);
  }
}

static eto_status run(const eto_op *op, toy *x, int64_t budget, const eto_target *t, eto_cache *cache, standin *s,
                      eto_backend_report *rep) {
  eto_backend_task task = {.op = *op, .policy = {&toy_vtbl, x}, .budget = budget, .source = "toy:source"};
  eto_backend_hooks hooks = {.measure = measure, .measure_user = s};
  eto_backend_opts o;
  eto_backend_opts_default(&o);
  o.seed = 5;
  o.measures_per_round = 64;
  char msg[256];
  eto_status st = eto_backend_run(&task, 1, t, cache, &o, &hooks, NULL, NULL, rep, msg, sizeof msg);
  CHECK(st == ETO_OK, "run: %s", msg);
  return st;
}

int main(void) {
  char dir[512];
  temp_dir(dir, sizeof dir, "backend_policy");
  eto_cache *cache = NULL;
  eto_cache_opts co = {.no_sync = 1};
  if (eto_cache_open(dir, &co, &cache) != ETO_CACHE_OK) {
    fprintf(stderr, "cache: %s\n", eto_cache_errmsg(cache));
    return 1;
  }
  eto_op a = test_op("matmul m=64 n=64 k=64");
  eto_target t;
  eto_target_cpu(1, &t);
  snprintf(t.fingerprint, sizeof t.fingerprint, "test-policy");
  eto_compute c;
  eto_op_compute(&a, &c);
  char key[512];
  eto_op_key(&a, key, sizeof key);

  toy x = {.order_ok = 1};
  eto_rng rng;
  eto_rng_seed(&rng, 11);
  sample_distinct(&c, &t, &rng, x.progs);
  int best_i = -1;
  for (int i = 0; i < NPROG; i++)
    if (isfinite(latency_of(i)) && (best_i < 0 || latency_of(i) < latency_of(best_i))) best_i = i;

  /* 1. the whole policy, no budget */
  standin s = {.policy = &x};
  eto_backend_report rep;
  if (run(&a, &x, -1, &t, cache, &s, &rep) == ETO_OK) {
    CHECK(s.calls == NPROG, "measured %d of %d", s.calls, NPROG);
    for (int i = 0; i < NPROG && i < s.calls; i++) CHECK(s.order[i] == i, "measured #%d was program %d", i, s.order[i]);
    CHECK(x.observed == NPROG && x.order_ok, "observed %d, in order %d", x.observed, x.order_ok);
    for (int i = 0; i < NPROG; i++)
      CHECK(x.seen[i] == latency_of(i), "program %d observed %g, measured %g", i, x.seen[i], latency_of(i));
    CHECK(x.freed == 1, "policy freed %d times", x.freed);
    CHECK(rep.count == 1 && rep.ops[0].status == ETO_BACKEND_OP_TUNED && rep.ops[0].latency == latency_of(best_i),
          "best %g, expected %g", rep.count ? rep.ops[0].latency : 0, latency_of(best_i));
    CHECK(rep.ops[0].new_trials == NPROG && rep.ops[0].failed_trials == NPROG / 4, "trials %lld, failed %lld",
          (long long)rep.ops[0].new_trials, (long long)rep.ops[0].failed_trials);
    CHECK(strcmp(rep.ops[0].method, "toy") == 0 && rep.ops[0].outcome == ETO_CACHE_PUT_NEW, "method %s outcome %d",
          rep.ops[0].method, (int)rep.ops[0].outcome);
    eto_backend_report_free(&rep);
  }
  size_t stored = 0;
  CHECK(eto_cache_count_trials(cache, t.fingerprint, key, &stored) == ETO_CACHE_OK && stored == NPROG,
        "cache holds %zu trials", stored);
  eto_cache_best b;
  if (eto_cache_get_best(cache, t.fingerprint, key, &b) == ETO_CACHE_OK) {
    CHECK(b.method == ETO_CACHE_METHOD_REUSE && b.source_workload && strcmp(b.source_workload, "toy:source") == 0 &&
              b.latency.median_s == latency_of(best_i),
          "best record: method %s, source %s, %g s", eto_cache_method_name(b.method),
          b.source_workload ? b.source_workload : "(none)", b.latency.median_s);
    eto_cache_best_clear(&b);
  } else {
    CHECK(0, "no best record");
  }

  /* 3. the same policy again: everything is served from the cache, nothing measured */
  toy y = x;
  y.next = y.observed = y.freed = 0;
  y.order_ok = 1;
  for (int i = 0; i < NPROG; i++) y.seen[i] = -1;
  standin s2 = {.policy = &y};
  if (run(&a, &y, -1, &t, cache, &s2, &rep) == ETO_OK) {
    CHECK(s2.calls == 0, "resumed run measured %d", s2.calls);
    CHECK(y.observed == NPROG && y.order_ok, "resumed run observed %d", y.observed);
    for (int i = 0; i < NPROG; i++)
      CHECK(y.seen[i] == x.seen[i], "program %d served %g, measured %g before", i, y.seen[i], x.seen[i]);
    CHECK(rep.ops[0].new_trials == 0 && rep.ops[0].trials == NPROG, "resumed: %lld new of %lld",
          (long long)rep.ops[0].new_trials, (long long)rep.ops[0].trials);
    eto_backend_report_free(&rep);
  }

  /* 2. a budget of 7 on a fresh workload stops after exactly 7 trials (two batches of 5, the second cut) */
  eto_op a2 = test_op("matmul m=64 n=64 k=32");
  toy z = {.order_ok = 1};
  eto_op_compute(&a2, &c);
  sample_distinct(&c, &t, &rng, z.progs);
  standin s3 = {.policy = &z};
  if (run(&a2, &z, 7, &t, cache, &s3, &rep) == ETO_OK) {
    CHECK(s3.calls == 7 && rep.ops[0].new_trials == 7 && z.observed == 7, "budget 7: measured %d, observed %d",
          s3.calls, z.observed);
    eto_backend_report_free(&rep);
  }

  /* 4. dead, and bad arguments */
  toy d = {.dead = 1, .order_ok = 1};
  standin s4 = {.policy = &d};
  eto_op a3 = test_op("matmul m=16 n=16 k=16");
  if (run(&a3, &d, -1, &t, cache, &s4, &rep) == ETO_OK) {
    CHECK(rep.ops[0].status == ETO_BACKEND_OP_DEAD && s4.calls == 0 && strstr(rep.ops[0].message, "toy: nothing"),
          "dead: status %d, message %s", (int)rep.ops[0].status, rep.ops[0].message);
    eto_backend_report_free(&rep);
  }
  toy f = {0};
  eto_backend_task bad[2] = {{.op = a, .policy = {&toy_vtbl, &f}}, {.op = a2}};
  char msg[256];
  CHECK(eto_backend_run(bad, 2, &t, cache, NULL, NULL, NULL, NULL, &rep, msg, sizeof msg) == ETO_ERR_INVALID &&
            f.freed == 1,
        "a task without a policy: freed %d", f.freed);

  eto_cache_close(cache);
  remove_tree(dir);
  return check_result();
}
