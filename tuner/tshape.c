/* tshape.c — TShape: how a block's output tile is split into threads (S2), virtual threads (S1) and the
 * per-thread tile (S3·S4), and the filling of the remaining tile levels.
 *
 * cuda (target->banks > 0), the ETO artifact's cal_bk_cflct × load_per_thread: for every input, the
 * shared-memory requests of all warps when each thread reads its first element (per warp: the most distinct
 * word addresses falling on one bank, bank = word index mod banks), times the elements one thread loads
 * from shared memory per fetch; summed over the inputs.
 * cpu (banks == 0): the register tile of one virtual thread computes rows × W outputs, W along the
 * contiguous (last) output axis in vectors of L = target->warp_size lanes; one reduction step costs
 * rows·ceil(W/L) vector FMAs plus the register loads of every input (elements, or vectors of L when the
 * input's innermost dimension runs along the last output axis); cost = that / (rows·W), instructions per
 * output. Wide W in multiples of L and square-ish tiles win; accumulators stay within max_thread_tile. */
#include <stdlib.h>
#include <string.h>

#include "tuner_internal.h"

int64_t tun_smallest_prime_factor(int64_t n) {
  if (n <= 1) return 1;
  for (int64_t d = 2; d <= n / d; d++)
    if (n % d == 0) return d;
  return n;
}

static int64_t floordiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

static int64_t ceildiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

/* Distinct values per dimension of input i over the given variable values, multiplied; the last dimension's
 * count goes to *last (may be NULL). -1 on failure. */
static int64_t region_elements(const eto_operand *in, const tun_vals *vals, int64_t *last) {
  int64_t total = 1;
  for (int d = 0; d < in->rank; d++) {
    int64_t *v = NULL;
    int64_t n = tun_index_values(&in->index[d], vals, &v);
    free(v);
    if (n < 0) return -1;
    if (d == in->rank - 1 && last) *last = n;
    total *= n;
  }
  return total;
}

int64_t tun_thread_loads(const eto_compute *c, int i, const int64_t *bshape, const tun_tshape *ts,
                         const int64_t *rfetch) {
  tun_vals vals[2 * ETO_MAX_LOOPS];
  memset(vals, 0, sizeof vals);
  int ns = c->nest.nspace;
  for (int s = 0; s < ns; s++) {
    int64_t it = bshape[s] / (ts->th[s] * ts->vt[s]);
    int64_t span = it * ts->th[s]; /* one virtual thread's share of the block tile */
    int nv = ts->vt[s] < TUN_MAX_IV ? (int)ts->vt[s] : TUN_MAX_IV;
    vals[s].n = nv;
    for (int v = 0; v < nv; v++) {
      vals[s].lo[v] = v * span;
      vals[s].len[v] = it;
    }
  }
  for (int j = 0; j < c->nest.nreduce; j++) {
    vals[ns + j].n = 1;
    vals[ns + j].len[0] = rfetch[j];
  }
  return region_elements(&c->in[i], vals, NULL);
}

/* Bank-conflict-free requests of all warps of the block for input i (thread t reads its first element). */
static int64_t warp_requests(const eto_compute *c, const eto_target *t, int i, const int64_t *bshape,
                             const tun_tshape *ts, const int64_t *rfetch) {
  const eto_operand *in = &c->in[i];
  int ns = c->nest.nspace;
  /* the per-fetch shared tile: footprint dims (as the lowering lays it out) and its base coordinate */
  eto_program q;
  memset(&q, 0, sizeof q);
  q.nspace = ns;
  q.nreduce = c->nest.nreduce;
  for (int s = 0; s < ns; s++) {
    q.stile[s][0] = 1;
    q.stile[s][1] = ts->vt[s];
    q.stile[s][2] = ts->th[s];
    q.stile[s][3] = ts->it[s];
    q.stile[s][4] = 1;
  }
  for (int j = 0; j < c->nest.nreduce; j++) {
    q.rtile[j][0] = 1;
    q.rtile[j][1] = rfetch[j];
    q.rtile[j][2] = 1;
  }
  int64_t fdim[ETO_MAX_DIMS], fstride[ETO_MAX_DIMS], base[ETO_MAX_DIMS];
  eto_sched_footprint(c, &q, i, fdim);
  int64_t st = 1;
  for (int d = in->rank - 1; d >= 0; d--) {
    fstride[d] = st;
    st *= fdim[d];
  }
  for (int d = 0; d < in->rank; d++) {
    const eto_index *ix = &in->index[d];
    base[d] = ix->offset;
    for (int k = 0; k < ix->nterms; k++) {
      const eto_term *tm = &ix->term[k];
      int64_t ext = tm->var < ns ? bshape[tm->var] : rfetch[tm->var - ns];
      if (tm->coef < 0) base[d] += tm->coef * floordiv(ext - 1, tm->div);
    }
  }
  int64_t threads = 1;
  for (int s = 0; s < ns; s++) threads *= ts->th[s];
  int warp = t->warp_size > 0 ? t->warp_size : 32, banks = t->banks > 0 ? t->banks : 32;
  int64_t total = 0;
  int64_t addr[1024];
  int *count = calloc((size_t)banks, sizeof *count);
  if (!count) return -1;
  for (int64_t w0 = 0; w0 < threads; w0 += warp) {
    int n = 0;
    for (int64_t tid = w0; tid < threads && tid < w0 + warp && n < 1024; tid++) {
      int64_t coord[ETO_MAX_LOOPS], r = tid;
      for (int s = ns - 1; s >= 0; s--) {
        coord[s] = r % ts->th[s] * ts->it[s];
        r /= ts->th[s];
      }
      int64_t a = 0;
      for (int d = 0; d < in->rank; d++) {
        const eto_index *ix = &in->index[d];
        int64_t v = ix->offset;
        for (int k = 0; k < ix->nterms; k++)
          if (ix->term[k].var < ns) v += ix->term[k].coef * floordiv(coord[ix->term[k].var], ix->term[k].div);
        a += (v - base[d]) * fstride[d];
      }
      int dup = 0;
      for (int k = 0; k < n && !dup; k++) dup = addr[k] == a;
      if (!dup) addr[n++] = a;
    }
    memset(count, 0, (size_t)banks * sizeof *count);
    int most = 0;
    for (int k = 0; k < n; k++) {
      int b = (int)(((addr[k] % banks) + banks) % banks);
      if (++count[b] > most) most = count[b];
    }
    total += most;
  }
  free(count);
  return total;
}

/* The cpu cost: (vector FMAs + register loads) per reduction step, and the outputs they produce. */
static int cpu_cost(const eto_compute *c, const eto_target *t, tun_tshape *ts) {
  int ns = c->nest.nspace;
  int64_t lanes = t->warp_size > 0 ? t->warp_size : 1;
  int64_t W = ts->it[ns - 1], rows = 1;
  for (int s = 0; s < ns - 1; s++) rows *= ts->it[s];
  int64_t vecs = ceildiv(W, lanes);
  int64_t instr = rows * vecs;
  tun_vals vals[2 * ETO_MAX_LOOPS];
  memset(vals, 0, sizeof vals);
  for (int s = 0; s < ns; s++) {
    vals[s].n = 1;
    vals[s].len[0] = ts->it[s];
  }
  for (int j = 0; j < c->nest.nreduce; j++) {
    vals[ns + j].n = 1;
    vals[ns + j].len[0] = 1;
  }
  for (int i = 0; i < c->ninputs; i++) {
    const eto_operand *in = &c->in[i];
    const eto_index *lx = &in->index[in->rank - 1];
    int contiguous = 0, spaces = 0;
    for (int k = 0; k < lx->nterms; k++) {
      if (lx->term[k].var >= ns) continue;
      spaces++;
      contiguous = lx->term[k].var == ns - 1 && (lx->term[k].coef == 1 || lx->term[k].coef == -1) &&
                   lx->term[k].div == 1;
    }
    contiguous = contiguous && spaces == 1;
    int64_t last = 1, n = region_elements(in, vals, &last);
    if (n < 0) return -1;
    instr += contiguous && last > 0 ? n / last * ceildiv(last, lanes) : n;
  }
  ts->cost_num = instr;
  ts->cost_den = rows * W;
  return 0;
}

int tun_tshape_cost(const eto_compute *c, const eto_target *t, const int64_t *bshape, const int64_t *rfetch,
                    tun_tshape *ts) {
  int ns = c->nest.nspace;
  for (int s = 0; s < ns; s++) {
    if (ts->th[s] < 1 || ts->vt[s] < 1 || bshape[s] % (ts->th[s] * ts->vt[s])) return -1;
    ts->it[s] = bshape[s] / (ts->th[s] * ts->vt[s]);
  }
  if (t->banks <= 0) return cpu_cost(c, t, ts);
  int64_t cost = 0;
  for (int i = 0; i < c->ninputs; i++) {
    int64_t req = warp_requests(c, t, i, bshape, ts, rfetch);
    int64_t loads = tun_thread_loads(c, i, bshape, ts, rfetch);
    if (req < 0 || loads < 0) return -1;
    cost += req * loads;
  }
  ts->cost_num = cost;
  ts->cost_den = 1;
  return 0;
}

typedef struct {
  const eto_compute *c;
  const eto_target *t;
  const int64_t *bshape, *rfetch;
  int64_t threads;
  tun_tshape cur, best;
  int64_t best_vt;
  int found;
} tshape_search;

static int better(const tun_tshape *a, int64_t avt, const tun_tshape *b, int64_t bvt) {
  __int128 l = (__int128)a->cost_num * b->cost_den, r = (__int128)b->cost_num * a->cost_den;
  if (l != r) return l < r;
  return avt < bvt; /* equal cost and virtual threads: the earlier (lexicographically smaller) one stays */
}

static void search_vt(tshape_search *s, int loop, int64_t vts) {
  int ns = s->c->nest.nspace;
  if (loop == ns) {
    if (tun_tshape_cost(s->c, s->t, s->bshape, s->rfetch, &s->cur) != 0) return;
    if (!s->found || better(&s->cur, vts, &s->best, s->best_vt)) {
      s->best = s->cur;
      s->best_vt = vts;
      s->found = 1;
    }
    return;
  }
  int64_t room = s->bshape[loop] / s->cur.th[loop];
  for (int64_t v = 1; v <= room; v++) {
    if (room % v || vts * v > s->t->max_vthreads) continue;
    s->cur.vt[loop] = v;
    search_vt(s, loop + 1, vts * v);
  }
}

static void search_th(tshape_search *s, int loop, int64_t rest) {
  int ns = s->c->nest.nspace;
  if (loop == ns - 1) {
    if (s->bshape[loop] % rest) return;
    s->cur.th[loop] = rest;
    search_vt(s, 0, 1);
    return;
  }
  for (int64_t d = 1; d <= s->bshape[loop] && d <= rest; d++) {
    if (s->bshape[loop] % d || rest % d) continue;
    s->cur.th[loop] = d;
    search_th(s, loop + 1, rest / d);
  }
}

int tun_best_tshape(const eto_compute *c, const eto_target *t, const int64_t *bshape, int64_t threads,
                    const int64_t *rfetch, tun_tshape *out) {
  int ns = c->nest.nspace;
  int64_t tile = 1;
  for (int s = 0; s < ns; s++) tile *= bshape[s];
  if (ns == 0 || threads < 1 || tile % threads || tile / threads > t->max_thread_tile) return -1;
  tshape_search s;
  memset(&s, 0, sizeof s);
  s.c = c;
  s.t = t;
  s.bshape = bshape;
  s.rfetch = rfetch;
  s.threads = threads;
  for (int i = 0; i < ETO_MAX_LOOPS; i++) s.cur.th[i] = s.cur.vt[i] = s.cur.it[i] = 1;
  search_th(&s, 0, threads);
  if (!s.found) return -1;
  *out = s.best;
  return 0;
}

/* cpu: the whole per-thread extent of the last axis in S4 (the vector loop), largest divisor within
 * max_innermost, a multiple of the lanes when one exists. */
static int64_t cpu_s4(const eto_target *t, int64_t it) {
  int64_t lanes = t->warp_size > 0 ? t->warp_size : 1, best = 1, best_lanes = 0;
  for (int64_t d = 1; d <= it && d <= t->max_innermost; d++) {
    if (it % d) continue;
    best = d;
    if (d % lanes == 0) best_lanes = d;
  }
  return best_lanes ? best_lanes : best;
}

void tun_fill_program(const eto_compute *c, const eto_target *t, const int64_t *bshape, const tun_tshape *ts,
                      const int64_t *fetch, eto_program *p) {
  memset(p, 0, sizeof *p);
  p->sketch = ETO_SKETCH_MULTI_LEVEL;
  p->nspace = c->nest.nspace;
  p->nreduce = c->nest.nreduce;
  int ns = c->nest.nspace;
  for (int s = 0; s < ns; s++) {
    int64_t it = bshape[s] / (ts->th[s] * ts->vt[s]);
    int64_t s4 = t->banks > 0 ? tun_smallest_prime_factor(it) : (s == ns - 1 ? cpu_s4(t, it) : 1);
    p->stile[s][0] = c->nest.space[s].extent / bshape[s];
    p->stile[s][1] = ts->vt[s];
    p->stile[s][2] = ts->th[s];
    p->stile[s][3] = it / s4;
    p->stile[s][4] = s4;
  }
  for (int j = 0; j < c->nest.nreduce; j++) {
    int64_t f = fetch[j] > 0 ? fetch[j] : 1, e = c->nest.reduce[j].extent / f;
    int64_t r2 = tun_smallest_prime_factor(e);
    p->rtile[j][0] = f;
    p->rtile[j][1] = e / r2;
    p->rtile[j][2] = r2;
  }
  p->unroll = 0;
  for (int i = 0; i < ETO_MAX_INPUTS; i++) p->vec[i] = 1;
}
