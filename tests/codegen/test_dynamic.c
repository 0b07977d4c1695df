/* Dynamic kernels (eto_lower_opts.grown): a multi-level program of an operator at value v of its variable, lowered
 * once with the variable as the run-time extent S, computes the operator at every S in 1..v. For families of every
 * shape the dispatch serves (rows of a dense layer, both dimensions of attention scores, the reduction of the
 * attention context, a dynamic bias axis, a norm's reduction) and random perfect and imperfect programs: the
 * interpreted and the JIT-compiled kernel match the reference at every S, and write nothing past the output of S
 * (a sentinel tail), with inputs read directly too (copied into tiles by the dynamic kernel, or kept with
 * keep_direct). A program of another sketch, or a variable that is not a loop extent, is refused. The fast
 * paths of a partial block or step: the compute reads the zero-filled tiles without a guard of a dynamic
 * reduction axis (the reduction iterations past S are skipped), and so do kept direct reads (the context reading
 * both inputs directly: no guarded load), a register tile's vector run across S is one masked
 * store, and a register tile without a vector loop stays vectorized by LLVM's SLP vectorizer. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "codegen.h"
#include "kernel_util.h"
#include "test_target.h"

static const char *const families[] = {
    "matmul m=%d n=20 k=9",                /* dense: s stacks rows */
    "batch_matmul b=2 m=%d n=%d k=10",     /* attention scores: two dynamic space axes, innermost n */
    "batch_matmul b=2 m=%d n=12 k=%d",     /* attention context: a dynamic reduction */
    "matmul m=6 n=%d k=16 bias=1 relu=1",  /* a dynamic bias axis, vectorized */
    "norm b=2 m=%d n=9",                   /* a norm's dynamic reduction */
};

static int parse_op(const char *fmt, int s, eto_oplist **list, const eto_op **op) {
  char line[128], msg[512];
  snprintf(line, sizeof line, fmt, s, s);
  eto_status st = eto_oplist_parse("dynamic.list", line, strlen(line), list, msg, sizeof msg);
  CHECK(st == ETO_OK, "parse %s: %s", line, msg);
  if (st != ETO_OK) return -1;
  *op = eto_oplist_get(*list, 0);
  return 0;
}

#define SENTINEL 12345.0f

/* Runs k (interpreted, or compiled in cc) at S on the operator of S; returns the mismatches (sentinel writes
 * count too). */
static int64_t run_at(const char *fmt, int S, int64_t out_cap, eto_kernel *k, eto_compiled *cc, eto_pool *pool) {
  eto_oplist *list = NULL;
  const eto_op *op = NULL;
  if (parse_op(fmt, S, &list, &op) != 0) return -1;
  test_io io;
  test_io_init(op, 7 + (uint64_t)S, &io);
  float *out = malloc(sizeof(float) * (size_t)out_cap);
  for (int64_t j = 0; j < out_cap; j++) out[j] = j < io.out_n ? NAN : SENTINEL;
  float *held = io.buf[io.nin];
  io.buf[io.nin] = out;
  int64_t s64 = S;
  float *args[8] = {0};
  for (int i = 0; i <= io.nin; i++) args[i] = io.buf[i];
  args[k->nargs] = (float *)(void *)&s64;
  if (cc) eto_pool_run(pool, eto_compiled_fn(cc), args, k->blocks);
  else CHECK(eto_kernel_interpret(k, args) == ETO_OK, "%s at S=%d: interpreter out of bounds", fmt, S);
  int64_t bad = 0;
  test_io_mismatch(&io, &bad);
  for (int64_t j = io.out_n; j < out_cap; j++) bad += out[j] != SENTINEL;
  io.buf[io.nin] = held;
  free(out);
  test_io_free(&io);
  eto_oplist_free(list);
  return bad;
}

/* Guarded loads of the kernel's buffers of scope sc (shared: the tiles, the compute's operands; input: direct reads)
 * in e, and in s outside the tile copies (stores into a shared buffer). */
static int guarded_loads_e(const eto_kernel *k, const eto_expr *e, eto_buf_scope sc) {
  if (!e) return 0;
  int n = e->op == ETO_X_LOAD && e->c && k->buf[e->buf].scope == sc;
  return n + guarded_loads_e(k, e->a, sc) + guarded_loads_e(k, e->b, sc) + guarded_loads_e(k, e->c, sc);
}

static int guarded_loads(const eto_kernel *k, const eto_stmt *s, eto_buf_scope sc) {
  int n = 0;
  switch (s->kind) {
  case ETO_S_SEQ:
    for (int i = 0; i < s->n; i++) n += guarded_loads(k, s->items[i], sc);
    return n;
  case ETO_S_FOR:
  case ETO_S_IF: return guarded_loads_e(k, s->cond, sc) + guarded_loads(k, s->body, sc);
  case ETO_S_STORE:
    if (k->buf[s->buf].scope == ETO_BUF_SHARED) return 0; /* a tile copy */
    return guarded_loads_e(k, s->index, sc) + guarded_loads_e(k, s->value, sc);
  default: return 0;
  }
}

static int guarded_tile_loads(const eto_kernel *k, const eto_stmt *s) { return guarded_loads(k, s, ETO_BUF_SHARED); }
static int guarded_direct_loads(const eto_kernel *k, const eto_stmt *s) { return guarded_loads(k, s, ETO_BUF_INPUT); }

/* The dynamic kernel of fmt at v for recipe (keeping its direct reads when keep); its optimized LLVM IR in *ir when
 * ir is not NULL. */
static eto_kernel *dyn_kernel(const char *fmt, int v, const char *recipe, int keep, char **ir) {
  char msg[1024];
  eto_oplist *lv = NULL, *lg = NULL;
  const eto_op *opv = NULL, *opg = NULL;
  eto_kernel *k = NULL;
  if (parse_op(fmt, v, &lv, &opv) == 0 && parse_op(fmt, v + 1, &lg, &opg) == 0) {
    eto_compute c, g;
    eto_op_compute(opv, &c);
    eto_op_compute(opg, &g);
    eto_target t;
    test_target_cpu(2, &t);
    eto_program p;
    CHECK(eto_program_parse(recipe, &p, msg, sizeof msg) == 0, "%s", msg);
    CHECK(eto_sched_validate(&c, &t, &p, msg, sizeof msg) == 0, "%s: %s", recipe, msg);
    eto_lower_opts lo = {.lanes = t.warp_size, .grown = &g, .keep_direct = keep};
    CHECK(eto_lower(&c, &p, &lo, &k, msg, sizeof msg) == ETO_OK, "%s: %s", recipe, msg);
    if (k && ir) CHECK(eto_codegen_emit(k, ETO_EMIT_LLVM_OPT, ir, msg, sizeof msg) == ETO_OK, "%s", msg);
  }
  eto_oplist_free(lv);
  eto_oplist_free(lg);
  return k;
}

static void fast_paths(void) {
  /* the attention context at 32 (k = S in 2 steps of 16 = 8 x 2): no load of a tile is guarded */
  eto_kernel *k = dyn_kernel(families[2], 32, "v1 mlt s=2.1.1.1.1/1.1.4.2.4/1.1.1.1.12 r=2.8.2 u=1024 v=1.1", 0, NULL);
  if (k) CHECK(guarded_tile_loads(k, k->body) == 0, "context: %d guarded loads of the tiles", guarded_tile_loads(k, k->body));
  eto_kernel_free(k);
  /* the context with its probabilities read directly (d=1.0; k = S indexes them): the dynamic kernel reads them
   * through a tile copy instead, whose zeros past S need no guard: the same kernel as the program without d= */
  char *text[2] = {NULL, NULL};
  for (int v = 0; v < 2; v++) {
    k = dyn_kernel(families[2], 32, v ? "v1 mlt s=2.1.1.1.1/1.1.4.2.4/1.1.1.1.12 r=2.8.2 u=1024 v=1.1"
                                      : "v1 mlt s=2.1.1.1.1/1.1.4.2.4/1.1.1.1.12 r=2.8.2 u=1024 v=1.1 d=1.0",
                   0, NULL);
    size_t len = 0;
    FILE *f = open_memstream(&text[v], &len);
    if (k && f) eto_kernel_print(k, f);
    if (f) fclose(f);
    eto_kernel_free(k);
  }
  CHECK(text[0] && text[1] && strcmp(text[0], text[1]) == 0, "context d=1.0: its dynamic kernel reads A directly");
  free(text[0]);
  free(text[1]);
  /* kept (keep_direct): past S the direct loads read at S - 1, unguarded (the context's A on m: outputs not stored,
   * on k: times the zeros of B's tile; the scores' A on m), except along the vector loop (the scores' B on n: a
   * guard, which is a masked load) */
  static const struct { int fam; const char *recipe; int guarded; } kept[] = {
      {2, "v1 mlt s=2.1.1.1.1/1.1.4.2.4/1.1.1.1.12 r=2.8.2 u=1024 v=1.1 d=1.0", 0},
      {2, "v1 mlt s=2.1.1.1.1/1.1.4.2.4/1.1.1.1.12 r=2.8.2 u=1024 v=1.1 d=1.1", 0}, /* no tile zeros B's k */
      {1, "v1 mlt s=2.1.1.1.1/1.1.4.2.4/1.1.2.1.16 r=1.5.2 u=1024 v=1.1 d=1.0", 0},
      {1, "v1 mlt s=2.1.1.1.1/1.1.4.2.4/1.1.2.1.16 r=1.5.2 u=1024 v=1.1 d=0.1", 1},
  };
  for (size_t v = 0; v < sizeof kept / sizeof *kept; v++) {
    k = dyn_kernel(families[kept[v].fam], 32, kept[v].recipe, 1, NULL);
    int g = k ? guarded_direct_loads(k, k->body) : -1;
    CHECK(kept[v].guarded ? g > 0 : g == 0, "%s kept: %d guarded direct loads", kept[v].recipe, g);
    eto_kernel_free(k);
  }
  /* the attention scores at 32 (n = S: a 16-wide register run): a masked store, no per-lane store */
  char *ir = NULL;
  k = dyn_kernel(families[1], 32, "v1 mlt s=2.1.1.1.1/1.1.4.2.4/1.1.2.1.16 r=1.5.2 u=1024 v=1.1", 0, &ir);
  if (ir) CHECK(strstr(ir, "@llvm.masked.store.v16f32") != NULL, "scores: no masked store in the optimized IR");
  free(ir);
  eto_kernel_free(k);
  /* a 16 x 16 register tile without a vector loop (S4 = 1): since codegen v5 the lowering runs its last axis's S3 as
   * a vector loop of the target's lanes (lower.c mlt_vector_tile; test_target_cpu's 16, whatever the host's: the
   * backend splits them on an AVX2 host), vector FMAs in the full block and, through the scratch copy, in the partial
   * one too (16 each). Until this test was run on an AVX2 host again (bench/RESULTS.md BQ) it counted the host's
   * width, as LLVM's SLP vectorizer made them before v5, and found none there. */
  ir = NULL;
  k = dyn_kernel(families[1], 32, "v1 mlt s=2.1.1.1.1/2.1.1.16.1/1.1.2.16.1 r=1.10.1 u=64 v=1.1", 0, &ir);
  eto_target tt;
  test_target_cpu(2, &tt); /* dyn_kernel's target */
  int w = tt.vector_bits / 32, fmas = 0;
  char fma[64];
  snprintf(fma, sizeof fma, "call <%d x float> @llvm.fmuladd.v%df32", w, w);
  for (const char *q = ir; q && (q = strstr(q, fma)) != NULL; q++) fmas++;
  CHECK(fmas >= 32 * 16 / w, "scores without a vector loop: %d %d-wide FMAs in the optimized IR, %d expected", fmas, w,
        32 * 16 / w);
  free(ir);
  eto_kernel_free(k);
}

int main(void) {
  char msg[2048];
  eto_target tgt;
  test_target_cpu(2, &tgt);
  eto_jit *jit = NULL;
  eto_status st = eto_jit_create(&jit, msg, sizeof msg);
  CHECK(st == ETO_OK, "jit: %s", msg);
  if (st != ETO_OK) return check_result();
  eto_pool *pool = eto_pool_create(2);
  eto_rng rng;
  eto_rng_seed(&rng, 5);
  int total = 0, runs = 0;
  static const int values[] = {13, 20};
  for (size_t fi = 0; fi < sizeof families / sizeof *families; fi++)
    for (size_t vi = 0; vi < sizeof values / sizeof *values; vi++) {
      int v = values[vi];
      eto_oplist *lv = NULL, *lg = NULL;
      const eto_op *opv = NULL, *opg = NULL;
      if (parse_op(families[fi], v, &lv, &opv) != 0 || parse_op(families[fi], v + 1, &lg, &opg) != 0) {
        eto_oplist_free(lv);
        continue;
      }
      eto_compute c, g;
      eto_op_compute(opv, &c);
      eto_op_compute(opg, &g);
      eto_shape osh;
      eto_op_output_shape(opv, &osh);
      int64_t out_cap = eto_shape_size(&osh) + 64;
      for (int trial = 0; trial < 8; trial++) {
        eto_sample_opts so = {.imperfect = trial % 2};
        eto_program p;
        int found = 0;
        for (int tries = 0; tries < 200 && !found; tries++) {
          eto_sched_sample(&c, &tgt, ETO_SKETCH_MULTI_LEVEL, &so, &rng, &p);
          if (trial >= 4) { /* an input read directly: its dynamic kernel copies it (trials 4, 5) or keeps it; at
                             * trial 7 every input */
            for (int i = 0; i < c.ninputs; i++)
              if (trial == 7 || i == trial % c.ninputs) {
                p.direct[i] = 1;
                p.vec[i] = 1;
              }
          }
          found = eto_sched_validate(&c, &tgt, &p, NULL, 0) == 0;
        }
        if (!found) continue;
        char recipe[ETO_RECIPE_MAX];
        eto_program_format(&p, recipe, sizeof recipe);
        eto_kernel *k = NULL;
        eto_lower_opts lo = {.lanes = tgt.warp_size, .grown = &g, .keep_direct = trial >= 6};
        st = eto_lower(&c, &p, &lo, &k, msg, sizeof msg);
        CHECK(st == ETO_OK, "%s v=%d %s: lower: %s", families[fi], v, recipe, msg);
        if (st != ETO_OK) continue;
        CHECK(k->svar > 0 && k->smax == v, "%s v=%d: svar %d, smax %lld", families[fi], v, k->svar, (long long)k->smax);
        int ndyn = 0; /* the axes whose extent the variable changes, each with the step it is skipped in */
        for (int a = 0; a < c.nest.nspace; a++) ndyn += c.nest.space[a].extent != g.nest.space[a].extent;
        int nspace_dyn = ndyn;
        for (int a = 0; a < c.nest.nreduce; a++) ndyn += c.nest.reduce[a].extent != g.nest.reduce[a].extent;
        CHECK(k->nsgran == ndyn, "%s v=%d: %d dynamic axes reported, %d expected", families[fi], v, k->nsgran, ndyn);
        for (int a = 0; a < k->nsgran; a++) /* a moved block is whole thread tiles; only space axes move */
          CHECK(k->sgran[a] >= 1 && k->sblock[a] >= 0 && (k->sblock[a] == 0 || k->sblock[a] % k->sgran[a] == 0) &&
                    (a < nspace_dyn || k->sblock[a] == 0),
                "%s v=%d: axis %d skipped in steps of %lld, blocks of %lld", families[fi], v, a,
                (long long)k->sgran[a], (long long)k->sblock[a]);
        eto_compiled *cc = NULL;
        st = eto_jit_compile(jit, k, &cc, msg, sizeof msg);
        CHECK(st == ETO_OK, "%s v=%d %s: compile: %s", families[fi], v, recipe, msg);
        for (int S = 1; S <= v && st == ETO_OK; S++)
          for (int mode = 0; mode < 2; mode++) {
            if (mode == 0 && S % 3 && S != v) continue; /* the interpreter at every third S and at v */
            int64_t bad = run_at(families[fi], S, out_cap, k, mode ? cc : NULL, pool);
            CHECK(bad == 0, "%s v=%d %s (%s) at S=%d: %lld wrong or stray outputs", families[fi], v, recipe,
                  mode ? "llvm" : "interp", S, (long long)bad);
            if (bad && getenv("ETO_TEST_DUMP")) eto_kernel_print(k, stderr);
            runs++;
          }
        eto_compiled_free(cc);
        eto_kernel_free(k);
        total++;
      }
      eto_oplist_free(lv);
      eto_oplist_free(lg);
    }
  CHECK(total >= 60, "only %d dynamic programs checked", total);

  /* refused: another sketch, a variable that is not a loop extent (a conv's input height) */
  eto_oplist *l1 = NULL, *l2 = NULL;
  const eto_op *o1 = NULL, *o2 = NULL;
  if (parse_op("conv2d n=1 c=4 h=%d w=9 k=6 r=3 s=3 pad=1", 9, &l1, &o1) == 0 &&
      parse_op("conv2d n=1 c=4 h=%d w=9 k=6 r=3 s=3 pad=1", 10, &l2, &o2) == 0) {
    eto_compute c, g;
    eto_op_compute(o1, &c);
    eto_op_compute(o2, &g);
    eto_program p;
    CHECK(eto_sched_sample_valid(&c, &tgt, &(eto_sample_opts){0}, &rng, 0, &p) == 0, "conv: no program");
    p.sketch = ETO_SKETCH_MULTI_LEVEL;
    eto_kernel *k = NULL;
    eto_lower_opts lo = {.lanes = tgt.warp_size, .grown = &g};
    st = eto_lower(&c, &p, &lo, &k, msg, sizeof msg);
    CHECK(st == ETO_ERR_INVALID && strstr(msg, "not a loop extent"), "conv h: %d %s", st, msg);
    eto_kernel_free(k);
  }
  eto_oplist_free(l1);
  eto_oplist_free(l2);
  fast_paths();
  printf("%d dynamic programs checked, %d runs\n", total, runs);
  eto_pool_free(pool);
  eto_jit_free(jit);
  return check_result();
}
