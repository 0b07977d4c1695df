/* tuner.c — ETO's reuse-based search (docs/architecture.md §7) as a search policy (eto_tuner_policy_eto): the
 * rounds per block count of tuner.h as a state machine that proposes one round's candidates at a time and moves
 * on when it has observed their results; the simplified variant for cross-thread-reduction and two-level
 * sketches; eto_tuner_run (the policy through the search engine); and eto_tuner_adapt (used by TopK). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tuner_internal.h"

/* ---- the policy's state ---- */

typedef enum { ST_BLOCK, ST_R1, ST_R2, ST_R3, ST_R4, ST_DONE } eto_stage;

typedef struct {
  eto_compute ca, cb;
  const eto_target *t;
  eto_program pb;  /* S*β */
  eto_features fb; /* its features */
  tun_pair pp;
  int simple;      /* cross-thread reduction or two-level: the simplified variant */
  int la;          /* α's load loop, -1 when none */
  int64_t fetch_b; /* F_β: fetches of β's load loop */
  int64_t reg_b;   /* register estimate of S*β */
  int64_t blocks[TUN_MAX_RANGE];
  int nb, bi; /* the block range and the block count being tuned */
  /* the block count's shapes */
  int64_t bshape[ETO_MAX_LOOPS], rfull[ETO_MAX_LOOPS], rfetch[ETO_MAX_LOOPS], fetch[ETO_MAX_LOOPS];
  int64_t one_fetch, tile;
  eto_stage st;
  int vi;      /* round 4: the input whose vector lengths are tried */
  int last;    /* the last round run per block count (1-4) */
  tun_best bb; /* the best of this block count so far */
  tun_queue q;
  eto_tuner_result own; /* statistics when the caller keeps none */
  eto_tuner_result *res;
} eto_pol;

/* The default unroll of p: register estimate closest to S*β's, scaled by shared memory per fetch. */
static void set_default_unroll(const eto_pol *k, eto_program *p) {
  eto_features f;
  eto_sched_features(&k->ca, p, &f);
  double scale = k->fb.smem_per_block > 0 ? (double)f.smem_per_block / (double)k->fb.smem_per_block : 1.0;
  p->unroll = tun_default_unroll(&k->ca, p, (double)k->reg_b * scale);
}

static void set_fetch(const eto_compute *c, eto_program *p, int loop, int64_t fetches) {
  int64_t e = c->nest.reduce[loop].extent / fetches, r2 = tun_smallest_prime_factor(e);
  p->rtile[loop][0] = fetches;
  p->rtile[loop][1] = e / r2;
  p->rtile[loop][2] = r2;
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

/* ---- the steps: each queues one round's candidates of the current block count ---- */

/* Sets up block count k->blocks[k->bi] (BShape, default LShape). Returns 0, or -1 when the artifact skips it. */
static int setup_block(eto_pol *k) {
  const eto_compute *ca = &k->ca;
  int64_t blocks = k->blocks[k->bi];
  memset(&k->bb, 0, sizeof k->bb);
  if (tun_best_bshape(ca, k->t, blocks, k->bshape, NULL) != 0) return -1;
  k->tile = 1;
  for (int s = 0; s < ca->nest.nspace; s++) k->tile *= k->bshape[s];
  if (k->simple) return 0;
  int nr = ca->nest.nreduce;
  for (int j = 0; j < nr; j++) {
    k->rfull[j] = ca->nest.reduce[j].extent;
    k->fetch[j] = 1;
  }
  k->one_fetch = tun_smem_per_fetch(ca, k->bshape, k->rfull);
  if (k->la >= 0) {
    k->fetch[k->la] = tun_default_fetch(k->rfull[k->la], k->fetch_b, k->one_fetch, k->fb.smem_per_block);
    if (k->fetch[k->la] == 0) return -1; /* no fetch count in range: the artifact skips the block count */
    k->fetch[k->la] = tun_fit_fetch(ca, k->t, k->bshape, k->la, k->fetch[k->la]);
  }
  for (int j = 0; j < nr; j++) k->rfetch[j] = k->rfull[j] / k->fetch[j];
  return 0;
}

/* round 1: every thread count with its best TShape, default LShape and unroll (simplified variant: threads
 * over the reduction or the block tile, β's unroll) */
static void queue_round1(eto_pol *k) {
  int64_t blocks = k->blocks[k->bi], threads[TUN_MAX_RANGE];
  int64_t split = k->simple && k->pb.sketch == ETO_SKETCH_CROSS_THREAD ? k->pp.reduce_a : k->tile;
  int nt = tun_thread_range(&k->pp, k->t, k->fb.total_threads, blocks, split, threads, TUN_MAX_RANGE);
  for (int i = 0; i < nt; i++) {
    eto_program p;
    if (k->simple) {
      if (simple_program(&k->ca, k->t, k->pb.sketch, k->bshape, threads[i], &p) != 0) {
        tun_queue_skip_invalid(&k->q, 1);
        continue;
      }
      p.unroll = k->pb.unroll;
    } else {
      tun_tshape ts;
      if (tun_best_tshape(&k->ca, k->t, k->bshape, threads[i], k->rfetch, &ts) != 0) {
        tun_queue_skip_invalid(&k->q, 1);
        continue;
      }
      tun_fill_program(&k->ca, k->t, k->bshape, &ts, k->fetch, &p);
      set_default_unroll(k, &p);
    }
    tun_queue_try(&k->q, 1, &p);
  }
}

/* round 2: the other fetch counts whose total shared memory lies in the M range */
static void queue_round2(eto_pol *k) {
  int64_t fs[TUN_MAX_RANGE];
  int nf = tun_fetch_range(&k->pp, k->rfull[k->la], k->one_fetch, k->blocks[k->bi], k->fb.total_smem, fs,
                           TUN_MAX_RANGE);
  for (int i = 0; i < nf; i++) {
    if (fs[i] == k->bb.p.rtile[k->la][0]) continue;
    eto_program p = k->bb.p;
    set_fetch(&k->ca, &p, k->la, fs[i]);
    set_default_unroll(k, &p);
    tun_queue_try(&k->q, 2, &p);
  }
}

/* round 3: unroll steps that change what is unrolled */
static void queue_round3(eto_pol *k) {
  int steps[ETO_NUM_UNROLL];
  int nu = tun_unroll_options(&k->bb.p, steps);
  for (int i = 0; i < nu; i++) {
    eto_program p = k->bb.p;
    p.unroll = steps[i];
    tun_queue_try(&k->q, 3, &p);
  }
}

/* round 4: vector lengths of input k->vi, from the best so far */
static void queue_round4(eto_pol *k) {
  int lens[2];
  int nv = tun_vec_options(&k->ca, k->t, &k->bb.p, k->vi, lens);
  for (int v = 0; v < nv; v++) {
    eto_program p = k->bb.p;
    p.vec[k->vi] = lens[v];
    tun_queue_try(&k->q, 4, &p);
  }
}

/* The current block count is done (or past ETO's last round to run): on to the next one. */
static void next_block(eto_pol *k) {
  k->bi++;
  k->st = ST_BLOCK;
}

/* Moves to the next step once the current one's candidates are all observed, and queues its candidates;
 * a step with none moves on at once. Returns 0 when every block count is done. */
static int next_step(eto_pol *k) {
  for (;;) {
    switch (k->st) {
    case ST_BLOCK:
      if (k->bi >= k->nb) {
        k->st = ST_DONE;
        return 0;
      }
      if (setup_block(k) != 0) {
        k->bi++;
        continue;
      }
      k->st = ST_R1;
      queue_round1(k);
      break;
    case ST_R1:
      if (!k->bb.found || k->last < 2) {
        next_block(k);
        continue;
      }
      if (!k->simple && k->la >= 0 && k->fb.total_smem > 0) { /* round 2 matches β's shared memory: none, none */
        k->st = ST_R2;
        queue_round2(k);
      } else if (k->last >= 3) {
        k->st = ST_R3;
        queue_round3(k);
      } else { /* no round 2 here, and round 3 is past the last */
        next_block(k);
        continue;
      }
      break;
    case ST_R2:
      if (k->last < 3) {
        next_block(k);
        continue;
      }
      k->st = ST_R3;
      queue_round3(k);
      break;
    case ST_R3:
      if (k->simple || k->ca.ninputs == 0 || k->last < 4) {
        next_block(k);
        continue;
      }
      k->st = ST_R4;
      k->vi = 0;
      queue_round4(k);
      break;
    case ST_R4: /* the next input starts from the best so far */
      if (++k->vi >= k->ca.ninputs) {
        next_block(k);
        continue;
      }
      queue_round4(k);
      break;
    case ST_DONE:
      return 0;
    }
    if (tun_queue_pending(&k->q)) return 1;
    if (k->q.nomem) return 0;
  }
}

static int eto_propose(void *self, const eto_policy_view *v, eto_program *out, int cap, eto_policy_batch *b) {
  (void)v;
  eto_pol *k = self;
  if (!tun_queue_pending(&k->q) && !next_step(k)) {
    if (k->q.nomem) return -1;
    return 0;
  }
  return tun_queue_take(&k->q, out, cap, &b->round);
}

static void eto_observe(void *self, const eto_policy_view *v, const eto_program *p, const eto_measure_result *r,
                        int n) {
  (void)v;
  eto_pol *k = self;
  tun_best_observe(&k->bb, p, r, n);
}

static void eto_free(void *self) {
  eto_pol *k = self;
  if (!k) return;
  tun_queue_free(&k->q);
  free(k);
}

static int64_t eto_current_blocks(const void *self) {
  const eto_pol *k = self;
  return k->bi < k->nb ? k->blocks[k->bi] : 0;
}

static const eto_policy_vtbl eto_vtbl = {
    .name = "eto",
    .method = ETO_CACHE_METHOD_REUSE,
    .wants_model = 0,
    .propose = eto_propose,
    .observe = eto_observe,
    .free = eto_free,
};

eto_status eto_tuner_policy_eto(const eto_policy_args *a, eto_policy *out, char *msg, int cap) {
  out->vt = NULL;
  out->self = NULL;
  if (a && !a->source_best) {
    snprintf(msg, (size_t)cap, "the ETO policy needs S*β");
    return ETO_ERR_INVALID;
  }
  eto_pol *k = calloc(1, sizeof *k);
  if (!k) return ETO_ERR_NOMEM;
  eto_status st = tun_pair_check(a, "ETO", &k->ca, &k->cb, msg, cap);
  if (st != ETO_OK) {
    free(k);
    return st;
  }
  k->t = a->t;
  k->pb = *a->source_best;
  k->res = a->stats ? a->stats : &k->own;
  k->res->sketch = k->pb.sketch;
  k->simple = k->pb.sketch != ETO_SKETCH_MULTI_LEVEL;
  eto_sched_features(&k->cb, &k->pb, &k->fb);
  tun_pair_init(&k->ca, &k->cb, &k->pp);
  k->la = k->simple ? -1 : tun_load_loop(&k->ca);
  int lb = tun_load_loop(&k->cb);
  k->fetch_b = lb >= 0 ? k->pb.rtile[lb][0] : 1;
  k->reg_b = tun_reg_estimate(&k->cb, &k->pb, k->pb.unroll);
  k->nb = tun_block_range(&k->pp, k->fb.blocks, k->blocks, TUN_MAX_RANGE);
  k->res->nblocks = k->nb;
  for (int i = 0; i < k->nb && i < ETO_TUNER_MAX_BLOCKS; i++) k->res->blocks[i] = k->blocks[i];
  tun_queue_init(&k->q, a->op, a->t, k->res);
  k->st = ST_BLOCK;
  k->last = a->max_round >= 1 && a->max_round <= 4 ? a->max_round : 4;
  out->vt = &eto_vtbl;
  out->self = k;
  return ETO_OK;
}

/* ---- entry points ---- */

eto_status eto_tuner_run(const eto_op *alpha, const eto_op *beta, const eto_program *beta_best,
                         const eto_target *t, eto_measurer *m, eto_cache *cache, const eto_tuner_opts *opts,
                         eto_tuner_trial_fn cb, void *cb_user, eto_tuner_result *out) {
  eto_policy_args a = {.op = alpha, .source = beta, .source_best = beta_best, .t = t};
  eto_status st = tun_run_made(eto_tuner_policy_eto, &a, m, cache, opts, cb, cb_user, eto_current_blocks, out);
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
