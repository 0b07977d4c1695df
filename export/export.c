/* export.c — eto_export: the best cached program of each operator, compiled ahead of time and packed as a
 * library (export.h gives the data flow). This file plans (cache look-ups, checks, names), compiles the cpu
 * kernels and drives the tools; files.c writes the runtime source, the header and the manifest; cuda.c builds
 * and writes a cuda export. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "export_internal.h"

#define MARGIN_STACK ((size_t)1 << 20)
#define MIN_STACK ((size_t)8 << 20)

static int is_ident(const char *s) {
  if (!s || !*s || (*s >= '0' && *s <= '9')) return 0;
  for (; *s; s++)
    if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9'))) return 0;
  return 1;
}

/* Appends one line to the error text. */
static void add_line(char *msg, int cap, const char *fmt, const char *key, const char *name, const char *why) {
  size_t n = strlen(msg);
  if ((int)n >= cap - 1) return;
  snprintf(msg + n, (size_t)cap - n, fmt, key, name, why);
}

typedef struct {
  const char *key, *fingerprint;
  char others[200];
  int count;
} other_targets;

static int note_other(const eto_cache_best *rec, void *user) {
  other_targets *o = user;
  if (strcmp(rec->workload, o->key) != 0 || strcmp(rec->fingerprint, o->fingerprint) == 0) return 0;
  if (o->count++ < 3) {
    size_t n = strlen(o->others);
    snprintf(o->others + n, sizeof o->others - n, "%s%s", n ? ", " : "", rec->fingerprint);
  }
  return 0;
}

/* The verified program of item x from the cache. Returns 0; -1 with why (no usable record: fallback applies);
 * -2 with why (the cache failed). */
static int cached_program(eto_cache *cache, const eto_target *t, eto_export_item *x, const eto_compute *c,
                          eto_program *p, char *why, int cap) {
  eto_cache_best b;
  eto_cache_status st = eto_cache_get_best(cache, t->fingerprint, x->e.key, &b);
  if (st == ETO_CACHE_NOTFOUND) {
    other_targets o = {.key = x->e.key, .fingerprint = t->fingerprint};
    eto_cache_foreach_best(cache, NULL, note_other, &o);
    if (o.count)
      snprintf(why, cap, "no verified program for target %s; the cache has %d for other targets (%s): another "
                         "machine, thread count (--threads) or code generator version",
               t->fingerprint, o.count, o.others);
    else
      snprintf(why, cap, "no verified program in the cache for target %s (tune the list first)", t->fingerprint);
    return -1;
  }
  if (st == ETO_CACHE_STALE) {
    snprintf(why, cap, "the cached record is stale: %s", eto_cache_errmsg(cache));
    return -1;
  }
  if (st == ETO_CACHE_BAD) {
    snprintf(why, cap, "the cached program failed re-verification (%s)", b.bad_reason ? b.bad_reason : "marked bad");
    eto_cache_best_clear(&b);
    return -1;
  }
  if (st != ETO_CACHE_OK) {
    snprintf(why, cap, "cache: %s: %s", eto_cache_status_name(st), eto_cache_errmsg(cache));
    return -2;
  }
  char reason[300];
  int rc = 0;
  if (strcmp(b.fingerprint, t->fingerprint) != 0) { /* the cache checks it; a second look costs nothing */
    snprintf(why, cap, "the cached record is of target %s", b.fingerprint);
    rc = -1;
  } else if (eto_program_parse(b.recipe, p, reason, sizeof reason) != 0) {
    snprintf(why, cap, "the cached recipe does not parse: %s", reason);
    rc = -1;
  } else if (eto_sched_validate(c, t, p, reason, sizeof reason) != 0) {
    snprintf(why, cap, "the cached recipe does not fit the operator: %s", reason);
    rc = -1;
  } else {
    x->e.source = ETO_EXPORT_TUNED;
    x->e.latency_s = b.latency.median_s;
    x->latency_min_s = b.latency.min_s;
    x->latency_max_s = b.latency.max_s;
    x->e.gflops = b.gflops;
    x->trials = b.trials;
    snprintf(x->method, sizeof x->method, "%s", eto_cache_method_name(b.method));
    snprintf(x->source_workload, sizeof x->source_workload, "%s", b.source_workload ? b.source_workload : "");
  }
  eto_cache_best_clear(&b);
  return rc;
}

/* Names every item: <name>_<list name or key symbol>; two operators with one name are an error. */
static eto_status name_items(eto_export_plan *pl, char *msg, int cap) {
  for (int i = 0; i < pl->n; i++) {
    eto_export_item *x = &pl->items[i];
    char s[600];
    if (x->op->name[0]) {
      snprintf(s, sizeof s, "%s", x->op->name);
      for (char *q = s; *q; q++)
        if (!((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9'))) *q = '_';
    } else {
      eto_op_symbol(x->op, s, sizeof s);
    }
    if (strlen(s) >= sizeof x->suffix) {
      snprintf(msg, cap, "%s: function name %s is too long", x->e.key, s);
      return ETO_ERR_INVALID;
    }
    if (x->family >= 0) { /* a family member: <name>_<value>; the family's dispatch function takes <name> */
      size_t len = strlen(s);
      snprintf(s + len, sizeof s - len, "_%lld", (long long)x->value);
    }
    if (strlen(s) >= sizeof x->suffix) {
      snprintf(msg, cap, "%s: function name %s is too long", x->e.key, s);
      return ETO_ERR_INVALID;
    }
    /* s fits the suffix (checked above); the precision tells the compiler so */
    snprintf(x->suffix, sizeof x->suffix, "%.127s", s);
    snprintf(x->e.function, sizeof x->e.function, "%s_%.127s", pl->o->name, s);
    snprintf(x->kernel, sizeof x->kernel, "%s_kernel_%.127s", pl->o->name, s);
    for (int j = 0; j < i; j++)
      if (strcmp(pl->items[j].e.function, x->e.function) == 0) {
        snprintf(msg, cap, "operators %s and %s would both be exported as %s (give them different name=)",
                 pl->items[j].e.key, x->e.key, x->e.function);
        return ETO_ERR_INVALID;
      }
  }
  /* the library's own functions */
  static const char *const cpu_reserved[] = {"set_threads", "threads", "shutdown", NULL};
  static const char *const cuda_reserved[] = {"init", "shutdown", "last_error", NULL};
  const char *const *reserved = pl->t->kind == ETO_TARGET_CUDA ? cuda_reserved : cpu_reserved;
  for (int i = 0; i < pl->n; i++)
    for (size_t r = 0; reserved[r]; r++)
      if (strcmp(pl->items[i].suffix, reserved[r]) == 0) {
        snprintf(msg, cap, "%s: name=%s is taken by the library's %s_%s", pl->items[i].e.key, reserved[r],
                 pl->o->name, reserved[r]);
        return ETO_ERR_INVALID;
      }
  return ETO_OK;
}

static eto_status write_bytes(const char *path, const void *data, size_t n, char *msg, int cap) {
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(data, 1, n, f) != n || fclose(f) != 0) {
    snprintf(msg, cap, "cannot write %s: %s", path, strerror(errno));
    if (f) fclose(f);
    return ETO_ERR_IO;
  }
  return ETO_OK;
}

static eto_status make_dir(const char *path, char *msg, int cap) {
  if (mkdir(path, 0755) == 0 || errno == EEXIST) {
    struct stat sb;
    if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) return ETO_OK;
  }
  snprintf(msg, cap, "cannot create directory %s: %s", path, errno ? strerror(errno) : "not a directory");
  return ETO_ERR_IO;
}

/* Compiles k (freed here) under the name symbol into build/<x's suffix><tail>.o; a compile error names x's key,
 * `what` and its recipe. */
static eto_status write_object(const eto_export_item *x, eto_kernel *k, const char *symbol, const char *tail,
                               const char *what, const char *build, char *msg, int cap) {
  void *obj = NULL;
  size_t size = 0;
  char why[512], path[1400];
  eto_object_opts oo = {.pic = 1, .hidden = 1};
  eto_status st = eto_codegen_object(k, symbol, &oo, &obj, &size, why, sizeof why);
  eto_kernel_free(k);
  if (st != ETO_OK) {
    snprintf(msg, cap, "%s: %s %s: %s", x->e.key, what, x->e.recipe, why);
    return st;
  }
  snprintf(path, sizeof path, "%s/%s%s.o", build, x->suffix, tail);
  st = write_bytes(path, obj, size, msg, cap);
  free(obj);
  return st;
}

/* Raises pl's stack need to k's block-local buffers (its tiles) plus a margin. */
static void need_stack(eto_export_plan *pl, const eto_kernel *k) {
  size_t local = 0;
  for (int b = 0; b < k->nbufs; b++)
    if (k->buf[b].scope > ETO_BUF_OUTPUT) local += (size_t)(k->buf[b].size > 0 ? k->buf[b].size : 1) * sizeof(float);
  if (local + MARGIN_STACK > pl->stack_bytes) pl->stack_bytes = local + MARGIN_STACK;
}

/* Lowers and compiles every item into build/<suffix>.o, fills blocks, arguments and the stack need. */
static eto_status compile_items(eto_export_plan *pl, eto_program *progs, const char *build, char *msg, int cap) {
  pl->stack_bytes = MIN_STACK;
  for (int i = 0; i < pl->n; i++) {
    eto_export_item *x = &pl->items[i];
    eto_compute c;
    eto_op_compute(x->op, &c);
    eto_kernel *k = NULL;
    eto_lower_opts lo = {.lanes = pl->t->warp_size};
    char why[512];
    if (eto_lower(&c, &progs[i], &lo, &k, why, sizeof why) != ETO_OK) {
      snprintf(msg, cap, "%s: lowering %s: %s", x->e.key, x->e.recipe, why);
      return ETO_ERR_INVALID;
    }
    x->e.blocks = k->blocks;
    x->nargs = k->nargs;
    for (int b = 0; b < k->nbufs; b++) {
      const eto_buffer *bf = &k->buf[b];
      if (bf->scope > ETO_BUF_OUTPUT) continue;
      snprintf(x->arg_name[bf->arg], sizeof x->arg_name[bf->arg], "%s", bf->name);
      x->arg_size[bf->arg] = bf->size;
    }
    need_stack(pl, k);
    eto_status st = write_object(x, k, x->kernel, "", "compiling", build, msg, cap);
    if (st != ETO_OK) return st;
  }
  return ETO_OK;
}

eto_status eto_export_lower_member(const eto_export_plan *p, const eto_export_family *F, int j, int kind,
                                   const eto_program *progs, eto_kernel **out, char *why, int cap) {
  const eto_export_item *x = &p->items[F->item[j]];
  const eto_program *prog = &progs[F->item[j]];
  eto_op grown = *x->op;
  for (int q = 0; q < F->nkeys; q++) grown.v[F->keys[q]] += 1;
  eto_compute c, g;
  eto_op_compute(x->op, &c);
  eto_op_compute(&grown, &g);
  *out = NULL;
  if (kind == 2 && !eto_lower_dyn_direct(&c, prog, &g)) {
    snprintf(why, cap, "no direct read on the variable's axis");
    return ETO_ERR_INVALID;
  }
  eto_lower_opts lo = {.lanes = p->t->warp_size, .grown = kind ? &g : NULL, .keep_direct = kind == 2};
  return eto_lower(&c, prog, &lo, out, why, cap);
}

/* Compiles the dynamic kernel (eto_lower_opts.grown) of every member of a family that dispatches, into
 * build/<suffix>_dyn.o: the member's program with the variable as a run-time extent. A program the dynamic lowering
 * refuses (another sketch) keeps x->dyn = 0: the dispatch pads for it as before. */
static eto_status compile_dynamic(eto_export_plan *pl, const eto_program *progs, const char *build, char *msg, int cap) {
  for (int f = 0; f < pl->nfam; f++) {
    const eto_export_family *F = &pl->fam[f];
    if (!F->dispatch) continue;
    for (int j = 0; j < F->n; j++) {
      eto_export_item *x = &pl->items[F->item[j]];
      eto_kernel *k = NULL;
      char why[512];
      if (eto_export_lower_member(pl, F, j, 1, progs, &k, why, sizeof why) != ETO_OK) continue;
      x->dyn_blocks = k->blocks;
      need_stack(pl, k); /* its tiles may differ from the fixed kernel's (eto_lower: a direct read becomes a copy) */
      x->ngran = k->nsgran; /* what the kernel skips past s comes in these steps */
      memcpy(x->gran, k->sgran, sizeof x->gran);
      memcpy(x->gran_block, k->sblock, sizeof x->gran_block);
      char name[220];
      snprintf(name, sizeof name, "%s_dyn", x->kernel);
      eto_status st = write_object(x, k, name, "_dyn", "compiling the dynamic kernel of", build, msg, cap);
      if (st != ETO_OK) return st;
      x->dyn = 1;
      /* a direct read on the variable's axis became a tile copy above: the kernel that keeps it, too */
      if (eto_export_lower_member(pl, F, j, 2, progs, &k, why, sizeof why) != ETO_OK) continue;
      x->dynd_blocks = k->blocks;
      need_stack(pl, k);
      snprintf(name, sizeof name, "%s_dynd", x->kernel);
      st = write_object(x, k, name, "_dynd", "compiling the dynamic kernel (direct reads) of", build, msg, cap);
      if (st != ETO_OK) return st;
      x->dynd = 1;
    }
  }
  return ETO_OK;
}

static const char *tool(const char *given, const char *env, const char *dflt) {
  if (given && *given) return given;
  const char *e = getenv(env);
  return e && *e ? e : dflt;
}

/* Runs the tool head[0..nhead) followed by the runtime object and the n kernel objects (argv: room for them). */
static eto_status run_on_objects(char **argv, const char *const *head, int nhead, const char *rt_o, char **objs, int n,
                                 const char *log, char *msg, int cap) {
  int a = 0;
  for (int i = 0; i < nhead; i++) argv[a++] = (char *)head[i];
  argv[a++] = (char *)rt_o;
  for (int i = 0; i < n; i++) argv[a++] = objs[i];
  argv[a] = NULL;
  return eto_export_run_tool(argv, log, msg, cap);
}

/* Compiles the runtime, then packs the archive and links the shared library (each to a temporary name, renamed
 * once complete, so that a failed export never leaves a half-written library). */
static eto_status build_libs(const eto_export_plan *pl, const char *build, eto_export_result *out, char *msg, int cap) {
  const char *cc = tool(pl->o->cc, "CC", "cc"), *ar = tool(pl->o->ar, "AR", "ar");
  char rt_c[1200], rt_o[1200], log[1200], tmp_a[1200], tmp_so[1200], soname[200];
  snprintf(rt_c, sizeof rt_c, "%s/%s_runtime.c", build, pl->o->name);
  snprintf(rt_o, sizeof rt_o, "%s/%s_runtime.o", build, pl->o->name);
  snprintf(log, sizeof log, "%s/tool.log", build);
  snprintf(tmp_a, sizeof tmp_a, "%s/lib%s.a", build, pl->o->name);
  snprintf(tmp_so, sizeof tmp_so, "%s/lib%s.so", build, pl->o->name);
  snprintf(soname, sizeof soname, "-Wl,-soname,lib%s.so", pl->o->name);
  /* the header first: the runtime includes it, so the compiler checks the definitions against it */
  char hdr[1200];
  snprintf(hdr, sizeof hdr, "%s/%s.h", build, pl->o->name);
  eto_status st = eto_export_write_header(pl, hdr, msg, cap);
  if (st == ETO_OK) st = eto_export_write_runtime(pl, rt_c, msg, cap);
  if (st != ETO_OK) return st;
  char *cc_argv[] = {(char *)cc, "-std=gnu11", "-O2", "-fno-math-errno", "-fPIC", "-pthread", "-Wall", "-I", (char *)build, "-c", rt_c,
                     "-o", rt_o, NULL};
  st = eto_export_run_tool(cc_argv, log, msg, cap);
  if (st != ETO_OK) return st;
  int n = 0; /* every item's object, then the dynamic kernels' */
  char **objs = calloc(3 * (size_t)pl->n + 1, sizeof *objs);
  char **argv = calloc(3 * (size_t)pl->n + 16, sizeof *argv);
  if (!objs || !argv) {
    free(objs);
    free(argv);
    return ETO_ERR_NOMEM;
  }
  static const char *const tails[3] = {"", "_dyn", "_dynd"};
  for (int d = 0; d < 3; d++)
    for (int i = 0; i < pl->n && st == ETO_OK; i++) {
      if ((d == 1 && !pl->items[i].dyn) || (d == 2 && !pl->items[i].dynd)) continue;
      objs[n] = malloc(1400);
      if (!objs[n]) st = ETO_ERR_NOMEM;
      else snprintf(objs[n++], 1400, "%s/%s%s.o", build, pl->items[i].suffix, tails[d]);
    }
  if (st == ETO_OK) {
    unlink(tmp_a); /* ar r adds to an existing archive */
    const char *head[] = {ar, "rcs", tmp_a};
    st = run_on_objects(argv, head, 3, rt_o, objs, n, log, msg, cap);
  }
  if (st == ETO_OK) {
    const char *head[] = {cc, "-shared", "-pthread", soname, "-o", tmp_so};
    st = run_on_objects(argv, head, 6, rt_o, objs, n, log, msg, cap);
  }
  for (int i = 0; i < n; i++) free(objs[i]);
  free(objs);
  free(argv);
  if (st != ETO_OK) return st;
  snprintf(out->static_lib, sizeof out->static_lib, "%s/lib%s.a", pl->o->out_dir, pl->o->name);
  snprintf(out->shared_lib, sizeof out->shared_lib, "%s/lib%s.so", pl->o->out_dir, pl->o->name);
  snprintf(out->header, sizeof out->header, "%s/%s.h", pl->o->out_dir, pl->o->name);
  if (rename(tmp_a, out->static_lib) != 0 || rename(tmp_so, out->shared_lib) != 0 || rename(hdr, out->header) != 0) {
    snprintf(msg, cap, "cannot move the libraries into %s: %s", pl->o->out_dir, strerror(errno));
    return ETO_ERR_IO;
  }
  return ETO_OK;
}

/* Removes the build directory (only the files this export wrote there). */
static void remove_build(const eto_export_plan *pl, const char *build) {
  char path[1400];
  for (int i = 0; i < pl->n; i++) {
    snprintf(path, sizeof path, "%s/%s.o", build, pl->items[i].suffix);
    unlink(path);
    snprintf(path, sizeof path, "%s/%s_dyn.o", build, pl->items[i].suffix);
    if (pl->items[i].dyn) unlink(path);
    snprintf(path, sizeof path, "%s/%s_dynd.o", build, pl->items[i].suffix);
    if (pl->items[i].dynd) unlink(path);
  }
  static const char *const files[] = {"%s/%s_runtime.c", "%s/%s_runtime.o", "%s/lib%s.a", "%s/lib%s.so", "%s/%s.h"};
  for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
    snprintf(path, sizeof path, files[f], build, pl->o->name);
    unlink(path);
  }
  snprintf(path, sizeof path, "%s/tool.log", build);
  unlink(path);
  rmdir(build);
}

/* Leaves out the items marked in drop (family members without a program) and builds the plan's families from
 * the others, in the order of the families' members (by increasing value). Items are in operator order. Returns
 * ETO_OK or ETO_ERR_NOMEM. */
static eto_status keep_members(eto_export_plan *pl, eto_program *progs, const char *drop, const eto_op_family *of,
                               int nof) {
  int *now = malloc(sizeof(int) * (size_t)pl->n); /* operator index -> item index after the compaction, -1 */
  if (!now) return ETO_ERR_NOMEM;
  int n = 0;
  for (int i = 0; i < pl->n; i++) {
    now[i] = drop[i] ? -1 : n;
    if (drop[i]) continue;
    pl->items[n] = pl->items[i];
    progs[n] = progs[i];
    n++;
  }
  pl->n = n;
  if (nof > 0 && !(pl->fam = calloc((size_t)nof, sizeof *pl->fam))) {
    free(now);
    return ETO_ERR_NOMEM;
  }
  for (int f = 0; f < nof; f++) {
    eto_export_family *F = &pl->fam[pl->nfam];
    if (!(F->item = malloc(sizeof(int) * (size_t)of[f].count))) {
      free(now);
      return ETO_ERR_NOMEM;
    }
    for (int m = 0; m < of[f].count; m++)
      if (now[of[f].member[m]] >= 0) F->item[F->n++] = now[of[f].member[m]];
    if (F->n == 0) { /* none kept (reported as missing) */
      free(F->item);
      F->item = NULL;
      continue;
    }
    F->nkeys = of[f].nkeys;
    F->of = f;
    memcpy(F->keys, of[f].keys, sizeof F->keys);
    /* the members' suffix without "_<value>" */
    snprintf(F->suffix, sizeof F->suffix, "%s", pl->items[F->item[0]].suffix);
    char *u = strrchr(F->suffix, '_');
    if (u) *u = 0;
    snprintf(F->function, sizeof F->function, "%s_%s", pl->o->name, F->suffix);
    pl->nfam++;
  }
  free(now);
  return ETO_OK;
}

/* One line of weak.list: family f's value v, the lowest share of the weak values it stands for, their count, the
 * lowest of them where the line is a run of values that are not tuned (lo; else v), their loss (the sum of 1 - share
 * times the operator's freq over them), the sum of their freqs (the line's freq) and the line's rank among its
 * family's lines (0: the family's largest loss). */
typedef struct {
  int f;
  int64_t v, lo, freq;
  double share, loss;
  int count, rank;
} weak_line;

#define WEAK_RUN_SPAN 0.9 /* a run of weak values spans at most this ratio of its lowest to its highest value */
#define WEAK_RUN_GAP 2    /* and its neighbouring weak values differ by at most this */

static int by_value(const void *a, const void *b) {
  const weak_line *x = a, *y = b;
  return x->f != y->f ? x->f - y->f : (x->v > y->v) - (x->v < y->v);
}

static int by_loss(const void *a, const void *b) {
  const weak_line *x = a, *y = b;
  if (x->loss != y->loss) return (x->loss < y->loss) - (x->loss > y->loss);
  return by_value(a, b);
}

static int by_rank(const void *a, const void *b) {
  const weak_line *x = a, *y = b;
  return x->rank != y->rank ? x->rank - y->rank : by_loss(a, b);
}

/* 1 when s is one of family F's weak values. */
static int is_weak(const eto_export_family *F, int64_t s) {
  for (int k = 0; k < F->nweak; k++)
    if (F->weak[k].s == s) return 1;
  return 0;
}

/* The value weak value k of family F stands for in weak.list: the tuned member whose kernel serves it when that
 * member is weak at its own value too (its program is the trouble: refining it mends every value it serves; tuning
 * those values as members of their own would start from it, S.4's repairs spent 120 lines so on 449-511 of the
 * attention scores, all served by a weak 512), else itself. */
static int64_t weak_stands_for(const eto_export_plan *pl, const eto_export_family *F, int k) {
  int64_t s = F->weak[k].s;
  if (!F->pick || eto_export_is_member(pl, F, s)) return s;
  int64_t v = eto_export_fvalue(pl, F, F->pick[s] % F->n);
  return v != s && is_weak(F, v) ? v : s;
}

/* Family o's operator at value v (its freq); where the list merged it into another family's equal operator (at
 * S = 64 BERT's two attention products are one shape), o's first member with the variable set to v. */
static eto_op family_op_at(const eto_op *ops, const eto_op_family *o, int64_t v) {
  int m = 0;
  while (m < o->count && eto_op_family_value(ops, o, m) != v) m++;
  eto_op at = ops[o->member[m < o->count ? m : 0]];
  if (m == o->count)
    for (int q = 0; q < o->nkeys; q++) at.v[o->keys[q]] = v;
  return at;
}

/* DIR/weak.list: the list lines of the weak values of every family (picks.c eto_export_weak_values). A weak value
 * served by a member that is weak itself is that member's line (weak_stands_for: refining it mends them all). Weak
 * values that are not tuned members and lie close together (neighbours at most WEAK_RUN_GAP apart, the lowest at
 * least WEAK_RUN_SPAN of the highest) are one line, the highest of them: tuned as a member, its kernel serves the
 * values below it (the dispatch's guarded tiles), so one line mends the run (in U.2's last weak.list, 707 lines
 * became 119, and the large attention lengths served by 512's kernel came within the repairs' first lines). Each
 * line's loss is the sum of (1 - share) x freq over the weak values it stands for: the families take turns, each
 * with its line of largest loss first (every family's first line, the largest loss first, then every family's
 * second...), so that the first lines are the ones to tune within a small budget and no family takes them all
 * (T.2's two repairs, by share alone, gave 104 of their 120 lines to the attention scores' values just above a
 * multiple of 16, which stay weak however tuned). A line's freq is the sum of its weak values' freqs: its kernel
 * will serve them all, so a list-wide budget weighs it as `--family representatives` weighs a representative (in
 * RESULTS AC.1's repair, each line at the operator's freq, the scores' 269 standing for 10 values and 448 for 81 got
 * 15 and 24 trials while 138, standing for 10, got 150). The new values are to be tuned as members of their own, the tuned
 * ones (cached: a plain tune skips them; marked "tuned") searched further from their best and their neighbours'
 * (etotune tune DIR/weak.list --refine), then the list exported again; removed when there are none. The count of
 * weak values into out->weak, the lines' into out->weak_lines, the path into out->weak_list. */
static eto_status write_weak_list(const eto_export_plan *pl, const eto_op *ops, const eto_op_family *of,
                                  eto_export_result *out, char *msg, int cap) {
  char path[sizeof out->weak_list];
  if (snprintf(path, sizeof path, "%s/weak.list", pl->o->out_dir) >= (int)sizeof path) {
    snprintf(msg, cap, "%s/weak.list: path too long", pl->o->out_dir);
    return ETO_ERR_INVALID;
  }
  int total = 0;
  for (int f = 0; f < pl->nfam; f++) total += pl->fam[f].nweak;
  if (total == 0) {
    unlink(path);
    return ETO_OK;
  }
  weak_line *w = malloc(sizeof *w * (size_t)total);
  if (!w) return ETO_ERR_NOMEM;
  int n = 0, lines = 0;
  for (int f = 0; f < pl->nfam; f++)
    for (int k = 0; k < pl->fam[f].nweak; k++) {
      const eto_export_weak *x = &pl->fam[f].weak[k];
      int64_t fq = family_op_at(ops, &of[pl->fam[f].of], x->s).freq;
      int64_t v = weak_stands_for(pl, &pl->fam[f], k);
      w[n++] = (weak_line){f, v, v, fq, x->share, (1 - x->share) * (double)fq, 1, 0};
    }
  qsort(w, (size_t)n, sizeof *w, by_value);
  for (int i = 0; i < n; i++) { /* one line per value, then one per run of values not tuned */
    weak_line *p = lines ? &w[lines - 1] : NULL;
    int same = p && p->f == w[i].f && p->v == w[i].v;
    const eto_export_family *F = &pl->fam[w[i].f];
    int run = p && !same && p->f == w[i].f && !eto_export_is_member(pl, F, p->v) &&
              !eto_export_is_member(pl, F, w[i].v) && w[i].v - p->v <= WEAK_RUN_GAP &&
              (double)p->lo >= WEAK_RUN_SPAN * (double)w[i].v;
    if (same || run) {
      p->v = w[i].v;
      p->share = fmin(p->share, w[i].share);
      p->loss += w[i].loss;
      p->freq = eto_sat_add(p->freq, w[i].freq);
      p->count++;
    } else {
      w[lines++] = w[i];
    }
  }
  n = lines;
  qsort(w, (size_t)n, sizeof *w, by_loss);
  int *seen = calloc((size_t)pl->nfam, sizeof *seen);
  if (!seen) {
    free(w);
    return ETO_ERR_NOMEM;
  }
  for (int i = 0; i < n; i++) w[i].rank = seen[w[i].f]++;
  free(seen);
  qsort(w, (size_t)n, sizeof *w, by_rank);
  FILE *fp = eto_export_open_w(path, msg, cap);
  if (!fp) {
    free(w);
    return ETO_ERR_IO;
  }
  fprintf(fp, "# values that the export's dispatch serves at under %.2f of the throughput of a smaller value of their\n"
              "# family of at least half their work, or slower than a larger one by more than its inverse (measured\n"
              "# picks, manifest.json: weak_values), one line for a value, a tuned member (\"tuned\")\n"
              "# weak at its own value and serving others, or a run of close values (its highest stands for them);\n"
              "# loss: the sum of (1 - share) x freq over them; freq: the sum of their freqs. The families take turns,\n"
              "# each one's largest loss first. Tune them (or the first lines): the new ones as members of their own,\n"
              "# the tuned ones searched further from their best and their neighbours' (--refine), then export the\n"
              "# family's list again:\n"
              "#   etotune tune %s/weak.list --refine --db DB --trials-total N\n",
          PICK_WEAK_SHARE, pl->o->out_dir);
  for (int i = 0; i < n; i++) {
    const eto_export_family *F = &pl->fam[w[i].f];
    eto_op at = family_op_at(ops, &of[F->of], w[i].v);
    at.freq = w[i].freq;
    char line[600];
    eto_op_format(&at, line, sizeof line);
    fprintf(fp, "%s  # %.3f%s", line, w[i].share, eto_export_is_member(pl, F, w[i].v) ? " tuned" : "");
    if (w[i].lo < w[i].v)
      fprintf(fp, ", %d weak values %lld..%lld", w[i].count, (long long)w[i].lo, (long long)w[i].v);
    else if (w[i].count > 1)
      fprintf(fp, ", %d weak values served by it", w[i].count);
    fprintf(fp, ", loss %.3g\n", w[i].loss);
    out->weak += w[i].count;
    out->weak_lines++;
  }
  free(w);
  memcpy(out->weak_list, path, sizeof path);
  return eto_export_close_w(fp, path, msg, cap);
}

eto_status eto_export(const eto_op *ops, int nops, eto_cache *cache, const eto_target *t, const eto_export_opts *opts,
                      eto_export_result *out, char *msg, int cap) {
  memset(out, 0, sizeof *out);
  if (cap > 0) msg[0] = 0;
  if (!opts || !opts->out_dir || !*opts->out_dir || !is_ident(opts->name) || strlen(opts->name) > 64 || nops < 1 ||
      !ops || !t) {
    snprintf(msg, cap, "export: %s", !opts || !is_ident(opts->name) || strlen(opts->name) > 64
                                         ? "the library name must be a C identifier of at most 64 characters"
                                     : !opts->out_dir || !*opts->out_dir ? "no output directory"
                                                                         : "no operators");
    return ETO_ERR_INVALID;
  }
  eto_export_plan pl = {.o = opts, .t = t, .n = nops};
  pl.items = calloc((size_t)nops, sizeof *pl.items);
  eto_program *progs = calloc((size_t)nops, sizeof *progs);
  if (!pl.items || !progs) {
    free(pl.items);
    free(progs);
    return ETO_ERR_NOMEM;
  }
  for (int i = 0; i < nops; i++) {
    pl.items[i].op = &ops[i];
    pl.items[i].family = -1;
    eto_op_key(&ops[i], pl.items[i].e.key, sizeof pl.items[i].e.key);
  }
  /* families (the operators of one `let` line): members are named by their value, a member without a verified
   * program is left out (the family's dispatch serves its value from a tuned member above it) */
  eto_op_family *of = NULL;
  int nof = eto_op_families(ops, nops, &of);
  char *drop = calloc((size_t)nops, 1);
  if (nof < 0 || !drop) {
    eto_op_families_free(of, nof);
    free(drop);
    free(pl.items);
    free(progs);
    return ETO_ERR_NOMEM;
  }
  for (int f = 0; f < nof; f++)
    for (int i = 0; i < of[f].count; i++) {
      pl.items[of[f].member[i]].family = f;
      pl.items[of[f].member[i]].value = eto_op_family_value(ops, &of[f], i);
    }
  eto_status st = name_items(&pl, msg, cap);

  /* every operator's program; all missing ones are reported together */
  int missing = 0;
  for (int i = 0; i < nops && st == ETO_OK; i++) {
    eto_export_item *x = &pl.items[i];
    eto_compute c;
    eto_op_compute(x->op, &c);
    char why[600];
    int rc = cache ? cached_program(cache, t, x, &c, &progs[i], why, sizeof why) : -1;
    if (!cache) snprintf(why, sizeof why, "no cache");
    if (rc == -2) {
      snprintf(msg, cap, "%s: %s", x->e.key, why);
      st = ETO_ERR_IO;
      break;
    }
    if (rc == -1 && x->family >= 0) {
      drop[i] = 1;
      continue;
    }
    if (rc == -1 && opts->fallback) {
      eto_rng rng;
      eto_rng_seed(&rng, 1);
      eto_sample_opts so = {0};
      if (eto_sched_sample_valid(&c, t, &so, &rng, 0, &progs[i]) == 0) {
        x->e.source = ETO_EXPORT_FALLBACK;
        snprintf(x->method, sizeof x->method, "fallback");
        snprintf(x->fallback_reason, sizeof x->fallback_reason, "%s", why);
        rc = 0;
      } else {
        snprintf(why, sizeof why, "no verified program, and no valid untuned program was found for the fallback");
      }
    }
    if (rc != 0) {
      char note[ETO_NAME_MAX + 16] = "";
      if (x->op->name[0]) snprintf(note, sizeof note, " (name=%s)", x->op->name);
      add_line(msg, cap, "%s%s: %s\n", x->e.key, note, why);
      missing++;
      continue;
    }
    eto_program_format(&progs[i], x->e.recipe, sizeof x->e.recipe);
  }
  for (int f = 0; f < nof && st == ETO_OK; f++) {
    int kept = 0;
    for (int i = 0; i < of[f].count; i++) kept += !drop[of[f].member[i]];
    if (kept == 0) {
      const eto_op *m0 = &ops[of[f].member[0]];
      size_t n = strlen(msg);
      snprintf(msg + n, (size_t)cap > n ? (size_t)cap - n : 0,
               "family %s (%d operators of one `let` line): no member has a verified program for target %s (tune "
               "some: etotune tune LIST --family representatives)\n",
               m0->name, of[f].count, t->fingerprint);
      missing++;
    }
  }
  if (st == ETO_OK && missing) st = ETO_ERR_INVALID;
  if (st == ETO_OK) st = keep_members(&pl, progs, drop, of, nof);

  char build[1100];
  snprintf(build, sizeof build, "%s/build-%s", opts->out_dir, opts->name);
  int made_build = 0;
  if (st == ETO_OK) st = make_dir(opts->out_dir, msg, cap);
  if (st == ETO_OK && (st = make_dir(build, msg, cap)) == ETO_OK) made_build = 1;
  if (t->kind == ETO_TARGET_CUDA) {
    if (st == ETO_OK) st = eto_export_cuda(&pl, progs, build, out, msg, cap);
  } else {
    if (st == ETO_OK) st = compile_items(&pl, progs, build, msg, cap);
    if (st == ETO_OK) eto_export_family_shapes(&pl);
    if (st == ETO_OK) st = compile_dynamic(&pl, progs, build, msg, cap);
    if (st == ETO_OK) st = eto_export_family_picks(&pl, progs, msg, cap);
    if (st == ETO_OK) st = build_libs(&pl, build, out, msg, cap);
    if (st == ETO_OK) st = write_weak_list(&pl, ops, of, out, msg, cap);
  }
  if (st == ETO_OK) {
    snprintf(out->manifest, sizeof out->manifest, "%s/manifest.json", opts->out_dir);
    st = eto_export_write_manifest(&pl, out->manifest, msg, cap);
  }
  if (made_build && !opts->keep_build) remove_build(&pl, build);
  if (st == ETO_OK) {
    out->ops = calloc((size_t)pl.n, sizeof *out->ops);
    if (!out->ops) st = ETO_ERR_NOMEM;
    else {
      out->count = pl.n;
      for (int i = 0; i < pl.n; i++) out->ops[i] = pl.items[i].e;
    }
  }
  for (int f = 0; f < pl.nfam; f++) {
    free(pl.fam[f].item);
    free(pl.fam[f].pick);
    free(pl.fam[f].served);
    free(pl.fam[f].timed);
    free(pl.fam[f].timed_s);
    free(pl.fam[f].split_u);
    free(pl.fam[f].split_s);
    free(pl.fam[f].tcand);
    free(pl.fam[f].ntcand);
    free(pl.fam[f].tcand_s);
    free(pl.fam[f].weak);
  }
  free(pl.fam);
  eto_op_families_free(of, nof);
  free(drop);
  if (st != ETO_OK) {
    free(out->ops);
    memset(out, 0, sizeof *out);
  }
  free(pl.items);
  free(pl.ptx);
  free(progs);
  return st;
}

void eto_export_result_clear(eto_export_result *r) {
  if (!r) return;
  free(r->ops);
  memset(r, 0, sizeof *r);
}
