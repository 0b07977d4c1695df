/* The CPU code generator must vectorize: a matmul whose per-thread tile is 16 wide along the contiguous
 * output axis becomes vector FMAs in the optimized LLVM IR and packed FMA instructions in the assembly,
 * and its register tile is not spilled to the stack inside the reduction loop. A conv whose register tile is
 * 16 output channels x 4 columns vectorizes along the channels (whole vectors) with its weights stored
 * channel-blocked: every load in a vector loop is contiguous or a broadcast (no per-lane gather), and the
 * kernel matches the reference. A depthwise conv's tile copy across a padded border is one masked load per row,
 * and a stride-2 read one masked load of its span. Weights read directly with p= set are prefetched. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "codegen.h"
#include "test_op.h"
#include "test_target.h"

/* Loads inside VECTOR loops whose index is neither contiguous (stride 1) nor uniform along the loop. */
static int gathers_in_expr(const eto_expr *e, int var) {
  if (!e) return 0;
  int n = gathers_in_expr(e->a, var) + gathers_in_expr(e->b, var) + gathers_in_expr(e->c, var);
  int64_t s;
  if (e->op == ETO_X_LOAD && !(eto_expr_stride(e->a, var, &s) && (s == 0 || s == 1))) n++;
  return n;
}

static int gathers(const eto_stmt *s, int var, int *vector_loops) {
  if (!s) return 0;
  switch (s->kind) {
  case ETO_S_FOR:
    if (s->loop == ETO_LOOP_VECTOR) {
      (*vector_loops)++;
      var = s->var;
    }
    return gathers(s->body, var, vector_loops);
  case ETO_S_SEQ: {
    int n = 0;
    for (int i = 0; i < s->n; i++) n += gathers(s->items[i], var, vector_loops);
    return n;
  }
  case ETO_S_IF: return gathers(s->body, var, vector_loops);
  case ETO_S_STORE: return var >= 0 ? gathers_in_expr(s->value, var) : 0;
  default: return 0;
  }
}

/* Program `recipe` of op, validated for a CPU of `cores` cores and lowered; NULL (and a failed check) when any
 * step refuses it. */
static eto_kernel *lowered(const eto_op *op, int cores, const char *recipe) {
  char msg[1024];
  eto_compute c;
  eto_op_compute(op, &c);
  eto_target t;
  test_target_cpu(cores, &t);
  eto_program p;
  CHECK(eto_program_parse(recipe, &p, msg, sizeof msg) == 0, "%s", msg);
  CHECK(eto_sched_validate(&c, &t, &p, msg, sizeof msg) == 0, "%s", msg);
  eto_kernel *k = NULL;
  eto_lower_opts lo = {.lanes = t.warp_size};
  CHECK(eto_lower(&c, &p, &lo, &k, msg, sizeof msg) == ETO_OK, "%s", msg);
  return k;
}

/* Runs kernel k of op on random inputs and compares its output with the reference. */
static void matches_reference(const eto_op *op, const eto_kernel *k, const char *what) {
  char msg[1024];
  float *bufs[4];
  int nin = eto_op_num_inputs(op);
  uint64_t x = 7;
  for (int i = 0; i < nin + 1; i++) {
    eto_shape sh;
    if (i < nin) eto_op_input_shape(op, i, &sh);
    else eto_op_output_shape(op, &sh);
    int64_t n = eto_shape_size(&sh);
    bufs[i] = malloc(sizeof(float) * (size_t)n);
    for (int64_t j = 0; j < n; j++) {
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      bufs[i][j] = (float)((x >> 40) % 2001) / 1000.0f - 1.0f;
    }
  }
  eto_shape osh;
  eto_op_output_shape(op, &osh);
  int64_t on = eto_shape_size(&osh);
  float *ref = malloc(sizeof(float) * (size_t)on);
  eto_op_reference(op, (const float *const *)bufs, ref);
  eto_jit *jit = NULL;
  CHECK(eto_jit_create(&jit, msg, sizeof msg) == ETO_OK, "%s", msg);
  eto_compiled *cc = NULL;
  CHECK(jit && eto_jit_compile(jit, k, &cc, msg, sizeof msg) == ETO_OK, "compile: %s", msg);
  if (cc) {
    eto_pool *pool = eto_pool_create(2);
    eto_pool_run(pool, eto_compiled_fn(cc), bufs, k->blocks);
    int bad = 0;
    for (int64_t j = 0; j < on && !bad; j++)
      if (!(fabsf(bufs[nin][j] - ref[j]) <= 1e-4f * (1.0f + fabsf(ref[j])))) {
        CHECK(0, "%s out[%lld] = %g, reference %g", what, (long long)j, bufs[nin][j], ref[j]);
        bad = 1;
      }
    eto_pool_free(pool);
    eto_compiled_free(cc);
  }
  eto_jit_free(jit);
  for (int i = 0; i < nin + 1; i++) free(bufs[i]);
  free(ref);
}

/* A program of op lowered for the CPU: its optimized IR must contain `want` and no gather, and it must match the
 * reference. */
static void masked_loads(const char *op_text, const char *recipe, const char *want, const char *what) {
  char msg[1024];
  eto_op op = test_op(op_text);
  eto_kernel *k = lowered(&op, 2, recipe);
  if (!k) return;
  char *ir = NULL;
  CHECK(eto_codegen_emit(k, ETO_EMIT_LLVM_OPT, &ir, msg, sizeof msg) == ETO_OK, "%s", msg);
  if (ir) {
    CHECK(strstr(ir, want) != NULL, "%s: no %s in the optimized IR", what, want);
    CHECK(strstr(ir, "gather") == NULL, "%s: a gather in the optimized IR", what);
  }
  free(ir);
  matches_reference(&op, k, what);
  eto_kernel_free(k);
}

static void channel_vectorized_conv(void) {
  char msg[1024];
  eto_op conv = test_op("conv2d n=1 c=16 h=8 w=8 k=32 r=3 s=3 pad=1 bias=1\n");
  const eto_op *op = &conv;
  /* k: 2 threads x 16 per thread; h: 2 blocks x 4 threads; w: 2 threads x 4 per thread; c in 2 fetches */
  eto_kernel *k = lowered(op, 2, "v1 mlt s=1.1.1.1.1/1.1.2.1.16/2.1.4.1.1/1.1.2.1.4 r=2.8.1/1.3.1/1.1.3 u=1024 v=1.1");
  if (!k) return;
  int vloops = 0, g = gathers(k->body, -1, &vloops);
  CHECK(vloops > 0, "no vector loop in the lowered conv");
  CHECK(g == 0, "%d per-lane gathers in the vector loops of the channel-vectorized conv", g);
  char *ir = NULL;
  CHECK(eto_codegen_emit(k, ETO_EMIT_LLVM_OPT, &ir, msg, sizeof msg) == ETO_OK, "%s", msg);
  if (ir) CHECK(strstr(ir, "@llvm.fmuladd.v16f32") != NULL, "no 16-wide vector FMA in the conv's optimized IR");
  free(ir);
  matches_reference(op, k, "conv");
  eto_kernel_free(k);
}

/* A small dense layer with its weights read directly (d=0.1): no tile of them, vector FMAs on the loads (a 64-wide run), and
 * the reference's result; likewise with imperfect tiles, whose direct reads are guarded. */
static void direct_reads(void) {
  char msg[1024];
  static const struct {
    const char *op, *recipe;
  } cases[] = {
      {"matmul m=8 n=256 k=64\n", "v1 mlt s=1.1.1.1.1/1.1.1.1.8/2.1.2.1.64 r=2.8.4 u=1024 v=2.1 d=0.1"},
      {"matmul m=7 n=250 k=61 bias=1\n", "v1 mlt s=1.1.1.1.1/1.1.1.1.7/4.1.1.1.64 r=8.4.2 u=1024 v=1.1 d=1.1"},
  };
  for (size_t ci = 0; ci < sizeof cases / sizeof *cases; ci++) {
    eto_op op = test_op(cases[ci].op);
    eto_kernel *k = lowered(&op, 2, cases[ci].recipe);
    if (!k) continue;
    int tiles = 0;
    for (int b = 0; b < k->nbufs; b++) tiles += k->buf[b].scope == ETO_BUF_SHARED;
    CHECK(tiles == (ci == 0 ? 1 : 0), "%s: %d tiles", cases[ci].recipe, tiles);
    char *ir = NULL;
    CHECK(eto_codegen_emit(k, ETO_EMIT_LLVM_OPT, &ir, msg, sizeof msg) == ETO_OK, "%s", msg);
    if (ir) CHECK(strstr(ir, "@llvm.fmuladd.v64f32") != NULL, "%s: no 64-wide vector FMA", cases[ci].recipe);
    free(ir);
    matches_reference(&op, k, cases[ci].recipe);
    eto_kernel_free(k);
  }
}

/* A register tile without S4 factors (the search's S3-only tiles: S3 = 5 rows x 32 columns with two reduction steps
 * unrolled) is lowered with its columns as a vector loop: one (no per-lane gather), vector FMAs in the optimized
 * IR, and the reference's result, with the weights read directly or from a tile, whole or imperfect (guarded). An
 * S3 factor that is no multiple of the lanes (12) keeps the tile as it was: no vector loop. Without the vector tile
 * the first cases lower to 320 scalar FMAs, which LLVM took 0.25-1.3 s to vectorize (bench/RESULTS.md BM.2). */
static int vector_loops_of(const eto_stmt *s, int64_t extent) {
  if (!s) return 0;
  int n = 0;
  if (s->kind == ETO_S_FOR) n = (s->loop == ETO_LOOP_VECTOR && s->extent == extent) + vector_loops_of(s->body, extent);
  else if (s->kind == ETO_S_IF) n = vector_loops_of(s->body, extent);
  else if (s->kind == ETO_S_SEQ)
    for (int i = 0; i < s->n; i++) n += vector_loops_of(s->items[i], extent);
  return n;
}

static void vector_tile_without_s4(void) {
  char msg[1024];
  static const struct {
    const char *op, *recipe;
    int vector;
  } cases[] = {
      {"matmul m=20 n=128 k=48\n", "v1 mlt s=1.1.1.1.1/1.1.4.5.1/2.1.2.32.1 r=6.4.2 u=16 v=4.1 d=0.1", 1},
      {"matmul m=20 n=128 k=48\n", "v1 mlt s=1.1.1.1.1/1.1.4.5.1/2.1.2.32.1 r=6.4.2 u=16 v=4.4", 1},
      {"matmul m=39 n=120 k=45 bias=1\n", "v1 mlt s=1.1.1.1.1/2.1.4.5.1/2.1.2.32.1 r=6.4.2 u=16 v=4.1 d=0.1", 1},
      {"batch_matmul b=2 m=10 n=64 k=16\n", "v1 mlt s=2.1.1.1.1/1.1.2.5.1/1.1.2.32.1 r=4.2.2 u=16 v=1.1", 1},
      {"matmul m=20 n=96 k=48\n", "v1 mlt s=1.1.1.1.1/1.1.4.5.1/2.1.4.12.1 r=6.4.2 u=16 v=4.1 d=0.1", 0},
  };
  for (size_t ci = 0; ci < sizeof cases / sizeof *cases; ci++) {
    eto_op op = test_op(cases[ci].op);
    eto_kernel *k = lowered(&op, 2, cases[ci].recipe);
    if (!k) continue;
    int vloops = 0, tiles = vector_loops_of(k->body, 32) + vector_loops_of(k->body, 12);
    int g = gathers(k->body, -1, &vloops);
    /* the tile's run is a vector loop where it is promoted (the tile's three uses: zero, FMAs, store), else none */
    CHECK(cases[ci].vector ? tiles >= 3 : tiles == 0, "%s: %d vector loops over the tile's columns", cases[ci].recipe,
          tiles);
    CHECK(g == 0, "%s: %d gathers in vector loops", cases[ci].recipe, g);
    if (cases[ci].vector) {
      char *ir = NULL;
      CHECK(eto_codegen_emit(k, ETO_EMIT_LLVM_OPT, &ir, msg, sizeof msg) == ETO_OK, "%s", msg);
      if (ir) CHECK(strstr(ir, "@llvm.fmuladd.v32f32") != NULL, "%s: no 32-wide vector FMA", cases[ci].recipe);
      free(ir);
    }
    matches_reference(&op, k, cases[ci].recipe);
    eto_kernel_free(k);
  }
}

/* A register tile of 48 columns, from S3 (an S3-only tile) or from the program's S4 factor: its vector loop runs 16
 * of them (the largest power of two that divides 48) inside an unrolled S3 loop of 3; one of 24 (no multiple of 16)
 * runs 8 x 3, a convolution's 56 along w 8 x 7; so the optimized IR's FMAs are of a power-of-two width. With the
 * whole run as the vector loop (codegen v6 and before for 24 and 56, v5 and before for 48) LLVM made 48-, 24- or
 * 56-wide FMAs that the backend split through the stack and shuffles, 2-7x slower (bench/RESULTS.md BO.1, BO.3); these
 * checks fail there. With 8 lanes (AVX2) the same programs split the same way. */
static void vector_tile_power_of_two_run(void) {
  char msg[1024];
  static const struct {
    const char *op, *recipe;
    int64_t run, cols;
  } cases[] = {
      {"matmul m=20 n=96 k=48\n", "v1 mlt s=1.1.1.1.1/1.1.4.5.1/2.1.1.48.1 r=6.4.2 u=16 v=4.1 d=0.1", 16, 48},
      {"matmul m=20 n=96 k=48\n", "v1 mlt s=1.1.1.1.1/1.1.4.5.1/2.1.1.48.1 r=6.4.2 u=16 v=4.4", 16, 48},
      {"matmul m=20 n=96 k=48\n", "v1 mlt s=1.1.1.1.1/1.1.4.5.1/2.1.1.1.48 r=6.4.2 u=16 v=4.1 d=0.1", 16, 48},
      {"matmul m=20 n=96 k=48\n", "v1 mlt s=1.1.1.1.1/1.1.4.1.5/2.1.1.1.48 r=6.4.2 u=16 v=4.4", 16, 48},
      {"matmul m=20 n=96 k=48\n", "v1 mlt s=1.1.1.1.1/1.1.4.5.1/2.1.2.1.24 r=6.4.2 u=16 v=4.1 d=0.1", 8, 24},
      {"conv2d n=1 c=16 h=4 w=56 k=16 r=1 s=1\n",
       "v1 mlt s=1.1.1.1.1/1.1.4.4.1/4.1.1.1.1/1.1.1.1.56 r=8.1.2/1.1.1/1.1.1 u=1024 v=1.1", 8, 56},
  };
  for (size_t ci = 0; ci < sizeof cases / sizeof *cases; ci++) {
    eto_op op = test_op(cases[ci].op);
    eto_kernel *k = lowered(&op, 2, cases[ci].recipe);
    if (!k) continue;
    int runs = vector_loops_of(k->body, cases[ci].run), whole = vector_loops_of(k->body, cases[ci].cols);
    CHECK(runs >= 3 && whole == 0, "%s: %d vector loops of %lld columns, %d of %lld", cases[ci].recipe, runs,
          (long long)cases[ci].run, whole, (long long)cases[ci].cols);
    char *ir = NULL;
    CHECK(eto_codegen_emit(k, ETO_EMIT_LLVM_OPT, &ir, msg, sizeof msg) == ETO_OK, "%s", msg);
    int fmas = 0, odd = 0;
    for (const char *q = ir; q && (q = strstr(q, "@llvm.fmuladd.v")) != NULL; q++) {
      long w = strtol(q + strlen("@llvm.fmuladd.v"), NULL, 10);
      fmas++;
      odd += (w & (w - 1)) != 0;
    }
    CHECK(fmas > 0 && odd == 0, "%s: %d vector FMAs in the optimized IR, %d of a width not a power of two",
          cases[ci].recipe, fmas, odd);
    free(ir);
    matches_reference(&op, k, cases[ci].recipe);
    eto_kernel_free(k);
  }
}

/* Prefetches a block runs: each prefetch statement times the extents of the loops around it. */
static int64_t prefetches(const eto_stmt *s, int64_t times) {
  if (!s) return 0;
  switch (s->kind) {
  case ETO_S_PREFETCH: return times;
  case ETO_S_FOR: return prefetches(s->body, times * s->extent);
  case ETO_S_IF: return prefetches(s->body, times);
  case ETO_S_SEQ: {
    int64_t n = 0;
    for (int i = 0; i < s->n; i++) n += prefetches(s->items[i], times);
    return n;
  }
  default: return 0;
  }
}

/* p=D: a dense layer's directly read weights prefetched D reduction steps ahead: a block prefetches each line of
 * the weights it reads once (k steps x its columns / 16), also with the rows in S3 loops around the columns' (once,
 * not once per row), and the optimized IR has llvm.prefetch; the result is the
 * reference's, also with imperfect tiles (prefetches past the weights' end); the recipe keeps its p= field; a
 * prefetch without a direct read along the vector axis (none, or A's, whose last dimension is k) is invalid. */
static void prefetched_weights(void) {
  char msg[1024];
  static const struct {
    const char *op, *recipe;
    int64_t want;
  } cases[] = {
      {"matmul m=4 n=256 k=64\n", "v1 mlt s=1.1.1.1.1/1.1.1.1.4/2.1.2.2.32 r=2.8.4 u=1024 v=1.1 d=0.1 p=8", 64 * 8},
      {"matmul m=4 n=256 k=64\n", "v1 mlt s=1.1.1.1.1/1.1.1.4.1/2.1.2.2.32 r=2.8.4 u=1024 v=1.1 d=0.1 p=8", 64 * 8},
      {"matmul m=4 n=256 k=64\n", "v1 mlt s=1.1.1.1.1/1.1.1.1.4/2.1.2.2.32 r=2.8.4 u=1024 v=1.1 d=0.1", 0},
      {"matmul m=7 n=250 k=61 bias=1\n", "v1 mlt s=1.1.1.1.1/1.1.1.1.7/4.1.1.1.64 r=8.4.2 u=1024 v=1.1 d=1.1 p=16",
       64 * 4},
  };
  for (size_t ci = 0; ci < sizeof cases / sizeof *cases; ci++) {
    eto_op op = test_op(cases[ci].op);
    eto_program p;
    char text[ETO_RECIPE_MAX];
    CHECK(eto_program_parse(cases[ci].recipe, &p, msg, sizeof msg) == 0, "%s", msg);
    eto_program_format(&p, text, sizeof text);
    CHECK(strcmp(text, cases[ci].recipe) == 0, "recipe %s formatted as %s", cases[ci].recipe, text);
    eto_kernel *k = lowered(&op, 2, cases[ci].recipe);
    if (!k) continue;
    int64_t n = prefetches(k->body, 1);
    CHECK(n == cases[ci].want, "%s: %lld prefetches per block, want %lld", cases[ci].recipe, (long long)n,
          (long long)cases[ci].want);
    char *ir = NULL;
    CHECK(eto_codegen_emit(k, ETO_EMIT_LLVM_OPT, &ir, msg, sizeof msg) == ETO_OK, "%s", msg);
    if (ir)
      CHECK((strstr(ir, "@llvm.prefetch") != NULL) == (cases[ci].want > 0), "%s: llvm.prefetch", cases[ci].recipe);
    free(ir);
    matches_reference(&op, k, cases[ci].recipe);
    eto_kernel_free(k);
  }
  eto_op mm = test_op("matmul m=4 n=256 k=64\n");
  eto_compute c;
  eto_op_compute(&mm, &c);
  eto_target t;
  test_target_cpu(2, &t);
  const char *bad[] = {"v1 mlt s=1.1.1.1.1/1.1.1.1.4/2.1.2.2.32 r=2.8.4 u=1024 v=1.1 p=8",
                       "v1 mlt s=1.1.1.1.1/1.1.1.1.4/2.1.2.2.32 r=2.8.4 u=1024 v=1.1 d=1.0 p=8"};
  for (int i = 0; i < 2; i++) {
    eto_program p;
    CHECK(eto_program_parse(bad[i], &p, msg, sizeof msg) == 0, "%s", msg);
    CHECK(eto_sched_validate(&c, &t, &p, msg, sizeof msg) != 0, "%s: valid", bad[i]);
  }
  eto_program p;
  const char *p0 = "v1 mlt s=1.1.1.1.1/1.1.1.1.4/2.1.2.2.32 r=2.8.4 u=1024 v=1.1 d=0.1 p=0";
  CHECK(eto_program_parse(p0, &p, msg, sizeof msg) != 0, "p=0 parsed");
}

int main(void) {
  char msg[1024];
  eto_op mm = test_op("matmul m=64 n=64 k=64\n");
  /* blocks 4x4 of 16x16; threads 4 (along M) x 1; per thread 4 rows x 16 columns; k in 4 fetches of 16 */
  eto_kernel *k = lowered(&mm, 1, "v1 mlt s=1.1.1.1.1/4.1.4.4.1/4.1.1.1.16 r=4.16.1 u=0 v=1.1");
  char *ir = NULL, *as = NULL;
  CHECK(eto_codegen_emit(k, ETO_EMIT_LLVM_OPT, &ir, msg, sizeof msg) == ETO_OK, "%s", msg);
  CHECK(eto_codegen_emit(k, ETO_EMIT_ASM, &as, msg, sizeof msg) == ETO_OK, "%s", msg);
  if (ir) CHECK(strstr(ir, "@llvm.fmuladd.v16f32") != NULL, "no 16-wide vector FMA in the optimized IR");
  if (as) {
    int packed = strstr(as, "vfmadd231ps") || strstr(as, "vfmadd213ps") || strstr(as, "vfmadd132ps");
    CHECK(packed, "no packed FMA instruction in the assembly");
    int wide = strstr(as, "%ymm") || strstr(as, "%zmm");
    CHECK(wide, "no 256- or 512-bit registers in the assembly");
  }
  free(ir);
  free(as);
  eto_kernel_free(k);
  channel_vectorized_conv();
  direct_reads();
  vector_tile_without_s4();
  vector_tile_power_of_two_run();
  prefetched_weights();
  /* a tile copy's 16-wide row (a 14-wide tile and its halo) that crosses the padded border: one masked load with
   * the lanes' guards as its mask, not lane-by-lane loads that LLVM turns into a gather; the border reads zero */
  masked_loads("depthwise_conv2d n=1 c=16 h=8 w=14 r=3 s=3 pad=1\n",
               "v1 mlt s=1.1.1.1.1/16.1.1.1.1/2.1.2.2.1/1.1.1.1.14 r=1.1.3/1.3.1 u=1024 v=1.2", "@llvm.masked.load.v16f32",
               "padded depthwise conv");
  /* a stride-2 read of 4 lanes: one masked load of the 8 floats it spans (every other one), then a shuffle */
  masked_loads("depthwise_conv2d n=1 c=16 h=16 w=16 r=3 s=3 stride=2 pad=1\n",
               "v1 mlt s=1.1.1.1.1/1.1.1.2.8/1.1.2.4.1/2.1.1.1.4 r=1.1.3/3.1.1 u=16 v=1.2", "@llvm.masked.load.v8f32",
               "stride-2 depthwise conv");
  return check_result();
}
