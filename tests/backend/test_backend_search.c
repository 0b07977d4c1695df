/* The full search against brute force on schedule spaces small enough to measure completely:
 *   A. a dot product (matmul m=1 n=1 k=1024) on a CPU target limited to 8 threads per block has 195 valid
 *      programs; all are measured, then the search (seeded, 32 trials, cost model from 16 records) must find
 *      a program that is as fast as the brute-force best within noise (side-by-side re-measurement);
 *      every trial is stored in the cache, each program once, all from the enumerated space;
 *   B. a norm with 25 valid programs and a budget of 100: the search measures each exactly once, then stops
 *      ("every program ... measured");
 *   C. in the same call, a matmul with no valid program on that target is skipped with a message.
 * Timing: one worker thread, 2 ms windows; the machine is shared, so near-ties are compared by repeated
 * side-by-side measurement, not by one noisy number. */
#include <math.h>

#include "backend_internal.h"
#include "backend_test_util.h"

enum { MAXP = 512 };

typedef struct {
  int n;
  eto_program p[MAXP];
  uint64_t h[MAXP];
  double lat[MAXP];
} space;

static void collect(const eto_program *p, void *user) {
  space *s = user;
  if (s->n < MAXP) {
    s->p[s->n] = *p;
    s->h[s->n] = eto_program_hash(p);
    s->n++;
  }
}

static int find(const space *s, uint64_t h) {
  for (int i = 0; i < s->n; i++)
    if (s->h[i] == h) return i;
  return -1;
}

typedef struct {
  int rounds, messages, done;
  char last_message[512];
} progress_log;

static void on_progress(const eto_backend_progress *p, void *user) {
  progress_log *l = user;
  if (p->event == ETO_BACKEND_EVENT_ROUND) l->rounds++;
  if (p->event == ETO_BACKEND_EVENT_DONE) l->done++;
  if (p->event == ETO_BACKEND_EVENT_MESSAGE) {
    l->messages++;
    snprintf(l->last_message, sizeof l->last_message, "%s", p->message);
    printf("  message: %s\n", p->message);
  }
}

typedef struct {
  const char *workload;
  int n, distinct, ok;
  eto_progset seen;
  const space *sp;
  int outside;
} trial_check;

static int on_trial(const eto_cache_trial *t, void *user) {
  trial_check *c = user;
  if (strcmp(t->workload, c->workload) != 0) return 0;
  c->n++;
  eto_program p;
  if (eto_program_parse(t->recipe, &p, NULL, 0) != 0) return 0;
  uint64_t h = eto_program_hash(&p);
  c->distinct += eto_progset_add(&c->seen, h) == 1;
  c->ok += t->status == ETO_CACHE_TRIAL_OK;
  if (c->sp && find(c->sp, h) < 0) c->outside++;
  return 0;
}

static void measure_opts(eto_measure_opts *mo) {
  eto_measure_opts_default(mo);
  mo->threads = 1;
  mo->min_repeat_seconds = 0.002;
  mo->repeats = 3;
  mo->run_timeout = 5;
  mo->build_timeout = 20;
}

/* min over k alternating measurements of a and b */
static void side_by_side(eto_measurer *m, const eto_program *a, const eto_program *b, int k, double *ta,
                         double *tb) {
  *ta = *tb = INFINITY;
  for (int i = 0; i < k; i++) {
    eto_measure_result r;
    eto_measurer_run(m, a, &r);
    if (r.error == ETO_MEASURE_OK) *ta = fmin(*ta, r.median);
    eto_measurer_run(m, b, &r);
    if (r.error == ETO_MEASURE_OK) *tb = fmin(*tb, r.median);
  }
}

static void part_a(eto_cache *cache) {
  eto_op op = test_op("matmul m=1 n=1 k=1024 name=dot");
  eto_compute c;
  eto_op_compute(&op, &c);
  eto_target t;
  eto_target_cpu(1, &t);
  t.max_threads_per_block = 8;
  snprintf(t.fingerprint, sizeof t.fingerprint, "test-search-a");
  static space sp;
  long n = enumerate_programs(&c, &t, collect, &sp);
  CHECK(n == sp.n && n > 100 && n < MAXP, "enumerated %ld programs", n);
  eto_measure_opts mo;
  measure_opts(&mo);
  eto_measurer *m = NULL;
  char msg[512];
  CHECK(eto_measurer_create(&op, &t, &mo, &m, msg, sizeof msg) == ETO_OK, "%s", msg);
  double t0 = eto_now();
  int best = -1;
  for (int i = 0; i < sp.n; i++) {
    eto_measure_result r;
    eto_measurer_run(m, &sp.p[i], &r);
    sp.lat[i] = r.error == ETO_MEASURE_OK ? r.median : INFINITY;
    if (isfinite(sp.lat[i]) && (best < 0 || sp.lat[i] < sp.lat[best])) best = i;
  }
  CHECK(best >= 0, "no program of the space runs");
  if (best < 0) return;
  int near = 0;
  for (int i = 0; i < sp.n; i++) near += sp.lat[i] <= 1.2 * sp.lat[best];
  printf("A: brute force: %d programs in %.1f s, best %.3f us, %d within 20%%\n", sp.n,
         eto_now() - t0, sp.lat[best] * 1e6, near);

  eto_backend_opts o;
  eto_backend_opts_default(&o);
  o.trials_per_op = 32;
  o.measures_per_round = 8;
  o.seed = 42;
  o.cost.warmup_records = 16;
  o.measure = mo;
  eto_backend_report rep;
  progress_log log = {0};
  t0 = eto_now();
  eto_status st = eto_backend_tune(&op, 1, &t, cache, &o, on_progress, &log, &rep, msg, sizeof msg);
  CHECK(st == ETO_OK, "tune: %s", msg);
  if (st != ETO_OK || rep.count != 1) return;
  const eto_backend_op_result *r = &rep.ops[0];
  printf("A: search: %lld trials in %.1f s (%d rounds), best %.3f us: %s\n", (long long)r->trials,
         eto_now() - t0, r->rounds, r->latency * 1e6, r->recipe);
  CHECK(r->status == ETO_BACKEND_OP_TUNED, "status %s: %s", eto_backend_op_status_name(r->status),
        r->message);
  CHECK(r->trials == 32 && r->new_trials == 32, "trials %lld (new %lld), budget 32", (long long)r->trials,
        (long long)r->new_trials);
  CHECK(rep.seed == 42, "seed %llu reported", (unsigned long long)rep.seed);
  CHECK(log.rounds == 4 && log.done == 1, "progress: %d rounds, %d done events", log.rounds, log.done);

  /* every trial is in the cache, once, from the enumerated space */
  trial_check tc = {.workload = r->workload, .sp = &sp};
  CHECK(eto_cache_foreach_trial(cache, t.fingerprint, NULL, on_trial, &tc) == ETO_CACHE_OK, "%s",
        eto_cache_errmsg(cache));
  CHECK(tc.n == 32 && tc.distinct == 32, "cache holds %d trials, %d distinct", tc.n, tc.distinct);
  CHECK(tc.outside == 0, "%d measured programs are not in the enumerated space", tc.outside);
  eto_progset_clear(&tc.seen);
  eto_cache_best b;
  CHECK(eto_cache_get_best(cache, t.fingerprint, r->workload, &b) == ETO_CACHE_OK, "no best stored: %s",
        eto_cache_errmsg(cache));
  CHECK(b.recipe && strcmp(b.recipe, r->recipe) == 0 && b.method == ETO_CACHE_METHOD_FULL,
        "stored best differs");
  eto_cache_best_clear(&b);

  /* the search's best against the brute-force best */
  eto_program found;
  CHECK(eto_program_parse(r->recipe, &found, NULL, 0) == 0, "recipe %s", r->recipe);
  int k = find(&sp, eto_program_hash(&found));
  CHECK(k >= 0, "the best program is not in the space");
  if (k >= 0) {
    int rank = 0;
    for (int i = 0; i < sp.n; i++) rank += sp.lat[i] < sp.lat[k];
    double ta, tb;
    side_by_side(m, &found, &sp.p[best], 5, &ta, &tb);
    printf("A: found program: brute-force rank %d of %d (%.3f us); side by side %.3f us vs best %.3f us\n",
           rank + 1, sp.n, sp.lat[k] * 1e6, ta * 1e6, tb * 1e6);
    CHECK(ta <= 1.25 * tb, "search best %.3f us, brute-force best %.3f us", ta * 1e6, tb * 1e6);
  }
  eto_measurer_free(m);
  eto_backend_report_free(&rep);
}

static void part_bc(eto_cache *cache) {
  eto_op ops[2] = {test_op("norm b=4 m=32 n=32 name=small_norm"),
                   test_op("matmul m=8 n=8 k=8 name=no_program")};
  eto_target t;
  eto_target_cpu(1, &t);
  t.max_threads_per_block = 2;
  t.max_shared_bytes = 0; /* no shared tile fits and no input is read directly: the matmul's only sketch */
  t.direct_reads = 0;     /* (multi-level) has no valid program */
  snprintf(t.fingerprint, sizeof t.fingerprint, "test-search-b");
  eto_compute c;
  eto_op_compute(&ops[0], &c);
  static space sp;
  long n = enumerate_programs(&c, &t, collect, &sp);
  eto_compute c2;
  eto_op_compute(&ops[1], &c2);
  CHECK(enumerate_programs(&c2, &t, NULL, NULL) == 0, "the matmul has valid programs");
  eto_backend_opts o;
  eto_backend_opts_default(&o);
  o.trials_per_op = 100;
  o.measures_per_round = 16;
  o.seed = 7;
  o.cost.warmup_records = 10;
  measure_opts(&o.measure);
  eto_backend_report rep;
  progress_log log = {0};
  char msg[512];
  double t0 = eto_now();
  eto_status st = eto_backend_tune(ops, 2, &t, cache, &o, on_progress, &log, &rep, msg, sizeof msg);
  CHECK(st == ETO_OK, "tune: %s", msg);
  if (st != ETO_OK) return;
  printf("B: %ld programs in the space; search measured %lld in %.1f s\n", n, (long long)rep.ops[0].trials,
         eto_now() - t0);
  CHECK(rep.ops[0].status == ETO_BACKEND_OP_TUNED, "norm: %s", rep.ops[0].message);
  CHECK(rep.ops[0].trials == n, "norm: %lld trials, the space has %ld programs", (long long)rep.ops[0].trials,
        n);
  CHECK(strstr(rep.ops[0].message, "every program") != NULL, "norm message: '%s'", rep.ops[0].message);
  trial_check tc = {.workload = rep.ops[0].workload, .sp = &sp};
  eto_cache_foreach_trial(cache, t.fingerprint, NULL, on_trial, &tc);
  CHECK(tc.n == n && tc.distinct == n && tc.outside == 0,
        "cache: %d trials, %d distinct, %d outside the space", tc.n, tc.distinct, tc.outside);
  eto_progset_clear(&tc.seen);
  CHECK(rep.ops[1].status == ETO_BACKEND_OP_DEAD && rep.ops[1].trials == 0, "matmul: status %s, %lld trials",
        eto_backend_op_status_name(rep.ops[1].status), (long long)rep.ops[1].trials);
  CHECK(log.messages >= 2, "messages: %d", log.messages);
  CHECK(rep.missing == 1 && !rep.interrupted, "report: %d missing, interrupted %d", rep.missing,
        rep.interrupted);
  eto_backend_report_print(&rep, stdout);
  eto_backend_report_free(&rep);
}

int main(void) {
  char dir[512];
  eto_cache *cache = temp_cache(dir, sizeof dir, "backend_search");
  part_bc(cache);
  part_a(cache);
  eto_cache_close(cache);
  remove_tree(dir);
  return check_result();
}
