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
  double t0;
  int64_t total_budget, total_trials, new_trials;
  int ready;      /* every task initialized */
  int last_train; /* records the model was last trained on */
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
  for (int i = 0; i < x->n; i++)
    if (x->sched && eto_backend_scheduler_active(x->sched, i) && x->tasks[i].trials < x->tasks[i].budget)
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
    if (l->cur_task < 0 && x->o.transfer) {
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
    if (eto_task_record(tk, &p, cost) < 0) l->oom = 1;
    if (p.nspace == tk->c.nest.nspace && p.nreduce == tk->c.nest.nreduce) {
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
  eto_cache_status st = eto_cache_foreach_trial(x->cache, x->t->fingerprint, NULL, load_trial, &l);
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
      snprintf(tk->best_method, sizeof tk->best_method, "full");
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
  b->method = ETO_CACHE_METHOD_FULL;
  b->trials = tk->trials;
  b->codegen_version = codegen;
  b->time = (int64_t)time(NULL);
}

static eto_status store_best_only(tune_ctx *x, eto_task *tk) {
  if (!x->cache || !tk->best_dirty || !isfinite(tk->best_cost)) return ETO_OK;
  eto_cache_best b;
  char recipe[ETO_RECIPE_MAX], features[256], codegen[16];
  fill_best(x, tk, NULL, &b, recipe, features, codegen);
  if (eto_cache_put_best(x->cache, &b, NULL) != ETO_CACHE_OK) {
    snprintf(x->msg, (size_t)x->cap, "cache: storing the best program of %s: %s", tk->key,
             eto_cache_errmsg(x->cache));
    return ETO_ERR_IO;
  }
  tk->best_dirty = 0;
  return ETO_OK;
}

static int time_up(const tune_ctx *x) {
  return x->o.time_budget > 0 && eto_now() - x->t0 >= x->o.time_budget;
}

static int cancelled(const tune_ctx *x) { return x->o.cancel && *x->o.cancel; }

/* Retrains from scratch when the records grew by retrain_ratio since the last training (Ansor's XGBModel
 * rule; 0 retrains after every batch) or when forced. */
static void train_model(tune_ctx *x, int force) {
  int n = eto_cost_model_records(x->model);
  if (!force && x->last_train > 0 && n - x->last_train < x->o.retrain_ratio * x->last_train) return;
  if (!force && x->last_train == 0 && n <= x->o.cost.warmup_records) return;
  if (eto_cost_model_train(x->model) != ETO_OK)
    emitf(x, -1, "cost model: %s (random scores until the next training)", eto_cost_model_errmsg(x->model));
  if (eto_cost_model_trained(x->model)) x->last_train = n;
  x->rep->train_seconds += eto_cost_model_train_seconds(x->model);
}

/* ---- one round of one task ---- */

static eto_status run_round(tune_ctx *x, int i) {
  eto_task *tk = &x->tasks[i];
  double r0 = eto_now();
  if (!tk->measurer) {
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
      return ETO_OK;
    }
    emit(x, ETO_BACKEND_EVENT_START, i, NULL);
  }
  int64_t left = tk->budget - tk->trials;
  int n = (int)(left < x->per_round ? left : x->per_round);
  eto_program *progs = malloc(sizeof *progs * (size_t)(n > 0 ? n : 1));
  eto_cache_trial *trials = calloc((size_t)(n > 0 ? n : 1), sizeof *trials);
  char(*recipes)[ETO_RECIPE_MAX] = malloc(sizeof *recipes * (size_t)(n > 0 ? n : 1));
  char(*errors)[256] = malloc(sizeof *errors * (size_t)(n > 0 ? n : 1));
  eto_status status = ETO_OK;
  if (!progs || !trials || !recipes || !errors) {
    status = ETO_ERR_NOMEM;
    goto out;
  }
  eto_evo_stats es;
  int k = eto_evo_round(tk, x->t, x->model, &x->o, n, progs, &es);
  x->rep->search_seconds += es.search_seconds;
  if (k < 0) {
    status = ETO_ERR_NOMEM;
    goto out;
  }
  if (k == 0) {
    if (tk->nhist == 0 && es.init_population == 0) {
      tk->dead = 1;
      snprintf(tk->message, sizeof tk->message, "no valid program for this operator on target %s",
               x->t->name);
    } else {
      tk->exhausted = 1;
      snprintf(tk->message, sizeof tk->message,
               "every program the search reaches has been measured (%lld trials)", (long long)tk->trials);
    }
    eto_backend_scheduler_update(x->sched, i, 0, tk->best_cost);
    emitf(x, i, "%s: %s; %s", tk->key, tk->message, isfinite(tk->best_cost) ? "done" : "skipped");
    goto out;
  }

  int measured = 0;
  eto_measure_result best_result;
  int have_best_result = 0;
  const char *kind = eto_op_kind_name(tk->op.kind);
  /* measured in chunks that the measurer builds at once (one candidate per core), then times one by one */
  eto_measure_result chunk[ETO_MEASURE_MAX_JOBS];
  int jobs = eto_measurer_jobs(tk->measurer);
  for (int j = 0; j < k; j++) {
    if (j % jobs == 0) {
      if (cancelled(x) || time_up(x)) break;
      int c = k - j < jobs ? k - j : jobs;
      double m0 = eto_now();
      eto_measurer_set_best(tk->measurer, isfinite(tk->best_cost) ? tk->best_cost : 0);
      eto_measurer_run_batch(tk->measurer, &progs[j], c, chunk);
      x->rep->measure_seconds += eto_now() - m0;
    }
    eto_measure_result r = chunk[j % jobs];
    x->rep->compile_seconds += r.compile_seconds;
    double cost = r.error == ETO_MEASURE_OK ? r.median : INFINITY;
    int improved = eto_task_record(tk, &progs[j], cost);
    if (improved < 0) {
      status = ETO_ERR_NOMEM;
      goto out;
    }
    if (improved) {
      tk->best_dirty = 1;
      tk->best_from_cache = 0;
      snprintf(tk->best_method, sizeof tk->best_method, "full");
      best_result = r;
      have_best_result = 1;
    }
    float f[ETO_COST_NFEATURES];
    eto_cost_features(&tk->c, x->t, &progs[j], f);
    if (eto_cost_model_add(x->model, tk->group, f, cost) != ETO_OK) {
      status = ETO_ERR_NOMEM;
      goto out;
    }
    tk->trials++;
    tk->new_trials++;
    x->total_trials++;
    x->new_trials++;
    if (r.error != ETO_MEASURE_OK) tk->failed_trials++;
    eto_cache_trial *ct = &trials[measured++];
    eto_program_format(&progs[j], recipes[j], ETO_RECIPE_MAX);
    eto_cache_trial_status cs = ETO_CACHE_TRIAL_RUNTIME;
    eto_cache_trial_status_parse(eto_measure_error_name(r.error), &cs);
    ct->fingerprint = (char *)x->t->fingerprint;
    ct->workload = tk->key;
    ct->kind = (char *)kind;
    ct->recipe = recipes[j];
    ct->status = cs;
    if (r.error != ETO_MEASURE_OK) {
      snprintf(errors[j], sizeof errors[j], "%s", r.message[0] ? r.message : eto_measure_error_name(r.error));
      ct->error = errors[j];
    }
    ct->latency_s = r.error == ETO_MEASURE_OK ? r.median : 0;
    ct->time = (int64_t)time(NULL);
    ct->method = ETO_CACHE_METHOD_FULL;
    ct->round = tk->rounds;
  }

  /* one transaction: the batch and, when it improved, the best program */
  if (x->cache && measured > 0) {
    eto_cache_best b;
    char recipe[ETO_RECIPE_MAX], features[256], codegen[16];
    int with_best = tk->best_dirty && isfinite(tk->best_cost);
    if (with_best) fill_best(x, tk, have_best_result ? &best_result : NULL, &b, recipe, features, codegen);
    if (eto_cache_put_batch(x->cache, trials, (size_t)measured, with_best ? &b : NULL, NULL) !=
        ETO_CACHE_OK) {
      snprintf(x->msg, (size_t)x->cap, "cache: storing %d trials of %s: %s", measured, tk->key,
               eto_cache_errmsg(x->cache));
      status = ETO_ERR_IO;
      goto out;
    }
    if (with_best) tk->best_dirty = 0;
  }
  if (measured == 0) goto out; /* cancelled or out of time before the first candidate */

  train_model(x, 0);
  tk->rounds++;
  eto_backend_scheduler_update(x->sched, i, measured, tk->best_cost);
  if (tk->trials >= tk->budget) {
    tk->done = 1;
    eto_backend_scheduler_finish(x->sched, i);
  }
  tk->seconds += eto_now() - r0;
  emit(x, ETO_BACKEND_EVENT_ROUND, i, NULL);
  r0 = eto_now(); /* the progress callback's time is not the task's */
out:
  tk->seconds += eto_now() - r0;
  free(progs);
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
    snprintf(o->method, sizeof o->method, "full");
    o->trials = tk->trials;
    o->new_trials = tk->new_trials;
    o->failed_trials = tk->failed_trials;
    o->rounds = tk->rounds;
    o->seconds = tk->seconds;
    o->best_from_cache = tk->best_from_cache;
    snprintf(o->best_method, sizeof o->best_method, "%s", tk->best_method[0] ? tk->best_method : "full");
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
    if (!tk->dead && !tk->failed && !tk->exhausted && !tk->done && tk->trials < tk->budget)
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

eto_status eto_backend_tune(const eto_op *ops, int nops, const eto_target *t, eto_cache *cache,
                            const eto_backend_opts *opts, eto_backend_progress_fn progress, void *user,
                            eto_backend_report *report, char *msg, int cap) {
  char dummy[8];
  if (!msg || cap <= 0) {
    msg = dummy;
    cap = sizeof dummy;
  }
  msg[0] = 0;
  memset(report, 0, sizeof *report);
  if (nops < 0 || (nops > 0 && !ops) || !t) {
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
  x.rep = report;
  x.msg = msg;
  x.cap = cap;
  x.t0 = eto_now();
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
  double *fl = malloc(sizeof(double) * (size_t)(nops > 0 ? nops : 1));
  int *grp = malloc(sizeof(int) * (size_t)(nops > 0 ? nops : 1));
  char(*tags)[600] = malloc(sizeof *tags * (size_t)(nops > 0 ? nops : 1));
  eto_status st = ETO_OK;
  if (!report->ops || !x.tasks || !w || !fl || !grp || !tags) {
    st = ETO_ERR_NOMEM;
    snprintf(msg, (size_t)cap, "out of memory");
    goto out;
  }
  for (int i = 0; i < nops; i++) {
    char why[256];
    if (eto_op_check(&ops[i], why, sizeof why) != ETO_OK) {
      snprintf(msg, (size_t)cap, "operator %d: %s", i + 1, why);
      st = ETO_ERR_INVALID;
      goto out;
    }
    eto_task_init(&x.tasks[i], i, &ops[i], t, x.o.trials_per_op, seed);
    for (int j = 0; j < i; j++)
      if (strcmp(x.tasks[j].key, x.tasks[i].key) == 0) {
        snprintf(msg, (size_t)cap,
                 "operators %d and %d have the same workload key %s (merge them, summing freq)", j + 1, i + 1,
                 x.tasks[i].key);
        st = ETO_ERR_INVALID;
        goto out;
      }
    x.total_budget += x.o.trials_per_op;
    w[i] = x.tasks[i].weight;
    fl[i] = x.tasks[i].flops;
    eto_backend_similarity_tag(&ops[i], t, tags[i], sizeof tags[i]);
    grp[i] = i;
    for (int j = 0; j < i; j++)
      if (strcmp(tags[j], tags[i]) == 0) {
        grp[i] = grp[j];
        break;
      }
  }
  x.ready = 1;
  if (nops == 0) goto out;
  if (eto_cost_model_create(&x.o.cost, &x.model) != ETO_OK ||
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
    if (tk->trials > 0)
      eto_backend_scheduler_restore(x.sched, i, (int)((double)tk->trials / x.per_round + 0.5), tk->best_cost);
    if (tk->trials >= tk->budget) {
      tk->done = 1;
      eto_backend_scheduler_finish(x.sched, i);
    }
  }
  train_model(&x, 1);

  for (;;) {
    if (cancelled(&x)) break;
    if (time_up(&x)) {
      report->stopped_by_time = 1;
      break;
    }
    int i = eto_backend_scheduler_next(x.sched);
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
  if (st == ETO_OK) emit(&x, ETO_BACKEND_EVENT_DONE, -1, report->interrupted ? "interrupted" : "done");
  if (x.tasks) free_measurers(x.tasks, nops);
  for (int i = 0; x.tasks && i < nops; i++) eto_task_free(&x.tasks[i]);
  free(x.tasks);
  free(w);
  free(fl);
  free(grp);
  free(tags);
  eto_cost_model_free(x.model);
  eto_backend_scheduler_free(x.sched);
  return st;
}
