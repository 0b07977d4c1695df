/* space.c — random sampling of annotations, validation against target limits, exact program features. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schedule.h"

/* ---- tile-size factorizations ----
 * Counting ordered factorizations of n into L factors with the last factor <= max_last lets us sample
 * uniformly over all of them (Ansor's SampleTileSize does the same by enumeration). */

#define MAX_DIVS 4096

typedef struct {
  int ndiv;
  int64_t div[MAX_DIVS];
  double memo[ETO_SPACE_LEVELS + 1][MAX_DIVS];
  int64_t max_last;
} factor_ctx;

static int divisors(int64_t n, int64_t *out, int cap) {
  int lo = 0, hi = 0;
  int64_t big[MAX_DIVS];
  for (int64_t d = 1; d * d <= n; d++) {
    if (n % d) continue;
    if (lo < cap) out[lo++] = d;
    if (d != n / d && hi < MAX_DIVS) big[hi++] = n / d;
  }
  for (int i = hi - 1; i >= 0 && lo < cap; i--) out[lo++] = big[i];
  return lo;
}

static int div_index(const factor_ctx *f, int64_t v) {
  int lo = 0, hi = f->ndiv - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    if (f->div[mid] == v) return mid;
    if (f->div[mid] < v) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/* Number of ordered factorizations of n (a divisor of the base extent) into L factors, last <= max_last. */
static double count_fact(factor_ctx *f, int64_t n, int L) {
  if (L == 1) return n <= f->max_last ? 1.0 : 0.0;
  int idx = div_index(f, n);
  if (f->memo[L][idx] >= 0) return f->memo[L][idx];
  double total = 0;
  for (int i = 0; i < f->ndiv && f->div[i] <= n; i++)
    if (n % f->div[i] == 0) total += count_fact(f, n / f->div[i], L - 1);
  f->memo[L][idx] = total;
  return total;
}

/* Samples factors out[0..L-1] with product n, uniformly over all factorizations. Returns -1 if none. */
static int sample_fact(int64_t n, int L, int64_t max_last, eto_rng *rng, int64_t *out) {
  static __thread factor_ctx f; /* large; one per thread, reset per call */
  f.ndiv = divisors(n, f.div, MAX_DIVS);
  f.max_last = max_last;
  for (int l = 0; l <= L; l++)
    for (int i = 0; i < f.ndiv; i++) f.memo[l][i] = -1;
  if (count_fact(&f, n, L) <= 0) return -1;
  int64_t rest = n;
  for (int l = 0; l < L - 1; l++) {
    double total = count_fact(&f, rest, L - l);
    double pick = (double)(eto_rng_next(rng) >> 11) / 9007199254740992.0 * total;
    int64_t chosen = rest; /* fallback only reached through rounding */
    for (int i = 0; i < f.ndiv && f.div[i] <= rest; i++) {
      if (rest % f.div[i]) continue;
      double c = count_fact(&f, rest / f.div[i], L - l - 1);
      if (c <= 0) continue;
      chosen = f.div[i];
      if (pick < c) break;
      pick -= c;
    }
    out[l] = chosen;
    rest /= chosen;
  }
  out[L - 1] = rest;
  return 0;
}

/* Fills `levels` (indices into the level array) with factors of extent; others 1. For imperfect tiles, the
 * inner factors factorize a random value <= extent and the outermost level is rounded up. */
static void sample_loop(int64_t extent, const int *levels, int L, int nlevels_total, int64_t max_last, int imperfect,
                        eto_rng *rng, int64_t *tile) {
  int64_t f[ETO_SPACE_LEVELS];
  for (int l = 0; l < nlevels_total; l++) tile[l] = 1;
  if (imperfect && extent > 2 && eto_rng_below(rng, 2)) {
    int64_t inner = 1 + eto_rng_below(rng, extent);
    if (L > 1 && sample_fact(inner, L - 1, max_last, rng, f + 1) == 0) {
      for (int l = 1; l < L; l++) tile[levels[l]] = f[l];
      tile[levels[0]] = (extent + inner - 1) / inner;
      return;
    }
  }
  if (sample_fact(extent, L, max_last, rng, f) != 0) { /* innermost limit unreachable: put all outside */
    tile[levels[0]] = extent;
    return;
  }
  for (int l = 0; l < L; l++) tile[levels[l]] = f[l];
}

void eto_sched_sample(const eto_compute *c, const eto_target *t, eto_sketch_kind sketch, const eto_sample_opts *opts,
                      eto_rng *rng, eto_program *out) {
  static const int mlt_s[] = {0, 1, 2, 3, 4}, mlt_r[] = {0, 1, 2};
  static const int ctr_s[] = {0, 4}, two_s[] = {0, 2, 4};
  int imperfect = opts && opts->imperfect;
  memset(out, 0, sizeof *out);
  out->sketch = sketch;
  out->nspace = c->nest.nspace;
  out->nreduce = c->nest.nreduce;
  for (int i = 0; i < c->nest.nspace; i++) {
    int64_t e = c->nest.space[i].extent;
    if (sketch == ETO_SKETCH_MULTI_LEVEL) sample_loop(e, mlt_s, 5, 5, t->max_innermost, imperfect, rng, out->stile[i]);
    else if (sketch == ETO_SKETCH_CROSS_THREAD) sample_loop(e, ctr_s, 2, 5, t->max_innermost, imperfect, rng, out->stile[i]);
    else sample_loop(e, two_s, 3, 5, t->max_innermost, imperfect, rng, out->stile[i]);
  }
  for (int j = 0; j < c->nest.nreduce; j++) {
    int64_t e = c->nest.reduce[j].extent;
    if (sketch == ETO_SKETCH_TWO_LEVEL) {
      out->rtile[j][0] = out->rtile[j][1] = 1;
      out->rtile[j][2] = e;
    } else {
      sample_loop(e, mlt_r, 3, 3, sketch == ETO_SKETCH_MULTI_LEVEL ? t->max_innermost : t->max_threads_per_block,
                  imperfect, rng, out->rtile[j]);
    }
  }
  out->unroll = eto_unroll_options[eto_rng_below(rng, ETO_NUM_UNROLL)];
  static const int vecs[] = {1, 2, 4};
  for (int i = 0; i < ETO_MAX_INPUTS; i++) {
    out->vec[i] = (sketch == ETO_SKETCH_MULTI_LEVEL && i < c->ninputs) ? vecs[eto_rng_below(rng, 3)] : 1;
    /* the CPU: an input read directly by the compute, an eighth of the time */
    if (sketch == ETO_SKETCH_MULTI_LEVEL && eto_sched_direct_ok(c, t, out, i) && eto_rng_below(rng, 8) == 0) {
      out->direct[i] = 1;
      out->vec[i] = 1;
    }
  }
  out->prefetch = eto_sched_prefetch_any(c, t, out) ? eto_prefetch_options[eto_rng_below(rng, ETO_NUM_PREFETCH)] : 0;
}

int eto_sched_sample_valid(const eto_compute *c, const eto_target *t, const eto_sample_opts *opts, eto_rng *rng,
                           int max_tries, eto_program *out) {
  eto_sketch_set set;
  eto_sched_sketches(c, t, &set);
  if (max_tries <= 0) max_tries = 1000;
  for (int i = 0; i < max_tries; i++) {
    eto_sketch_kind k = set.kind[eto_rng_below(rng, set.count)];
    eto_sched_sample(c, t, k, opts, rng, out);
    if (eto_sched_candidate_ok(c, t, out, NULL, 0) == 0) return 0;
  }
  return -1;
}

/* ---- footprint and features ---- */

static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

static int64_t space_block_tile(const eto_program *p, int i) {
  return p->stile[i][1] * p->stile[i][2] * p->stile[i][3] * p->stile[i][4];
}

int64_t eto_sched_footprint(const eto_compute *c, const eto_program *p, int i, int64_t dims[ETO_MAX_DIMS]) {
  const eto_operand *in = &c->in[i];
  int64_t total = 1;
  for (int d = 0; d < in->rank; d++) {
    int64_t w = 0; /* width of the range minus one */
    for (int k = 0; k < in->index[d].nterms; k++) {
      const eto_term *tm = &in->index[d].term[k];
      int64_t e = tm->var < c->nest.nspace ? space_block_tile(p, tm->var)
                                            : p->rtile[tm->var - c->nest.nspace][1] * p->rtile[tm->var - c->nest.nspace][2];
      int64_t a = tm->coef < 0 ? -tm->coef : tm->coef;
      w += a * ceil_div(e - 1, tm->div);
    }
    dims[d] = w + 1;
    total *= w + 1;
  }
  return total;
}

void eto_sched_features(const eto_compute *c, const eto_program *p, eto_features *f) {
  memset(f, 0, sizeof *f);
  f->blocks = 1;
  f->threads_per_block = 1;
  f->vthreads = 1;
  f->thread_tile = 1;
  f->fetches = 1;
  f->perfect = 1;
  for (int i = 0; i < p->nspace; i++) {
    const int64_t *s = p->stile[i];
    f->blocks *= s[0];
    f->bshape[i] = space_block_tile(p, i);
    f->tshape_v[i] = s[1];
    f->tshape_t[i] = s[3] * s[4];
    f->vthreads *= s[1];
    if (p->sketch == ETO_SKETCH_CROSS_THREAD) f->thread_tile *= s[4];
    else f->thread_tile *= s[1] * s[3] * s[4];
    if (p->sketch != ETO_SKETCH_CROSS_THREAD) f->threads_per_block *= s[2];
    if (s[0] * s[1] * s[2] * s[3] * s[4] != c->nest.space[i].extent) f->perfect = 0;
  }
  for (int j = 0; j < p->nreduce; j++) {
    const int64_t *r = p->rtile[j];
    f->lshape[j] = r[0];
    f->fetches *= r[0];
    if (p->sketch == ETO_SKETCH_CROSS_THREAD) f->threads_per_block *= r[2];
    if (r[0] * r[1] * r[2] != c->nest.reduce[j].extent) f->perfect = 0;
  }
  f->total_threads = f->blocks * f->threads_per_block;
  if (p->sketch == ETO_SKETCH_MULTI_LEVEL) {
    int64_t dims[ETO_MAX_DIMS];
    for (int i = 0; i < c->ninputs; i++) {
      f->smem_in[i] = p->direct[i] ? 0 : eto_sched_footprint(c, p, i, dims);
      f->smem_per_block += f->smem_in[i];
    }
  }
  f->total_smem = f->smem_per_block * f->blocks;
  f->unroll = p->unroll;
  for (int i = 0; i < ETO_MAX_INPUTS; i++) f->vec[i] = p->vec[i];
}

/* ---- validation ---- */

#define FAIL(...)                                   \
  do {                                              \
    if (why && cap > 0) snprintf(why, cap, __VA_ARGS__); \
    return -1;                                      \
  } while (0)

static int unused_level(eto_sketch_kind k, int level) {
  if (k == ETO_SKETCH_CROSS_THREAD) return level != 0 && level != 4;
  if (k == ETO_SKETCH_TWO_LEVEL) return level == 1 || level == 3;
  return 0;
}

int64_t eto_sched_smem_bytes(int64_t smem_elements) { return smem_elements * 4; }

int64_t eto_sched_space_product(const eto_program *p, int level) {
  int64_t n = 1;
  for (int i = 0; i < p->nspace; i++) n *= p->stile[i][level];
  return n;
}

int64_t eto_sched_reduce_product(const eto_program *p, int level) {
  int64_t n = 1;
  for (int j = 0; j < p->nreduce; j++) n *= p->rtile[j][level];
  return n;
}

void eto_sched_mlt_unrolled(const eto_program *p, int *r2, int *r1) {
  int64_t body = eto_sched_space_product(p, 4) * eto_sched_reduce_product(p, 2);
  *r2 = body <= p->unroll;
  *r1 = body * eto_sched_space_product(p, 3) * eto_sched_reduce_product(p, 1) <= p->unroll;
}

/* The statements of a multi-level program's innermost straight-line block: the register tile (S3 x S4, always
 * unrolled) times the reduction steps unrolled into it (eto_sched_mlt_unrolled). */
static int64_t straight_line(const eto_program *p) {
  int r2, r1;
  eto_sched_mlt_unrolled(p, &r2, &r1);
  int64_t n = eto_sched_space_product(p, 3) * eto_sched_space_product(p, 4);
  if (r2) n *= eto_sched_reduce_product(p, 2);
  if (r1) n *= eto_sched_reduce_product(p, 1);
  return n;
}

int eto_sched_validate(const eto_compute *c, const eto_target *t, const eto_program *p, char *why, int cap) {
  if ((unsigned)p->sketch >= ETO_SKETCH_COUNT) FAIL("unknown sketch %d", (int)p->sketch);
  if (p->nspace != c->nest.nspace || p->nreduce != c->nest.nreduce)
    FAIL("program has %d space and %d reduction loops, operator has %d and %d", p->nspace, p->nreduce, c->nest.nspace,
         c->nest.nreduce);
  for (int i = 0; i < p->nspace; i++) {
    int64_t inner = 1;
    for (int l = 0; l < ETO_SPACE_LEVELS; l++) {
      if (p->stile[i][l] < 1) FAIL("space loop %s level %d has factor %lld < 1", c->nest.space[i].name, l, (long long)p->stile[i][l]);
      if (unused_level(p->sketch, l) && p->stile[i][l] != 1)
        FAIL("space loop %s level S%d must be 1 in a %s sketch", c->nest.space[i].name, l, eto_sketch_name(p->sketch));
      if (l > 0) inner *= p->stile[i][l];
    }
    if (inner > c->nest.space[i].extent) FAIL("space loop %s: inner tile %lld exceeds extent %lld", c->nest.space[i].name, (long long)inner, (long long)c->nest.space[i].extent);
    if (p->stile[i][0] != ceil_div(c->nest.space[i].extent, inner))
      FAIL("space loop %s: tiles %lld x %lld do not cover extent %lld", c->nest.space[i].name, (long long)p->stile[i][0],
           (long long)inner, (long long)c->nest.space[i].extent);
    if (p->stile[i][4] > t->max_innermost)
      FAIL("space loop %s: innermost factor %lld > limit %d", c->nest.space[i].name, (long long)p->stile[i][4], t->max_innermost);
  }
  for (int j = 0; j < p->nreduce; j++) {
    int64_t inner = p->rtile[j][1] * p->rtile[j][2];
    for (int l = 0; l < ETO_REDUCE_LEVELS; l++)
      if (p->rtile[j][l] < 1) FAIL("reduction loop %s level %d has factor < 1", c->nest.reduce[j].name, l);
    if (inner > c->nest.reduce[j].extent) FAIL("reduction loop %s: inner tile exceeds extent", c->nest.reduce[j].name);
    if (p->rtile[j][0] != ceil_div(c->nest.reduce[j].extent, inner))
      FAIL("reduction loop %s: tiles do not cover extent %lld", c->nest.reduce[j].name, (long long)c->nest.reduce[j].extent);
    if (p->sketch == ETO_SKETCH_TWO_LEVEL && (p->rtile[j][0] != 1 || p->rtile[j][1] != 1))
      FAIL("reduction loop %s must be serial (R0 = R1 = 1) in a two-level sketch", c->nest.reduce[j].name);
    if (p->sketch == ETO_SKETCH_MULTI_LEVEL && p->rtile[j][2] > t->max_innermost)
      FAIL("reduction loop %s: innermost factor %lld > limit %d", c->nest.reduce[j].name, (long long)p->rtile[j][2], t->max_innermost);
  }
  int ok_unroll = 0;
  for (int k = 0; k < ETO_NUM_UNROLL; k++) ok_unroll |= p->unroll == eto_unroll_options[k];
  if (!ok_unroll) FAIL("unroll step %d is not one of 0, 16, 64, 512, 1024", p->unroll);
  for (int i = 0; i < ETO_MAX_INPUTS; i++) {
    if (p->vec[i] != 1 && p->vec[i] != 2 && p->vec[i] != 4) FAIL("vector length %d of input %d is not 1, 2 or 4", p->vec[i], i);
    if (p->vec[i] != 1 && (p->sketch != ETO_SKETCH_MULTI_LEVEL || i >= c->ninputs))
      FAIL("vector length of input %d applies only to shared-memory fetches", i);
    if (p->direct[i] != 0 && p->direct[i] != 1) FAIL("direct read %d of input %d is not 0 or 1", p->direct[i], i);
    if (p->direct[i] && (p->sketch != ETO_SKETCH_MULTI_LEVEL || i >= c->ninputs || !t->direct_reads))
      FAIL("a direct read of input %d applies only to a multi-level program on the CPU", i);
    if (p->direct[i] && p->vec[i] != 1) FAIL("input %d is read directly: it has no fetch vector length", i);
  }
  if (p->prefetch < 0 || p->prefetch > ETO_PREFETCH_MAX)
    FAIL("prefetch distance %d is not 0..%d", p->prefetch, ETO_PREFETCH_MAX);
  if (p->prefetch && !eto_sched_prefetch_any(c, t, p))
    FAIL("a prefetch (p=) needs a direct read along the register tile's vector axis (a CPU multi-level program)");
  eto_features f;
  eto_sched_features(c, p, &f);
  if (f.threads_per_block > t->max_threads_per_block)
    FAIL("threads per block %lld > limit %d", (long long)f.threads_per_block, t->max_threads_per_block);
  int64_t space = 1;
  for (int i = 0; i < c->nest.nspace; i++) space *= c->nest.space[i].extent;
  if (f.threads_per_block < t->min_threads_per_block && space >= t->min_threads_per_block)
    FAIL("threads per block %lld < a warp (%d)", (long long)f.threads_per_block, t->min_threads_per_block);
  if (f.vthreads > t->max_vthreads) FAIL("virtual threads %lld > limit %d", (long long)f.vthreads, t->max_vthreads);
  if (f.thread_tile > t->max_thread_tile)
    FAIL("accumulators per thread %lld > limit %d", (long long)f.thread_tile, t->max_thread_tile);
  if (eto_sched_smem_bytes(f.smem_per_block) > t->max_shared_bytes)
    FAIL("shared memory per block %lld bytes > limit %lld", (long long)eto_sched_smem_bytes(f.smem_per_block),
         (long long)t->max_shared_bytes);
  return 0;
}

/* Over the space loops that input i's index does not use: the product of their extents divided (rounded up) by
 * the thread's tile of multi-level program p (S3 x S4), or by 1 when p is NULL. */
static int64_t reuse(const eto_compute *c, const eto_program *p, int i) {
  int64_t n = 1;
  for (int s = 0; s < c->nest.nspace; s++) {
    int used = 0;
    for (int d = 0; d < c->in[i].rank; d++)
      for (int t = 0; t < c->in[i].index[d].nterms; t++) used |= c->in[i].index[d].term[t].var == s;
    int64_t e = c->nest.space[s].extent, tile = p ? p->stile[s][3] * p->stile[s][4] : 1;
    if (!used && tile > 0) n *= (e + tile - 1) / tile;
  }
  return n;
}

int64_t eto_sched_input_reuse(const eto_compute *c, int i) { return reuse(c, NULL, i); }

int64_t eto_sched_tile_reuse(const eto_compute *c, const eto_program *p, int i) {
  return reuse(c, p->sketch == ETO_SKETCH_MULTI_LEVEL ? p : NULL, i);
}

int eto_sched_direct_ok(const eto_compute *c, const eto_target *t, const eto_program *p, int i) {
  return t->direct_reads && i < c->ninputs && eto_sched_tile_reuse(c, p, i) <= ETO_DIRECT_MAX_REUSE;
}

int eto_sched_vec_axis(const eto_program *p, int lanes) {
  for (int i = p->nspace - 1; i >= 0 && lanes > 1; i--)
    if (p->stile[i][4] % lanes == 0) return i;
  for (int i = p->nspace - 1; i >= 0; i--)
    if (p->stile[i][4] > 1) return i;
  return -1;
}

int eto_sched_prefetch_input(const eto_compute *c, const eto_program *p, int lanes, int i) {
  if (p->sketch != ETO_SKETCH_MULTI_LEVEL || i >= c->ninputs || !p->direct[i] || c->nest.nreduce != 1) return 0;
  int va = eto_sched_vec_axis(p, lanes), ns = c->nest.nspace;
  const eto_operand *in = &c->in[i];
  if (va < 0 || in->rank < 1) return 0;
  const eto_index *last = &in->index[in->rank - 1];
  if (last->nterms != 1 || last->term[0].var != va || last->term[0].coef != 1 || last->term[0].div != 1) return 0;
  int by_reduce = 0;
  for (int d = 0; d < in->rank; d++) {
    if (in->dilate[d] > 1) return 0;
    for (int k = 0; k < in->index[d].nterms; k++) {
      int v = in->index[d].term[k].var;
      if (v >= ns) by_reduce = 1;
      else if (v != va && p->stile[v][4] > 1) return 0;
    }
  }
  return by_reduce;
}

int eto_sched_prefetch_any(const eto_compute *c, const eto_target *t, const eto_program *p) {
  for (int i = 0; i < c->ninputs && t->direct_reads; i++)
    if (eto_sched_prefetch_input(c, p, t->warp_size, i)) return 1;
  return 0;
}

void eto_sched_prefetch_fix(const eto_compute *c, const eto_target *t, eto_program *p) {
  if (p->prefetch && !eto_sched_prefetch_any(c, t, p)) p->prefetch = 0;
}

int eto_sched_candidate_ok(const eto_compute *c, const eto_target *t, const eto_program *p, char *why, int cap) {
  if (eto_sched_validate(c, t, p, why, cap) != 0) return -1;
  for (int i = 0; i < c->ninputs; i++)
    if (p->direct[i] && !eto_sched_direct_ok(c, t, p, i)) /* validate checked t->direct_reads: the reuse rule */
      FAIL("input %d is read by %lld thread tiles: a search reads it directly only when at most %d", i,
           (long long)eto_sched_tile_reuse(c, p, i), ETO_DIRECT_MAX_REUSE);
  if (p->sketch == ETO_SKETCH_MULTI_LEVEL && t->max_straight_line > 0) {
    int64_t n = straight_line(p);
    if (n > t->max_straight_line)
      FAIL("straight-line block of %lld statements > limit %d (register tile x unrolled reduction steps)", (long long)n,
           t->max_straight_line);
  }
  return 0;
}
