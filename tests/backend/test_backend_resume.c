/* Resume and warm start through the cache:
 *   1. a run with a budget of 10 trials stops at 10 (the "interrupted after k trials" case);
 *   2. a run cancelled from the progress callback after its first round stores that batch and says so;
 *   3. the resumed run with budget 24 measures only what is missing, never a program measured before, and
 *      the cache then holds 24 distinct trials; the best is the best of all of them;
 *   4. the same list again finishes at once from the cache (no measurement, best from the cache);
 *   5. another workload on the same target trains its cost model on those 24 trials (transfer);
 *   6. a time budget stops the run; the JSON report holds what the text report shows. */
#include <cJSON.h>
#include <math.h>

#include "backend_internal.h"
#include "backend_test_util.h"

typedef struct {
  volatile int cancel;
  int cancel_after_rounds;
  int rounds, starts;
} cb_state;

static void on_progress(const eto_backend_progress *p, void *user) {
  cb_state *s = user;
  if (p->event == ETO_BACKEND_EVENT_START) s->starts++;
  if (p->event == ETO_BACKEND_EVENT_ROUND && ++s->rounds >= s->cancel_after_rounds &&
      s->cancel_after_rounds > 0)
    s->cancel = 1;
  if (p->event == ETO_BACKEND_EVENT_MESSAGE) printf("  message: %s\n", p->message);
}

typedef struct {
  const char *workload;
  int n, distinct;
  double best;
  eto_progset seen;
} trial_count;

static int count_trial(const eto_cache_trial *t, void *user) {
  trial_count *c = user;
  if (strcmp(t->workload, c->workload) != 0) return 0;
  c->n++;
  eto_program p;
  if (eto_program_parse(t->recipe, &p, NULL, 0) == 0)
    c->distinct += eto_progset_add(&c->seen, eto_program_hash(&p)) == 1;
  if (t->status == ETO_CACHE_TRIAL_OK && t->latency_s < c->best) c->best = t->latency_s;
  return 0;
}

static void count_trials(eto_cache *cache, const char *fp, const char *wk, trial_count *c) {
  memset(c, 0, sizeof *c);
  c->workload = wk;
  c->best = INFINITY;
  CHECK(eto_cache_foreach_trial(cache, fp, NULL, count_trial, c) == ETO_CACHE_OK, "%s",
        eto_cache_errmsg(cache));
  eto_progset_clear(&c->seen);
}

/* The runs' options: batches of 8, a cost model trained from 16 records on. */
static void run_opts(int budget, double time_budget, cb_state *cb, eto_backend_opts *o) {
  eto_backend_opts_default(o);
  o->trials_per_op = budget;
  o->time_budget = time_budget;
  o->measures_per_round = 8;
  o->seed = 99;
  o->cost.warmup_records = 16;
  o->cancel = &cb->cancel;
  o->measure.threads = 1;
  o->measure.min_repeat_seconds = 0.002;
}

static eto_status tune_opts(const eto_op *op, int nops, const eto_target *t, eto_cache *cache,
                            const eto_backend_opts *o, cb_state *cb, eto_backend_report *rep) {
  char msg[512];
  eto_status st = eto_backend_tune(op, nops, t, cache, o, on_progress, cb, rep, msg, sizeof msg);
  CHECK(st == ETO_OK, "tune: %s", msg);
  return st;
}

static eto_status tune(const eto_op *op, int nops, const eto_target *t, eto_cache *cache, int budget,
                       double time_budget, cb_state *cb, eto_backend_report *rep) {
  eto_backend_opts o;
  run_opts(budget, time_budget, cb, &o);
  return tune_opts(op, nops, t, cache, &o, cb, rep);
}

int main(void) {
  char dir[512];
  eto_cache *cache = temp_cache(dir, sizeof dir, "backend_resume");
  eto_op a = test_op("matmul m=1 n=1 k=1024 name=dot1024");
  eto_target t;
  eto_target_cpu(1, &t);
  t.max_threads_per_block = 8;
  snprintf(t.fingerprint, sizeof t.fingerprint, "test-resume");
  char key[512];
  eto_op_key(&a, key, sizeof key);
  eto_backend_report rep;
  trial_count tc;

  /* 1. budget 10 */
  cb_state cb = {0};
  if (tune(&a, 1, &t, cache, 10, 0, &cb, &rep) == ETO_OK) {
    CHECK(rep.ops[0].trials == 10 && rep.ops[0].new_trials == 10, "run 1: %lld trials",
          (long long)rep.ops[0].trials);
    CHECK(!rep.interrupted, "run 1 reports an interruption");
    eto_backend_report_free(&rep);
  }
  count_trials(cache, t.fingerprint, key, &tc);
  CHECK(tc.n == 10 && tc.distinct == 10, "after run 1 the cache holds %d trials (%d distinct)", tc.n,
        tc.distinct);

  /* 2. cancelled after its first round: that batch is stored */
  cb = (cb_state){.cancel_after_rounds = 1};
  if (tune(&a, 1, &t, cache, 40, 0, &cb, &rep) == ETO_OK) {
    CHECK(rep.ops[0].new_trials == 8 && rep.ops[0].trials == 18, "run 2: %lld trials (%lld new)",
          (long long)rep.ops[0].trials, (long long)rep.ops[0].new_trials);
    CHECK(rep.interrupted, "run 2 does not report the interruption");
    eto_backend_report_free(&rep);
  }
  count_trials(cache, t.fingerprint, key, &tc);
  CHECK(tc.n == 18 && tc.distinct == 18, "after run 2 the cache holds %d trials (%d distinct)", tc.n,
        tc.distinct);

  /* 3. resumed to 24: 6 new ones, none measured twice */
  cb = (cb_state){0};
  double best3 = 0;
  if (tune(&a, 1, &t, cache, 24, 0, &cb, &rep) == ETO_OK) {
    CHECK(rep.ops[0].trials == 24 && rep.ops[0].new_trials == 6, "run 3: %lld trials (%lld new)",
          (long long)rep.ops[0].trials, (long long)rep.ops[0].new_trials);
    best3 = rep.ops[0].latency;
    eto_backend_report_free(&rep);
  }
  count_trials(cache, t.fingerprint, key, &tc);
  CHECK(tc.n == 24 && tc.distinct == 24, "after run 3 the cache holds %d trials (%d distinct)", tc.n,
        tc.distinct);
  CHECK(fabs(tc.best - best3) <= 1e-12, "best %.4g us is not the best trial %.4g us", best3 * 1e6,
        tc.best * 1e6);
  eto_cache_best b;
  CHECK(eto_cache_get_best(cache, t.fingerprint, key, &b) == ETO_CACHE_OK, "%s", eto_cache_errmsg(cache));
  CHECK(fabs(b.latency.median_s - tc.best) <= 1e-12 && b.trials <= 24,
        "stored best %.4g us after %lld trials", b.latency.median_s * 1e6, (long long)b.trials);
  eto_cache_best_clear(&b);

  /* 4. already tuned: immediate, nothing measured, no measurer started */
  cb = (cb_state){0};
  double t0 = eto_now();
  if (tune(&a, 1, &t, cache, 24, 0, &cb, &rep) == ETO_OK) {
    double dt = eto_now() - t0;
    printf("run 4 (already tuned): %.3f s\n", dt);
    CHECK(rep.ops[0].new_trials == 0 && rep.ops[0].trials == 24 && cb.starts == 0,
          "run 4: %lld new trials, %d starts", (long long)rep.ops[0].new_trials, cb.starts);
    CHECK(rep.ops[0].status == ETO_BACKEND_OP_TUNED && rep.ops[0].best_from_cache &&
              fabs(rep.ops[0].latency - tc.best) <= 1e-12,
          "run 4 best %.4g us from cache %d", rep.ops[0].latency * 1e6, rep.ops[0].best_from_cache);
    CHECK(dt < 2.0, "an already tuned list took %.2f s", dt);
    eto_backend_report_free(&rep);
  }

  /* 5. transfer: another workload on the target learns from the 24 trials. The model is trained before the first
   * batch and again when the records grew by retrain_ratio (1 here): counted on all records (24 -> 40), never again,
   * 1 training; counted on the run's own (-DETO_RETRAIN_OWN=1), after its first batch (none of its own at the start)
   * and its second (8 -> 16), 3. */
  eto_op bop = test_op("matmul m=1 n=1 k=512 name=dot512");
  cb = (cb_state){0};
  eto_backend_opts o5;
  run_opts(16, 0, &cb, &o5);
  o5.retrain_ratio = 1;
  if (tune_opts(&bop, 1, &t, cache, &o5, &cb, &rep) == ETO_OK) {
    CHECK(rep.transfer_records == 24, "transfer records %lld, expected 24", (long long)rep.transfer_records);
    CHECK(rep.ops[0].trials == 16, "run 5: %lld trials", (long long)rep.ops[0].trials);
    CHECK(rep.trainings == (ETO_RETRAIN_OWN ? 3 : 1), "run 5: %lld cost-model trainings, expected %d",
          (long long)rep.trainings, ETO_RETRAIN_OWN ? 3 : 1);
    eto_backend_report_free(&rep);
  }

  /* 6. time budget and the JSON report */
  eto_op ops[2] = {test_op("matmul m=1 n=1 k=256 name=dot256"), a};
  cb = (cb_state){0};
  if (tune(ops, 2, &t, cache, 1000, 0.5, &cb, &rep) == ETO_OK) {
    CHECK(rep.stopped_by_time && rep.interrupted, "time budget: stopped %d, interrupted %d",
          rep.stopped_by_time, rep.interrupted);
    CHECK(rep.seconds < 10, "a 0.5 s budget took %.1f s", rep.seconds);
    eto_backend_report_print(&rep, stdout);
    char path[600], msg[512];
    snprintf(path, sizeof path, "%s/report.json", dir);
    CHECK(eto_backend_report_write_json(&rep, path, msg, sizeof msg) == ETO_OK, "%s", msg);
    FILE *f = fopen(path, "r");
    char text[65536];
    size_t len = f ? fread(text, 1, sizeof text - 1, f) : 0;
    if (f) fclose(f);
    text[len] = 0;
    cJSON *j = cJSON_Parse(text);
    CHECK(j != NULL, "report.json does not parse");
    cJSON *opsj = cJSON_GetObjectItem(j, "operators");
    CHECK(cJSON_GetArraySize(opsj) == 2, "operators in JSON");
    cJSON *o1 = cJSON_GetArrayItem(opsj, 1);
    CHECK(o1 && cJSON_GetObjectItem(o1, "trials")->valuedouble == (double)rep.ops[1].trials,
          "trials in JSON");
    CHECK(o1 && strcmp(cJSON_GetObjectItem(o1, "status")->valuestring, "tuned") == 0, "status in JSON");
    cJSON *tot = cJSON_GetObjectItem(j, "totals");
    CHECK(tot && cJSON_IsTrue(cJSON_GetObjectItem(tot, "stopped_by_time")), "stopped_by_time in JSON");
    CHECK(strcmp(cJSON_GetObjectItem(j, "seed")->valuestring, "99") == 0, "seed in JSON");
    cJSON_Delete(j);
    eto_backend_report_free(&rep);
  }

  eto_cache_close(cache);
  remove_tree(dir);
  return check_result();
}
