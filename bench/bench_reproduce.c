/* bench_reproduce — the ETO experiment on this machine, every mode side by side in one invocation (issue
 * "Reproduce the ETO experiments"). For one operator list, on a fresh cache per mode:
 *   full        the full search of every operator (the Ansor baseline: task scheduler, N trials each)
 *   eto         ETO's plan and method: full search of the root operators, ETO's reuse rounds elsewhere, 1-hop
 *               bridges (the paper's method: --reuse eto)
 *   eto-nobr    the same plan without bridges
 *   seeded      etotune's default: the same plan, the reuse-seeded policy on the reuse edges (its estimates),
 *               each edge released from its parent's early best and restarted from its final one
 *   seeded-wait the same, each reuse edge waiting for its parent's whole search (--release-after 0)
 *   topk        Selective Tuning: clusters, full search of each representative, K = 3 direct reuse elsewhere
 *   diffuse     the full search of every operator, each round also offered the nearest operators' current best
 *               programs transplanted (eto_tuner_policy_diffuse; only when asked)
 * and reports per mode the trials, wall seconds, frequency-weighted latency, throughput normalized to the full
 * search, and the speed-ups against the full search's total time, its time-to-best (when its weighted latency
 * first reached its final value) and its time-to-same (when it first reached the mode's final value), and how
 * its weighted-latency curve compares with the full search's over time (the share of its seconds at or below it).
 *
 *   build/bench/bench_reproduce LIST [--trials N] [--modes full,eto,eto-nobr,topk,seeded,seeded-wait,diffuse] [--seed S] [--threads T]
 *                               [--min-repeat-ms MS] [--out DIR] [--keep] [--full-from DIR] [--trials-total N]
 *                               [--time-budget S] [--root-patience N] [--edge-patience N] [--patience-growth G] [--patience-floor F]
 *                               [--release-after N]
 *
 * Curves come from the caches themselves: every measured trial is stored with its time, so a mode's weighted
 * latency over time is replayed from its cache once the mode finished (whole seconds, as the cache stores).
 * Writes DIR/summary.json, DIR/curves.csv (mode, seconds, weighted latency), DIR/operators.csv (per operator
 * and mode: latency, normalized throughput) and, with gnuplot, DIR/curves.png and DIR/operators.png. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "backend.h"
#include "cache.h"
#include "driver.h"
#include "bench_util.h"
#include "cli_opt.h"
#include "selector.h"
#include "tuner.h"

enum { M_FULL, M_ETO, M_ETO_NOBR, M_TOPK, M_SEEDED, M_SEEDED_WAIT, M_DIFFUSE, M_COUNT };
static const char *mode_name[M_COUNT] = {"full", "eto", "eto-nobr", "topk", "seeded", "seeded-wait", "diffuse"};
static const char *mode_title[M_COUNT] = {"full search (Ansor)",          "ETO (1-hop bridges)",
                                          "ETO (no bridges)",             "TopK (Selective Tuning)",
                                          "reuse-seeded (1-hop bridges)", "reuse-seeded, edges wait for roots",
                                          "full search with diffusion"};
/* the reuse policy of each plan mode (the driver's registry) */
static const char *mode_reuse[M_COUNT] = {NULL, "eto", "eto", "topk", "seeded", "seeded", NULL};


typedef struct {
  double t;   /* seconds since the mode started */
  double wlat; /* weighted latency (seconds), once every list operator has a result */
} point;

typedef struct {
  int ran;
  double seconds;        /* wall time of the mode */
  long long trials;      /* trials stored in its cache (bridges and failures included) */
  long long failed;      /* of which not ok */
  double est_trials;     /* the plan's estimate (eto, topk) */
  int roots, reused;     /* plan nodes tuned by the full search / by reuse */
  int bridges;           /* bridges tuned */
  double wlat;           /* final weighted latency */
  int missing;           /* list operators without a program */
  double *lat;           /* per list operator: best latency (0 = none) */
  char (*method)[16];    /* per list operator: how its program was found */
  point *curve;
  int ncurve;
  double first_complete; /* seconds until every list operator had a result */
} mode_result;

typedef struct {
  const eto_op *ops;
  char (*keys)[512];
  int n;
  int64_t start; /* unix seconds when the mode started */
  /* events gathered from the cache: (time, op index, latency) */
  struct ev {
    int64_t time;
    int op;
    double lat;
  } *ev;
  int nev, cap;
  long long trials, failed;
  int cur_op;
} gather;

static int key_index_of(const gather *g, const char *key) {
  for (int i = 0; i < g->n; i++)
    if (strcmp(g->keys[i], key) == 0) return i;
  return -1;
}

static int on_trial(const eto_cache_trial *rec, void *user) {
  gather *g = user;
  g->trials++;
  if (rec->status != ETO_CACHE_TRIAL_OK) {
    g->failed++;
    return 0;
  }
  int i = g->cur_op;
  if (i < 0) return 0; /* a bridge: counted, not on the curve */
  if (g->nev == g->cap) {
    g->cap = g->cap ? 2 * g->cap : 1024;
    struct ev *e = realloc(g->ev, sizeof *e * (size_t)g->cap);
    if (!e) return 1;
    g->ev = e;
  }
  g->ev[g->nev].time = rec->time;
  g->ev[g->nev].op = i;
  g->ev[g->nev].lat = rec->latency_s;
  g->nev++;
  return 0;
}

typedef struct {
  char **keys;
  int n, cap;
} key_list;

static int on_best(const eto_cache_best *rec, void *user) {
  key_list *k = user;
  if (k->n == k->cap) {
    k->cap = k->cap ? 2 * k->cap : 64;
    char **v = realloc(k->keys, sizeof *v * (size_t)k->cap);
    if (!v) return 1;
    k->keys = v;
  }
  k->keys[k->n++] = strdup(rec->workload);
  return 0;
}

static int cmp_ev(const void *a, const void *b) {
  const struct ev *x = a, *y = b;
  return x->time < y->time ? -1 : x->time > y->time;
}

/* Replays the cache's trials into the weighted-latency curve and counts every trial of the target. */
static void replay(eto_cache *cache, const eto_target *t, const eto_op *ops, char (*keys)[512], int n, int64_t start,
                   mode_result *r) {
  gather g = {.ops = ops, .keys = keys, .n = n, .start = start};
  /* every workload with trials: list operators by key, bridges have a best record too */
  key_list kl = {0};
  eto_cache_foreach_best(cache, t->fingerprint, on_best, &kl);
  for (int i = 0; i < n; i++) { /* list operators without a best record still have trials */
    int seen = 0;
    for (int k = 0; k < kl.n && !seen; k++) seen = strcmp(kl.keys[k], keys[i]) == 0;
    if (!seen) on_best(&(eto_cache_best){.workload = keys[i]}, &kl);
  }
  for (int k = 0; k < kl.n; k++) {
    g.cur_op = key_index_of(&g, kl.keys[k]);
    eto_cache_foreach_trial(cache, t->fingerprint, kl.keys[k], on_trial, &g);
    free(kl.keys[k]);
  }
  free(kl.keys);
  r->trials = g.trials;
  r->failed = g.failed;
  qsort(g.ev, (size_t)g.nev, sizeof *g.ev, cmp_ev);
  double *best = calloc((size_t)n, sizeof(double));
  r->curve = calloc((size_t)g.nev + 1, sizeof(point));
  r->ncurve = 0;
  r->first_complete = -1;
  int have = 0;
  for (int e = 0; e < g.nev && best && r->curve; e++) {
    int i = g.ev[e].op;
    if (best[i] == 0) have++;
    if (best[i] == 0 || g.ev[e].lat < best[i]) best[i] = g.ev[e].lat;
    if (have < n) continue;
    if (e + 1 < g.nev && g.ev[e + 1].time == g.ev[e].time) continue; /* one point per second */
    double w = 0;
    for (int k = 0; k < n; k++) w += (double)(ops[k].freq > 0 ? ops[k].freq : 1) * best[k];
    double ts = (double)(g.ev[e].time - start);
    if (ts < 0) ts = 0;
    if (r->first_complete < 0) r->first_complete = ts;
    if (r->ncurve == 0 || w < r->curve[r->ncurve - 1].wlat) r->curve[r->ncurve++] = (point){ts, w};
  }
  free(best);
  free(g.ev);
}

/* Final per-operator latencies and methods from the best records. */
static void finals(eto_cache *cache, const eto_target *t, const eto_op *ops, char (*keys)[512], int n,
                   mode_result *r) {
  r->lat = calloc((size_t)n, sizeof(double));
  r->method = calloc((size_t)n, sizeof *r->method);
  r->wlat = 0;
  r->missing = 0;
  for (int i = 0; i < n; i++) {
    eto_cache_best b;
    if (eto_cache_get_best(cache, t->fingerprint, keys[i], &b) == ETO_CACHE_OK) {
      r->lat[i] = b.latency.median_s;
      snprintf(r->method[i], sizeof r->method[i], "%s", eto_cache_method_name(b.method));
      eto_cache_best_clear(&b);
      r->wlat += (double)(ops[i].freq > 0 ? ops[i].freq : 1) * r->lat[i];
    } else {
      snprintf(r->method[i], sizeof r->method[i], "none");
      r->missing++;
    }
  }
}

/* --full-from DIR: the full search of an earlier run on this host of the same list, budget and seed (its cache
 * DIR/db-full, kept with --keep; DIR/curves.csv; DIR/summary.json) instead of searching again: the per-operator
 * latencies and trial counts from the cache, the curve and the seconds as that run recorded them. */
static int load_full(const char *dir, const eto_target *t, const eto_op *ops, char (*keys)[512], int n,
                     mode_result *r) {
  char path[4200];
  snprintf(path, sizeof path, "%s/db-full", dir);
  eto_cache *cache = NULL;
  eto_cache_opts co = {.read_only = 1};
  if (eto_cache_open(path, &co, &cache) != ETO_CACHE_OK) {
    fprintf(stderr, "bench_reproduce: --full-from: cache %s: %s\n", path, eto_cache_errmsg(cache));
    eto_cache_close(cache);
    return -1;
  }
  replay(cache, t, ops, keys, n, 0, r); /* for the trial counts; the curve comes from curves.csv */
  finals(cache, t, ops, keys, n, r);
  eto_cache_close(cache);
  free(r->curve);
  r->curve = NULL;
  r->ncurve = 0;
  r->first_complete = -1;
  snprintf(path, sizeof path, "%s/summary.json", dir);
  char *js = bench_read_file(path);
  const char *m = js ? strstr(js, "\"full\": {") : NULL;
  const char *s = m ? strstr(m, "\"seconds\": ") : NULL;
  if (!s || sscanf(s + 11, "%lf", &r->seconds) != 1) {
    fprintf(stderr, "bench_reproduce: --full-from: no full-search seconds in %s\n", path);
    free(js);
    return -1;
  }
  free(js);
  snprintf(path, sizeof path, "%s/curves.csv", dir);
  FILE *f = fopen(path, "r");
  char line[256];
  int cap = 0;
  while (f && fgets(line, sizeof line, f)) {
    double ts, w;
    if (strncmp(line, "full,", 5) != 0 || sscanf(line + 5, "%lf,%lf", &ts, &w) != 2) continue;
    if (r->ncurve == cap) {
      cap = cap ? 2 * cap : 256;
      point *c = realloc(r->curve, sizeof *c * (size_t)cap);
      if (!c) break;
      r->curve = c;
    }
    r->curve[r->ncurve++] = (point){ts, w * 1e-3};
    if (r->first_complete < 0) r->first_complete = ts;
  }
  if (f) fclose(f);
  if (r->ncurve == 0) {
    fprintf(stderr, "bench_reproduce: --full-from: no full-search curve in %s\n", path);
    return -1;
  }
  r->roots = n;
  r->ran = 1;
  return 0;
}

static void line_out(void *user, const char *line) {
  fprintf(stderr, "  [%s] %s\n", (const char *)user, line);
}

static void backend_out(const eto_backend_progress *p, void *user) {
  if (p->event == ETO_BACKEND_EVENT_ROUND)
    fprintf(stderr, "  [%s] %.0f s: op %d %s round %d, %lld/%lld trials, best %.2f GFLOP/s | all %lld/%lld\n",
            (const char *)user, p->elapsed, p->task + 1, p->op && p->op->name[0] ? p->op->name : "", p->round,
            (long long)p->task_trials, (long long)p->task_budget, p->best_gflops, (long long)p->total_trials,
            (long long)p->total_budget);
  else if (p->event == ETO_BACKEND_EVENT_MESSAGE && p->message)
    fprintf(stderr, "  [%s] %s\n", (const char *)user, p->message);
}

typedef struct {
  int trials, threads;
  int build_jobs; /* candidates compiled at once (etotune tune --build-jobs), 0 = the target's default */
  int trials_total; /* plan modes: one budget for the whole list (etotune tune --trials-total), 0 = none */
  double time_budget; /* every mode but the full search: wall seconds for the mode (etotune tune --time-budget),
                         0 = none: a mode's early curve without running it whole */
  const char *scheduler; /* the task scheduler's strategy, every mode (etotune tune --scheduler) */
  int release_after;     /* the seeded mode's early release (etotune tune --release-after; seeded-wait: 0) */
  int root_patience;     /* the seeded modes' roots (etotune tune --root-patience; ETO's and TopK's roots spend
                            --trials, as in their papers) */
  int edge_patience;     /* the seeded policy's search patience (etotune tune --edge-patience; 0: its default) */
  double patience_growth; /* the seeded modes' patiences grow with what depends on an operator (etotune tune
                             --patience-growth) */
  double patience_floor;  /* and shrink for a light one (etotune tune --patience-floor) */
  uint64_t seed;
  double min_repeat_ms;
} run_opts;

static int run_mode(int m, const eto_op *ops, int n, const eto_target *t, const char *dbdir, const run_opts *ro,
                    char (*keys)[512], mode_result *r) {
  char msg[4096];
  eto_cache *cache = NULL;
  if (eto_cache_open(dbdir, NULL, &cache) != ETO_CACHE_OK) {
    fprintf(stderr, "bench_reproduce: cache %s: %s\n", dbdir, eto_cache_errmsg(cache));
    eto_cache_close(cache);
    return -1;
  }
  eto_measure_opts mo;
  eto_measure_opts_default(&mo);
  mo.min_repeat_seconds = ro->min_repeat_ms / 1e3;
  mo.threads = ro->threads;
  mo.build_jobs = ro->build_jobs;
  int64_t start = (int64_t)time(NULL);
  double t0 = eto_now();
  eto_status st = ETO_OK;
  eto_backend_opts bo;
  eto_backend_opts_default(&bo);
  bo.sched.strategy = (eto_backend_strategy)eto_backend_strategy_parse(ro->scheduler);
  bo.patience_growth = ro->patience_growth;
  bo.patience_floor = ro->patience_floor;
  if (m == M_FULL || m == M_DIFFUSE) {
    bo.trials_per_op = ro->trials;
    bo.seed = ro->seed;
    bo.measure = mo;
    bo.time_budget = m == M_FULL ? 0 : ro->time_budget;
    eto_backend_report br;
    if (m == M_FULL) {
      st = eto_backend_tune(ops, n, t, cache, &bo, backend_out, (void *)mode_name[m], &br, msg, sizeof msg);
    } else { /* every operator a task of the full search, each with the diffusion policy */
      eto_backend_task *tasks = calloc((size_t)n, sizeof *tasks);
      st = tasks ? ETO_OK : ETO_ERR_NOMEM;
      for (int i = 0; i < n && st == ETO_OK; i++) {
        tasks[i].op = ops[i];
        eto_policy_args pa = {.op = &ops[i], .t = t, .cache = cache, .seed = ro->seed};
        st = eto_tuner_policy_diffuse(&pa, &tasks[i].policy, msg, sizeof msg);
      }
      if (st == ETO_OK)
        st = eto_backend_run(tasks, n, t, cache, &bo, NULL, backend_out, (void *)mode_name[m], &br, msg, sizeof msg);
      else
        memset(&br, 0, sizeof br);
      for (int i = 0; tasks && i < n; i++) eto_policy_free(&tasks[i].policy);
      free(tasks);
    }
    r->roots = n;
    eto_backend_report_free(&br);
  } else {
    eto_sel_plan_opts po;
    memset(&po, 0, sizeof po);
    po.bridges = m == M_ETO_NOBR ? ETO_BRIDGES_NONE : ETO_BRIDGES_1HOP;
    po.full_budget = ro->trials;
    const eto_drv_policy *pol = eto_drv_policy_find(mode_reuse[m]);
    po.reuse_extra = pol ? pol->plan_extra : 0;
    eto_sel_plan *p = NULL;
    st = m == M_TOPK ? eto_sel_topk_plan_build(ops, n, t, cache, &po, &p, msg, sizeof msg)
                     : eto_sel_plan_build(ops, n, t, cache, &po, &p, msg, sizeof msg);
    if (st == ETO_OK) {
      r->est_trials = p->est_total;
      for (int i = 0; i < p->n; i++) {
        if (!p->node[i].in_plan) continue;
        if (p->node[i].parent < 0) r->roots++;
        else r->reused++;
        if (p->node[i].origin == ETO_PLAN_BRIDGE) r->bridges++;
      }
      eto_sel_plan_print_text(p, stderr);
      eto_drv_opts so;
      eto_drv_opts_default(&so);
      so.full_trials = ro->trials;
      so.measure = mo;
      so.seed = ro->seed;
      so.reuse_policy = mode_reuse[m];
      so.search = &bo;
      so.total_trials = ro->trials_total;
      so.time_budget = ro->time_budget;
      so.release_after = m == M_SEEDED_WAIT ? 0 : ro->release_after;
      so.root_patience = m == M_SEEDED || m == M_SEEDED_WAIT ? ro->root_patience : 0;
      so.edge_patience = ro->edge_patience;
      eto_drv_report rep;
      st = eto_drv_run(p, t, cache, &so, line_out, (void *)mode_name[m], &rep, msg, sizeof msg);
      eto_drv_report_free(&rep);
      eto_sel_plan_free(p);
    }
  }
  r->seconds = eto_now() - t0;
  r->ran = 1;
  if (st != ETO_OK) fprintf(stderr, "bench_reproduce: %s: %s\n", mode_name[m], msg);
  replay(cache, t, ops, keys, n, start, r);
  finals(cache, t, ops, keys, n, r);
  if (r->ncurve > 0) { /* the curve holds its last value until the mode ends */
    point last = r->curve[r->ncurve - 1];
    if (r->seconds > last.t) last.t = r->seconds;
    r->curve[r->ncurve++] = last;
  }
  eto_cache_close(cache);
  return st == ETO_OK ? 0 : -1;
}

/* Tolerance of curve comparisons: curves read back from curves.csv (--full-from) keep 6 decimals of ms, i.e. up to
 * CURVE_ABS seconds off the weighted latency computed from the cache (over 1e-7 of a 3 ms list: the full search's
 * own time-to-best read "never reached" in bench/out/lists_s58/mobilenetv2.md) */
#define CURVE_TOL 1e-7
#define CURVE_ABS 5e-10

/* 1 when weighted latency a is at or below b within the curves' tolerance. */
static int at_or_below(double a, double b) { return a <= b * (1 + CURVE_TOL) + CURVE_ABS; }

/* The curve's value at second t (INFINITY before its first point). */
static double curve_at(const mode_result *r, double t) {
  double v = INFINITY;
  for (int i = 0; i < r->ncurve && r->curve[i].t <= t; i++) v = r->curve[i].wlat;
  return v;
}

/* The share of the whole seconds 0..r's end at which r's curve is at or below F's (no value yet is above any
 * value; both without one is a tie). */
static double share_at_or_below(const mode_result *r, const mode_result *F) {
  int n = 0, ok = 0;
  for (double t = 0; t <= r->seconds; t += 1, n++) {
    double a = curve_at(r, t), b = curve_at(F, t);
    ok += at_or_below(a, b) || (isinf(a) && isinf(b));
  }
  return n ? (double)ok / n : 0;
}

/* First time the curve is at or below `target` (at_or_below); -1 when never. */
static double time_to(const mode_result *r, double target) {
  for (int i = 0; i < r->ncurve; i++)
    if (at_or_below(r->curve[i].wlat, target)) return r->curve[i].t;
  return -1;
}

/* The mode stopped at second t (what --time-budget t gives: the run is the same up to t) is worth the full
 * search's time to reach its weighted latency at t, divided by t: the largest such ratio over the mode's curve
 * points (t >= 1), with its t and latency; 0 when the full search never reaches any of them. */
static double best_stop(const mode_result *r, const mode_result *F, double *at, double *wlat) {
  double best = 0;
  *at = *wlat = 0;
  for (int i = 0; i < r->ncurve; i++) {
    double t = r->curve[i].t > 1 ? r->curve[i].t : 1, tf = time_to(F, r->curve[i].wlat);
    if (tf > 0 && tf / t > best) {
      best = tf / t;
      *at = t;
      *wlat = r->curve[i].wlat;
    }
  }
  return best;
}

static void usage(const char *a0) {
  fprintf(stderr,
          "usage: %s LIST [--trials N] [--modes full,eto,eto-nobr,topk,seeded,seeded-wait,diffuse] [--seed S] [--threads T]\n"
          "       [--min-repeat-ms MS] [--out DIR] [--keep] [--full-from DIR] [--trials-total N] [--scheduler S]\n"
          "       [--time-budget S] [--root-patience N] [--edge-patience N] [--patience-growth G] [--patience-floor F]\n"
          "       [--release-after N] [--target cpu|cuda] [--build-jobs N]\n"
          "Runs each mode on a fresh cache and prints trials, seconds, weighted latency, throughput normalized to\n"
          "the full search and speed-ups (total, time-to-best, time-to-same). --trials: full-search budget per\n"
          "operator (1000; e.g. 200 for a quick run). Output in DIR (default bench/out/<list name>).\n"
          "--full-from DIR: take the full search from an earlier run on this host with the same list, budget and seed\n"
          "(its db-full kept with --keep, its curves.csv and summary.json) instead of searching again.\n"
          "--trials-total N: the plan modes run with one budget of N new trials for the whole list (the full\n"
          "search keeps --trials per operator): e.g. the full search's own total, to compare at equal trials.\n"
          "--scheduler S: the task scheduler of every mode: per-second (default), gradient (Ansor's) or round-robin.\n"
          "--time-budget S: every mode but the full search stops after S seconds (its early curve, not its end).\n"
          "--root-patience N: the seeded modes' roots with reuse children end their search after N trials without a\n"
          "1%% gain (default %d; 0: --trials); ETO's and TopK's roots always spend --trials.\n"
          "--edge-patience N: the seeded policy's search ends after N trials without a 1%% gain (etotune tune\n"
          "--edge-patience; default 0: the policy's 32).\n"
          "--patience-growth G: the seeded modes' patiences grow with what depends on an operator, up to G times, in a second pass\n"
          "(etotune tune --patience-growth; default %g: fixed).\n"
          "--patience-floor F: and shrink, down to F times, for a light one (etotune tune --patience-floor;\n"
          "default %g).\n"
          "--release-after N: the seeded mode's early release (etotune tune --release-after; default %d).\n"
          "--target cuda: tune and measure on device 0 of this machine's NVIDIA driver (etotune tune --target cuda);\n"
          "--threads then means nothing; --build-jobs N: candidates compiled at once (default: the cores).\n",
          a0, ETO_DRV_ROOT_PATIENCE, ETO_BACKEND_PATIENCE_GROWTH, ETO_BACKEND_PATIENCE_FLOOR, ETO_DRV_RELEASE_AFTER);
}

/* --modes, for eto_cli_parse (user: the want[] array of the modes) */
static int modes_option(const char *prog, const char *name, const char *v, void *user, int *bad) {
  (void)prog;
  if (strcmp(name, "--modes") != 0) return 0;
  if (bench_pick("bench_reproduce", "mode", v, mode_name, M_COUNT, user) != 0) *bad = 1;
  return 1;
}

int main(int argc, char **argv) {
  eto_backend_sched_opts sched_default;
  eto_backend_sched_opts_default(&sched_default);
  run_opts ro = {.trials = 1000, .root_patience = ETO_DRV_ROOT_PATIENCE, .release_after = ETO_DRV_RELEASE_AFTER,
                 .patience_growth = ETO_BACKEND_PATIENCE_GROWTH,
                 .patience_floor = ETO_BACKEND_PATIENCE_FLOOR,
                 .threads = 0,
                 .seed = 1,
                 .min_repeat_ms = 100,
                 .scheduler = eto_backend_strategy_name(sched_default.strategy)};
  const char *list = NULL, *outdir = NULL, *full_from = NULL, *target = "cpu";
  int keep = 0, want[M_COUNT] = {1, 1, 1, 1, 1, 0, 0}; /* seeded-wait and diffuse only when asked */
  int help = 0;
  const eto_cli_def defs[] = {
      {"--help", ETO_CLI_FLAG, &help, 0, 0},
      {"--keep", ETO_CLI_FLAG, &keep, 0, 0},
      {"--trials", ETO_CLI_INT, &ro.trials, 1, ETO_CLI_MAX_TRIALS},
      {"--seed", ETO_CLI_U64, &ro.seed, 1, (double)UINT64_MAX},
      {"--threads", ETO_CLI_INT, &ro.threads, 0, eto_cli_opt_max_threads()},
      {"--min-repeat-ms", ETO_CLI_DOUBLE, &ro.min_repeat_ms, 0.1, ETO_CLI_MAX_MS},
      {"--out", ETO_CLI_STR, &outdir, 0, 0},
      {"--full-from", ETO_CLI_STR, &full_from, 0, 0},
      {"--trials-total", ETO_CLI_INT, &ro.trials_total, 0, ETO_CLI_MAX_TRIALS},
      {"--time-budget", ETO_CLI_DOUBLE, &ro.time_budget, 0, ETO_CLI_MAX_SECONDS},
      {"--scheduler", ETO_CLI_TEXT, &ro.scheduler, 0, 0},
      {"--root-patience", ETO_CLI_INT, &ro.root_patience, 0, ETO_CLI_MAX_TRIALS},
      {"--edge-patience", ETO_CLI_INT, &ro.edge_patience, 0, ETO_TUNER_SEEDED_MAX_TRIALS},
      {"--patience-growth", ETO_CLI_DOUBLE, &ro.patience_growth, 1, 64},
      {"--patience-floor", ETO_CLI_DOUBLE, &ro.patience_floor, 0.01, 1},
      {"--release-after", ETO_CLI_INT, &ro.release_after, 0, ETO_CLI_MAX_TRIALS},
      {"--target", ETO_CLI_TEXT, &target, 0, 0},
      {"--build-jobs", ETO_CLI_INT, &ro.build_jobs, 1, eto_cli_opt_max_threads()},
  };
  if (eto_cli_parse("bench_reproduce", "--help", argc, argv, defs, (int)(sizeof defs / sizeof defs[0]), modes_option,
                    want, &list) != 0) {
    usage(argv[0]);
    return 2;
  }
  if (help) {
    usage(argv[0]);
    return 0;
  }
  if (eto_backend_strategy_parse(ro.scheduler) < 0) {
    fprintf(stderr, "bench_reproduce: --scheduler takes per-second, gradient or round-robin\n");
    return 2;
  }
  int cuda = strcmp(target, "cuda") == 0;
  if (!cuda && strcmp(target, "cpu") != 0) {
    fprintf(stderr, "bench_reproduce: --target takes cpu or cuda\n");
    return 2;
  }
  if (!list || ro.trials < 1 || ro.seed == 0 || !want[M_FULL]) {
    if (list && !want[M_FULL]) fprintf(stderr, "bench_reproduce: the full search is the reference; keep it in --modes\n");
    usage(argv[0]);
    return 2;
  }
  char msg[4096];
  eto_oplist *l = NULL;
  if (eto_oplist_load(list, &l, msg, sizeof msg) != ETO_OK) {
    fprintf(stderr, "%s\n", msg);
    return 2;
  }
  int n = eto_oplist_count(l);
  eto_op *ops = calloc((size_t)(n ? n : 1), sizeof *ops);
  char(*keys)[512] = calloc((size_t)(n ? n : 1), sizeof *keys);
  if (!ops || !keys) return 1;
  for (int i = 0; i < n; i++) {
    ops[i] = *eto_oplist_get(l, i);
    eto_op_key(&ops[i], keys[i], sizeof keys[i]);
  }
  eto_oplist_free(l);
  char name[256], defout[512];
  const char *base = strrchr(list, '/');
  snprintf(name, sizeof name, "%s", base ? base + 1 : list);
  char *dot = strrchr(name, '.');
  if (dot) *dot = 0;
  snprintf(defout, sizeof defout, "bench/out/%s", name);
  if (!outdir) outdir = defout;
  if (bench_mkdir_p(outdir) != 0) {
    fprintf(stderr, "bench_reproduce: cannot create %s: %s\n", outdir, strerror(errno));
    return 1;
  }
  eto_target t; /* cuda: the device's own target, as etotune tune --target cuda keys its results (checked before any
                   work: without a GPU or NVRTC the run stops here and says why) */
  if (cuda && eto_measure_machine_target(ETO_TARGET_CUDA, 0, &t, msg, sizeof msg) != ETO_OK) {
    fprintf(stderr, "bench_reproduce: --target cuda: %s\n", msg);
    return 1;
  }
  if (!cuda) eto_target_cpu(ro.threads, &t);
  time_t wall = time(NULL);
  char date[64];
  strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime(&wall));
  fprintf(stderr, "bench_reproduce: %s, %d operators, %d trials per full search, seed %llu, target %s\n", list, n,
          ro.trials, (unsigned long long)ro.seed, t.description);

  mode_result res[M_COUNT];
  memset(res, 0, sizeof res);
  int rc = 0;
  if (full_from) {
    if (load_full(full_from, &t, ops, keys, n, &res[M_FULL]) != 0) return 1;
    fprintf(stderr, "bench_reproduce: mode full from %s: %lld trials, %.0f s, weighted latency %.4f ms\n", full_from,
            res[M_FULL].trials, res[M_FULL].seconds, res[M_FULL].wlat * 1e3);
  }
  for (int m = 0; m < M_COUNT; m++) {
    if (!want[m] || (m == M_FULL && full_from)) continue;
    char db[4200];
    snprintf(db, sizeof db, "%s/db-%s", outdir, mode_name[m]);
    bench_rm_rf(db); /* a fresh cache per mode */
    if (mkdir(db, 0755) != 0 && errno != EEXIST) {
      perror(db);
      return 1;
    }
    fprintf(stderr, "bench_reproduce: mode %s ...\n", mode_name[m]);
    if (run_mode(m, ops, n, &t, db, &ro, keys, &res[m]) != 0) rc = 1;
    fprintf(stderr, "bench_reproduce: mode %s: %lld trials, %.0f s, weighted latency %.4f ms\n", mode_name[m],
            res[m].trials, res[m].seconds, res[m].wlat * 1e3);
    if (!keep) bench_rm_rf(db);
  }

  /* ---- the table ---- */
  const mode_result *F = &res[M_FULL];
  double ttb = time_to(F, F->wlat);
  char eto_line[4096] = "";
  printf("# %s on %s\n\n", list, t.description);
  printf("date %s; %d operators; full-search budget %d trials per operator; seed %llu; min repeat %.0f ms", date, n,
         ro.trials, (unsigned long long)ro.seed, ro.min_repeat_ms);
  printf("; scheduler %s", ro.scheduler);
  if (ro.trials_total > 0) printf("; plan modes: one budget of %d trials for the list", ro.trials_total);
  printf("\n\n");
  printf("| mode | trials | seconds | weighted latency ms | throughput vs full | speed-up total | vs full time-to-best | "
         "vs full time-to-same | first complete s | at/below full's curve | plan est. trials | roots/reused/bridges | "
         "missing |\n");
  printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|\n");
  for (int m = 0; m < M_COUNT; m++) {
    const mode_result *r = &res[m];
    if (!r->ran) continue;
    double thr = r->wlat > 0 && r->missing == 0 ? F->wlat / r->wlat : 0;
    double tts = time_to(F, r->wlat);
    char s_ttb[32] = "-", s_tts[32] = "-", s_tot[32] = "-";
    if (r->seconds > 0) snprintf(s_tot, sizeof s_tot, "%.2fx", F->seconds / r->seconds);
    if (ttb >= 0 && r->seconds > 0) snprintf(s_ttb, sizeof s_ttb, "%.2fx", (ttb > 0 ? ttb : 1) / r->seconds);
    if (tts >= 0 && r->seconds > 0) snprintf(s_tts, sizeof s_tts, "%.2fx", (tts > 0 ? tts : 1) / r->seconds);
    else if (tts < 0) snprintf(s_tts, sizeof s_tts, "never reached");
    char est[32] = "-";
    if (m != M_FULL) snprintf(est, sizeof est, "%.0f", r->est_trials);
    printf("| %s | %lld | %.0f | %.4f | %.1f%% | %s | %s | %s | %.0f | %.0f%% | %s | %d/%d/%d | %d |\n",
           mode_title[m], r->trials, r->seconds, r->wlat * 1e3, 100 * thr, s_tot, s_ttb, s_tts, r->first_complete,
           100 * share_at_or_below(r, F), est, r->roots, r->reused, r->bridges, r->missing);
    if (m == M_ETO)
      snprintf(eto_line, sizeof eto_line,
               "ETO: %.1f%% of the full search's throughput, %.2fx faster than its total time, %.2fx than its "
               "time-to-best (%.0f s)",
               100 * thr, r->seconds > 0 ? F->seconds / r->seconds : 0, r->seconds > 0 ? ttb / r->seconds : 0, ttb);
  }
  printf("\nfull search: time-to-best %.0f s of %.0f s (weighted latency first at its final value; whole seconds)\n",
         ttb, F->seconds);
  for (int m = 0; m < M_COUNT; m++) {
    double at, wl, sp = m != M_FULL && res[m].ran ? best_stop(&res[m], F, &at, &wl) : 0;
    if (sp > 0)
      printf("%s stopped at %.0f s (--time-budget): weighted latency %.4f ms (%.1f%% of the full search's final "
             "throughput), which the full search first reaches at %.0f s: %.2fx less time\n",
             mode_title[m], at, wl * 1e3, 100 * F->wlat / wl, time_to(F, wl), sp);
  }
  if (eto_line[0]) printf("%s\n", eto_line);

  /* ---- files ---- */
  char path[4600];
  snprintf(path, sizeof path, "%s/curves.csv", outdir);
  FILE *f = fopen(path, "w");
  if (f) {
    fprintf(f, "mode,seconds,weighted_latency_ms\n");
    for (int m = 0; m < M_COUNT; m++)
      for (int i = 0; i < res[m].ncurve; i++)
        fprintf(f, "%s,%.0f,%.6f\n", mode_name[m], res[m].curve[i].t, res[m].curve[i].wlat * 1e3);
    fclose(f);
  }
  snprintf(path, sizeof path, "%s/operators.csv", outdir);
  f = fopen(path, "w");
  if (f) {
    fprintf(f, "index,name,key,freq");
    for (int m = 0; m < M_COUNT; m++)
      if (res[m].ran) fprintf(f, ",%s_latency_ms,%s_method,%s_normalized", mode_name[m], mode_name[m], mode_name[m]);
    fprintf(f, "\n");
    for (int i = 0; i < n; i++) {
      fprintf(f, "%d,%s,\"%s\",%lld", i + 1, ops[i].name[0] ? ops[i].name : "-", keys[i], (long long)ops[i].freq);
      for (int m = 0; m < M_COUNT; m++)
        if (res[m].ran)
          fprintf(f, ",%.6f,%s,%.4f", res[m].lat[i] * 1e3, res[m].method[i],
                  res[m].lat[i] > 0 && F->lat[i] > 0 ? F->lat[i] / res[m].lat[i] : 0);
      fprintf(f, "\n");
    }
    fclose(f);
  }
  snprintf(path, sizeof path, "%s/summary.json", outdir);
  f = fopen(path, "w");
  if (f) {
    fprintf(f, "{\n  \"list\": \"%s\",\n  \"date\": \"%s\",\n  \"target\": \"%s\",\n  \"operators\": %d,\n", list, date,
            t.description, n);
    fprintf(f, "  \"trials_total_plan_modes\": %d,\n  \"scheduler\": \"%s\",\n", ro.trials_total, ro.scheduler);
    fprintf(f, "  \"trials_per_full_search\": %d,\n  \"seed\": %llu,\n  \"min_repeat_ms\": %.1f,\n", ro.trials,
            (unsigned long long)ro.seed, ro.min_repeat_ms);
    fprintf(f, "  \"full_time_to_best_s\": %.0f,\n  \"modes\": {\n", ttb);
    int first = 1;
    for (int m = 0; m < M_COUNT; m++) {
      const mode_result *r = &res[m];
      if (!r->ran) continue;
      double tts = time_to(F, r->wlat);
      fprintf(f,
              "%s    \"%s\": {\"trials\": %lld, \"failed_trials\": %lld, \"seconds\": %.1f, \"weighted_latency_ms\": %.6f, "
              "\"throughput_vs_full\": %.4f, \"speedup_total\": %.3f, \"speedup_time_to_best\": %.3f, "
              "\"full_time_to_same_s\": %.0f, \"plan_estimated_trials\": %.0f, \"roots\": %d, \"reused\": %d, "
              "\"bridges\": %d, \"missing\": %d, \"first_complete_s\": %.0f, \"share_at_or_below_full\": %.4f}",
              first ? "" : ",\n", mode_name[m], r->trials, r->failed, r->seconds, r->wlat * 1e3,
              r->wlat > 0 && r->missing == 0 ? F->wlat / r->wlat : 0, r->seconds > 0 ? F->seconds / r->seconds : 0,
              r->seconds > 0 && ttb >= 0 ? ttb / r->seconds : 0, tts, r->est_trials, r->roots, r->reused, r->bridges,
              r->missing, r->first_complete, share_at_or_below(r, F));
      first = 0;
    }
    fprintf(f, "\n  }\n}\n");
    fclose(f);
  }
  /* ---- plots ---- */
  if (!bench_have_program("gnuplot")) {
    fprintf(stderr, "bench_reproduce: gnuplot not found, no PNG (apt-get install gnuplot-nox)\n");
  } else {
    snprintf(path, sizeof path, "%s/plot.gp", outdir);
    f = fopen(path, "w");
    if (f) {
      fprintf(f, "set datafile separator ','\nset terminal pngcairo size 900,560 noenhanced\n");
      /* gnuplot runs in outdir: the script names its files without it, and the list's name is quoted */
      fprintf(f, "set output 'curves.png'\nset title ");
      bench_gp_str(f, name);
      fprintf(f, ".': weighted latency vs tuning time (%d trials per full search)'\n", ro.trials);
      fprintf(f, "set xlabel 'elapsed seconds'\nset ylabel 'frequency-weighted latency (ms)'\nset logscale x\nset key top right\n");
      fprintf(f, "plot ");
      int first = 1;
      for (int m = 0; m < M_COUNT; m++) {
        if (!res[m].ran || res[m].ncurve == 0) continue;
        fprintf(f, "%s'curves.csv' using (strcol(1) eq '%s' ? ($2 > 0 ? $2 : 1) : NaN):(strcol(1) eq '%s' ? $3 : NaN) with steps lw 2 lc %d title '%s', '' using (strcol(1) eq '%s' ? ($2 > 0 ? $2 : 1) : NaN):(strcol(1) eq '%s' ? $3 : NaN) with points pt 7 ps 1.2 lc %d notitle",
                first ? "" : ", ", mode_name[m], mode_name[m], m + 1, mode_title[m], mode_name[m], mode_name[m], m + 1);
        first = 0;
      }
      fprintf(f, "\n");
      fprintf(f, "set output 'operators.png'\nunset logscale x\nset title ");
      bench_gp_str(f, name);
      fprintf(f, ".': per-operator throughput normalized to the full search'\n");
      fprintf(f, "set xlabel 'operator (list order)'\nset ylabel 'throughput / full search'\nset key outside bottom center horizontal\n");
      fprintf(f, "set yrange [0:*]\nset grid y\nplot 1 with lines lc 'black' dt 2 notitle");
      int col = 5;
      for (int m = 0; m < M_COUNT; m++) {
        if (!res[m].ran) continue;
        if (m != M_FULL)
          fprintf(f, ", 'operators.csv' every ::1 using 1:%d with linespoints pt 7 title '%s'", col + 2,
                  mode_title[m]);
        col += 3;
      }
      fprintf(f, "\n");
      fclose(f);
      char *gnuplot[] = {"gnuplot", "plot.gp", NULL};
      if (bench_run(gnuplot, outdir) != 0) fprintf(stderr, "bench_reproduce: gnuplot failed (script %s/plot.gp)\n", outdir);
    }
  }
  for (int m = 0; m < M_COUNT; m++) {
    free(res[m].lat);
    free(res[m].method);
    free(res[m].curve);
  }
  free(ops);
  free(keys);
  return rc;
}
