/* run.c — the driver (driver.h): re-verify cached programs, full search of the root children (backend, resuming
 * interrupted searches), reuse policies along the tree (tuner), and the report from the results held. */
#include <cJSON.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backend.h"
#include "cache.h"
#include "driver.h"

void eto_drv_opts_default(eto_drv_opts *o) {
  memset(o, 0, sizeof *o);
  o->full_trials = 1000;
  o->release_after = ETO_DRV_RELEASE_AFTER;
  o->root_patience = ETO_DRV_ROOT_PATIENCE;
  eto_measure_opts_default(&o->measure);
}

static void say(eto_drv_progress_fn fn, void *user, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(eto_drv_progress_fn fn, void *user, const char *fmt, ...) {
  if (!fn) return;
  char line[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  fn(user, line);
}

/* Reads the best program of a workload into r (latency, gflops, recipe) and, when prog is not NULL, parses it.
 * Returns 1 when there is one (and it parses); *full_out (may be NULL) receives whether a full search found it. */
static int read_best(eto_cache *cache, const eto_target *t, eto_drv_op *r, eto_program *prog, int *full_out) {
  eto_cache_best b;
  if (!cache || eto_cache_get_best(cache, t->fingerprint, r->key, &b) != ETO_CACHE_OK) return 0;
  r->latency = b.latency.median_s;
  r->gflops = r->latency > 0 ? r->flops / r->latency * 1e-9 : 0;
  snprintf(r->recipe, sizeof r->recipe, "%s", b.recipe);
  if (full_out) *full_out = b.method == ETO_CACHE_METHOD_FULL;
  int ok = 1;
  if (prog) {
    char why[256];
    ok = eto_program_parse(b.recipe, prog, why, sizeof why) == 0;
  }
  eto_cache_best_clear(&b);
  return ok;
}

/* What the progress lines need: where they go, and the list's weighted latency as the searches go (the
 * operators searched in this run: their frequency in the list, 0 for bridges, and best latency so far; the
 * list operators served from the cache: their weighted latency sum). */
typedef struct {
  eto_drv_progress_fn fn;
  void *user;
  int ntask;
  const int64_t *freq;
  double *lat;
  double cached_wlat;
  int bounded; /* one budget for the list or a time budget: the time left is known, and printed */
} fwd;

/* " | list N ms" once every list operator has a program, else how many have none yet */
static void list_status(fwd *f, char *buf, size_t cap) {
  double w = f->cached_wlat;
  int missing = 0;
  for (int j = 0; j < f->ntask; j++) {
    if (f->freq[j] <= 0) continue;
    if (f->lat[j] > 0) w += (double)f->freq[j] * f->lat[j];
    else missing++;
  }
  if (missing) snprintf(buf, cap, " | list: %d operator%s without a program yet", missing, missing == 1 ? "" : "s");
  else snprintf(buf, cap, " | list weighted latency %.4f ms", w * 1e3);
}

static void backend_progress(const eto_backend_progress *pr, void *user) {
  fwd *f = user;
  const char *pol = pr->policy ? pr->policy : "search";
  char list[96] = "";
  if (pr->task >= 0 && pr->task < f->ntask && pr->best_latency > 0) f->lat[pr->task] = pr->best_latency;
  if (pr->event == ETO_BACKEND_EVENT_ROUND) list_status(f, list, sizeof list);
  char el[48];
  if (f->bounded && pr->remaining >= 0) snprintf(el, sizeof el, "%.0f s elapsed, ~%.0f s left", pr->elapsed, pr->remaining);
  else snprintf(el, sizeof el, "%.0f s elapsed", pr->elapsed);
  if (pr->event == ETO_BACKEND_EVENT_ROUND && pr->task_budget < INT64_MAX)
    say(f->fn, f->user, "%s search %s: round %d, %lld/%lld trials, best %.2f GFLOP/s, %s%s", pol,
        pr->workload ? pr->workload : "?", pr->round, (long long)pr->task_trials, (long long)pr->task_budget,
        pr->best_gflops, el, list);
  else if (pr->event == ETO_BACKEND_EVENT_ROUND)
    say(f->fn, f->user, "%s search %s: round %d, %lld trials, best %.2f GFLOP/s, %s%s", pol,
        pr->workload ? pr->workload : "?", pr->round, (long long)pr->task_trials, pr->best_gflops, el, list);
  else if (pr->event == ETO_BACKEND_EVENT_MESSAGE && pr->message && pr->task < 0)
    say(f->fn, f->user, "%s", pr->message);
  else if (pr->event == ETO_BACKEND_EVENT_MESSAGE && pr->message)
    say(f->fn, f->user, "%s search: %s", pol, pr->message);
}

/* The full search's options: the caller's search options (or the defaults) with the driver's budget, seed, time,
 * measurement and cancel flag. */
static void search_opts(const eto_drv_opts *o, eto_backend_opts *bo) {
  if (o->search) *bo = *o->search;
  else eto_backend_opts_default(bo);
  bo->trials_per_op = (int)o->full_trials;
  bo->seed = o->seed;
  bo->time_budget = o->time_budget;
  bo->measure = o->measure;
  bo->cancel = o->cancel;
  bo->total_trials = o->total_trials;
}

/* A task of the seeded policy pol (the refine and reseed steps) for node n from src's best program src_best: the
 * policy ends itself. Fills *tk and makes its policy; returns make's status (why: its message). */
static eto_status seeded_task(eto_backend_task *tk, const eto_drv_policy *pol, const eto_sel_plan_node *n,
                              const eto_sel_plan_node *src, const eto_program *src_best, const eto_target *t,
                              eto_cache *cache, const eto_drv_opts *o, char *why, int cap) {
  memset(tk, 0, sizeof *tk);
  tk->op = n->op;
  if (tk->op.freq < 1) tk->op.freq = 1;
  tk->parent = -1;
  tk->budget = -1; /* the policy ends itself (ETO_TUNER_SEEDED_EXTRA_TRIALS and more while it pays) */
  tk->share = (int64_t)ceil(pol->plan_extra);
  tk->fresh = 1; /* a new search: the stored trials are the earlier search's (eto_backend_task.fresh) */
  tk->source = src->key;
  tk->args = (eto_policy_args){.op = &n->op, .source = &src->op, .source_best = src_best, .t = t, .cache = cache,
                               .seed = o->seed, .patience = (int)o->edge_patience};
  return pol->make(&tk->args, &tk->policy, why, cap);
}

/* The part of the objective (eto_backend_sched_opts.relative r: sum_i w_i g_i^(1-r) / (1-r), log g_i at r = 1) that
 * an operator of weight w and latency lat saves at gain times its speed. */
static double objective_saving(double w, double lat, double gain, double r) {
  double after = lat / gain;
  if (fabs(r - 1) < 1e-9) return w * log(gain);
  return w * (pow(lat, 1 - r) - pow(after, 1 - r)) / (1 - r);
}

typedef struct {
  int node, from;  /* the node to reseed and its child */
  double saving;   /* objective_saving at the child's speed */
} reseed_pick;

static int by_saving(const void *a, const void *b) {
  const reseed_pick *x = a, *y = b;
  return x->saving < y->saving ? 1 : x->saving > y->saving ? -1 : x->node - y->node;
}

/* Step 5 (driver.h): every list operator with a program whose best reuse child of this run reached
 * ETO_DRV_RESEED_GAIN times its GFLOP/s, searched again by the reuse-seeded policy from that child's best, in one
 * search under time_left seconds and trials_left trials (< 0: unbounded). The tasks go in the order of what each
 * promises (the part of the list's objective its weighted latency saves at its child's speed; its priority in the
 * engine, eto_backend_task.priority): a reserve too short for all reaches those first (bench/RESULTS.md AV.3: 26
 * of 62 reached, with 81% of the saving the 62 promised, where the 26 that promised most held 99.8%). Updates the
 * rows it searched; returns ETO_OK or the engine's or a policy's error (msg). */
static eto_status reseed(const eto_sel_plan *p, const eto_target *t, eto_cache *cache, const eto_drv_opts *o,
                         const int *row_of, eto_drv_report *rep, double time_left, int64_t trials_left,
                         eto_drv_progress_fn progress, void *user, char *msg, int cap) {
  const eto_drv_policy *pol = eto_drv_policy_find("seeded");
  eto_backend_task *tasks = calloc((size_t)p->n, sizeof *tasks);
  eto_program *best = calloc((size_t)p->n, sizeof *best);
  int *node = calloc((size_t)p->n, sizeof *node), *from = calloc((size_t)p->n, sizeof *from);
  int64_t *freq = calloc((size_t)p->n, sizeof *freq);
  double *lat = calloc((size_t)p->n, sizeof *lat);
  reseed_pick *pick = calloc((size_t)p->n, sizeof *pick);
  eto_status st = ETO_OK;
  int ntask = 0, npick = 0;
  if (!pol || !tasks || !best || !node || !from || !freq || !lat || !pick) {
    st = ETO_ERR_NOMEM;
    goto done;
  }
  double rel = o->search ? o->search->sched.relative : 0; /* the objective */
  for (int i = 0; i < p->nops; i++) { /* list operators (a bridge is only a source) */
    if (row_of[i] < 0 || rep->ops[row_of[i]].latency <= 0) continue;
    const eto_drv_op *ri = &rep->ops[row_of[i]];
    int c = -1;
    double g = ri->gflops * ETO_DRV_RESEED_GAIN;
    for (int k = 0; k < p->n; k++) {
      if (p->node[k].parent != i || row_of[k] < 0) continue;
      const eto_drv_op *rc = &rep->ops[row_of[k]];
      if (strcmp(rc->method, "reuse") == 0 && rc->gflops >= g) g = rc->gflops, c = k;
    }
    if (c < 0) continue;
    pick[npick++] = (reseed_pick){i, c, objective_saving((double)ri->freq, ri->latency, g / ri->gflops, rel)};
  }
  qsort(pick, (size_t)npick, sizeof *pick, by_saving);
  for (int j = 0; j < npick; j++) {
    int i = pick[j].node, c = pick[j].from;
    eto_drv_op src = {0};
    snprintf(src.key, sizeof src.key, "%s", p->node[c].key);
    src.flops = eto_op_flops(&p->node[c].op);
    if (!read_best(cache, t, &src, &best[ntask], NULL)) continue;
    char why[256] = "";
    st = seeded_task(&tasks[ntask], pol, &p->node[i], &p->node[c], &best[ntask], t, cache, o, why, sizeof why);
    if (st == ETO_ERR_NOMEM || st == ETO_ERR_IO) {
      snprintf(msg, (size_t)cap, "%s policy for %s from %s: %s", pol->name, p->node[i].key, src.key, why);
      goto done;
    }
    if (st != ETO_OK) { /* not a pair the policy takes: left as it is */
      st = ETO_OK;
      continue;
    }
    tasks[ntask].priority = pick[j].saving;
    node[ntask] = i;
    from[ntask] = c;
    freq[ntask] = rep->ops[row_of[i]].freq;
    ntask++;
  }
  if (ntask == 0) goto done;
  if (time_left == 0 || trials_left == 0) {
    say(progress, user, "%d node(s) beaten by a reuse child by %.2fx or more, but the budget is spent: not reseeded",
        ntask, ETO_DRV_RESEED_GAIN);
    goto done;
  }
  say(progress, user, "reseeding %d node(s) from a reuse child that beat them by %.2fx or more (%s)", ntask,
      ETO_DRV_RESEED_GAIN, pol->name);
  eto_backend_opts bo;
  search_opts(o, &bo);
  bo.time_budget = time_left > 0 ? time_left : 0;
  bo.total_trials = trials_left > 0 ? trials_left : 0;
  fwd f = {progress, user, ntask, freq, lat, 0, time_left > 0 || trials_left > 0};
  for (int j = 0; j < rep->count; j++) { /* the list's other operators weigh as they are */
    const eto_drv_op *r = &rep->ops[j];
    int searched = 0;
    for (int k = 0; k < ntask && !searched; k++) searched = node[k] == r->node;
    if (!searched && r->node < p->nops && r->latency > 0) f.cached_wlat += (double)r->freq * r->latency;
  }
  eto_backend_report br;
  st = eto_backend_run(tasks, ntask, t, cache, &bo, NULL, backend_progress, &f, &br, msg, cap);
  eto_backend_report_add_time(&rep->time, &br);
  rep->engine_runs++;
  int nrun = ntask;
  ntask = 0; /* the run freed the policies */
  for (int j = 0; j < nrun && j < br.count; j++) {
    const eto_backend_op_result *res = &br.ops[j];
    eto_drv_op *r = &rep->ops[row_of[node[j]]];
    if (res->new_trials == 0) { /* the budget ran out before its turn */
      if (!r->message[0])
        snprintf(r->message, sizeof r->message, "beaten by its reuse child %.160s, not reseeded: the budget ran out",
                 p->node[from[j]].key);
      continue;
    }
    snprintf(r->reseeded_from, sizeof r->reseeded_from, "%s", p->node[from[j]].key);
    r->reseed_gflops = r->gflops;
    r->reseed_trials = res->new_trials;
    r->trials += res->new_trials;
    r->seconds += res->seconds;
    rep->reseed_trials += res->new_trials;
    if (res->status == ETO_BACKEND_OP_TUNED && res->latency > 0 && res->latency < r->latency) {
      r->latency = res->latency;
      r->gflops = res->gflops;
      snprintf(r->recipe, sizeof r->recipe, "%s", res->recipe);
    }
    say(progress, user, "reseeded %s from %s: %lld trials, %.2f -> %.2f GFLOP/s, %.1f s", r->key, r->reseeded_from,
        (long long)res->new_trials, r->reseed_gflops, r->gflops, res->seconds);
  }
  eto_backend_report_free(&br);
done:
  for (int j = 0; j < ntask; j++) eto_policy_free(&tasks[j].policy); /* made, not run */
  free(tasks);
  free(best);
  free(node);
  free(from);
  free(freq);
  free(lat);
  free(pick);
  return st;
}

eto_status eto_drv_run(const eto_sel_plan *p, const eto_target *t, struct eto_cache *cache, const eto_drv_opts *opts,
                       eto_drv_progress_fn progress, void *user, eto_drv_report *rep, char *msg, int cap) {
  memset(rep, 0, sizeof *rep);
  eto_drv_opts o;
  if (opts) o = *opts;
  else eto_drv_opts_default(&o);
  double t0 = eto_now();
  eto_measure_protocol(t->kind, &o.measure, rep->protocol, sizeof rep->protocol);
  snprintf(rep->target, sizeof rep->target, "%s", t->description);
#define CANCELLED() (o.cancel && *o.cancel)
  /* one report row per list operator and per bridge in the plan */
  rep->ops = calloc((size_t)p->n, sizeof *rep->ops);
  if (!rep->ops) return ETO_ERR_NOMEM;
  int *row_of = calloc((size_t)p->n, sizeof(int));
  int *need_full = calloc((size_t)p->n, sizeof(int));
  eto_backend_task *tasks = calloc((size_t)p->n, sizeof *tasks);
  int *full_node = calloc((size_t)p->n, sizeof(int));
  /* a cached node's own best program (step 1), or a reuse edge's cached source's (step 2) */
  eto_program *cached_best = calloc((size_t)p->n, sizeof *cached_best);
  if (!row_of || !need_full || !tasks || !full_node || !cached_best) {
    free(row_of);
    free(need_full);
    free(tasks);
    free(full_node);
    free(cached_best);
    return ETO_ERR_NOMEM;
  }
  for (int i = 0; i < p->n; i++) {
    row_of[i] = -1;
    const eto_sel_plan_node *n = &p->node[i];
    if (i >= p->nops && !(n->in_plan && n->origin == ETO_PLAN_BRIDGE)) continue;
    eto_drv_op *r = &rep->ops[rep->count];
    row_of[i] = rep->count++;
    r->node = i;
    snprintf(r->key, sizeof r->key, "%s", n->key);
    snprintf(r->name, sizeof r->name, "%s", n->op.name);
    r->freq = n->op.freq;
    r->flops = eto_op_flops(&n->op);
    r->bridge = n->origin == ETO_PLAN_BRIDGE;
    r->est_trials = n->est_trials;
    snprintf(r->method, sizeof r->method, "none");
  }
  eto_status st = ETO_OK;

  /* 1. cached programs the plan relies on: re-verify (list operators and reuse sources) */
  for (int k = 0; k < p->norder; k++) {
    int i = p->order[k];
    const eto_sel_plan_node *n = &p->node[i];
    if (!(n->cached && n->parent < 0)) continue;
    eto_drv_op tmp = {0}, *r = row_of[i] >= 0 ? &rep->ops[row_of[i]] : &tmp;
    snprintf(tmp.key, sizeof tmp.key, "%s", n->key);
    tmp.flops = eto_op_flops(&n->op);
    int by_full = 0;
    int ok = read_best(cache, t, r, &cached_best[i], &by_full);
    size_t stored = 0;
    if (cache && ok && by_full && n->origin != ETO_PLAN_CACHED &&
        eto_cache_count_trials(cache, t->fingerprint, n->key, &stored) == ETO_CACHE_OK &&
        stored > 0 && (int64_t)stored < o.full_trials) {
      /* an interrupted full search: resume it (its stored trials count and are never measured again) */
      say(progress, user, "full search of %s was interrupted at %llu of %lld trials: resuming it", n->key,
          (unsigned long long)stored, (long long)o.full_trials);
      need_full[i] = 1;
      continue;
    }
    /* an operator to refine is re-timed by the full protocol (the stored time may be a lucky one) */
    int retime = o.refine && i < p->nops && row_of[i] >= 0;
    if (ok && !o.no_verify) {
      eto_measurer *m = NULL;
      eto_measure_opts mo = o.measure;
      if (!retime) mo.min_repeat_seconds = 0.01;
      eto_measure_result res;
      if (eto_measurer_create(&n->op, t, &mo, &m, msg, cap) != ETO_OK) {
        st = ETO_ERR_UNSUPPORTED;
        goto out;
      }
      eto_measurer_run(m, &cached_best[i], &res);
      eto_measurer_free(m);
      if (CANCELLED()) goto out;
      rep->verify_runs++;
      if (res.error != ETO_MEASURE_OK) {
        say(progress, user, "cached program of %s failed re-verification (%s: %s): marked bad, full search instead", n->key,
            eto_measure_error_name(res.error), res.message);
        eto_cache_mark_bad(cache, t->fingerprint, n->key, r->recipe, res.message);
        ok = 0;
      } else if (retime && res.median > r->latency * (1 + ETO_DRV_RETIME_SLOWER)) {
        eto_cache_latency lat = {res.median, res.min, res.max, res.repeats};
        if (eto_cache_retime_best(cache, t->fingerprint, n->key, r->recipe, &lat) == ETO_CACHE_OK) {
          say(progress, user, "cached program of %s re-timed at %.2f GFLOP/s, stored at %.2f: the stored time is "
              "replaced", n->key, r->flops / res.median * 1e-9, r->gflops);
          r->stored_gflops = r->gflops;
          r->latency = res.median;
          r->gflops = r->flops / res.median * 1e-9;
        }
      }
    }
    if (ok) {
      snprintf(r->method, sizeof r->method, "cached");
    } else {
      need_full[i] = 1;
    }
  }
  /* 2. one search over every node that needs work, under one task scheduler: the root children that are not
   * (validly) cached by the full search, every other node by its reuse policy once its parent has spent its
   * share (at once when the parent is cached); a reuse edge that finds nothing falls back to the full search
   * (not in TopK plans: the baseline stays without a program) */
  const eto_drv_policy *pol = eto_drv_policy_find(p->topk ? "topk" : o.reuse_policy ? o.reuse_policy : ETO_DRV_REUSE_DEFAULT);
  if (!pol) {
    snprintf(msg, (size_t)cap, "no search policy called %s", o.reuse_policy);
    st = ETO_ERR_INVALID;
    goto out;
  }
  const eto_drv_policy *refine = eto_drv_policy_find("seeded"); /* opts.refine's policy */
  char *refined = calloc((size_t)p->n, 1);
  if (!refined || !refine) {
    free(refined);
    st = ETO_ERR_NOMEM;
    goto out;
  }
  int ntask = 0;
  for (int k = 0; k < p->norder; k++) { /* parents come before their children in the plan's order */
    int i = p->order[k];
    const eto_sel_plan_node *n = &p->node[i];
    full_node[i] = -1; /* task of node i */
    if (n->parent < 0 && !(n->cached && !need_full[i])) {
      eto_backend_task *tk = &tasks[ntask];
      memset(tk, 0, sizeof *tk);
      tk->op = n->op;
      if (tk->op.freq < 1) tk->op.freq = 1; /* bridges weigh like one occurrence */
      tk->parent = -1;
      tk->share = (int64_t)ceil(n->est_trials); /* the plan's work, under one budget for the list */
      for (int j = 0; j < p->n && o.root_patience > 0; j++)
        if (p->node[j].in_plan && p->node[j].parent == i) tk->patience = o.root_patience; /* its children wait */
      eto_backend_policy_full(NULL, &tk->policy, NULL, 0);
      full_node[i] = ntask++;
      continue;
    }
    if (n->parent < 0) { /* cached: served as it is, or searched further from its own best (opts.refine) */
      eto_drv_op *r = row_of[i] >= 0 ? &rep->ops[row_of[i]] : NULL;
      if (!o.refine || !r || i >= p->nops || strcmp(r->method, "cached") != 0) continue; /* step 1 read its best */
      eto_backend_task *tk = &tasks[ntask];
      char why[256] = "";
      eto_status ms = seeded_task(tk, refine, n, n, &cached_best[i], t, cache, &o, why, sizeof why);
      if (r->stored_gflops > 0) { /* step 1 re-timed it: its stored trials count at the new time */
        tk->retimed_recipe = r->recipe;
        tk->retimed_cost = r->latency;
      }
      if (ms == ETO_ERR_NOMEM || ms == ETO_ERR_IO) {
        snprintf(msg, (size_t)cap, "%s policy for %s: %s", refine->name, n->key, why);
        st = ms;
        break;
      }
      if (ms != ETO_OK) { /* served as it is */
        snprintf(r->message, sizeof r->message, "not refined: %.230s", why);
        continue;
      }
      r->cached_gflops = r->gflops;
      refined[i] = 1;
      full_node[i] = ntask++;
      continue;
    }
    const eto_sel_plan_node *par = &p->node[n->parent];
    eto_drv_op *r = row_of[i] >= 0 ? &rep->ops[row_of[i]] : NULL;
    eto_backend_task *tk = &tasks[ntask];
    memset(tk, 0, sizeof *tk);
    tk->op = n->op;
    if (tk->op.freq < 1) tk->op.freq = 1;
    tk->budget = o.full_trials > 0 ? o.full_trials : -1; /* a reuse edge never spends more than a full search */
    tk->share = (int64_t)ceil(n->est_trials);
    tk->source = par->key;
    tk->no_fallback = p->topk;
    tk->args = (eto_policy_args){.op = &n->op, .source = &par->op, .t = t, .cache = cache, .seed = o.seed,
                                 .topk = ETO_SEL_TOPK_K, .patience = (int)o.edge_patience};
    if (r) snprintf(r->source, sizeof r->source, "%s", par->key);
    if (full_node[n->parent] >= 0) { /* the parent is searched in this run: wait for it */
      tk->parent = full_node[n->parent];
      tk->make = pol->make;
      tk->release_after = pol->early ? o.release_after : 0;
      full_node[i] = ntask++;
      continue;
    }
    tk->parent = -1;
    eto_drv_op src = {0};
    snprintf(src.key, sizeof src.key, "%s", par->key);
    src.flops = eto_op_flops(&par->op);
    char why[256] = "no program for its source";
    eto_status ms = ETO_ERR_INVALID;
    if (read_best(cache, t, &src, &cached_best[i], NULL)) {
      tk->args.source_best = &cached_best[i];
      ms = pol->make(&tk->args, &tk->policy, why, sizeof why);
      if (ms == ETO_ERR_NOMEM || ms == ETO_ERR_IO) {
        snprintf(msg, (size_t)cap, "%s policy for %s: %s", pol->name, n->key, why);
        st = ms;
        break;
      }
    }
    if (ms != ETO_OK) {
      if (p->topk) {
        if (r) snprintf(r->message, sizeof r->message, "%.250s", why);
        continue;
      }
      eto_backend_policy_full(NULL, &tk->policy, NULL, 0);
      if (r) snprintf(r->message, sizeof r->message, "reuse refused (%.200s); full search instead", why);
    }
    full_node[i] = ntask++;
  }
  if (st == ETO_OK && ntask > 0) {
    int nroots = 0, nrefine = 0;
    for (int j = 0; j < ntask; j++) nroots += tasks[j].parent < 0 && tasks[j].source == NULL;
    for (int i = 0; i < p->n; i++) nrefine += refined[i];
    char more[96] = "";
    if (nrefine) snprintf(more, sizeof more, ", %d cached one(s) refined by %s", nrefine, refine->name);
    say(progress, user, "search of %d operator(s): %d full search(es) of %lld trials, %d by %s%s%s", ntask, nroots,
        (long long)o.full_trials, ntask - nroots - nrefine, pol->name, more,
        o.total_trials > 0 ? " (one budget for the whole list)" : "");
    eto_backend_opts bo;
    search_opts(&o, &bo);
    int may_reseed = 0; /* step 5 is possible (a reuse edge is searched): keep its time back */
    for (int i = 0; i < p->n && !o.no_reseed && !p->topk; i++)
      may_reseed |= p->node[i].parent >= 0 && full_node[i] >= 0;
    if (may_reseed) {
      bo.time_budget *= 1 - ETO_DRV_RESEED_RESERVE; /* not trials: --trials-total N measures N (driver.h) */
    }
    double t_search = eto_now();
    eto_backend_report br;
    fwd f = {progress, user, ntask, NULL, NULL, 0, o.total_trials > 0 || o.time_budget > 0};
    int64_t *freq = calloc((size_t)ntask, sizeof *freq);
    double *lat = calloc((size_t)ntask, sizeof *lat);
    if (!freq || !lat) {
      free(freq);
      free(lat);
      free(refined);
      st = ETO_ERR_NOMEM;
      goto out;
    }
    for (int i = 0; i < p->n; i++) { /* list operators: searched here (their task's weight) or cached */
      if (row_of[i] < 0 || p->node[i].origin == ETO_PLAN_BRIDGE) continue;
      const eto_drv_op *r = &rep->ops[row_of[i]];
      if (full_node[i] >= 0) freq[full_node[i]] = r->freq;
      else if (r->latency > 0) f.cached_wlat += (double)r->freq * r->latency;
    }
    f.freq = freq;
    f.lat = lat;
    st = eto_backend_run(tasks, ntask, t, cache, &bo, NULL, backend_progress, &f, &br, msg, cap);
    eto_backend_report_add_time(&rep->time, &br);
    rep->engine_runs++;
    free(freq);
    free(lat);
    rep->backend_seed = br.seed;
    for (int k = 0; k < p->norder; k++) {
      int i = p->order[k], j = full_node[i];
      if (j < 0 || j >= br.count || row_of[i] < 0) continue;
      const eto_backend_op_result *res = &br.ops[j];
      eto_drv_op *r = &rep->ops[row_of[i]];
      int reuse = p->node[i].parent >= 0 && strcmp(res->first_policy, "full") != 0;
      if (refined[i]) rep->refine_trials += res->new_trials;
      else if (reuse && !res->fell_back) rep->reuse_trials += res->new_trials;
      else rep->full_trials += res->new_trials;
      r->trials = res->new_trials;
      r->seconds = res->seconds;
      r->refreshes = res->refreshes;
      r->offers = res->offers;
      if (refined[i]) {
        snprintf(r->method, sizeof r->method, "refined");
        if (res->status == ETO_BACKEND_OP_TUNED && res->latency > 0 && res->latency < r->latency) {
          r->latency = res->latency;
          r->gflops = res->gflops;
          snprintf(r->recipe, sizeof r->recipe, "%s", res->recipe);
        }
        say(progress, user, "refined %s: %lld trials, %.2f -> %.2f GFLOP/s, %.1f s", r->key, (long long)r->trials,
            r->cached_gflops, r->gflops, r->seconds);
      } else if (res->status == ETO_BACKEND_OP_TUNED) {
        snprintf(r->method, sizeof r->method, "%s",
                 !reuse || res->fell_back ? "full" : p->topk ? "topk" : "reuse");
        r->latency = res->latency;
        r->gflops = res->gflops;
        snprintf(r->recipe, sizeof r->recipe, "%s", res->recipe);
      } else {
        snprintf(r->method, sizeof r->method, "none");
      }
      if (res->message[0] && !r->message[0]) snprintf(r->message, sizeof r->message, "%s", res->message);
      if (reuse && !res->fell_back && res->status == ETO_BACKEND_OP_TUNED)
        say(progress, user, "%s %s from %s (%s%s): %lld trials, %.2f GFLOP/s, %.1f s", r->method, r->key, r->source,
            res->first_policy, r->refreshes ? ", restarted from the source's better best" : "",
            (long long)r->trials, res->gflops, r->seconds);
    }
    rep->total_budget_spent = o.total_trials > 0 && br.new_trials >= bo.total_trials;
    int64_t spent = br.new_trials;
    eto_backend_report_free(&br);
    /* 5. reseeding, under what is left of the budgets */
    if (st == ETO_OK && may_reseed && !CANCELLED()) {
      double time_left = o.time_budget > 0 ? fmax(0, o.time_budget - (eto_now() - t_search)) : -1;
      int64_t trials_left = o.total_trials > 0 ? (o.total_trials > spent ? o.total_trials - spent : 0) : -1;
      st = reseed(p, t, cache, &o, row_of, rep, time_left, trials_left, progress, user, msg, cap);
    }
  }
  free(refined);
out:
  rep->interrupted = CANCELLED() ? 1 : 0;
  for (int j = 0; j < rep->count; j++) {
    eto_drv_op *r = &rep->ops[j];
    /* rows hold their searches' results; a row without one (nothing found, or the run stopped before it) shows
     * what the cache serves, if anything */
    if (r->latency <= 0) read_best(cache, t, r, NULL, NULL);
    rep->trials += r->trials;
    if (rep->ops[j].node < p->nops) {
      if (r->latency > 0) rep->weighted_latency += (double)r->freq * r->latency;
      else rep->missing++;
    }
  }
  rep->seconds = eto_now() - t0;
  free(row_of);
  free(need_full);
  free(tasks);
  free(full_node);
  free(cached_best);
  return st;
#undef CANCELLED
}

void eto_drv_report_free(eto_drv_report *r) {
  if (!r) return;
  free(r->ops);
  memset(r, 0, sizeof *r);
}

void eto_drv_report_print(const eto_drv_report *r, FILE *f) {
  fprintf(f, "\n%-3s %-7s %7s %8s %11s %9s  %s\n", "#", "method", "trials", "seconds", "latency ms", "GFLOP/s", "workload");
  for (int i = 0; i < r->count; i++) {
    const eto_drv_op *o = &r->ops[i];
    fprintf(f, "%-3d %-7s %7lld %8.1f %11.4f %9.2f  %s%s%s\n", i + 1, o->method, (long long)o->trials, o->seconds,
            o->latency * 1e3, o->gflops, o->bridge ? "[bridge] " : "", o->key, o->freq > 1 ? "" : "");
    if (o->source[0])
      fprintf(f, "%21s reused from %s (plan's estimate %.0f trials, measured %lld%s)\n", "", o->source, o->est_trials,
              (long long)o->trials, o->refreshes ? "; started from the source's early best, again from its final" : "");
    if (strcmp(o->method, "refined") == 0)
      fprintf(f, "%21s cached at %.2f GFLOP/s, searched further from its best and its neighbours' (%lld trials)\n", "",
              o->cached_gflops, (long long)o->trials);
    if (o->stored_gflops > 0)
      fprintf(f, "%21s its cached program re-timed at %.2f GFLOP/s; the cache had stored %.2f\n", "", o->cached_gflops,
              o->stored_gflops);
    if (o->reseeded_from[0])
      fprintf(f, "%21s beaten by its reuse child %s: searched again from its best, %.2f -> %.2f GFLOP/s (%lld "
              "trials)\n", "", o->reseeded_from, o->reseed_gflops, o->gflops, (long long)o->reseed_trials);
    if (o->message[0]) fprintf(f, "%21s %s\n", "", o->message);
  }
  char refined[128] = "";
  int at = 0;
  if (r->refine_trials)
    at = snprintf(refined, sizeof refined, ", %lld refining cached programs", (long long)r->refine_trials);
  if (r->reseed_trials)
    snprintf(refined + at, sizeof refined - (size_t)at, ", %lld reseeding", (long long)r->reseed_trials);
  fprintf(f,
          "\ntotals: %lld trials measured (%lld full search, %lld reuse%s), %lld cached programs re-verified, %.1f s\n",
          (long long)r->trials, (long long)r->full_trials, (long long)r->reuse_trials, refined,
          (long long)r->verify_runs, r->seconds);
  const eto_backend_report *tm = &r->time;
  if (tm->new_trials > 0) {
    double other = tm->seconds - tm->measure_seconds - tm->search_seconds - tm->train_seconds;
    double pipes = tm->measure_seconds - tm->build_seconds - tm->check_seconds - tm->timing_seconds;
    double n = (double)tm->new_trials;
    fprintf(f,
            "search time: %.1f s for %lld trials, %.3f s a trial: building %.3f (%.3f s of compiling over the "
            "workers), check runs %.3f, timing %.3f, workers and pipes %.3f, search %.3f, cost model %.3f, other "
            "%.3f; %lld timed by the screens alone, %lld by the check run alone; %lld of %lld build groups short of "
            "the build jobs\n",
            tm->seconds, (long long)tm->new_trials, tm->seconds / n, tm->build_seconds / n, tm->compile_seconds / n,
            tm->check_seconds / n, tm->timing_seconds / n, (pipes > 0 ? pipes : 0) / n, tm->search_seconds / n,
            tm->train_seconds / n, (other > 0 ? other : 0) / n, (long long)tm->screened_trials,
            (long long)tm->pruned_trials, (long long)tm->short_chunks, (long long)tm->build_chunks);
    fprintf(f,
            "host during the search: cores %.0f%% busy (all processes), %.1f s stolen by the hypervisor; %lld timing "
            "repeats measured again because other processes used the cores, %lld trials retried after a timeout\n",
            100.0 * tm->host_busy_share, tm->host_steal_seconds, (long long)tm->disturbed_repeats,
            (long long)tm->retried_trials);
  }
  fprintf(f, "frequency-weighted latency of the list: %.4f ms%s\n", r->weighted_latency * 1e3,
          r->missing ? " (some operators have no program)" : "");
  if (r->interrupted)
    fprintf(f, "interrupted: what was measured is in the cache; the same command resumes\n");
  if (r->total_budget_spent)
    fprintf(f, "the whole list's trial budget is spent: the same command with a larger --trials-total goes on\n");
  fprintf(f, "target: %s\n", r->target);
  fprintf(f, "protocol: %s\n", r->protocol);
  if (r->backend_seed) fprintf(f, "full-search seed: %llu\n", (unsigned long long)r->backend_seed);
}

eto_status eto_drv_report_write_json(const eto_drv_report *r, const char *path, char *msg, int cap) {
  cJSON *root = cJSON_CreateObject();
  cJSON_AddNumberToObject(root, "trials", (double)r->trials);
  cJSON_AddNumberToObject(root, "full_trials", (double)r->full_trials);
  cJSON_AddNumberToObject(root, "reuse_trials", (double)r->reuse_trials);
  cJSON_AddNumberToObject(root, "refine_trials", (double)r->refine_trials);
  cJSON_AddNumberToObject(root, "reseed_trials", (double)r->reseed_trials);
  cJSON_AddNumberToObject(root, "seconds", r->seconds);
  cJSON_AddNumberToObject(root, "weighted_latency_s", r->weighted_latency);
  cJSON_AddNumberToObject(root, "missing", r->missing);
  cJSON_AddStringToObject(root, "protocol", r->protocol);
  cJSON *tj = cJSON_AddObjectToObject(root, "search_time");
  cJSON_AddNumberToObject(tj, "engine_runs", r->engine_runs);
  cJSON_AddNumberToObject(tj, "new_trials", (double)r->time.new_trials);
  cJSON_AddNumberToObject(tj, "seconds", r->time.seconds);
  eto_backend_report_time_json(&r->time, tj);
  cJSON *ops = cJSON_AddArrayToObject(root, "operators");
  for (int i = 0; i < r->count; i++) {
    const eto_drv_op *o = &r->ops[i];
    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "workload", o->key);
    cJSON_AddStringToObject(j, "name", o->name);
    cJSON_AddNumberToObject(j, "freq", (double)o->freq);
    cJSON_AddBoolToObject(j, "bridge", o->bridge);
    cJSON_AddStringToObject(j, "method", o->method);
    if (o->source[0]) cJSON_AddStringToObject(j, "source", o->source);
    if (strcmp(o->method, "refined") == 0) cJSON_AddNumberToObject(j, "cached_gflops", o->cached_gflops);
    if (o->stored_gflops > 0) cJSON_AddNumberToObject(j, "stored_gflops", o->stored_gflops);
    if (o->reseeded_from[0]) {
      cJSON_AddStringToObject(j, "reseeded_from", o->reseeded_from);
      cJSON_AddNumberToObject(j, "reseed_gflops", o->reseed_gflops);
      cJSON_AddNumberToObject(j, "reseed_trials", (double)o->reseed_trials);
    }
    cJSON_AddNumberToObject(j, "estimated_trials", o->est_trials);
    cJSON_AddNumberToObject(j, "restarts", o->refreshes);
    cJSON_AddNumberToObject(j, "offers", o->offers);
    cJSON_AddNumberToObject(j, "trials", (double)o->trials);
    cJSON_AddNumberToObject(j, "seconds", o->seconds);
    cJSON_AddNumberToObject(j, "latency_s", o->latency);
    cJSON_AddNumberToObject(j, "gflops", o->gflops);
    cJSON_AddStringToObject(j, "recipe", o->recipe);
    if (o->message[0]) cJSON_AddStringToObject(j, "message", o->message);
    cJSON_AddItemToArray(ops, j);
  }
  cJSON_AddBoolToObject(root, "interrupted", r->interrupted);
  cJSON_AddStringToObject(root, "target", r->target);
  eto_status st = eto_json_write_file(root, path, msg, cap);
  cJSON_Delete(root);
  return st;
}
