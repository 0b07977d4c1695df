/* cli_db.c — `etotune db stats|list|show|export|import|verify`: what the cache holds, one record in full,
 * export/import as JSON lines, and integrity checks (with --rebuild: every best program of this CPU is
 * rebuilt, run and checked against the reference again; failures are marked bad). */
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "cli.h"
#include "cli_opt.h"
#include "measure.h"

static int open_cache(const char *path, int read_only, eto_cache **c) {
  eto_cache_opts o = {.read_only = read_only};
  eto_cache_status st = eto_cache_open(path, &o, c);
  if (st != ETO_CACHE_OK) {
    fprintf(stderr, "etotune db: cannot open the cache: %s\n", eto_cache_errmsg(*c));
    eto_cache_close(*c);
    *c = NULL;
    return -1;
  }
  return 0;
}

static int cmd_stats(eto_cache *c) {
  eto_cache_stats_report s;
  if (eto_cache_stats(c, &s) != ETO_CACHE_OK) {
    fprintf(stderr, "etotune db stats: %s\n", eto_cache_errmsg(c));
    return ETO_EXIT_FAIL;
  }
  printf("cache: %s\n", eto_cache_path(c));
  printf("size: %.1f MiB used of %.1f MiB mapped (file %.1f MiB)\n", s.used_size / 1048576.0, s.map_size / 1048576.0,
         s.file_size / 1048576.0);
  printf("records: %zu best programs, %zu trials, %zu targets; %zu stale, %zu corrupt\n\n", s.best, s.trials, s.targets,
         s.stale, s.corrupt);
  printf("%-18s %-20s %8s %6s %9s %9s\n", "target", "kind", "best", "bad", "trials", "ok");
  for (size_t i = 0; i < s.row_count; i++) {
    const eto_cache_stats_row *r = &s.rows[i];
    printf("%-18s %-20s %8zu %6zu %9zu %9zu\n", r->fingerprint, r->kind, r->best, r->bad, r->trials, r->trials_ok);
  }
  eto_target t;
  eto_target_cpu(0, &t);
  printf("\nthis machine's target: %s %s\n", t.fingerprint, t.description);
  eto_cache_stats_report_free(&s);
  return ETO_EXIT_OK;
}

typedef struct {
  const char *kind;
  int count;
} list_ctx;

static int print_best(const eto_cache_best *b, void *user) {
  list_ctx *lc = user;
  if (lc->kind && strcmp(lc->kind, b->kind) != 0) return 0;
  printf("%-16s %-7s %10.4f %9.2f %6lld %s%s\n  %s\n", b->fingerprint, eto_cache_method_name(b->method),
         b->latency.median_s * 1e3, b->gflops, (long long)b->trials, b->workload, b->bad ? "  [BAD]" : "", b->recipe);
  lc->count++;
  return 0;
}

static int cmd_list(eto_cache *c, const char *kind, int all) {
  eto_target t;
  eto_target_cpu(0, &t);
  list_ctx lc = {.kind = kind};
  printf("%-16s %-7s %10s %9s %6s %s\n", "target", "method", "ms", "GFLOP/s", "trials", "workload / program");
  eto_cache_status st = eto_cache_foreach_best(c, all ? NULL : t.fingerprint, print_best, &lc);
  printf("%d record(s)%s\n", lc.count, all ? "" : " for this machine's target (--all-targets for every target)");
  if (st != ETO_CACHE_OK) fprintf(stderr, "etotune db list: %s\n", eto_cache_errmsg(c));
  return st == ETO_CACHE_OK || st == ETO_CACHE_STALE ? ETO_EXIT_OK : ETO_EXIT_FAIL;
}

static int cmd_show(eto_cache *c, const char *key) {
  eto_target t;
  eto_target_cpu(0, &t);
  eto_cache_best b;
  eto_cache_status st = eto_cache_get_best(c, t.fingerprint, key, &b);
  if (st != ETO_CACHE_OK && st != ETO_CACHE_BAD) {
    fprintf(stderr, "etotune db show: %s: %s%s\n", key, eto_cache_status_name(st),
            st == ETO_CACHE_NOTFOUND ? " (no best program for this machine's target)" : eto_cache_errmsg(c));
    return ETO_EXIT_FAIL;
  }
  char *json = eto_cache_best_to_json(&b, 1);
  printf("%s\n", json ? json : "");
  free(json);
  size_t n = 0;
  eto_cache_count_trials(c, t.fingerprint, key, &n);
  printf("trials stored for this workload: %zu\n", n);
  eto_cache_best_clear(&b);
  return ETO_EXIT_OK;
}

static int cmd_export(eto_cache *c, const char *file) {
  FILE *f = strcmp(file, "-") == 0 ? stdout : fopen(file, "w");
  if (!f) {
    perror(file);
    return ETO_EXIT_FAIL;
  }
  eto_cache_export_report r;
  eto_cache_status st = eto_cache_export(c, f, &r);
  if (f != stdout) fclose(f);
  fprintf(stderr, "exported %zu best, %zu trials, %zu targets; %zu left out\n", r.best, r.trials, r.targets, r.skipped);
  return st == ETO_CACHE_OK ? ETO_EXIT_OK : ETO_EXIT_FAIL;
}

static int cmd_import(eto_cache *c, const char *file) {
  FILE *f = strcmp(file, "-") == 0 ? stdin : fopen(file, "r");
  if (!f) {
    perror(file);
    return ETO_EXIT_FAIL;
  }
  eto_cache_import_report r;
  eto_cache_status st = eto_cache_import(c, f, NULL, &r);
  if (f != stdin) fclose(f);
  printf("read %zu lines: best %zu new, %zu replaced, %zu kept; trials %zu added, %zu duplicate; targets %zu added; "
         "%zu skipped\n",
         r.lines, r.best_new, r.best_replaced, r.best_kept, r.trials_added, r.trials_duplicate, r.targets_added, r.skipped);
  if (r.messages && r.messages[0]) printf("skipped lines:\n%s", r.messages);
  eto_cache_import_report_free(&r);
  if (st != ETO_CACHE_OK) fprintf(stderr, "etotune db import: %s\n", eto_cache_errmsg(c));
  return st == ETO_CACHE_OK ? ETO_EXIT_OK : ETO_EXIT_FAIL;
}

typedef struct {
  eto_cache_best *items;
  size_t n, cap;
} best_vec;

static int collect(const eto_cache_best *b, void *user) {
  best_vec *v = user;
  if (v->n == v->cap) {
    v->cap = v->cap ? 2 * v->cap : 16;
    v->items = realloc(v->items, v->cap * sizeof *v->items);
  }
  eto_cache_best *d = &v->items[v->n++];
  memset(d, 0, sizeof *d);
  d->workload = strdup(b->workload);
  d->recipe = strdup(b->recipe);
  d->bad = b->bad;
  return 0;
}

static int cmd_verify(eto_cache *c, int rebuild) {
  eto_cache_verify_report r;
  eto_cache_status st = eto_cache_verify(c, &r);
  printf("examined %zu best, %zu trials, %zu index entries, %zu meta; %zu stale; %zu problem(s)\n", r.best, r.trials,
         r.index_entries, r.meta, r.stale, r.problems);
  if (r.messages && r.messages[0]) printf("%s", r.messages);
  eto_cache_verify_report_free(&r);
  int rc = st == ETO_CACHE_OK ? ETO_EXIT_OK : ETO_EXIT_FAIL;
  if (!rebuild) return rc;
  eto_target t;
  eto_target_cpu(0, &t);
  best_vec v = {0};
  eto_cache_foreach_best(c, t.fingerprint, collect, &v);
  eto_measure_opts o;
  eto_measure_opts_default(&o);
  o.min_repeat_seconds = 0.01;
  int failed = 0;
  for (size_t i = 0; i < v.n; i++) {
    eto_op op;
    char msg[512];
    eto_program p;
    eto_measure_result res = {0};
    if (eto_op_from_key(v.items[i].workload, &op, msg, sizeof msg) != ETO_OK) {
      res.error = ETO_MEASURE_INSTANTIATION;
      snprintf(res.message, sizeof res.message, "workload key: %.200s", msg);
    } else if (eto_program_parse(v.items[i].recipe, &p, msg, sizeof msg) != 0) {
      res.error = ETO_MEASURE_INSTANTIATION;
      snprintf(res.message, sizeof res.message, "recipe: %.200s", msg);
    } else {
      eto_measurer *m = NULL;
      if (eto_measurer_create(&op, &t, &o, &m, msg, sizeof msg) != ETO_OK) {
        res.error = ETO_MEASURE_RUNTIME;
        snprintf(res.message, sizeof res.message, "%.240s", msg);
      } else {
        eto_measurer_run(m, &p, &res);
        eto_measurer_free(m);
      }
    }
    printf("%-13s %s\n", eto_measure_error_name(res.error), v.items[i].workload);
    if (res.error != ETO_MEASURE_OK) {
      failed++;
      printf("  %s\n", res.message);
      eto_cache_mark_bad(c, t.fingerprint, v.items[i].workload, v.items[i].recipe, res.message);
    }
    eto_cache_best_clear(&v.items[i]);
  }
  free(v.items);
  printf("rebuilt %zu best program(s) of this machine's target: %d failed (marked bad)\n", v.n, failed);
  return failed ? ETO_EXIT_FAIL : rc;
}

int eto_cli_db(int argc, char **argv) {
  const char *path = NULL, *kind = NULL, *sub = NULL, *arg = NULL;
  int rebuild = 0, all = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--db") == 0 && i + 1 < argc) {
      if (eto_cli_opt_str("etotune db", "--db", argv[++i], &path)) return ETO_EXIT_USAGE;
    } else if (strcmp(argv[i], "--kind") == 0 && i + 1 < argc) {
      if (eto_cli_opt_str("etotune db", "--kind", argv[++i], &kind)) return ETO_EXIT_USAGE;
    }
    else if (strcmp(argv[i], "--rebuild") == 0) rebuild = 1;
    else if (strcmp(argv[i], "--all-targets") == 0) all = 1;
    else if (argv[i][0] == '-' && argv[i][1] == '-') {
      fprintf(stderr, "etotune db: unknown option %s (see etotune help db)\n", argv[i]);
      return ETO_EXIT_USAGE;
    } else if (!sub) sub = argv[i];
    else if (!arg) arg = argv[i];
    else {
      fprintf(stderr, "etotune db: unexpected argument %s\n", argv[i]);
      return ETO_EXIT_USAGE;
    }
  }
  static const char *const subs[] = {"stats", "list", "show", "export", "import", "verify"};
  int known = -1;
  for (int i = 0; sub && i < 6; i++)
    if (strcmp(sub, subs[i]) == 0) known = i;
  if (known < 0) {
    fprintf(stderr, "etotune db: expected one of stats, list, show KEY, export FILE, import FILE, verify\n");
    return ETO_EXIT_USAGE;
  }
  if ((known == 2 || known == 3 || known == 4) && !arg) {
    fprintf(stderr, "etotune db %s: missing %s\n", sub, known == 2 ? "KEY" : "FILE");
    return ETO_EXIT_USAGE;
  }
  eto_cache *c = NULL;
  int writes = known == 4 || (known == 5 && rebuild);
  if (open_cache(path, !writes, &c) != 0) return ETO_EXIT_FAIL;
  int rc;
  switch (known) {
  case 0: rc = cmd_stats(c); break;
  case 1: rc = cmd_list(c, kind, all); break;
  case 2: rc = cmd_show(c, arg); break;
  case 3: rc = cmd_export(c, arg); break;
  case 4: rc = cmd_import(c, arg); break;
  default: rc = cmd_verify(c, rebuild); break;
  }
  eto_cache_close(c);
  return rc;
}
