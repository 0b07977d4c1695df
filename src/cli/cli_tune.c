/* cli_tune.c — `etotune tune LIST [--mode eto|full|topk] ...`: tunes every operator of a list (ETO's plan,
 * the backend's full search of every operator, or the Selective Tuning baseline's plan), storing every trial
 * and the best programs in the cache, then prints the report (and writes it as JSON with --report).
 * Progress goes to stderr: one rewritten status line on a terminal, one plain line per round otherwise (mode
 * full), one line per event (the planned modes). Ctrl-C stops mode full after the candidate being measured;
 * what was measured is in the cache and the same command resumes. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "backend.h"
#include "cache.h"
#include "cli.h"
#include "cli_opt.h"
#include "driver.h"
#include "selector.h"
#include "tuner.h"

typedef struct {
  const char *list, *mode, *report, *db, *reuse;
  eto_sel_plan_opts plan;
  int trials, threads, build_jobs, per_round, qwalk, transfer, cuda, imperfect;
  const char *family; /* "all" or "representatives" */
  const char *scheduler; /* the task scheduler's strategy (eto_backend_strategy_parse); NULL: the backend's default */
  const char *objective; /* latency (default), balanced or relative (eto_backend_objective_parse) */
  const char *weights;   /* --weights own|tree|roots: eto_backend_sched_opts.weights */
  int64_t trials_total;
  int release_after;
  int root_patience;
  int edge_patience; /* --edge-patience: eto_drv_opts.edge_patience (0: the seeded policy's default) */
  double patience_growth; /* --patience-growth: eto_backend_opts.patience_growth */
  double patience_floor;  /* --patience-floor: eto_backend_opts.patience_floor */
  const char *refresh;    /* --refresh offer|settled|each|early: eto_backend_opts.refresh */
  int refine; /* --refine: search the list's cached operators further (eto_drv_opts.refine) */
  int no_reseed; /* --no-reseed: eto_drv_opts.no_reseed */
  int small_trials;  /* --small-trials: small values of each linear family searched further (small_groups) */
  double small_time; /* --small-time: at most this many seconds each */
  double time_budget, min_repeat_ms, screen_ms, quick_ms;
  uint64_t seed;
  int have_seed;
  eto_cli_limits limits;
} tune_args;

static volatile int tune_cancel;

static void on_signal(int sig) {
  tune_cancel = 1;
  signal(sig, SIG_DFL); /* a second Ctrl-C ends the program at once */
}

int eto_cli_plan_option(const char *prog, const char *name, const char *value, eto_sel_plan_opts *plan, int *bad) {
  if (strcmp(name, "--bridges") == 0) {
    if (strcmp(value, "none") == 0) plan->bridges = ETO_BRIDGES_NONE;
    else if (strcmp(value, "1hop") == 0) plan->bridges = ETO_BRIDGES_1HOP;
    else if (strcmp(value, "all") == 0) plan->bridges = ETO_BRIDGES_ALL;
    else if ((*bad = 1)) fprintf(stderr, "%s: --bridges takes none, 1hop or all\n", prog);
  } else if (strcmp(name, "--solver") == 0) {
    if ((*bad = eto_sel_solver_from_name(value, &plan->solve.solver) != 0))
      fprintf(stderr, "%s: --solver takes auto, arborescence, subsets, greedy or ilp\n", prog);
  } else if (strcmp(name, "--max-sources") == 0) {
    *bad = eto_cli_opt_int(prog, name, value, 1, ETO_SEL_MAX_SOURCES, &plan->max_sources) != 0;
  } else {
    return 0;
  }
  return 1;
}

int eto_cli_reuse_option(const char *prog, const char *v, const char **out) {
  if (eto_drv_policy_find(v)) {
    *out = v;
    return 0;
  }
  fprintf(stderr, "%s: --reuse takes", prog);
  for (int k = 0; eto_drv_policy_at(k); k++) fprintf(stderr, "%s %s", k ? "," : "", eto_drv_policy_at(k)->name);
  fprintf(stderr, " (got %s)\n", v);
  return -1;
}

double eto_cli_reuse_extra(const char *name) {
  const eto_drv_policy *p = eto_drv_policy_find(name ? name : ETO_DRV_REUSE_DEFAULT);
  return p ? p->plan_extra : 0;
}

void eto_cli_fit_reuse(const char *prog, struct eto_cache *cache, const eto_target *t, const char *name,
                       eto_sel_plan_opts *plan) {
  const char *policy = name ? name : ETO_DRV_REUSE_DEFAULT;
  eto_sel_fit f;
  if (eto_sel_fit_reuse(cache, t, policy, plan->reuse_extra, plan->seed, &f) != ETO_OK) return;
  plan->reuse_scale = f.scale;
  if (f.fitted)
    fprintf(stderr,
            "%s: reuse-edge estimates x%.2f, fitted to the cache's history: %d %s edges measured %.0f trials where "
            "the plan estimated %.0f (median ratio)\n",
            prog, f.scale, f.edges, policy, f.measured, f.estimated);
}

/* tune's options that are not a plain value: the limits, the plan's (--bridges, --solver, --max-sources), --reuse,
 * --target */
static int tune_extra(const char *p, const char *s, const char *v, void *user, int *bad) {
  tune_args *a = user;
  if (eto_cli_limits_arg(p, s, v, &a->limits, bad) || eto_cli_plan_option(p, s, v, &a->plan, bad)) return 1;
  if (strcmp(s, "--reuse") == 0) {
    *bad = eto_cli_reuse_option(p, v, &a->reuse) != 0;
  } else if (strcmp(s, "--target") == 0) {
    a->cuda = strcmp(v, "cuda") == 0;
    if ((*bad = !a->cuda && strcmp(v, "cpu") != 0)) fprintf(stderr, "etotune tune: --target takes cpu or cuda\n");
  } else {
    return 0;
  }
  return 1;
}

static int parse_args(int argc, char **argv, tune_args *a) {
  memset(a, 0, sizeof *a);
  a->mode = "eto";
  a->plan.bridges = ETO_BRIDGES_1HOP;
  a->trials = 1000;
  a->min_repeat_ms = 100;
  a->screen_ms = 20;
  a->quick_ms = 8;
  a->family = "all";
  a->per_round = 64;
  a->release_after = ETO_DRV_RELEASE_AFTER;
  a->root_patience = ETO_DRV_ROOT_PATIENCE;
  a->patience_growth = ETO_BACKEND_PATIENCE_GROWTH;
  a->patience_floor = ETO_BACKEND_PATIENCE_FLOOR;
  a->small_time = 90;
  eto_cli_limits_default(&a->limits);
  a->limits.has_build_jobs = 1;
  int no_transfer = 0, trials_total = 0;
  const eto_cli_def defs[] = {
      {"--qwalk", ETO_CLI_FLAG, &a->qwalk, 0, 0},
      {"--imperfect", ETO_CLI_FLAG, &a->imperfect, 0, 0},
      {"--refine", ETO_CLI_FLAG, &a->refine, 0, 0},
      {"--no-reseed", ETO_CLI_FLAG, &a->no_reseed, 0, 0},
      {"--no-transfer", ETO_CLI_FLAG, &no_transfer, 0, 0},
      {"--mode", ETO_CLI_TEXT, &a->mode, 0, 0},
      {"--report", ETO_CLI_STR, &a->report, 0, 0},
      {"--db", ETO_CLI_STR, &a->db, 0, 0},
      {"--trials", ETO_CLI_INT, &a->trials, 1, ETO_CLI_MAX_TRIALS},
      {"--trials-total", ETO_CLI_INT, &trials_total, 1, ETO_CLI_MAX_TRIALS},
      {"--time-budget", ETO_CLI_DOUBLE, &a->time_budget, 0, ETO_CLI_MAX_SECONDS},
      /* from 1: the backend reads seed 0 as "from the clock", which would not reproduce */
      {"--seed", ETO_CLI_U64, &a->seed, 1, (double)UINT64_MAX},
      {"--threads", ETO_CLI_INT, &a->threads, 1, eto_cli_opt_max_threads()},
      {"--build-jobs", ETO_CLI_INT, &a->build_jobs, 1, eto_cli_opt_max_threads()},
      {"--min-repeat-ms", ETO_CLI_DOUBLE, &a->min_repeat_ms, 0.1, ETO_CLI_MAX_MS},
      {"--screen-ms", ETO_CLI_DOUBLE, &a->screen_ms, 0, ETO_CLI_MAX_MS},
      {"--quick-ms", ETO_CLI_DOUBLE, &a->quick_ms, 0, ETO_CLI_MAX_MS},
      {"--family", ETO_CLI_TEXT, &a->family, 0, 0},
      {"--scheduler", ETO_CLI_TEXT, &a->scheduler, 0, 0},
      {"--objective", ETO_CLI_TEXT, &a->objective, 0, 0},
      {"--weights", ETO_CLI_TEXT, &a->weights, 0, 0},
      {"--measures-per-round", ETO_CLI_INT, &a->per_round, 1, ETO_CLI_MAX_PROGRAMS},
      {"--release-after", ETO_CLI_INT, &a->release_after, 0, ETO_CLI_MAX_TRIALS},
      {"--root-patience", ETO_CLI_INT, &a->root_patience, 0, ETO_CLI_MAX_TRIALS},
      {"--edge-patience", ETO_CLI_INT, &a->edge_patience, 0, ETO_TUNER_SEEDED_MAX_TRIALS},
      {"--patience-growth", ETO_CLI_DOUBLE, &a->patience_growth, 1, 64},
      {"--patience-floor", ETO_CLI_DOUBLE, &a->patience_floor, 0.01, 1},
      {"--refresh", ETO_CLI_TEXT, &a->refresh, 0, 0},
      {"--small-trials", ETO_CLI_INT, &a->small_trials, 0, ETO_CLI_MAX_TRIALS},
      {"--small-time", ETO_CLI_DOUBLE, &a->small_time, 1, ETO_CLI_MAX_SECONDS},
  };
  if (eto_cli_parse("etotune tune", "etotune help tune", argc, argv, defs, (int)(sizeof defs / sizeof defs[0]),
                    tune_extra, a, &a->list) != 0)
    return -1;
  a->transfer = !no_transfer;
  a->trials_total = trials_total;
  a->have_seed = a->seed != 0;
  if (!a->list) {
    fprintf(stderr, "etotune tune: missing LIST (see etotune help tune)\n");
    return -1;
  }
  if (strcmp(a->family, "all") != 0 && strcmp(a->family, "representatives") != 0) {
    fprintf(stderr, "etotune tune: --family takes all (default) or representatives\n");
    return -1;
  }
  if (a->refresh && eto_backend_refresh_parse(a->refresh) < 0) {
    fprintf(stderr, "etotune tune: --refresh takes offer (default), settled, each or early\n");
    return -1;
  }
  if (a->scheduler && eto_backend_strategy_parse(a->scheduler) < 0) {
    fprintf(stderr, "etotune tune: --scheduler takes per-second (default), gradient or round-robin\n");
    return -1;
  }
  if (a->weights && eto_backend_weights_parse(a->weights) < 0) {
    fprintf(stderr, "etotune tune: --weights takes own (default), tree or roots\n");
    return -1;
  }
  if (a->objective && eto_backend_objective_parse(a->objective) < 0) {
    fprintf(stderr, "etotune tune: --objective takes latency (default), balanced or relative\n");
    return -1;
  }
  if (strcmp(a->mode, "full") != 0 && strcmp(a->mode, "eto") != 0 && strcmp(a->mode, "topk") != 0) {
    fprintf(stderr, "etotune tune: --mode takes eto (default), full or topk\n");
    return -1;
  }
  if (a->small_trials > 0 && (strcmp(a->family, "representatives") != 0 || strcmp(a->mode, "eto") != 0)) {
    fprintf(stderr, "etotune tune: --small-trials is for --family representatives with the ETO plan (--mode eto)\n");
    return -1;
  }
  if (a->refine && strcmp(a->mode, "eto") != 0) {
    fprintf(stderr, "etotune tune: --refine is for the ETO plan (--mode eto); --mode full resumes cached searches to "
                    "--trials already\n");
    return -1;
  }
  return 0;
}

/* ---- progress ---- */

typedef struct {
  int tty;
  int line_open; /* a status line is on the terminal */
  int nops;
} progress_state;

static void clock_text(double s, char *buf, size_t cap) {
  if (s < 0) {
    snprintf(buf, cap, "?");
    return;
  }
  long t = (long)(s + 0.5);
  if (t >= 3600)
    snprintf(buf, cap, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
  else
    snprintf(buf, cap, "%ld:%02ld", t / 60, t % 60);
}

static void op_label(const eto_backend_progress *p, char *buf, size_t cap) {
  if (p->op && p->op->name[0])
    snprintf(buf, cap, "%s", p->op->name);
  else
    snprintf(buf, cap, "%.60s", p->workload ? p->workload : "?");
}

static void on_progress(const eto_backend_progress *p, void *user) {
  progress_state *s = user;
  char label[96], el[32], left[32];
  if (p->event == ETO_BACKEND_EVENT_MESSAGE) {
    if (s->line_open) fputs("\r\033[K", stderr);
    s->line_open = 0;
    fprintf(stderr, "etotune tune: %s\n", p->message);
    return;
  }
  if (p->event == ETO_BACKEND_EVENT_DONE) {
    if (s->line_open) fputs("\r\033[K", stderr);
    s->line_open = 0;
    return;
  }
  if (p->event != ETO_BACKEND_EVENT_ROUND) return;
  op_label(p, label, sizeof label);
  clock_text(p->elapsed, el, sizeof el);
  clock_text(p->remaining, left, sizeof left);
  char line[320];
  snprintf(
      line, sizeof line,
      "[%s] op %d/%d %s: round %d, %lld/%lld trials, best %.2f GFLOP/s | all: %lld/%lld trials, ~%s left", el,
      p->task + 1, s->nops, label, p->round, (long long)p->task_trials, (long long)p->task_budget,
      p->best_gflops, (long long)p->total_trials, (long long)p->total_budget, left);
  if (s->tty) {
    fprintf(stderr, "\r\033[K%s", line);
    s->line_open = 1;
  } else {
    fprintf(stderr, "%s\n", line);
  }
  fflush(stderr);
}

/* ---- modes eto and topk: plan (ETO's tree, or Selective Tuning's clusters), then run the plan ---- */

static void eto_line(void *user, const char *line) {
  (void)user;
  fprintf(stderr, "etotune: %s\n", line);
}

static int run_eto(tune_args *a, const eto_op *ops, int n, const eto_target *t, eto_cache *cache,
                   const eto_backend_opts *bo, char *msg, int cap) {
  a->plan.full_budget = a->trials;
  a->plan.reuse_extra = eto_cli_reuse_extra(a->reuse);
  if (strcmp(a->mode, "eto") == 0) eto_cli_fit_reuse("etotune", cache, t, a->reuse, &a->plan);
  eto_sel_plan *p = NULL;
  eto_status bst = strcmp(a->mode, "topk") == 0 ? eto_sel_topk_plan_build(ops, n, t, cache, &a->plan, &p, msg, cap)
                                                 : eto_sel_plan_build(ops, n, t, cache, &a->plan, &p, msg, cap);
  if (bst != ETO_OK) {
    fprintf(stderr, "etotune tune: plan: %s\n", msg);
    return ETO_EXIT_FAIL;
  }
  eto_sel_plan_print_text(p, stderr);
  eto_drv_opts ro;
  eto_drv_opts_default(&ro);
  ro.full_trials = a->trials;
  ro.search = bo;
  ro.measure = bo->measure;
  ro.seed = bo->seed;
  ro.time_budget = bo->time_budget;
  ro.total_trials = bo->total_trials;
  ro.cancel = &tune_cancel;
  ro.reuse_policy = a->reuse;
  ro.release_after = a->release_after;
  ro.root_patience = a->root_patience;
  ro.edge_patience = a->edge_patience;
  ro.refine = a->refine;
  ro.no_reseed = a->no_reseed;
  tune_cancel = 0;
  void (*old_int)(int) = signal(SIGINT, on_signal);
  void (*old_term)(int) = signal(SIGTERM, on_signal);
  eto_drv_report rep;
  eto_status st = eto_drv_run(p, t, cache, &ro, eto_line, NULL, &rep, msg, cap);
  signal(SIGINT, old_int);
  signal(SIGTERM, old_term);
  int rc = ETO_EXIT_OK;
  if (st != ETO_OK) {
    fprintf(stderr, "etotune tune: %s\n", msg);
    rc = ETO_EXIT_FAIL;
  }
  printf("target: %s\nplan: %.0f estimated trials (full search of every uncached operator: %.0f)\n", t->description,
         p->est_total, p->full_total);
  eto_drv_report_print(&rep, stdout);
  if (a->report && eto_drv_report_write_json(&rep, a->report, msg, cap) != ETO_OK) {
    fprintf(stderr, "etotune tune: report: %s\n", msg);
    rc = ETO_EXIT_FAIL;
  }
  if (rep.missing) rc = ETO_EXIT_FAIL;
  if (rep.interrupted) {
    fprintf(stderr,
            "etotune tune: interrupted; what was measured is in the cache, run the same command to resume\n");
    rc = ETO_EXIT_FAIL;
  }
  eto_drv_report_free(&rep);
  eto_sel_plan_free(p);
  return rc;
}

/* --family representatives: drops the members of every family (a `let` line, op.h) whose value is not a
 * representative; `etotune export` serves them by dispatch to the tuned member above. A representative's freq
 * becomes the sum of the freqs of the values it serves (itself and the dropped values down to the representative
 * below; values above the largest go to the largest), so that the scheduler's objective weighs its kernel by how
 * often it runs. Returns 0, -1 on ENOMEM. */
static int keep_representatives(eto_op *ops, int *n) {
  eto_op_family *fs;
  int nf = eto_op_families(ops, *n, &fs);
  if (nf < 0) {
    fprintf(stderr, "etotune tune: out of memory\n");
    return -1;
  }
  char *drop = calloc((size_t)(*n > 0 ? *n : 1), 1);
  if (!drop) {
    eto_op_families_free(fs, nf);
    fprintf(stderr, "etotune tune: out of memory\n");
    return -1;
  }
  for (int f = 0; f < nf; f++) {
    int kept = 0, above = -1; /* members by increasing value: walked down, above = the representative above */
    int64_t pending = 0;      /* freqs of the values above the largest representative */
    for (int i = fs[f].count - 1; i >= 0; i--) {
      eto_op *o = &ops[fs[f].member[i]];
      if (eto_op_family_representative(eto_op_family_value(ops, &fs[f], i))) {
        if (above < 0) o->freq = eto_sat_add(o->freq, pending);
        above = fs[f].member[i];
        kept++;
        continue;
      }
      drop[fs[f].member[i]] = 1;
      if (above >= 0)
        ops[above].freq = eto_sat_add(ops[above].freq, o->freq);
      else
        pending = eto_sat_add(pending, o->freq);
    }
    fprintf(stderr,
            "etotune tune: family %s (%s, %d values %lld..%lld): tuning the %d representative values, each weighted "
            "by the values it serves\n",
            ops[fs[f].member[0]].name, eto_op_kind_name(ops[fs[f].member[0]].kind), fs[f].count,
            (long long)eto_op_family_value(ops, &fs[f], 0), (long long)eto_op_family_value(ops, &fs[f], fs[f].count - 1),
            kept);
  }
  int m = 0;
  for (int i = 0; i < *n; i++)
    if (!drop[i]) ops[m++] = ops[i];
  *n = m;
  free(drop);
  eto_op_families_free(fs, nf);
  return 0;
}

/* --small-trials: the values up to ETO_CLI_SMALL_MAX of every family whose work grows with the variable alone (one
 * key equals it: a dense layer's m=S, not the attention's m=S n=S), one family at a time, each searched further
 * (--refine) with small_trials trials and at most small_time seconds under the relative objective. At the list's
 * weighted latency a 20 us call weighs nothing beside a 10 ms one, and the family tuning leaves these values about
 * one round each (bench/RESULTS.md Y.3: FFN down's 2-5 at 103-134 GFLOP/s where oneDNN does 110-204, 121-213 after
 * 20-70 trials each). *group gets, for each operator, the index of its family's group (-1: none); returns the number
 * of groups, -1 on ENOMEM. */
#define ETO_CLI_SMALL_MAX 16
static int small_groups(const eto_op *ops, int n, int *group) {
  eto_op_family *fs;
  int nf = eto_op_families(ops, n, &fs), ng = 0;
  if (nf < 0) return -1;
  for (int i = 0; i < n; i++) group[i] = -1;
  for (int f = 0; f < nf; f++) {
    if (fs[f].nkeys != 1) continue;
    int any = 0;
    for (int i = 0; i < fs[f].count; i++)
      if (eto_op_family_value(ops, &fs[f], i) <= ETO_CLI_SMALL_MAX) group[fs[f].member[i]] = ng, any = 1;
    ng += any;
  }
  eto_op_families_free(fs, nf);
  return ng;
}

/* Runs the groups of small_groups after the family tuning (run_eto on each group's operators). Returns the exit
 * code of the worst. */
static int run_small(tune_args *a, const eto_op *ops, int n, const int *group, int ng, const eto_target *t,
                     eto_cache *cache, eto_backend_opts *o, char *msg, int cap) {
  eto_op *sub = malloc(sizeof *sub * (size_t)(n > 0 ? n : 1));
  if (!sub) {
    fprintf(stderr, "etotune tune: out of memory\n");
    return ETO_EXIT_FAIL;
  }
  int rc = ETO_EXIT_OK;
  tune_args sa = *a;
  sa.refine = 1;
  sa.report = NULL;
  o->total_trials = a->small_trials;
  o->time_budget = a->small_time;
  o->sched.relative = eto_backend_objective_parse("relative");
  for (int g = 0; g < ng && !tune_cancel; g++) {
    int m = 0;
    for (int i = 0; i < n; i++)
      if (group[i] == g) sub[m++] = ops[i];
    fprintf(stderr, "etotune tune: family %s's %d small values searched further: %d trials, at most %.0f s\n",
            sub[0].name, m, a->small_trials, a->small_time);
    printf("\nsmall values of family %s (--small-trials %d):\n", sub[0].name, a->small_trials);
    int r = run_eto(&sa, sub, m, t, cache, o, msg, cap);
    if (r != ETO_EXIT_OK) rc = r;
  }
  free(sub);
  return rc;
}

int eto_cli_tune(int argc, char **argv) {
  tune_args a;
  int pr = parse_args(argc, argv, &a);
  if (pr != 0) return ETO_EXIT_USAGE;
  char msg[8192];
  int lrc = ETO_EXIT_FAIL, n = 0;
  eto_op *ops = eto_cli_load_ops("etotune tune", a.list, &n, &lrc);
  if (!ops) return lrc;
  if (strcmp(a.family, "representatives") == 0 && keep_representatives(ops, &n) != 0) {
    free(ops);
    return ETO_EXIT_FAIL;
  }
  int *group = NULL, ng = 0; /* --small-trials: the groups of small values (small_groups) */
  if (a.small_trials > 0) {
    group = malloc(sizeof *group * (size_t)(n > 0 ? n : 1));
    ng = group ? small_groups(ops, n, group) : -1;
    if (ng < 0) {
      fprintf(stderr, "etotune tune: out of memory\n");
      free(group);
      free(ops);
      return ETO_EXIT_FAIL;
    }
    if (a.time_budget > 0 && ng * a.small_time >= a.time_budget / 2) {
      fprintf(stderr, "etotune tune: --small-time %.0f s for %d famil%s takes half of --time-budget %.0f s or more\n",
              a.small_time, ng, ng == 1 ? "y" : "ies", a.time_budget);
      free(group);
      free(ops);
      return ETO_EXIT_USAGE;
    }
  }

  /* the target this machine measures: a kind without a device (or compiler) here stops before any planning */
  eto_target t;
  if (eto_measure_machine_target(a.cuda ? ETO_TARGET_CUDA : ETO_TARGET_CPU, a.threads, &t, msg, sizeof msg) != ETO_OK) {
    fprintf(stderr, "etotune tune: --target %s: %s\n", a.cuda ? "cuda" : "cpu", msg);
    free(group);
    free(ops);
    return ETO_EXIT_FAIL;
  }
  /* every operator fits this machine and its reference finishes in reasonable time: checked before the cache
   * is opened and before any planning or measuring */
  eto_measure_opts lo;
  eto_measure_opts_default(&lo);
  lo.build_jobs = a.build_jobs;
  if (eto_cli_check_limits("etotune tune", a.list, ops, n, eto_measure_workers(&t, &lo), &a.limits, 0) != 0) {
    free(group);
    free(ops);
    return ETO_EXIT_FAIL;
  }
  char *path = NULL;
  if (eto_cache_resolve_path(a.db, &path) != ETO_CACHE_OK) {
    fprintf(stderr, "etotune tune: no cache directory (use --db PATH or set ETOTUNE_DB)\n");
    free(group);
    free(ops);
    return ETO_EXIT_FAIL;
  }
  eto_cache *cache = NULL;
  if (eto_cache_open(path, NULL, &cache) != ETO_CACHE_OK) {
    fprintf(stderr, "etotune tune: cache %s: %s\n", path, eto_cache_errmsg(cache));
    eto_cache_close(cache);
    free(path);
    free(group);
    free(ops);
    return ETO_EXIT_FAIL;
  }

  eto_backend_opts o;
  eto_backend_opts_default(&o);
  o.trials_per_op = a.trials;
  o.time_budget = a.time_budget;
  if (o.time_budget > 0) o.time_budget -= ng * a.small_time; /* the small values' time: the whole run keeps it */
  o.total_trials = a.trials_total;
  o.measures_per_round = a.per_round;
  o.qwalk = a.qwalk;
  o.imperfect = a.imperfect;
  o.patience_growth = a.patience_growth;
  o.patience_floor = a.patience_floor;
  if (a.refresh) o.refresh = (eto_backend_refresh)eto_backend_refresh_parse(a.refresh);
  if (a.scheduler) o.sched.strategy = (eto_backend_strategy)eto_backend_strategy_parse(a.scheduler);
  o.sched.relative = a.objective ? eto_backend_objective_parse(a.objective) : 0;
  if (a.weights) o.sched.weights = (eto_backend_weights)eto_backend_weights_parse(a.weights);
  o.transfer = a.transfer;
  o.measure.min_repeat_seconds = a.min_repeat_ms / 1e3;
  o.measure.screen_seconds = a.screen_ms / 1e3;
  o.measure.quick_seconds = a.quick_ms / 1e3;
  o.measure.threads = a.threads;
  o.measure.build_jobs = a.build_jobs;
  if (!a.have_seed) { /* chosen here so that it can be printed before the run */
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    a.seed = ((uint64_t)ts.tv_sec * 1000003u ^ (uint64_t)ts.tv_nsec ^ (uint64_t)getpid()) % 1000000007u + 1;
  }
  o.seed = a.seed;
  o.cancel = &tune_cancel;
  const char *mode_text = strcmp(a.mode, "eto") == 0    ? "ETO plan"
                          : strcmp(a.mode, "topk") == 0 ? "Selective Tuning plan (TopK baseline)"
                                                        : "full search";
  fprintf(stderr, "etotune tune: %d operator%s from %s, %s, %d trials per full search%s, seed %llu, cache %s\n",
          n, n == 1 ? "" : "s", a.list, mode_text, a.trials,
          a.time_budget > 0 ? " (time budget set)" : "", (unsigned long long)a.seed, path);

  if (strcmp(a.mode, "full") != 0) {
    int rc = run_eto(&a, ops, n, &t, cache, &o, msg, sizeof msg);
    if (ng > 0 && !tune_cancel) {
      int r = run_small(&a, ops, n, group, ng, &t, cache, &o, msg, sizeof msg);
      if (rc == ETO_EXIT_OK) rc = r;
    }
    eto_cache_close(cache);
    free(path);
    free(group);
    free(ops);
    return rc;
  }

  tune_cancel = 0;
  void (*old_int)(int) = signal(SIGINT, on_signal);
  void (*old_term)(int) = signal(SIGTERM, on_signal);
  progress_state ps = {.tty = isatty(fileno(stderr)), .nops = n};
  eto_backend_report rep;
  eto_status st = eto_backend_tune(ops, n, &t, cache, &o, on_progress, &ps, &rep, msg, sizeof msg);
  signal(SIGINT, old_int);
  signal(SIGTERM, old_term);
  if (ps.line_open) fputs("\r\033[K", stderr);

  int rc = ETO_EXIT_OK;
  if (st != ETO_OK) {
    fprintf(stderr, "etotune tune: %s\n", msg);
    rc = ETO_EXIT_FAIL;
  }
  if (rep.count > 0) {
    eto_backend_report_print(&rep, stdout);
    if (a.report) {
      if (eto_backend_report_write_json(&rep, a.report, msg, sizeof msg) != ETO_OK) {
        fprintf(stderr, "etotune tune: report: %s\n", msg);
        rc = ETO_EXIT_FAIL;
      }
    }
  }
  if (tune_cancel) {
    fprintf(stderr,
            "etotune tune: interrupted; what was measured is in the cache, run the same command to resume\n");
    rc = ETO_EXIT_FAIL;
  }
  if (fflush(stdout) != 0) rc = ETO_EXIT_FAIL;
  eto_backend_report_free(&rep);
  eto_cache_close(cache);
  free(path);
  free(group);
  free(ops);
  return rc;
}
