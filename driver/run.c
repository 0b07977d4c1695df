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

typedef struct {
  eto_drv_progress_fn fn;
  void *user;
} fwd;

static void backend_progress(const eto_backend_progress *pr, void *user) {
  fwd *f = user;
  const char *pol = pr->policy ? pr->policy : "search";
  if (pr->event == ETO_BACKEND_EVENT_ROUND && pr->task_budget < INT64_MAX)
    say(f->fn, f->user, "%s search %s: round %d, %lld/%lld trials, best %.2f GFLOP/s, %.0f s elapsed", pol,
        pr->workload ? pr->workload : "?", pr->round, (long long)pr->task_trials, (long long)pr->task_budget,
        pr->best_gflops, pr->elapsed);
  else if (pr->event == ETO_BACKEND_EVENT_ROUND)
    say(f->fn, f->user, "%s search %s: round %d, %lld trials, best %.2f GFLOP/s, %.0f s elapsed", pol,
        pr->workload ? pr->workload : "?", pr->round, (long long)pr->task_trials, pr->best_gflops, pr->elapsed);
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
}

/* The fallback of a reuse edge that produced no program (ETO plans): a full search of that node alone, so
 * that it and the nodes reusing it still get programs. Returns the backend's status. */
static eto_status full_search_fallback(const eto_sel_plan_node *n, const eto_target *t, struct eto_cache *cache,
                                       const eto_drv_opts *o, eto_drv_progress_fn progress, void *user,
                                       eto_drv_op *r, eto_drv_report *rep, char *msg, int cap) {
  say(progress, user, "reuse %s found no program (%s): full search instead", n->key, r->message);
  eto_backend_opts bo;
  search_opts(o, &bo);
  eto_op op = n->op;
  if (op.freq < 1) op.freq = 1;
  eto_backend_report br;
  fwd f = {progress, user};
  double a = eto_now();
  eto_status st = eto_backend_tune(&op, 1, t, cache, &bo, backend_progress, &f, &br, msg, cap);
  r->seconds += eto_now() - a;
  if (br.count == 1) {
    rep->full_trials += br.ops[0].new_trials;
    r->trials += br.ops[0].new_trials;
    if (br.ops[0].status == ETO_BACKEND_OP_TUNED) {
      snprintf(r->method, sizeof r->method, "full");
      snprintf(r->message, sizeof r->message, "reuse found no program; full search instead");
      r->latency = br.ops[0].latency;
      r->gflops = br.ops[0].gflops;
      snprintf(r->recipe, sizeof r->recipe, "%s", br.ops[0].recipe);
    }
  }
  eto_backend_report_free(&br);
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
  eto_op *full_ops = calloc((size_t)p->n, sizeof(eto_op));
  int *full_node = calloc((size_t)p->n, sizeof(int));
  if (!row_of || !need_full || !full_ops || !full_node) {
    free(row_of);
    free(need_full);
    free(full_ops);
    free(full_node);
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
    eto_program prog;
    int by_full = 0;
    int ok = read_best(cache, t, r, &prog, &by_full);
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
    if (ok && !o.no_verify) {
      eto_measurer *m = NULL;
      eto_measure_opts mo = o.measure;
      mo.min_repeat_seconds = 0.01;
      eto_measure_result res;
      if (eto_measurer_create(&n->op, t, &mo, &m, msg, cap) != ETO_OK) {
        st = ETO_ERR_UNSUPPORTED;
        goto out;
      }
      eto_measurer_run(m, &prog, &res);
      eto_measurer_free(m);
      if (CANCELLED()) goto out;
      rep->verify_runs++;
      if (res.error != ETO_MEASURE_OK) {
        say(progress, user, "cached program of %s failed re-verification (%s: %s): marked bad, full search instead", n->key,
            eto_measure_error_name(res.error), res.message);
        eto_cache_mark_bad(cache, t->fingerprint, n->key, r->recipe, res.message);
        ok = 0;
      }
    }
    if (ok) {
      snprintf(r->method, sizeof r->method, "cached");
    } else {
      need_full[i] = 1;
    }
  }
  /* 2. full search of the root children that are not (validly) cached */
  int nfull = 0;
  for (int k = 0; k < p->norder; k++) {
    int i = p->order[k];
    if (p->node[i].parent < 0 && (!p->node[i].cached || need_full[i])) need_full[i] = 1;
    if (need_full[i]) {
      full_ops[nfull] = p->node[i].op;
      if (full_ops[nfull].freq < 1) full_ops[nfull].freq = 1; /* bridges weigh like one occurrence */
      full_node[nfull++] = i;
    }
  }
  if (nfull > 0) {
    say(progress, user, "full search of %d operator(s), %lld trials each", nfull, (long long)o.full_trials);
    eto_backend_opts bo;
    search_opts(&o, &bo);
    eto_backend_report br;
    fwd f = {progress, user};
    st = eto_backend_tune(full_ops, nfull, t, cache, &bo, backend_progress, &f, &br, msg, cap);
    rep->backend_seed = br.seed;
    for (int j = 0; j < br.count && j < nfull; j++) {
      int i = full_node[j];
      rep->full_trials += br.ops[j].new_trials;
      if (row_of[i] < 0) continue;
      eto_drv_op *r = &rep->ops[row_of[i]];
      snprintf(r->method, sizeof r->method, "%s", br.ops[j].status == ETO_BACKEND_OP_TUNED ? "full" : "none");
      r->trials = br.ops[j].new_trials;
      r->seconds = br.ops[j].seconds;
      r->latency = br.ops[j].latency;
      r->gflops = br.ops[j].gflops;
      snprintf(r->recipe, sizeof r->recipe, "%s", br.ops[j].recipe);
      if (br.ops[j].status != ETO_BACKEND_OP_TUNED) snprintf(r->message, sizeof r->message, "%s", br.ops[j].message);
    }
    eto_backend_report_free(&br);
    if (st != ETO_OK || CANCELLED()) goto out;
  }
  /* 3. reuse tuning along the tree, parents first (topk plans: TopK from the representative) */
  for (int k = 0; k < p->norder; k++) {
    int i = p->order[k];
    const eto_sel_plan_node *n = &p->node[i];
    if (n->parent < 0 || need_full[i]) continue;
    if (CANCELLED()) goto out;
    const eto_sel_plan_node *par = &p->node[n->parent];
    eto_drv_op tmp = {0}, *r = row_of[i] >= 0 ? &rep->ops[row_of[i]] : &tmp;
    eto_drv_op src = {0};
    snprintf(src.key, sizeof src.key, "%s", par->key);
    src.flops = eto_op_flops(&par->op);
    const char *how = p->topk ? "topk" : "reuse";
    eto_program beta_best;
    if (!read_best(cache, t, &src, &beta_best, NULL)) {
      snprintf(r->message, sizeof r->message, "no program for its source %.200s", par->key);
      say(progress, user, "%s %s: %s", how, n->key, r->message);
      if (!p->topk && (st = full_search_fallback(n, t, cache, &o, progress, user, r, rep, msg, cap)) != ETO_OK)
        goto out;
      continue;
    }
    const eto_drv_policy *pol = eto_drv_policy_find(p->topk ? "topk" : o.reuse_policy ? o.reuse_policy : ETO_DRV_REUSE_DEFAULT);
    if (!pol) {
      snprintf(msg, (size_t)cap, "no search policy called %s", o.reuse_policy);
      st = ETO_ERR_INVALID;
      goto out;
    }
    eto_policy_args pa = {.op = &n->op, .source = &par->op, .source_best = &beta_best, .t = t, .cache = cache,
                          .seed = o.seed, .topk = ETO_SEL_TOPK_K};
    /* a reuse edge never spends more than a full search would */
    eto_backend_task task = {.op = n->op, .budget = o.full_trials > 0 ? o.full_trials : -1, .source = par->key};
    if (task.op.freq < 1) task.op.freq = 1;
    eto_backend_report br = {0};
    double a = eto_now();
    char why[256] = "";
    eto_status ts = pol->make(&pa, &task.policy, why, sizeof why);
    if (ts == ETO_OK) {
      eto_backend_opts bo;
      search_opts(&o, &bo);
      fwd f = {progress, user};
      ts = eto_backend_run(&task, 1, t, cache, &bo, NULL, backend_progress, &f, &br, msg, cap);
    } else if (ts != ETO_ERR_INVALID) {
      snprintf(msg, (size_t)cap, "%s policy for %s: %s", pol->name, n->key, why);
    }
    r->seconds = eto_now() - a;
    snprintf(r->source, sizeof r->source, "%s", par->key);
    if (ts == ETO_ERR_UNSUPPORTED || ts == ETO_ERR_IO || ts == ETO_ERR_NOMEM) {
      eto_backend_report_free(&br);
      st = ts;
      goto out;
    }
    const eto_backend_op_result *res = br.count == 1 ? &br.ops[0] : NULL;
    r->trials = res ? res->new_trials : 0;
    rep->reuse_trials += r->trials;
    if (res && res->status == ETO_BACKEND_OP_TUNED) {
      snprintf(r->method, sizeof r->method, "%s", how);
      r->latency = res->latency;
      r->gflops = res->gflops;
      snprintf(r->recipe, sizeof r->recipe, "%s", res->recipe);
      say(progress, user, "%s %s from %s (%s): %lld trials, %.2f GFLOP/s, %.1f s", how, n->key, par->key, pol->name,
          (long long)r->trials, res->gflops, r->seconds);
      eto_backend_report_free(&br);
    } else {
      snprintf(r->message, sizeof r->message, "%s",
               why[0] ? why : res && res->message[0] ? res->message
                      : p->topk                      ? "TopK found no program"
                                                     : "reuse tuning found no program");
      eto_backend_report_free(&br);
      if (CANCELLED()) goto out;
      say(progress, user, "%s %s from %s: %s", how, n->key, par->key, r->message);
      if (!p->topk && (st = full_search_fallback(n, t, cache, &o, progress, user, r, rep, msg, cap)) != ETO_OK)
        goto out;
    }
  }
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
  free(full_ops);
  free(full_node);
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
      fprintf(f, "%21s reused from %s (plan's estimate %.0f trials, measured %lld)\n", "", o->source, o->est_trials,
              (long long)o->trials);
    if (o->message[0]) fprintf(f, "%21s %s\n", "", o->message);
  }
  fprintf(f, "\ntotals: %lld trials measured (%lld full search, %lld reuse), %lld cached programs re-verified, %.1f s\n",
          (long long)r->trials, (long long)r->full_trials, (long long)r->reuse_trials, (long long)r->verify_runs, r->seconds);
  fprintf(f, "frequency-weighted latency of the list: %.4f ms%s\n", r->weighted_latency * 1e3,
          r->missing ? " (some operators have no program)" : "");
  if (r->interrupted)
    fprintf(f, "interrupted: what was measured is in the cache; the same command resumes\n");
  fprintf(f, "target: %s\n", r->target);
  fprintf(f, "protocol: %s\n", r->protocol);
  if (r->backend_seed) fprintf(f, "full-search seed: %llu\n", (unsigned long long)r->backend_seed);
}

eto_status eto_drv_report_write_json(const eto_drv_report *r, const char *path, char *msg, int cap) {
  cJSON *root = cJSON_CreateObject();
  cJSON_AddNumberToObject(root, "trials", (double)r->trials);
  cJSON_AddNumberToObject(root, "full_trials", (double)r->full_trials);
  cJSON_AddNumberToObject(root, "reuse_trials", (double)r->reuse_trials);
  cJSON_AddNumberToObject(root, "seconds", r->seconds);
  cJSON_AddNumberToObject(root, "weighted_latency_s", r->weighted_latency);
  cJSON_AddNumberToObject(root, "missing", r->missing);
  cJSON_AddStringToObject(root, "protocol", r->protocol);
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
    cJSON_AddNumberToObject(j, "estimated_trials", o->est_trials);
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
