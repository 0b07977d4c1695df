/* lower.c — program -> loop IR for the three sketches (multi-level tiling, cross-thread reduction,
 * two-level tiling), for the CPU and for GPUs. See lower.h for the execution model. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"

typedef struct {
  const eto_compute *c;
  const eto_program *p;
  eto_kernel *k;
  eto_arena *a;
  int gpu;
  int64_t lanes;
  int in_buf[ETO_MAX_INPUTS], bias_buf, out_buf;
  eto_expr *gstride[ETO_MAX_INPUTS][ETO_MAX_DIMS]; /* row-major strides of the real inputs */
  int need_pred[ETO_MAX_INPUTS][ETO_MAX_DIMS];   /* dimension can leave the tensor */
  int imperfect_space[ETO_MAX_LOOPS], imperfect_reduce[ETO_MAX_LOOPS];
  /* multi-level tiling on the CPU, a space axis of fixed extent whose tiles do not divide it and whose extent holds
   * a whole block: the last block moves back to end at the extent (lower_mlt), so no index of the axis passes it and
   * it needs no guard (imperfect_space 0 for it) */
  int shift_space[ETO_MAX_LOOPS];
  /* a dynamic kernel (eto_lower_opts.grown): the extents and dimensions that are the run-time value S */
  eto_expr *S;                                   /* NULL for a kernel of fixed shape */
  int dyn_space[ETO_MAX_LOOPS], dyn_reduce[ETO_MAX_LOOPS], dyn_dim[ETO_MAX_INPUTS][ETO_MAX_DIMS];
  int guard_dyn; /* emit the guards of the dynamic axes (a partial block or reduction step); 0: a full one */
  int step_full; /* with guard_dyn: a partial block whose reduction step is whole (the dynamic reduction axes lie
                  * below S): only the dynamic space axes are guarded */
  int dyn_reduce_zero[ETO_MAX_LOOPS]; /* every input dimension indexed by this dynamic reduction axis is indexed by
                                       * it alone: a partial step's tile copies hold zeros past S there */
  int rskip; /* with guard_dyn: the compute of a partial step, which runs only the iterations of its dynamic reduction
              * axes below S (an if around each one), so that its loads need no guard of those axes */
  int whole_axis, whole_dim; /* in a partial block: the space axis, the input dimension (of the load being built)
                              * known to lie below S here (a whole vector of the register tile, of a tile copy) */
  int vec_axis;              /* multi-level tiling on the CPU: the register tile's vector axis, -1 when none */
} lctx;

static int new_var(eto_kernel *k, const char *name, int idx) {
  int v = k->nvars++;
  if (v >= ETO_KERNEL_MAX_VARS) return 0; /* eto_lower refuses the kernel */
  if (idx >= 0) snprintf(k->var_name[v], sizeof k->var_name[v], "%s%d", name, idx);
  else snprintf(k->var_name[v], sizeof k->var_name[v], "%s", name);
  return v;
}

static int new_buf(eto_kernel *k, const char *name, eto_buf_scope scope, int64_t size, int arg) {
  int b = k->nbufs++;
  snprintf(k->buf[b].name, sizeof k->buf[b].name, "%s", name);
  k->buf[b].scope = scope;
  k->buf[b].size = size;
  k->buf[b].arg = arg;
  return b;
}

/* out[i] = (e / prod_{j>i} ext[j]) % ext[i]: the mixed-radix digits of a fused index. */
static void decode(eto_arena *a, eto_expr *e, const int64_t *ext, int n, eto_expr **out) {
  int64_t inner = 1;
  for (int i = n - 1; i >= 0; i--) {
    if (ext[i] == 1) out[i] = x_int(a, 0);
    else if (i == 0) out[i] = x_div(a, e, inner);
    else out[i] = x_mod(a, x_div(a, e, inner), ext[i]);
    inner *= ext[i];
  }
}

/* Virtual coordinate d of input i from the global loop indices. */
static eto_expr *virtual_coord(lctx *L, int i, int d, eto_expr **xs, eto_expr **ks) {
  const eto_index *ix = &L->c->in[i].index[d];
  eto_expr *v = x_int(L->a, ix->offset);
  for (int t = 0; t < ix->nterms; t++) {
    const eto_term *tm = &ix->term[t];
    eto_expr *var = tm->var < L->c->nest.nspace ? xs[tm->var] : ks[tm->var - L->c->nest.nspace];
    v = x_add(L->a, v, x_muli(L->a, x_div(L->a, var, tm->div), tm->coef));
  }
  return v;
}

/* Does dimension d of input i (dynamic: indexed by its dynamic axis alone) need its guard here? */
static int dyn_guarded(const lctx *L, int i, int d) {
  return L->guard_dyn && !((L->step_full || L->rskip) && L->c->in[i].index[d].term[0].var >= L->c->nest.nspace);
}

/* A direct read (eto_program.direct: the compute loads input i itself) past S on dynamic dimension d, in a partial
 * block or step, may read at S - 1 instead of being guarded, when what it reads there cannot reach the output: d is
 * indexed by a space axis (the outputs past S are not stored), not along the register tile's vector loop, where the
 * guard becomes the mask of one vector load (a dimension indexed by a reduction axis is not guarded at all: a
 * partial step skips those iterations, rskip). A guard per load keeps the loop from running at speed (the attention
 * context's kernel of 512 at S = 499 ran at 0.28 of its fixed kernel); a clamped index costs a min. */
static int dyn_clamp(const lctx *L, int i, int d) {
  int ax = L->c->in[i].index[d].term[0].var;
  /* along the vector loop a clamp would make per-lane loads */
  return L->p->direct[i] && ax < L->c->nest.nspace && ax != L->vec_axis;
}

/* Load of input i at virtual coordinates vs, with the inlined padding / zero-insertion predicate and an
 * extra guard (may be NULL). */
static eto_expr *load_virtual(lctx *L, int i, eto_expr **vs, eto_expr *guard) {
  const eto_operand *in = &L->c->in[i];
  eto_arena *a = L->a;
  eto_expr *g = x_int(a, 0), *pred = guard;
  for (int d = 0; d < in->rank; d++) {
    eto_expr *r = x_addi(a, vs[d], -in->pad_lo[d]);
    eto_expr *real = r;
    if (in->dilate[d] > 1) {
      real = x_div(a, r, in->dilate[d]);
      pred = x_and(a, pred, x_bin(a, ETO_X_EQ, x_mod(a, r, in->dilate[d]), x_int(a, 0)));
    }
    if (L->dyn_dim[i][d]) { /* indexed by its dynamic axis alone: past S only in a partial block or step */
      if (dyn_guarded(L, i, d) && d != L->whole_dim) {
        if (dyn_clamp(L, i, d)) real = x_bin(a, ETO_X_MIN, real, x_addi(a, L->S, -1));
        else pred = x_and(a, pred, x_bin(a, ETO_X_LT, real, L->S));
      }
    } else if (L->need_pred[i][d]) {
      pred = x_and(a, pred, x_bin(a, ETO_X_LE, x_int(a, 0), real));
      pred = x_and(a, pred, x_bin(a, ETO_X_LT, real, x_int(a, in->shape[d])));
    }
    g = x_add(a, g, x_mul(a, real, L->gstride[i][d]));
  }
  return x_load(a, L->in_buf[i], g, pred);
}

/* The extent of a block of multi-level tiling on space axis a (its s1..s4 tiles). */
static int64_t block_extent(const eto_program *p, int a) {
  return p->stile[a][1] * p->stile[a][2] * p->stile[a][3] * p->stile[a][4];
}

/* Static check: can dimension d of input i leave the real tensor over the (padded) iteration domain, or over
 * a shared tile's footprint? Interval arithmetic on the index expression. */
static void analyse_preds(lctx *L) {
  const eto_compute *c = L->c;
  const eto_program *p = L->p;
  for (int s = 0; s < c->nest.nspace; s++) {
    int64_t e = c->nest.space[s].extent, block = block_extent(p, s);
    int imperfect = block * p->stile[s][0] != e;
    L->shift_space[s] = imperfect && !L->gpu && p->sketch == ETO_SKETCH_MULTI_LEVEL && !L->dyn_space[s] && e >= block;
    L->imperfect_space[s] = imperfect && !L->shift_space[s];
  }
  for (int i = 0; i < c->ninputs; i++) {
    const eto_operand *in = &c->in[i];
    eto_expr *gs = x_int(L->a, 1);
    for (int d = in->rank - 1; d >= 0; d--) {
      L->gstride[i][d] = gs;
      gs = L->dyn_dim[i][d] ? x_mul(L->a, gs, L->S) : x_muli(L->a, gs, in->shape[d]);
    }
    for (int d = 0; d < in->rank; d++) {
      const eto_index *ix = &in->index[d];
      int64_t lo = ix->offset, hi = ix->offset;
      int has_div = 0;
      for (int t = 0; t < ix->nterms; t++) {
        const eto_term *tm = &ix->term[t];
        int64_t n = 1;
        if (tm->var < c->nest.nspace && L->shift_space[tm->var])
          n = c->nest.space[tm->var].extent; /* its blocks end at the extent */
        else if (tm->var < c->nest.nspace)
          for (int l = 0; l < ETO_SPACE_LEVELS; l++) n *= p->stile[tm->var][l];
        else
          for (int l = 0; l < ETO_REDUCE_LEVELS; l++) n *= p->rtile[tm->var - c->nest.nspace][l];
        int64_t top = ir_floordiv(n - 1, tm->div) * tm->coef;
        if (top >= 0) hi += top;
        else lo += top;
        has_div |= tm->div > 1;
      }
      int64_t rlo = lo - in->pad_lo[d], rhi = hi - in->pad_lo[d];
      L->need_pred[i][d] = has_div || rlo < 0 || rhi > (in->shape[d] - 1) * in->dilate[d];
    }
  }
  for (int r = 0; r < c->nest.nreduce; r++) {
    int64_t n = 1;
    for (int l = 0; l < ETO_REDUCE_LEVELS; l++) n *= p->rtile[r][l];
    L->imperfect_reduce[r] = n != c->nest.reduce[r].extent;
  }
}

/* Guard "x < extent" of one axis: imperfect tiles; a dynamic axis x < S in a partial block or step only. */
static eto_expr *axis_guard(lctx *L, eto_expr *g, eto_expr *x, int imperfect, int dyn, int64_t extent) {
  if (dyn) return L->guard_dyn ? x_and(L->a, g, x_bin(L->a, ETO_X_LT, x, L->S)) : g;
  return imperfect ? x_and(L->a, g, x_bin(L->a, ETO_X_LT, x, x_int(L->a, extent))) : g;
}

/* Guard "x_i < extent_i" for imperfect space axes (NULL when none). */
static eto_expr *space_guard(lctx *L, eto_expr **xs) {
  eto_expr *g = NULL;
  for (int s = 0; s < L->c->nest.nspace; s++)
    if (s != L->whole_axis || !L->dyn_space[s])
      g = axis_guard(L, g, xs[s], L->imperfect_space[s], L->dyn_space[s], L->c->nest.space[s].extent);
  return g;
}

/* Guard "k_r < extent_r" for imperfect reduction axes and, in a partial step, the dynamic ones. from_tiles: the
 * loads read the shared tiles, whose copies hold zeros past S on a dynamic axis with dyn_reduce_zero: every
 * product there is 0 * x = 0 (the body is a sum of products or of squares), so that axis needs no guard. */
static eto_expr *reduce_guard(lctx *L, eto_expr **ks, int from_tiles) {
  eto_expr *g = NULL;
  for (int r = 0; r < L->c->nest.nreduce; r++)
    if (!(L->dyn_reduce[r] && ((from_tiles && L->dyn_reduce_zero[r]) || L->step_full || L->rskip)))
      g = axis_guard(L, g, ks[r], L->imperfect_reduce[r], L->dyn_reduce[r], L->c->nest.reduce[r].extent);
  return g;
}

/* The fused epilogue: bias, relu, sqrt; stores into the output at global space indices xs. */
static eto_stmt *epilogue_store(lctx *L, eto_expr *acc, eto_expr **xs) {
  eto_arena *a = L->a;
  const eto_compute *c = L->c;
  eto_expr *v = acc;
  if (c->body == ETO_BODY_SQUARE_ADD_SQRT) v = x_bin(a, ETO_X_FSQRT, v, NULL);
  if (c->bias) v = x_bin(a, ETO_X_FADD, v, x_load(a, L->bias_buf, xs[c->bias_axis], NULL));
  if (c->relu) v = x_bin(a, ETO_X_FMAX, v, x_float(a, 0.0f));
  eto_expr *o = x_int(a, 0), *st = x_int(a, 1);
  for (int s = c->nest.nspace - 1; s >= 0; s--) {
    o = x_add(a, o, x_mul(a, xs[s], st));
    st = L->dyn_space[s] ? x_mul(a, st, L->S) : x_muli(a, st, c->nest.space[s].extent);
  }
  return s_if(a, space_guard(L, xs), s_store(a, L->out_buf, o, v));
}

/* acc += body(operands) */
static eto_stmt *accumulate(lctx *L, int buf, eto_expr *idx, eto_expr **ops) {
  eto_arena *a = L->a;
  eto_expr *prod = L->c->body == ETO_BODY_MUL_ADD ? x_bin(a, ETO_X_FMUL, ops[0], ops[1]) : x_bin(a, ETO_X_FMUL, ops[0], ops[0]);
  return s_store(a, buf, idx, x_bin(a, ETO_X_FADD, x_load(a, buf, idx, NULL), prod));
}

/* Wraps body in nested loops over vars[order[0..n-1]] (outermost first). */
static eto_stmt *nest_loops(lctx *L, eto_stmt *body, const int *vars, const int64_t *ext, const eto_loop_kind *kind, int n) {
  for (int i = n - 1; i >= 0; i--)
    if (ext[i] > 1) body = s_for(L->a, vars[i], ext[i], kind[i], body);
  return body;
}

/* Variables of the per-thread register tile: s3 loops (all axes), then s4 loops with the vector axis moved
 * innermost. Fills vars/ext/kind for both groups and the reg index.
 * The vector axis: on a GPU the last axis with S4 > 1. On the CPU the last axis whose S4 factor is a multiple
 * of the SIMD lanes (whole vectors; e.g. the output channels of a conv with S4 = k8 x w7 give 8-wide FMAs
 * on channel-blocked weights instead of 7-wide ones along w), else the last axis with S4 > 1 (eto_sched_vec_axis,
 * which the schedule space's prefetch rule reads too). */
typedef struct {
  int s3[ETO_MAX_LOOPS], s4[ETO_MAX_LOOPS];
  int order4[ETO_MAX_LOOPS];   /* axis of the i-th s4 loop (outermost first) */
  int vec_axis;                /* -1 when no s4 factor is > 1 */
} tile_vars;

static void make_tile_vars(lctx *L, tile_vars *tv, int level3) {
  const eto_program *p = L->p;
  int ns = p->nspace, n = 0;
  tv->vec_axis = eto_sched_vec_axis(p, L->gpu ? 1 : (int)L->lanes);
  for (int i = 0; i < ns; i++) {
    tv->s3[i] = level3 >= 0 ? new_var(L->k, "s3_", i) : -1;
    tv->s4[i] = new_var(L->k, "s4_", i);
    if (i != tv->vec_axis) tv->order4[n++] = i;
  }
  if (tv->vec_axis >= 0) tv->order4[n++] = tv->vec_axis;
}

/* Register-tile index: row-major over [S3 axes..., S4 axes in loop order (vector axis last, stride 1)]. */
static eto_expr *reg_index(lctx *L, const tile_vars *tv, int level3, int level4) {
  eto_expr *e = x_int(L->a, 0);
  for (int i = 0; i < L->p->nspace; i++)
    if (level3 >= 0) e = x_add(L->a, x_muli(L->a, e, L->p->stile[i][level3]), x_var(L->a, tv->s3[i]));
  for (int n = 0; n < L->p->nspace; n++) {
    int i = tv->order4[n];
    e = x_add(L->a, x_muli(L->a, e, L->p->stile[i][level4]), x_var(L->a, tv->s4[i]));
  }
  return e;
}

/* Wraps body in the s4 loops (unrolled, innermost vectorized). */
static eto_stmt *wrap_s4(lctx *L, const tile_vars *tv, eto_stmt *body, int level4) {
  for (int n = L->p->nspace - 1; n >= 0; n--) {
    int i = tv->order4[n];
    int64_t e = L->p->stile[i][level4];
    if (e > 1) body = s_for(L->a, tv->s4[i], e, i == tv->vec_axis ? ETO_LOOP_VECTOR : ETO_LOOP_UNROLL, body);
  }
  return body;
}

static eto_stmt *wrap_s3(lctx *L, const tile_vars *tv, eto_stmt *body) {
  for (int i = L->p->nspace - 1; i >= 0; i--)
    if (L->p->stile[i][3] > 1) body = s_for(L->a, tv->s3[i], L->p->stile[i][3], ETO_LOOP_UNROLL, body);
  return body;
}

/* The s4 loops around the epilogue's store of buf[idx] at xs. In a partial block of a dynamic kernel whose vector
 * axis is dynamic, twice: a register tile whose vector run (from vec_lo, S4 lanes) lies below S stores whole
 * vectors, the other one lane by lane (a guard that depends on the lane keeps a loop from vectorizing). */
static eto_stmt *epilogue_s4(lctx *L, const tile_vars *tv, int buf, eto_expr *idx, eto_expr **xs, eto_expr *vec_lo) {
  eto_arena *a = L->a;
  int va = tv->vec_axis;
  eto_stmt *slow = wrap_s4(L, tv, epilogue_store(L, x_load(a, buf, idx, NULL), xs), 4);
  if (!L->S || !L->guard_dyn || va < 0 || !L->dyn_space[va]) return slow;
  L->whole_axis = va;
  eto_stmt *fast = wrap_s4(L, tv, epilogue_store(L, x_load(a, buf, idx, NULL), xs), 4);
  L->whole_axis = -1;
  eto_expr *whole = x_bin(a, ETO_X_LE, x_addi(a, vec_lo, L->p->stile[va][4]), L->S);
  return s_if_else(a, whole, fast, slow);
}

/* ---------------- multi-level tiling ---------------- */

/* The register tile of a CPU program whose S4 factors are all 1 has no vector loop: its S3 loops unroll into
 * scalar statements (a 16 x 32 tile with two reduction steps: 1024), which LLVM's SLP vectorizer then takes 0.25-1.3 s
 * to turn into vectors (bench/RESULTS.md BM.2). Such a tile is lowered as the program with the S3 factor of its
 * last axis that is a multiple of the SIMD lanes moved to S4: the same elements, each accumulator reduced in the same
 * order (only the order across accumulators changes: that axis's loop moves inside the unrolled reduction steps),
 * and that loop a vector loop.
 * A vector loop runs the largest power of two that divides its columns, the rest of them an unrolled S3 loop around
 * it, whether they came from S3 as above or from the program's own S4 factor: 48 columns of 16 lanes run as 3 x 16
 * (S3 x S4 = 4 x 48 is lowered as 12 x 16), 56 as 7 x 8. LLVM turned a vector loop of 48 or 56 columns into 48- or
 * 56-wide vector operations that the backend split into registers through the stack and shuffles, in every
 * reduction step: 4-7x slower for multiples of the lanes, 2-7x for the others (bench/RESULTS.md BO.1, BO.3). A run
 * under half the lanes (28 = 7 x 4) is left whole: 4-wide vectors lost on convolutions' tiles of many rows (BO.3).
 * Returns 1 and fills *out when p is lowered as another program. */
static int mlt_vector_tile(const eto_program *p, int lanes, eto_program *out) {
  if (p->sketch != ETO_SKETCH_MULTI_LEVEL || lanes < 2) return 0;
  int v = -1, s4 = 0;
  for (int i = 0; i < p->nspace; i++) s4 |= p->stile[i][4] != 1;
  if (s4) v = eto_sched_vec_axis(p, lanes);
  else
    for (int i = 0; i < p->nspace; i++)
      if (p->stile[i][3] % lanes == 0) v = i;
  if (v < 0) return 0;
  int64_t cols = s4 ? p->stile[v][4] : p->stile[v][3], run = 1;
  while (cols % (run * 2) == 0) run *= 2;
  if (s4 && (run == cols || run * 2 < lanes)) return 0;
  *out = *p;
  out->stile[v][3] = p->stile[v][3] * p->stile[v][4] / run;
  out->stile[v][4] = run;
  return 1;
}

static eto_stmt *lower_mlt_tile(lctx *L, const eto_program *unroll_rule);

static eto_stmt *lower_mlt(lctx *L) {
  const eto_program *p = L->p;
  eto_program vp;
  if (L->gpu || !mlt_vector_tile(p, (int)L->lanes, &vp)) return lower_mlt_tile(L, p);
  L->p = &vp;
  eto_stmt *s = lower_mlt_tile(L, p); /* the reduction steps unroll as p's rule says (eto_sched_mlt_unrolled) */
  L->p = p;
  return s;
}

/* Multi-level tiling of L->p; unroll_rule: the program whose factors decide which reduction levels unroll. */
static eto_stmt *lower_mlt_tile(lctx *L, const eto_program *unroll_rule) {
  const eto_compute *c = L->c;
  const eto_program *p = L->p;
  eto_kernel *k = L->k;
  eto_arena *a = L->a;
  int ns = c->nest.nspace, nr = c->nest.nreduce;
  int64_t T = eto_sched_space_product(p, 2), VT = eto_sched_space_product(p, 1), F = eto_sched_reduce_product(p, 0);
  int64_t TILE = 1;
  for (int i = 0; i < ns; i++) TILE *= p->stile[i][3] * p->stile[i][4];
  k->threads = T;
  stmt_list body = {.a = a};

  /* block and reduction-step indices */
  int64_t s0[ETO_MAX_LOOPS] = {0}, s1[ETO_MAX_LOOPS] = {0}, s2[ETO_MAX_LOOPS] = {0}, r0[ETO_MAX_LOOPS] = {0}, bt[ETO_MAX_LOOPS] = {0}, qr[ETO_MAX_LOOPS] = {0};
  for (int i = 0; i < ns; i++) {
    s0[i] = p->stile[i][0];
    s1[i] = p->stile[i][1];
    s2[i] = p->stile[i][2];
    bt[i] = block_extent(p, i);
  }
  for (int j = 0; j < nr; j++) {
    r0[j] = p->rtile[j][0];
    qr[j] = p->rtile[j][1] * p->rtile[j][2];
  }
  eto_expr *bidx[ETO_MAX_LOOPS], *blo[ETO_MAX_LOOPS], *klo[ETO_MAX_LOOPS];
  decode(a, x_var(a, 0), s0, ns, bidx);
  for (int i = 0; i < ns; i++) {
    blo[i] = x_muli(a, bidx[i], bt[i]);
    /* imperfect tiles of a fixed extent: the last block moves back to end at the extent and computes again some
     * outputs of the block before it (the same values: each block's sums are its own, written once at its end), as
     * a dynamic kernel's block that crosses S does below; a guarded block ran at 0.3-0.5 of a whole one (bench/
     * RESULTS.md AH.3: the scores at 257 rows, 71 GFLOP/s against 190 for 272's whole blocks) */
    if (L->shift_space[i]) blo[i] = x_bin(a, ETO_X_MIN, blo[i], x_int(a, c->nest.space[i].extent - bt[i]));
  }
  int r0var[ETO_MAX_LOOPS];
  for (int j = 0; j < nr; j++) {
    r0var[j] = new_var(k, "r0_", j);
    klo[j] = x_muli(a, x_var(a, r0var[j]), qr[j]);
  }
  /* a dynamic kernel: a block past S is skipped; a full block and reduction step run without the guards of the
   * dynamic axes (the fast path), a partial one with them; a reduction step past S is skipped */
  eto_expr *bany = NULL, *bfull = NULL, *kany = NULL, *kfull = NULL;
  for (int i = 0; L->S && i < ns; i++)
    if (L->dyn_space[i]) {
      bany = x_and(a, bany, x_bin(a, ETO_X_LT, blo[i], L->S));
      /* a block that crosses S on this axis moves back to end at S, when S >= its extent: it computes again some
       * outputs of the block before it (the same values) and runs without guards on this axis; a guarded block
       * costs about as much as a full one or more, even with one row or lane below S (bench/RESULTS.md M.1) */
      eto_expr *shift = x_and(a, x_bin(a, ETO_X_LT, L->S, x_addi(a, blo[i], bt[i])),
                              x_bin(a, ETO_X_LE, x_int(a, bt[i]), L->S));
      blo[i] = x_sub(a, blo[i], x_mul(a, shift, x_sub(a, x_addi(a, blo[i], bt[i]), L->S)));
      bfull = x_and(a, bfull, x_bin(a, ETO_X_LE, x_addi(a, blo[i], bt[i]), L->S));
    }
  for (int j = 0; L->S && j < nr; j++)
    if (L->dyn_reduce[j]) {
      kany = x_and(a, kany, x_bin(a, ETO_X_LT, klo[j], L->S));
      kfull = x_and(a, kfull, x_bin(a, ETO_X_LE, x_addi(a, klo[j], qr[j]), L->S));
    }
  eto_expr *full = x_and(a, bfull, kfull);

  tile_vars tv;
  make_tile_vars(L, &tv, 3);
  L->vec_axis = L->gpu ? -1 : tv.vec_axis;

  /* shared tiles: footprint, strides and the base (lowest virtual coordinate) of each dimension */
  int sh[ETO_MAX_INPUTS];
  int64_t fdim[ETO_MAX_INPUTS][ETO_MAX_DIMS], fstride[ETO_MAX_INPUTS][ETO_MAX_DIMS];
  int blocked[ETO_MAX_INPUTS]; /* CPU: dimension stored vector-blocked, -1 when row-major */
  int64_t V4 = tv.vec_axis >= 0 ? p->stile[tv.vec_axis][4] : 1;
  eto_expr *base[ETO_MAX_INPUTS][ETO_MAX_DIMS];
  for (int i = 0; i < c->ninputs; i++) {
    int64_t size = eto_sched_footprint(c, p, i, fdim[i]);
    blocked[i] = -1;
    sh[i] = -1;
    if (p->direct[i]) continue; /* read by the compute from memory: no tile */
    char name[16]; /* a buffer name holds 15 characters */
    snprintf(name, sizeof name, "sh_%.12s", c->in[i].name);
    sh[i] = new_buf(k, name, ETO_BUF_SHARED, size, -1);
    /* Row-major, except on the CPU a dimension indexed by the vector axis alone (not the innermost one) is
     * stored vector-blocked: it is split into (tile / V4, V4) with the V4 part innermost, V4 = the vector
     * axis's S4 factor, so that the register tile's vector loads from this tile are contiguous and each
     * thread's slice stays dense (a conv's weights vectorized along the output channels are stored
     * [k/8][c][r][s][8], oneDNN's OIhw8o). */
    int rank = c->in[i].rank;
    if (!L->gpu && V4 > 1)
      for (int d = 0; d < rank - 1; d++) {
        const eto_index *ix = &c->in[i].index[d];
        if (ix->nterms == 1 && ix->offset == 0 && ix->term[0].var == tv.vec_axis && ix->term[0].coef == 1 &&
            ix->term[0].div == 1 && fdim[i][d] % V4 == 0)
          blocked[i] = d;
      }
    int64_t st = blocked[i] >= 0 ? V4 : 1;
    for (int d = rank - 1; d >= 0; d--) {
      fstride[i][d] = st;
      st *= d == blocked[i] ? fdim[i][d] / V4 : fdim[i][d];
    }
    for (int d = 0; d < c->in[i].rank; d++) {
      const eto_index *ix = &c->in[i].index[d];
      eto_expr *b = x_int(a, ix->offset);
      for (int t = 0; t < ix->nterms; t++) {
        const eto_term *tm = &ix->term[t];
        int sp = tm->var < ns;
        eto_expr *lo = sp ? blo[tm->var] : klo[tm->var - ns];
        int64_t ext = sp ? bt[tm->var] : qr[tm->var - ns];
        eto_expr *at = tm->coef >= 0 ? lo : x_addi(a, lo, ext - 1);
        b = x_add(a, b, x_muli(a, x_div(a, at, tm->div), tm->coef));
      }
      base[i][d] = b;
    }
  }

  /* per-thread accumulators survive the reduction steps only when there are several */
  int acc = -1;
  if (F > 1) acc = new_buf(k, "acc", ETO_BUF_LOCAL, (L->gpu ? 1 : T) * VT * TILE, -1);
  int reg = new_buf(k, "reg", ETO_BUF_REG, TILE, -1);

  int tvar = new_var(k, "t", -1), vvar = new_var(k, "v", -1);
  eto_expr *th[ETO_MAX_LOOPS], *vt[ETO_MAX_LOOPS];
  decode(a, x_var(a, tvar), s2, ns, th);
  decode(a, x_var(a, vvar), s1, ns, vt);
  /* local (in-block) and global space indices */
  eto_expr *loc[ETO_MAX_LOOPS], *locq[ETO_MAX_LOOPS], *xs[ETO_MAX_LOOPS];
  for (int i = 0; i < ns; i++) {
    eto_expr *e = x_add(a, x_muli(a, vt[i], s2[i]), th[i]);
    e = x_add(a, x_muli(a, e, p->stile[i][3]), x_var(a, tv.s3[i]));
    locq[i] = e; /* loc = locq * S4 + s4 */
    e = x_add(a, x_muli(a, e, p->stile[i][4]), x_var(a, tv.s4[i]));
    loc[i] = e;
    xs[i] = x_add(a, blo[i], e);
  }
  eto_expr *ridx = reg_index(L, &tv, 3, 4);
  /* the vector axis's global index at s4 = 0 (where a register tile's vector run starts) */
  eto_expr *vec_lo = NULL;
  if (tv.vec_axis >= 0)
    vec_lo = x_add(a, blo[tv.vec_axis], x_muli(a, locq[tv.vec_axis], p->stile[tv.vec_axis][4]));
  eto_expr *accidx = NULL;
  if (acc >= 0) {
    eto_expr *slot = L->gpu ? x_var(a, vvar) : x_add(a, x_muli(a, x_var(a, tvar), VT), x_var(a, vvar));
    accidx = x_add(a, x_muli(a, slot, TILE), ridx);
  }

  /* phase 0: zero the accumulators */
  if (acc >= 0) {
    sl_push(&body, s_for(a, tvar, T, ETO_LOOP_THREAD,
                         nest_loops(L, wrap_s3(L, &tv, wrap_s4(L, &tv, s_store(a, acc, accidx, x_float(a, 0)), 4)),
                                    &vvar, &VT, (eto_loop_kind[]){ETO_LOOP_VTHREAD}, 1)));
  }

  /* one reduction step: fetch, compute; a dynamic kernel builds it without its guards (a full block and step),
   * with them (a partial step) and, when it has dynamic space and reduction axes, with the space axes' guards only
   * (a partial block, a full step: the attention context's only block on m at every S below its value) */
  eto_stmt *variant[3] = {NULL, NULL, NULL};
  int scratch = -1; /* a partial block's tile on its way out (below) */
  int steps_dyn = 0; /* a dynamic reduction axis in several steps: a step can be whole in a partial block */
  for (int j = 0; j < nr; j++) steps_dyn |= L->dyn_reduce[j] && r0[j] > 1;
  int nvariant = full ? (bfull && steps_dyn ? 3 : 2) : 1;
  for (int vi = 0; vi < nvariant; vi++) {
    L->guard_dyn = vi >= 1;
    L->step_full = vi == 2;
    stmt_list step = {.a = a};
    if (L->gpu) sl_push(&step, s_barrier(a));
    for (int i = 0; i < c->ninputs; i++) {
      if (sh[i] < 0) continue; /* a direct read: no copy */
      const eto_operand *in = &c->in[i];
      int rank = in->rank;
      int cvar[ETO_MAX_DIMS];
      eto_expr *cd[ETO_MAX_DIMS];
      eto_stmt *fetch;
      /* CPU: the innermost tile dimension is copied in SIMD vectors (lanes wide), vec of them per step */
      int64_t W = L->lanes, U = p->vec[i], E = fdim[i][rank - 1];
      int bd = blocked[i], cr = -1;
      if (bd >= 0) W = 1; /* scalar copy: a vector along the global innermost dimension would scatter */
      while (W > 1 && E % W) W /= 2;
      if (W == 1 || (E / W) % U) U = 1;
      int cu = -1, ci = -1;
      if (!L->gpu) {
        for (int d = 0; d < rank; d++) {
          cvar[d] = new_var(k, "c", d);
          cd[d] = x_var(a, cvar[d]);
        }
        if (bd >= 0) { /* the blocked dimension is copied as (cq, cr), cr innermost: contiguous shared stores */
          cr = new_var(k, "cr", i);
          cd[bd] = x_add(a, x_muli(a, cd[bd], V4), x_var(a, cr));
        }
        if (W > 1) {
          cu = new_var(k, "cu", i);
          ci = new_var(k, "ci", i);
          cd[rank - 1] = x_add(a, x_muli(a, x_add(a, x_muli(a, cd[rank - 1], U), x_var(a, cu)), W), x_var(a, ci));
        }
      } else {
        int it = new_var(k, "f", i), ln = new_var(k, "l", i);
        int64_t size = k->buf[sh[i]].size, vec = p->vec[i];
        eto_expr *flat = x_add(a, x_muli(a, x_add(a, x_muli(a, x_var(a, it), T), x_var(a, tvar)), vec), x_var(a, ln));
        decode(a, flat, fdim[i], rank, cd);
        cvar[0] = it;
        cvar[1] = ln;
        (void)size;
      }
      eto_expr *vs[ETO_MAX_DIMS];
      eto_expr *shi = x_int(a, 0);
      for (int d = 0; d < rank; d++) {
        vs[d] = x_add(a, base[i][d], cd[d]);
        if (d == bd) shi = x_add(a, shi, x_add(a, x_muli(a, x_var(a, cvar[d]), fstride[i][d]), x_var(a, cr)));
        else shi = x_add(a, shi, x_muli(a, cd[d], fstride[i][d]));
      }
      eto_stmt *st = s_store(a, sh[i], shi, load_virtual(L, i, vs, NULL));
      /* a partial block or step of a dynamic kernel whose innermost dimension is dynamic: a run of W that lies
       * below S is copied as a vector, the other one lane by lane */
      eto_stmt *st_whole = NULL;
      eto_expr *whole = NULL;
      if (!L->gpu && L->S && W > 1 && L->dyn_dim[i][rank - 1] && dyn_guarded(L, i, rank - 1)) {
        L->whole_dim = rank - 1;
        st_whole = s_store(a, sh[i], shi, load_virtual(L, i, vs, NULL));
        L->whole_dim = -1;
        eto_expr *run = x_add(a, base[i][rank - 1],
                              x_muli(a, x_add(a, x_muli(a, x_var(a, cvar[rank - 1]), U), x_var(a, cu)), W));
        whole = x_bin(a, ETO_X_LE, x_addi(a, run, W), L->S);
      }
      if (!L->gpu) {
        eto_loop_kind kinds[ETO_MAX_DIMS];
        int64_t ext[ETO_MAX_DIMS];
        for (int d = 0; d < rank; d++) {
          kinds[d] = ETO_LOOP_SERIAL;
          ext[d] = fdim[i][d];
        }
        if (W > 1) {
          ext[rank - 1] = E / W / U;
          st = s_for(a, ci, W, ETO_LOOP_VECTOR, st);
          if (st_whole) {
            st = s_if_else(a, whole, s_for(a, ci, W, ETO_LOOP_VECTOR, st_whole), st);
          }
          if (U > 1) st = s_for(a, cu, U, ETO_LOOP_UNROLL, st);
        }
        if (bd >= 0) {
          ext[bd] = fdim[i][bd] / V4;
          st = s_for(a, cr, V4, ETO_LOOP_SERIAL, st);
        }
        fetch = nest_loops(L, st, cvar, ext, kinds, rank);
      } else {
        int64_t size = k->buf[sh[i]].size, vec = p->vec[i];
        int64_t iters = (size + T * vec - 1) / (T * vec);
        eto_expr *flat = x_add(a, x_muli(a, x_add(a, x_muli(a, x_var(a, cvar[0]), T), x_var(a, tvar)), vec), x_var(a, cvar[1]));
        st = s_if(a, size % (T * vec) ? x_bin(a, ETO_X_LT, flat, x_int(a, size)) : NULL, st);
        if (vec > 1) st = s_for(a, cvar[1], vec, ETO_LOOP_VECTOR, st);
        fetch = s_for(a, tvar, T, ETO_LOOP_THREAD, iters > 1 ? s_for(a, cvar[0], iters, ETO_LOOP_SERIAL, st) : st);
      }
      sl_push(&step, fetch);
    }
    if (L->gpu) sl_push(&step, s_barrier(a));

    /* compute: t, v, [reg <- acc], r1, s3, r2, s4 */
    int r1v[ETO_MAX_LOOPS], r2v[ETO_MAX_LOOPS];
    eto_expr *ks[ETO_MAX_LOOPS], *qs[ETO_MAX_LOOPS];
    for (int j = 0; j < nr; j++) {
      r1v[j] = new_var(k, "r1_", j);
      r2v[j] = new_var(k, "r2_", j);
      qs[j] = x_add(a, x_muli(a, x_var(a, r1v[j]), p->rtile[j][2]), x_var(a, r2v[j]));
      ks[j] = x_add(a, klo[j], qs[j]);
    }
    eto_expr *ops[ETO_MAX_INPUTS];
    /* a partial step on the CPU skips the iterations of a dynamic reduction axis at or past S instead of guarding
     * its loads (they are not in the problem at S: exact whatever the body): a guard per load, or a clamp and the
     * other input's zeros, kept the loop from running at speed (the attention context's kernel of 40, which reads
     * both inputs directly, at S = 37: bench/RESULTS.md S.1) */
    L->rskip = L->guard_dyn && !L->step_full && !L->gpu;
    eto_expr *rg = reduce_guard(L, ks, 1);
    for (int i = 0; i < c->ninputs; i++) {
      const eto_operand *in = &c->in[i];
      if (sh[i] < 0) { /* a direct read at the global indices: padding, imperfect tiles and (in a partial block or
                        * step) the dynamic dimensions are guarded by load_virtual and rg */
        eto_expr *vs[ETO_MAX_DIMS];
        for (int d = 0; d < in->rank; d++) vs[d] = virtual_coord(L, i, d, xs, ks);
        ops[i] = load_virtual(L, i, vs, rg);
        continue;
      }
      eto_expr *shi = x_int(a, 0);
      for (int d = 0; d < in->rank; d++) {
        const eto_index *ix = &in->index[d];
        if (d == blocked[i]) { /* the vector axis alone: (locq, s4) in the blocked layout */
          shi = x_add(a, shi, x_add(a, x_muli(a, locq[tv.vec_axis], fstride[i][d]), x_var(a, tv.s4[tv.vec_axis])));
          continue;
        }
        eto_expr *off = x_int(a, 0); /* virtual coordinate minus the tile base */
        for (int t = 0; t < ix->nterms; t++) {
          const eto_term *tm = &ix->term[t];
          int sp = tm->var < ns;
          eto_expr *l = sp ? loc[tm->var] : qs[tm->var - ns];
          int64_t ext = sp ? bt[tm->var] : qr[tm->var - ns];
          if (tm->div == 1) {
            off = x_add(a, off, x_muli(a, l, tm->coef));
            if (tm->coef < 0) off = x_addi(a, off, -tm->coef * (ext - 1));
          } else {
            eto_expr *lo = sp ? blo[tm->var] : klo[tm->var - ns];
            eto_expr *at = tm->coef >= 0 ? lo : x_addi(a, lo, ext - 1);
            off = x_add(a, off, x_muli(a, x_sub(a, x_div(a, x_add(a, lo, l), tm->div), x_div(a, at, tm->div)), tm->coef));
          }
        }
        shi = x_add(a, shi, x_muli(a, off, fstride[i][d]));
      }
      ops[i] = x_load(a, sh[i], shi, rg);
    }
    /* auto_unroll_max_step: unroll r2 (and then r1) while the unrolled body stays within the step */
    int un2, un1;
    eto_sched_mlt_unrolled(unroll_rule, &un2, &un1);
    /* p->prefetch: a direct read along the register tile's vector axis (eto_sched_prefetch_input) prefetched that
     * many reduction steps ahead: before each r1 step's register tile, a prefetch of each line the step's r2
     * iterations will read, p steps on (one per 16 floats of each S3 iteration's vector run, over the S3 loops of the
     * axes that index the input only: inside the tile's loops the same lines were prefetched once per row, which
     * cost 0.5-0.9x, bench/RESULTS.md AO.2). A prefetch never faults: past the tensor's end it does nothing. A dense
     * layer's weights read at stride N along k are not prefetched by the hardware (3 KB for BERT's 768: beyond the
     * stride prefetcher's reach). */
    eto_stmt *pf = NULL;
    if (!L->gpu && p->prefetch > 0 && tv.vec_axis >= 0) {
      stmt_list pl = {.a = a};
      for (int i = 0; i < c->ninputs; i++) {
        const eto_operand *in = &c->in[i];
        if (sh[i] >= 0 || !eto_sched_prefetch_input(c, p, (int)L->lanes, i)) continue;
        eto_expr *ahead[ETO_MAX_LOOPS] = {x_addi(a, ks[0], p->prefetch)}; /* one reduction axis */
        eto_expr *g = x_int(a, 0);
        int uses[ETO_MAX_LOOPS] = {0};
        for (int d = 0; d < in->rank; d++) {
          g = x_add(a, g, x_mul(a, x_addi(a, virtual_coord(L, i, d, xs, ahead), -in->pad_lo[d]), L->gstride[i][d]));
          for (int t = 0; t < in->index[d].nterms; t++)
            if (in->index[d].term[t].var < ns) uses[in->index[d].term[t].var] = 1;
        }
        stmt_list lines = {.a = a};
        for (int64_t l = 0; l * 16 < p->stile[tv.vec_axis][4]; l++)
          sl_push(&lines, s_prefetch(a, L->in_buf[i], x_addi(a, g, 16 * l)));
        eto_stmt *st = sl_seq(&lines);
        if (p->rtile[0][2] > 1) st = s_for(a, r2v[0], p->rtile[0][2], un2 ? ETO_LOOP_UNROLL : ETO_LOOP_SERIAL, st);
        for (int v = ns - 1; v >= 0; v--)
          if (uses[v] && p->stile[v][3] > 1) st = s_for(a, tv.s3[v], p->stile[v][3], ETO_LOOP_UNROLL, st);
        sl_push(&pl, st);
      }
      if (pl.n) pf = sl_seq(&pl);
    }
    /* a partial step whose one dynamic reduction axis has r1 steps: an r1 step that lies below S runs its r2 loop
     * without the guard per iteration (the tuned loop; the guard kept the step's whole r1 steps from running at
     * speed: the context kernel of 512 at S = 448, half of its reduction in such steps), only the r1 step that
     * crosses S keeps it */
    int split = -1;
    for (int j = 0; L->rskip && j < nr; j++)
      if (L->dyn_reduce[j] && p->rtile[j][2] > 1) split = split == -1 && p->rtile[j][1] > 1 ? j : -2;
    eto_stmt *inner = NULL, *whole = NULL;
    for (int ver = 0; ver < (split >= 0 ? 2 : 1); ver++) { /* 0: guarded, 1: the whole r1 steps of axis split */
      eto_stmt *in2 = wrap_s4(L, &tv, accumulate(L, reg, ridx, ops), 4);
      for (int j = nr - 1; j >= 0; j--)
        if (p->rtile[j][2] > 1) {
          if (L->rskip && L->dyn_reduce[j] && !(ver && j == split)) in2 = s_if(a, x_bin(a, ETO_X_LT, ks[j], L->S), in2);
          in2 = s_for(a, r2v[j], p->rtile[j][2], un2 ? ETO_LOOP_UNROLL : ETO_LOOP_SERIAL, in2);
        }
      eto_stmt *tile = wrap_s3(L, &tv, in2);
      *(ver ? &whole : &inner) = pf ? s_seq(a, 2, (eto_stmt *[]){pf, tile}) : tile;
    }
    for (int j = nr - 1; j >= 0; j--)
      if (p->rtile[j][1] > 1) {
        /* a partial step: the r1 iterations that start past S are skipped (rskip; on a GPU they would add only
         * zeros, dyn_reduce_zero) */
        eto_expr *r1lo = x_add(a, klo[j], x_muli(a, x_var(a, r1v[j]), p->rtile[j][2]));
        if (L->guard_dyn && !L->step_full && L->dyn_reduce[j] && (L->rskip || L->dyn_reduce_zero[j])) {
          eto_expr *g = x_bin(a, ETO_X_LT, r1lo, L->S);
          inner = s_if(a, g, inner);
          if (whole && j != split) whole = s_if(a, g, whole);
        }
        if (j == split) { /* its last iteration below S: the whole r1 step, else the guarded one */
          inner = s_if_else(a, x_bin(a, ETO_X_LT, x_addi(a, r1lo, p->rtile[j][2] - 1), L->S), whole, inner);
          whole = NULL;
        }
        inner = s_for(a, r1v[j], p->rtile[j][1], un1 ? ETO_LOOP_UNROLL : ETO_LOOP_SERIAL, inner);
        if (whole) whole = s_for(a, r1v[j], p->rtile[j][1], un1 ? ETO_LOOP_UNROLL : ETO_LOOP_SERIAL, whole);
      }

    stmt_list th_body = {.a = a};
    eto_stmt *copy_in = acc >= 0 ? s_store(a, reg, ridx, x_load(a, acc, accidx, NULL)) : s_store(a, reg, ridx, x_float(a, 0));
    sl_push(&th_body, wrap_s3(L, &tv, wrap_s4(L, &tv, copy_in, 4)));
    sl_push(&th_body, inner);
    if (acc >= 0) sl_push(&th_body, wrap_s3(L, &tv, wrap_s4(L, &tv, s_store(a, acc, accidx, x_load(a, reg, ridx, NULL)), 4)));
    else if (L->guard_dyn && !L->gpu && tv.vec_axis < 0) {
      /* a partial block whose register tile has no vector loop: its stores are guarded one
       * by one, which leaves LLVM's SLP vectorizer no seed, and the tile's FMAs stay scalar (K.3: 0.03-0.06 of
       * the full block). The tile goes whole to a per-thread scratch first (a run-time index: it stays memory),
       * then out under the guards. */
      if (scratch < 0) scratch = new_buf(k, "ep", ETO_BUF_LOCAL, T * VT * TILE, -1);
      eto_expr *si = x_add(a, x_muli(a, x_add(a, x_muli(a, x_var(a, tvar), VT), x_var(a, vvar)), TILE), ridx);
      sl_push(&th_body, wrap_s3(L, &tv, wrap_s4(L, &tv, s_store(a, scratch, si, x_load(a, reg, ridx, NULL)), 4)));
      sl_push(&th_body, wrap_s3(L, &tv, epilogue_s4(L, &tv, scratch, si, xs, vec_lo)));
    } else
      sl_push(&th_body, wrap_s3(L, &tv, epilogue_s4(L, &tv, reg, ridx, xs, vec_lo)));
    /* a partial block: a thread's tile that starts at or past S on a dynamic axis computes nothing */
    eto_expr *tile_any = NULL;
    for (int i = 0; L->guard_dyn && i < ns; i++)
      if (L->dyn_space[i]) {
        eto_expr *lo = x_add(a, blo[i], x_muli(a, x_add(a, x_muli(a, vt[i], s2[i]), th[i]), p->stile[i][3] * p->stile[i][4]));
        tile_any = x_and(a, tile_any, x_bin(a, ETO_X_LT, lo, L->S));
      }
    eto_stmt *per_thread = s_if(a, tile_any, sl_seq(&th_body));
    eto_stmt *compute = s_for(a, tvar, T, ETO_LOOP_THREAD, nest_loops(L, per_thread, &vvar, &VT, (eto_loop_kind[]){ETO_LOOP_VTHREAD}, 1));
    if (T == 1) compute = nest_loops(L, per_thread, &vvar, &VT, (eto_loop_kind[]){ETO_LOOP_VTHREAD}, 1);
    sl_push(&step, compute);
    variant[vi] = sl_seq(&step);
    L->rskip = 0;
  }
  L->step_full = 0;
  eto_stmt *step_st = variant[0];
  if (nvariant >= 2) {
    eto_stmt *partial = s_if(a, kany, variant[1]);
    if (variant[2]) partial = s_if_else(a, kfull, variant[2], partial);
    step_st = s_if_else(a, full, variant[0], partial);
  }

  eto_loop_kind sk[ETO_MAX_LOOPS];
  for (int j = 0; j < nr; j++) sk[j] = ETO_LOOP_SERIAL;
  sl_push(&body, nest_loops(L, step_st, r0var, r0, sk, nr));

  /* final phase: epilogue from the accumulators (a dynamic kernel: without the guards in a full block) */
  if (acc >= 0) {
    eto_stmt *ep[2] = {NULL, NULL}; /* without, with the guards of the dynamic space axes */
    for (int vi = bfull ? 0 : 1; vi < 2; vi++) {
      L->guard_dyn = vi == 1;
      ep[vi] = wrap_s3(L, &tv, epilogue_s4(L, &tv, acc, accidx, xs, vec_lo));
      ep[vi] = nest_loops(L, ep[vi], &vvar, &VT, (eto_loop_kind[]){ETO_LOOP_VTHREAD}, 1);
      ep[vi] = T > 1 ? s_for(a, tvar, T, ETO_LOOP_THREAD, ep[vi]) : ep[vi];
    }
    sl_push(&body, bfull ? s_if_else(a, bfull, ep[0], ep[1]) : ep[1]);
  }
  return s_if(a, bany, sl_seq(&body));
}

/* ---------------- cross-thread reduction ---------------- */

static eto_stmt *lower_ctr(lctx *L) {
  const eto_compute *c = L->c;
  const eto_program *p = L->p;
  eto_kernel *k = L->k;
  eto_arena *a = L->a;
  int ns = c->nest.nspace, nr = c->nest.nreduce;
  int64_t s0[ETO_MAX_LOOPS], r2e[ETO_MAX_LOOPS];
  for (int i = 0; i < ns; i++) s0[i] = p->stile[i][0];
  for (int j = 0; j < nr; j++) r2e[j] = p->rtile[j][2];
  int64_t T = eto_sched_reduce_product(p, 2);
  k->threads = L->gpu ? T : 1;
  eto_expr *bidx[ETO_MAX_LOOPS];
  decode(a, x_var(a, 0), s0, ns, bidx);
  int s4v[ETO_MAX_LOOPS];
  eto_expr *xs[ETO_MAX_LOOPS];
  for (int i = 0; i < ns; i++) {
    s4v[i] = new_var(k, "s4_", i);
    xs[i] = x_add(a, x_muli(a, bidx[i], p->stile[i][4]), x_var(a, s4v[i]));
  }
  /* the thread index: vector lanes on the CPU (innermost r2 loops), the thread id on a GPU */
  int tvar = new_var(k, "tid", -1);
  int r0v[ETO_MAX_LOOPS], r1v[ETO_MAX_LOOPS], r2v[ETO_MAX_LOOPS];
  eto_expr *r2x[ETO_MAX_LOOPS], *ks[ETO_MAX_LOOPS];
  if (L->gpu) decode(a, x_var(a, tvar), r2e, nr, r2x);
  for (int j = 0; j < nr; j++) {
    r0v[j] = new_var(k, "r0_", j);
    r1v[j] = new_var(k, "r1_", j);
    r2v[j] = new_var(k, "r2_", j);
    if (!L->gpu) r2x[j] = x_var(a, r2v[j]);
    ks[j] = x_add(a, x_muli(a, x_add(a, x_muli(a, x_var(a, r0v[j]), p->rtile[j][1]), x_var(a, r1v[j])), r2e[j]), r2x[j]);
  }
  eto_expr *g = x_and(a, space_guard(L, xs), reduce_guard(L, ks, 0));
  eto_expr *ops[ETO_MAX_INPUTS];
  for (int i = 0; i < c->ninputs; i++) {
    eto_expr *vs[ETO_MAX_DIMS];
    for (int d = 0; d < c->in[i].rank; d++) vs[d] = virtual_coord(L, i, d, xs, ks);
    ops[i] = load_virtual(L, i, vs, g);
  }
  eto_loop_kind r01k[2 * ETO_MAX_LOOPS];
  int r01v[2 * ETO_MAX_LOOPS];
  int64_t r01e[2 * ETO_MAX_LOOPS];
  /* auto_unroll_max_step over the r1 loops together, innermost first: unrolling each r1 loop whose own extent
   * fits made bodies of (product of the extents) x T copies, which LLVM took > 10 s to compile (norm b=1
   * m=n=256, "r=1.128.2/8.32.1 u=512": 8192 copies) */
  int64_t body = T;
  for (int j = nr - 1; j >= 0; j--) {
    r01v[j] = r0v[j];
    r01e[j] = p->rtile[j][0];
    r01k[j] = ETO_LOOP_SERIAL;
    r01v[nr + j] = r1v[j];
    r01e[nr + j] = p->rtile[j][1];
    body *= p->rtile[j][1];
    r01k[nr + j] = body <= p->unroll ? ETO_LOOP_UNROLL : ETO_LOOP_SERIAL;
  }
  int red = new_buf(k, "sum", ETO_BUF_REG, 1, -1);
  int sumv = new_var(k, "t", -1);
  eto_expr *zero = x_int(a, 0);
  eto_stmt *sum_all = NULL; /* red = sum of part[0..T) */
  eto_stmt *per_out;
  stmt_list s = {.a = a};
  if (!L->gpu) {
    /* the partial sums live in registers, fully unrolled, only when few: a 256-wide unrolled array under an
     * unrolled reduction step made straight-line blocks of thousands of statements that LLVM took > 10 s
     * to compile (norm b=64 m=n=512, "r=256.2.1/1.2.256 u=1024") */
    int small = T <= 64;
    int part = new_buf(k, "part", small ? ETO_BUF_REG : ETO_BUF_LOCAL, T, -1);
    eto_expr *tix = x_int(a, 0);
    for (int j = 0; j < nr; j++) tix = x_add(a, x_muli(a, tix, r2e[j]), x_var(a, r2v[j]));
    eto_loop_kind r2k[ETO_MAX_LOOPS];
    for (int j = 0; j < nr; j++) r2k[j] = small ? ETO_LOOP_UNROLL : ETO_LOOP_SERIAL;
    if (r2e[nr - 1] <= 64 && small) r2k[nr - 1] = ETO_LOOP_VECTOR;
    sl_push(&s, nest_loops(L, s_store(a, part, tix, x_float(a, 0)), r2v, r2e, r2k, nr));
    sl_push(&s, nest_loops(L, nest_loops(L, accumulate(L, part, tix, ops), r2v, r2e, r2k, nr), r01v, r01e, r01k, 2 * nr));
    sum_all = s_for(a, sumv, T, small ? ETO_LOOP_UNROLL : ETO_LOOP_SERIAL,
                    s_store(a, red, zero, x_bin(a, ETO_X_FADD, x_load(a, red, zero, NULL), x_load(a, part, x_var(a, sumv), NULL))));
    sl_push(&s, s_store(a, red, zero, x_float(a, 0)));
    sl_push(&s, sum_all);
    sl_push(&s, epilogue_store(L, x_load(a, red, zero, NULL), xs));
    per_out = sl_seq(&s);
  } else {
    /* each thread accumulates a partial in a register; thread 0 sums them from shared memory */
    int part = new_buf(k, "part", ETO_BUF_SHARED, T, -1);
    stmt_list t1 = {.a = a};
    sl_push(&t1, s_store(a, red, zero, x_float(a, 0)));
    sl_push(&t1, nest_loops(L, accumulate(L, red, zero, ops), r01v, r01e, r01k, 2 * nr));
    sl_push(&t1, s_store(a, part, x_var(a, tvar), x_load(a, red, zero, NULL)));
    sl_push(&s, s_for(a, tvar, T, ETO_LOOP_THREAD, sl_seq(&t1)));
    sl_push(&s, s_barrier(a));
    stmt_list t2 = {.a = a};
    sl_push(&t2, s_store(a, red, zero, x_float(a, 0)));
    sl_push(&t2, s_for(a, sumv, T, ETO_LOOP_SERIAL,
                       s_store(a, red, zero, x_bin(a, ETO_X_FADD, x_load(a, red, zero, NULL), x_load(a, part, x_var(a, sumv), NULL)))));
    sl_push(&t2, epilogue_store(L, x_load(a, red, zero, NULL), xs));
    sl_push(&s, s_for(a, tvar, T, ETO_LOOP_THREAD, s_if(a, x_bin(a, ETO_X_EQ, x_var(a, tvar), zero), sl_seq(&t2))));
    sl_push(&s, s_barrier(a));
    per_out = sl_seq(&s);
  }
  eto_loop_kind sk[ETO_MAX_LOOPS];
  int64_t s4e[ETO_MAX_LOOPS];
  for (int i = 0; i < ns; i++) {
    sk[i] = ETO_LOOP_SERIAL;
    s4e[i] = p->stile[i][4];
  }
  return nest_loops(L, per_out, s4v, s4e, sk, ns);
}

/* ---------------- two-level tiling ---------------- */

static eto_stmt *lower_two(lctx *L) {
  const eto_compute *c = L->c;
  const eto_program *p = L->p;
  eto_kernel *k = L->k;
  eto_arena *a = L->a;
  int ns = c->nest.nspace, nr = c->nest.nreduce;
  int64_t s0[ETO_MAX_LOOPS], s2[ETO_MAX_LOOPS];
  for (int i = 0; i < ns; i++) {
    s0[i] = p->stile[i][0];
    s2[i] = p->stile[i][2];
  }
  int64_t T = eto_sched_space_product(p, 2);
  k->threads = T;
  eto_expr *bidx[ETO_MAX_LOOPS], *th[ETO_MAX_LOOPS];
  decode(a, x_var(a, 0), s0, ns, bidx);
  int tvar = new_var(k, "t", -1);
  decode(a, x_var(a, tvar), s2, ns, th);
  tile_vars tv;
  make_tile_vars(L, &tv, -1);
  eto_expr *xs[ETO_MAX_LOOPS];
  for (int i = 0; i < ns; i++)
    xs[i] = x_add(a, x_muli(a, x_add(a, x_muli(a, bidx[i], s2[i]), th[i]), p->stile[i][4]), x_var(a, tv.s4[i]));
  int rv[ETO_MAX_LOOPS];
  int64_t re[ETO_MAX_LOOPS];
  eto_loop_kind rk[ETO_MAX_LOOPS];
  eto_expr *ks[ETO_MAX_LOOPS];
  int64_t inner = eto_sched_space_product(p, 4);
  for (int j = nr - 1; j >= 0; j--) {
    rv[j] = new_var(k, "r", j);
    re[j] = p->rtile[j][2];
    inner *= re[j];
    rk[j] = inner <= p->unroll ? ETO_LOOP_UNROLL : ETO_LOOP_SERIAL;
    ks[j] = x_var(a, rv[j]);
  }
  eto_expr *ops[ETO_MAX_INPUTS];
  for (int i = 0; i < c->ninputs; i++) {
    eto_expr *vs[ETO_MAX_DIMS];
    for (int d = 0; d < c->in[i].rank; d++) vs[d] = virtual_coord(L, i, d, xs, ks);
    ops[i] = load_virtual(L, i, vs, NULL);
  }
  int64_t TILE = eto_sched_space_product(p, 4);
  int reg = new_buf(k, "reg", ETO_BUF_REG, TILE, -1);
  eto_expr *ridx = reg_index(L, &tv, -1, 4);
  stmt_list s = {.a = a};
  sl_push(&s, wrap_s4(L, &tv, s_store(a, reg, ridx, x_float(a, 0)), 4));
  sl_push(&s, nest_loops(L, wrap_s4(L, &tv, accumulate(L, reg, ridx, ops), 4), rv, re, rk, nr));
  sl_push(&s, wrap_s4(L, &tv, epilogue_store(L, x_load(a, reg, ridx, NULL), xs), 4));
  eto_stmt *b = sl_seq(&s);
  return T > 1 ? s_for(a, tvar, T, ETO_LOOP_THREAD, b) : b;
}

/* One extent of c (x0) and of the grown description (x1): 0 when equal, 1 when x1 = x0 + 1 = v + 1 (*v is set by
 * the first such pair), -1 otherwise. */
static int grown_extent(int64_t x0, int64_t x1, int64_t *v) {
  if (x0 == x1) return 0;
  if (x1 != x0 + 1 || (*v >= 0 && x0 != *v)) return -1;
  *v = x0;
  return 1;
}

/* The dynamic axes and dimensions of c against g (c's operator with its variable one larger). Returns 0, or -1
 * with a reason: the kernel can be dynamic only where the variable is a loop extent and the tensor dimensions
 * it indexes alone. */
static int analyse_dyn(lctx *L, const eto_compute *g, int64_t *v, char *why, int cap) {
  const eto_compute *c = L->c;
  *v = -1;
  if (L->gpu || L->p->sketch != ETO_SKETCH_MULTI_LEVEL) {
    snprintf(why, cap, "a dynamic kernel is lowered for the CPU from a multi-level tiling only");
    return -1;
  }
  if (g->nest.nspace != c->nest.nspace || g->nest.nreduce != c->nest.nreduce || g->ninputs != c->ninputs ||
      g->body != c->body || g->bias != c->bias || g->relu != c->relu || g->bias_axis != c->bias_axis) {
    snprintf(why, cap, "the grown operator has another loop nest");
    return -1;
  }
  int bad = 0;
  for (int s = 0; s < c->nest.nspace; s++)
    bad |= (L->dyn_space[s] = grown_extent(c->nest.space[s].extent, g->nest.space[s].extent, v)) < 0;
  for (int r = 0; r < c->nest.nreduce; r++)
    bad |= (L->dyn_reduce[r] = grown_extent(c->nest.reduce[r].extent, g->nest.reduce[r].extent, v)) < 0;
  for (int i = 0; i < c->ninputs && !bad; i++) {
    const eto_operand *x = &c->in[i], *y = &g->in[i];
    bad |= x->rank != y->rank;
    for (int d = 0; d < x->rank && !bad; d++) {
      const eto_index *ix = &x->index[d];
      bad |= memcmp(ix, &y->index[d], sizeof *ix) != 0 || x->pad_lo[d] != y->pad_lo[d] || x->dilate[d] != y->dilate[d];
      L->dyn_dim[i][d] = grown_extent(x->shape[d], y->shape[d], v);
      if (L->dyn_dim[i][d] == 0) continue;
      int ax = ix->nterms == 1 ? ix->term[0].var : -1;
      bad |= L->dyn_dim[i][d] < 0 || ix->nterms != 1 || ix->offset != 0 || ix->term[0].coef != 1 ||
             ix->term[0].div != 1 || x->pad_lo[d] != 0 || x->dilate[d] != 1 ||
             !(ax < c->nest.nspace ? L->dyn_space[ax] : L->dyn_reduce[ax - c->nest.nspace]);
    }
  }
  for (int r = 0; r < c->nest.nreduce && !bad; r++) {
    int uses = 0, alone = 1;
    for (int i = 0; i < c->ninputs; i++)
      for (int d = 0; d < c->in[i].rank; d++)
        for (int t = 0; t < c->in[i].index[d].nterms; t++)
          if (c->in[i].index[d].term[t].var == c->nest.nspace + r) {
            uses = 1;
            alone &= L->dyn_dim[i][d];
          }
    L->dyn_reduce_zero[r] = L->dyn_reduce[r] && uses && alone;
  }
  if (bad || *v < 1) {
    snprintf(why, cap, bad ? "the variable is not a loop extent and the tensor dimensions it indexes alone"
                           : "the grown operator has the same shape");
    return -1;
  }
  return 0;
}

static eto_status lower_program(const eto_compute *c, const eto_program *p, const eto_lower_opts *opts,
                                eto_kernel **out, char *why, int cap) {
  *out = NULL;
  if (p->nspace != c->nest.nspace || p->nreduce != c->nest.nreduce) {
    if (why) snprintf(why, cap, "program does not match the operator's loop nest");
    return ETO_ERR_INVALID;
  }
  if ((p->direct[0] || p->direct[1]) && ((opts && opts->gpu) || p->sketch != ETO_SKETCH_MULTI_LEVEL)) {
    if (why) snprintf(why, cap, "a direct read (d=) applies only to a multi-level program on the CPU");
    return ETO_ERR_INVALID;
  }
  if (p->prefetch && ((opts && opts->gpu) || p->sketch != ETO_SKETCH_MULTI_LEVEL)) {
    if (why) snprintf(why, cap, "a prefetch (p=) applies only to a multi-level program on the CPU");
    return ETO_ERR_INVALID;
  }
  eto_kernel *k = calloc(1, sizeof *k);
  if (!k) return ETO_ERR_NOMEM;
  k->arena = ir_arena_new();
  if (!k->arena) {
    free(k);
    return ETO_ERR_NOMEM;
  }
  jmp_buf oom;
  if (setjmp(oom)) {
    eto_kernel_free(k);
    if (why) snprintf(why, cap, "out of memory while lowering");
    return ETO_ERR_NOMEM;
  }
  ir_arena_on_oom(k->arena, &oom);
  lctx L = {.c = c, .p = p, .k = k, .a = k->arena, .gpu = opts && opts->gpu, .lanes = opts && opts->lanes > 0 ? opts->lanes : 8,
            .whole_axis = -1, .whole_dim = -1, .vec_axis = -1};
  k->gpu = L.gpu;
  snprintf(k->name, sizeof k->name, "eto_%s", eto_sketch_name(p->sketch));
  new_var(k, "blk", -1);
  k->svar = -1;
  if (opts && opts->grown) {
    char reason[160];
    int64_t v;
    if (analyse_dyn(&L, opts->grown, &v, reason, sizeof reason) != 0) {
      if (why) snprintf(why, cap, "%s", reason);
      eto_kernel_free(k);
      return ETO_ERR_INVALID;
    }
    k->svar = new_var(k, "S", -1);
    k->smax = v;
    for (int a = 0; a < c->nest.nspace; a++)
      if (L.dyn_space[a]) {
        k->sblock[k->nsgran] = p->sketch == ETO_SKETCH_MULTI_LEVEL ? block_extent(p, a) : 0; /* lower_mlt's block move */
        k->sgran[k->nsgran++] = p->stile[a][3] * p->stile[a][4];
      }
    for (int a = 0; a < c->nest.nreduce; a++)
      if (L.dyn_reduce[a]) /* a partial step skips its iterations past S (rskip; on a GPU its r1 steps past S where
                            * its tiles hold zeros there) */
        k->sgran[k->nsgran++] = L.gpu ? p->rtile[a][2] * (L.dyn_reduce_zero[a] ? 1 : p->rtile[a][1]) : 1;
    L.S = x_var(k->arena, k->svar);
  }
  k->blocks = eto_sched_space_product(p, 0);
  for (int i = 0; i < c->ninputs; i++) L.in_buf[i] = new_buf(k, c->in[i].name, ETO_BUF_INPUT, 0, i);
  int arg = c->ninputs;
  L.bias_buf = c->bias ? new_buf(k, "bias", ETO_BUF_INPUT, 0, arg++) : -1;
  L.out_buf = new_buf(k, "out", ETO_BUF_OUTPUT, 0, arg++);
  k->nargs = arg;
  for (int i = 0; i < c->ninputs; i++) {
    int64_t n = 1;
    for (int d = 0; d < c->in[i].rank; d++) n *= c->in[i].shape[d];
    k->buf[L.in_buf[i]].size = n;
  }
  if (c->bias) k->buf[L.bias_buf].size = c->nest.space[c->bias_axis].extent;
  int64_t on = 1;
  for (int s = 0; s < c->nest.nspace; s++) on *= c->nest.space[s].extent;
  k->buf[L.out_buf].size = on;
  analyse_preds(&L);
  switch (p->sketch) {
  case ETO_SKETCH_MULTI_LEVEL: k->body = lower_mlt(&L); break;
  case ETO_SKETCH_CROSS_THREAD: k->body = lower_ctr(&L); break;
  default: k->body = lower_two(&L); break;
  }
  ir_arena_on_oom(k->arena, NULL);
  if (k->nvars > ETO_KERNEL_MAX_VARS) {
    if (why) snprintf(why, cap, "the kernel needs %d loop variables, more than %d", k->nvars, ETO_KERNEL_MAX_VARS);
    eto_kernel_free(k);
    return ETO_ERR_INVALID;
  }
  *out = k;
  return ETO_OK;
}

/* 1 when p reads input i of c directly and a loop whose extent differs between c and g indexes it. */
static int direct_on_dyn_axis(const eto_compute *c, const eto_program *p, const eto_compute *g, int i) {
  if (i >= ETO_MAX_INPUTS || !p->direct[i]) return 0;
  int ns = c->nest.nspace;
  for (int d = 0; d < c->in[i].rank; d++)
    for (int t = 0; t < c->in[i].index[d].nterms; t++) {
      int v = c->in[i].index[d].term[t].var;
      if (v < ns ? v < g->nest.nspace && g->nest.space[v].extent != c->nest.space[v].extent
                 : v - ns < g->nest.nreduce && g->nest.reduce[v - ns].extent != c->nest.reduce[v - ns].extent)
        return 1;
    }
  return 0;
}

int eto_lower_dyn_direct(const eto_compute *c, const eto_program *p, const eto_compute *grown) {
  for (int i = 0; i < c->ninputs; i++)
    if (direct_on_dyn_axis(c, p, grown, i)) return 1;
  return 0;
}

eto_status eto_lower(const eto_compute *c, const eto_program *p, const eto_lower_opts *opts, eto_kernel **out, char *why,
                     int cap) {
  /* a direct read of an input that a dynamic axis indexes guards its loads in a partial block or step (the
   * attention context's kernel of 512 reading its probabilities directly ran at 0.28 of its fixed kernel at
   * S = 499, the scores kernel of 128 reading Q directly at 0.47 at S = 77): a dynamic kernel reads such an input
   * through a tile copy (guarded per vector run, zeros past S; 0.79 and 0.69; bench/RESULTS.md L.3). The result is
   * the same; only the copy differs from p. */
  eto_program tiled;
  const eto_compute *g = opts && !opts->keep_direct ? opts->grown : NULL;
  if (g && eto_lower_dyn_direct(c, p, g)) {
    tiled = *p;
    for (int i = 0; i < c->ninputs; i++)
      if (direct_on_dyn_axis(c, p, g, i)) tiled.direct[i] = 0;
    p = &tiled;
  }
  return lower_program(c, p, opts, out, why, cap);
}

void eto_kernel_free(eto_kernel *k) {
  if (!k) return;
  ir_arena_free(k->arena);
  free(k);
}
