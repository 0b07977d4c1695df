/* cli_plan.c — `etotune plan LIST [--mode eto|topk]`: which operators get a full search, which reuse which
 * (ETO's tree, or the Selective Tuning baseline's clusters), the estimated trials of each decision and of the
 * whole plan next to a full search; nothing is measured. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cache.h"
#include "cli.h"
#include "cli_opt.h"
#include "measure.h"
#include "selector.h"

int eto_cli_plan_args(int argc, char **argv, int first, eto_cli_plan_common *c) {
  static const char *const valued[] = {"--bridges", "--solver", "--max-sources", "--db",    "--threads",
                                       "--trials",  "--format", "--reuse"};
  const char *prog = "etotune plan";
  for (int i = first; i < argc; i++) {
    const char *s = argv[i];
    int takes_value = 0;
    for (size_t j = 0; j < sizeof valued / sizeof valued[0]; j++) takes_value |= strcmp(s, valued[j]) == 0;
    if (takes_value && i + 1 >= argc) {
      fprintf(stderr, "%s: %s needs a value\n", prog, s);
      return -1;
    }
    const char *v = takes_value ? argv[++i] : NULL;
    int bad = 0;
    if (takes_value && eto_cli_plan_option(prog, s, v, &c->plan, &bad)) {
      if (bad) return -1;
    } else if (strcmp(s, "--reuse") == 0) {
      const char *name = NULL;
      if (eto_cli_reuse_option(prog, v, &name)) return -1;
      c->plan.reuse_extra = eto_cli_reuse_extra(name);
      c->reuse = name;
    } else if (strcmp(s, "--db") == 0) {
      if (eto_cli_opt_str(prog, s, v, &c->db)) return -1;
    } else if (strcmp(s, "--threads") == 0) {
      if (eto_cli_opt_int(prog, s, v, 1, eto_cli_opt_max_threads(), &c->threads)) return -1;
    } else if (strcmp(s, "--no-cache") == 0) {
      c->no_cache = 1;
    } else if (strcmp(s, "--trials") == 0) {
      int trials;
      if (eto_cli_opt_int(prog, s, v, 1, ETO_CLI_MAX_TRIALS, &trials)) return -1;
      c->plan.full_budget = trials;
    } else if (strcmp(s, "--format") == 0) {
      c->format = v;
    } else if (s[0] == '-' && s[1] == '-') {
      if (c->nunknown >= 32) return -1;
      c->unknown[c->nunknown++] = i;
    } else if (!c->list) {
      c->list = s;
    } else {
      fprintf(stderr, "%s: one list at a time (got %s and %s)\n", prog, c->list, s);
      return -1;
    }
  }
  if (!c->list) {
    fprintf(stderr, "%s: missing operators.list\n", prog);
    return -1;
  }
  return 0;
}

/* Progress of long plans on stderr (lists of thousands of operators take seconds): one line per stage, and
 * per second while reuse edges are estimated; nothing for plans that take under a second. */
typedef struct {
  double start, last;
  const char *stage;
} plan_progress;

static double seconds_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void on_progress(void *user, const char *stage, int done, int total) {
  plan_progress *pp = user;
  double t = seconds_now();
  if (t - pp->start < 1.0 || (pp->stage == stage && t - pp->last < 1.0)) return;
  pp->stage = stage;
  pp->last = t;
  if (total > 0)
    fprintf(stderr, "etotune plan: %s %d/%d (%.0f s)\n", stage, done, total, t - pp->start);
  else
    fprintf(stderr, "etotune plan: %s (%.0f s)\n", stage, t - pp->start);
}

int eto_cli_plan(int argc, char **argv) {
  eto_cli_plan_common c = {.format = "text", .plan = {.bridges = ETO_BRIDGES_1HOP}};
  c.plan.reuse_extra = eto_cli_reuse_extra(NULL); /* the default reuse policy's, unless --reuse names another */
  /* --mode eto|topk is plan's own: taken out before the shared options are parsed */
  const char *mode = "eto";
  char **args = calloc((size_t)argc + 1, sizeof *args);
  if (!args) {
    fprintf(stderr, "etotune plan: out of memory\n");
    return ETO_EXIT_FAIL;
  }
  int nargs = 0;
  for (int i = 0; i < argc; i++) {
    if (i > 0 && strcmp(argv[i], "--mode") == 0 && i + 1 < argc) mode = argv[++i];
    else args[nargs++] = argv[i];
  }
  int pa = eto_cli_plan_args(nargs, args, 1, &c);
  if (pa == 0 && c.nunknown)
    fprintf(stderr, "etotune plan: unknown option %s (see etotune help plan)\n", args[c.unknown[0]]);
  free(args); /* c keeps pointers into argv only */
  if (pa != 0 || c.nunknown) return ETO_EXIT_USAGE;
  if (strcmp(mode, "eto") != 0 && strcmp(mode, "topk") != 0) {
    fprintf(stderr, "etotune plan: --mode takes eto (default) or topk\n");
    return ETO_EXIT_USAGE;
  }
  if (strcmp(c.format, "text") && strcmp(c.format, "json") && strcmp(c.format, "dot")) {
    fprintf(stderr, "etotune plan: --format takes text, json or dot\n");
    return ETO_EXIT_USAGE;
  }
  eto_oplist *l = NULL;
  char msg[8192];
  int lrc = ETO_EXIT_FAIL;
  if (!(l = eto_cli_load_list(c.list, &lrc))) return lrc;
  eto_target t;
  eto_target_cpu(c.threads, &t);
  eto_cache *cache = NULL;
  if (!c.no_cache) {
    eto_cache_opts co = {.read_only = 1};
    eto_cache_status cs = eto_cache_open(c.db, &co, &cache);
    if (cs == ETO_CACHE_NOTFOUND) { /* no cache yet: plan without one */
      eto_cache_close(cache);
      cache = NULL;
    } else if (cs != ETO_CACHE_OK) { /* a plan that silently ignored a damaged cache would mislead */
      fprintf(stderr, "etotune plan: cannot read the cache: %s (--no-cache plans without it)\n",
              eto_cache_errmsg(cache));
      eto_cache_close(cache);
      eto_oplist_free(l);
      return ETO_EXIT_FAIL;
    } else if (eto_cache_unlocked(cache)) {
      fprintf(stderr, "etotune plan: note: %s/lock.mdb cannot be written; reading the cache without LMDB's lock\n",
              eto_cache_path(cache));
    }
  }
  int n = eto_oplist_count(l);
  eto_op *ops = calloc((size_t)n, sizeof *ops);
  for (int i = 0; i < n; i++) ops[i] = *eto_oplist_get(l, i);
  /* planning measures nothing, but tuning this list would be refused: say so now */
  eto_cli_limits lim;
  eto_cli_limits_default(&lim);
  eto_cli_check_limits("etotune plan", c.list, ops, n, eto_measure_workers(&t, NULL), &lim, 1);
  if (strcmp(mode, "eto") == 0) eto_cli_fit_reuse("etotune plan", cache, &t, c.reuse, &c.plan);
  eto_sel_plan *p = NULL;
  plan_progress pp = {.start = seconds_now()};
  c.plan.progress = on_progress;
  c.plan.progress_user = &pp;
  eto_status st = strcmp(mode, "topk") == 0 ? eto_sel_topk_plan_build(ops, n, &t, cache, &c.plan, &p, msg, sizeof msg)
                                  : eto_sel_plan_build(ops, n, &t, cache, &c.plan, &p, msg, sizeof msg);
  int rc = ETO_EXIT_OK;
  if (st != ETO_OK) {
    fprintf(stderr, "etotune plan: %s\n", msg);
    rc = ETO_EXIT_FAIL;
  } else if (strcmp(c.format, "json") == 0) {
    eto_sel_plan_print_json(p, stdout);
  } else if (strcmp(c.format, "dot") == 0) {
    eto_sel_plan_print_dot(p, stdout);
  } else {
    printf("target: %s\ncache: %s\n", t.description, cache ? eto_cache_path(cache) : "(none)");
    eto_sel_plan_print_text(p, stdout);
  }
  eto_sel_plan_free(p);
  free(ops);
  eto_cache_close(cache);
  eto_oplist_free(l);
  return rc;
}
