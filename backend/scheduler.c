/* scheduler.c — Ansor's gradient-based task scheduler (§6 of the Ansor paper, TaskScheduler in TVM).
 *
 * Objective: f = sum_i w_i · g_i, with g_i the best latency of task i (w_i its frequency), so ∂f/∂g_i = w_i.
 * After a round-robin warm-up (every task gets one round), the next task is the one whose estimated
 * ∂f/∂t_i is most negative:
 *   backward_i = (g_i(t−1) − g_i(t−1−w)) / w           (w = backward window; 0 while the history is short)
 *   forward_i  = min(g_i − g_i / t_i, β · flops_i / max_{j in group} (flops_j / g_j)) − g_i
 *   grad_i     = w_i · (α · backward_i + (1 − α) · forward_i)
 * t_i counts the task's rounds; "group" holds the tasks with the same similarity tag. With the relative objective
 * (sum_i w_i · log g_i, eto_backend_sched_opts.relative = 1) grad_i is divided by g_i; with relative = r in (0, 1)
 * (sum_i w_i · g_i^(1−r) / (1−r)) by g_i^r. When every gradient is equal (e.g. no task has a result yet) the choice
 * is random (seeded). A task that stays β times slower
 * than its group's best after 5 more rounds than any other member leaves the group (Ansor's
 * _adjust_similarity_group).
 *
 * The per-second strategy (the default) minimizes grad_i / s_i instead, s_i the median wall seconds of task i's
 * rounds so far (the median of every timed round of all tasks while task i has none; 1 before any; a median, so
 * that one round slowed by another process or a build timeout does not mark the task as slow for good): Ansor's
 * objective per second of tuning rather than per round, since a round of a large operator can take several
 * times one of a small one (candidates to build, reference and timed runs). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend_internal.h"

#define NO_COST 1e10 /* Ansor's initial "best cost" of a task without a result */

struct eto_backend_scheduler {
  int n;
  eto_backend_sched_opts o;
  double *weight, *flops, *best;
  int *group, *rounds, *active;
  double **secs; /* wall seconds of each timed round of the task */
  int *timed, *capsecs;
  double **hist; /* best cost after each round */
  int *nhist, *caphist;
  int rr_next; /* round-robin cursor */
  eto_rng rng;
};

void eto_backend_sched_opts_default(eto_backend_sched_opts *o) {
  memset(o, 0, sizeof *o);
  o->strategy = ETO_BACKEND_PER_SECOND;
  o->alpha = 0.2;
  o->beta = 2.0;
  o->backward_window = 3;
  o->seed = 1;
}

void eto_backend_scheduler_free(eto_backend_scheduler *s) {
  if (!s) return;
  for (int i = 0; s->hist && i < s->n; i++) free(s->hist[i]);
  free(s->hist);
  free(s->nhist);
  free(s->caphist);
  free(s->weight);
  free(s->flops);
  free(s->best);
  free(s->group);
  free(s->rounds);
  free(s->active);
  for (int i = 0; s->secs && i < s->n; i++) free(s->secs[i]);
  free(s->secs);
  free(s->timed);
  free(s->capsecs);
  free(s);
}

eto_status eto_backend_scheduler_create(int n, const double *weight, const double *flops, const int *group,
                                        const eto_backend_sched_opts *opts, eto_backend_scheduler **out) {
  *out = NULL;
  if (n < 1) return ETO_ERR_INVALID;
  eto_backend_scheduler *s = calloc(1, sizeof *s);
  if (!s) return ETO_ERR_NOMEM;
  s->n = n;
  if (opts)
    s->o = *opts;
  else
    eto_backend_sched_opts_default(&s->o);
  if (s->o.backward_window < 1) s->o.backward_window = 1;
  size_t nn = (size_t)n;
  s->weight = malloc(sizeof(double) * nn);
  s->flops = malloc(sizeof(double) * nn);
  s->best = malloc(sizeof(double) * nn);
  s->group = malloc(sizeof(int) * nn);
  s->rounds = calloc(nn, sizeof(int));
  s->active = malloc(sizeof(int) * nn);
  s->hist = calloc(nn, sizeof(double *));
  s->nhist = calloc(nn, sizeof(int));
  s->caphist = calloc(nn, sizeof(int));
  s->secs = calloc(nn, sizeof(double *));
  s->timed = calloc(nn, sizeof(int));
  s->capsecs = calloc(nn, sizeof(int));
  if (!s->weight || !s->flops || !s->best || !s->group || !s->rounds || !s->active || !s->hist || !s->nhist ||
      !s->caphist || !s->secs || !s->timed || !s->capsecs) {
    eto_backend_scheduler_free(s);
    return ETO_ERR_NOMEM;
  }
  for (int i = 0; i < n; i++) {
    s->weight[i] = weight ? weight[i] : 1.0;
    s->flops[i] = flops ? flops[i] : 1.0;
    s->group[i] = group ? group[i] : -1;
    s->best[i] = NO_COST;
    s->active[i] = 1;
  }
  eto_rng_seed(&s->rng, s->o.seed);
  *out = s;
  return ETO_OK;
}

static double as_cost(double c) { return c > 0 && isfinite(c) && c < NO_COST ? c : NO_COST; }

static void push_hist(eto_backend_scheduler *s, int i, double c) {
  if (s->nhist[i] == s->caphist[i]) {
    int cap = s->caphist[i] ? 2 * s->caphist[i] : 16;
    double *h = realloc(s->hist[i], sizeof(double) * (size_t)cap);
    if (!h) return; /* the history only shapes the backward gradient; losing a point is harmless */
    s->hist[i] = h;
    s->caphist[i] = cap;
  }
  s->hist[i][s->nhist[i]++] = c;
}

void eto_backend_scheduler_restore(eto_backend_scheduler *s, int task, int rounds, double best_cost) {
  if (task < 0 || task >= s->n) return;
  s->rounds[task] = rounds > 0 ? rounds : 0;
  s->best[task] = as_cost(best_cost);
  /* Ansor restores one history point: the backward gradient needs new rounds before it speaks */
  s->nhist[task] = 0;
  if (rounds > 0) push_hist(s, task, s->best[task]);
}

int eto_backend_scheduler_rounds(const eto_backend_scheduler *s, int task) {
  return task >= 0 && task < s->n ? s->rounds[task] : 0;
}

int eto_backend_scheduler_active(const eto_backend_scheduler *s, int task) {
  return task >= 0 && task < s->n ? s->active[task] : 0;
}

void eto_backend_scheduler_finish(eto_backend_scheduler *s, int task) {
  if (task >= 0 && task < s->n) s->active[task] = 0;
}

void eto_backend_scheduler_activate(eto_backend_scheduler *s, int task) {
  if (task >= 0 && task < s->n) s->active[task] = 1;
}

/* max over the task's group of flops / best cost, or 0 when the task has no group of two or more */
static double group_best_flops(const eto_backend_scheduler *s, int i) {
  if (s->group[i] < 0) return 0;
  int members = 0;
  double best = 0;
  for (int j = 0; j < s->n; j++) {
    if (s->group[j] != s->group[i]) continue;
    members++;
    double f = s->flops[j] / s->best[j];
    if (f > best) best = f;
  }
  return members > 1 ? best : 0;
}

double eto_backend_scheduler_gradient(const eto_backend_scheduler *s, int i) {
  if (i < 0 || i >= s->n || !s->active[i]) return 0;
  int t = s->rounds[i];
  int w = s->o.backward_window;
  double backward = 0;
  /* Ansor indexes the history by the round count; with a restored task the history is shorter than the
   * rounds and the backward gradient stays 0, as in Ansor */
  if (t - 1 < s->nhist[i] && t - 1 - w >= 0) backward = (s->hist[i][t - 1] - s->hist[i][t - 1 - w]) / w;
  double g = s->best[i];
  double next1 = t > 0 ? g - g / t : g;
  double next2 = s->o.beta * 1e30;
  double gbest = group_best_flops(s, i);
  if (gbest > 0) next2 = s->o.beta * s->flops[i] / gbest;
  double forward = (next1 < next2 ? next1 : next2) - g;
  double grad = s->weight[i] * (s->o.alpha * backward + (1 - s->o.alpha) * forward);
  return s->o.relative ? grad / pow(g, s->o.relative) : grad;
}

void eto_backend_scheduler_spent(eto_backend_scheduler *s, int task, double seconds) {
  if (task < 0 || task >= s->n || !(seconds > 0) || !isfinite(seconds)) return;
  if (s->timed[task] == s->capsecs[task]) {
    int cap = s->capsecs[task] ? 2 * s->capsecs[task] : 16;
    double *h = realloc(s->secs[task], sizeof(double) * (size_t)cap);
    if (!h) return; /* a round less in the median: harmless */
    s->secs[task] = h;
    s->capsecs[task] = cap;
  }
  s->secs[task][s->timed[task]++] = seconds;
}

void eto_backend_scheduler_set_weight(eto_backend_scheduler *s, int task, double weight) {
  if (task >= 0 && task < s->n && weight > 0 && isfinite(weight)) s->weight[task] = weight;
}

int eto_backend_name_index(const char *const *names, int n, const char *name) {
  for (int k = 0; name && k < n; k++)
    if (strcmp(name, names[k]) == 0) return k;
  return -1;
}

static const char *const strategy_names[] = {"gradient", "round-robin", "per-second"};

const char *eto_backend_strategy_name(eto_backend_strategy st) {
  return (int)st >= 0 && (int)st < 3 ? strategy_names[st] : "?";
}

int eto_backend_strategy_parse(const char *name) { return eto_backend_name_index(strategy_names, 3, name); }

static const char *const weights_names[] = {"own", "tree", "roots"};

const char *eto_backend_weights_name(eto_backend_weights w) {
  return (int)w >= 0 && (int)w < 3 ? weights_names[w] : "?";
}

int eto_backend_weights_parse(const char *name) { return eto_backend_name_index(weights_names, 3, name); }

static const char *const objective_names[] = {"latency", "balanced", "relative"};

const char *eto_backend_objective_name(double relative) {
  static _Thread_local char other[32];
  for (int k = 0; k < 3; k++)
    if (relative == 0.5 * k) return objective_names[k];
  snprintf(other, sizeof other, "r=%g", relative);
  return other;
}

double eto_backend_objective_parse(const char *name) {
  int k = eto_backend_name_index(objective_names, 3, name);
  return k < 0 ? -1 : 0.5 * k;
}

/* the seconds a round of task i is expected to take: the median of its timed rounds, else of every task's, else 1
 * (the arrays are sorted in place: their order means nothing) */
static double round_seconds(const eto_backend_scheduler *s, int i) {
  if (s->timed[i] > 0) return eto_median(s->secs[i], s->timed[i]);
  int k = 0;
  for (int j = 0; j < s->n; j++) k += s->timed[j];
  if (k == 0) return 1;
  double *all = malloc(sizeof(double) * (size_t)k);
  if (!all) return 1;
  k = 0;
  for (int j = 0; j < s->n; j++)
    for (int r = 0; r < s->timed[j]; r++) all[k++] = s->secs[j][r];
  double m = eto_median(all, k);
  free(all);
  return m;
}

double eto_backend_scheduler_score(const eto_backend_scheduler *s, int i) {
  double g = eto_backend_scheduler_gradient(s, i);
  return s->o.strategy == ETO_BACKEND_PER_SECOND && g != 0 ? g / round_seconds(s, i) : g;
}

int eto_backend_scheduler_next(eto_backend_scheduler *s) {
  int any = 0;
  for (int i = 0; i < s->n; i++) {
    if (!s->active[i]) continue;
    any = 1;
    if (s->rounds[i] == 0) return i; /* warm-up: every task once, in order */
  }
  if (!any) return -1;
  if (s->o.strategy == ETO_BACKEND_ROUND_ROBIN) {
    for (int k = 0; k < s->n; k++) {
      int i = (s->rr_next + k) % s->n;
      if (s->active[i]) {
        s->rr_next = (i + 1) % s->n;
        return i;
      }
    }
    return -1;
  }
  /* Ansor computes a gradient for every task (0 for dead ones) and takes the argmin; when all are equal it
   * picks at random among all tasks. We pick at random among the selectable ones. */
  double lo = INFINITY, hi = -INFINITY;
  int arg = -1;
  for (int i = 0; i < s->n; i++) {
    double g = s->active[i] ? eto_backend_scheduler_score(s, i) : 0;
    if (g < lo) {
      lo = g;
      if (s->active[i]) arg = i;
    }
    if (g > hi) hi = g;
  }
  if (lo == hi || arg < 0) {
    int k = (int)eto_rng_below(&s->rng, 0x7fffffff), nact = 0;
    for (int i = 0; i < s->n; i++) nact += s->active[i];
    k %= nact;
    for (int i = 0; i < s->n; i++)
      if (s->active[i] && k-- == 0) return i;
  }
  return arg;
}

void eto_backend_scheduler_update(eto_backend_scheduler *s, int task, int measured, double best_cost) {
  if (task < 0 || task >= s->n) return;
  double c = as_cost(best_cost);
  if (c < s->best[task]) s->best[task] = c;
  if (measured <= 0) s->active[task] = 0;
  s->rounds[task]++;
  push_hist(s, task, s->best[task]);

  /* leave the group when persistently far behind its best member */
  int g = s->group[task];
  if (g < 0) return;
  int members = 0, most_other = 0;
  double best_group = 0;
  for (int j = 0; j < s->n; j++) {
    if (s->group[j] != g) continue;
    members++;
    double f = s->flops[j] / s->best[j];
    if (f > best_group) best_group = f;
    if (j != task && s->rounds[j] > most_other) most_other = s->rounds[j];
  }
  if (members <= 1) return;
  double cur = s->flops[task] / s->best[task];
  if (cur < best_group / s->o.beta && s->rounds[task] > 5 + most_other) s->group[task] = -1;
}
