/* annot.c — the annotation rounds' helpers: what an unroll step unrolls in etotune's lowering (src/lower:
 * auto_unroll_max_step unrolls R2, then R1, while the unrolled body stays within the step; S3/S4 are always
 * unrolled), a register estimate in the ETO artifact's style (accumulators + the input elements of the
 * straight-line region), the artifact's default-unroll rule, and the vector lengths worth trying. */
#include <stdlib.h>
#include <string.h>

#include "tuner_internal.h"

static int64_t prod_level(const int64_t (*tile)[ETO_SPACE_LEVELS], int n, int level) {
  int64_t p = 1;
  for (int i = 0; i < n; i++) p *= tile[i][level];
  return p;
}

static int64_t prod_rlevel(const eto_program *p, int level) {
  int64_t n = 1;
  for (int j = 0; j < p->nreduce; j++) n *= p->rtile[j][level];
  return n;
}

unsigned tun_unroll_mask(const eto_program *p, int step) {
  unsigned mask = 0;
  if (p->sketch == ETO_SKETCH_MULTI_LEVEL) {
    int64_t body = prod_level(p->stile, p->nspace, 4) * prod_rlevel(p, 2);
    if (prod_rlevel(p, 2) > 1 && body <= step) mask |= 1u;
    body *= prod_level(p->stile, p->nspace, 3) * prod_rlevel(p, 1);
    if (prod_rlevel(p, 1) > 1 && body <= step) mask |= 2u;
  } else if (p->sketch == ETO_SKETCH_CROSS_THREAD) {
    /* as the lowering: the r1 loops together, innermost first (src/lower/lower.c) */
    int64_t body = prod_rlevel(p, 2);
    for (int j = p->nreduce - 1; j >= 0; j--) {
      body *= p->rtile[j][1];
      if (p->rtile[j][1] > 1 && body <= step) mask |= 1u << j;
    }
  } else {
    int64_t inner = prod_level(p->stile, p->nspace, 4);
    for (int j = p->nreduce - 1; j >= 0; j--) {
      inner *= p->rtile[j][2];
      if (p->rtile[j][2] > 1 && inner <= step) mask |= 1u << j;
    }
  }
  return mask;
}

int64_t tun_reg_estimate(const eto_compute *c, const eto_program *p, int step) {
  int ns = p->nspace, nr = p->nreduce;
  int has_r2 = prod_rlevel(p, 2) > 1, has_r1 = prod_rlevel(p, 1) > 1;
  unsigned mask = tun_unroll_mask(p, step);
  /* the straight-line region: S4 alone while a serial R2 loop sits between S3 and S4; with R2 unrolled
   * (or absent) S3·S4 and R2; with R1 unrolled too (or absent), R1 as well */
  int r2u = !has_r2 || (mask & 1u);
  int r1u = r2u && (!has_r1 || (mask & 2u));
  tun_vals vals[2 * ETO_MAX_LOOPS];
  memset(vals, 0, sizeof vals);
  int64_t acc = 1;
  for (int s = 0; s < ns; s++) {
    acc *= p->stile[s][3] * p->stile[s][4];
    vals[s].n = 1;
    vals[s].len[0] = r2u ? p->stile[s][3] * p->stile[s][4] : p->stile[s][4];
  }
  for (int j = 0; j < nr; j++) {
    vals[ns + j].n = 1;
    vals[ns + j].len[0] = (r2u ? p->rtile[j][2] : 1) * (r1u ? p->rtile[j][1] : 1);
  }
  int64_t regs = acc;
  for (int i = 0; i < c->ninputs; i++) {
    int64_t n = 1;
    for (int d = 0; d < c->in[i].rank; d++) {
      int64_t *v = NULL;
      int64_t k = tun_index_values(&c->in[i].index[d], vals, &v);
      free(v);
      n *= k > 0 ? k : 1;
    }
    regs += n;
  }
  return regs;
}

static int popcount(unsigned m) {
  int n = 0;
  for (; m; m >>= 1) n += (int)(m & 1u);
  return n;
}

int tun_default_unroll(const eto_compute *c, const eto_program *p, double target) {
  double last = 0;
  int have = 0;
  for (int i = 0; i < ETO_NUM_UNROLL; i++) {
    int step = eto_unroll_options[i];
    if (popcount(tun_unroll_mask(p, step)) == 0) continue; /* at least one loop must be unrolled */
    double regs = (double)tun_reg_estimate(c, p, step);
    if (regs > target) {
      if (!have) return step;
      return target - last >= regs - target ? step : eto_unroll_options[i - 1];
    }
    last = regs;
    have = 1;
  }
  return eto_unroll_options[ETO_NUM_UNROLL - 1];
}

int tun_unroll_options(const eto_program *p, int out[ETO_NUM_UNROLL]) {
  unsigned base = tun_unroll_mask(p, p->unroll), seen[ETO_NUM_UNROLL];
  int n = 0;
  for (int i = 0; i < ETO_NUM_UNROLL; i++) {
    int step = eto_unroll_options[i];
    if (step == p->unroll) continue;
    unsigned m = tun_unroll_mask(p, step);
    int dup = m == base;
    for (int k = 0; k < n && !dup; k++) dup = seen[k] == m;
    if (dup) continue;
    seen[n] = m;
    out[n++] = step;
  }
  return n;
}

int tun_vec_options(const eto_compute *c, const eto_target *t, const eto_program *p, int i, int out[2]) {
  static const int lengths[2] = {2, 4};
  int n = 0;
  if (p->sketch != ETO_SKETCH_MULTI_LEVEL || i < 0 || i >= c->ninputs) return 0;
  if (t->banks > 0) {
    eto_features f;
    eto_sched_features(c, p, &f);
    int64_t per_thread = (f.smem_in[i] + f.threads_per_block - 1) / f.threads_per_block;
    for (int k = 0; k < 2; k++)
      if (per_thread % lengths[k] == 0) out[n++] = lengths[k];
    return n;
  }
  /* cpu: the lowering copies the innermost row in vectors of W lanes (halved until W divides the row) and
   * p->vec of them per step when the vector count is divisible; otherwise vec changes nothing */
  int64_t dims[ETO_MAX_DIMS];
  eto_sched_footprint(c, p, i, dims);
  int64_t e = dims[c->in[i].rank - 1], w = t->warp_size > 0 ? t->warp_size : 1;
  while (w > 1 && e % w) w /= 2;
  if (w <= 1) return 0;
  for (int k = 0; k < 2; k++)
    if ((e / w) % lengths[k] == 0) out[n++] = lengths[k];
  return n;
}

int tun_unroll_behaviours(eto_sketch_kind sketch, int nreduce) {
  int n = sketch == ETO_SKETCH_MULTI_LEVEL ? 3 : nreduce + 1;
  return n < ETO_NUM_UNROLL ? n : ETO_NUM_UNROLL;
}
