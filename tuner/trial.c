/* trial.c — one candidate's path through the tuner: validated (invalid ones are skipped, never measured),
 * de-duplicated and queued (tun_try); at a flush the queue is measured as one batch (the measurer builds
 * several at once), each result reported to the caller's callback, counted, and stored in one transaction per
 * flush; the last one also offers the best program (method reuse or topk, source β's workload key, trials =
 * all trials of the call). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tuner_internal.h"

typedef struct {
  char recipe[ETO_RECIPE_MAX];
  char error[256];
  eto_cache_trial_status status;
  double latency;
  int round;
  int64_t time;
} pending_trial;

typedef struct {
  eto_program p;
  int round;
  int64_t blocks;
} candidate;

struct tun_ctx {
  const eto_op *alpha;
  eto_compute c;
  const eto_target *t;
  eto_measurer *m;
  eto_cache *cache;
  eto_tuner_opts o;
  eto_cache_method method;
  eto_tuner_trial_fn cb;
  void *cb_user;
  eto_tuner_result *res;
  char key_a[512], key_b[512], sig[512];
  double flops;
  pending_trial *pend;
  int npend, cappend;
  char (*seen)[ETO_RECIPE_MAX];
  int nseen, capseen;
  candidate *cand; /* queued for the next flush's measurement */
  int ncand, capcand;
  int best_dirty, stopped;
  eto_status status;
};

tun_ctx *tun_ctx_create(const eto_op *alpha, const eto_op *beta, const eto_target *t, eto_measurer *m,
                        eto_cache *cache, const eto_tuner_opts *o, eto_cache_method method,
                        eto_tuner_trial_fn cb, void *cb_user, eto_tuner_result *res) {
  tun_ctx *x = calloc(1, sizeof *x);
  if (!x) return NULL;
  x->alpha = alpha;
  eto_op_compute(alpha, &x->c);
  x->t = t;
  x->m = m;
  x->cache = cache;
  if (o) x->o = *o;
  x->method = method;
  x->cb = cb;
  x->cb_user = cb_user;
  x->res = res;
  x->status = ETO_OK;
  eto_op_key(alpha, x->key_a, sizeof x->key_a);
  eto_op_key(beta, x->key_b, sizeof x->key_b);
  eto_sched_signature(&x->c, t, x->sig, sizeof x->sig);
  x->flops = eto_op_flops(alpha);
  return x;
}

int tun_stopped(const tun_ctx *x) { return x->stopped; }

static int seen_before(tun_ctx *x, const char *recipe) {
  for (int k = 0; k < x->nseen; k++)
    if (strcmp(x->seen[k], recipe) == 0) return 1;
  if (x->nseen == x->capseen) {
    int cap = x->capseen ? 2 * x->capseen : 64;
    void *s = realloc(x->seen, (size_t)cap * sizeof *x->seen);
    if (!s) return 0; /* out of memory: measure it again rather than fail */
    x->seen = s;
    x->capseen = cap;
  }
  snprintf(x->seen[x->nseen++], ETO_RECIPE_MAX, "%s", recipe);
  return 0;
}

static void queue(tun_ctx *x, const char *recipe, int round, const eto_measure_result *r) {
  if (!x->cache) return;
  if (x->npend == x->cappend) {
    int cap = x->cappend ? 2 * x->cappend : 32;
    void *p = realloc(x->pend, (size_t)cap * sizeof *x->pend);
    if (!p) {
      x->stopped = 1;
      x->status = ETO_ERR_NOMEM;
      snprintf(x->res->message, sizeof x->res->message, "out of memory queueing trials for the cache");
      return;
    }
    x->pend = p;
    x->cappend = cap;
  }
  pending_trial *q = &x->pend[x->npend++];
  memset(q, 0, sizeof *q);
  snprintf(q->recipe, sizeof q->recipe, "%s", recipe);
  q->status = ETO_CACHE_TRIAL_RUNTIME;
  eto_cache_trial_status_parse(eto_measure_error_name(r->error), &q->status);
  if (r->error != ETO_MEASURE_OK)
    snprintf(q->error, sizeof q->error, "%s", r->message[0] ? r->message : eto_measure_error_name(r->error));
  q->latency = r->error == ETO_MEASURE_OK ? r->median : 0;
  q->round = round;
  q->time = (int64_t)time(NULL);
}

void tun_skip_invalid(tun_ctx *x, int round) {
  if (x->stopped) return;
  if (round >= 0 && round <= ETO_TUNER_ROUNDS) x->res->round_candidates[round]++;
  x->res->skipped_invalid++;
}

int tun_try(tun_ctx *x, int round, int64_t blocks, const eto_program *p) {
  if (x->stopped) return -1;
  if (x->o.max_trials > 0 && x->res->trials + x->ncand >= x->o.max_trials) {
    x->stopped = 1;
    return -1;
  }
  if (round >= 0 && round <= ETO_TUNER_ROUNDS) x->res->round_candidates[round]++;
  if (eto_sched_validate(&x->c, x->t, p, NULL, 0) != 0) {
    x->res->skipped_invalid++;
    return 0;
  }
  char recipe[ETO_RECIPE_MAX];
  eto_program_format(p, recipe, sizeof recipe);
  if (seen_before(x, recipe)) {
    x->res->skipped_duplicate++;
    return 0;
  }
  if (x->ncand == x->capcand) {
    int cap = x->capcand ? 2 * x->capcand : 16;
    void *c = realloc(x->cand, (size_t)cap * sizeof *x->cand);
    if (!c) {
      x->stopped = 1;
      x->status = ETO_ERR_NOMEM;
      snprintf(x->res->message, sizeof x->res->message, "out of memory queueing candidates");
      return -1;
    }
    x->cand = c;
    x->capcand = cap;
  }
  candidate *q = &x->cand[x->ncand++];
  q->p = *p;
  q->round = round;
  q->blocks = blocks;
  return 1;
}

/* Counts, reports and queues for the cache one measured candidate; updates *bb (may be NULL). */
static void account(tun_ctx *x, const candidate *q, const eto_measure_result *res, tun_best *bb) {
  eto_tuner_result *out = x->res;
  out->trials++;
  if (q->round >= 0 && q->round <= ETO_TUNER_ROUNDS) out->round_trials[q->round]++;
  int improved = 0;
  if (res->error != ETO_MEASURE_OK) {
    out->failed++;
  } else {
    if (!out->found || res->median < out->best_result.median) {
      out->found = 1;
      out->best = q->p;
      out->best_result = *res;
      x->best_dirty = 1;
      improved = 1;
    }
    if (bb && (!bb->found || res->median < bb->median)) {
      bb->found = 1;
      bb->p = q->p;
      bb->median = res->median;
    }
  }
  char recipe[ETO_RECIPE_MAX];
  eto_program_format(&q->p, recipe, sizeof recipe);
  queue(x, recipe, q->round, res);
  if (x->cb) {
    eto_tuner_trial tr = {.index = out->trials,
                          .round = q->round,
                          .blocks = q->blocks,
                          .program = &q->p,
                          .result = res,
                          .improved = improved};
    x->cb(x->cb_user, &tr);
  }
}

/* Measures the queued candidates: one at a time through the caller's function, or as batches of the
 * measurer's build jobs. */
static void measure_queue(tun_ctx *x, tun_best *bb) {
  int n = x->ncand;
  x->ncand = 0;
  if (n == 0 || x->status != ETO_OK) return;
  eto_measure_result chunk[ETO_MEASURE_MAX_JOBS];
  int jobs = x->o.measure ? 1 : eto_measurer_jobs(x->m);
  for (int s = 0; s < n; s += jobs) {
    int c = n - s < jobs ? n - s : jobs;
    if (x->o.measure) {
      memset(&chunk[0], 0, sizeof chunk[0]);
      x->o.measure(x->o.measure_user, &x->cand[s].p, &chunk[0]);
    } else {
      eto_program ps[ETO_MEASURE_MAX_JOBS];
      for (int j = 0; j < c; j++) ps[j] = x->cand[s + j].p;
      eto_measurer_set_best(x->m, x->res->found ? x->res->best_result.median : 0); /* prunes far slower ones */
      eto_measurer_run_batch(x->m, ps, c, chunk);
    }
    for (int j = 0; j < c; j++) account(x, &x->cand[s + j], &chunk[j], bb);
  }
}

/* Stores the pending trials, and with `final` the best program (so its trial count is the whole call's). */
static int flush(tun_ctx *x, int final) {
  if (x->status != ETO_OK) return -1;
  if (!x->cache || (x->npend == 0 && !(final && x->best_dirty))) return 0;
  eto_cache_trial *trials = calloc((size_t)(x->npend > 0 ? x->npend : 1), sizeof *trials);
  if (!trials) {
    x->stopped = 1;
    x->status = ETO_ERR_NOMEM;
    return -1;
  }
  const char *kind = eto_op_kind_name(x->alpha->kind);
  for (int k = 0; k < x->npend; k++) {
    pending_trial *q = &x->pend[k];
    trials[k].fingerprint = (char *)x->t->fingerprint;
    trials[k].workload = x->key_a;
    trials[k].kind = (char *)kind;
    trials[k].recipe = q->recipe;
    trials[k].status = q->status;
    trials[k].error = q->error[0] ? q->error : NULL;
    trials[k].latency_s = q->latency;
    trials[k].time = q->time;
    trials[k].method = x->method;
    trials[k].round = q->round;
  }
  eto_cache_best b;
  char recipe[ETO_RECIPE_MAX], features[256], codegen[16];
  int with_best = final && x->best_dirty && x->res->found;
  if (with_best) {
    const eto_tuner_result *r = x->res;
    eto_features f;
    eto_sched_features(&x->c, &r->best, &f);
    eto_program_format(&r->best, recipe, sizeof recipe);
    snprintf(features, sizeof features,
             "B=%lld T=%lld M=%lld threads_per_block=%lld thread_tile=%lld fetches=%lld", (long long)f.blocks,
             (long long)f.total_threads, (long long)f.total_smem, (long long)f.threads_per_block,
             (long long)f.thread_tile, (long long)f.fetches);
    snprintf(codegen, sizeof codegen, "%d", ETO_CODEGEN_VERSION);
    memset(&b, 0, sizeof b);
    b.fingerprint = (char *)x->t->fingerprint;
    b.workload = x->key_a;
    b.kind = (char *)kind;
    b.signature = x->sig;
    b.recipe = recipe;
    b.latency.median_s = r->best_result.median;
    b.latency.min_s = r->best_result.min;
    b.latency.max_s = r->best_result.max;
    b.latency.repeats = r->best_result.repeats;
    b.gflops = r->best_result.median > 0 ? x->flops / r->best_result.median * 1e-9 : 0;
    b.features = features;
    b.method = x->method;
    b.source_workload = x->key_b;
    b.trials = r->trials;
    b.codegen_version = codegen;
    b.time = (int64_t)time(NULL);
  }
  eto_cache_put_outcome outcome = ETO_CACHE_PUT_NONE;
  eto_cache_status st =
      eto_cache_put_batch(x->cache, trials, (size_t)x->npend, with_best ? &b : NULL, &outcome);
  free(trials);
  if (st != ETO_CACHE_OK) {
    snprintf(x->res->message, sizeof x->res->message, "cache: storing %d trials of %.100s: %.100s", x->npend,
             x->key_a, eto_cache_errmsg(x->cache));
    x->stopped = 1;
    x->status = ETO_ERR_IO;
    return -1;
  }
  if (with_best) {
    x->best_dirty = 0;
    x->res->outcome = outcome;
  }
  x->npend = 0;
  return 0;
}

int tun_flush(tun_ctx *x, tun_best *bb) {
  measure_queue(x, bb);
  return flush(x, 0);
}

eto_status tun_ctx_finish(tun_ctx *x) {
  if (!x) return ETO_OK;
  measure_queue(x, NULL);
  flush(x, 1);
  eto_status st = x->status;
  free(x->pend);
  free(x->seen);
  free(x->cand);
  free(x);
  return st;
}
