/* cli_export.c — `etotune export LIST --out DIR`: the best cached program of every operator of LIST, compiled
 * ahead of time into DIR/lib<name>.a, DIR/lib<name>.so, DIR/<name>.h and DIR/manifest.json; with --target cuda
 * into DIR/<name>.cu, DIR/<name>.ptx, DIR/<name>_host.c, DIR/<name>.h and DIR/manifest.json (export.h). */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "cli_opt.h"
#include "export.h"
#include "measure.h"

#ifndef ETO_VERSION
#define ETO_VERSION "unknown"
#endif

typedef struct {
  const char *list, *out, *name, *target, *db, *arch, *picks, *picks_from;
  int threads, fallback, keep_build;
  double weak_floor_us;
} export_args;

static int parse_args(int argc, char **argv, export_args *a) {
  memset(a, 0, sizeof *a);
  a->target = "cpu";
  a->weak_floor_us = ETO_EXPORT_CALL_US;
  const eto_cli_def defs[] = {
      {"--fallback-reference", ETO_CLI_FLAG, &a->fallback, 0, 0},
      {"--keep-build", ETO_CLI_FLAG, &a->keep_build, 0, 0},
      {"--out", ETO_CLI_STR, &a->out, 0, 0},
      {"--name", ETO_CLI_STR, &a->name, 0, 0},
      {"--target", ETO_CLI_STR, &a->target, 0, 0},
      {"--db", ETO_CLI_STR, &a->db, 0, 0},
      {"--arch", ETO_CLI_STR, &a->arch, 0, 0},
      {"--threads", ETO_CLI_INT, &a->threads, 1, eto_cli_opt_max_threads()},
      {"--picks", ETO_CLI_STR, &a->picks, 0, 0},
      {"--picks-from", ETO_CLI_STR, &a->picks_from, 0, 0},
      {"--weak-floor-us", ETO_CLI_DOUBLE, &a->weak_floor_us, 0, 1e6},
  };
  const char *p = "etotune export";
  if (eto_cli_parse(p, "etotune help export", argc, argv, defs, (int)(sizeof defs / sizeof defs[0]), NULL, NULL,
                    &a->list) != 0)
    return -1;
  if (!a->list || !a->out) {
    fprintf(stderr, "%s: missing %s (see etotune help export)\n", p, !a->list ? "LIST" : "--out DIR");
    return -1;
  }
  if (strcmp(a->target, "cpu") != 0 && strcmp(a->target, "cuda") != 0) {
    fprintf(stderr, "%s: --target %s: expected cpu or cuda\n", p, a->target);
    return -1;
  }
  if (a->picks && strcmp(a->picks, "measured") != 0 && strcmp(a->picks, "model") != 0) {
    fprintf(stderr, "%s: --picks %s: expected measured or model\n", p, a->picks);
    return -1;
  }
  if (a->picks_from && a->picks && strcmp(a->picks, "model") == 0) {
    fprintf(stderr, "%s: --picks-from is for measured picks, not --picks model\n", p);
    return -1;
  }
  int cuda = strcmp(a->target, "cuda") == 0;
  if (!cuda && a->arch) {
    fprintf(stderr, "%s: --arch is for --target cuda\n", p);
    return -1;
  }
  if (cuda && (a->threads || a->keep_build || a->picks || a->picks_from)) {
    fprintf(stderr, "%s: %s is for --target cpu\n", p,
            a->threads ? "--threads" : a->keep_build ? "--keep-build" : a->picks ? "--picks" : "--picks-from");
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

/* The target whose records are exported. cpu: this machine, as `etotune tune --threads T` fingerprints it.
 * cuda: the GPU of this machine (as `etotune tune --target cuda` fingerprints it) when it has one of --arch (or
 * --arch is not given), else the architecture table's target of --arch (*no_gpu = 1): no GPU is needed to
 * compile, but only records of that fingerprint are found. Returns 0, or -1 after saying why. */
static int target_of(const export_args *a, eto_target *t, int *no_gpu) {
  char msg[1024];
  if (strcmp(a->target, "cpu") == 0) {
    if (eto_measure_machine_target(ETO_TARGET_CPU, a->threads, t, msg, sizeof msg) == ETO_OK) return 0;
    fprintf(stderr, "etotune export: --target cpu: %s\n", msg);
    return -1;
  }
  if (eto_measure_machine_target(ETO_TARGET_CUDA, 0, t, msg, sizeof msg) == ETO_OK &&
      (!a->arch || strcmp(a->arch, t->arch) == 0))
    return 0;
  if (!a->arch) {
    fprintf(stderr,
            "etotune export: --target cuda: no GPU found here (%s); give the architecture to compile for with "
            "--arch sm_XX (no GPU is needed to export; the cache records of that architecture without a device "
            "are used)\n",
            msg);
    return -1;
  }
  if (eto_target_cuda(a->arch, NULL, 0, t) != 0) {
    fprintf(stderr, "etotune export: --arch %s: unknown CUDA architecture (known: sm_70 sm_75 sm_80 sm_86 sm_89 "
                    "sm_90)\n",
            a->arch);
    return -1;
  }
  *no_gpu = 1;
  return 0;
}

int eto_cli_export(int argc, char **argv) {
  export_args a;
  if (parse_args(argc, argv, &a) != 0) return ETO_EXIT_USAGE;
  char msg[8192], name[80];
  if (!a.name) default_name(a.list, name, sizeof name);
  int rc = ETO_EXIT_FAIL, n = 0;
  eto_op *ops = eto_cli_load_ops("etotune export", a.list, &n, &rc);
  if (!ops) return rc;

  eto_target t;
  int no_gpu = 0;
  if (target_of(&a, &t, &no_gpu) != 0) {
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
  char picks_from[1100] = ""; /* --picks-from DIR: DIR/manifest.json; a file is taken as the manifest itself */
  if (a.picks_from) {
    struct stat sb;
    int dir = stat(a.picks_from, &sb) == 0 && S_ISDIR(sb.st_mode);
    snprintf(picks_from, sizeof picks_from, dir ? "%s/manifest.json" : "%s", a.picks_from);
  }
  eto_export_opts o = {.name = a.name ? a.name : name,
                       .out_dir = a.out,
                       .version = ETO_VERSION,
                       .fallback = a.fallback,
                       .keep_build = a.keep_build,
                       .picks = a.picks && strcmp(a.picks, "model") == 0 ? ETO_EXPORT_PICKS_MODEL
                                                                         : ETO_EXPORT_PICKS_MEASURED,
                       .weak_floor_us = a.weak_floor_us > 0 ? a.weak_floor_us : -1,
                       .picks_from = picks_from[0] ? picks_from : NULL,
                       .progress = stderr};
  eto_export_result r;
  eto_status st = eto_export(ops, n, cache, &t, &o, &r, msg, sizeof msg);
  if (st != ETO_OK) {
    fprintf(stderr, "etotune export: %s from cache %s for target %s:\n%s", o.name, path, t.fingerprint, msg);
    if (msg[0] && msg[strlen(msg) - 1] != '\n') fputc('\n', stderr);
    if (no_gpu && st == ETO_ERR_INVALID)
      fprintf(stderr, "(no %s GPU here: target %s is the architecture table's; programs tuned on a GPU carry that "
                      "GPU's fingerprint: export them on that machine, or use --fallback-reference)\n",
              t.arch, t.fingerprint);
  } else {
    printf("target: %s\ncache: %s\n", t.description, path);
    for (int i = 0; i < r.count; i++) {
      const eto_export_entry *e = &r.ops[i];
      if (e->source == ETO_EXPORT_TUNED)
        printf("  %-32s %9.4f ms %8.1f GFLOP/s  %s\n", e->function, e->latency_s * 1e3, e->gflops, e->key);
      else
        printf("  %-32s UNTUNED FALLBACK          %s\n", e->function, e->key);
    }
    if (t.kind == ETO_TARGET_CUDA && r.ptx[0])
      printf("wrote %s, %s, %s, %s, %s\n", r.cuda_source, r.ptx, r.host_source, r.header, r.manifest);
    else if (t.kind == ETO_TARGET_CUDA)
      printf("wrote %s, %s, %s\nno PTX and no host functions: this etotune was built without NVRTC; compile %s "
             "with nvcc (%s says how to launch the kernels)\n",
             r.cuda_source, r.header, r.manifest, r.cuda_source, r.header);
    else
      printf("wrote %s, %s, %s, %s\n", r.static_lib, r.shared_lib, r.header, r.manifest);
    if (r.weak)
      printf("%d values of the families run under 0.85 of the throughput of a smaller value or slower than a larger "
             "one: %s lists them in %d "
             "lines (a value served by a member that is weak itself: that member), the worst first; tune it (etotune "
             "tune %s --refine --db DB --trials-total N: kernels of their own, tuned members searched further) and "
             "export again\n",
             r.weak, r.weak_list, r.weak_lines, r.weak_list);
    eto_export_result_clear(&r);
  }
  eto_cache_close(cache);
  free(path);
  free(ops);
  return st == ETO_OK ? ETO_EXIT_OK : ETO_EXIT_FAIL;
}
