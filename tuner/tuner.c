/* tuner.c — eto_tuner_run: ETO's reuse-based search (docs/architecture.md §7) over the annotations of S*β's
 * sketch, in rounds per block count (see tuner.h); the simplified variant for cross-thread-reduction and
 * two-level sketches; and eto_tuner_adapt (used by TopK). */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "tuner_internal.h"

static void record_blocks(eto_tuner_result *out, const int64_t *blocks, int n) {
  out->nblocks = n;
  for (int k = 0; k < n && k < ETO_TUNER_MAX_BLOCKS; k++) out->blocks[k] = blocks[k];
}

/* ---- multi-level tiling: ETO Algorithm 1 ---- */

typedef struct {
  const eto_compute *ca, *cb;
  const eto_target *t;
  const eto_program *pb;
  eto_features fb;
  tun_pair pp;
  int la;          /* α's load loop, -1 when none */
  int64_t fetch_b; /* F_β: fetches of β's load loop */
  int64_t reg_b;   /* register estimate of S*β */
} mlt_ctx;

/* The default unroll of p: register estimate closest to S*β's, scaled by shared memory per fetch. */
static void set_default_unroll(const mlt_ctx *k, eto_program *p) {
  eto_features f;
  eto_sched_features(k->ca, p, &f);
  double scale = k->fb.smem_per_block > 0 ? (double)f.smem_per_block / (double)k->fb.smem_per_block : 1.0;
  p->unroll = tun_default_unroll(k->ca, p, (double)k->reg_b * scale);
}

static void set_fetch(const eto_compute *c, eto_program *p, int loop, int64_t fetches) {
  int64_t e = c->nest.reduce[loop].extent / fetches, r2 = tun_smallest_prime_factor(e);
  p->rtile[loop][0] = fetches;
  p->rtile[loop][1] = e / r2;
  p->rtile[loop][2] = r2;
}

static void tune_block_mlt(const mlt_ctx *k, tun_ctx *x, int64_t blocks) {
  const eto_compute *ca = k->ca;
  int nr = ca->nest.nreduce;
  int64_t bshape[ETO_MAX_LOOPS];
  if (tun_best_bshape(ca, k->t, blocks, bshape, NULL) != 0) return;
  int64_t tile = 1;
  for (int s = 0; s < ca->nest.nspace; s++) tile *= bshape[s];
  int64_t rfull[ETO_MAX_LOOPS], rfetch[ETO_MAX_LOOPS], fetch[ETO_MAX_LOOPS];
  for (int j = 0; j < nr; j++) {
    rfull[j] = ca->nest.reduce[j].extent;
    fetch[j] = 1;
  }
  int64_t one_fetch = tun_smem_per_fetch(ca, bshape, rfull);
  if (k->la >= 0) {
    fetch[k->la] = tun_default_fetch(rfull[k->la], k->fetch_b, one_fetch, k->fb.smem_per_block);
    if (fetch[k->la] == 0) return; /* no fetch count in range: the artifact skips the block count */
    fetch[k->la] = tun_fit_fetch(ca, k->t, bshape, k->la, fetch[k->la]);
  }
  for (int j = 0; j < nr; j++) rfetch[j] = rfull[j] / fetch[j];

  tun_best bb = {0};
  /* round 1: every thread count with its best TShape, default LShape and unroll */
  int64_t threads[TUN_MAX_RANGE];
  int nt = tun_thread_range(&k->pp, k->t, k->fb.total_threads, blocks, tile, threads, TUN_MAX_RANGE);
  for (int i = 0; i < nt && !tun_stopped(x); i++) {
    tun_tshape ts;
    if (tun_best_tshape(ca, k->t, bshape, threads[i], rfetch, &ts) != 0) {
      tun_skip_invalid(x, 1);
      continue;
    }
    eto_program p;
    tun_fill_program(ca, k->t, bshape, &ts, fetch, &p);
    set_default_unroll(k, &p);
    tun_try(x, 1, blocks, &p);
  }
  tun_flush(x, &bb);
  if (!bb.found) return;

  /* round 2: the other fetch counts whose total shared memory lies in the M range */
  if (k->la >= 0) {
    int64_t fs[TUN_MAX_RANGE];
    int nf = tun_fetch_range(&k->pp, rfull[k->la], one_fetch, blocks, k->fb.total_smem, fs, TUN_MAX_RANGE);
    eto_program base = bb.p;
    for (int i = 0; i < nf && !tun_stopped(x); i++) {
      if (fs[i] == base.rtile[k->la][0]) continue;
      eto_program p = base;
      set_fetch(ca, &p, k->la, fs[i]);
      set_default_unroll(k, &p);
      tun_try(x, 2, blocks, &p);
    }
    tun_flush(x, &bb);
  }

  /* round 3: unroll steps that change what is unrolled */
  {
    int steps[ETO_NUM_UNROLL];
    eto_program base = bb.p;
    int nu = tun_unroll_options(&base, steps);
    for (int i = 0; i < nu && !tun_stopped(x); i++) {
      eto_program p = base;
      p.unroll = steps[i];
      tun_try(x, 3, blocks, &p);
    }
    tun_flush(x, &bb);
  }

  /* round 4: vector lengths per input, input after input from the best so far */
  for (int i = 0; i < ca->ninputs && !tun_stopped(x); i++) {
    int lens[2];
    eto_program base = bb.p;
    int nv = tun_vec_options(ca, k->t, &base, i, lens);
    for (int v = 0; v < nv && !tun_stopped(x); v++) {
      eto_program p = base;
      p.vec[i] = lens[v];
      tun_try(x, 4, blocks, &p);
    }
    tun_flush(x, &bb); /* the next input starts from the best so far */
  }
}

static void run_mlt(tun_ctx *x, const eto_compute *ca, const eto_compute *cb, const eto_program *pb,
                    const eto_target *t, eto_tuner_result *out) {
  mlt_ctx k;
  memset(&k, 0, sizeof k);
  k.ca = ca;
  k.cb = cb;
  k.t = t;
  k.pb = pb;
  eto_sched_features(cb, pb, &k.fb);
  tun_pair_init(ca, cb, &k.pp);
  k.la = tun_load_loop(ca);
  int lb = tun_load_loop(cb);
  k.fetch_b = lb >= 0 ? pb->rtile[lb][0] : 1;
  k.reg_b = tun_reg_estimate(cb, pb, pb->unroll);
  int64_t blocks[TUN_MAX_RANGE];
  int nb = tun_block_range(&k.pp, k.fb.blocks, blocks, TUN_MAX_RANGE);
  record_blocks(out, blocks, nb);
  for (int i = 0; i < nb && !tun_stopped(x); i++) tune_block_mlt(&k, x, blocks[i]);
}

/* ---- cross-thread reduction and two-level tiling: the simplified variant ---- */

/* A cross-thread-reduction or two-level program with output tile bshape and `threads` threads per block.
 * Returns 0, or -1 when the threads cannot be placed. */
static int simple_program(const eto_compute *c, const eto_target *t, eto_sketch_kind sketch,
                          const int64_t *bshape, int64_t threads, eto_program *p) {
  int ns = c->nest.nspace, nr = c->nest.nreduce;
  memset(p, 0, sizeof *p);
  p->sketch = sketch;
  p->nspace = ns;
  p->nreduce = nr;
  for (int i = 0; i < ETO_MAX_INPUTS; i++) p->vec[i] = 1;
  if (sketch == ETO_SKETCH_CROSS_THREAD) {
    for (int s = 0; s < ns; s++) {
      p->stile[s][0] = c->nest.space[s].extent / bshape[s];
      p->stile[s][1] = p->stile[s][2] = p->stile[s][3] = 1;
      p->stile[s][4] = bshape[s];
    }
    int64_t rem = threads; /* threads split the reduction, innermost loops first */
    for (int j = nr - 1; j >= 0; j--) {
      int64_t e = c->nest.reduce[j].extent, r2 = eto_gcd64(rem, e);
      rem /= r2;
      int64_t serial = e / r2, r1 = tun_smallest_prime_factor(serial);
      p->rtile[j][0] = serial / r1;
      p->rtile[j][1] = r1;
      p->rtile[j][2] = r2;
    }
    return rem == 1 ? 0 : -1;
  }
  /* two-level: threads over the output tile, innermost axes first on a GPU (coalesced stores), outermost
   * first on the CPU (the per-thread tile keeps the contiguous axis for the vector loop) */
  int64_t rem = threads;
  for (int n = 0; n < ns; n++) {
    int s = t->banks > 0 ? ns - 1 - n : n;
    int64_t th = eto_gcd64(rem, bshape[s]);
    rem /= th;
    p->stile[s][0] = c->nest.space[s].extent / bshape[s];
    p->stile[s][1] = p->stile[s][3] = 1;
    p->stile[s][2] = th;
    p->stile[s][4] = bshape[s] / th;
  }
  for (int j = 0; j < nr; j++) {
    p->rtile[j][0] = p->rtile[j][1] = 1;
    p->rtile[j][2] = c->nest.reduce[j].extent;
  }
  return rem == 1 ? 0 : -1;
}

static void run_simple(tun_ctx *x, const eto_compute *ca, const eto_compute *cb, const eto_program *pb,
                       const eto_target *t, eto_tuner_result *out) {
  eto_features fb;
  eto_sched_features(cb, pb, &fb);
  tun_pair pp;
  tun_pair_init(ca, cb, &pp);
  int64_t blocks[TUN_MAX_RANGE];
  int nb = tun_block_range(&pp, fb.blocks, blocks, TUN_MAX_RANGE);
  record_blocks(out, blocks, nb);
  for (int b = 0; b < nb && !tun_stopped(x); b++) {
    int64_t bshape[ETO_MAX_LOOPS];
    if (tun_best_bshape(ca, t, blocks[b], bshape, NULL) != 0) continue;
    int64_t tile = 1;
    for (int s = 0; s < ca->nest.nspace; s++) tile *= bshape[s];
    int64_t threads[TUN_MAX_RANGE];
    int nt =
        tun_thread_range(&pp, t, fb.total_threads, blocks[b],
                         pb->sketch == ETO_SKETCH_CROSS_THREAD ? pp.reduce_a : tile, threads, TUN_MAX_RANGE);
    tun_best bb = {0};
    for (int i = 0; i < nt && !tun_stopped(x); i++) {
      eto_program p;
      if (simple_program(ca, t, pb->sketch, bshape, threads[i], &p) != 0) {
        tun_skip_invalid(x, 1);
        continue;
      }
      p.unroll = pb->unroll;
      tun_try(x, 1, blocks[b], &p);
    }
    tun_flush(x, &bb);
    if (!bb.found) continue;
    int steps[ETO_NUM_UNROLL];
    eto_program base = bb.p;
    int nu = tun_unroll_options(&base, steps);
    for (int i = 0; i < nu && !tun_stopped(x); i++) {
      eto_program p = base;
      p.unroll = steps[i];
      tun_try(x, 3, blocks[b], &p);
    }
    tun_flush(x, &bb);
  }
}

/* ---- entry points ---- */

static eto_status bad_pair(const eto_op *alpha, const eto_op *beta, eto_compute *ca, eto_compute *cb,
                           char *msg, int cap) {
  eto_op_compute(alpha, ca);
  eto_op_compute(beta, cb);
  if (eto_op_reuse_kind(alpha->kind) != eto_op_reuse_kind(beta->kind)) {
    snprintf(msg, (size_t)cap, "%s cannot reuse a program of %s: kinds differ", eto_op_kind_name(alpha->kind),
             eto_op_kind_name(beta->kind));
    return ETO_ERR_INVALID;
  }
  if (ca->nest.nspace != cb->nest.nspace || ca->nest.nreduce != cb->nest.nreduce) {
    snprintf(msg, (size_t)cap, "loop nests differ (%d+%d loops vs %d+%d)", ca->nest.nspace, ca->nest.nreduce,
             cb->nest.nspace, cb->nest.nreduce);
    return ETO_ERR_INVALID;
  }
  return ETO_OK;
}

eto_status eto_tuner_run(const eto_op *alpha, const eto_op *beta, const eto_program *beta_best,
                         const eto_target *t, eto_measurer *m, eto_cache *cache, const eto_tuner_opts *opts,
                         eto_tuner_trial_fn cb, void *cb_user, eto_tuner_result *out) {
  double t0 = eto_now();
  memset(out, 0, sizeof *out);
  eto_compute ca, cbeta;
  eto_status st = bad_pair(alpha, beta, &ca, &cbeta, out->message, sizeof out->message);
  if (st != ETO_OK) return st;
  char why[256];
  if (eto_sched_validate(&cbeta, t, beta_best, why, sizeof why) != 0) {
    snprintf(out->message, sizeof out->message, "S*β is not a valid program of β on %s: %.180s", t->name,
             why);
    return ETO_ERR_INVALID;
  }
  if (!m && !(opts && opts->measure)) {
    snprintf(out->message, sizeof out->message, "no measurer and no measure function");
    return ETO_ERR_INVALID;
  }
  out->sketch = beta_best->sketch;
  tun_ctx *x = tun_ctx_create(alpha, beta, t, m, cache, opts, ETO_CACHE_METHOD_REUSE, cb, cb_user, out);
  if (!x) return ETO_ERR_NOMEM;
  if (beta_best->sketch == ETO_SKETCH_MULTI_LEVEL)
    run_mlt(x, &ca, &cbeta, beta_best, t, out);
  else
    run_simple(x, &ca, &cbeta, beta_best, t, out);
  st = tun_ctx_finish(x);
  out->seconds = eto_now() - t0;
  if (st == ETO_OK && !out->found && !out->message[0])
    snprintf(out->message, sizeof out->message,
             "no candidate ran: %d block counts, %d measured (%d failed), %d invalid skipped", out->nblocks,
             out->trials, out->failed, out->skipped_invalid);
  return st;
}

int eto_tuner_adapt(const eto_compute *alpha, const eto_program *p, eto_program *out) {
  if (p->nspace != alpha->nest.nspace || p->nreduce != alpha->nest.nreduce) return -1;
  eto_program q = *p;
  for (int s = 0; s < p->nspace; s++) {
    int64_t inner = 1;
    for (int l = 1; l < ETO_SPACE_LEVELS; l++) inner *= p->stile[s][l];
    if (inner < 1 || alpha->nest.space[s].extent % inner) return -1;
    q.stile[s][0] = alpha->nest.space[s].extent / inner;
  }
  for (int j = 0; j < p->nreduce; j++) {
    int64_t inner = p->rtile[j][1] * p->rtile[j][2];
    if (inner < 1 || alpha->nest.reduce[j].extent % inner) return -1;
    q.rtile[j][0] = alpha->nest.reduce[j].extent / inner;
  }
  *out = q;
  return 0;
}
