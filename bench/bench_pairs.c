/* bench_pairs — the reuse tuner's figures (issue "Tuner"): for reuse pairs (α, β) drawn from the shared
 * workload lists and their 1-hop bridges, the ETO tuner on α from β's best program, next to the TopK baseline
 * (Selective Tuning, K = 3) and to a full search of α, with the estimator's trials next to the actual ones.
 *
 *   build/bench/bench_pairs [--lists a,b,c] [--kinds k1,k2] [--pairs P] [--first-pair F] [--trials T]
 *                           [--seed S] [--threads N] [--min-repeat-ms MS] [--out DIR] [--no-share-full]
 *                           [--dry-run]
 *   build/bench/bench_pairs --merge a/pairs.csv,b/pairs.csv [--out DIR]
 *
 * Data flow:
 *   lists ──► operator pool (deduplicated by workload key) + 1-hop bridges of non-dominating same-kind pairs
 *         ──► candidate pairs per reuse kind: every ordered (α, β), α ≠ β, with eto_sel_reuse_pair
 *         ──► P pairs per kind, drawn with a seeded RNG (partial Fisher–Yates; one stream per kind)
 *   per pair:
 *     β full search, T trials, cache A (fresh, transfer off) ──► S*β (the backend's verified best)
 *     copy of β's trials and best into a per-pair scratch cache ──► eto_tuner_run(α, β, S*β)  (measured)
 *                                                              ──► eto_tuner_topk(α, β, K = 3) (measured)
 *     eto_tuner_estimate(α, β) ──► estimate / actual trials
 *     α full search, T trials, cache B (fresh, transfer off) ──► best, trials, seconds, time-to-best (read
 *       back from cache B in seq order), trials until it first matched the tuner's latency
 *   ──► per-pair table, per-kind and overall summary (stdout), pairs.csv and summary.json (--out).
 *
 * Chunks. The draw of a kind is a prefix property: pairs 1..P of `--pairs P` are pairs 1..P of any larger
 * --pairs with the same seed, lists and kinds. `--first-pair F` measures only pairs F..P of each kind, so a
 * long benchmark runs as several shorter ones (pairs 1-2, then 3-4, ...), and `--merge` joins their pairs.csv
 * files into one table, pairs.csv and summary.json. The `draw` column (a pair's place in its kind's draw)
 * tells chunks apart; a full search shared between pairs is shared only within a chunk.
 *
 * Isolation. Every full search runs with transfer learning off, so a search learns nothing from the other
 * workloads in its cache. The tuner and TopK write α's trials into a scratch cache per pair (a copy of β's
 * records), never into cache A: otherwise α's tuner trials would count as resumed full-search trials when
 * α is the β of a later pair, and TopK would rank the tuner's programs among "β's best". Because every full
 * search is fresh, seeded alike and transfer-free, the full search of a workload is the same experiment
 * whether it ran for a β (cache A) or an α (cache B); it runs once per workload (--no-share-full: once per
 * role).
 *
 * Time-to-best. Trials are stored with whole unix seconds; the backend reports the elapsed time at the end
 * of every round. The trial that first reached the final best (its seq gives the trial count exactly) is
 * bracketed by [max(its second − start, end of the previous round), min(its second + 1 − start, end of its
 * round)]; the midpoint is reported, the bracket is in pairs.csv.
 */
#include <errno.h>
#include <glob.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "backend.h"
#include "bench_util.h"
#include "cli_opt.h"
#include "cache.h"
#include "selector.h"
#include "tuner.h"

/* ---- kinds the figures cover (reuse kinds: matmul counts as batch_matmul) ---- */

typedef struct {
  const char *name;
  eto_op_kind kind;
} bench_kind;

static const bench_kind kinds[] = {
    {"conv2d", ETO_OP_CONV2D},
    {"batch_matmul", ETO_OP_BATCH_MATMUL},
    {"depthwise_conv2d", ETO_OP_DEPTHWISE_CONV2D},
    {"capsule_conv2d", ETO_OP_CAPSULE_CONV2D},
    {"norm", ETO_OP_NORM},
};
#define NKINDS ((int)(sizeof kinds / sizeof *kinds))

/* The paper's GPU figures and the goal, printed next to ours. */
static const char paper_figures[] =
    "ETO paper (GPU): normalized throughput 94.7%-257% of a full search, 1.1-12.1x faster than the full "
    "search's time-to-best, estimate/actual trials 1.04 on average (0.54-1.62)";
#define GOAL_THROUGHPUT 0.95
#define GOAL_TRIALS_RATIO 5.0
/* the reuse-seeded policy's goals (issue "Reuse that beats search"): per kind, median >= 97% and every pair
 * >= 90% of α's full search, at >= 10x fewer trials (median) */
#define SEEDED_GOAL_MEDIAN 0.97
#define SEEDED_GOAL_EVERY 0.90
#define SEEDED_GOAL_TRIALS 10.0

/* ---- options ---- */

typedef struct {
  const char *lists_arg, *kinds_arg, *out, *merge;
  int pairs, first_pair, trials, threads, dry_run, share_full;
  uint64_t seed;
  double min_repeat_ms;
  int kind_on[NKINDS];
  char cmdline[4096];
} bench_args;

static void usage(FILE *f) {
  fprintf(
      f,
      "usage: bench_pairs [options]   (run from the repository root)\n"
      "Draws reuse pairs (alpha, beta) per kind from operator lists and their 1-hop bridges, then per pair:\n"
      "full search of beta (cache A), the ETO tuner on alpha from beta's best, the TopK baseline (K = 3), "
      "and a\n"
      "full search of alpha (cache B); prints per-pair rows and per-kind summaries, writes pairs.csv and\n"
      "summary.json.\n"
      "  --lists a,b,c        operator lists (default: every examples/*.list except quickstart.list)\n"
      "  --kinds k1,k2        subset of conv2d,batch_matmul,depthwise_conv2d,capsule_conv2d,norm (default "
      "all;\n"
      "                       matmul counts as batch_matmul)\n"
      "  --pairs P            pairs drawn per kind (default 10)\n"
      "  --first-pair F       measure only pairs F..P of each kind's draw (default 1): a long benchmark\n"
      "                       runs in chunks, joined afterwards with --merge\n"
      "  --trials T           trials of every full search (default 1000)\n"
      "  --seed S             pair drawing, full searches, estimator and measurement inputs (default 1)\n"
      "  --threads N          threads of the CPU target (default: all cores)\n"
      "  --min-repeat-ms MS   minimum time of one timed repeat (default 100, as etotune)\n"
      "  --out DIR            where pairs.csv and summary.json go (default bench/out/pairs)\n"
      "  --no-share-full      run the full search of a workload that is both a beta and an alpha twice\n"
      "                       (once in cache A, once in cache B) instead of once\n"
      "  --dry-run            list the drawn pairs with their estimated trials and exit without measuring\n"
      "  --merge a.csv,b.csv  measure nothing: join the pairs.csv files of earlier runs (chunks) into one\n"
      "                       table, pairs.csv and summary.json in --out\n"
      "  --help               this text\n");
}

/* Index into kinds[] of a kind's name ("matmul" counts as batch_matmul), or -1. */
static int kind_index(const char *name) {
  for (int k = 0; k < NKINDS; k++)
    if (strcmp(name, kinds[k].name) == 0 ||
        (strcmp(name, "matmul") == 0 && kinds[k].kind == ETO_OP_BATCH_MATMUL))
      return k;
  return -1;
}

static int parse_kinds(const char *arg, int *on) {
  memset(on, 0, sizeof(int) * NKINDS);
  char buf[512];
  snprintf(buf, sizeof buf, "%s", arg);
  for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
    int k = kind_index(tok);
    if (k < 0) {
      fprintf(stderr,
              "bench_pairs: unknown kind '%s' (one of conv2d, batch_matmul, depthwise_conv2d, "
              "capsule_conv2d, norm)\n",
              tok);
      return -1;
    }
    on[k] = 1;
  }
  return 0;
}

/* --kinds, for eto_cli_parse (user: the kind_on array) */
static int kinds_option(const char *prog, const char *name, const char *value, void *user, int *bad) {
  (void)prog;
  if (strcmp(name, "--kinds") != 0) return 0;
  *bad = parse_kinds(value, user) != 0;
  return 1;
}

static int parse_args(int argc, char **argv, bench_args *a) {
  memset(a, 0, sizeof *a);
  a->out = "bench/out/pairs";
  a->pairs = 10;
  a->first_pair = 1;
  a->trials = 1000;
  a->seed = 1;
  a->min_repeat_ms = 100;
  a->share_full = 1;
  for (int k = 0; k < NKINDS; k++) a->kind_on[k] = 1;
  size_t used = 0;
  for (int i = 0; i < argc && used + 2 < sizeof a->cmdline; i++) {
    int n = snprintf(a->cmdline + used, sizeof a->cmdline - used, "%s%s", i ? " " : "", argv[i]);
    if (n < 0) break;
    used += (size_t)n;
    if (used >= sizeof a->cmdline) used = sizeof a->cmdline - 1;
  }
  int help = 0, no_share = 0;
  const eto_cli_def defs[] = {
      {"--help", ETO_CLI_FLAG, &help, 0, 0},
      {"--dry-run", ETO_CLI_FLAG, &a->dry_run, 0, 0},
      {"--no-share-full", ETO_CLI_FLAG, &no_share, 0, 0},
      {"--lists", ETO_CLI_TEXT, &a->lists_arg, 0, 0},
      {"--out", ETO_CLI_STR, &a->out, 0, 0},
      {"--pairs", ETO_CLI_INT, &a->pairs, 1, ETO_CLI_MAX_PROGRAMS},
      {"--first-pair", ETO_CLI_INT, &a->first_pair, 1, ETO_CLI_MAX_PROGRAMS},
      {"--merge", ETO_CLI_TEXT, &a->merge, 0, 0},
      {"--trials", ETO_CLI_INT, &a->trials, 1, ETO_CLI_MAX_TRIALS},
      {"--threads", ETO_CLI_INT, &a->threads, 0, eto_cli_opt_max_threads()},
      {"--seed", ETO_CLI_U64, &a->seed, 1, (double)UINT64_MAX},
      {"--min-repeat-ms", ETO_CLI_DOUBLE, &a->min_repeat_ms, 0.1, ETO_CLI_MAX_MS},
  };
  if (eto_cli_parse("bench_pairs", "--help", argc, argv, defs, (int)(sizeof defs / sizeof defs[0]), kinds_option,
                    a->kind_on, NULL) != 0)
    return -1;
  if (help) {
    usage(stdout);
    return 1;
  }
  a->share_full = !no_share;
  if (a->first_pair > a->pairs) {
    fprintf(stderr, "bench_pairs: --first-pair %d is past --pairs %d\n", a->first_pair, a->pairs);
    return -1;
  }
  if (strchr(a->cmdline, '\n')) a->cmdline[0] = 0;
  return 0;
}

/* ---- small helpers ---- */

/* SIGINT / SIGTERM: the full search stops after the candidate being measured, the run stops after the current
 * stage, and the tables and files are written for the pairs done. A second signal kills (SA_RESETHAND). The
 * backend's cancel flag is a volatile int; sig_atomic_t is int on the platforms we build on. */
static volatile sig_atomic_t stop_requested;

static void on_signal(int sig) {
  (void)sig;
  stop_requested = 1;
}

static void install_signals(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sa.sa_flags = SA_RESETHAND;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
}

/* A fresh directory for an LMDB cache under $TMPDIR (or /tmp). Returns 0 and the path. */
static int fresh_dir(const char *tag, char *path, size_t cap) {
  const char *tmp = getenv("TMPDIR");
  snprintf(path, cap, "%s/bench_pairs-%s-XXXXXX", tmp && *tmp ? tmp : "/tmp", tag);
  return mkdtemp(path) ? 0 : -1;
}

/* Removes a cache directory made by fresh_dir (LMDB's two files, then the directory). */
static void remove_cache_dir(const char *path) {
  char f[1100];
  snprintf(f, sizeof f, "%s/data.mdb", path);
  unlink(f);
  snprintf(f, sizeof f, "%s/lock.mdb", path);
  unlink(f);
  if (rmdir(path) != 0) fprintf(stderr, "bench_pairs: could not remove %s: %s\n", path, strerror(errno));
}

static eto_cache *open_cache(const char *path) {
  eto_cache *c = NULL;
  eto_cache_opts co = {.no_sync = 1}; /* scratch stores of one run: a power loss loses the run anyway */
  if (eto_cache_open(path, &co, &c) != ETO_CACHE_OK) {
    fprintf(stderr, "bench_pairs: cannot open cache %s: %s\n", path, eto_cache_errmsg(c));
    eto_cache_close(c);
    return NULL;
  }
  return c;
}

static void csv_num(FILE *f, double x) {
  if (isfinite(x))
    fprintf(f, ",%.6g", x);
  else
    fputs(",", f);
}

/* ---- the operator pool: list operators, then bridges ---- */

typedef struct {
  eto_op op;
  char key[512];
  char origin[160]; /* "resnet50.list:5 name", or "bridge of ORIGIN & ORIGIN" */
  int bridge;
  int kind; /* index into kinds[], or -1 */
} pool_op;

typedef struct {
  pool_op *ops;
  int n, cap, nlist;
} pool;

static int pool_find(const pool *p, const char *key) {
  for (int i = 0; i < p->n; i++)
    if (strcmp(p->ops[i].key, key) == 0) return i;
  return -1;
}

static int bench_kind_of(const eto_op *op) {
  eto_op_kind rk = eto_op_reuse_kind(op->kind);
  for (int k = 0; k < NKINDS; k++)
    if (kinds[k].kind == rk) return k;
  return -1;
}

/* Adds op unless its workload key is already there. Returns 1 added, 0 duplicate, -1 out of memory. */
static int pool_add(pool *p, const eto_op *op, const char *origin, int bridge) {
  char key[512];
  eto_op_key(op, key, sizeof key);
  if (pool_find(p, key) >= 0) return 0;
  if (p->n == p->cap) {
    int cap = p->cap ? 2 * p->cap : 64;
    pool_op *o = realloc(p->ops, sizeof *o * (size_t)cap);
    if (!o) return -1;
    p->ops = o;
    p->cap = cap;
  }
  pool_op *x = &p->ops[p->n++];
  memset(x, 0, sizeof *x);
  x->op = *op;
  x->op.freq = 1; /* one task each; a bridge comes with freq 0, which would weigh nothing in the scheduler */
  snprintf(x->key, sizeof x->key, "%s", key);
  snprintf(x->origin, sizeof x->origin, "%s", origin);
  x->bridge = bridge;
  x->kind = bench_kind_of(op);
  return 1;
}

static int load_lists(const bench_args *a, pool *p, char lists[][256], int *nlists) {
  *nlists = 0;
  if (a->lists_arg) {
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", a->lists_arg);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok && *nlists < 32;
         tok = strtok_r(NULL, ",", &save))
      snprintf(lists[(*nlists)++], 256, "%s", tok);
  } else {
    glob_t g;
    if (glob("examples/*.list", 0, NULL, &g) != 0) {
      fprintf(stderr, "bench_pairs: no examples/*.list here: run from the repository root or pass --lists\n");
      return -1;
    }
    for (size_t i = 0; i < g.gl_pathc && *nlists < 32; i++)
      if (!strstr(g.gl_pathv[i], "quickstart.list")) snprintf(lists[(*nlists)++], 256, "%s", g.gl_pathv[i]);
    globfree(&g);
  }
  char msg[8192];
  for (int i = 0; i < *nlists; i++) {
    eto_oplist *l = NULL;
    if (eto_oplist_load(lists[i], &l, msg, sizeof msg) != ETO_OK) {
      fprintf(stderr, "%s\n", msg);
      return -1;
    }
    const char *base = strrchr(lists[i], '/');
    base = base ? base + 1 : lists[i];
    for (int k = 0; k < eto_oplist_count(l); k++) {
      const eto_op *op = eto_oplist_get(l, k);
      char origin[160];
      snprintf(origin, sizeof origin, "%.60s:%d%s%.63s", base, op->line, op->name[0] ? " " : "", op->name);
      if (pool_add(p, op, origin, 0) < 0) {
        eto_oplist_free(l);
        return -1;
      }
    }
    eto_oplist_free(l);
  }
  p->nlist = p->n;
  return 0;
}

static int add_bridges(pool *p, const eto_target *t) {
  for (int i = 0; i < p->nlist; i++)
    for (int j = i + 1; j < p->nlist; j++) {
      if (p->ops[i].kind < 0 || p->ops[i].kind != p->ops[j].kind) continue;
      eto_op br;
      if (!eto_sel_bridge(&p->ops[i].op, &p->ops[j].op, t, &br)) continue;
      char origin[160];
      snprintf(origin, sizeof origin, "bridge of %.70s & %.70s", p->ops[i].origin, p->ops[j].origin);
      if (pool_add(p, &br, origin, 1) < 0) return -1;
    }
  return 0;
}

/* ---- full searches, one per workload (and per role with --no-share-full) ---- */

typedef struct {
  char key[512];
  int role; /* 'A' (β search, cache A) or 'B' (α search, cache B) */
  int ran, ok;
  eto_cache *cache; /* where its trials are (borrowed) */
  eto_program best;
  double latency, gflops, seconds;
  int64_t trials;
  int64_t ttb_trials; /* trials until it first reached its final best */
  double ttb_s, ttb_lo, ttb_hi;
  double *lat; /* latency of trial 1..ntr in seq order (INFINITY when it failed) */
  int ntr;
  char message[256];
} full_run;

typedef struct {
  int64_t trials;
  double elapsed;
} round_mark;

typedef struct {
  const char *label;
  round_mark *marks;
  int n, cap;
} progress_ctx;

static void on_progress(const eto_backend_progress *p, void *user) {
  progress_ctx *x = user;
  if (p->event == ETO_BACKEND_EVENT_ROUND) {
    if (x->n == x->cap) {
      int cap = x->cap ? 2 * x->cap : 32;
      round_mark *m = realloc(x->marks, sizeof *m * (size_t)cap);
      if (m) {
        x->marks = m;
        x->cap = cap;
      }
    }
    if (x->n < x->cap) x->marks[x->n++] = (round_mark){p->task_trials, p->elapsed};
    fprintf(stderr, "  %s: round %d, %lld/%lld trials, best %.2f GFLOP/s, %.0f s\n", x->label, p->round,
            (long long)p->task_trials, (long long)p->task_budget, p->best_gflops, p->elapsed);
  } else if (p->event == ETO_BACKEND_EVENT_MESSAGE && p->message) {
    fprintf(stderr, "  %s: %s\n", x->label, p->message);
  }
}

typedef struct {
  double *lat;
  int64_t *time;
  int n, cap, oom;
} trial_read;

static int read_trial(const eto_cache_trial *rec, void *user) {
  trial_read *r = user;
  int idx = (int)rec->seq - 1; /* seq starts at 1 in a fresh cache */
  if (idx < 0) idx = r->n;
  if (idx >= r->cap) {
    int cap = r->cap ? r->cap : 256;
    while (cap <= idx) cap *= 2;
    double *l = realloc(r->lat, sizeof *l * (size_t)cap);
    if (l) r->lat = l;
    int64_t *t = realloc(r->time, sizeof *t * (size_t)cap);
    if (t) r->time = t;
    if (!l || !t) {
      r->oom = 1;
      return 1;
    }
    for (int i = r->cap; i < cap; i++) {
      r->lat[i] = INFINITY;
      r->time[i] = 0;
    }
    r->cap = cap;
  }
  r->lat[idx] = rec->status == ETO_CACHE_TRIAL_OK && rec->latency_s > 0 ? rec->latency_s : INFINITY;
  r->time[idx] = rec->time;
  if (idx + 1 > r->n) r->n = idx + 1;
  return 0;
}

static void full_search(const pool_op *po, const eto_target *t, eto_cache *cache, const eto_backend_opts *bo,
                        const char *label, full_run *fr) {
  fr->ran = 1;
  fr->cache = cache;
  fr->latency = fr->gflops = fr->ttb_s = fr->ttb_lo = fr->ttb_hi = NAN;
  fr->ttb_trials = -1;
  progress_ctx pc = {.label = label};
  eto_backend_report rep;
  memset(&rep, 0, sizeof rep);
  char msg[512] = "";
  fprintf(stderr, "  %s: full search, %d trials\n", label, bo->trials_per_op);
  double start = bench_now_real();
  eto_status st = eto_backend_tune(&po->op, 1, t, cache, bo, on_progress, &pc, &rep, msg, sizeof msg);
  if (st != ETO_OK) {
    snprintf(fr->message, sizeof fr->message, "full search: %.200s", msg);
    goto out;
  }
  const eto_backend_op_result *o = &rep.ops[0];
  fr->trials = o->trials;
  fr->seconds = rep.seconds;
  if (rep.interrupted) {
    snprintf(fr->message, sizeof fr->message, "interrupted after %lld trials", (long long)o->trials);
    goto out;
  }
  if (o->status != ETO_BACKEND_OP_TUNED) {
    snprintf(fr->message, sizeof fr->message, "full search %s: %.200s", eto_backend_op_status_name(o->status),
             o->message);
    goto out;
  }
  char why[256];
  if (eto_program_parse(o->recipe, &fr->best, why, sizeof why) != 0) {
    snprintf(fr->message, sizeof fr->message, "full search best does not parse: %.200s", why);
    goto out;
  }
  fr->ok = 1;
  fr->latency = o->latency;
  fr->gflops = o->gflops;
  /* every trial, in seq order: time-to-best and the trials-to-match table */
  trial_read tr = {0};
  eto_cache_status cs = eto_cache_foreach_trial(cache, t->fingerprint, po->key, read_trial, &tr);
  if ((cs != ETO_CACHE_OK && cs != ETO_CACHE_STALE) || tr.oom || tr.n == 0) {
    snprintf(fr->message, sizeof fr->message, "reading its trials back: %s",
             tr.oom ? "out of memory" : eto_cache_errmsg(cache));
    free(tr.time);
    free(tr.lat);
    goto out;
  }
  double best = INFINITY;
  for (int i = 0; i < tr.n; i++) best = fmin(best, tr.lat[i]);
  int ib = -1;
  for (int i = 0; i < tr.n && ib < 0; i++)
    if (tr.lat[i] <= best) ib = i;
  if (ib >= 0) {
    fr->ttb_trials = ib + 1;
    double lo = (double)tr.time[ib] - start, hi = (double)tr.time[ib] + 1 - start;
    for (int r = 0; r < pc.n; r++) /* the round that holds trial ib + 1 */
      if (pc.marks[r].trials >= ib + 1) {
        hi = fmin(hi, pc.marks[r].elapsed);
        if (r > 0) lo = fmax(lo, pc.marks[r - 1].elapsed);
        break;
      }
    lo = fmax(lo, 0);
    if (lo > hi) lo = hi; /* clocks disagree by a hair: trust the round's end */
    fr->ttb_lo = lo;
    fr->ttb_hi = hi;
    fr->ttb_s = (lo + hi) / 2;
  }
  fr->lat = tr.lat;
  fr->ntr = tr.n;
  free(tr.time);
  fprintf(stderr, "  %s: done, %.2f GFLOP/s, %lld trials, %.1f s, best first at trial %lld (~%.1f s)\n",
          label, fr->gflops, (long long)fr->trials, fr->seconds, (long long)fr->ttb_trials, fr->ttb_s);
out:
  if (fr->message[0]) fprintf(stderr, "  %s: %s\n", label, fr->message);
  free(pc.marks);
  eto_backend_report_free(&rep);
}

/* ---- β's records into a scratch cache for the tuner and TopK ---- */

typedef struct {
  eto_cache_trial *v;
  size_t n, cap;
  int oom;
} trial_copy;

static char *dup_or_null(const char *s) { return s ? strdup(s) : NULL; }

static int copy_trial(const eto_cache_trial *rec, void *user) {
  trial_copy *c = user;
  if (c->n == c->cap) {
    size_t cap = c->cap ? 2 * c->cap : 256;
    eto_cache_trial *v = realloc(c->v, sizeof *v * cap);
    if (!v) {
      c->oom = 1;
      return 1;
    }
    c->v = v;
    c->cap = cap;
  }
  eto_cache_trial *d = &c->v[c->n++];
  *d = *rec;
  d->fingerprint = dup_or_null(rec->fingerprint);
  d->workload = dup_or_null(rec->workload);
  d->kind = dup_or_null(rec->kind);
  d->recipe = dup_or_null(rec->recipe);
  d->error = dup_or_null(rec->error);
  d->features = dup_or_null(rec->features);
  return 0;
}

static int copy_beta(eto_cache *from, eto_cache *to, const eto_target *t, const char *key, char *msg,
                     size_t cap) {
  trial_copy c = {0};
  int rc = -1;
  eto_cache_status cs = eto_cache_foreach_trial(from, t->fingerprint, key, copy_trial, &c);
  if ((cs != ETO_CACHE_OK && cs != ETO_CACHE_STALE) || c.oom) {
    snprintf(msg, cap, "copying β's trials: %s", c.oom ? "out of memory" : eto_cache_errmsg(from));
    goto out;
  }
  if (c.n && eto_cache_put_trials(to, c.v, c.n) != ETO_CACHE_OK) {
    snprintf(msg, cap, "copying β's trials: %s", eto_cache_errmsg(to));
    goto out;
  }
  eto_cache_best b;
  cs = eto_cache_get_best(from, t->fingerprint, key, &b);
  if (cs == ETO_CACHE_OK) {
    eto_cache_status ps = eto_cache_put_best(to, &b, NULL);
    eto_cache_best_clear(&b);
    if (ps != ETO_CACHE_OK) {
      snprintf(msg, cap, "copying β's best: %s", eto_cache_errmsg(to));
      goto out;
    }
  } else if (cs == ETO_CACHE_BAD) {
    eto_cache_best_clear(&b);
  }
  rc = 0;
out:
  for (size_t i = 0; i < c.n; i++) eto_cache_trial_clear(&c.v[i]);
  free(c.v);
  return rc;
}

/* ---- pairs ---- */

typedef struct {
  int found;
  double latency, gflops, seconds;
  int trials, failed;
  char message[256];
  char failures[256]; /* "run_timeout x4 (first: ...)" when trials failed */
} method_result;

typedef struct {
  int kind, a, b; /* pool indices: α = a, β = b */
  int draw;       /* 1-based place in its kind's seeded draw */
  int alpha_smaller;
  double est; /* estimator's trials, NAN when it refused the pair */
  int fb, fa; /* full runs of β and α, -1 when none */
  int measured;
  method_result tun, topk, seed; /* ETO's rounds, TopK, the reuse-seeded policy */
  int64_t match_trials; /* α-full trials until its latency first matched the tuner's; -1 never */
  char note[256];
} pair_row;

static const char *nan_or(double x, const char *fmt, char *buf, size_t cap) {
  if (isfinite(x))
    snprintf(buf, cap, fmt, x);
  else
    snprintf(buf, cap, "-");
  return buf;
}

typedef struct {
  const bench_args *a;
  const eto_target *t;
  pool *p;
  eto_cache *cache_a, *cache_b;
  eto_backend_opts bo;
  eto_measure_opts mo;
  full_run *full;
  int nfull, capfull;
} bench_ctx;

static int find_or_run_full(bench_ctx *x, int op, int role, const char *label) {
  const pool_op *po = &x->p->ops[op];
  for (int i = 0; i < x->nfull; i++)
    if (strcmp(x->full[i].key, po->key) == 0 && (x->a->share_full || x->full[i].role == role)) {
      fprintf(stderr, "  %s: full search shared with an earlier pair (cache %c)\n", label, x->full[i].role);
      return i;
    }
  if (x->nfull == x->capfull) return -1; /* sized for every pair's two searches up front */
  full_run *fr = &x->full[x->nfull];
  memset(fr, 0, sizeof *fr);
  snprintf(fr->key, sizeof fr->key, "%s", po->key);
  fr->role = role;
  full_search(po, x->t, role == 'A' ? x->cache_a : x->cache_b, &x->bo, label, fr);
  return x->nfull++;
}

static void method_from(const eto_tuner_result *r, double seconds, method_result *m) {
  m->found = r->found;
  m->trials = r->trials;
  m->failed = r->failed;
  m->seconds = seconds;
  m->latency = r->found ? r->best_result.median : NAN;
  m->gflops = r->found ? r->best_result.gflops : NAN;
  if (!r->found) snprintf(m->message, sizeof m->message, "%s", r->message[0] ? r->message : "no program ran");
}

/* Per-trial watcher of the tuner and TopK: failures by kind (for the notes) and improvements (progress). */
typedef struct {
  const char *label;
  int nerr[ETO_MEASURE_ERROR_COUNT];
  char first[160];
} trial_watch;

static void on_trial(void *user, const eto_tuner_trial *tr) {
  trial_watch *w = user;
  const eto_measure_result *r = tr->result;
  if (r->error != ETO_MEASURE_OK) {
    if (r->error >= 0 && r->error < ETO_MEASURE_ERROR_COUNT) w->nerr[r->error]++;
    if (!w->first[0])
      snprintf(w->first, sizeof w->first, "%.150s",
               r->message[0] ? r->message : eto_measure_error_name(r->error));
  } else if (tr->improved) {
    fprintf(stderr, "  %s: trial %d (round %d, B %lld): %.2f GFLOP/s\n", w->label, tr->index, tr->round,
            (long long)tr->blocks, r->gflops);
  }
}

static void watch_summary(const trial_watch *w, char *buf, size_t cap) {
  size_t used = 0;
  buf[0] = 0;
  for (int e = 0; e < ETO_MEASURE_ERROR_COUNT && used + 1 < cap; e++) {
    if (!w->nerr[e]) continue;
    int n = snprintf(buf + used, cap - used, "%s%s x%d", used ? ", " : "",
                     eto_measure_error_name((eto_measure_error)e), w->nerr[e]);
    if (n < 0) break;
    used += (size_t)n;
  }
  if (used && used + 1 < cap) snprintf(buf + used, cap - used, " (first: %.120s)", w->first);
}

/* The tuner (ETO's rounds), TopK and the reuse-seeded policy for one pair, each in its own scratch cache holding
 * β's records only (no method is served another's trials of α). */
static void run_reuse(bench_ctx *x, pair_row *pr, const full_run *fb, const char *label) {
  const pool_op *alpha = &x->p->ops[pr->a], *beta = &x->p->ops[pr->b];
  static const char *const names[3] = {"tuner", "TopK", "seeded"};
  method_result *mrs[3] = {&pr->tun, &pr->topk, &pr->seed};
  for (int method = 0; method < 3; method++) mrs[method]->latency = mrs[method]->gflops = NAN;
  for (int method = 0; method < 3 && !stop_requested; method++) {
    method_result *mr = mrs[method];
    char dir[512], msg[512];
    eto_cache *scratch = NULL;
    if (fresh_dir("pair", dir, sizeof dir) != 0) {
      snprintf(pr->note, sizeof pr->note, "mkdtemp: %s", strerror(errno));
      return;
    }
    if (!(scratch = open_cache(dir)) || copy_beta(fb->cache, scratch, x->t, beta->key, msg, sizeof msg) != 0) {
      snprintf(pr->note, sizeof pr->note, "%.250s", scratch ? msg : "cannot open a scratch cache");
      eto_cache_close(scratch);
      remove_cache_dir(dir);
      return;
    }
    fprintf(stderr, "  %s: %s on α\n", label,
            method == 0 ? "ETO tuner" : method == 1 ? "TopK (K = 3)" : "reuse-seeded search");
    double t0 = eto_now();
    eto_measurer *m = NULL;
    if (eto_measurer_create(&alpha->op, x->t, &x->mo, &m, msg, sizeof msg) != ETO_OK) {
      snprintf(mr->message, sizeof mr->message, "measurer: %.200s", msg);
      eto_cache_close(scratch);
      remove_cache_dir(dir);
      continue;
    }
    eto_tuner_opts to = {.topk = ETO_TUNER_TOPK_DEFAULT, .cancel = &stop_requested};
    eto_tuner_result res;
    char wl[128];
    snprintf(wl, sizeof wl, "%s %s", label, names[method]);
    trial_watch w = {.label = wl};
    eto_status st =
        method == 0   ? eto_tuner_run(&alpha->op, &beta->op, &fb->best, x->t, m, scratch, &to, on_trial, &w, &res)
        : method == 1 ? eto_tuner_topk(&alpha->op, &beta->op, x->t, m, scratch, &to, on_trial, &w, &res)
                      : eto_tuner_seeded(&alpha->op, &beta->op, &fb->best, x->t, m, scratch, &to, on_trial, &w, &res);
    eto_measurer_free(m);
    double secs =
        eto_now() - t0; /* the measurer's start (reference output) counts, as in the full search */
    if (st != ETO_OK) {
      memset(mr, 0, sizeof *mr);
      mr->latency = mr->gflops = NAN;
      mr->seconds = secs;
      snprintf(mr->message, sizeof mr->message, "error: %.200s", res.message);
    } else {
      method_from(&res, secs, mr);
    }
    watch_summary(&w, mr->failures, sizeof mr->failures);
    fprintf(stderr, "  %s: %s: %s %.2f GFLOP/s, %d trials (%d failed), %.1f s%s%s\n", label, names[method],
            mr->found ? "best" : "nothing,", mr->found ? mr->gflops : 0.0, mr->trials, mr->failed, mr->seconds,
            mr->message[0] ? ": " : "", mr->message);
    eto_cache_close(scratch);
    remove_cache_dir(dir);
  }
}

static void run_pair(bench_ctx *x, pair_row *pr, int idx, int total) {
  char label[96];
  snprintf(label, sizeof label, "[pair %d/%d %s] β", idx + 1, total, kinds[pr->kind].name);
  fprintf(stderr, "[pair %d/%d %s] α = %s\n                          β = %s\n", idx + 1, total,
          kinds[pr->kind].name, x->p->ops[pr->a].key, x->p->ops[pr->b].key);
  pr->measured = 1;
  pr->match_trials = -1;
  pr->fb = find_or_run_full(x, pr->b, 'A', label);
  const full_run *fb = pr->fb >= 0 ? &x->full[pr->fb] : NULL;
  snprintf(label, sizeof label, "[pair %d/%d %s]", idx + 1, total, kinds[pr->kind].name);
  if (stop_requested) {
    snprintf(pr->note, sizeof pr->note, "interrupted");
    return;
  }
  if (fb && fb->ok) {
    run_reuse(x, pr, fb, label);
  } else {
    pr->tun.latency = pr->tun.gflops = pr->topk.latency = pr->topk.gflops = pr->seed.latency = pr->seed.gflops = NAN;
    snprintf(pr->note, sizeof pr->note, "β has no program: %.200s", fb ? fb->message : "no full search");
  }
  snprintf(label, sizeof label, "[pair %d/%d %s] α", idx + 1, total, kinds[pr->kind].name);
  if (stop_requested) {
    snprintf(pr->note, sizeof pr->note, "interrupted");
    return;
  }
  pr->fa = find_or_run_full(x, pr->a, 'B', label);
  if (stop_requested) snprintf(pr->note, sizeof pr->note, "interrupted");
  const full_run *fa = pr->fa >= 0 ? &x->full[pr->fa] : NULL;
  if (fa && fa->ok && pr->tun.found)
    for (int i = 0; i < fa->ntr; i++)
      if (fa->lat[i] <= pr->tun.latency) {
        pr->match_trials = i + 1;
        break;
      }
}

/* ---- figures of one pair ---- */

typedef struct {
  double tun_norm, topk_norm, trials_ratio, time_ratio, ttb_ratio, est_ratio;
  double seed_norm, seed_trials_ratio, seed_time_ratio; /* the reuse-seeded policy: throughput, trials, seconds */
} pair_fig;

static void figures(const bench_ctx *x, const pair_row *pr, pair_fig *f) {
  const full_run *fa = pr->fa >= 0 ? &x->full[pr->fa] : NULL;
  int full_ok = fa && fa->ok;
  f->tun_norm = full_ok && pr->tun.found ? fa->latency / pr->tun.latency : NAN;
  f->topk_norm = full_ok && pr->topk.found ? fa->latency / pr->topk.latency : NAN;
  f->trials_ratio =
      full_ok && pr->tun.found && pr->tun.trials > 0 ? (double)fa->trials / pr->tun.trials : NAN;
  f->time_ratio = full_ok && pr->tun.found && pr->tun.seconds > 0 ? fa->seconds / pr->tun.seconds : NAN;
  f->ttb_ratio = full_ok && pr->tun.found && pr->tun.seconds > 0 ? fa->ttb_s / pr->tun.seconds : NAN;
  f->est_ratio = isfinite(pr->est) && pr->tun.trials > 0 ? pr->est / pr->tun.trials : NAN;
  f->seed_norm = full_ok && pr->seed.found ? fa->latency / pr->seed.latency : NAN;
  f->seed_trials_ratio =
      full_ok && pr->seed.found && pr->seed.trials > 0 ? (double)fa->trials / pr->seed.trials : NAN;
  f->seed_time_ratio = full_ok && pr->seed.found && pr->seed.seconds > 0 ? fa->seconds / pr->seed.seconds : NAN;
}

static int pair_failed(const bench_ctx *x, const pair_row *pr) {
  const full_run *fa = pr->fa >= 0 ? &x->full[pr->fa] : NULL, *fb = pr->fb >= 0 ? &x->full[pr->fb] : NULL;
  return !fa || !fa->ok || !fb || !fb->ok || !pr->tun.found || !pr->topk.found || pr->note[0];
}

/* What the summaries need of one pair: built from a measured row, or read back from a pairs.csv (--merge). */
typedef struct {
  int kind, measured, failed, never_matched;
  int64_t match_trials; /* -1 never or unknown */
  pair_fig f;
} pair_outcome;

static pair_outcome outcome_of(const bench_ctx *x, const pair_row *pr) {
  pair_outcome o = {.kind = pr->kind, .measured = pr->measured, .match_trials = pr->match_trials};
  o.failed = pair_failed(x, pr);
  figures(x, pr, &o.f);
  o.never_matched = pr->tun.found && pr->match_trials < 0 && pr->fa >= 0 && x->full[pr->fa].ok;
  return o;
}

/* ---- statistics ---- */

typedef struct {
  int n;
  double median, min, max, mean;
} pstat;

static pstat stat_of(double *v, int n) {
  pstat s = {0, NAN, NAN, NAN, NAN};
  int m = 0;
  for (int i = 0; i < n; i++)
    if (isfinite(v[i])) v[m++] = v[i];
  if (m == 0) return s;
  qsort(v, (size_t)m, sizeof *v, bench_cmpd);
  s.n = m;
  s.min = v[0];
  s.max = v[m - 1];
  s.median = m % 2 ? v[m / 2] : (v[m / 2 - 1] + v[m / 2]) / 2;
  double sum = 0;
  for (int i = 0; i < m; i++) sum += v[i];
  s.mean = sum / m;
  return s;
}

static const char *fmt_stat(pstat s, int percent, char *buf, size_t cap) {
  if (s.n == 0)
    snprintf(buf, cap, "-");
  else if (percent)
    snprintf(buf, cap, "%.1f%% (%.1f-%.1f)", 100 * s.median, 100 * s.min, 100 * s.max);
  else
    snprintf(buf, cap, "%.2f (%.2f-%.2f)", s.median, s.min, s.max);
  return buf;
}

typedef struct {
  int pairs, measured, failures, never_matched;
  pstat tun, topk, trials, time, ttb, est, match;
  pstat seed, seed_trials, seed_time; /* the reuse-seeded policy */
  int goal_median, goal_all;           /* -1 unknown */
  int seed_goal_median, seed_goal_all; /* the seeded policy's goals; -1 unknown */
} group_sum;

static void summarize(const pair_outcome *o, int n, int kind, group_sum *g) {
  memset(g, 0, sizeof *g);
  double *v[10];
  for (int k = 0; k < 10; k++) v[k] = calloc((size_t)(n ? n : 1), sizeof(double));
  int m = 0, all_ok = 1, seed_all_ok = 1;
  for (int i = 0; i < n; i++) {
    if (kind >= 0 && o[i].kind != kind) continue;
    g->pairs++;
    if (!o[i].measured) continue;
    g->measured++;
    g->failures += o[i].failed;
    g->never_matched += o[i].never_matched;
    const pair_fig *f = &o[i].f;
    if (!(f->tun_norm >= GOAL_THROUGHPUT && f->trials_ratio >= GOAL_TRIALS_RATIO)) all_ok = 0;
    if (!(f->seed_norm >= SEEDED_GOAL_EVERY)) seed_all_ok = 0;
    if (!v[9]) continue;
    v[0][m] = f->tun_norm;
    v[1][m] = f->topk_norm;
    v[2][m] = f->trials_ratio;
    v[3][m] = f->time_ratio;
    v[4][m] = f->ttb_ratio;
    v[5][m] = f->est_ratio;
    v[6][m] = o[i].match_trials > 0 ? (double)o[i].match_trials : NAN;
    v[7][m] = f->seed_norm;
    v[8][m] = f->seed_trials_ratio;
    v[9][m] = f->seed_time_ratio;
    m++;
  }
  if (v[9]) {
    g->tun = stat_of(v[0], m);
    g->topk = stat_of(v[1], m);
    g->trials = stat_of(v[2], m);
    g->time = stat_of(v[3], m);
    g->ttb = stat_of(v[4], m);
    g->est = stat_of(v[5], m);
    g->match = stat_of(v[6], m);
    g->seed = stat_of(v[7], m);
    g->seed_trials = stat_of(v[8], m);
    g->seed_time = stat_of(v[9], m);
  }
  for (int k = 0; k < 10; k++) free(v[k]);
  g->seed_goal_median = g->seed.n && g->seed_trials.n ? g->seed.median >= SEEDED_GOAL_MEDIAN &&
                                                            g->seed_trials.median >= SEEDED_GOAL_TRIALS
                                                      : -1;
  g->seed_goal_all = g->seed.n ? seed_all_ok && g->seed.n == g->measured : -1;
  g->goal_median = g->tun.n && g->trials.n
                       ? g->tun.median >= GOAL_THROUGHPUT && g->trials.median >= GOAL_TRIALS_RATIO
                       : -1;
  g->goal_all = g->measured ? all_ok && g->failures == 0 : -1;
}

/* ---- output ---- */

/* Field width in bytes that shows s in `cols` columns (UTF-8: α and β take two bytes, one column). */
static int cols(const char *s, int width) {
  for (; *s; s++)
    if (((unsigned char)*s & 0xC0) == 0x80) width++;
  return width;
}

static void print_pair_legend(const bench_ctx *x, const pair_row *rows, int n, FILE *f) {
  fprintf(f, "%-4s %-16s %-*s %8s  %s\n", "pair", "kind", cols("α vs β", 6), "α vs β", "est",
          "α (top) / β (bottom): workload key, origin");
  for (int i = 0; i < n; i++) {
    const pair_row *pr = &rows[i];
    char e[32];
    fprintf(f, "p%-3d %-16s %-*s %8s  α %s  [%s]\n", i + 1, kinds[pr->kind].name, cols("α<β", 6),
            pr->alpha_smaller ? "α<β" : "α>β", nan_or(pr->est, "%.1f", e, sizeof e), x->p->ops[pr->a].key,
            x->p->ops[pr->a].origin);
    fprintf(f, "%-38s β %s  [%s]\n", "", x->p->ops[pr->b].key, x->p->ops[pr->b].origin);
  }
}

static void print_pair_table(const bench_ctx *x, const pair_row *rows, int n, FILE *f) {
  fprintf(f,
          "\n%-4s %-12s | %*s | %8s %5s %6s | %8s %4s | %*s %5s %6s %6s %5s %5s | %6s %6s %6s %6s %6s | %6s "
          "%5s\n",
          "pair", "kind", cols("β-full", 8), "β-full", "tuner", "tr", "s", "TopK", "tr", cols("α-full", 8),
          "α-full", "tr", "s", "ttb s", "ttb", "match", "tun/F", "topk/F", "trialx", "timex", "ttbx", "est",
          "e/a");
  fprintf(
      f,
      "%-4s %-12s | %8s | %8s %5s %6s | %8s %4s | %8s %5s %6s %6s %5s %5s | %6s %6s %6s %6s %6s | %6s %5s\n",
      "", "", "GFLOP/s", "GFLOP/s", "", "", "GFLOP/s", "", "GFLOP/s", "", "", "", "tr", "tr", "", "", "", "",
      "", "", "");
  for (int i = 0; i < n; i++) {
    const pair_row *pr = &rows[i];
    if (!pr->measured) continue;
    const full_run *fa = pr->fa >= 0 ? &x->full[pr->fa] : NULL, *fb = pr->fb >= 0 ? &x->full[pr->fb] : NULL;
    pair_fig g;
    figures(x, pr, &g);
    char b[16][32];
    char match[24];
    if (pr->match_trials > 0)
      snprintf(match, sizeof match, "%lld", (long long)pr->match_trials);
    else
      snprintf(match, sizeof match, fa && fa->ok && pr->tun.found ? "never" : "-");
    fprintf(f,
            "p%-3d %-12.12s | %8s | %8s %5d %6.1f | %8s %4d | %8s %5lld %6.1f %6s %5lld %5s | %6s %6s %6s "
            "%6s %6s | %6s %5s"
            "%s%s\n",
            i + 1, kinds[pr->kind].name, nan_or(fb ? fb->gflops : NAN, "%.2f", b[0], 32),
            nan_or(pr->tun.gflops, "%.2f", b[1], 32), pr->tun.trials, pr->tun.seconds,
            nan_or(pr->topk.gflops, "%.2f", b[2], 32), pr->topk.trials,
            nan_or(fa ? fa->gflops : NAN, "%.2f", b[3], 32), (long long)(fa ? fa->trials : 0),
            fa ? fa->seconds : 0.0, nan_or(fa ? fa->ttb_s : NAN, "%.1f", b[4], 32),
            (long long)(fa ? fa->ttb_trials : -1), match, nan_or(100 * g.tun_norm, "%.1f%%", b[5], 32),
            nan_or(100 * g.topk_norm, "%.1f%%", b[6], 32), nan_or(g.trials_ratio, "%.2f", b[7], 32),
            nan_or(g.time_ratio, "%.2f", b[8], 32), nan_or(g.ttb_ratio, "%.2f", b[9], 32),
            nan_or(pr->est, "%.1f", b[10], 32), nan_or(g.est_ratio, "%.2f", b[11], 32),
            pr->note[0] ? "  " : "", pr->note);
    fprintf(f, "     seeded: %s GFLOP/s, %d trials, %.1f s: %s of α-full, %s x fewer trials, %s x less time%s%s\n",
            nan_or(pr->seed.gflops, "%.2f", b[12], 32), pr->seed.trials, pr->seed.seconds,
            nan_or(100 * g.seed_norm, "%.1f%%", b[13], 32), nan_or(g.seed_trials_ratio, "%.1f", b[14], 32),
            nan_or(g.seed_time_ratio, "%.1f", b[15], 32), pr->seed.message[0] ? "; " : "", pr->seed.message);
    if (!pr->tun.found && pr->tun.message[0]) fprintf(f, "     tuner: %s\n", pr->tun.message);
    if (!pr->topk.found && pr->topk.message[0]) fprintf(f, "     TopK: %s\n", pr->topk.message);
    if (pr->tun.failures[0]) fprintf(f, "     tuner trials failed: %s\n", pr->tun.failures);
    if (pr->topk.failures[0]) fprintf(f, "     TopK trials failed: %s\n", pr->topk.failures);
  }
  fprintf(f, "tr: trials; ttb: the α full search's time-to-best (seconds, trials); match: α-full trials "
             "until it first\n"
             "matched the tuner's latency; tun/F, topk/F: throughput / α-full's; trialx: α-full trials / "
             "tuner trials;\n"
             "timex: α-full seconds / tuner seconds; ttbx: α-full time-to-best / tuner seconds; e/a: "
             "estimate / actual.\n");
}

static const char *goal_word(int g) { return g < 0 ? "-" : g ? "met" : "not met"; }

static void print_summary(const group_sum *g, const char *name, FILE *f) {
  char s[7][48];
  fprintf(f, "%-16s %3d/%-3d %4d | %-22s %-22s | %-20s %-20s %-20s | %-18s %5s | %-7s %-7s\n", name,
          g->measured, g->pairs, g->failures, fmt_stat(g->tun, 1, s[0], 48), fmt_stat(g->topk, 1, s[1], 48),
          fmt_stat(g->trials, 0, s[2], 48), fmt_stat(g->time, 0, s[3], 48), fmt_stat(g->ttb, 0, s[4], 48),
          fmt_stat(g->est, 0, s[5], 48), nan_or(g->est.mean, "%.2f", s[6], 48), goal_word(g->goal_median),
          goal_word(g->goal_all));
}

/* The per-kind and overall summary table, the paper's figures and the goal; fills gs (NKINDS + 1). */
static void print_summaries(const pair_outcome *oc, int n, const int *kind_on, group_sum *gs, FILE *f) {
  fprintf(f, "\n%-16s %7s %4s | %-*s %-*s | %-*s %-*s %-*s | %-18s %5s | %-7s %-7s\n", "kind", "pairs",
          "fail", cols("tuner / α-full", 22), "tuner / α-full", cols("TopK / α-full", 22), "TopK / α-full",
          cols("trials α-full/tuner", 20), "trials α-full/tuner", cols("time α-full/tuner", 20),
          "time α-full/tuner", cols("ttb α-full/tuner", 20), "ttb α-full/tuner", "est/actual trials", "mean",
          "goal", "goal");
  fprintf(f, "%-16s %7s %4s | %-22s %-22s | %-20s %-20s %-20s | %-18s %5s | %-7s %-7s\n", "", "", "",
          "median (min-max)", "median (min-max)", "median (min-max)", "median (min-max)", "median (min-max)",
          "median (min-max)", "", "median", "all");
  for (int k = 0; k < NKINDS; k++)
    if (kind_on[k]) {
      summarize(oc, n, k, &gs[k]);
      print_summary(&gs[k], kinds[k].name, f);
    }
  summarize(oc, n, -1, &gs[NKINDS]);
  print_summary(&gs[NKINDS], "overall", f);
  fprintf(f, "\nreuse-seeded policy (the default for reuse edges):\n%-16s %7s | %-*s | %-*s %-*s | %-7s %-7s\n",
          "kind", "pairs", cols("seeded / α-full", 22), "seeded / α-full", cols("trials α-full/seeded", 20),
          "trials α-full/seeded", cols("time α-full/seeded", 20), "time α-full/seeded", "goal", "goal");
  for (int k = 0; k <= NKINDS; k++) {
    if (k < NKINDS && !kind_on[k]) continue;
    const group_sum *g = &gs[k];
    char s3[3][48];
    fprintf(f, "%-16s %3d/%-3d | %-22s | %-20s %-20s | %-7s %-7s\n", k < NKINDS ? kinds[k].name : "overall",
            g->measured, g->pairs, fmt_stat(g->seed, 1, s3[0], 48), fmt_stat(g->seed_trials, 0, s3[1], 48),
            fmt_stat(g->seed_time, 0, s3[2], 48), goal_word(g->seed_goal_median), goal_word(g->seed_goal_all));
  }
  fprintf(f, "goal (seeded): median >= %.0f%% and every pair >= %.0f%% of α-full's throughput, at >= %.0fx fewer "
             "trials (median)\n",
          100 * SEEDED_GOAL_MEDIAN, 100 * SEEDED_GOAL_EVERY, SEEDED_GOAL_TRIALS);
  fprintf(f,
          "\npaper: %s\ngoal: >= %.0f%% of the full search's throughput at >= %.0fx fewer trials, per kind "
          "(\"median\": on the medians; \"all\": on every pair, no failure)\n",
          paper_figures, 100 * GOAL_THROUGHPUT, GOAL_TRIALS_RATIO);
}

static void json_stat(FILE *f, const char *name, pstat s, int last) {
  fprintf(f, "\"%s\": {\"n\": %d, \"median\": ", name, s.n);
  bench_json_num(f, s.median);
  fputs(", \"min\": ", f);
  bench_json_num(f, s.min);
  fputs(", \"max\": ", f);
  bench_json_num(f, s.max);
  fputs(", \"mean\": ", f);
  bench_json_num(f, s.mean);
  fprintf(f, "}%s", last ? "" : ", ");
}

static void json_group(FILE *f, const group_sum *g) {
  fprintf(f, "{\"pairs\": %d, \"measured\": %d, \"failures\": %d, \"never_matched\": %d, ", g->pairs,
          g->measured, g->failures, g->never_matched);
  json_stat(f, "throughput_tuner_over_full", g->tun, 0);
  json_stat(f, "throughput_topk_over_full", g->topk, 0);
  json_stat(f, "trials_full_over_tuner", g->trials, 0);
  json_stat(f, "seconds_full_over_tuner", g->time, 0);
  json_stat(f, "time_to_best_full_over_tuner_seconds", g->ttb, 0);
  json_stat(f, "estimate_over_actual_trials", g->est, 0);
  json_stat(f, "full_trials_to_match_tuner", g->match, 0);
  json_stat(f, "throughput_seeded_over_full", g->seed, 0);
  json_stat(f, "trials_full_over_seeded", g->seed_trials, 0);
  json_stat(f, "seconds_full_over_seeded", g->seed_time, 0);
  fprintf(f, "\"goal_met_median\": %s, \"goal_met_every_pair\": %s}",
          g->goal_median < 0 ? "null"
          : g->goal_median   ? "true"
                             : "false",
          g->goal_all < 0 ? "null"
          : g->goal_all   ? "true"
                          : "false");
}

/* A pair as the JSON names it. */
typedef struct {
  const char *alpha, *beta;
  int draw;
  double seconds; /* NAN when unknown */
} pair_ident;

/* The goal, "kinds" (extra[k]: leading members of kind k's object, may be ""), "overall" and "pairs" members
 * of summary.json, and its closing brace. */
static void json_results(FILE *js, const int *kind_on, char extra[][256], const group_sum *gs,
                         const pair_ident *id, const pair_outcome *o, int n) {
  fprintf(js, ",\n  \"goal\": {\"throughput\": %.2f, \"trials_ratio\": %.1f},\n  \"kinds\": {\n",
          GOAL_THROUGHPUT, GOAL_TRIALS_RATIO);
  int first = 1;
  for (int k = 0; k < NKINDS; k++) {
    if (!kind_on[k]) continue;
    fprintf(js, "%s    \"%s\": {%s\"summary\": ", first ? "" : ",\n", kinds[k].name, extra ? extra[k] : "");
    json_group(js, &gs[k]);
    fputs("}", js);
    first = 0;
  }
  fputs("\n  },\n  \"overall\": ", js);
  json_group(js, &gs[NKINDS]);
  fputs(",\n  \"pairs\": [\n", js);
  for (int i = 0; i < n; i++) {
    fprintf(js, "    {\"pair\": \"p%d\", \"kind\": \"%s\", \"draw\": %d, \"alpha\": ", i + 1,
            kinds[o[i].kind].name, id[i].draw);
    bench_json_str(js, id[i].alpha);
    fputs(", \"beta\": ", js);
    bench_json_str(js, id[i].beta);
    fputs(", \"seconds\": ", js);
    bench_json_num(js, id[i].seconds);
    fputs(", \"tuner_over_full\": ", js);
    bench_json_num(js, o[i].f.tun_norm);
    fputs(", \"topk_over_full\": ", js);
    bench_json_num(js, o[i].f.topk_norm);
    fputs(", \"trials_ratio\": ", js);
    bench_json_num(js, o[i].f.trials_ratio);
    fputs(", \"estimate_over_actual\": ", js);
    bench_json_num(js, o[i].f.est_ratio);
    fprintf(js, ", \"measured\": %s, \"failed\": %s}%s\n", o[i].measured ? "true" : "false",
            o[i].failed ? "true" : "false", i == n - 1 ? "" : ",");
  }
  fputs("  ]\n}\n", js);
}

static void csv_header(FILE *f) {
  fputs("pair,kind,draw,alpha,alpha_origin,beta,beta_origin,alpha_smaller,alpha_gflop,estimate,"
        "beta_full_gflops,beta_full_trials,beta_full_seconds,"
        "tuner_gflops,tuner_latency_s,tuner_trials,tuner_failed,tuner_seconds,"
        "topk_gflops,topk_latency_s,topk_trials,topk_failed,topk_seconds,"
        "alpha_full_gflops,alpha_full_latency_s,alpha_full_trials,alpha_full_seconds,"
        "alpha_full_ttb_seconds,alpha_full_ttb_lo,alpha_full_ttb_hi,alpha_full_ttb_trials,alpha_full_trials_"
        "to_match_tuner,"
        "alpha_full_shared_from,tuner_over_full,topk_over_full,trials_ratio,time_ratio,ttb_time_ratio,"
        "estimate_over_actual,seeded_gflops,seeded_latency_s,seeded_trials,seeded_failed,seeded_seconds,"
        "seeded_over_full,seeded_trials_ratio,seeded_time_ratio,beta_full_recipe,alpha_full_recipe,failed,note\n",
        f);
}

static void csv_row(const bench_ctx *x, const pair_row *pr, int i, FILE *f) {
  const full_run *fa = pr->fa >= 0 ? &x->full[pr->fa] : NULL, *fb = pr->fb >= 0 ? &x->full[pr->fb] : NULL;
  const pool_op *a = &x->p->ops[pr->a], *b = &x->p->ops[pr->b];
  pair_fig g;
  figures(x, pr, &g);
  fprintf(f, "p%d,%s,%d,", i + 1, kinds[pr->kind].name, pr->draw);
  bench_csv_str(f, a->key);
  fputc(',', f);
  bench_csv_str(f, a->origin);
  fputc(',', f);
  bench_csv_str(f, b->key);
  fputc(',', f);
  bench_csv_str(f, b->origin);
  fprintf(f, ",%d", pr->alpha_smaller);
  csv_num(f, eto_op_flops(&a->op) * 1e-9);
  csv_num(f, pr->est);
  csv_num(f, fb ? fb->gflops : NAN);
  csv_num(f, fb ? (double)fb->trials : NAN);
  csv_num(f, fb ? fb->seconds : NAN);
  csv_num(f, pr->tun.gflops);
  csv_num(f, pr->tun.latency);
  fprintf(f, ",%d,%d", pr->tun.trials, pr->tun.failed);
  csv_num(f, pr->tun.seconds);
  csv_num(f, pr->topk.gflops);
  csv_num(f, pr->topk.latency);
  fprintf(f, ",%d,%d", pr->topk.trials, pr->topk.failed);
  csv_num(f, pr->topk.seconds);
  csv_num(f, fa ? fa->gflops : NAN);
  csv_num(f, fa ? fa->latency : NAN);
  csv_num(f, fa ? (double)fa->trials : NAN);
  csv_num(f, fa ? fa->seconds : NAN);
  csv_num(f, fa ? fa->ttb_s : NAN);
  csv_num(f, fa ? fa->ttb_lo : NAN);
  csv_num(f, fa ? fa->ttb_hi : NAN);
  csv_num(f, fa && fa->ttb_trials > 0 ? (double)fa->ttb_trials : NAN);
  fprintf(f, ",%lld", (long long)pr->match_trials);
  fprintf(f, ",%s", fa && fa->role == 'A' ? "cacheA" : "");
  csv_num(f, g.tun_norm);
  csv_num(f, g.topk_norm);
  csv_num(f, g.trials_ratio);
  csv_num(f, g.time_ratio);
  csv_num(f, g.ttb_ratio);
  csv_num(f, g.est_ratio);
  csv_num(f, pr->seed.gflops);
  csv_num(f, pr->seed.latency);
  fprintf(f, ",%d,%d", pr->seed.trials, pr->seed.failed);
  csv_num(f, pr->seed.seconds);
  csv_num(f, g.seed_norm);
  csv_num(f, g.seed_trials_ratio);
  csv_num(f, g.seed_time_ratio);
  /* the references' best programs, so that later runs re-time them instead of searching again */
  char recipe[ETO_RECIPE_MAX];
  for (int k = 0; k < 2; k++) {
    const full_run *fr = k == 0 ? fb : fa;
    recipe[0] = 0;
    if (fr && fr->ok) eto_program_format(&fr->best, recipe, sizeof recipe);
    fputc(',', f);
    bench_csv_str(f, recipe);
  }
  fprintf(f, ",%d,", pair_failed(x, pr));
  char note[1400];
  snprintf(note, sizeof note, "%s%s%s%s%s%s%s%s%s", pr->note, pr->tun.message[0] ? " tuner: " : "",
           pr->tun.message, pr->topk.message[0] ? " topk: " : "", pr->topk.message,
           pr->tun.failures[0] ? " tuner failed trials: " : "", pr->tun.failures,
           pr->topk.failures[0] ? " topk failed trials: " : "", pr->topk.failures);
  bench_csv_str(f, note);
  fputc('\n', f);
}

/* ---- --merge: the pairs.csv files of earlier runs (chunks) as one ---- */

#define MERGE_COLS 64

typedef struct {
  char *field[MERGE_COLS]; /* in the order of csv_header's columns */
  const char *source;
  int src, line;            /* the run's place among --merge's files; the row's line in it */
  const char *alpha, *beta; /* borrowed from field[] */
  int draw;
  pair_outcome o;
} merged_row;

/* The columns a merge reads; every one but "draw" (added with --first-pair) must be there. */
enum {
  M_KIND,
  M_DRAW,
  M_ALPHA,
  M_BETA,
  M_NOTE,
  M_FAILED,
  M_MATCH,
  M_TUN_GF,
  M_FULL_GF,
  M_TUN,
  M_TOPK,
  M_TRIALS,
  M_TIME,
  M_TTB,
  M_EST,
  M_SEED, /* the seeded columns (optional: runs before the reuse-seeded policy lack them) */
  M_SEED_TRIALS,
  M_SEED_TIME,
  M_NCOL
};
static const char *const merge_col[M_NCOL] = {"kind",
                                              "draw",
                                              "alpha",
                                              "beta",
                                              "note",
                                              "failed",
                                              "alpha_full_trials_to_match_tuner",
                                              "tuner_gflops",
                                              "alpha_full_gflops",
                                              "tuner_over_full",
                                              "topk_over_full",
                                              "trials_ratio",
                                              "time_ratio",
                                              "ttb_time_ratio",
                                              "estimate_over_actual",
                                              "seeded_over_full",
                                              "seeded_trials_ratio",
                                              "seeded_time_ratio"};

static int csv_quoted(const char *column) { /* the columns csv_row writes quoted */
  return strcmp(column, "alpha") == 0 || strcmp(column, "alpha_origin") == 0 || strcmp(column, "beta") == 0 ||
         strcmp(column, "beta_origin") == 0 || strcmp(column, "note") == 0 || strcmp(column, "beta_full_recipe") == 0 ||
         strcmp(column, "alpha_full_recipe") == 0;
}

static double csv_double(const char *s) {
  char *end;
  double v = strtod(s, &end);
  return *s && end != s ? v : NAN;
}

static int cmp_merged(const void *x, const void *y) {
  const merged_row *a = x, *b = y;
  if (a->o.kind != b->o.kind) return (a->o.kind > b->o.kind) - (a->o.kind < b->o.kind);
  if (a->draw != b->draw) return (a->draw > b->draw) - (a->draw < b->draw);
  if (a->src != b->src) return (a->src > b->src) - (a->src < b->src);
  return (a->line > b->line) - (a->line < b->line);
}

static void merged_free(merged_row *rows, int n) {
  for (int i = 0; i < n; i++)
    for (int c = 0; c < MERGE_COLS; c++) free(rows[i].field[c]);
  free(rows);
}

/* Appends the rows of one bench_pairs CSV, its fields in the order canon[0..ncanon). Returns 0, or -1 with a
 * FILE:LINE message printed. */
static int merge_read(const char *path, int src, char **canon, int ncanon, merged_row **rows, int *n,
                      int *cap) {
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "bench_pairs: %s: %s\n", path, strerror(errno));
    return -1;
  }
  static char hline[1 << 16], line[1 << 16];
  char *head[MERGE_COLS], *fld[MERGE_COLS];
  int rc = -1, lineno = 1, in_kind[NKINDS] = {0}, ci[M_NCOL], cc[MERGE_COLS];
  int nh = fgets(hline, sizeof hline, f) ? bench_csv_split(hline, head, MERGE_COLS) : 0;
  for (int m = 0; m < M_NCOL; m++)
    if ((ci[m] = bench_csv_column(head, nh, merge_col[m])) < 0 && m != M_DRAW && m < M_SEED) {
      fprintf(stderr, "bench_pairs: %s:1: not a bench_pairs CSV (no column '%s')\n", path, merge_col[m]);
      goto out;
    }
  for (int c = 0; c < ncanon; c++) cc[c] = bench_csv_column(head, nh, canon[c]);
  while (fgets(line, sizeof line, f)) {
    lineno++;
    int nf = bench_csv_split(line, fld, MERGE_COLS);
    if (nf == 0) continue;
    const char *v[M_NCOL];
    for (int m = 0; m < M_NCOL; m++) v[m] = ci[m] >= 0 && ci[m] < nf ? fld[ci[m]] : "";
    int kind = kind_index(v[M_KIND]);
    if (kind < 0) {
      fprintf(stderr, "bench_pairs: %s:%d: unknown kind '%s'\n", path, lineno, v[M_KIND]);
      goto out;
    }
    in_kind[kind]++;
    if (*n == *cap) {
      int c2 = *cap ? 2 * *cap : 64;
      merged_row *r2 = realloc(*rows, sizeof *r2 * (size_t)c2);
      if (!r2) goto out;
      *rows = r2;
      *cap = c2;
    }
    merged_row *r = &(*rows)[(*n)++];
    memset(r, 0, sizeof *r);
    r->source = path;
    r->src = src;
    r->line = lineno;
    /* a run before the draw column measured pairs 1..P of each kind, in draw order */
    r->draw = atoi(v[M_DRAW]) > 0 ? atoi(v[M_DRAW]) : in_kind[kind];
    for (int c = 0; c < ncanon; c++) {
      char num[16];
      const char *s = cc[c] >= 0 && cc[c] < nf ? fld[cc[c]] : "";
      if (strcmp(canon[c], "draw") == 0) snprintf(num, sizeof num, "%d", r->draw), s = num;
      if (!(r->field[c] = strdup(s))) goto out;
      if (strcmp(canon[c], "alpha") == 0) r->alpha = r->field[c];
      if (strcmp(canon[c], "beta") == 0) r->beta = r->field[c];
    }
    pair_outcome *o = &r->o;
    o->kind = kind;
    o->measured = strncmp(v[M_NOTE], "interrupted", 11) != 0;
    o->failed = atoi(v[M_FAILED]) != 0;
    o->match_trials = *v[M_MATCH] ? atoll(v[M_MATCH]) : -1;
    o->never_matched = *v[M_TUN_GF] && *v[M_FULL_GF] && o->match_trials < 0;
    o->f = (pair_fig){csv_double(v[M_TUN]),  csv_double(v[M_TOPK]),      csv_double(v[M_TRIALS]),
                      csv_double(v[M_TIME]), csv_double(v[M_TTB]),       csv_double(v[M_EST]),
                      csv_double(v[M_SEED]), csv_double(v[M_SEED_TRIALS]), csv_double(v[M_SEED_TIME])};
  }
  rc = 0;
out:
  fclose(f);
  return rc;
}

/* --merge: reads the CSVs, drops repeated pairs, prints the per-pair figures and the summaries, writes
 * pairs.csv (pairs renumbered, kind-major in draw order) and summary.json to --out. */
static int merge_runs(const bench_args *a) {
  char *hbuf = NULL, *canon[MERGE_COLS];
  size_t hsize = 0;
  FILE *hf = open_memstream(&hbuf, &hsize);
  if (!hf) return 1;
  csv_header(hf);
  fclose(hf);
  int ncanon = bench_csv_split(hbuf, canon, MERGE_COLS), n = 0, cap = 0, rc = 1, kind_on[NKINDS] = {0};
  merged_row *rows = NULL;
  pair_outcome *oc = NULL;
  pair_ident *id = NULL;
  char srcs[4096], path[1100];
  snprintf(srcs, sizeof srcs, "%s", a->merge);
  int nsrc = 0;
  for (char *save = NULL, *tok = strtok_r(srcs, ",", &save); tok; tok = strtok_r(NULL, ",", &save), nsrc++)
    if (merge_read(tok, nsrc, canon, ncanon, &rows, &n, &cap) != 0) goto out;
  qsort(rows, (size_t)n, sizeof *rows, cmp_merged);
  for (int i = 1; i < n; i++) { /* a different pair at the same kind and draw: different draws */
    const merged_row *r = &rows[i], *prev = &rows[i - 1];
    if (prev->o.kind == r->o.kind && prev->draw == r->draw &&
        (strcmp(prev->alpha, r->alpha) != 0 || strcmp(prev->beta, r->beta) != 0)) {
      fprintf(stderr,
              "bench_pairs: %s and %s hold different %s pairs at draw %d: runs of different draws (seed or "
              "lists) do not merge\n",
              prev->source, r->source, kinds[r->o.kind].name, r->draw);
      goto out;
    }
  }
  int m = 0; /* a pair measured twice (chunks that overlap) stays once, from the first run named */
  for (int i = 0; i < n; i++) {
    merged_row *r = &rows[i];
    if (m && rows[m - 1].o.kind == r->o.kind && rows[m - 1].draw == r->draw) {
      fprintf(stderr, "bench_pairs: %s pair %d of %s is also in %s: kept once\n", kinds[r->o.kind].name,
              r->draw, r->source, rows[m - 1].source);
      for (int c = 0; c < MERGE_COLS; c++) free(r->field[c]);
      continue;
    }
    rows[m++] = *r;
  }
  n = m;
  if (!(oc = calloc((size_t)(n ? n : 1), sizeof *oc)) || !(id = calloc((size_t)(n ? n : 1), sizeof *id)))
    goto out;
  printf("bench_pairs: %s\nmerged: %d pairs from %d runs\n\n", a->cmdline, n, nsrc);
  printf("%-4s %-16s %4s | %7s %7s %7s %7s %7s %6s | %s\n", "pair", "kind", "draw", "tun/F", "topk/F",
         "trialx", "timex", "ttbx", "e/a", "from");
  for (int i = 0; i < n; i++) {
    oc[i] = rows[i].o;
    id[i] = (pair_ident){rows[i].alpha, rows[i].beta, rows[i].draw, NAN};
    kind_on[oc[i].kind] = 1;
    const pair_fig *g = &oc[i].f;
    char b[6][32];
    printf("p%-3d %-16s %4d | %7s %7s %7s %7s %7s %6s | %s%s\n", i + 1, kinds[oc[i].kind].name, rows[i].draw,
           nan_or(100 * g->tun_norm, "%.1f%%", b[0], 32), nan_or(100 * g->topk_norm, "%.1f%%", b[1], 32),
           nan_or(g->trials_ratio, "%.2f", b[2], 32), nan_or(g->time_ratio, "%.2f", b[3], 32),
           nan_or(g->ttb_ratio, "%.2f", b[4], 32), nan_or(g->est_ratio, "%.2f", b[5], 32), rows[i].source,
           !oc[i].measured ? "  (interrupted)"
           : oc[i].failed  ? "  (failed)"
                           : "");
  }
  group_sum gs[NKINDS + 1];
  print_summaries(oc, n, kind_on, gs, stdout);

  if (bench_mkdir_p(a->out) != 0) {
    fprintf(stderr, "bench_pairs: cannot create %s: %s\n", a->out, strerror(errno));
    goto out;
  }
  snprintf(path, sizeof path, "%s/pairs.csv", a->out);
  FILE *csv = fopen(path, "w");
  if (!csv) {
    fprintf(stderr, "bench_pairs: %s: %s\n", path, strerror(errno));
    goto out;
  }
  csv_header(csv);
  for (int i = 0; i < n; i++) {
    for (int c = 0; c < ncanon; c++) {
      if (c) fputc(',', csv);
      if (strcmp(canon[c], "pair") == 0)
        fprintf(csv, "p%d", i + 1);
      else if (csv_quoted(canon[c]))
        bench_csv_str(csv, rows[i].field[c]);
      else
        fputs(rows[i].field[c], csv);
    }
    fputc('\n', csv);
  }
  int bad = fclose(csv) != 0;
  snprintf(path, sizeof path, "%s/summary.json", a->out);
  FILE *js = fopen(path, "w");
  if (!js) {
    fprintf(stderr, "bench_pairs: %s: %s\n", path, strerror(errno));
    goto out;
  }
  time_t now_t = time(NULL);
  char date[64];
  strftime(date, sizeof date, "%Y-%m-%d %H:%M:%S UTC", gmtime(&now_t));
  fputs("{\n  \"command\": ", js);
  bench_json_str(js, a->cmdline);
  fputs(",\n  \"date\": ", js);
  bench_json_str(js, date);
  fputs(",\n  \"merged_from\": ", js);
  bench_json_str(js, a->merge);
  fputs(",\n  \"paper\": ", js);
  bench_json_str(js, paper_figures);
  json_results(js, kind_on, NULL, gs, id, oc, n);
  bad |= fclose(js) != 0;
  printf("wrote %s/pairs.csv and %s/summary.json\n", a->out, a->out);
  rc = bad;
out:
  merged_free(rows, n);
  free(oc);
  free(id);
  free(hbuf);
  return rc;
}

/* ---- main ---- */

int main(int argc, char **argv) {
  bench_args a;
  int pa = parse_args(argc, argv, &a);
  if (pa != 0) return pa > 0 ? 0 : 2;
  if (a.merge) return merge_runs(&a);
  eto_target t;
  eto_target_cpu(a.threads, &t);
  /* everything released at `out` */
  int rc = 1;
  pool p = {0};
  int *cand[NKINDS] = {0}; /* pairs (a, b) flattened */
  pair_row *rows = NULL;
  bench_ctx x = {.a = &a, .t = &t, .p = &p};
  FILE *csv = NULL, *js = NULL;
  double *pair_seconds = NULL;
  pair_outcome *oc = NULL; /* the figures of every row, for the summaries and summary.json */
  pair_ident *id = NULL;
  char lists[32][256];
  int nlists = 0;
  if (load_lists(&a, &p, lists, &nlists) != 0 || add_bridges(&p, &t) != 0) goto out;

  /* candidates per kind: every ordered reuse pair of the pool */
  int ncand[NKINDS] = {0}, nops[NKINDS] = {0}, nbridges[NKINDS] = {0};
  for (int i = 0; i < p.n; i++)
    if (p.ops[i].kind >= 0) {
      nops[p.ops[i].kind]++;
      nbridges[p.ops[i].kind] += p.ops[i].bridge;
    }
  for (int k = 0; k < NKINDS; k++) {
    if (!a.kind_on[k]) continue;
    cand[k] = malloc(sizeof(int) * 2 * (size_t)(nops[k] * nops[k] + 1));
    if (!cand[k]) goto out;
    for (int i = 0; i < p.n; i++)
      for (int j = 0; j < p.n; j++)
        if (i != j && p.ops[i].kind == k && p.ops[j].kind == k &&
            eto_sel_reuse_pair(&p.ops[i].op, &p.ops[j].op, &t)) {
          cand[k][2 * ncand[k]] = i;
          cand[k][2 * ncand[k] + 1] = j;
          ncand[k]++;
        }
  }

  /* draw: a partial Fisher-Yates per kind, one RNG stream per kind so --kinds does not change the others */
  int total = 0;
  for (int k = 0; k < NKINDS; k++)
    if (a.kind_on[k]) {
      int upto = ncand[k] < a.pairs ? ncand[k] : a.pairs;
      total += upto >= a.first_pair ? upto - a.first_pair + 1 : 0;
    }
  rows = calloc((size_t)(total ? total : 1), sizeof *rows);
  if (!rows) goto out;
  int nrows = 0, drawn[NKINDS] = {0};
  for (int k = 0; k < NKINDS; k++) {
    if (!a.kind_on[k]) continue;
    eto_rng rng;
    eto_rng_seed(&rng, a.seed + 0x9e3779b97f4a7c15ull * (uint64_t)(k + 1));
    int n = ncand[k];
    for (int d = 0; d < n && d < a.pairs; d++) {
      int r = d + (int)eto_rng_below(&rng, n - d);
      for (int c = 0; c < 2; c++) {
        int tmp = cand[k][2 * d + c];
        cand[k][2 * d + c] = cand[k][2 * r + c];
        cand[k][2 * r + c] = tmp;
      }
      if (d + 1 < a.first_pair) continue; /* measured by an earlier chunk */
      pair_row *pr = &rows[nrows++];
      pr->kind = k;
      pr->draw = d + 1;
      pr->a = cand[k][2 * d];
      pr->b = cand[k][2 * d + 1];
      pr->fa = pr->fb = -1;
      pr->match_trials = -1;
      pr->tun.latency = pr->tun.gflops = pr->topk.latency = pr->topk.gflops = NAN;
      pr->alpha_smaller = eto_op_flops(&p.ops[pr->a].op) <= eto_op_flops(&p.ops[pr->b].op);
      double est = 0;
      pr->est =
          eto_tuner_estimate(&p.ops[pr->a].op, &p.ops[pr->b].op, &t, a.seed, &est) == ETO_OK ? est : NAN;
      drawn[k]++;
    }
  }

  time_t now_t = time(NULL);
  char date[64];
  strftime(date, sizeof date, "%Y-%m-%d %H:%M:%S UTC", gmtime(&now_t));
  eto_measure_opts mo;
  eto_measure_opts_default(&mo);
  mo.min_repeat_seconds = a.min_repeat_ms / 1e3;
  mo.threads = a.threads;
  mo.seed = a.seed;
  char protocol[512];
  eto_measure_protocol(ETO_TARGET_CPU, &mo, protocol, sizeof protocol);

  printf("bench_pairs: %s\ndate: %s\ntarget: %s (fingerprint %s)\nprotocol: %s\n", a.cmdline, date,
         t.description, t.fingerprint, protocol);
  printf("lists:");
  for (int i = 0; i < nlists; i++) printf(" %s", lists[i]);
  printf("\npool: %d list operators + %d bridges; seed %llu, pairs %d-%d of each kind's draw, %d trials per "
         "full search\n\n",
         p.nlist, p.n - p.nlist, (unsigned long long)a.seed, a.first_pair, a.pairs, a.trials);
  printf("%-16s %9s %8s %11s %6s\n", "kind", "operators", "bridges", "candidates", "drawn");
  for (int k = 0; k < NKINDS; k++)
    if (a.kind_on[k])
      printf("%-16s %9d %8d %11d %6d%s\n", kinds[k].name, nops[k] - nbridges[k], nbridges[k], ncand[k],
             drawn[k], ncand[k] < a.pairs ? "  (fewer candidates than --pairs: all of them)" : "");
  printf("\n");
  x.mo = mo;
  print_pair_legend(&x, rows, nrows, stdout);
  { /* sizing: distinct full searches (by workload, and by role without sharing) and estimated tuner trials */
    int nb = 0, na = 0, nu = 0;
    double est_sum = 0;
    for (int i = 0; i < nrows; i++) {
      int new_b = 1, new_a = 1, new_ub = 1, new_ua = 1;
      for (int j = 0; j < i; j++) {
        new_b &= rows[j].b != rows[i].b;
        new_a &= rows[j].a != rows[i].a;
        new_ub &= rows[j].a != rows[i].b && rows[j].b != rows[i].b;
        new_ua &= rows[j].a != rows[i].a && rows[j].b != rows[i].a;
      }
      nb += new_b;
      na += new_a;
      nu += new_ub + (new_ua && rows[i].a != rows[i].b);
      if (isfinite(rows[i].est)) est_sum += rows[i].est;
    }
    printf("\nfull searches: %d distinct workloads (%d as β, %d as α; %d with --no-share-full) of %d trials "
           "each; "
           "tuner: %.0f estimated trials in all\n",
           nu, nb, na, nb + na, a.trials, est_sum);
  }
  if (a.dry_run) {
    printf("\ndry run: nothing measured\n");
    rc = 0;
    goto out;
  }
  if (nrows == 0) {
    fprintf(stderr, "bench_pairs: no pairs to measure\n");
    goto out;
  }
  fflush(stdout);

  /* caches, output files */
  char dir_a[512], dir_b[512];
  if (fresh_dir("A", dir_a, sizeof dir_a) != 0 || fresh_dir("B", dir_b, sizeof dir_b) != 0) {
    fprintf(stderr, "bench_pairs: mkdtemp: %s\n", strerror(errno));
    goto out;
  }
  x.cache_a = open_cache(dir_a);
  x.cache_b = open_cache(dir_b);
  if (!x.cache_a || !x.cache_b) goto out;
  if (bench_mkdir_p(a.out) != 0) {
    fprintf(stderr, "bench_pairs: cannot create %s: %s\n", a.out, strerror(errno));
    goto out;
  }
  char path[1100];
  snprintf(path, sizeof path, "%s/pairs.csv", a.out);
  csv = fopen(path, "w");
  if (!csv) {
    fprintf(stderr, "bench_pairs: %s: %s\n", path, strerror(errno));
    goto out;
  }
  csv_header(csv);
  fflush(csv);
  eto_backend_opts_default(&x.bo);
  x.bo.trials_per_op = a.trials;
  x.bo.seed = a.seed;
  x.bo.transfer = 0;
  x.bo.measure = mo;
  x.capfull = 2 * nrows;
  x.full = calloc((size_t)x.capfull, sizeof *x.full);
  if (!x.full) goto out;
  fprintf(stderr, "bench_pairs: %d pairs; cache A %s, cache B %s\n", nrows, dir_a, dir_b);
  double t_run = eto_now();
  pair_seconds = calloc((size_t)nrows, sizeof *pair_seconds);
  install_signals();
  x.bo.cancel = &stop_requested;
  int done = 0;
  for (int i = 0; i < nrows && !stop_requested; i++) {
    double t0 = eto_now();
    run_pair(&x, &rows[i], i, nrows);
    if (pair_seconds) pair_seconds[i] = eto_now() - t0;
    csv_row(&x, &rows[i], i, csv);
    fflush(csv);
    if (strcmp(rows[i].note, "interrupted") == 0)
      rows[i].measured = 0; /* in the CSV, not in the figures */
    else
      done++;
  }
  if (stop_requested)
    fprintf(stderr, "bench_pairs: interrupted: %d of %d pairs done; writing what there is\n", done, nrows);
  double run_seconds = eto_now() - t_run;
  int csv_bad = fclose(csv) != 0;
  csv = NULL;

  /* tables */
  print_pair_table(&x, rows, nrows, stdout);
  oc = calloc((size_t)(nrows ? nrows : 1), sizeof *oc);
  id = calloc((size_t)(nrows ? nrows : 1), sizeof *id);
  if (!oc || !id) goto out;
  for (int i = 0; i < nrows; i++) {
    oc[i] = outcome_of(&x, &rows[i]);
    id[i] = (pair_ident){p.ops[rows[i].a].key, p.ops[rows[i].b].key, rows[i].draw,
                         pair_seconds ? pair_seconds[i] : NAN};
  }
  group_sum gs[NKINDS + 1];
  print_summaries(oc, nrows, a.kind_on, gs, stdout);
  for (int k = 0; k < NKINDS; k++)
    if (a.kind_on[k] && ncand[k] < a.pairs)
      printf("note: %s has %d candidate pairs, fewer than --pairs %d: all of them were used\n", kinds[k].name,
             ncand[k], a.pairs);
  printf("run: %.0f s for %d of %d pairs (%.1f s per pair); %d full searches%s\ncaches kept: A %s, B %s\n",
         run_seconds, done, nrows, done ? run_seconds / done : 0.0, x.nfull,
         stop_requested ? "; INTERRUPTED" : "", dir_a, dir_b);

  /* summary.json */
  snprintf(path, sizeof path, "%s/summary.json", a.out);
  js = fopen(path, "w");
  if (!js) {
    fprintf(stderr, "bench_pairs: %s: %s\n", path, strerror(errno));
    goto out;
  }
  fputs("{\n  \"command\": ", js);
  bench_json_str(js, a.cmdline);
  fputs(",\n  \"date\": ", js);
  bench_json_str(js, date);
  fputs(",\n  \"target\": ", js);
  bench_json_str(js, t.description);
  fputs(",\n  \"fingerprint\": ", js);
  bench_json_str(js, t.fingerprint);
  fputs(",\n  \"protocol\": ", js);
  bench_json_str(js, protocol);
  fputs(",\n  \"lists\": [", js);
  for (int i = 0; i < nlists; i++) {
    if (i) fputs(", ", js);
    bench_json_str(js, lists[i]);
  }
  fprintf(
      js,
      "],\n  \"options\": {\"pairs_per_kind\": %d, \"trials\": %d, \"seed\": %llu, \"threads\": %d, "
      "\"min_repeat_ms\": %g, \"topk\": %d, \"share_full\": %s, \"transfer\": false, \"first_pair\": %d},\n",
      a.pairs, a.trials, (unsigned long long)a.seed, a.threads, a.min_repeat_ms, ETO_TUNER_TOPK_DEFAULT,
      a.share_full ? "true" : "false", a.first_pair);
  fputs("  \"method\": ", js);
  bench_json_str(
      js,
      "beta: full search (cache A, fresh, transfer off); tuner and TopK on alpha in a per-pair scratch cache "
      "holding beta's records; alpha: full search (cache B, fresh, transfer off; a workload's full search "
      "runs once and is shared between roles unless --no-share-full); seconds include the measurer's start; "
      "time-to-best from cache trials (seq order) bracketed by unix seconds and round ends");
  fputs(",\n  \"cache_a\": ", js);
  bench_json_str(js, dir_a);
  fputs(",\n  \"cache_b\": ", js);
  bench_json_str(js, dir_b);
  fprintf(js,
          ",\n  \"run_seconds\": %.1f, \"full_searches\": %d, \"pairs_done\": %d, \"interrupted\": %s,\n  "
          "\"paper\": ",
          run_seconds, x.nfull, done, stop_requested ? "true" : "false");
  bench_json_str(js, paper_figures);
  char extra[NKINDS][256];
  for (int k = 0; k < NKINDS; k++)
    snprintf(extra[k], sizeof extra[k],
             "\"operators\": %d, \"bridges\": %d, \"candidates\": %d, \"drawn\": %d, "
             "\"fewer_than_requested\": %s, ",
             nops[k] - nbridges[k], nbridges[k], ncand[k], drawn[k], ncand[k] < a.pairs ? "true" : "false");
  json_results(js, a.kind_on, extra, gs, id, oc, nrows);

  int js_bad = fclose(js) != 0;
  js = NULL;
  printf("wrote %s/pairs.csv and %s/summary.json\n", a.out, a.out);
  rc = csv_bad || js_bad ? 1 : 0;
out:
  if (csv) fclose(csv);
  if (js) fclose(js);
  eto_cache_close(x.cache_a);
  eto_cache_close(x.cache_b);
  for (int i = 0; x.full && i < x.nfull; i++) free(x.full[i].lat);
  free(x.full);
  free(pair_seconds);
  free(oc);
  free(id);
  free(rows);
  for (int k = 0; k < NKINDS; k++) free(cand[k]);
  free(p.ops);
  return rc;
}
