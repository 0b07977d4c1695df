/* features.c — the cost model's view of a program: one fixed-length vector computed exactly from the
 * program's tile sizes and annotations, the operator's compute description and the target's limits.
 *
 * Groups (docs/architecture.md §6): per-loop, per-level tile sizes; per-level products; the contiguous output
 * axis; sketch; B, threads per block, T, virtual threads, shared memory (M); per-thread work and a register
 * estimate; unrolling; fetch vector lengths and SIMD use; arithmetic intensity at the block (global
 * memory), thread (shared memory) and register levels; global-memory lines; shared-memory bank
 * conflicts; occupancy and waves against the target's cores; padding waste of imperfect tiles; the
 * workload's size. Counts enter as log2(1 + x) so that trees split on ratios. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "backend_internal.h"

/* ---- the table of feature names ---- */

enum {
  F_SPACE = 0,                                           /* 8 loops × 5 levels */
  F_REDUCE = F_SPACE + ETO_MAX_LOOPS * ETO_SPACE_LEVELS, /* 8 loops × 3 levels */
  F_SLEVEL = F_REDUCE + ETO_MAX_LOOPS * ETO_REDUCE_LEVELS,
  F_RLEVEL = F_SLEVEL + ETO_SPACE_LEVELS,
  F_INNER = F_RLEVEL + ETO_REDUCE_LEVELS,
  F_SCALAR = F_INNER + ETO_SPACE_LEVELS,
};

enum {
  S_SKETCH_MLT,
  S_SKETCH_CTR,
  S_SKETCH_TWO,
  S_BLOCKS,
  S_TPB,
  S_THREADS,
  S_VTHREADS,
  S_SMEM_BLOCK,
  S_SMEM_TOTAL,
  S_THREAD_TILE,
  S_THREAD_FLOPS,
  S_FETCHES,
  S_REGS,
  S_UNROLL_STEP,
  S_UNROLL_INNER,
  S_UNROLLED,
  S_VEC0,
  S_VEC1,
  S_FETCH_PER_THREAD,
  S_FETCH_VEC_OK,
  S_SIMD_UTIL,
  S_VEC_AXIS_LAST,
  S_AI_GLOBAL,
  S_AI_SHARED,
  S_AI_REG,
  S_GLINES_TOTAL,
  S_GLINES_BLOCK,
  S_GLINE_EFF,
  S_BANK0,
  S_BANK1,
  S_WAVES,
  S_WAVE_EFF,
  S_OCCUPANCY,
  S_PAD_SPACE,
  S_PAD_REDUCE,
  S_PERFECT,
  S_FLOPS,
  S_SPACE_SIZE,
  S_REDUCE_SIZE,
  S_BLOCK_OUTPUTS,
  S_BODY_SQRT,
  S_HAS_PAD,
  S_OUTPUT_BYTES,
  S_DIRECT0,
  S_DIRECT1,
  S_PREFETCH,
  S_COUNT
};

static const char *const scalar_names[S_COUNT] = {"sketch_mlt",
                                                  "sketch_ctr",
                                                  "sketch_two",
                                                  "blocks",
                                                  "threads_per_block",
                                                  "total_threads",
                                                  "vthreads",
                                                  "smem_block_bytes",
                                                  "smem_total_bytes",
                                                  "thread_tile",
                                                  "thread_flops",
                                                  "fetches",
                                                  "reg_estimate",
                                                  "unroll_step",
                                                  "unroll_inner",
                                                  "unrolled_all",
                                                  "vec0",
                                                  "vec1",
                                                  "fetch_per_thread",
                                                  "fetch_vec_ok",
                                                  "simd_util",
                                                  "vec_axis_last",
                                                  "ai_global",
                                                  "ai_shared",
                                                  "ai_reg",
                                                  "gmem_lines_total",
                                                  "gmem_lines_block",
                                                  "gmem_line_eff",
                                                  "bank_conflict0",
                                                  "bank_conflict1",
                                                  "waves",
                                                  "wave_eff",
                                                  "occupancy",
                                                  "pad_space",
                                                  "pad_reduce",
                                                  "perfect",
                                                  "flops",
                                                  "space_size",
                                                  "reduce_size",
                                                  "block_outputs",
                                                  "body_sqrt",
                                                  "has_pad",
                                                  "output_bytes",
                                                  "direct0",
                                                  "direct1",
                                                  "prefetch"};
_Static_assert(sizeof scalar_names / sizeof scalar_names[0] == S_COUNT, "one name per scalar feature");
_Static_assert(F_SCALAR + S_COUNT == ETO_COST_NFEATURES, "ETO_COST_NFEATURES matches the feature table");
_Static_assert(ETO_MAX_INPUTS == 2, "two vector-length and bank-conflict features");

#define SPACE_NAMES(i) "s" #i ".l0", "s" #i ".l1", "s" #i ".l2", "s" #i ".l3", "s" #i ".l4"
#define REDUCE_NAMES(j) "r" #j ".l0", "r" #j ".l1", "r" #j ".l2"
static const char *const tile_names[F_SCALAR] = {SPACE_NAMES(0),
                                                 SPACE_NAMES(1),
                                                 SPACE_NAMES(2),
                                                 SPACE_NAMES(3),
                                                 SPACE_NAMES(4),
                                                 SPACE_NAMES(5),
                                                 SPACE_NAMES(6),
                                                 SPACE_NAMES(7),
                                                 REDUCE_NAMES(0),
                                                 REDUCE_NAMES(1),
                                                 REDUCE_NAMES(2),
                                                 REDUCE_NAMES(3),
                                                 REDUCE_NAMES(4),
                                                 REDUCE_NAMES(5),
                                                 REDUCE_NAMES(6),
                                                 REDUCE_NAMES(7),
                                                 "S0",
                                                 "S1",
                                                 "S2",
                                                 "S3",
                                                 "S4",
                                                 "R0",
                                                 "R1",
                                                 "R2",
                                                 "inner.l0",
                                                 "inner.l1",
                                                 "inner.l2",
                                                 "inner.l3",
                                                 "inner.l4"};
#undef SPACE_NAMES
#undef REDUCE_NAMES
_Static_assert(sizeof tile_names / sizeof tile_names[0] == F_SCALAR, "one name per tile feature");
_Static_assert(ETO_MAX_LOOPS == 8 && ETO_SPACE_LEVELS == 5 && ETO_REDUCE_LEVELS == 3,
               "tile name table shape");

const char *eto_cost_feature_name(int i) {
  if (i < 0 || i >= ETO_COST_NFEATURES) return NULL;
  return i < F_SCALAR ? tile_names[i] : scalar_names[i - F_SCALAR];
}

/* ---- helpers ---- */

static float lg(double x) { return (float)log2(1.0 + (x > 0 ? x : 0)); }

static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

/* Extent of each virtual dimension of input i touched when space loop s ranges over sx[s] consecutive values
 * and reduction loop r over rx[r]; returns the product. Exact for affine indices, an upper bound with
 * floor divisions (the same bound eto_sched_footprint uses). */
static double footprint(const eto_compute *c, int i, const int64_t *sx, const int64_t *rx, int64_t *dims) {
  const eto_operand *in = &c->in[i];
  double total = 1;
  for (int d = 0; d < in->rank; d++) {
    int64_t w = 0;
    for (int k = 0; k < in->index[d].nterms; k++) {
      const eto_term *tm = &in->index[d].term[k];
      int64_t e = tm->var < c->nest.nspace ? sx[tm->var] : rx[tm->var - c->nest.nspace];
      int64_t a = tm->coef < 0 ? -tm->coef : tm->coef;
      w += a * ceil_div(e - 1, tm->div);
    }
    dims[d] = w + 1;
    total *= (double)(w + 1);
  }
  return total;
}

/* 32-byte (or line_bytes) lines of input i touched by a footprint. */
static double lines_of(const eto_compute *c, int i, const int64_t *dims, int line_bytes) {
  const eto_operand *in = &c->in[i];
  if (in->rank == 0) return 1;
  double n = 1;
  for (int d = 0; d < in->rank - 1; d++) n *= (double)ceil_div(dims[d], in->dilate[d]);
  int64_t last = ceil_div(dims[in->rank - 1], in->dilate[in->rank - 1]);
  int64_t per_line = line_bytes / 4 > 0 ? line_bytes / 4 : 1;
  return n * (double)ceil_div(last, per_line);
}

/* Bank conflicts of the first warp reading input i's shared tile: threads take consecutive thread indices
 * over the S2 factors (last space loop fastest); each reads the element of its own first output at reduction
 * point 0. The shared tile is row-major over the block footprint. Returns the largest number of distinct
 * words one bank serves (1 = conflict free); 0 when the target has no banks or the sketch no shared tile. */
static double bank_conflicts(const eto_compute *c, const eto_target *t, const eto_program *p, int i,
                             int64_t threads) {
  if (t->banks <= 0 || p->sketch != ETO_SKETCH_MULTI_LEVEL) return 0;
  const eto_operand *in = &c->in[i];
  int64_t bx[ETO_MAX_LOOPS], rx[ETO_MAX_LOOPS], dims[ETO_MAX_DIMS], stride[ETO_MAX_DIMS];
  for (int s = 0; s < p->nspace; s++)
    bx[s] = p->stile[s][1] * p->stile[s][2] * p->stile[s][3] * p->stile[s][4];
  for (int r = 0; r < p->nreduce; r++) rx[r] = p->rtile[r][1] * p->rtile[r][2];
  footprint(c, i, bx, rx, dims);
  int64_t st = 1;
  for (int d = in->rank - 1; d >= 0; d--) {
    stride[d] = st;
    st *= dims[d];
  }
  int warp = t->warp_size > 0 ? t->warp_size : 32;
  if (warp > 64) warp = 64;
  int64_t nthr = threads < warp ? threads : warp;
  int64_t addr[64];
  int banks = t->banks;
  for (int64_t tid = 0; tid < nthr; tid++) {
    int64_t rest = tid, x[ETO_MAX_LOOPS];
    for (int s = p->nspace - 1; s >= 0; s--) {
      int64_t f = p->stile[s][2];
      x[s] = (rest % f) * p->stile[s][3] * p->stile[s][4];
      rest /= f;
    }
    int64_t a = 0;
    for (int d = 0; d < in->rank; d++) {
      int64_t v = 0; /* offset inside the tile: the tile starts where every loop variable is 0 */
      for (int k = 0; k < in->index[d].nterms; k++) {
        const eto_term *tm = &in->index[d].term[k];
        int64_t e = tm->var < c->nest.nspace ? x[tm->var] : 0;
        int64_t q = e / tm->div;
        v += (tm->coef < 0 ? -tm->coef : tm->coef) * q;
      }
      a += v * stride[d];
    }
    addr[tid] = a;
  }
  double worst = 1;
  for (int b = 0; b < banks; b++) {
    int distinct = 0;
    for (int64_t j = 0; j < nthr; j++) {
      if (((addr[j] % banks) + banks) % banks != b) continue;
      int seen = 0;
      for (int64_t k = 0; k < j && !seen; k++) seen = addr[k] == addr[j];
      if (!seen) distinct++;
    }
    if (distinct > worst) worst = distinct;
  }
  return worst;
}

/* ---- the vector ---- */

/* One loop's tiles (tile[0..levels)): their log2 into out[0..levels), each multiplied into level[l]; returns
 * their product (the loop's padded extent). */
static double loop_tiles(const int64_t *tile, int levels, float *out, double *level) {
  double prod = 1;
  for (int l = 0; l < levels; l++) {
    out[l] = (float)log2((double)tile[l]);
    level[l] *= (double)tile[l];
    prod *= (double)tile[l];
  }
  return prod;
}

void eto_cost_features(const eto_compute *c, const eto_target *t, const eto_program *p, float *out) {
  memset(out, 0, sizeof(float) * ETO_COST_NFEATURES);
  float *s = out + F_SCALAR;
  int ns = p->nspace < ETO_MAX_LOOPS ? p->nspace : ETO_MAX_LOOPS;
  int nr = p->nreduce < ETO_MAX_LOOPS ? p->nreduce : ETO_MAX_LOOPS;
  if (ns != c->nest.nspace || nr != c->nest.nreduce) return; /* not a program of this compute */

  /* tile sizes */
  double slevel[ETO_SPACE_LEVELS] = {1, 1, 1, 1, 1}, rlevel[ETO_REDUCE_LEVELS] = {1, 1, 1};
  double padded_space = 1, space = 1, padded_reduce = 1, reduce = 1;
  for (int i = 0; i < ns; i++) {
    padded_space *= loop_tiles(p->stile[i], ETO_SPACE_LEVELS, out + F_SPACE + i * ETO_SPACE_LEVELS, slevel);
    space *= (double)c->nest.space[i].extent;
  }
  for (int j = 0; j < nr; j++) {
    padded_reduce *=
        loop_tiles(p->rtile[j], ETO_REDUCE_LEVELS, out + F_REDUCE + j * ETO_REDUCE_LEVELS, rlevel);
    reduce *= (double)c->nest.reduce[j].extent;
  }
  for (int l = 0; l < ETO_SPACE_LEVELS; l++) out[F_SLEVEL + l] = (float)log2(slevel[l]);
  for (int l = 0; l < ETO_REDUCE_LEVELS; l++) out[F_RLEVEL + l] = (float)log2(rlevel[l]);
  if (ns > 0)
    for (int l = 0; l < ETO_SPACE_LEVELS; l++) out[F_INNER + l] = (float)log2((double)p->stile[ns - 1][l]);

  eto_features f;
  eto_sched_features(c, p, &f);
  s[S_SKETCH_MLT] = p->sketch == ETO_SKETCH_MULTI_LEVEL;
  s[S_SKETCH_CTR] = p->sketch == ETO_SKETCH_CROSS_THREAD;
  s[S_SKETCH_TWO] = p->sketch == ETO_SKETCH_TWO_LEVEL;
  s[S_BLOCKS] = lg((double)f.blocks);
  s[S_TPB] = lg((double)f.threads_per_block);
  s[S_THREADS] = lg((double)f.total_threads);
  s[S_VTHREADS] = lg((double)f.vthreads);
  s[S_SMEM_BLOCK] = lg(4.0 * (double)f.smem_per_block);
  s[S_SMEM_TOTAL] = lg(4.0 * (double)f.total_smem);
  s[S_THREAD_TILE] = lg((double)f.thread_tile);
  double work = 2.0 * padded_space * padded_reduce;
  s[S_THREAD_FLOPS] = lg(work / (double)(f.total_threads > 0 ? f.total_threads : 1));
  s[S_FETCHES] = lg((double)f.fetches);

  /* per-level tiles as extents per loop */
  int64_t blk[ETO_MAX_LOOPS], thr[ETO_MAX_LOOPS], reg[ETO_MAX_LOOPS];
  int64_t chunk[ETO_MAX_LOOPS], full[ETO_MAX_LOOPS], one[ETO_MAX_LOOPS];
  for (int i = 0; i < ns; i++) {
    blk[i] = f.bshape[i];
    thr[i] = p->sketch == ETO_SKETCH_MULTI_LEVEL ? p->stile[i][3] * p->stile[i][4] : p->stile[i][4];
    reg[i] = p->stile[i][4];
  }
  for (int j = 0; j < nr; j++) {
    chunk[j] = p->rtile[j][1] * p->rtile[j][2];
    full[j] = p->rtile[j][0] * p->rtile[j][1] * p->rtile[j][2];
    one[j] = 1;
  }
  int64_t dims[ETO_MAX_DIMS];
  double operand_regs = 0;
  for (int k = 0; k < c->ninputs; k++) operand_regs += footprint(c, k, reg, one, dims);
  s[S_REGS] = lg((double)f.thread_tile + operand_regs);

  /* unrolling: auto_unroll_max_step unrolls the innermost loops whose total extent is at most the step */
  double inner[4];
  int ninner = 0;
  if (p->sketch == ETO_SKETCH_MULTI_LEVEL) { /* per thread: R1 S3 R2 S4, innermost last */
    inner[ninner++] = slevel[4];
    inner[ninner++] = rlevel[2];
    inner[ninner++] = slevel[3];
    inner[ninner++] = rlevel[1];
  } else if (p->sketch == ETO_SKETCH_CROSS_THREAD) {
    inner[ninner++] = rlevel[1];
    inner[ninner++] = slevel[4];
  } else {
    inner[ninner++] = padded_reduce;
    inner[ninner++] = slevel[4];
  }
  double unrolled = 1;
  int all = 1;
  for (int k = 0; k < ninner; k++) {
    if (unrolled * inner[k] <= (double)p->unroll)
      unrolled *= inner[k];
    else {
      all = 0;
      break;
    }
  }
  s[S_UNROLL_STEP] = lg(p->unroll);
  s[S_UNROLL_INNER] = lg(unrolled > 1 ? unrolled : 0);
  s[S_UNROLLED] = all && p->unroll > 0;
  s[S_VEC0] = (float)p->vec[0];
  s[S_VEC1] = (float)p->vec[1];
  s[S_DIRECT0] = (float)p->direct[0];
  s[S_DIRECT1] = (float)p->direct[1];
  s[S_PREFETCH] = (float)p->prefetch / 16.0f;

  /* cooperative fetch */
  int64_t tpb = f.threads_per_block > 0 ? f.threads_per_block : 1;
  double vec_ok = 1, nvec = 0;
  if (p->sketch == ETO_SKETCH_MULTI_LEVEL) {
    s[S_FETCH_PER_THREAD] = lg((double)f.smem_per_block / (double)tpb);
    double ok = 0;
    for (int k = 0; k < c->ninputs; k++) {
      if (p->vec[k] <= 1) continue;
      nvec++;
      footprint(c, k, blk, chunk, dims);
      int64_t last = c->in[k].rank > 0 ? dims[c->in[k].rank - 1] : 1;
      ok += last % p->vec[k] == 0 && ceil_div(f.smem_in[k], tpb) % p->vec[k] == 0;
    }
    if (nvec > 0) vec_ok = ok / nvec;
  }
  s[S_FETCH_VEC_OK] = (float)vec_ok;

  /* SIMD: the register tile vectorizes along the last space loop with S4 > 1 */
  int vaxis = -1;
  for (int i = ns - 1; i >= 0 && vaxis < 0; i--)
    if (p->stile[i][4] > 1) vaxis = i;
  int lanes = t->warp_size > 0 ? t->warp_size : 1;
  if (vaxis >= 0) {
    int64_t w = p->stile[vaxis][4];
    s[S_SIMD_UTIL] = (float)((double)w / (double)(ceil_div(w, lanes) * lanes));
    s[S_VEC_AXIS_LAST] = vaxis == ns - 1;
  }

  /* arithmetic intensity (flops per byte) per level, and global-memory lines */
  double gbytes = 0, glines_block = 0, useful = 0;
  double steps = p->sketch == ETO_SKETCH_MULTI_LEVEL ? (double)f.fetches : 1;
  const int64_t *rext = p->sketch == ETO_SKETCH_MULTI_LEVEL ? chunk : full;
  for (int k = 0; k < c->ninputs; k++) {
    double fp = footprint(c, k, blk, rext, dims);
    useful += fp;
    glines_block += lines_of(c, k, dims, t->line_bytes > 0 ? t->line_bytes : 64);
  }
  double outputs = space;
  gbytes = 4.0 * ((double)f.blocks * steps * useful + outputs);
  s[S_AI_GLOBAL] = lg(work / gbytes);
  s[S_GLINES_BLOCK] = lg(glines_block);
  s[S_GLINES_TOTAL] = lg(glines_block * steps * (double)f.blocks);
  int lb = t->line_bytes > 0 ? t->line_bytes : 64;
  s[S_GLINE_EFF] = glines_block > 0 ? (float)(4.0 * useful / (glines_block * lb)) : 0;
  if (s[S_GLINE_EFF] > 1) s[S_GLINE_EFF] = 1;
  if (p->sketch == ETO_SKETCH_MULTI_LEVEL) {
    double loads = 0;
    for (int k = 0; k < c->ninputs; k++) loads += footprint(c, k, thr, chunk, dims) * (double)f.vthreads;
    double fl = 2.0 * (double)f.thread_tile;
    for (int j = 0; j < nr; j++) fl *= (double)chunk[j];
    s[S_AI_SHARED] = lg(fl / (4.0 * (loads > 0 ? loads : 1)));
  }
  double regfl = 2.0;
  for (int i = 0; i < ns; i++) regfl *= (double)reg[i];
  s[S_AI_REG] = lg(regfl / (4.0 * (operand_regs > 0 ? operand_regs : 1)));

  /* shared-memory bank conflicts (GPU targets) */
  for (int k = 0; k < c->ninputs && k < 2; k++) s[S_BANK0 + k] = (float)bank_conflicts(c, t, p, k, tpb);

  /* occupancy and waves: on the CPU a block runs on one core; on a GPU several blocks share an SM */
  double resident = 1;
  if (t->kind == ETO_TARGET_CUDA) {
    double by_threads = floor(2048.0 / (double)tpb);
    double smem = 4.0 * (double)f.smem_per_block;
    double by_smem = smem > 0 ? floor(2.0 * (double)t->max_shared_bytes / smem) : 32;
    resident = by_threads < by_smem ? by_threads : by_smem;
    if (resident > 32) resident = 32;
    if (resident < 1) resident = 1;
    s[S_OCCUPANCY] = (float)fmin(1.0, resident * (double)tpb / 2048.0);
  } else {
    double cores = t->cores > 0 ? t->cores : 1;
    s[S_OCCUPANCY] = (float)fmin(1.0, (double)f.blocks / cores);
  }
  double slots = (t->cores > 0 ? t->cores : 1) * resident;
  s[S_WAVES] = lg((double)f.blocks / slots);
  s[S_WAVE_EFF] = (float)((double)f.blocks / (ceil((double)f.blocks / slots) * slots));

  /* padding waste of imperfect tiles and the workload */
  s[S_PAD_SPACE] = (float)(padded_space / space - 1);
  s[S_PAD_REDUCE] = (float)(padded_reduce / reduce - 1);
  s[S_PERFECT] = f.perfect;
  s[S_FLOPS] = lg(2.0 * space * reduce);
  s[S_SPACE_SIZE] = lg(space);
  s[S_REDUCE_SIZE] = lg(reduce);
  double bo = 1;
  for (int i = 0; i < ns; i++) bo *= (double)blk[i];
  s[S_BLOCK_OUTPUTS] = lg(bo);
  s[S_BODY_SQRT] = c->body == ETO_BODY_SQUARE_ADD_SQRT;
  int pad = 0;
  for (int k = 0; k < c->ninputs; k++)
    for (int d = 0; d < c->in[k].rank; d++) pad |= c->in[k].pad_lo[d] != 0 || c->in[k].dilate[d] > 1;
  s[S_HAS_PAD] = pad;
  s[S_OUTPUT_BYTES] = lg(4.0 * space);
  for (int k = 0; k < ETO_COST_NFEATURES; k++)
    if (!isfinite(out[k])) out[k] = 0;
}
