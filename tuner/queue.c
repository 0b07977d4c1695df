/* queue.c — what the tuner's policies share: the candidate queue of one step (validated, de-duplicated,
 * counted, handed to the engine up to its cap at a time), the best of a step, and the run of a policy through
 * the search engine (backend.h) that fills an eto_tuner_result for eto_tuner_run and eto_tuner_topk. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tuner_internal.h"

void tun_queue_init(tun_queue *q, const eto_op *alpha, const eto_target *t, eto_tuner_result *res) {
  memset(q, 0, sizeof *q);
  eto_op_compute(alpha, &q->c);
  q->t = t;
  q->res = res;
}

static int seen_before(tun_queue *q, const char *recipe) {
  for (int k = 0; k < q->nseen; k++)
    if (strcmp(q->seen[k], recipe) == 0) return 1;
  if (q->nseen == q->capseen) {
    int cap = q->capseen ? 2 * q->capseen : 64;
    void *s = realloc(q->seen, (size_t)cap * sizeof *q->seen);
    if (!s) return 0; /* out of memory: measure it again rather than fail */
    q->seen = s;
    q->capseen = cap;
  }
  snprintf(q->seen[q->nseen++], ETO_RECIPE_MAX, "%s", recipe);
  return 0;
}

void tun_queue_skip_invalid(tun_queue *q, int round) {
  if (round >= 0 && round <= ETO_TUNER_ROUNDS) q->res->round_candidates[round]++;
  q->res->skipped_invalid++;
}

int tun_queue_try(tun_queue *q, int round, const eto_program *p) {
  if (round >= 0 && round <= ETO_TUNER_ROUNDS) q->res->round_candidates[round]++;
  if (eto_sched_candidate_ok(&q->c, q->t, p, NULL, 0) != 0) {
    q->res->skipped_invalid++;
    return 0;
  }
  char recipe[ETO_RECIPE_MAX];
  eto_program_format(p, recipe, sizeof recipe);
  if (seen_before(q, recipe)) {
    q->res->skipped_duplicate++;
    return 0;
  }
  if (q->n == q->cap) {
    int cap = q->cap ? 2 * q->cap : 16;
    eto_program *items = realloc(q->items, (size_t)cap * sizeof *items);
    if (items) q->items = items;
    int *rounds = realloc(q->rounds, (size_t)cap * sizeof *rounds);
    if (rounds) q->rounds = rounds;
    if (!items || !rounds) {
      q->nomem = 1;
      return -1;
    }
    q->cap = cap;
  }
  q->items[q->n] = *p;
  q->rounds[q->n++] = round;
  return 1;
}

int tun_queue_pending(const tun_queue *q) { return q->head < q->n; }

int tun_queue_take(tun_queue *q, eto_program *out, int cap, int *round) {
  if (q->head >= q->n) {
    q->head = q->n = 0;
    return 0;
  }
  *round = q->rounds[q->head];
  int k = 0;
  while (k < cap && q->head < q->n && q->rounds[q->head] == *round) out[k++] = q->items[q->head++];
  return k;
}

void tun_queue_free(tun_queue *q) {
  free(q->items);
  free(q->rounds);
  free(q->seen);
  memset(q, 0, sizeof *q);
}

void tun_best_observe(tun_best *bb, const eto_program *p, const eto_measure_result *r, int n) {
  for (int j = 0; j < n; j++)
    if (r[j].error == ETO_MEASURE_OK && (!bb->found || r[j].median < bb->median)) {
      bb->found = 1;
      bb->p = p[j];
      bb->median = r[j].median;
    }
}

/* ---- a workload's measured programs, best first ---- */

typedef struct {
  char recipe[ETO_RECIPE_MAX];
  double latency;
  uint64_t seq;
} ranked;

typedef struct {
  ranked *items;
  int n, cap, nomem;
} ranked_list;

static int push(ranked_list *l, const char *recipe, double latency, uint64_t seq) {
  if (l->n == l->cap) {
    int cap = l->cap ? 2 * l->cap : 64;
    void *p = realloc(l->items, (size_t)cap * sizeof *l->items);
    if (!p) {
      l->nomem = 1;
      return 1;
    }
    l->items = p;
    l->cap = cap;
  }
  ranked *r = &l->items[l->n++];
  snprintf(r->recipe, sizeof r->recipe, "%s", recipe);
  r->latency = latency;
  r->seq = seq;
  return 0;
}

static int collect_ok(const eto_cache_trial *t, void *user) {
  if (t->status != ETO_CACHE_TRIAL_OK || !t->recipe) return 0;
  return push(user, t->recipe, t->latency_s, t->seq);
}

static int by_latency(const void *a, const void *b) {
  const ranked *x = a, *y = b;
  if (x->latency != y->latency) return x->latency < y->latency ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

eto_status tun_source_programs(eto_cache *cache, const eto_target *t, const char *key, eto_program **out, int *n,
                               char *msg, int cap) {
  *out = NULL;
  *n = 0;
  ranked_list l = {0};
  eto_cache_status cs = eto_cache_foreach_trial(cache, t->fingerprint, key, collect_ok, &l);
  if (l.nomem) {
    free(l.items);
    return ETO_ERR_NOMEM;
  }
  if (cs != ETO_CACHE_OK && cs != ETO_CACHE_STALE && cs != ETO_CACHE_ECORRUPT) {
    snprintf(msg, (size_t)cap, "cache: reading the trials of %.100s: %.100s", key, eto_cache_errmsg(cache));
    free(l.items);
    return ETO_ERR_IO;
  }
  if (l.n == 0) { /* no trials: the best record alone */
    eto_cache_best b = {0};
    if (eto_cache_get_best(cache, t->fingerprint, key, &b) == ETO_CACHE_OK) push(&l, b.recipe, b.latency.median_s, 0);
    if (b.recipe) eto_cache_best_clear(&b);
  }
  if (l.n > 1) qsort(l.items, (size_t)l.n, sizeof *l.items, by_latency); /* none: l.items is NULL */
  eto_program *progs = calloc((size_t)(l.n > 0 ? l.n : 1), sizeof *progs);
  if (!progs) {
    free(l.items);
    return ETO_ERR_NOMEM;
  }
  for (int i = 0; i < l.n; i++) {
    int dup = 0;
    for (int k = 0; k < i && !dup; k++) dup = strcmp(l.items[k].recipe, l.items[i].recipe) == 0;
    if (!dup && eto_program_parse(l.items[i].recipe, &progs[*n], NULL, 0) == 0) (*n)++;
  }
  free(l.items);
  *out = progs;
  return ETO_OK;
}

/* ---- the pair ---- */

eto_status tun_pair_check(const eto_policy_args *a, const char *policy, eto_compute *ca, eto_compute *cb, char *msg,
                          int cap) {
  if (!a || !a->op || !a->source || !a->t) {
    snprintf(msg, (size_t)cap, "the %s policy needs α and β", policy);
    return ETO_ERR_INVALID;
  }
  eto_op_compute(a->op, ca);
  eto_op_compute(a->source, cb);
  if (eto_op_reuse_kind(a->op->kind) != eto_op_reuse_kind(a->source->kind)) {
    snprintf(msg, (size_t)cap, "%s cannot reuse a program of %s: kinds differ", eto_op_kind_name(a->op->kind),
             eto_op_kind_name(a->source->kind));
    return ETO_ERR_INVALID;
  }
  if (ca->nest.nspace != cb->nest.nspace || ca->nest.nreduce != cb->nest.nreduce) {
    snprintf(msg, (size_t)cap, "loop nests differ (%d+%d loops vs %d+%d)", ca->nest.nspace, ca->nest.nreduce,
             cb->nest.nspace, cb->nest.nreduce);
    return ETO_ERR_INVALID;
  }
  char why[256];
  if (a->source_best && eto_sched_validate(cb, a->t, a->source_best, why, sizeof why) != 0) {
    snprintf(msg, (size_t)cap, "S*β is not a valid program of β on %s: %.180s", a->t->name, why);
    return ETO_ERR_INVALID;
  }
  return ETO_OK;
}

/* ---- the run through the engine ---- */

typedef struct {
  eto_tuner_result *out;
  eto_tuner_trial_fn cb;
  void *cb_user;
  int64_t (*blocks_of)(const void *self);
  const void *pol_self;
} run_ctx;

static void on_trial(void *user, const eto_backend_trial *tr) {
  run_ctx *x = user;
  eto_tuner_result *out = x->out;
  int improved = 0;
  if (tr->stored) {
    out->resumed++;
  } else {
    out->trials++;
    if (tr->round >= 0 && tr->round <= ETO_TUNER_ROUNDS) out->round_trials[tr->round]++;
    if (tr->result->error != ETO_MEASURE_OK) out->failed++;
  }
  if (tr->result->error == ETO_MEASURE_OK && (!out->found || tr->result->median < out->best_result.median)) {
    out->found = 1;
    out->best = *tr->program;
    out->best_result = *tr->result;
    improved = 1;
  }
  if (x->cb && !tr->stored) {
    eto_tuner_trial t = {.index = out->trials,
                         .round = tr->round,
                         .blocks = x->blocks_of ? x->blocks_of(x->pol_self) : 0,
                         .program = tr->program,
                         .result = tr->result,
                         .improved = improved};
    x->cb(x->cb_user, &t);
  }
}

static void call_measure(void *user, const eto_program *p, eto_measure_result *out) {
  const eto_tuner_opts *o = user;
  memset(out, 0, sizeof *out);
  o->measure(o->measure_user, p, out);
}

static eto_status run_policy(const eto_op *alpha, const eto_op *beta, eto_policy pol, const eto_target *t,
                             eto_measurer *m, eto_cache *cache, const eto_tuner_opts *opts, eto_tuner_trial_fn cb,
                             void *cb_user, int64_t (*blocks_of)(const void *self), eto_tuner_result *out) {
  char key_b[512], key_a[512];
  eto_op_key(beta, key_b, sizeof key_b);
  eto_op_key(alpha, key_a, sizeof key_a);
  /* max_trials counts this call's measurements; the engine's budget counts stored trials too */
  size_t stored = 0;
  if (cache && opts && opts->max_trials > 0) eto_cache_count_trials(cache, t->fingerprint, key_a, &stored);
  eto_backend_task task = {.op = *alpha,
                           .policy = pol,
                           .budget = opts && opts->max_trials > 0 ? (int64_t)stored + opts->max_trials : -1,
                           .source = key_b,
                           .measurer = m,
                           /* the tuner runs its policy alone: a pair it finds nothing for says so (found = 0) */
                           .no_fallback = 1};
  run_ctx x = {out, cb, cb_user, blocks_of, pol.self};
  eto_backend_hooks hooks = {.on_trial = on_trial, .trial_user = &x};
  if (opts && opts->measure) {
    hooks.measure = call_measure;
    hooks.measure_user = (void *)opts;
  }
  eto_backend_opts bo;
  eto_backend_opts_default(&bo);
  bo.seed = 1; /* the tuner's policies draw nothing at random */
  if (opts) bo.cancel = opts->cancel;
  eto_backend_report rep;
  char msg[256] = "";
  eto_status st = eto_backend_run(&task, 1, t, cache, &bo, &hooks, NULL, NULL, &rep, msg, sizeof msg);
  if (st != ETO_OK && !out->message[0]) snprintf(out->message, sizeof out->message, "%s", msg);
  if (rep.count == 1) {
    if (out->found) snprintf(out->stop, sizeof out->stop, "%s", rep.ops[0].message);
    out->outcome = rep.ops[0].outcome;
    if (out->outcome == ETO_CACHE_PUT_NONE && cache && out->found) out->outcome = ETO_CACHE_PUT_KEPT;
  }
  eto_backend_report_free(&rep);
  return st;
}

eto_status tun_run_made(eto_policy_make_fn make, const eto_policy_args *a, eto_measurer *m, eto_cache *cache,
                        const eto_tuner_opts *opts, eto_tuner_trial_fn cb, void *cb_user,
                        int64_t (*blocks_of)(const void *self), eto_tuner_result *out) {
  double t0 = eto_now();
  memset(out, 0, sizeof *out);
  if (!m && !(opts && opts->measure)) {
    snprintf(out->message, sizeof out->message, "no measurer and no measure function");
    return ETO_ERR_INVALID;
  }
  eto_policy pol;
  eto_policy_args args = *a;
  args.stats = out;
  eto_status st = make(&args, &pol, out->message, sizeof out->message);
  if (st != ETO_OK) return st;
  st = run_policy(a->op, a->source, pol, a->t, m, cache, opts, cb, cb_user, blocks_of, out);
  out->seconds = eto_now() - t0;
  return st;
}
