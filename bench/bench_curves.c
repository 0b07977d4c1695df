/* bench_curves — tuning curves of the full search (docs/architecture.md §6) against random sampling at equal trials, next
 * to OpenBLAS sgemm / oneDNN convolution and the machine's FMA peak, measured in one run (backend issue,
 * figures).
 *
 *   build/bench/bench_curves [--trials 1000] [--seeds 3] [--ops gemm,conv] [--threads 0]
 *                            [--min-repeat-ms 100] [--per-round 64] [--out bench/out/curves] [--keep]
 *
 * For every operator and seed s = 1..S:
 *   full    eto_backend_tune on a fresh LMDB cache (mkdtemp, removed afterwards unless --keep), transfer off,
 *           seed s. The curve is read back from that cache's trials in measurement order (seq), so it is
 *           exactly the best-so-far median latency the search saw; elapsed time per trial is interpolated
 *           linearly inside each round between the progress callback's round ends.
 *   random  N distinct valid programs drawn with eto_sched_sample_valid (rng seeded with s), measured one at
 * a time by an eto_measurer with the same measurement options; elapsed time is exact. The vendor references
 * and the peak are measured before and after the tuning runs, with the same threads and minimum repeat time;
 * the better of the two is the reference (both are in summary.json).
 *
 * Outputs: a table on stdout; DIR/curves.csv (op,method,seed,trial,best_gflops,elapsed_s); DIR/summary.json;
 * DIR/curves_<op>.dat + .gp and, when gnuplot is installed, DIR/curves_<op>.png. Progress on stderr. Ctrl-C
 * stops after the candidate being measured and still writes what was measured. */
#define _GNU_SOURCE
#include <errno.h>
#include <ftw.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
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
#include "measure.h"
#include "vendor.h"

static const struct {
  const char *name, *title, *line;
  int conv; /* 1: oneDNN convolution is the reference, 0: OpenBLAS sgemm */
} cases[] = {
    {"gemm", "GEMM 1024x1024x1024", "matmul m=1024 n=1024 k=1024", 0},
    {"conv", "ResNet-50 conv 3x3 128->128 28x28", "conv2d n=1 c=128 h=28 w=28 k=128 r=3 s=3 stride=1 pad=1",
     1},
};
#define NCASES ((int)(sizeof cases / sizeof cases[0]))

enum { M_FULL, M_RANDOM, M_COUNT };
static const char *const method_name[M_COUNT] = {"full", "random"};

typedef struct {
  int trials, seeds, threads, per_round, keep;
  double min_repeat_ms;
  const char *out;
  int use[NCASES];
} options;

/* One tuning run: (op, method, seed). */
typedef struct {
  int n;                               /* trials measured */
  double *best;                        /* best-so-far GFLOP/s after trial i (0 until a candidate succeeded) */
  double *elapsed;                     /* seconds since the run started, after trial i */
  int failed;                          /* measure errors */
  int errors[ETO_MEASURE_ERROR_COUNT]; /* trials per outcome (ETO_MEASURE_OK included) */
  double seconds;                      /* wall time of the run */
  double measure_s;                    /* compile + check + timing of candidates */
  double compile_s;                    /* of which compiling, as the workers report it */
  double search_s;                     /* full: sampling + evolution + features; random: drawing programs */
  double train_s;                      /* full: cost-model training */
  char recipe[ETO_RECIPE_MAX];
  char cache_dir[256]; /* full with --keep: where the cache stays */
  char note[256];      /* why the run stopped early, or "" */
  char *report_json;   /* full: the backend's report (malloc'd) */
} run;

static volatile int cancel_flag;
static void on_signal(int sig) {
  (void)sig;
  cancel_flag = 1;
}



/* median, min and max of v[0..n-1] (sorts v) */
static void stats(double *v, int n, double *med, double *lo, double *hi) {
  if (n == 0) {
    *med = *lo = *hi = 0;
    return;
  }
  qsort(v, (size_t)n, sizeof *v, bench_cmpd);
  *med = n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
  *lo = v[0];
  *hi = v[n - 1];
}

/* best-so-far after `trials` trials; a run that stopped early keeps its final best */
static double best_at(const run *r, int trials) {
  if (r->n == 0 || trials < 1) return 0;
  return r->best[(trials < r->n ? trials : r->n) - 1];
}

static int alloc_run(run *r, int n) {
  memset(r, 0, sizeof *r);
  r->best = calloc((size_t)(n > 0 ? n : 1), sizeof *r->best);
  r->elapsed = calloc((size_t)(n > 0 ? n : 1), sizeof *r->elapsed);
  return r->best && r->elapsed ? 0 : -1;
}

static void free_run(run *r) {
  free(r->best);
  free(r->elapsed);
  free(r->report_json);
}

/* ---- full search on a fresh cache ---- */

typedef struct {
  const char *opname;
  int seed, cap, nrounds;
  int64_t *round_trials; /* trials after each round */
  double *round_elapsed; /* backend-call seconds at each round end */
} full_progress;

static void on_progress(const eto_backend_progress *p, void *user) {
  full_progress *fp = user;
  if (p->event == ETO_BACKEND_EVENT_ROUND && fp->nrounds < fp->cap) {
    fp->round_trials[fp->nrounds] = p->task_trials;
    fp->round_elapsed[fp->nrounds] = p->elapsed;
    fp->nrounds++;
    fprintf(stderr, "%s seed %d full: %lld/%lld trials, best %.1f GFLOP/s, %.1f s\n", fp->opname, fp->seed,
            (long long)p->task_trials, (long long)p->task_budget, p->best_gflops, p->elapsed);
  } else if (p->event == ETO_BACKEND_EVENT_MESSAGE && p->message) {
    fprintf(stderr, "%s seed %d full: %s\n", fp->opname, fp->seed, p->message);
  }
}

typedef struct {
  run *r;
  int cap;
  double flops, best;
} trial_reader;

static int read_trial(const eto_cache_trial *rec, void *user) {
  trial_reader *tr = user;
  if (tr->r->n >= tr->cap) return 1;
  if (rec->status == ETO_CACHE_TRIAL_OK && rec->latency_s > 0) {
    double g = tr->flops / rec->latency_s * 1e-9;
    if (g > tr->best) tr->best = g;
  }
  int e = eto_measure_error_from_name(eto_cache_trial_status_name(rec->status));
  tr->r->errors[e >= 0 && e < ETO_MEASURE_ERROR_COUNT ? e : ETO_MEASURE_RUNTIME]++;
  tr->r->best[tr->r->n++] = tr->best;
  return 0;
}

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw) {
  (void)sb;
  (void)flag;
  (void)ftw;
  return remove(path);
}

static int run_full(const eto_op *op, const char *opname, const eto_target *t, const options *o,
                    const eto_measure_opts *mo, int seed, run *r) {
  if (alloc_run(r, o->trials) != 0) return -1;
  const char *tmp = getenv("TMPDIR");
  snprintf(r->cache_dir, sizeof r->cache_dir, "%s/etotune-curves-%s-%d-XXXXXX", tmp && *tmp ? tmp : "/tmp",
           opname, seed);
  if (!mkdtemp(r->cache_dir)) {
    fprintf(stderr, "bench_curves: mkdtemp %s: %s\n", r->cache_dir, strerror(errno));
    return -1;
  }
  eto_cache *cache = NULL;
  if (eto_cache_open(r->cache_dir, NULL, &cache) != ETO_CACHE_OK) {
    fprintf(stderr, "bench_curves: cache %s: %s\n", r->cache_dir, eto_cache_errmsg(cache));
    eto_cache_close(cache);
    return -1;
  }
  eto_backend_opts bo;
  eto_backend_opts_default(&bo);
  bo.trials_per_op = o->trials;
  bo.measures_per_round = o->per_round;
  bo.transfer = 0;
  bo.seed = (uint64_t)seed;
  bo.measure = *mo;
  bo.cancel = &cancel_flag;
  full_progress fp = {.opname = opname, .seed = seed, .cap = o->trials + 1};
  fp.round_trials = calloc((size_t)fp.cap, sizeof *fp.round_trials);
  fp.round_elapsed = calloc((size_t)fp.cap, sizeof *fp.round_elapsed);
  eto_backend_report rep;
  char msg[1024];
  int rc = -1;
  if (!fp.round_trials || !fp.round_elapsed) goto out;
  eto_status st = eto_backend_tune(op, 1, t, cache, &bo, on_progress, &fp, &rep, msg, sizeof msg);
  if (st != ETO_OK) {
    fprintf(stderr, "bench_curves: %s seed %d: full search: %s\n", opname, seed, msg);
    eto_backend_report_free(&rep);
    goto out;
  }
  r->seconds = rep.seconds;
  r->measure_s = rep.measure_seconds;
  r->compile_s = rep.compile_seconds;
  r->search_s = rep.search_seconds;
  r->train_s = rep.train_seconds;
  r->failed = (int)rep.failed_trials;
  r->report_json = eto_backend_report_json(&rep);
  if (rep.count == 1) {
    snprintf(r->recipe, sizeof r->recipe, "%s", rep.ops[0].recipe);
    snprintf(r->note, sizeof r->note, "%s", rep.ops[0].message);
  }
  char key[512];
  eto_op_key(op, key, sizeof key);
  trial_reader tr = {.r = r, .cap = o->trials, .flops = eto_op_flops(op)};
  eto_cache_status cs = eto_cache_foreach_trial(cache, t->fingerprint, key, read_trial, &tr);
  if (cs != ETO_CACHE_OK)
    fprintf(stderr, "bench_curves: %s seed %d: reading trials: %s\n", opname, seed, eto_cache_errmsg(cache));
  if (rep.count == 1 && r->n != rep.ops[0].new_trials)
    fprintf(stderr, "bench_curves: %s seed %d: %d trials in the cache but the report says %lld\n", opname,
            seed, r->n, (long long)rep.ops[0].new_trials);
  if (rep.count == 1 && r->n > 0 && fabs(r->best[r->n - 1] - rep.ops[0].gflops) > 1e-6 * rep.ops[0].gflops)
    fprintf(stderr, "bench_curves: %s seed %d: curve ends at %.3f GFLOP/s, report says %.3f\n", opname, seed,
            r->best[r->n - 1], rep.ops[0].gflops);
  /* elapsed per trial: linear inside each round, between the round ends the progress callback saw */
  int64_t prev_trials = 0;
  double prev_elapsed = 0;
  for (int k = 0, j = 0; k < fp.nrounds; k++) {
    int64_t n = fp.round_trials[k] - prev_trials;
    for (; j < r->n && j < fp.round_trials[k]; j++)
      r->elapsed[j] = prev_elapsed + (fp.round_elapsed[k] - prev_elapsed) * (double)(j + 1 - prev_trials) /
                                         (double)(n > 0 ? n : 1);
    prev_trials = fp.round_trials[k];
    prev_elapsed = fp.round_elapsed[k];
  }
  eto_backend_report_free(&rep);
  rc = 0;
out:
  free(fp.round_trials);
  free(fp.round_elapsed);
  eto_cache_close(cache);
  if (!o->keep) {
    nftw(r->cache_dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
    r->cache_dir[0] = 0;
  }
  return rc;
}

/* ---- random sampling at equal trials ---- */

/* A set of 64-bit recipe hashes (open addressing; 0 is remapped), so that random sampling never measures a
 * program twice, like the full search. */
typedef struct {
  uint64_t *slot;
  size_t cap;
} hashset;

static uint64_t recipe_hash(const char *s) {
  uint64_t h = eto_hash_str(ETO_HASH_SEED, s);
  return h ? h : 1; /* 0 marks an empty slot */
}

/* 1 when added, 0 when present; cap is a power of two above twice the number of insertions */
static int hashset_add(hashset *s, uint64_t h) {
  size_t i = (size_t)h & (s->cap - 1);
  while (s->slot[i]) {
    if (s->slot[i] == h) return 0;
    i = (i + 1) & (s->cap - 1);
  }
  s->slot[i] = h;
  return 1;
}

static int run_random(const eto_op *op, const char *opname, const eto_target *t, const options *o,
                      const eto_measure_opts *mo, int seed, run *r) {
  if (alloc_run(r, o->trials) != 0) return -1;
  double t0 = eto_now();
  eto_compute c;
  eto_op_compute(op, &c);
  double flops = eto_op_flops(op);
  eto_measurer *m = NULL;
  char msg[1024];
  if (eto_measurer_create(op, t, mo, &m, msg, sizeof msg) != ETO_OK) {
    fprintf(stderr, "bench_curves: %s seed %d: random: %s\n", opname, seed, msg);
    return -1;
  }
  hashset seen = {.cap = 1024};
  while (seen.cap < 2 * (size_t)o->trials) seen.cap *= 2;
  seen.slot = calloc(seen.cap, sizeof *seen.slot);
  if (!seen.slot) {
    eto_measurer_free(m);
    return -1;
  }
  eto_rng rng;
  eto_rng_seed(&rng, (uint64_t)seed);
  eto_sample_opts so = {.imperfect = 0}; /* as the backend's default search space: divisors only */
  double best = 0;
  const int max_dups = 1000;
  int jobs = eto_measurer_jobs(m);
  while (r->n < o->trials && !cancel_flag) {
    /* a batch of new valid programs, built at once by the measurer as the full search's are */
    double s0 = eto_now();
    eto_program p[ETO_MEASURE_MAX_JOBS];
    char recipe[ETO_MEASURE_MAX_JOBS][ETO_RECIPE_MAX];
    int np = 0, exhausted = 0;
    while (np < jobs && r->n + np < o->trials && !exhausted) {
      int found = 0;
      for (int d = 0; d < max_dups && !found; d++) {
        if (eto_sched_sample_valid(&c, t, &so, &rng, 0, &p[np]) != 0) break;
        eto_program_format(&p[np], recipe[np], sizeof recipe[np]);
        found = hashset_add(&seen, recipe_hash(recipe[np]));
      }
      if (found) np++;
      else exhausted = 1;
    }
    r->search_s += eto_now() - s0;
    eto_measure_result mr[ETO_MEASURE_MAX_JOBS];
    double m0 = eto_now();
    eto_measurer_set_best(m, best > 0 ? flops / best * 1e-9 : 0); /* same pruning as the full search */
    eto_measurer_run_batch(m, p, np, mr);
    r->measure_s += eto_now() - m0;
    for (int k = 0; k < np; k++) {
      r->compile_s += mr[k].compile_seconds;
      r->errors[mr[k].error]++;
      if (mr[k].error == ETO_MEASURE_OK && mr[k].median > 0) {
        double g = flops / mr[k].median * 1e-9;
        if (g > best) {
          best = g;
          memcpy(r->recipe, recipe[k], sizeof r->recipe); /* both ETO_RECIPE_MAX, NUL-terminated */
        }
      } else {
        r->failed++;
      }
      r->best[r->n] = best;
      r->elapsed[r->n] = eto_now() - t0;
      r->n++;
      if (r->n % o->per_round == 0 || r->n == o->trials)
        fprintf(stderr, "%s seed %d random: %d/%d trials, best %.1f GFLOP/s, %.1f s\n", opname, seed, r->n,
                o->trials, best, r->elapsed[r->n - 1]);
    }
    if (exhausted) {
      snprintf(r->note, sizeof r->note, "no new valid program in %d draws after %d trials", max_dups, r->n);
      fprintf(stderr, "%s seed %d random: %s\n", opname, seed, r->note);
      break;
    }
  }
  eto_measurer_free(m);
  free(seen.slot);
  r->seconds = eto_now() - t0;
  return 0;
}

/* ---- results ---- */

typedef struct {
  int ci;
  eto_op op;
  double flops;
  run runs[M_COUNT][64];      /* [method][seed-1] */
  int done[M_COUNT][64];      /* run finished (possibly early) */
  double vendor, vendor_plus; /* GFLOP/s, the better of the two measurements below; < 0 when unavailable;
                                 vendor_plus: oneDNN with reorders */
  double vendor_at[2], vendor_plus_at[2]; /* before and after the tuning runs */
} op_result;

#define MAX_SEEDS 64

static int nckpt(const options *o, int *ck) {
  static const int base[] = {16, 32, 64, 128, 256, 512};
  int n = 0;
  for (size_t i = 0; i < sizeof base / sizeof base[0]; i++)
    if (base[i] < o->trials) ck[n++] = base[i];
  ck[n++] = o->trials;
  return n;
}

/* median/min/max over the finished seeds of best-so-far at `trials` */
static int seed_stats(const op_result *res, const options *o, int method, int trials, double *med, double *lo,
                      double *hi) {
  double v[MAX_SEEDS];
  int n = 0;
  for (int s = 0; s < o->seeds; s++)
    if (res->done[method][s]) v[n++] = best_at(&res->runs[method][s], trials);
  stats(v, n, med, lo, hi);
  return n;
}

typedef struct {
  double seconds, measure, compile, search, train, trials; /* sums over finished seeds */
  double outside_lo, outside_hi;                           /* per-seed min / max of the outside share */
} time_sum;

static void time_sums(const op_result *res, const options *o, int method, time_sum *ts) {
  memset(ts, 0, sizeof *ts);
  ts->outside_lo = 1;
  for (int s = 0; s < o->seeds; s++) {
    if (!res->done[method][s]) continue;
    const run *r = &res->runs[method][s];
    ts->seconds += r->seconds;
    ts->measure += r->measure_s;
    ts->compile += r->compile_s;
    ts->search += r->search_s;
    ts->train += r->train_s;
    ts->trials += r->n;
    double out = r->seconds > 0 ? (r->seconds - r->measure_s) / r->seconds : 0;
    if (out < ts->outside_lo) ts->outside_lo = out;
    if (out > ts->outside_hi) ts->outside_hi = out;
  }
  if (ts->outside_lo > ts->outside_hi) ts->outside_lo = ts->outside_hi = 0;
}

/* "compile 2, run_timeout 3" */
static void format_errors(const run *r, char *buf, int cap) {
  int len = 0;
  buf[0] = 0;
  for (int e = 1; e < ETO_MEASURE_ERROR_COUNT && len < cap; e++)
    if (r->errors[e])
      len += snprintf(buf + len, (size_t)(cap - len), "%s%s %d", len ? ", " : "",
                      eto_measure_error_name((eto_measure_error)e), r->errors[e]);
}

static double pct(double a, double b) { return b > 0 ? 100 * a / b : NAN; }

static void print_table(const op_result *res, const options *o, double peak) {
  const char *vname = cases[res->ci].conv ? "oneDNN" : "OpenBLAS";
  printf("\n== %s: %s  (%s; %.3f GFLOP) ==\n", cases[res->ci].name, cases[res->ci].title, cases[res->ci].line,
         res->flops * 1e-9);
  if (cases[res->ci].conv)
    printf("%s conv %.1f GFLOP/s (with NCHW reorders %.1f), FMA peak %.1f GFLOP/s\n", vname, res->vendor,
           res->vendor_plus, peak);
  else
    printf("%s sgemm %.1f GFLOP/s, FMA peak %.1f GFLOP/s\n", vname, res->vendor, peak);
  printf("best GFLOP/s after N trials: median over seeds [min - max]\n");
  printf("%7s | %-28s | %-28s | %s\n", "trials", "full search", "random sampling", "full/random");
  int ck[8], nck = nckpt(o, ck);
  double fmed = 0, rmed = 0, lo, hi;
  for (int i = 0; i < nck; i++) {
    char a[64], b[64];
    seed_stats(res, o, M_FULL, ck[i], &fmed, &lo, &hi);
    snprintf(a, sizeof a, "%8.1f [%7.1f - %7.1f]", fmed, lo, hi);
    seed_stats(res, o, M_RANDOM, ck[i], &rmed, &lo, &hi);
    snprintf(b, sizeof b, "%8.1f [%7.1f - %7.1f]", rmed, lo, hi);
    printf("%7d | %-28s | %-28s | %6.2fx\n", ck[i], a, b, rmed > 0 ? fmed / rmed : NAN);
  }
  printf("final: full/random %.2fx; full search = %.1f%% of %s", rmed > 0 ? fmed / rmed : NAN,
         pct(fmed, res->vendor), vname);
  if (cases[res->ci].conv) printf(" (%.1f%% of %s with reorders)", pct(fmed, res->vendor_plus), vname);
  printf(", %.1f%% of peak; random = %.1f%% of %s, %.1f%% of peak\n", pct(fmed, peak), pct(rmed, res->vendor),
         vname, pct(rmed, peak));
  for (int m = 0; m < M_COUNT; m++) {
    time_sum ts;
    time_sums(res, o, m, &ts);
    if (ts.seconds <= 0) continue;
    printf("time %-6s (sum over seeds): %.1f s, %.3f s/trial; measuring %.1f%% (compiling %.1f%%), %s %.1f%%",
           method_name[m], ts.seconds, ts.trials > 0 ? ts.seconds / ts.trials : 0,
           pct(ts.measure, ts.seconds), pct(ts.compile, ts.seconds), m == M_FULL ? "search" : "sampling",
           pct(ts.search, ts.seconds));
    if (m == M_FULL) printf(", training %.1f%%", pct(ts.train, ts.seconds));
    printf("; outside compiling and running candidates %.1f%% [%.1f - %.1f]%s\n",
           pct(ts.seconds - ts.measure, ts.seconds), 100 * ts.outside_lo, 100 * ts.outside_hi,
           m == M_FULL ? " (goal <= 15%)" : "");
  }
  for (int m = 0; m < M_COUNT; m++)
    for (int s = 0; s < o->seeds; s++)
      if (res->done[m][s] && (res->runs[m][s].n < o->trials || res->runs[m][s].failed)) {
        char why[256];
        format_errors(&res->runs[m][s], why, sizeof why);
        printf("  %s seed %d: %d trials measured, %d failed%s%s%s%s%s\n", method_name[m], s + 1,
               res->runs[m][s].n, res->runs[m][s].failed, why[0] ? " (" : "", why, why[0] ? ")" : "",
               res->runs[m][s].note[0] ? "; " : "", res->runs[m][s].note);
      }
  fflush(stdout);
}

/* ---- files ---- */




static void json_stats(FILE *f, const op_result *res, const options *o, int method, int trials) {
  double med, lo, hi;
  seed_stats(res, o, method, trials, &med, &lo, &hi);
  fprintf(f, "{\"median\": ");
  bench_json_num(f, med);
  fprintf(f, ", \"min\": ");
  bench_json_num(f, lo);
  fprintf(f, ", \"max\": ");
  bench_json_num(f, hi);
  fprintf(f, "}");
}

static int write_csv(const char *dir, op_result *res, int nres, const options *o) {
  char path[1200];
  snprintf(path, sizeof path, "%s/curves.csv", dir);
  FILE *f = fopen(path, "w");
  if (!f) return -1;
  fprintf(f, "op,method,seed,trial,best_gflops,elapsed_s\n");
  for (int i = 0; i < nres; i++)
    for (int m = 0; m < M_COUNT; m++)
      for (int s = 0; s < o->seeds; s++) {
        if (!res[i].done[m][s]) continue;
        const run *r = &res[i].runs[m][s];
        for (int j = 0; j < r->n; j++)
          fprintf(f, "%s,%s,%d,%d,%.4f,%.4f\n", cases[res[i].ci].name, method_name[m], s + 1, j + 1,
                  r->best[j], r->elapsed[j]);
      }
  return fclose(f) == 0 ? 0 : -1;
}

static int write_json(const char *dir, op_result *res, int nres, const options *o, const eto_target *t,
                      const char *protocol, const char *cmdline, const char *date, const double peaks[2]) {
  double peak = fmax(peaks[0], peaks[1]);
  char path[1200];
  snprintf(path, sizeof path, "%s/summary.json", dir);
  FILE *f = fopen(path, "w");
  if (!f) return -1;
  fprintf(f, "{\n  \"tool\": \"bench_curves\",\n  \"date\": ");
  bench_json_str(f, date);
  fprintf(f, ",\n  \"command\": ");
  bench_json_str(f, cmdline);
  fprintf(f, ",\n  \"target\": {\"name\": ");
  bench_json_str(f, t->name);
  fprintf(f, ", \"model\": ");
  bench_json_str(f, t->model);
  fprintf(f, ", \"arch\": ");
  bench_json_str(f, t->arch);
  fprintf(f, ", \"cores\": %d, \"vector_bits\": %d, \"fingerprint\": ", t->cores, t->vector_bits);
  bench_json_str(f, t->fingerprint);
  fprintf(f, ", \"description\": ");
  bench_json_str(f, t->description);
  fprintf(f, "},\n  \"protocol\": {\"measurement\": ");
  bench_json_str(f, protocol);
  fprintf(
      f,
      ", \"trials\": %d, \"seeds\": %d, \"threads\": %d, \"min_repeat_ms\": %g, \"measures_per_round\": %d,"
      " \"full\": ",
      o->trials, o->seeds, t->cores, o->min_repeat_ms, o->per_round);
  bench_json_str(f,
           "eto_backend_tune, Ansor defaults except measures_per_round; fresh LMDB cache per (op, seed); "
           "transfer off; backend seed = seed; curve = best-so-far median latency of the cache's trials in "
           "seq order; elapsed interpolated linearly inside each round");
  fprintf(f, ", \"random\": ");
  bench_json_str(f,
           "eto_sched_sample_valid with an rng seeded with the seed, divisor tiles only, distinct recipes, "
           "measured one at a time by one eto_measurer with the same measurement options");
  fprintf(f, ", \"vendor\": ");
  bench_json_str(f,
           "measured before and after the tuning runs with the same threads and minimum repeat (warm-up, 3 "
           "repeats, median); the better of the two is the reference");
  fprintf(f, ", \"outside_share\": ");
  bench_json_str(f, "(seconds - measure_seconds) / seconds, summed over seeds; measure = compile + check + timing");
  fprintf(f, "},\n  \"fma_peak_gflops\": ");
  bench_json_num(f, peak);
  fprintf(f, ", \"fma_peak_gflops_before\": ");
  bench_json_num(f, peaks[0]);
  fprintf(f, ", \"fma_peak_gflops_after\": ");
  bench_json_num(f, peaks[1]);
  fprintf(f, ",\n  \"ops\": [");
  int ck[8], nck = nckpt(o, ck);
  for (int i = 0; i < nres; i++) {
    const op_result *r = &res[i];
    char key[512];
    eto_op_key(&r->op, key, sizeof key);
    fprintf(f, "%s\n    {\"name\": ", i ? "," : "");
    bench_json_str(f, cases[r->ci].name);
    fprintf(f, ", \"title\": ");
    bench_json_str(f, cases[r->ci].title);
    fprintf(f, ", \"line\": ");
    bench_json_str(f, cases[r->ci].line);
    fprintf(f, ", \"workload\": ");
    bench_json_str(f, key);
    fprintf(f, ", \"flops\": %.0f,\n     \"vendor\": {\"name\": \"%s\", \"gflops\": ", r->flops,
            cases[r->ci].conv ? "oneDNN convolution" : "OpenBLAS cblas_sgemm");
    bench_json_num(f, r->vendor);
    fprintf(f, ", \"gflops_with_reorders\": ");
    bench_json_num(f, cases[r->ci].conv ? r->vendor_plus : NAN);
    fprintf(f, ", \"gflops_before\": ");
    bench_json_num(f, r->vendor_at[0]);
    fprintf(f, ", \"gflops_after\": ");
    bench_json_num(f, r->vendor_at[1]);
    if (cases[r->ci].conv) {
      fprintf(f, ", \"gflops_with_reorders_before\": ");
      bench_json_num(f, r->vendor_plus_at[0]);
      fprintf(f, ", \"gflops_with_reorders_after\": ");
      bench_json_num(f, r->vendor_plus_at[1]);
    }
    fprintf(f, "},\n     \"checkpoints\": [");
    for (int k = 0; k < nck; k++) {
      fprintf(f, "%s\n       {\"trials\": %d, \"full\": ", k ? "," : "", ck[k]);
      json_stats(f, r, o, M_FULL, ck[k]);
      fprintf(f, ", \"random\": ");
      json_stats(f, r, o, M_RANDOM, ck[k]);
      fprintf(f, "}");
    }
    double fm, rm, lo, hi;
    seed_stats(r, o, M_FULL, o->trials, &fm, &lo, &hi);
    seed_stats(r, o, M_RANDOM, o->trials, &rm, &lo, &hi);
    fprintf(f, "],\n     \"final\": {\"ratio_full_random\": ");
    bench_json_num(f, rm > 0 ? fm / rm : NAN);
    fprintf(f, ", \"full_pct_vendor\": ");
    bench_json_num(f, pct(fm, r->vendor));
    fprintf(f, ", \"full_pct_vendor_with_reorders\": ");
    bench_json_num(f, cases[r->ci].conv ? pct(fm, r->vendor_plus) : NAN);
    fprintf(f, ", \"full_pct_peak\": ");
    bench_json_num(f, pct(fm, peak));
    fprintf(f, ", \"random_pct_vendor\": ");
    bench_json_num(f, pct(rm, r->vendor));
    fprintf(f, ", \"random_pct_peak\": ");
    bench_json_num(f, pct(rm, peak));
    fprintf(f, "},\n     \"time\": {");
    for (int m = 0; m < M_COUNT; m++) {
      time_sum ts;
      time_sums(r, o, m, &ts);
      fprintf(f,
              "%s\"%s\": {\"seconds\": %.3f, \"measure_seconds\": %.3f, \"compile_seconds\": %.3f, "
              "\"%s_seconds\": %.3f, \"train_seconds\": %.3f, \"trials\": %.0f, \"seconds_per_trial\": ",
              m ? ", " : "", method_name[m], ts.seconds, ts.measure, ts.compile,
              m == M_FULL ? "search" : "sampling", ts.search, ts.train, ts.trials);
      bench_json_num(f, ts.trials > 0 ? ts.seconds / ts.trials : NAN);
      fprintf(f, ", \"outside_share\": ");
      bench_json_num(f, ts.seconds > 0 ? (ts.seconds - ts.measure) / ts.seconds : NAN);
      fprintf(f, ", \"outside_share_min\": %.4f, \"outside_share_max\": %.4f}", ts.outside_lo, ts.outside_hi);
    }
    fprintf(f, "},\n     \"runs\": [");
    int first = 1;
    for (int m = 0; m < M_COUNT; m++)
      for (int s = 0; s < o->seeds; s++) {
        if (!r->done[m][s]) continue;
        const run *u = &r->runs[m][s];
        fprintf(
            f,
            "%s\n       {\"method\": \"%s\", \"seed\": %d, \"trials\": %d, \"failed\": %d, \"best_gflops\": ",
            first ? "" : ",", method_name[m], s + 1, u->n, u->failed);
        first = 0;
        bench_json_num(f, u->n ? u->best[u->n - 1] : 0);
        fprintf(f,
                ", \"seconds\": %.3f, \"measure_seconds\": %.3f, \"compile_seconds\": %.3f, "
                "\"search_seconds\": %.3f, \"train_seconds\": %.3f, \"recipe\": ",
                u->seconds, u->measure_s, u->compile_s, u->search_s, u->train_s);
        bench_json_str(f, u->recipe);
        fprintf(f, ", \"outcomes\": {");
        for (int e = 0; e < ETO_MEASURE_ERROR_COUNT; e++)
          fprintf(f, "%s\"%s\": %d", e ? ", " : "", eto_measure_error_name((eto_measure_error)e),
                  u->errors[e]);
        fprintf(f, "}, \"note\": ");
        bench_json_str(f, u->note);
        if (u->cache_dir[0]) {
          fprintf(f, ", \"cache\": ");
          bench_json_str(f, u->cache_dir);
        }
        if (u->report_json) fprintf(f, ",\n        \"backend_report\": %s", u->report_json);
        fprintf(f, "}");
      }
    fprintf(f, "]}");
  }
  fprintf(f, "\n  ]\n}\n");
  return fclose(f) == 0 ? 0 : -1;
}

/* DIR/curves_<op>.dat (trial, full median, random median, then full and random per seed; NaN after a run
 * ended), DIR/curves_<op>.gp, and the PNG when gnuplot exists. Returns 1 when the PNG was drawn. */
static int write_plot(const char *dir, const op_result *r, const options *o, double peak, int have_gnuplot) {
  const char *name = cases[r->ci].name;
  char dat[1200], gp[1200];
  snprintf(dat, sizeof dat, "%s/curves_%s.dat", dir, name);
  snprintf(gp, sizeof gp, "%s/curves_%s.gp", dir, name);
  FILE *f = fopen(dat, "w");
  if (!f) return -1;
  int S = o->seeds, maxn = 0;
  for (int m = 0; m < M_COUNT; m++)
    for (int s = 0; s < S; s++)
      if (r->done[m][s] && r->runs[m][s].n > maxn) maxn = r->runs[m][s].n;
  fprintf(f, "# trial full_median random_median full_seed1..%d random_seed1..%d (GFLOP/s)\n", S, S);
  for (int j = 1; j <= maxn; j++) {
    double med, lo, hi;
    fprintf(f, "%d", j);
    for (int m = 0; m < M_COUNT; m++) {
      seed_stats(r, o, m, j, &med, &lo, &hi);
      fprintf(f, " %.4f", med);
    }
    for (int m = 0; m < M_COUNT; m++)
      for (int s = 0; s < S; s++) {
        const run *u = &r->runs[m][s];
        if (r->done[m][s] && j <= u->n)
          fprintf(f, " %.4f", u->best[j - 1]);
        else
          fprintf(f, " NaN");
      }
    fprintf(f, "\n");
  }
  if (fclose(f) != 0) return -1;
  f = fopen(gp, "w");
  if (!f) return -1;
  const char *vname = cases[r->ci].conv ? "oneDNN conv" : "OpenBLAS sgemm";
  /* gnuplot runs in dir, so the script names its files without dir: a path from --out never enters it */
  fprintf(f, "# drawn by bench_curves; re-run in this directory with: gnuplot curves_%s.gp\n", name);
  fprintf(f, "set terminal pngcairo size 1100,680 font 'sans,11'\nset output 'curves_%s.png'\n", name);
  fprintf(f, "set title \"%s: best GFLOP/s after N trials\\n%s; %d seed%s, %d thread%s\" noenhanced\n",
          cases[r->ci].title, cases[r->ci].line, S, S == 1 ? "" : "s", o->threads,
          o->threads == 1 ? "" : "s");
  fprintf(
      f,
      "set xlabel 'trials'\nset ylabel 'best GFLOP/s'\nset grid\nset key below noenhanced\nset bmargin 7\n");
  fprintf(f, "set xrange [0:%d]\nset yrange [0:*]\nset datafile missing 'NaN'\n", o->trials);
  fprintf(f, "S = %d\nd = 'curves_%s.dat'\n", S, name);
  fprintf(f, "plot for [s=1:S] d using 1:(column(3+s)) with steps lw 0.8 lc rgb '#9ec5ea' notitle, \\\n");
  fprintf(f, "     for [s=1:S] d using 1:(column(3+S+s)) with steps lw 0.8 lc rgb '#f5c08a' notitle, \\\n");
  fprintf(f, "     d using 1:2 with steps lw 2.5 lc rgb '#1f5fa8' title 'full search (median; thin: per "
             "seed)', \\\n");
  fprintf(
      f,
      "     d using 1:3 with steps lw 2.5 lc rgb '#d9730d' title 'random sampling (median; thin: per seed)'");
  if (r->vendor > 0)
    fprintf(f, ", \\\n     %.3f with lines dt 2 lw 1.5 lc rgb '#222222' title '%s %.0f GFLOP/s'", r->vendor,
            vname, r->vendor);
  if (cases[r->ci].conv && r->vendor_plus > 0)
    fprintf(f,
            ", \\\n     %.3f with lines dt 4 lw 1.5 lc rgb '#666666' title 'oneDNN + reorders %.0f GFLOP/s'",
            r->vendor_plus, r->vendor_plus);
  if (peak > 0)
    fprintf(f, ", \\\n     %.3f with lines dt 3 lw 1.5 lc rgb '#c0392b' title 'FMA peak %.0f GFLOP/s'", peak,
            peak);
  fprintf(f, "\n");
  if (fclose(f) != 0) return -1;
  if (!have_gnuplot) return 0;
  char script[64];
  snprintf(script, sizeof script, "curves_%s.gp", name);
  char *argv[] = {"gnuplot", script, NULL};
  return bench_run(argv, dir) == 0 ? 1 : -1;
}

/* ---- references ---- */

/* Measures the FMA peak and every operator's vendor reference into slot `at` (0: before, 1: after tuning). */
static void measure_refs(op_result *res, int nres, const eto_target *t, const eto_measure_opts *mo, int at,
                         double *peak) {
  fprintf(stderr, "measuring references %s tuning (FMA peak, vendor libraries) on %d threads...\n",
          at ? "after" : "before", t->cores);
  *peak = bench_fma_peak(t->cores);
  for (int i = 0; i < nres; i++) {
    op_result *r = &res[i];
    const eto_op *op = &r->op;
    r->vendor_at[at] = r->vendor_plus_at[at] = -1;
    if (!cases[r->ci].conv) {
      eto_loop_nest n;
      eto_op_loop_nest(op, &n);
      double s = bench_openblas_sgemm(n.space[1].extent, n.space[2].extent, n.reduce[0].extent, t->cores,
                                      mo->min_repeat_seconds);
      r->vendor_at[at] = r->vendor_plus_at[at] = s > 0 ? r->flops / s * 1e-9 : -1;
    } else {
      double with_reorders = -1;
      double s = bench_onednn_conv2d(op->v[ETO_KEY_N], op->v[ETO_KEY_C], op->v[ETO_KEY_H], op->v[ETO_KEY_W],
                                     op->v[ETO_KEY_K], op->v[ETO_KEY_R], op->v[ETO_KEY_S], op->stride[0],
                                     op->pad[0], t->cores, mo->min_repeat_seconds, &with_reorders);
      r->vendor_at[at] = s > 0 ? r->flops / s * 1e-9 : -1;
      r->vendor_plus_at[at] = with_reorders > 0 ? r->flops / with_reorders * 1e-9 : -1;
    }
  }
}

/* ---- main ---- */

static void usage(FILE *f, const char *argv0) {
  fprintf(f,
          "usage: %s [options]\n"
          "  --trials N          trials per run (default 1000)\n"
          "  --seeds S           seeds 1..S per operator and method (default 3)\n"
          "  --ops LIST          comma-separated, from: gemm, conv (default both)\n"
          "  --threads T         threads for candidates and vendor libraries (default 0: all cores)\n"
          "  --min-repeat-ms MS  minimum time of one timed repeat (default 100, as etotune)\n"
          "  --per-round K       full search: candidates measured per round (default 64, Ansor's)\n"
          "  --out DIR           output directory (default bench/out/curves)\n"
          "  --keep              keep the full search's temporary caches (paths in summary.json)\n"
          "  --help\n",
          argv0);
}

/* --ops, for eto_cli_parse (user: the options) */
static int ops_option(const char *prog, const char *name, const char *v, void *user, int *bad) {
  (void)prog;
  if (strcmp(name, "--ops") != 0) return 0;
  options *o = user;
  const char *names[NCASES];
  for (int c = 0; c < NCASES; c++) names[c] = cases[c].name;
  if (bench_pick("bench_curves", "operator", v, names, NCASES, o->use) != 0) *bad = 1;
  return 1;
}

static int parse_args(int argc, char **argv, options *o) {
  memset(o, 0, sizeof *o);
  o->trials = 1000;
  o->seeds = 3;
  o->per_round = 64;
  o->min_repeat_ms = 100;
  o->out = "bench/out/curves";
  for (int i = 0; i < NCASES; i++) o->use[i] = 1;
  int help = 0;
  const eto_cli_def defs[] = {
      {"--help", ETO_CLI_FLAG, &help, 0, 0},
      {"--keep", ETO_CLI_FLAG, &o->keep, 0, 0},
      {"--trials", ETO_CLI_INT, &o->trials, 1, ETO_CLI_MAX_TRIALS},
      {"--seeds", ETO_CLI_INT, &o->seeds, 1, MAX_SEEDS},
      {"--threads", ETO_CLI_INT, &o->threads, 0, eto_cli_opt_max_threads()},
      {"--min-repeat-ms", ETO_CLI_DOUBLE, &o->min_repeat_ms, 0.1, ETO_CLI_MAX_MS},
      {"--per-round", ETO_CLI_INT, &o->per_round, 1, ETO_CLI_MAX_PROGRAMS},
      {"--out", ETO_CLI_STR, &o->out, 0, 0},
  };
  if (eto_cli_parse("bench_curves", "--help", argc, argv, defs, (int)(sizeof defs / sizeof defs[0]), ops_option, o,
                    NULL) != 0)
    return -1;
  if (help) {
    usage(stdout, argv[0]);
    exit(0);
  }
  return 0;
}

int main(int argc, char **argv) {
  options o;
  if (parse_args(argc, argv, &o) != 0) {
    usage(stderr, argv[0]);
    return 2;
  }
  char cmdline[2048] = "";
  for (int i = 0; i < argc; i++) {
    size_t len = strlen(cmdline);
    snprintf(cmdline + len, sizeof cmdline - len, "%s%s", i ? " " : "", argv[i]);
  }
  time_t now_t = time(NULL);
  char date[64];
  strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%S%z", localtime(&now_t));
  if (bench_mkdir_p(o.out) != 0) {
    fprintf(stderr, "bench_curves: cannot create %s: %s\n", o.out, strerror(errno));
    return 1;
  }

  eto_target t;
  eto_target_cpu(o.threads, &t);
  o.threads = t.cores;
  eto_measure_opts mo;
  eto_measure_opts_default(&mo);
  mo.min_repeat_seconds = o.min_repeat_ms / 1000;
  mo.threads = t.cores;
  char protocol[512];
  eto_measure_protocol(ETO_TARGET_CPU, &mo, protocol, sizeof protocol);
  printf("bench_curves %s\ndate: %s\ntarget: %s\nprotocol: %s\n", cmdline, date, t.description, protocol);
  printf("runs: %d trials x seeds 1..%d per operator; full search (Ansor defaults, %d measured per round, "
         "fresh cache, "
         "transfer off) vs random sampling (distinct valid programs)\n",
         o.trials, o.seeds, o.per_round);
  fflush(stdout);
  signal(SIGINT, on_signal);
  signal(SIGTERM, on_signal);

  op_result *res = calloc(NCASES, sizeof *res);
  eto_oplist *lists[NCASES] = {0};
  int nres = 0, rc = 0;
  if (!res) return 1;
  for (int c = 0; c < NCASES; c++) {
    if (!o.use[c]) continue;
    char msg[1024];
    if (eto_oplist_parse("bench_curves", cases[c].line, strlen(cases[c].line), &lists[c], msg, sizeof msg) !=
        ETO_OK) {
      fprintf(stderr, "%s\n", msg);
      free(res);
      return 1;
    }
    op_result *r = &res[nres++];
    r->ci = c;
    r->op = *eto_oplist_get(lists[c], 0);
    r->flops = eto_op_flops(&r->op);
  }

  /* references before and after the tuning runs (other processes on a shared machine only lower them: the
   * better of the two is the reference) */
  double peak_at[2];
  measure_refs(res, nres, &t, &mo, 0, &peak_at[0]);
  for (int i = 0; i < nres && !cancel_flag; i++) {
    op_result *r = &res[i];
    const char *name = cases[r->ci].name;
    for (int s = 1; s <= o.seeds && !cancel_flag; s++)
      for (int m = 0; m < M_COUNT && !cancel_flag; m++) {
        double t0 = eto_now();
        int st = m == M_FULL ? run_full(&r->op, name, &t, &o, &mo, s, &r->runs[m][s - 1])
                             : run_random(&r->op, name, &t, &o, &mo, s, &r->runs[m][s - 1]);
        if (st != 0) {
          rc = 1;
          continue;
        }
        r->done[m][s - 1] = 1;
        const run *u = &r->runs[m][s - 1];
        fprintf(stderr, "%s seed %d %s: done, %d trials, best %.1f GFLOP/s, %.1f s (%.3f s/trial)\n", name, s,
                method_name[m], u->n, u->n ? u->best[u->n - 1] : 0.0, eto_now() - t0,
                u->n ? u->seconds / u->n : 0.0);
      }
  }
  if (cancel_flag) fprintf(stderr, "bench_curves: interrupted; writing what was measured\n");
  measure_refs(res, nres, &t, &mo, 1, &peak_at[1]);
  double peak = fmax(peak_at[0], peak_at[1]);
  for (int i = 0; i < nres; i++) {
    op_result *r = &res[i];
    r->vendor = fmax(r->vendor_at[0], r->vendor_at[1]);
    r->vendor_plus = fmax(r->vendor_plus_at[0], r->vendor_plus_at[1]);
  }
  printf("fp32 FMA peak (measured, %d threads): %.1f GFLOP/s (before tuning %.1f, after %.1f)\n", t.cores,
         peak, peak_at[0], peak_at[1]);
  for (int i = 0; i < nres; i++) print_table(&res[i], &o, peak);

  if (write_csv(o.out, res, nres, &o) != 0 ||
      write_json(o.out, res, nres, &o, &t, protocol, cmdline, date, peak_at) != 0) {
    fprintf(stderr, "bench_curves: writing %s: %s\n", o.out, strerror(errno));
    rc = 1;
  }
  int have_gnuplot = bench_have_program("gnuplot");
  if (!have_gnuplot) printf("\ngnuplot not found: PNG figures skipped (data and scripts are in %s)\n", o.out);
  printf("\nwrote %s/curves.csv, %s/summary.json", o.out, o.out);
  for (int i = 0; i < nres; i++) {
    int p = write_plot(o.out, &res[i], &o, peak, have_gnuplot);
    if (p < 0) {
      fprintf(stderr, "bench_curves: plotting %s failed\n", cases[res[i].ci].name);
      rc = 1;
    }
    printf(", %s/curves_%s.%s", o.out, cases[res[i].ci].name, p == 1 ? "png" : "gp");
  }
  printf("\n");
  for (int i = 0; i < nres; i++)
    for (int m = 0; m < M_COUNT; m++)
      for (int s = 0; s < o.seeds; s++)
        if (res[i].done[m][s] && res[i].runs[m][s].cache_dir[0])
          printf("kept cache: %s (%s seed %d)\n", res[i].runs[m][s].cache_dir, cases[res[i].ci].name, s + 1);
  for (int i = 0; i < nres; i++)
    for (int m = 0; m < M_COUNT; m++)
      for (int s = 0; s < o.seeds; s++) free_run(&res[i].runs[m][s]);
  for (int c = 0; c < NCASES; c++) eto_oplist_free(lists[c]);
  free(res);
  return rc ? 1 : cancel_flag ? 130 : 0;
}
