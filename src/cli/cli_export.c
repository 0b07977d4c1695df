/* cli_export.c — `etotune export LIST --out DIR`: the best cached program of every operator of LIST, compiled
 * ahead of time into DIR/lib<name>.a, DIR/lib<name>.so, DIR/<name>.h and DIR/manifest.json (export.h). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_opt.h"
#include "export.h"
#include "measure.h"

#ifndef ETO_VERSION
#define ETO_VERSION "unknown"
#endif

typedef struct {
  const char *list, *out, *name, *target, *db;
  int threads, fallback, keep_build;
} export_args;

static int parse_args(int argc, char **argv, export_args *a) {
  memset(a, 0, sizeof *a);
  a->target = "cpu";
  const char *p = "etotune export";
  for (int i = 1; i < argc; i++) {
    const char *s = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(s, "--fallback-reference") == 0) {
      a->fallback = 1;
      continue;
    }
    if (strcmp(s, "--keep-build") == 0) {
      a->keep_build = 1;
      continue;
    }
    if (s[0] == '-' && s[1] == '-') {
      if (!v) {
        fprintf(stderr, "%s: %s needs a value\n", p, s);
        return -1;
      }
      i++;
      int bad = 0;
      if (strcmp(s, "--out") == 0) bad = eto_cli_opt_str(p, s, v, &a->out);
      else if (strcmp(s, "--name") == 0) bad = eto_cli_opt_str(p, s, v, &a->name);
      else if (strcmp(s, "--target") == 0) bad = eto_cli_opt_str(p, s, v, &a->target);
      else if (strcmp(s, "--db") == 0) bad = eto_cli_opt_str(p, s, v, &a->db);
      else if (strcmp(s, "--threads") == 0) bad = eto_cli_opt_int(p, s, v, 1, eto_cli_opt_max_threads(), &a->threads);
      else {
        fprintf(stderr, "%s: unknown option %s (see etotune help export)\n", p, s);
        return -1;
      }
      if (bad) return -1;
      continue;
    }
    if (a->list) {
      fprintf(stderr, "%s: one list at a time (got %s and %s)\n", p, a->list, s);
      return -1;
    }
    a->list = s;
  }
  if (!a->list || !a->out) {
    fprintf(stderr, "%s: missing %s (see etotune help export)\n", p, !a->list ? "LIST" : "--out DIR");
    return -1;
  }
  if (strcmp(a->target, "cpu") != 0) {
    fprintf(stderr, "%s: --target %s: only cpu is supported (CUDA export is not implemented yet)\n", p, a->target);
    return -1;
  }
  return 0;
}

/* The default library name: the list's file name without directory and extension, as a C identifier. */
static void default_name(const char *list, char *buf, size_t cap) {
  const char *base = strrchr(list, '/');
  base = base ? base + 1 : list;
  size_t n = 0;
  if (*base >= '0' && *base <= '9' && n + 1 < cap) buf[n++] = '_';
  for (const char *q = base; *q && *q != '.' && n + 1 < cap && n < 64; q++)
    buf[n++] = ((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9')) ? *q : '_';
  buf[n] = 0;
  if (n == 0) snprintf(buf, cap, "kernels");
}

int eto_cli_export(int argc, char **argv) {
  export_args a;
  if (parse_args(argc, argv, &a) != 0) return ETO_EXIT_USAGE;
  char msg[8192], name[80];
  if (!a.name) default_name(a.list, name, sizeof name);
  eto_oplist *l = NULL;
  eto_status st = eto_oplist_load(a.list, &l, msg, sizeof msg);
  if (st != ETO_OK) {
    fprintf(stderr, "%s", msg);
    if (msg[0] && msg[strlen(msg) - 1] != '\n') fputc('\n', stderr);
    return st == ETO_ERR_PARSE ? ETO_EXIT_USAGE : ETO_EXIT_FAIL;
  }
  int n = eto_oplist_count(l);
  eto_op *ops = malloc(sizeof *ops * (size_t)(n > 0 ? n : 1));
  if (!ops) {
    eto_oplist_free(l);
    fprintf(stderr, "etotune export: out of memory\n");
    return ETO_EXIT_FAIL;
  }
  for (int i = 0; i < n; i++) ops[i] = *eto_oplist_get(l, i);
  eto_oplist_free(l);

  /* the target whose records are exported: this machine, as `etotune tune --threads T` fingerprints it */
  eto_target t;
  if (eto_measure_machine_target(ETO_TARGET_CPU, a.threads, &t, msg, sizeof msg) != ETO_OK) {
    fprintf(stderr, "etotune export: --target cpu: %s\n", msg);
    free(ops);
    return ETO_EXIT_FAIL;
  }
  char *path = NULL;
  if (eto_cache_resolve_path(a.db, &path) != ETO_CACHE_OK) {
    fprintf(stderr, "etotune export: no cache directory (use --db PATH or set ETOTUNE_DB)\n");
    free(ops);
    return ETO_EXIT_FAIL;
  }
  eto_cache *cache = NULL;
  eto_cache_opts co = {.read_only = 1};
  if (eto_cache_open(path, &co, &cache) != ETO_CACHE_OK) {
    if (!a.fallback) {
      fprintf(stderr, "etotune export: cache %s: %s\n", path, eto_cache_errmsg(cache));
      eto_cache_close(cache);
      free(path);
      free(ops);
      return ETO_EXIT_FAIL;
    }
    /* --fallback-reference: every operator gets its untuned program */
    fprintf(stderr, "etotune export: cache %s: %s; every operator is an UNTUNED FALLBACK\n", path,
            eto_cache_errmsg(cache));
    eto_cache_close(cache);
    cache = NULL;
  }
  eto_export_opts o = {.name = a.name ? a.name : name,
                       .out_dir = a.out,
                       .version = ETO_VERSION,
                       .fallback = a.fallback,
                       .keep_build = a.keep_build};
  eto_export_result r;
  st = eto_export(ops, n, cache, &t, &o, &r, msg, sizeof msg);
  if (st != ETO_OK) {
    fprintf(stderr, "etotune export: %s from cache %s for target %s:\n%s", o.name, path, t.fingerprint, msg);
    if (msg[0] && msg[strlen(msg) - 1] != '\n') fputc('\n', stderr);
  } else {
    printf("target: %s\ncache: %s\n", t.description, path);
    for (int i = 0; i < r.count; i++) {
      const eto_export_entry *e = &r.ops[i];
      if (e->source == ETO_EXPORT_TUNED)
        printf("  %-32s %9.4f ms %8.1f GFLOP/s  %s\n", e->function, e->latency_s * 1e3, e->gflops, e->key);
      else
        printf("  %-32s UNTUNED FALLBACK          %s\n", e->function, e->key);
    }
    printf("wrote %s, %s, %s, %s\n", r.static_lib, r.shared_lib, r.header, r.manifest);
    eto_export_result_clear(&r);
  }
  eto_cache_close(cache);
  free(path);
  free(ops);
  return st == ETO_OK ? ETO_EXIT_OK : ETO_EXIT_FAIL;
}
