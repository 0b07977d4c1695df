/* cli_db.c — `etotune db stats|list|show|export|import|verify`: what the cache holds, one record in full,
 * export/import as JSON lines, and integrity checks (with --rebuild: every best program of this CPU is
 * rebuilt, run and checked against the reference again; failures are marked bad). Import and verify judge
 * every record with the operator model (record_checker below): the cache itself keeps keys and recipes as
 * opaque text. */
#include <limits.h>
#include <math.h>
#include <stdint.h>
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
  if (eto_cache_unlocked(*c))
    fprintf(stderr,
            "etotune db: note: %s/lock.mdb cannot be written; reading without LMDB's lock (a process writing "
            "this cache at the same time could make what is read inconsistent)\n",
            eto_cache_path(*c));
  return 0;
}

/* ---- plausibility of records ------------------------------------------------------------------------
 * What the cache cannot judge: the workload key must parse back to an operator and re-format to itself
 * (eto_op_from_key checks the round trip), the record's kind must be the key's, a recipe that claims a
 * result must parse and fit the operator's loop nest (eto_sched_validate with no target limits: those of
 * another machine are unknown here), and no latency may imply more than a generous throughput bound:
 * 100x this CPU's peak for this machine's targets, 100x a fast float32 device for any other target. */

#define BOUND_FACTOR 100.0
#define CPU_CLOCK_HZ 5e9            /* above any current all-core clock */
#define CPU_FMA_PIPES 2.0           /* fused multiply-add pipes per core: 2 FLOP each per lane and cycle */
#define ANY_DEVICE_FLOPS 1e14       /* float32 FLOP/s above any current device (H100 SXM: 67e12) */
#define GFLOPS_TOLERANCE 0.01       /* relative: the stored GFLOP/s must be FLOPs / median latency */
#define MAX_LOCAL_FINGERPRINTS 1024 /* this CPU with 1..N cores: each count is its own fingerprint */

typedef struct {
  char (*local)[sizeof((eto_target *)0)->fingerprint]; /* this machine's fingerprints */
  int nlocal;
  double local_bound; /* FLOP/s */
  eto_target loose;   /* this CPU with every limit lifted */
  /* the last workload key judged (trials come grouped by workload) */
  char key[ETO_CACHE_MAX_WORKLOAD + 1];
  int key_ok;
  char key_why[512];
  eto_op op;
  eto_compute comp;
  double flops;
} record_checker;

static void checker_free(record_checker *x) {
  if (!x) return;
  free(x->local);
  free(x);
}

/* NULL when out of memory. */
static record_checker *checker_create(void) {
  record_checker *x = calloc(1, sizeof *x);
  if (!x) return NULL;
  eto_target t;
  eto_target_cpu(0, &t);
  int n = t.cores < MAX_LOCAL_FINGERPRINTS ? t.cores : MAX_LOCAL_FINGERPRINTS;
  x->local = calloc((size_t)n, sizeof *x->local);
  if (!x->local) {
    checker_free(x);
    return NULL;
  }
  for (int k = 1; k <= n; k++) {
    eto_target tk;
    eto_target_cpu(k, &tk);
    memcpy(x->local[x->nlocal++], tk.fingerprint, sizeof tk.fingerprint);
  }
  x->local_bound = BOUND_FACTOR * t.cores * (t.vector_bits / 32.0) * CPU_FMA_PIPES * 2 * CPU_CLOCK_HZ;
  snprintf(x->key_why, sizeof x->key_why, "the workload key is empty");
  x->loose = t;
  x->loose.max_threads_per_block = INT_MAX;
  x->loose.min_threads_per_block = 1;
  x->loose.max_shared_bytes = INT64_MAX;
  x->loose.max_vthreads = INT_MAX;
  x->loose.max_thread_tile = INT_MAX;
  x->loose.max_innermost = INT_MAX;
  return x;
}

/* Parses the workload key (once per distinct key in a row); 0 or -1 with the reason in why. */
static int judge_key(record_checker *x, const char *key, char *why, size_t n) {
  if (strcmp(key, x->key) != 0) {
    snprintf(x->key, sizeof x->key, "%s", key);
    char msg[256];
    x->key_ok = eto_op_from_key(key, &x->op, msg, sizeof msg) == ETO_OK;
    if (x->key_ok) {
      eto_op_compute(&x->op, &x->comp);
      x->flops = eto_op_flops(&x->op);
    } else {
      snprintf(x->key_why, sizeof x->key_why, "workload key \"%.120s\" is not an operator: %s", key, msg);
    }
  }
  if (!x->key_ok) snprintf(why, n, "%s", x->key_why);
  return x->key_ok ? 0 : -1;
}

/* The checks shared by best records and trials. latency_s: the fastest time the record claims (0: none). */
static int judge(record_checker *x, const char *fp, const char *key, const char *kind, const char *recipe,
                 double latency_s, char *why, size_t n) {
  if (judge_key(x, key, why, n) != 0) return -1;
  const char *key_kind = eto_op_kind_name(x->op.kind);
  if (kind && strcmp(kind, key_kind) != 0) {
    snprintf(why, n, "kind \"%.64s\" does not match the workload key's kind %s", kind, key_kind);
    return -1;
  }
  if (latency_s <= 0) return 0; /* a failed trial: its recipe claims nothing */
  eto_program p;
  char msg[256];
  if (eto_program_parse(recipe, &p, msg, sizeof msg) != 0) {
    snprintf(why, n, "recipe does not parse: %s", msg);
    return -1;
  }
  if (eto_sched_validate(&x->comp, &x->loose, &p, msg, sizeof msg) != 0) {
    snprintf(why, n, "recipe does not fit %s: %s", key_kind, msg);
    return -1;
  }
  int local = 0;
  for (int i = 0; i < x->nlocal && !local; i++) local = strcmp(fp, x->local[i]) == 0;
  double bound = local ? x->local_bound : BOUND_FACTOR * ANY_DEVICE_FLOPS;
  double rate = x->flops / latency_s;
  if (rate > bound) {
    snprintf(why, n,
             "latency %.3g s means %.4g GFLOP/s for %.4g FLOP, above %.4g GFLOP/s (100x the peak of %s): it "
             "cannot have been measured",
             latency_s, rate * 1e-9, x->flops, bound * 1e-9, local ? "this CPU" : "any float32 device");
    return -1;
  }
  return 0;
}

static int check_best(const eto_cache_best *b, void *user, char *why, size_t n) {
  record_checker *x = user;
  const eto_cache_latency *l = &b->latency;
  double fastest = l->min_s > 0 && l->min_s < l->median_s ? l->min_s : l->median_s;
  if (judge(x, b->fingerprint, b->workload, b->kind, b->recipe, fastest, why, n) != 0) return -1;
  double gflops = x->flops / l->median_s * 1e-9;
  if (!(fabs(b->gflops - gflops) <= GFLOPS_TOLERANCE * gflops)) {
    snprintf(why, n, "GFLOP/s %.6g is not the workload's FLOPs over the median latency (%.6g)", b->gflops,
             gflops);
    return -1;
  }
  if (b->source_workload) {
    char msg[256];
    eto_op src;
    if (eto_op_from_key(b->source_workload, &src, msg, sizeof msg) != ETO_OK) {
      snprintf(why, n, "source workload \"%.120s\" is not an operator: %s", b->source_workload, msg);
      return -1;
    }
  }
  return 0;
}

static int check_trial(const eto_cache_trial *t, void *user, char *why, size_t n) {
  return judge(user, t->fingerprint, t->workload, t->kind, t->recipe,
               t->status == ETO_CACHE_TRIAL_OK ? t->latency_s : 0, why, n);
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
  if (st == ETO_CACHE_NOTFOUND) {
    fprintf(stderr, "etotune db show: %s: no best program for this machine's target\n", key);
    return ETO_EXIT_FAIL;
  }
  if (st != ETO_CACHE_OK && st != ETO_CACHE_BAD) {
    fprintf(stderr, "etotune db show: %s: %s\n", key, eto_cache_errmsg(c));
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

/* Lines that are not plausible records are refused with "FILE:LINE: reason" on stderr; the exit status is
 * FAIL when any line was refused or none was taken. */
static int cmd_import(eto_cache *c, const char *file) {
  int is_stdin = strcmp(file, "-") == 0;
  const char *name = is_stdin ? "<stdin>" : file;
  FILE *f = is_stdin ? stdin : fopen(file, "r");
  if (!f) {
    perror(file);
    return ETO_EXIT_FAIL;
  }
  record_checker *x = checker_create();
  if (!x) {
    fprintf(stderr, "etotune db import: out of memory\n");
    if (!is_stdin) fclose(f);
    return ETO_EXIT_FAIL;
  }
  eto_cache_checker ck = {check_best, check_trial, x};
  eto_cache_import_opts o = {.name = name, .checker = &ck};
  eto_cache_import_report r;
  eto_cache_status st = eto_cache_import(c, f, &o, &r);
  if (!is_stdin) fclose(f);
  checker_free(x);
  if (r.messages && r.messages[0]) fputs(r.messages, stderr);
  if (r.skipped > 100) fprintf(stderr, "(the first 100 of %zu lines not imported are shown)\n", r.skipped);
  size_t taken = r.lines - r.skipped;
  printf("%s: read %zu lines, imported %zu: best %zu new, %zu replaced, %zu kept; trials %zu added, %zu "
         "duplicate; "
         "targets %zu added, %zu kept; %zu refused, %zu of other targets skipped\n",
         name, r.lines, taken, r.best_new, r.best_replaced, r.best_kept, r.trials_added, r.trials_duplicate,
         r.targets_added, r.targets_kept, r.refused, r.skipped - r.refused);
  int rc = ETO_EXIT_OK;
  if (st != ETO_CACHE_OK) {
    fprintf(stderr, "etotune db import: %s: %s\n", name, eto_cache_errmsg(c));
    rc = ETO_EXIT_FAIL;
  } else if (r.refused) {
    fprintf(stderr,
            "etotune db import: %s: %zu of %zu lines refused (see above); %zu imported\n",
            name, r.refused, r.lines, taken);
    rc = ETO_EXIT_FAIL;
  } else if (taken == 0) {
    fprintf(stderr, "etotune db import: %s: nothing imported (%zu lines)\n", name, r.lines);
    rc = ETO_EXIT_FAIL;
  }
  eto_cache_import_report_free(&r);
  return rc;
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
  record_checker *x = checker_create();
  if (!x) {
    fprintf(stderr, "etotune db verify: out of memory\n");
    return ETO_EXIT_FAIL;
  }
  eto_cache_checker ck = {check_best, check_trial, x};
  eto_cache_verify_opts vo = {&ck};
  eto_cache_verify_report r;
  eto_cache_status st = eto_cache_verify(c, &vo, &r);
  checker_free(x);
  printf("examined %zu best, %zu trials, %zu index entries, %zu meta; %zu stale; %zu problem(s)\n", r.best, r.trials,
         r.index_entries, r.meta, r.stale, r.problems);
  if (r.messages && r.messages[0]) printf("%s", r.messages);
  if (r.problems > 20) printf("(the first 20 problems are shown)\n");
  if (r.unchecked)
    printf("%zu record(s) have no checksum (schema 1, written before checksums): they are used as before, "
           "but an "
           "edit to them cannot be detected; `db export` and `db import` into a new cache adds checksums\n",
           r.unchecked);
  if (st != ETO_CACHE_OK && st != ETO_CACHE_ECORRUPT)
    fprintf(stderr, "etotune db verify: %s\n", eto_cache_errmsg(c));
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
  int failed = 0, skipped = 0;
  for (size_t i = 0; i < v.n; i++) {
    eto_op op;
    char msg[512];
    eto_program p;
    eto_measure_result res = {0};
    if (eto_op_from_key(v.items[i].workload, &op, msg, sizeof msg) == ETO_OK &&
        eto_measure_check_limits(&op, eto_measure_workers(&t, &o), NULL, NULL, msg, sizeof msg) != ETO_OK) {
      /* over the up-front limits (an imported record, or one tuned on a larger machine): not measured here, and
       * not marked bad either: nothing is known against it */
      printf("%-13s %s\n  %s\n", "skipped", v.items[i].workload, msg);
      skipped++;
      eto_cache_best_clear(&v.items[i]);
      continue;
    }
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
  printf("rebuilt %zu best program(s) of this machine's target: %d failed (marked bad)", v.n - (size_t)skipped, failed);
  if (skipped) printf(", %d skipped (over the memory or reference-time limits of etotune help tune)", skipped);
  printf("\n");
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
  if ((known == 2 || known == 3 || known == 4) && (!arg || !*arg)) {
    fprintf(stderr, "etotune db %s: %s %s\n", sub, arg ? "empty" : "missing", known == 2 ? "KEY" : "FILE");
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
