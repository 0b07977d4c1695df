/* tune.c — eto_backend_tune: tasks, resume and transfer from the cache, the scheduler loop, one round of a
 * task (search, measure one candidate at a time, store the batch, retrain), and the report. */
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "backend_internal.h"

static const char *const refresh_names[] = {"settled", "each", "early", "offer"};

int eto_backend_refresh_parse(const char *name) {
  return eto_backend_name_index(refresh_names, (int)(sizeof refresh_names / sizeof refresh_names[0]), name);
}

const char *eto_backend_refresh_name(eto_backend_refresh r) {
  return (unsigned)r < sizeof refresh_names / sizeof refresh_names[0] ? refresh_names[r] : "?";
}

void eto_backend_opts_default(eto_backend_opts *o) {
  memset(o, 0, sizeof *o);
  o->trials_per_op = 1000;
  o->time_budget = 0;
  o->cancel = NULL;
  o->seed = 0;
  o->measures_per_round = 64;
  o->population = 2048;
  o->generations = 4;
  o->mutation_prob = 0.85;
  o->weight_tile = 0.80;
  o->weight_unroll = 0.10;
  o->weight_vec = 0.10;
  o->qwalk = 0;
  o->qwalk_q = 0.5;
  o->crossover = 0;
  o->eps_greedy = 0.05;
  o->init_min_population = 50;
  o->use_measured_ratio = 0.2;
  o->imperfect = 0;
  eto_cost_opts_default(&o->cost);
  o->retrain_ratio = 0.2;
  o->transfer = 1;
  o->transfer_max_records = 8192;
  o->patience_growth = ETO_BACKEND_PATIENCE_GROWTH;
  o->patience_floor = ETO_BACKEND_PATIENCE_FLOOR;
  o->refresh = ETO_BACKEND_REFRESH_OFFER;
  eto_backend_sched_opts_default(&o->sched);
  eto_measure_opts_default(&o->measure);
}

typedef struct {
  const eto_target *t;
  eto_cache *cache;
  eto_backend_opts o;
  eto_task *tasks;
  int n;
  int per_round;
  eto_cost_model *model;
  eto_backend_scheduler *sched;
  eto_backend_progress_fn progress;
  void *user;
  eto_backend_hooks hooks;
  double t0;
  double host_busy0, host_steal0; /* the machine's CPU seconds at t0 (eto_host_cpu_seconds) */
  int64_t total_budget, total_trials, new_trials;
  double loop_t0; /* when the scheduler loop started: the run's rate of trials */
  int tight;      /* the budget left no longer covers the plan's work left (total budget; told once) */
  int ready;      /* every task initialized */
  int last_train; /* records the model was last trained on */
  int grown;      /* the second pass has begun: patiences grow (opts.patience_growth; see grow) */
  double *tree;   /* per task: what it and the tasks reusing its result hold (tree_latency) */
  eto_backend_report *rep;
  char *msg;
  int cap;
} tune_ctx;

/* ---- progress ---- */

static void emit(tune_ctx *x, eto_backend_event ev, int task, const char *message) {
  if (!x->progress) return;
  eto_backend_progress p;
  memset(&p, 0, sizeof p);
  p.event = ev;
  p.task = task;
  p.total_trials = x->total_trials;
  p.total_budget = x->total_budget;
  p.new_trials = x->new_trials;
  p.elapsed = eto_now() - x->t0;
  p.message = message;
  p.remaining = -1;
  int64_t left = 0;
  if (x->o.total_trials > 0) left = x->o.total_trials - x->new_trials; /* one budget: the run ends with it */
  else
    for (int i = 0; i < x->n; i++)
      if (x->sched && eto_backend_scheduler_active(x->sched, i) && x->tasks[i].budget != INT64_MAX &&
          x->tasks[i].trials < x->tasks[i].budget)
        left += x->tasks[i].budget - x->tasks[i].trials;
  if (x->new_trials > 0) {
    p.remaining = p.elapsed / (double)x->new_trials * (double)left;
    if (x->o.time_budget > 0 && p.remaining > x->o.time_budget - p.elapsed)
      p.remaining = fmax(0, x->o.time_budget - p.elapsed);
  } else if (left == 0) {
    p.remaining = 0;
  }
  if (task >= 0) {
    const eto_task *tk = &x->tasks[task];
    p.op = &tk->op;
    p.workload = tk->key;
    p.policy = tk->policy.vt ? tk->policy.vt->name : NULL;
    p.round = tk->rounds;
    p.task_trials = tk->trials;
    p.task_budget = tk->budget;
    if (isfinite(tk->best_cost)) {
      p.best_latency = tk->best_cost;
      p.best_gflops = tk->flops / tk->best_cost * 1e-9;
    }
  }
  x->progress(&p, x->user);
}

static void emitf(tune_ctx *x, int task, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void emitf(tune_ctx *x, int task, const char *fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  emit(x, ETO_BACKEND_EVENT_MESSAGE, task, buf);
}

/* ---- loading from the cache: resumed trials of our workloads, transfer records of the others ---- */

typedef struct {
  tune_ctx *x;
  char cur[ETO_CACHE_MAX_WORKLOAD + 1]; /* workload of the previous record (records come grouped) */
  int cur_task;                         /* task of cur, or -1 */
  int cur_ok;                           /* foreign workload parsed */
  eto_compute cur_c;
  int cur_group;
  int next_group;
  int64_t transfer, skipped;
  int oom;
} load_ctx;

static int load_trial(const eto_cache_trial *rec, void *user) {
  load_ctx *l = user;
  tune_ctx *x = l->x;
  if (strcmp(rec->workload, l->cur) != 0) {
    snprintf(l->cur, sizeof l->cur, "%s", rec->workload);
    l->cur_task = -1;
    l->cur_ok = 0;
    for (int i = 0; i < x->n; i++)
      if (strcmp(x->tasks[i].key, rec->workload) == 0) l->cur_task = i;
    if (l->cur_task < 0 && x->o.transfer && x->model) {
      eto_op op;
      char why[256];
      if (eto_op_from_key(rec->workload, &op, why, sizeof why) == ETO_OK) {
        eto_op_compute(&op, &l->cur_c);
        l->cur_ok = 1;
        l->cur_group = l->next_group++;
      }
    }
  }
  double cost = rec->status == ETO_CACHE_TRIAL_OK ? rec->latency_s : INFINITY;
  eto_program p;
  if (eto_program_parse(rec->recipe, &p, NULL, 0) != 0) {
    if (l->cur_task >= 0) x->tasks[l->cur_task].trials++; /* it was measured: it counts */
    l->skipped++;
    return 0;
  }
  float f[ETO_COST_NFEATURES];
  if (l->cur_task >= 0) {
    eto_task *tk = &x->tasks[l->cur_task];
    tk->trials++;
    /* re-timed: that program counts at its new time, and no stored result counts as faster (they were measured in the
     * same conditions as the one found optimistic) */
    if (tk->retimed_recipe && isfinite(cost) &&
        (strcmp(rec->recipe, tk->retimed_recipe) == 0 || cost < tk->retimed_cost))
      cost = tk->retimed_cost;
    if (eto_task_record(tk, &p, cost) < 0) l->oom = 1;
    if (x->model && p.nspace == tk->c.nest.nspace && p.nreduce == tk->c.nest.nreduce) {
      eto_cost_features(&tk->c, x->t, &p, f);
      if (eto_cost_model_add(x->model, tk->group, f, cost) != ETO_OK) l->oom = 1;
    }
  } else if (l->cur_ok && l->transfer < x->o.transfer_max_records) {
    if (p.nspace == l->cur_c.nest.nspace && p.nreduce == l->cur_c.nest.nreduce) {
      eto_cost_features(&l->cur_c, x->t, &p, f);
      if (eto_cost_model_add(x->model, l->cur_group, f, cost) != ETO_OK) l->oom = 1;
      l->transfer++;
    }
  }
  return l->oom;
}

static eto_status load_cache(tune_ctx *x) {
  if (!x->cache) return ETO_OK;
  eto_cache_put_target(x->cache, x->t->fingerprint, x->t->description); /* informative; failure is harmless */
  load_ctx l = {.x = x, .cur_task = -1, .next_group = x->n};
  /* with a cost model every trial of the target is read (transfer); without, only the tasks' own */
  eto_cache_status st = ETO_CACHE_OK;
  for (int i = 0; i < (x->model ? 1 : x->n) && st == ETO_CACHE_OK && !l.oom; i++)
    st = eto_cache_foreach_trial(x->cache, x->t->fingerprint, x->model ? NULL : x->tasks[i].key, load_trial, &l);
  if (l.oom) return ETO_ERR_NOMEM;
  if (st == ETO_CACHE_STALE || st == ETO_CACHE_ECORRUPT)
    emitf(x, -1, "cache: some trials were skipped: %s", eto_cache_errmsg(x->cache));
  else if (st != ETO_CACHE_OK) {
    snprintf(x->msg, (size_t)x->cap, "cache: reading trials: %s", eto_cache_errmsg(x->cache));
    return ETO_ERR_IO;
  }
  if (l.skipped)
    emitf(x, -1, "cache: %lld stored recipes do not parse and were not used", (long long)l.skipped);
  x->rep->transfer_records = l.transfer;
  for (int i = 0; i < x->n; i++) {
    eto_task *tk = &x->tasks[i];
    if (isfinite(tk->best_cost)) {
      tk->best_from_cache = 1;
      snprintf(tk->best_method, sizeof tk->best_method, "%s", tk->policy.vt ? tk->policy.vt->name : "full");
    }
    eto_cache_best b;
    st = eto_cache_get_best(x->cache, x->t->fingerprint, tk->key, &b);
    if (st == ETO_CACHE_OK) {
      eto_program p;
      if (eto_program_parse(b.recipe, &p, NULL, 0) == 0 &&
          eto_sched_validate(&tk->c, x->t, &p, NULL, 0) == 0) {
        if (b.latency.median_s <= tk->best_cost) {
          tk->best = p;
          tk->best_cost = b.latency.median_s;
          tk->best_from_cache = 1;
          snprintf(tk->best_method, sizeof tk->best_method, "%s", eto_cache_method_name(b.method));
        } else {
          tk->best_dirty = 1; /* a stored trial beats the stored best: store it */
        }
      }
      eto_cache_best_clear(&b);
    } else if (st == ETO_CACHE_BAD) {
      eto_cache_best_clear(&b);
      tk->best_dirty = isfinite(tk->best_cost);
    } else if (st == ETO_CACHE_NOTFOUND || st == ETO_CACHE_STALE) {
      tk->best_dirty = isfinite(tk->best_cost);
    } else {
      snprintf(x->msg, (size_t)x->cap, "cache: reading the best program of %s: %s", tk->key,
               eto_cache_errmsg(x->cache));
      return ETO_ERR_IO;
    }
  }
  return ETO_OK;
}

/* ---- storing ---- */

static void summary_features(const eto_task *tk, char *buf, int cap) {
  eto_features f;
  eto_sched_features(&tk->c, &tk->best, &f);
  snprintf(buf, (size_t)cap, "B=%lld T=%lld M=%lld threads_per_block=%lld thread_tile=%lld fetches=%lld",
           (long long)f.blocks, (long long)f.total_threads, (long long)f.total_smem,
           (long long)f.threads_per_block, (long long)f.thread_tile, (long long)f.fetches);
}

static void fill_best(const tune_ctx *x, const eto_task *tk, const eto_measure_result *r, eto_cache_best *b,
                      char *recipe, char *features, char *codegen) {
  memset(b, 0, sizeof *b);
  eto_program_format(&tk->best, recipe, ETO_RECIPE_MAX);
  summary_features(tk, features, 256);
  snprintf(codegen, 16, "%d", ETO_CODEGEN_VERSION);
  b->fingerprint = (char *)x->t->fingerprint;
  b->workload = (char *)tk->key;
  b->kind = (char *)eto_op_kind_name(tk->op.kind);
  b->signature = (char *)tk->signature;
  b->recipe = recipe;
  b->latency.median_s = tk->best_cost;
  if (r && r->error == ETO_MEASURE_OK) {
    b->latency.min_s = r->min;
    b->latency.max_s = r->max;
    b->latency.repeats = r->repeats;
  }
  b->gflops = tk->flops / tk->best_cost * 1e-9;
  b->features = features;
  b->method = tk->policy.vt ? tk->policy.vt->method : ETO_CACHE_METHOD_FULL;
  b->source_workload = (char *)tk->source;
  b->trials = tk->trials;
  b->codegen_version = codegen;
  b->time = (int64_t)time(NULL);
}

static void note_put(eto_task *tk, eto_cache_put_outcome o) {
  if (o == ETO_CACHE_PUT_NONE) return;
  if (tk->first_put == ETO_CACHE_PUT_NONE) tk->first_put = o;
  tk->last_put = o;
}

static eto_status store_best_only(tune_ctx *x, eto_task *tk) {
  if (!x->cache || !tk->best_dirty || !isfinite(tk->best_cost)) return ETO_OK;
  eto_cache_best b;
  char recipe[ETO_RECIPE_MAX], features[256], codegen[16];
  fill_best(x, tk, NULL, &b, recipe, features, codegen);
  eto_cache_put_outcome outcome = ETO_CACHE_PUT_NONE;
  if (eto_cache_put_best(x->cache, &b, &outcome) != ETO_CACHE_OK) {
    snprintf(x->msg, (size_t)x->cap, "cache: storing the best program of %s: %s", tk->key,
             eto_cache_errmsg(x->cache));
    return ETO_ERR_IO;
  }
  note_put(tk, outcome);
  tk->best_dirty = 0;
  return ETO_OK;
}

static int time_up(const tune_ctx *x) {
  return x->o.time_budget > 0 && eto_now() - x->t0 >= x->o.time_budget;
}

static int cancelled(const tune_ctx *x) { return x->o.cancel && *x->o.cancel; }

/* Retrains from scratch when the records grew by retrain_ratio since the last training (Ansor's XGBModel rule; 0
 * retrains after every batch) or when forced; with ETO_RETRAIN_OWN, when the run's own records (all but the transfer
 * records of other workloads) grew by it. */
static void train_model(tune_ctx *x, int force) {
  if (!x->model) return;
  int n = eto_cost_model_records(x->model);
  int64_t own = x->last_train - (ETO_RETRAIN_OWN ? x->rep->transfer_records : 0); /* at the last training */
  if (own < 0) own = 0;
  if (!force && x->last_train > 0 && (n == x->last_train || n - x->last_train < x->o.retrain_ratio * own)) return;
  if (!force && x->last_train == 0 && n <= x->o.cost.warmup_records) return;
  if (eto_cost_model_train(x->model) != ETO_OK)
    emitf(x, -1, "cost model: %s (random scores until the next training)", eto_cost_model_errmsg(x->model));
  if (eto_cost_model_trained(x->model)) {
    x->last_train = n;
    x->rep->trainings++;
  }
  x->rep->train_seconds += eto_cost_model_train_seconds(x->model);
}

/* ---- patiences that grow or shrink with what depends on a task ---- */

static int total_mode(const tune_ctx *x) { return x->o.total_trials > 0; }

/* Task j's latency as the weights of the run see it: its best, or before it has one its FLOPs at rate (weighted FLOPs
 * per weighted second of the tasks that have one; 1 per FLOP while none has); 0 for a task without a program to
 * come (dead, failed). */
static double task_latency(const tune_ctx *x, int j, double rate) {
  const eto_task *tj = &x->tasks[j];
  if (tj->dead || tj->failed) return 0;
  return isfinite(tj->best_cost) && tj->best_cost > 0 ? tj->best_cost : tj->flops / rate;
}

static double run_rate(const tune_ctx *x) {
  double known_w = 0, known_f = 0;
  for (int j = 0; j < x->n; j++) {
    const eto_task *tj = &x->tasks[j];
    if (isfinite(tj->best_cost) && tj->best_cost > 0) {
      known_w += tj->weight * tj->best_cost;
      known_f += tj->weight * tj->flops;
    }
  }
  return known_w > 0 ? known_f / known_w : 1;
}

/* x->tree[i] = the sum over task i and the tasks reusing its result (its children, theirs, ...) of w_j g_j^(1-r)
 * (w_j the weight, g_j task_latency; r = 0: their weighted latency); returns the sum over every task. */
static double tree_latency(const tune_ctx *x, double rate, double r) {
  double all = 0;
  for (int j = 0; j < x->n; j++) x->tree[j] = 0;
  for (int j = 0; j < x->n; j++) {
    double g = task_latency(x, j, rate);
    if (!(g > 0)) continue;
    double v = x->tasks[j].weight * (r == 0 ? g : pow(g, 1 - r));
    all += v;
    for (int a = j, hop = 0; a >= 0 && hop < x->n; hop++, a = x->tasks[a].parent) x->tree[a] += v;
  }
  return all;
}

/* What task i's patiences are multiplied by: s = n x the part of the run's weighted latency that i and the tasks
 * reusing its result hold (tree_latency); where s < 1 (a light task), s but at least
 * eto_backend_opts.patience_floor, from the start (not under a total budget, whose scheduler places every round);
 * where s > 1, 1 in the run's first pass, then (grow) s up to eto_backend_opts.patience_growth. */
static double patience_scale(const tune_ctx *x, int i) {
  int grows = x->grown && x->o.patience_growth > 1;
  int shrinks = x->o.patience_floor < 1 && !total_mode(x);
  if (!(grows || shrinks) || x->n <= 1) return 1;
  double all = tree_latency(x, run_rate(x), 0);
  double s = all > 0 ? x->n * x->tree[i] / all : 1;
  if (s >= 1) return !grows ? 1 : s > x->o.patience_growth ? x->o.patience_growth : s;
  return !shrinks ? 1 : fmax(s, x->o.patience_floor);
}

/* Under ETO_BACKEND_WEIGHTS_TREE, every task's weight in the scheduler's objective (sum_j w_j g_j^(1-r) / (1-r)) is
 * what the objective gains per unit of the task's own gain when the tasks reusing its result follow it in
 * proportion: tree_latency over g_i^(1-r), its own weight for a task on which none depends; under
 * ETO_BACKEND_WEIGHTS_ROOTS, so for the tasks that reuse none (the roots), the others keep their own. */
static void tree_weights(tune_ctx *x) {
  eto_backend_weights wt = x->o.sched.weights;
  if (wt != ETO_BACKEND_WEIGHTS_TREE && wt != ETO_BACKEND_WEIGHTS_ROOTS) return;
  double rate = run_rate(x), r = x->o.sched.relative;
  tree_latency(x, rate, r);
  for (int i = 0; i < x->n; i++) {
    double g = task_latency(x, i, rate);
    if (g > 0 && (wt == ETO_BACKEND_WEIGHTS_TREE || x->tasks[i].parent < 0))
      eto_backend_scheduler_set_weight(x->sched, i, x->tree[i] / (r == 0 ? g : pow(g, 1 - r)));
  }
}

/* ---- one batch of one task ---- */

static void make_view(tune_ctx *x, eto_task *tk, eto_policy_view *v) {
  memset(v, 0, sizeof *v);
  v->op = &tk->op;
  v->c = &tk->c;
  v->t = x->t;
  v->key = tk->key;
  v->trials = tk->trials;
  v->budget = tk->budget;
  v->best_cost = tk->best_cost;
  v->best = isfinite(tk->best_cost) ? &tk->best : NULL;
  v->model = x->model;
  v->opts = &x->o;
  v->task = tk;
  v->patience_scale = patience_scale(x, tk->index);
}

/* ---- dependencies, fallback and further rounds ---- */

/* Task tk goes on as a full search. That search scores its candidates with the run's cost model, which a run of
 * policies that want none did not make: it is made now (untrained: random scores, as at any search's start).
 * Returns 0, or -1 when out of memory. */
static int use_full(tune_ctx *x, eto_task *tk) {
  eto_policy_free(&tk->policy);
  eto_backend_policy_full(NULL, &tk->policy, NULL, 0);
  return x->model || eto_cost_model_create(&x->o.cost, &x->model) == ETO_OK ? 0 : -1;
}

/* Task c's parent has spent its share, or (early release) has release_after trials and a program: c's policy is
 * made from the parent's best program (or c is full-searched when there is none or the policy refuses it), and
 * c becomes selectable. */
static void release_child(tune_ctx *x, int c) {
  eto_task *tk = &x->tasks[c];
  const eto_task *par = &x->tasks[tk->parent];
  tk->waiting = 0;
  char why[256] = "";
  eto_status st = ETO_ERR_INVALID;
  if (isfinite(par->best_cost)) {
    eto_policy_args a = tk->args;
    a.source_best = &par->best;
    st = tk->make(&a, &tk->policy, why, sizeof why);
    tk->release_cost = tk->offer_cost = par->best_cost;
  } else {
    snprintf(why, sizeof why, "its source %.200s has no program", par->key);
  }
  if (st != ETO_OK) {
    if (tk->no_fallback) {
      tk->dead = 1;
      snprintf(tk->message, sizeof tk->message, "%s", why);
      emitf(x, c, "%s: %s; skipped", tk->key, why);
      return;
    }
    if (use_full(x, tk) != 0) {
      tk->dead = 1;
      snprintf(tk->message, sizeof tk->message, "out of memory for the cost model of its full search");
      return;
    }
    tk->fell_back = 1;
    if (tk->budget == INT64_MAX && !total_mode(x)) tk->budget = tk->trials + x->o.trials_per_op;
    snprintf(tk->message, sizeof tk->message, "reuse refused (%.200s); full search instead", why);
    emitf(x, c, "%s: %s", tk->key, tk->message);
  } else if (!par->shared) {
    emitf(x, c, "%s: released early from %s's best after %lld of its trials (%.4g ms)", tk->key, par->key,
          (long long)par->trials, par->best_cost * 1e3);
  }
  snprintf(tk->first_policy, sizeof tk->first_policy, "%s", tk->policy.vt->name);
  eto_backend_scheduler_activate(x->sched, c);
}

/* Task tk was released early, still searches from its parent par's programs (neither dead, failed, done nor fallen
 * back to a full search), and par's best is more than gain under since (the best tk's policy was made from, or last
 * offered). */
static int parent_gained(const eto_task *tk, const eto_task *par, double since, double gain) {
  return !tk->waiting && tk->release_after > 0 && !tk->dead && !tk->failed && !tk->done && !tk->fell_back &&
         isfinite(par->best_cost) && par->best_cost < since * (1 - gain);
}

/* Task c's policy has work again (remade, or offered programs after it had ended): selectable, and under a total
 * budget plan work. */
static void reactivate(tune_ctx *x, int c) {
  eto_task *tk = &x->tasks[c];
  tk->exhausted = 0;
  tk->shared = 0;
  tk->parked = 0;
  eto_backend_scheduler_activate(x->sched, c);
}

/* Task c was released early and its parent's best has since improved by more than ETO_BACKEND_REFRESH_GAIN:
 * c's reuse policy is made again from the new best and c is selectable again. */
static void refresh_child(tune_ctx *x, int c) {
  eto_task *tk = &x->tasks[c];
  const eto_task *par = &x->tasks[tk->parent];
  if (!parent_gained(tk, par, tk->release_cost, ETO_BACKEND_REFRESH_GAIN)) return;
  eto_policy_args a = tk->args;
  a.source_best = &par->best;
  eto_policy np = {0};
  char why[256] = "";
  double was = tk->release_cost;
  tk->release_cost = tk->offer_cost = par->best_cost; /* tried once per improvement, whatever the constructor says */
  if (tk->make(&a, &np, why, sizeof why) != ETO_OK) {
    emitf(x, c, "%s: its source improved but its policy was not made again (%s)", tk->key, why);
    return;
  }
  eto_policy_free(&tk->policy);
  tk->policy = np;
  tk->refreshes++;
  emitf(x, c, "%s: its source %s improved from %.4g to %.4g ms; reuse restarted from the new best", tk->key,
        par->key, was * 1e3, par->best_cost * 1e3);
  reactivate(x, c);
}

/* The task's policy is a full search: one whose programs the cache records as found by the full search (the full
 * search's own, and diffusion's: a full search whose rounds are also offered neighbours' programs). */
static int is_full(const eto_task *tk) { return tk->policy.vt && tk->policy.vt->method == ETO_CACHE_METHOD_FULL; }

/* Task i's last gain is its patience (times patience_scale) trials back or more. */
static int patience_spent(const tune_ctx *x, int i) {
  const eto_task *tk = &x->tasks[i];
  return (double)(tk->trials - tk->gain_trials) >= (double)tk->patience * patience_scale(x, i);
}

/* A full search with a patience (eto_backend_task.patience) whose last gain is that many trials back: patient. */
static void check_patience(tune_ctx *x, int i) {
  eto_task *tk = &x->tasks[i];
  if (tk->patience <= 0 || tk->patient || !is_full(tk)) return;
  if (!patience_spent(x, i)) return;
  tk->patient = 1;
  snprintf(tk->message, sizeof tk->message, "full search ended by patience: no %.0f%% gain in its last %lld trials",
           ETO_BACKEND_PATIENCE_GAIN * 100, (long long)(tk->trials - tk->gain_trials));
  emitf(x, i, "%s: %s (%lld trials)", tk->key, tk->message, (long long)tk->trials);
}

/* The first pass has ended (no task can run) with every patience fixed: under patience_growth, the tasks whose
 * patience grows (patience_scale > 1) go on in a second pass, so that the list's early curve is the fixed
 * patiences' own: a full search that patience ended resumes while its last gain is fewer than its grown patience
 * back, and a reuse policy that ended is asked again (the seeded policy's own patience grows through the view; one
 * that ended for another reason proposes nothing and ends again). Their children are refreshed as always when their
 * best improves by more than ETO_BACKEND_REFRESH_GAIN. Once per run, never under a total budget (there the task
 * scheduler already gives further rounds by gain). Returns how many tasks go on. */
static int grow(tune_ctx *x) {
  if (x->grown || !(x->o.patience_growth > 1) || total_mode(x) || cancelled(x)) return 0;
  x->grown = 1;
  int n = 0;
  for (int i = 0; i < x->n; i++) {
    eto_task *tk = &x->tasks[i];
    double s = patience_scale(x, i);
    if (tk->dead || tk->failed || tk->waiting || !(s > 1)) continue;
    if (tk->patient && tk->trials < tk->budget && is_full(tk)) {
      if (patience_spent(x, i)) continue;
      tk->patient = tk->done = 0;
    } else if (tk->exhausted && !is_full(tk) && tk->trials < tk->budget) {
      tk->exhausted = 0;
    } else {
      continue;
    }
    eto_backend_scheduler_activate(x->sched, i);
    emitf(x, i, "%s: patience grown %.2fx (what depends on it); its search goes on", tk->key, s);
    n++;
  }
  return n;
}

/* Task i and every task above it (its parent, theirs, ...) have spent their shares: i's best will not change
 * through a refresh of its own. */
static int settled(const tune_ctx *x, int i) {
  for (; i >= 0; i = x->tasks[i].parent)
    if (!x->tasks[i].shared) return 0;
  return 1;
}

/* Task i's early-released children are refreshed when its best has improved since their release (with unrestarted,
 * only those not restarted yet); with cascade (i has settled), the children that were not (their own shares spent)
 * have settled in turn. */
static void refresh_children(tune_ctx *x, int i, int cascade, int unrestarted) {
  for (int c = 0; c < x->n; c++) {
    eto_task *ch = &x->tasks[c];
    if (ch->parent != i || ch->waiting || (unrestarted && ch->refreshes > 0)) continue;
    refresh_child(x, c);
    if (cascade && ch->shared) refresh_children(x, c, 1, 0);
  }
}

/* Task i has spent its share (its budget, trials_per_op under a total budget, or its policy ended): its waiting
 * children are released; its early-released ones are refreshed once it has settled (settled: once the tasks above
 * it have spent theirs too). A task whose parent may still restart it from a newer best would otherwise restart
 * its own children, and they theirs, once for each of its ends: in a chain of reuse edges each link's refreshes
 * added up along the chain (MobileNetV2, bench/RESULTS.md BC.2). Under a total budget the task scheduler gives a
 * restarted task its rounds only where they promise most: there each of i's ends refreshes its children, as before
 * (the family tunings of #21 measured so); eto_backend_opts.refresh asks for that rule everywhere (EACH), or for
 * one restart before the settled one (EARLY: the parents' first improved ends reach a chain's lower links before the
 * roots end, without adding up). */
static void share_done(tune_ctx *x, int i) {
  eto_task *tk = &x->tasks[i];
  int first = !tk->shared;
  tk->shared = 1;
  for (int c = 0; c < x->n && first; c++)
    if (x->tasks[c].parent == i && x->tasks[c].waiting) release_child(x, c);
  if (total_mode(x) || x->o.refresh == ETO_BACKEND_REFRESH_EACH) refresh_children(x, i, 0, 0);
  else if (settled(x, i)) refresh_children(x, i, 1, 0);
  else if (x->o.refresh == ETO_BACKEND_REFRESH_EARLY || x->o.refresh == ETO_BACKEND_REFRESH_OFFER)
    refresh_children(x, i, 0, 1);
}

/* ETO_BACKEND_REFRESH_OFFER: after each of task i's rounds, its early-released children whose last given best of i's
 * is more than ETO_BACKEND_REFRESH_LARGE slower than i's now are offered it (eto_policy_vtbl.offer); a child whose
 * policy had ended and takes it becomes selectable again. Not under a total budget, whose refreshes are each's (the
 * family tunings of #21 were measured so). Returns 0, or -1 when out of memory. */
static int offer_children(tune_ctx *x, int i) {
  const eto_task *par = &x->tasks[i];
  if (x->o.refresh != ETO_BACKEND_REFRESH_OFFER || total_mode(x) || !isfinite(par->best_cost)) return 0;
  for (int c = 0; c < x->n; c++) {
    eto_task *tk = &x->tasks[c];
    if (tk->parent != i || !tk->policy.vt || !tk->policy.vt->offer ||
        !parent_gained(tk, par, tk->offer_cost, ETO_BACKEND_REFRESH_LARGE))
      continue;
    eto_policy_view v;
    make_view(x, tk, &v);
    double was = tk->offer_cost;
    tk->offer_cost = par->best_cost;
    int k = tk->policy.vt->offer(tk->policy.self, &v, &par->best);
    if (k < 0) return -1;
    if (k == 0) continue;
    tk->offers++;
    emitf(x, c, "%s: its source %s improved from %.4g to %.4g ms; %d program(s) from it offered to its search", tk->key,
          par->key, was * 1e3, par->best_cost * 1e3, k);
    if (tk->exhausted) reactivate(x, c);
  }
  return 0;
}

/* Early release: the children of task i that wait with release_after <= its trials go on from its best; when i
 * itself reuses a program (its best came from its parent's, or from a cached source's, after one batch, not from a
 * search from scratch), its children go on as soon as it has one. */
static void release_early(tune_ctx *x, int i) {
  const eto_task *tk = &x->tasks[i];
  if (tk->shared || !isfinite(tk->best_cost)) return;
  int reusing = !tk->fell_back && (tk->parent >= 0 || (tk->source && tk->policy.vt &&
                                                       tk->policy.vt->method != ETO_CACHE_METHOD_FULL));
  for (int c = 0; c < x->n; c++) {
    eto_task *ch = &x->tasks[c];
    if (ch->waiting && ch->parent == i && ch->release_after > 0 && (reusing || tk->trials >= ch->release_after))
      release_child(x, c);
  }
}

/* The task has not spent its share of the plan's work and can still run. */
static int has_plan_work(const eto_task *tk) {
  return !tk->shared && !tk->dead && !tk->failed && !tk->exhausted && !tk->done;
}

/* Under a total budget the plan's work comes first: while any task has not spent its share, the tasks past
 * theirs are held; once none has, they are selectable again and the gradient decides where the rest goes. */
static void balance(tune_ctx *x) {
  if (!total_mode(x)) return;
  int plan_left = 0;
  for (int i = 0; i < x->n && !plan_left; i++) plan_left = has_plan_work(&x->tasks[i]);
  for (int i = 0; i < x->n; i++) {
    eto_task *tk = &x->tasks[i];
    if (!tk->shared || tk->dead || tk->failed || tk->exhausted || tk->done) continue;
    if (plan_left && !tk->parked) {
      tk->parked = 1;
      eto_backend_scheduler_finish(x->sched, i);
    } else if (!plan_left && tk->parked) {
      tk->parked = 0;
      eto_backend_scheduler_activate(x->sched, i);
    }
  }
}

/* The floor of every task under a total budget that cannot cover the plan: min(share, F), with F the largest count
 * whose floors sum to at most FLOOR_PART of the budget (in trials: spent + left). */
#define FLOOR_PART (1.0 / 3.0)
static double floor_trials(const tune_ctx *x, double budget) {
  double lo = 0, hi = 0;
  for (int i = 0; i < x->n; i++) hi = fmax(hi, (double)x->tasks[i].share);
  for (int it = 0; it < 40; it++) { /* bisection on F: the sum of min(share, F) grows with F */
    double f = 0.5 * (lo + hi), sum = 0;
    for (int i = 0; i < x->n; i++) sum += fmin((double)x->tasks[i].share, f);
    if (sum <= FLOOR_PART * budget) lo = f;
    else hi = f;
  }
  return lo;
}

/* Under a total budget that cannot cover the plan's work (the tasks' shares), the task scheduler picks by weighted
 * gain as always, but every task with plan work is owed a floor (floor_trials): once what is left of the budget
 * (trials; and the time at the run's rate, once it has one), less one round, no longer covers what the tasks
 * below their floor still lack (in whole rounds), the task furthest below its floor goes next (least trials / floor; ties: the larger priority, then the larger weight).
 * Returns -1 while the budget covers the plan or the floors, or when no task below its floor can run (the task
 * scheduler picks). So the heavy operators keep what the gain gives them and none ends with its seeds alone. */
/* The trials of the task's own search: a fresh task's stored trials are another search's (eto_backend_task.fresh). */
static int64_t own_trials(const eto_task *tk) { return tk->trials - tk->base; }

static int tight_pick(tune_ctx *x) {
  if (!total_mode(x)) return -1;
  double plan_left = 0;
  for (int i = 0; i < x->n; i++) {
    const eto_task *tk = &x->tasks[i];
    if (has_plan_work(tk) && own_trials(tk) < tk->share) plan_left += (double)(tk->share - own_trials(tk));
  }
  double left = (double)(x->o.total_trials - x->new_trials);
  double now = eto_now(), ran = now - x->loop_t0;
  if (x->o.time_budget > 0 && x->new_trials >= 2 * x->per_round && ran > 0) {
    double by_time = (x->o.time_budget - (now - x->t0)) * (double)x->new_trials / ran;
    if (by_time < left) left = by_time;
  }
  if (plan_left <= left) return -1;
  double f = floor_trials(x, (double)x->new_trials + fmax(0, left)), owed = 0;
  for (int i = 0; i < x->n; i++) {
    const eto_task *tk = &x->tasks[i];
    double fl = fmin((double)tk->share, f), own = (double)own_trials(tk);
    if (has_plan_work(tk) && own < fl) /* in whole rounds */
      owed += ceil((fl - own) / (double)x->per_round) * (double)x->per_round;
  }
  if (owed + (double)x->per_round <= left) return -1; /* one more round by gain still leaves the floors covered */
  int best = -1;
  double bp = INFINITY;
  for (int i = 0; i < x->n; i++) {
    const eto_task *tk = &x->tasks[i];
    double fl = fmin((double)tk->share, f), own = (double)own_trials(tk);
    if (!eto_backend_scheduler_active(x->sched, i) || tk->waiting || !has_plan_work(tk) || own >= fl) continue;
    double prog = own / fmax(fl, 1);
    const eto_task *b = best >= 0 ? &x->tasks[best] : NULL;
    if (prog < bp || (prog == bp && b &&
                      (tk->priority > b->priority || (tk->priority == b->priority && tk->weight > b->weight)))) {
      bp = prog;
      best = i;
    }
  }
  if (best >= 0 && !x->tight) {
    x->tight = 1;
    emitf(x, -1,
          "the budget left (about %.0f trials) no longer covers the plan's work left (%.0f trials): the operators "
          "below their floor of %.0f trials go first",
          fmax(0, left), plan_left, f);
  }
  return best;
}

/* Fills the cache record of one measured candidate. */
static void fill_trial(const tune_ctx *x, const eto_task *tk, int round, const eto_measure_result *r,
                       const char *recipe, char *error, eto_cache_trial *ct) {
  eto_cache_trial_status cs = ETO_CACHE_TRIAL_RUNTIME;
  eto_cache_trial_status_parse(eto_measure_error_name(r->error), &cs);
  ct->fingerprint = (char *)x->t->fingerprint;
  ct->workload = (char *)tk->key;
  ct->kind = (char *)eto_op_kind_name(tk->op.kind);
  ct->recipe = (char *)recipe;
  ct->status = cs;
  if (r->error != ETO_MEASURE_OK) {
    snprintf(error, 256, "%s", r->message[0] ? r->message : eto_measure_error_name(r->error));
    ct->error = error;
  }
  ct->latency_s = r->error == ETO_MEASURE_OK ? r->median : 0;
  ct->time = (int64_t)time(NULL);
  ct->method = tk->policy.vt->method;
  ct->round = round;
}

/* The task's policy proposes a batch; candidates stored before are served from their stored results, the
 * others measured in chunks of the measurer's build jobs; the measured ones are stored in one transaction with
 * the improved best; the policy observes the batch's results in order. */
static eto_status run_round(tune_ctx *x, int i) {
  eto_task *tk = &x->tasks[i];
  double r0 = eto_now();
  if (!tk->measurer && !x->hooks.measure) {
    char m[512];
    eto_status st = eto_measurer_create(&tk->op, x->t, &x->o.measure, &tk->measurer, m, sizeof m);
    if (st == ETO_ERR_UNSUPPORTED) {
      snprintf(x->msg, (size_t)x->cap, "%s", m);
      return st;
    }
    if (st != ETO_OK) {
      tk->failed = 1;
      snprintf(tk->message, sizeof tk->message, "cannot measure: %.200s",
               st == ETO_ERR_NOMEM ? "out of memory" : m);
      eto_backend_scheduler_finish(x->sched, i);
      emitf(x, i, "%s: %s; skipped", tk->key, tk->message);
      share_done(x, i); /* its children go on without it (full search) */
      return ETO_OK;
    }
    tk->own_measurer = 1;
    emit(x, ETO_BACKEND_EVENT_START, i, NULL);
  }
  double rs = eto_now(); /* the round's seconds for the scheduler: without the measurer's one-time set-up */
  int64_t left = tk->budget - tk->trials;
  if (total_mode(x) && x->o.total_trials - x->new_trials < left) left = x->o.total_trials - x->new_trials;
  int n = (int)(left < x->per_round ? left : x->per_round);
  if (n < 1) n = 1;
  eto_program *progs = malloc(sizeof *progs * (size_t)n);
  eto_measure_result *res = calloc((size_t)n, sizeof *res);
  char *served = calloc((size_t)n, 1), *have = calloc((size_t)n, 1);
  eto_cache_trial *trials = calloc((size_t)n, sizeof *trials);
  char(*recipes)[ETO_RECIPE_MAX] = malloc(sizeof *recipes * (size_t)n);
  char(*errors)[256] = malloc(sizeof *errors * (size_t)n);
  eto_status status = ETO_OK;
  if (!progs || !res || !served || !have || !trials || !recipes || !errors) {
    status = ETO_ERR_NOMEM;
    goto out;
  }
  eto_policy_view v;
  make_view(x, tk, &v);
  eto_policy_batch batch = {.round = tk->rounds};
  double s0 = eto_now();
  int k = tk->policy.vt->propose(tk->policy.self, &v, progs, n, &batch);
  x->rep->search_seconds += eto_now() - s0;
  if (k < 0) {
    status = ETO_ERR_NOMEM;
    goto out;
  }
  if (k > n) k = n;
  if (k == 0) {
    int full = is_full(tk);
    if (!full && !isfinite(tk->best_cost) && !tk->no_fallback && !batch.dead) {
      /* a reuse policy that found nothing: the full search takes over (children keep waiting for it) */
      snprintf(tk->message, sizeof tk->message, "%s found no program%s%.150s; full search instead",
               tk->policy.vt->name, batch.message[0] ? ": " : "", batch.message);
      emitf(x, i, "%s: %s", tk->key, tk->message);
      if (use_full(x, tk) != 0) {
        status = ETO_ERR_NOMEM;
        goto out;
      }
      tk->fell_back = 1;
      if (tk->budget == INT64_MAX && !total_mode(x)) tk->budget = tk->trials + x->o.trials_per_op;
      goto out;
    }
    if (!full && isfinite(tk->best_cost) && total_mode(x)) {
      /* its policy is done: further rounds, if the scheduler finds them worth it, are the full search's */
      share_done(x, i);
      if (use_full(x, tk) != 0) status = ETO_ERR_NOMEM;
      goto out;
    }
    if (batch.dead) tk->dead = 1;
    else tk->exhausted = 1;
    if (batch.message[0] || !tk->message[0]) snprintf(tk->message, sizeof tk->message, "%s", batch.message);
    eto_backend_scheduler_update(x->sched, i, 0, tk->best_cost);
    if (batch.message[0])
      emitf(x, i, "%s: %s; %s", tk->key, batch.message, isfinite(tk->best_cost) ? "done" : "skipped");
    share_done(x, i);
    goto out;
  }

  /* stored results first: a candidate measured before this run is never measured again */
  for (int j = 0; j < k; j++) {
    double c = eto_task_lookup(tk, &progs[j]);
    if (isnan(c)) continue;
    served[j] = have[j] = 1;
    res[j].error = isfinite(c) ? ETO_MEASURE_OK : ETO_MEASURE_RUNTIME;
    res[j].median = res[j].min = res[j].max = isfinite(c) ? c : 0;
    if (!isfinite(c)) snprintf(res[j].message, sizeof res[j].message, "failed when measured before");
  }
  /* the others, in chunks the measurer builds at once (one candidate per core), then times one by one */
  int jobs = x->hooks.measure ? 1 : eto_measurer_jobs(tk->measurer);
  if (jobs < 1) jobs = 1;
  int stop = 0;
  /* the best so far, this batch's results included: the measurer prunes and screens against it */
  double batch_best = tk->best_cost;
  for (int j = 0; j < k && !stop;) {
    int idx[ETO_MEASURE_MAX_JOBS], c = 0;
    for (; j < k && c < jobs && c < ETO_MEASURE_MAX_JOBS; j++)
      if (!served[j]) idx[c++] = j;
    if (c == 0) break;
    if (cancelled(x) || time_up(x)) {
      stop = 1;
      break;
    }
    double m0 = eto_now();
    if (x->hooks.measure) {
      for (int q = 0; q < c; q++) x->hooks.measure(x->hooks.measure_user, &progs[idx[q]], &res[idx[q]]);
    } else {
      eto_program ps[ETO_MEASURE_MAX_JOBS];
      eto_measure_result chunk[ETO_MEASURE_MAX_JOBS];
      for (int q = 0; q < c; q++) ps[q] = progs[idx[q]];
      eto_measurer_set_best(tk->measurer, isfinite(batch_best) ? batch_best : 0);
      eto_measurer_run_batch(tk->measurer, ps, c, chunk);
      for (int q = 0; q < c; q++) {
        res[idx[q]] = chunk[q];
        if (chunk[q].error == ETO_MEASURE_OK && chunk[q].median < batch_best) batch_best = chunk[q].median;
      }
    }
    x->rep->measure_seconds += eto_now() - m0;
    x->rep->build_chunks++;
    if (c < jobs) x->rep->short_chunks++;
    for (int q = 0; q < c; q++) have[idx[q]] = 1;
  }

  int measured = 0, observed = 0;
  eto_measure_result best_result;
  int have_best_result = 0;
  for (int j = 0; j < k; j++) {
    if (!have[j]) continue;
    if (observed == j) observed = j + 1; /* the policy observes the prefix with results */
    eto_measure_result *r = &res[j];
    int improved = 0;
    if (!served[j]) {
      x->rep->compile_seconds += r->compile_seconds;
      x->rep->build_seconds += r->build_wall;
      x->rep->check_seconds += r->check_seconds;
      x->rep->timing_seconds += r->timing_seconds;
      x->rep->screened_trials += r->screened;
      x->rep->quick_trials += r->quick;
      x->rep->early_trials += r->decided_early;
      x->rep->pruned_trials += r->pruned;
      x->rep->disturbed_repeats += r->disturbed_repeats;
      x->rep->retried_trials += r->retried;
      double cost = r->error == ETO_MEASURE_OK ? r->median : INFINITY;
      tk->trials++;
      improved = eto_task_record(tk, &progs[j], cost);
      if (improved < 0) {
        status = ETO_ERR_NOMEM;
        goto out;
      }
      if (improved) {
        tk->best_dirty = 1;
        tk->best_from_cache = 0;
        snprintf(tk->best_method, sizeof tk->best_method, "%s", tk->policy.vt->name);
        best_result = *r;
        have_best_result = 1;
      }
      if (x->model) {
        float f[ETO_COST_NFEATURES];
        eto_cost_features(&tk->c, x->t, &progs[j], f);
        if (eto_cost_model_add(x->model, tk->group, f, cost) != ETO_OK) {
          status = ETO_ERR_NOMEM;
          goto out;
        }
      }
      tk->new_trials++;
      x->total_trials++;
      x->new_trials++;
      if (r->error != ETO_MEASURE_OK) tk->failed_trials++;
      eto_program_format(&progs[j], recipes[measured], ETO_RECIPE_MAX);
      fill_trial(x, tk, batch.round, r, recipes[measured], errors[measured], &trials[measured]);
      measured++;
    }
    if (x->hooks.on_trial) {
      eto_backend_trial tr = {.task = i,
                              .index = tk->new_trials,
                              .round = batch.round,
                              .program = &progs[j],
                              .result = r,
                              .improved = improved,
                              .stored = served[j]};
      x->hooks.on_trial(x->hooks.trial_user, &tr);
    }
  }

  /* one transaction: the batch and, when it improved, the best program */
  if (x->cache && measured > 0) {
    eto_cache_best b;
    char recipe[ETO_RECIPE_MAX], features[256], codegen[16];
    int with_best = tk->best_dirty && isfinite(tk->best_cost);
    if (with_best) fill_best(x, tk, have_best_result ? &best_result : NULL, &b, recipe, features, codegen);
    eto_cache_put_outcome outcome = ETO_CACHE_PUT_NONE;
    if (eto_cache_put_batch(x->cache, trials, (size_t)measured, with_best ? &b : NULL, &outcome) !=
        ETO_CACHE_OK) {
      snprintf(x->msg, (size_t)x->cap, "cache: storing %d trials of %s: %s", measured, tk->key,
               eto_cache_errmsg(x->cache));
      status = ETO_ERR_IO;
      goto out;
    }
    if (with_best) {
      tk->best_dirty = 0;
      note_put(tk, outcome);
    }
  }
  if (observed > 0 && tk->policy.vt->observe) {
    make_view(x, tk, &v);
    tk->policy.vt->observe(tk->policy.self, &v, progs, res, observed);
  }
  if (measured == 0 && (stop || observed == 0)) goto out; /* cancelled or out of time before any candidate */

  train_model(x, 0);
  tk->rounds++;
  eto_backend_scheduler_spent(x->sched, i, eto_now() - rs);
  eto_backend_scheduler_update(x->sched, i, measured > 0 ? measured : observed, tk->best_cost);
  int full = is_full(tk);
  check_patience(x, i);
  if (tk->trials >= tk->budget || (tk->patient && !total_mode(x))) {
    tk->done = 1;
    eto_backend_scheduler_finish(x->sched, i);
    share_done(x, i);
  } else if (total_mode(x) && full && (tk->trials >= x->o.trials_per_op || tk->patient)) {
    share_done(x, i); /* a full search's share under a total budget: it goes on while the scheduler picks it */
  }
  release_early(x, i);
  if (offer_children(x, i) != 0) {
    snprintf(x->msg, (size_t)x->cap, "out of memory offering %s's best to its children", tk->key);
    status = ETO_ERR_NOMEM;
    goto out;
  }
  tk->seconds += eto_now() - r0;
  emit(x, ETO_BACKEND_EVENT_ROUND, i, NULL);
  r0 = eto_now(); /* the progress callback's time is not the task's */
out:
  tk->seconds += eto_now() - r0;
  free(progs);
  free(res);
  free(served);
  free(have);
  free(trials);
  free(recipes);
  free(errors);
  return status;
}

/* ---- the report ---- */

static void fill_report(tune_ctx *x) {
  eto_backend_report *r = x->rep;
  for (int i = 0; i < x->n; i++) {
    eto_task *tk = &x->tasks[i];
    eto_backend_op_result *o = &r->ops[i];
    o->op = tk->op;
    snprintf(o->workload, sizeof o->workload, "%s", tk->key);
    snprintf(o->method, sizeof o->method, "%s", tk->policy.vt ? tk->policy.vt->name : "none");
    snprintf(o->first_policy, sizeof o->first_policy, "%s", tk->first_policy[0] ? tk->first_policy : o->method);
    o->fell_back = tk->fell_back;
    o->refreshes = tk->refreshes;
    o->offers = tk->offers;
    o->outcome = tk->last_put == ETO_CACHE_PUT_KEPT   ? ETO_CACHE_PUT_KEPT
                 : tk->first_put == ETO_CACHE_PUT_NEW ? ETO_CACHE_PUT_NEW
                                                      : tk->last_put;
    o->trials = tk->trials;
    o->new_trials = tk->new_trials;
    o->failed_trials = tk->failed_trials;
    o->rounds = tk->rounds;
    o->seconds = tk->seconds;
    o->best_from_cache = tk->best_from_cache;
    snprintf(o->best_method, sizeof o->best_method, "%s", tk->best_method[0] ? tk->best_method : o->method);
    if (isfinite(tk->best_cost)) {
      o->status = ETO_BACKEND_OP_TUNED;
      o->latency = tk->best_cost;
      o->gflops = tk->flops / tk->best_cost * 1e-9;
      eto_program_format(&tk->best, o->recipe, sizeof o->recipe);
      eto_program_summary(&tk->c, &tk->best, o->summary, sizeof o->summary);
      r->weighted_latency += tk->weight * tk->best_cost;
      r->weighted_flops += tk->weight * tk->flops;
    } else {
      o->status = tk->dead ? ETO_BACKEND_OP_DEAD : ETO_BACKEND_OP_NO_RESULT;
      r->missing++;
      if (!tk->message[0])
        snprintf(tk->message, sizeof tk->message, "%s",
                 tk->trials ? "every measured candidate failed" : "not measured (budget or time ran out)");
    }
    snprintf(o->message, sizeof o->message, "%s", tk->message);
    r->trials += tk->trials;
    r->new_trials += tk->new_trials;
    r->failed_trials += tk->failed_trials;
    int spent = x->o.total_trials > 0 && x->new_trials >= x->o.total_trials;
    if (!tk->dead && !tk->failed && !tk->exhausted && !tk->done && tk->trials < tk->budget && !spent)
      r->interrupted = 1;
  }
}

/* Stops every task's measurer. A measurer's worker is forked from this process and so inherits the pipes
 * of the workers forked before it: freed one at a time, a worker whose pipe another worker still holds never
 * sees end-of-file and eto_measurer_free waits forever. Freed all at once (one thread each), every parent end
 * is closed, the newest worker exits first and releases the older ones' pipes. */
static void *free_one(void *arg) {
  eto_measurer_free(arg);
  return NULL;
}

static void free_measurers(eto_task *tasks, int n) {
  pthread_t *th = calloc((size_t)(n > 0 ? n : 1), sizeof *th);
  char *started = calloc((size_t)(n > 0 ? n : 1), 1);
  for (int i = 0; i < n; i++)
    if (!tasks[i].own_measurer) tasks[i].measurer = NULL; /* borrowed: the caller frees it */
  int live = 0;
  for (int i = 0; i < n; i++) live += tasks[i].measurer != NULL;
  for (int i = 0; th && started && live > 1 && i < n; i++)
    if (tasks[i].measurer && pthread_create(&th[i], NULL, free_one, tasks[i].measurer) == 0) {
      started[i] = 1;
      tasks[i].measurer = NULL;
    }
  for (int i = n - 1; i >= 0; i--) { /* without threads: newest index first is the likeliest safe order */
    if (started && started[i]) continue;
    eto_measurer_free(tasks[i].measurer);
    tasks[i].measurer = NULL;
  }
  for (int i = 0; started && i < n; i++)
    if (started[i]) pthread_join(th[i], NULL);
  free(th);
  free(started);
}

static uint64_t clock_seed(void) {
  struct timespec t;
  clock_gettime(CLOCK_REALTIME, &t);
  uint64_t s = (uint64_t)t.tv_sec * 1000000007ull ^ (uint64_t)t.tv_nsec ^ ((uint64_t)getpid() << 32);
  s ^= s >> 29;
  s *= 0xbf58476d1ce4e5b9ull;
  s ^= s >> 32;
  return s ? s & 0xffffffffffffull : 1; /* 48 bits: printable and re-typeable */
}

eto_status eto_backend_run(eto_backend_task *specs, int nops, const eto_target *t, eto_cache *cache,
                           const eto_backend_opts *opts, const eto_backend_hooks *hooks,
                           eto_backend_progress_fn progress, void *user, eto_backend_report *report, char *msg,
                           int cap) {
  char dummy[8];
  if (!msg || cap <= 0) {
    msg = dummy;
    cap = sizeof dummy;
  }
  msg[0] = 0;
  memset(report, 0, sizeof *report);
  int bad = nops < 0 || (nops > 0 && !specs) || !t;
  for (int i = 0; !bad && i < nops; i++) {
    int waits = specs[i].parent >= 0 && specs[i].parent < nops && specs[i].parent != i && specs[i].make;
    bad = waits ? specs[i].policy.vt != NULL : !specs[i].policy.vt || !specs[i].policy.vt->propose;
  }
  if (bad) {
    for (int i = 0; specs && i < nops; i++) eto_policy_free(&specs[i].policy);
    snprintf(msg, (size_t)cap, "bad arguments");
    return ETO_ERR_INVALID;
  }
  tune_ctx x;
  memset(&x, 0, sizeof x);
  x.t = t;
  x.cache = cache;
  if (opts)
    x.o = *opts;
  else
    eto_backend_opts_default(&x.o);
  x.progress = progress;
  x.user = user;
  if (hooks) x.hooks = *hooks;
  x.rep = report;
  x.msg = msg;
  x.cap = cap;
  x.t0 = eto_now();
  eto_host_cpu_seconds(&x.host_busy0, &x.host_steal0);
  x.n = nops;
  uint64_t seed = x.o.seed ? x.o.seed : clock_seed();
  x.o.seed = seed;
  x.o.sched.seed = seed ^ 0x5ced5ced5ced5cedull;
  x.o.cost.seed = seed;
  if (x.o.trials_per_op < 0) x.o.trials_per_op = 0;
  if (x.o.measures_per_round < 1) x.o.measures_per_round = 1;
  x.per_round = x.o.measures_per_round;
  if (x.o.trials_per_op > 0 && x.o.trials_per_op < x.per_round) x.per_round = x.o.trials_per_op;

  report->seed = seed;
  report->opts = x.o;
  report->opts.cancel = NULL;
  snprintf(report->target, sizeof report->target, "%.7s: %.110s", t->name, t->model);
  snprintf(report->fingerprint, sizeof report->fingerprint, "%s", t->fingerprint);
  eto_measure_protocol(t->kind, &x.o.measure, report->protocol, sizeof report->protocol);
  report->count = nops;
  report->ops = calloc((size_t)(nops > 0 ? nops : 1), sizeof *report->ops);
  x.tasks = calloc((size_t)(nops > 0 ? nops : 1), sizeof *x.tasks);
  double *w = malloc(sizeof(double) * (size_t)(nops > 0 ? nops : 1));
  x.tree = malloc(sizeof(double) * (size_t)(nops > 0 ? nops : 1));
  double *fl = malloc(sizeof(double) * (size_t)(nops > 0 ? nops : 1));
  int *grp = malloc(sizeof(int) * (size_t)(nops > 0 ? nops : 1));
  char(*tags)[600] = malloc(sizeof *tags * (size_t)(nops > 0 ? nops : 1));
  eto_status st = ETO_OK;
  if (!report->ops || !x.tasks || !w || !x.tree || !fl || !grp || !tags) {
    for (int i = 0; i < nops; i++) eto_policy_free(&specs[i].policy);
    st = ETO_ERR_NOMEM;
    snprintf(msg, (size_t)cap, "out of memory");
    goto out;
  }
  int want_model = 0;
  for (int i = 0; i < nops; i++) { /* the tasks own the policies from here on */
    int64_t budget = specs[i].budget == 0 ? x.o.trials_per_op : specs[i].budget < 0 ? INT64_MAX : specs[i].budget;
    if (x.o.total_trials > 0) budget = INT64_MAX; /* one budget for the whole run */
    eto_task *tk = &x.tasks[i];
    eto_task_init(tk, i, &specs[i].op, t, budget, seed);
    tk->policy = specs[i].policy;
    tk->source = specs[i].source;
    tk->measurer = specs[i].measurer;
    tk->parent = specs[i].parent >= 0 && specs[i].parent < nops && specs[i].parent != i && specs[i].make
                     ? specs[i].parent
                     : -1;
    tk->make = specs[i].make;
    tk->args = specs[i].args;
    tk->no_fallback = specs[i].no_fallback;
    tk->retimed_recipe = specs[i].retimed_recipe && specs[i].retimed_cost > 0 ? specs[i].retimed_recipe : NULL;
    tk->retimed_cost = specs[i].retimed_cost;
    tk->release_after = tk->parent >= 0 && specs[i].release_after > 0 ? specs[i].release_after : 0;
    tk->release_cost = INFINITY;
    tk->waiting = tk->parent >= 0;
    tk->share = specs[i].share > 0 ? specs[i].share : is_full(tk) ? x.o.trials_per_op : x.per_round;
    tk->priority = specs[i].priority;
    tk->fresh = specs[i].fresh;
    tk->patience = specs[i].patience > 0 ? specs[i].patience : 0;
    if (tk->policy.vt) snprintf(tk->first_policy, sizeof tk->first_policy, "%s", tk->policy.vt->name);
    want_model |= tk->waiting || (tk->policy.vt && tk->policy.vt->wants_model);
    specs[i].policy.vt = NULL;
    specs[i].policy.self = NULL;
  }
  for (int i = 0; i < nops; i++) {
    char why[256];
    const eto_op *op = &x.tasks[i].op;
    if (eto_op_check(op, why, sizeof why) != ETO_OK) {
      snprintf(msg, (size_t)cap, "operator %d: %s", i + 1, why);
      st = ETO_ERR_INVALID;
      goto out;
    }
    for (int j = 0; j < i; j++)
      if (strcmp(x.tasks[j].key, x.tasks[i].key) == 0) {
        snprintf(msg, (size_t)cap,
                 "operators %d and %d have the same workload key %s (merge them, summing freq)", j + 1, i + 1,
                 x.tasks[i].key);
        st = ETO_ERR_INVALID;
        goto out;
      }
    x.total_budget += x.tasks[i].budget == INT64_MAX ? 0 : x.tasks[i].budget;
    w[i] = x.tasks[i].weight;
    fl[i] = x.tasks[i].flops;
    eto_backend_similarity_tag(op, t, tags[i], sizeof tags[i]);
    grp[i] = i;
    for (int j = 0; j < i; j++)
      if (strcmp(tags[j], tags[i]) == 0) {
        grp[i] = grp[j];
        break;
      }
  }
  x.ready = 1;
  if (nops == 0) goto out;
  if ((want_model && eto_cost_model_create(&x.o.cost, &x.model) != ETO_OK) ||
      eto_backend_scheduler_create(nops, w, fl, grp, &x.o.sched, &x.sched) != ETO_OK) {
    st = ETO_ERR_NOMEM;
    snprintf(msg, (size_t)cap, "out of memory");
    goto out;
  }
  if ((st = load_cache(&x)) != ETO_OK) {
    if (st == ETO_ERR_NOMEM) snprintf(msg, (size_t)cap, "out of memory");
    goto out;
  }
  for (int i = 0; i < nops; i++) {
    eto_task *tk = &x.tasks[i];
    x.total_trials += tk->trials;
    if (tk->fresh) tk->base = tk->trials; /* another search's trials: no share, no rounds of this one */
    else if (tk->trials > 0)
      eto_backend_scheduler_restore(x.sched, i, (int)((double)tk->trials / x.per_round + 0.5), tk->best_cost);
    check_patience(&x, i); /* resumed past its patience: done as if its budget were spent */
    if (tk->trials >= tk->budget || (tk->patient && !total_mode(&x))) {
      tk->done = 1;
      eto_backend_scheduler_finish(x.sched, i);
    }
    if (tk->waiting) eto_backend_scheduler_finish(x.sched, i); /* held until its parent has spent its share */
  }
  for (int i = 0; i < nops; i++) {
    if (x.tasks[i].done || x.tasks[i].patient) share_done(&x, i);
    else release_early(&x, i); /* resumed: a parent past release_after releases at once */
  }
  train_model(&x, 1);

  x.loop_t0 = eto_now();
  for (;;) {
    if (cancelled(&x)) break;
    if (time_up(&x)) {
      report->stopped_by_time = 1;
      break;
    }
    if (x.o.total_trials > 0 && x.new_trials >= x.o.total_trials) break;
    balance(&x);
    tree_weights(&x);
    int i = tight_pick(&x);
    if (i < 0) i = eto_backend_scheduler_next(x.sched);
    if (i < 0 && grow(&x) > 0) i = eto_backend_scheduler_next(x.sched);
    if (i < 0) break;
    if ((st = run_round(&x, i)) != ETO_OK) break;
  }
  if (st == ETO_OK && time_up(&x)) report->stopped_by_time = 1;
  for (int i = 0; i < nops && st == ETO_OK; i++) st = store_best_only(&x, &x.tasks[i]);

out:
  if (x.ready) {
    fill_report(&x);
  } else {
    free(report->ops);
    report->ops = NULL;
    report->count = 0;
  }
  report->seconds = eto_now() - x.t0;
  double busy, steal;
  eto_host_cpu_seconds(&busy, &steal);
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  if (report->seconds > 0)
    report->host_busy_share = (busy - x.host_busy0) / (report->seconds * (double)(cores > 0 ? cores : 1));
  report->host_steal_seconds = steal - x.host_steal0;
  if (st == ETO_OK) emit(&x, ETO_BACKEND_EVENT_DONE, -1, report->interrupted ? "interrupted" : "done");
  if (x.tasks && x.ready) free_measurers(x.tasks, nops);
  for (int i = 0; x.tasks && i < nops; i++) eto_task_free(&x.tasks[i]);
  free(x.tasks);
  free(w);
  free(fl);
  free(grp);
  free(tags);
  free(x.tree);
  eto_cost_model_free(x.model);
  eto_backend_scheduler_free(x.sched);
  return st;
}

eto_status eto_backend_tune(const eto_op *ops, int nops, const eto_target *t, eto_cache *cache,
                            const eto_backend_opts *opts, eto_backend_progress_fn progress, void *user,
                            eto_backend_report *report, char *msg, int cap) {
  eto_backend_task *tasks = calloc((size_t)(nops > 0 ? nops : 1), sizeof *tasks);
  if (!tasks || nops < 0 || (nops > 0 && !ops)) {
    free(tasks);
    memset(report, 0, sizeof *report);
    if (msg && cap > 0) snprintf(msg, (size_t)cap, tasks ? "bad arguments" : "out of memory");
    return tasks ? ETO_ERR_INVALID : ETO_ERR_NOMEM;
  }
  for (int i = 0; i < nops; i++) {
    tasks[i].op = ops[i];
    eto_backend_policy_full(NULL, &tasks[i].policy, NULL, 0);
  }
  eto_status st = eto_backend_run(tasks, nops, t, cache, opts, NULL, progress, user, report, msg, cap);
  free(tasks);
  return st;
}
