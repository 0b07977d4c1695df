/* cli_reuse.c — `etotune reuse LIST --from N --to M`: the reuse tuner for one pair of a list's operators
 * (β = --from, α = --to; line numbers or workload keys): S*β from the cache (or, when the cache has none,
 * from a short full search of β, run first and said so), then every round's trials as they
 * are measured, the result and where it went in the cache. --estimate prints the estimator's trials
 * instead, without measuring; --policy picks the reuse method (eto: ETO's rounds, the default here; seeded: the
 * reuse-seeded search, the default of `etotune tune`; topk: the TopK baseline, also --topk). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backend.h"
#include "cache.h"
#include "cli.h"
#include "cli_opt.h"
#include "measure.h"
#include "tuner.h"

typedef enum { REUSE_ETO, REUSE_SEEDED, REUSE_TOPK } reuse_method;

typedef struct {
  const char *list, *from, *to, *db, *policy;
  reuse_method method; /* from --policy (and --topk) */
  int estimate, topk, no_cache, beta_programs, threads, max_trials;
  uint64_t seed;
  double min_repeat_ms;
  eto_cli_limits limits;
} reuse_args;

static int parse_args(int argc, char **argv, reuse_args *a) {
  memset(a, 0, sizeof *a);
  a->beta_programs = 20;
  a->seed = 1;
  a->min_repeat_ms = 100;
  eto_cli_limits_default(&a->limits);
  const eto_cli_def defs[] = {
      {"--estimate", ETO_CLI_FLAG, &a->estimate, 0, 0},
      {"--topk", ETO_CLI_FLAG, &a->topk, 0, 0},
      {"--no-cache", ETO_CLI_FLAG, &a->no_cache, 0, 0},
      {"--from", ETO_CLI_STR, &a->from, 0, 0},
      {"--to", ETO_CLI_STR, &a->to, 0, 0},
      {"--db", ETO_CLI_STR, &a->db, 0, 0},
      {"--policy", ETO_CLI_STR, &a->policy, 0, 0},
      {"--beta-trials", ETO_CLI_INT, &a->beta_programs, 1, ETO_CLI_MAX_TRIALS},
      {"--beta-programs", ETO_CLI_INT, &a->beta_programs, 1, ETO_CLI_MAX_TRIALS},
      {"--seed", ETO_CLI_U64, &a->seed, 0, (double)UINT64_MAX},
      {"--threads", ETO_CLI_INT, &a->threads, 1, eto_cli_opt_max_threads()},
      {"--min-repeat-ms", ETO_CLI_DOUBLE, &a->min_repeat_ms, 0.1, ETO_CLI_MAX_MS},
      {"--max-trials", ETO_CLI_INT, &a->max_trials, 1, ETO_CLI_MAX_TRIALS},
  };
  if (eto_cli_parse("etotune reuse", "etotune help reuse", argc, argv, defs, (int)(sizeof defs / sizeof defs[0]),
                    eto_cli_limits_extra, &a->limits, &a->list) != 0)
    return -1;
  if (!a->list || !a->from || !a->to) {
    fprintf(stderr, "etotune reuse: needs LIST, --from and --to (see etotune help reuse)\n");
    return -1;
  }
  a->method = a->topk ? REUSE_TOPK : REUSE_ETO;
  if (a->policy) {
    if (strcmp(a->policy, "topk") == 0) {
      a->method = REUSE_TOPK;
    } else if (strcmp(a->policy, "seeded") == 0 && !a->topk) {
      a->method = REUSE_SEEDED;
    } else if (strcmp(a->policy, "eto") != 0 || a->topk) {
      fprintf(stderr, "etotune reuse: --policy takes eto, seeded or topk%s\n",
              a->topk ? " (and --topk is --policy topk)" : "");
      return -1;
    }
  }
  return 0;
}

/* The operator a --from/--to argument names: a line number of the list, or a workload key. */
static const eto_op *find_op(const eto_oplist *l, const char *file, const char *what, const char *arg) {
  int digits = arg[0] != 0;
  for (const char *p = arg; *p; p++) digits &= isdigit((unsigned char)*p) != 0;
  char key[512];
  for (int i = 0; i < eto_oplist_count(l); i++) {
    const eto_op *op = eto_oplist_get(l, i);
    if (digits && op->line == atoi(arg)) return op;
    eto_op_key(op, key, sizeof key);
    if (!digits && strcmp(key, arg) == 0) return op;
  }
  if (digits)
    fprintf(stderr,
            "etotune reuse: %s %s: line %s of %s holds no operator (comment, blank, or a repeat of an "
            "earlier line's workload)\n",
            what, arg, arg, file);
  else
    fprintf(stderr, "etotune reuse: %s: no operator of %s has the workload key %s\n", what, file, arg);
  return NULL;
}

typedef struct {
  const eto_compute *c;
} print_ctx;

static void print_trial(void *user, const eto_tuner_trial *tr) {
  const print_ctx *pc = user;
  char summary[256];
  eto_program_summary(pc->c, tr->program, summary, sizeof summary);
  const eto_measure_result *r = tr->result;
  if (r->error == ETO_MEASURE_OK)
    printf("  %-4d %-5d %-6lld %-62.62s %-8s %10.4f %9.2f%s\n", tr->index, tr->round, (long long)tr->blocks,
           summary, "ok", r->median * 1e3, r->gflops, tr->improved ? "  *" : "");
  else
    printf("  %-4d %-5d %-6lld %-62.62s %-8s %s\n", tr->index, tr->round, (long long)tr->blocks, summary,
           eto_measure_error_name(r->error), r->message);
  fflush(stdout);
}

/* S*β when the cache has none: a short full search of β (the backend, --beta-trials trials, seeded), which
 * stores its trials and best program (method full) as every full search does. Returns 0 and *best, or -1. */
static int search_beta(const reuse_args *a, const eto_op *beta, const eto_target *t, const eto_measure_opts *mo,
                       eto_cache *cache, eto_program *best) {
  eto_backend_opts bo;
  eto_backend_opts_default(&bo);
  bo.trials_per_op = a->beta_programs;
  if (bo.measures_per_round > a->beta_programs) bo.measures_per_round = a->beta_programs;
  bo.seed = a->seed;
  bo.measure = *mo;
  printf("no cached best program of β for this target: a full search of β with %d trials finds S*β (seed %llu)\n",
         a->beta_programs, (unsigned long long)a->seed);
  eto_op op = *beta;
  if (op.freq < 1) op.freq = 1;
  eto_backend_report br;
  char msg[512], why[256] = "";
  eto_status st = eto_backend_tune(&op, 1, t, cache, &bo, NULL, NULL, &br, msg, sizeof msg);
  int ok = st == ETO_OK && br.count == 1 && br.ops[0].status == ETO_BACKEND_OP_TUNED &&
           eto_program_parse(br.ops[0].recipe, best, why, sizeof why) == 0;
  if (ok)
    printf("  S*β: %s, %.4f ms, %.2f GFLOP/s after %lld trials\n", br.ops[0].summary, br.ops[0].latency * 1e3,
           br.ops[0].gflops, (long long)br.ops[0].trials);
  else
    fprintf(stderr, "etotune reuse: the full search of β found no program: %s\n",
            st != ETO_OK ? msg : br.count == 1 && br.ops[0].message[0] ? br.ops[0].message : why);
  eto_backend_report_free(&br);
  return ok ? 0 : -1;
}

/* S*β from the cache: OK and valid on t, else -1 (with a note when a record exists but cannot be used). */
static int cached_beta(eto_cache *cache, const eto_op *beta, const eto_target *t, eto_program *best,
                       double *latency) {
  if (!cache) return -1;
  char key[512], why[256];
  eto_op_key(beta, key, sizeof key);
  eto_cache_best b;
  eto_cache_status st = eto_cache_get_best(cache, t->fingerprint, key, &b);
  if (st != ETO_CACHE_OK) {
    if (st == ETO_CACHE_BAD) eto_cache_best_clear(&b);
    if (st != ETO_CACHE_NOTFOUND)
      printf("cached best program of β not usable (%s)\n", eto_cache_status_name(st));
    return -1;
  }
  eto_compute c;
  eto_op_compute(beta, &c);
  int ok = eto_program_parse(b.recipe, best, why, sizeof why) == 0 &&
           eto_sched_validate(&c, t, best, why, sizeof why) == 0;
  if (!ok) printf("cached best program of β not usable: %s\n", why);
  *latency = b.latency.median_s;
  eto_cache_best_clear(&b);
  return ok ? 0 : -1;
}

static const char *outcome_name(eto_cache_put_outcome o) {
  switch (o) {
  case ETO_CACHE_PUT_NEW:
    return "stored (new)";
  case ETO_CACHE_PUT_REPLACED:
    return "stored (replaced a slower program)";
  case ETO_CACHE_PUT_REPLACED_BAD:
    return "stored (replaced a bad program)";
  case ETO_CACHE_PUT_REPLACED_STALE:
    return "stored (replaced a stale record)";
  case ETO_CACHE_PUT_KEPT:
    return "not stored (the cache already holds a program at least as fast)";
  default:
    return "not stored (no cache)";
  }
}

static int run_estimate(const reuse_args *a, const eto_op *alpha, const eto_op *beta, const eto_target *t,
                        eto_cache *cache) {
  double est = 0, t0 = eto_now();
  eto_status st = eto_tuner_estimate(alpha, beta, t, a->seed, &est);
  double ms = (eto_now() - t0) * 1e3;
  if (st != ETO_OK) {
    fprintf(stderr, "etotune reuse: α and β are not a reuse pair (kinds or loop nests differ)\n");
    return ETO_EXIT_USAGE;
  }
  printf("estimated trials: %.1f (mean over %d sampled programs of β, seed %llu; %.2f ms)\n", est,
         ETO_TUNER_ESTIMATE_SAMPLES, (unsigned long long)a->seed, ms);
  t0 = eto_now();
  if (eto_tuner_estimate_enum(alpha, beta, t, NULL, a->seed, 0, &est) == ETO_OK)
    printf("enumerated trials: %.1f (the tuner's rounds run without measuring on the same number of random "
           "programs of β; %.0f ms)\n", est, (eto_now() - t0) * 1e3);
  eto_program sb;
  double lat = 0;
  if (cached_beta(cache, beta, t, &sb, &lat) == 0) {
    eto_compute cb;
    eto_op_compute(beta, &cb);
    char summary[256];
    eto_program_summary(&cb, &sb, summary, sizeof summary);
    printf("cached S*β: %s (%.4f ms); run without --estimate to tune α from it\n", summary, lat * 1e3);
    if (eto_tuner_estimate_enum(alpha, beta, t, &sb, a->seed, 0, &est) == ETO_OK)
      printf("enumerated trials from the cached S*β: %.0f\n", est);
  }
  return ETO_EXIT_OK;
}

int eto_cli_reuse(int argc, char **argv) {
  reuse_args a;
  if (parse_args(argc, argv, &a) != 0) return ETO_EXIT_USAGE;
  int rc = ETO_EXIT_FAIL;
  eto_oplist *l = eto_cli_load_list(a.list, &rc);
  if (!l) return rc;
  char msg[8192];
  eto_status st;
  eto_cache *cache = NULL;
  eto_measurer *m = NULL;
  const eto_op *beta = find_op(l, a.list, "--from", a.from), *alpha = find_op(l, a.list, "--to", a.to);
  if (!alpha || !beta) {
    rc = ETO_EXIT_USAGE;
    goto out;
  }
  eto_target t;
  eto_target_cpu(a.threads, &t);
  if (!a.estimate) {
    /* α is measured, and β too when the cache has no S*β (a full search): both checked before any work, one
     * measurer at a time */
    eto_measure_opts lo;
    eto_measure_opts_default(&lo);
    int workers = eto_measure_workers(&t, &lo);
    if (eto_cli_check_limits("etotune reuse", a.list, alpha, 1, workers, &a.limits, 0) != 0 ||
        eto_cli_check_limits("etotune reuse", a.list, beta, 1, workers, &a.limits, 0) != 0)
      goto out;
  }
  char key_a[512], key_b[512];
  eto_op_key(alpha, key_a, sizeof key_a);
  eto_op_key(beta, key_b, sizeof key_b);
  printf("target: %s\nβ (--from): %s\nα (--to):   %s\n", t.description, key_b, key_a);
  if (!a.no_cache) {
    eto_cache_status cs = eto_cache_open(a.db, NULL, &cache);
    if (cs != ETO_CACHE_OK) {
      fprintf(stderr, "etotune reuse: cannot open the cache: %s\n", eto_cache_errmsg(cache));
      eto_cache_close(cache);
      cache = NULL;
      goto out;
    }
    printf("cache: %s\n", eto_cache_path(cache));
  }
  if (a.estimate) {
    rc = run_estimate(&a, alpha, beta, &t, cache);
    goto out;
  }
  eto_measure_opts mo;
  eto_measure_opts_default(&mo);
  mo.min_repeat_seconds = a.min_repeat_ms / 1000.0;
  mo.threads = a.threads;
  mo.seed = a.seed;
  char protocol[512];
  eto_measure_protocol(ETO_TARGET_CPU, &mo, protocol, sizeof protocol);
  printf("protocol: %s\n\n", protocol);

  eto_program sb;
  double lat_b = 0;
  if (a.method != REUSE_TOPK) {
    if (cached_beta(cache, beta, &t, &sb, &lat_b) == 0) {
      printf("S*β from the cache (%.4f ms)\n", lat_b * 1e3);
    } else if (search_beta(&a, beta, &t, &mo, cache, &sb) != 0) {
      goto out;
    }
    eto_compute cb;
    eto_op_compute(beta, &cb);
    char summary[256], recipe[ETO_RECIPE_MAX];
    eto_program_summary(&cb, &sb, summary, sizeof summary);
    eto_program_format(&sb, recipe, sizeof recipe);
    printf("S*β: %s\n     %s\n\n", summary, recipe);
  }
  if (eto_measurer_create(alpha, &t, &mo, &m, msg, sizeof msg) != ETO_OK) {
    fprintf(stderr, "etotune reuse: %s\n", msg);
    goto out;
  }
  eto_compute ca;
  eto_op_compute(alpha, &ca);
  print_ctx pc = {&ca};
  eto_tuner_opts to = {.max_trials = a.max_trials};
  eto_tuner_result res;
  printf("%s α:\n  %-4s %-5s %-6s %-62s %-8s %10s %9s\n",
         a.method == REUSE_TOPK     ? "TopK baseline (K = 3) for"
         : a.method == REUSE_SEEDED ? "reuse-seeded search (rounds: 1 seeds, 11-14 ETO's rounds 1-4, 20 the search) for"
                                    : "reuse tuner for",
         "#", "round", "B", "program", "status", "ms", "GFLOP/s");
  st = a.method == REUSE_TOPK     ? eto_tuner_topk(alpha, beta, &t, m, cache, &to, print_trial, &pc, &res)
       : a.method == REUSE_SEEDED ? eto_tuner_seeded(alpha, beta, &sb, &t, m, cache, &to, print_trial, &pc, &res)
                                  : eto_tuner_run(alpha, beta, &sb, &t, m, cache, &to, print_trial, &pc, &res);
  if (st != ETO_OK) {
    fprintf(stderr, "etotune reuse: %s\n", res.message);
    rc = st == ETO_ERR_INVALID ? ETO_EXIT_USAGE : ETO_EXIT_FAIL;
    goto out;
  }
  printf("\n");
  if (a.method == REUSE_ETO) {
    printf("block counts tried: %d {", res.nblocks);
    for (int i = 0; i < res.nblocks && i < ETO_TUNER_MAX_BLOCKS; i++)
      printf("%s%lld", i ? "," : "", (long long)res.blocks[i]);
    printf("}\ntrials per round: 1: %d  2: %d  3: %d  4: %d\n", res.round_trials[1], res.round_trials[2],
           res.round_trials[3], res.round_trials[4]);
  }
  printf("trials: %d measured (%d failed), %d invalid and %d duplicate candidates skipped, %.1f s\n",
         res.trials, res.failed, res.skipped_invalid, res.skipped_duplicate, res.seconds);
  if (res.stop[0]) printf("stopped: %s\n", res.stop);
  if (res.resumed > 0)
    printf("resumed: %d candidates were measured by an earlier run and taken from the cache, not measured again\n",
           res.resumed);
  if (a.method == REUSE_ETO) {
    double est = 0;
    if (eto_tuner_estimate(alpha, beta, &t, a.seed, &est) == ETO_OK && res.trials > 0)
      printf("estimated trials: %.1f (estimate/actual %.2f)\n", est, est / res.trials);
  }
  if (!res.found) {
    printf("no program of α ran: %s\n", res.message);
    goto out;
  }
  char summary[256], recipe[ETO_RECIPE_MAX];
  eto_program_summary(&ca, &res.best, summary, sizeof summary);
  eto_program_format(&res.best, recipe, sizeof recipe);
  printf("best: %s\n      %s\n      %.4f ms, %.2f GFLOP/s, verified against the reference (max rel. error "
         "%.2g)\n",
         summary, recipe, res.best_result.median * 1e3, res.best_result.gflops,
         res.best_result.max_rel_error);
  printf("cache: %s\n", outcome_name(res.outcome));
  rc = ETO_EXIT_OK;
out:
  eto_measurer_free(m);
  eto_cache_close(cache);
  eto_oplist_free(l);
  return rc;
}
