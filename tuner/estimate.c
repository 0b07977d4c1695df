/* estimate.c — eto_tuner_estimate: the trials eto_tuner_run would measure for (α, β), from the same ranges
 * without measuring (the ETO artifact's bf_avg_config_esitimator_*_V3). Ten hypothetical programs of β are
 * sampled (seeded): a block tile (a divisor of β's output size, weighted by its own divisor count), one
 * thread count (a divisor of that tile, or of the reduction size for cross-thread reduction, within the
 * target's per-block limits) and one fetch count (a divisor of β's load loop); for each, every block count
 * of α's range adds its round sizes; the estimate is the mean over the samples. The artifact's "unroll
 * options − 1" becomes the unroll behaviours etotune's lowering distinguishes − 1 (tun_unroll_behaviours):
 * round 3 never measures two steps that unroll the same loops. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tuner_internal.h"

/* A uniformly chosen divisor of n within the target's per-block thread limits (any divisor when none is). */
static int64_t pick_threads(eto_rng *rng, const eto_target *t, int64_t n, int64_t space) {
  static _Thread_local int64_t divs[TUN_MAX_DIVS];
  int nd = tun_divisors(n, divs, TUN_MAX_DIVS), k = 0;
  for (int i = 0; i < nd; i++) {
    if (divs[i] > t->max_threads_per_block) continue;
    if (divs[i] < t->min_threads_per_block && space >= t->min_threads_per_block) continue;
    divs[k++] = divs[i];
  }
  if (k == 0) {
    nd = tun_divisors(n, divs, TUN_MAX_DIVS);
    return divs[eto_rng_below(rng, nd)];
  }
  return divs[eto_rng_below(rng, k)];
}

eto_status eto_tuner_estimate(const eto_op *alpha, const eto_op *beta, const eto_target *t, uint64_t seed,
                              double *trials) {
  *trials = 0;
  eto_compute ca, cb;
  eto_op_compute(alpha, &ca);
  eto_op_compute(beta, &cb);
  if (eto_op_reuse_kind(alpha->kind) != eto_op_reuse_kind(beta->kind) || ca.nest.nspace != cb.nest.nspace ||
      ca.nest.nreduce != cb.nest.nreduce)
    return ETO_ERR_INVALID;
  eto_sketch_set set;
  eto_sched_sketches(&cb, t, &set);
  eto_sketch_kind sketch = set.kind[0];
  tun_pair pp;
  tun_pair_init(&ca, &cb, &pp);
  int la = tun_load_loop(&ca), lb = tun_load_loop(&cb);

  /* block tiles of β weighted by their divisor counts */
  static _Thread_local int64_t tiles[TUN_MAX_DIVS], weight[TUN_MAX_DIVS];
  int nt = tun_divisors(pp.space_b, tiles, TUN_MAX_DIVS);
  int64_t total_weight = 0;
  for (int i = 0; i < nt; i++) {
    int64_t d[TUN_MAX_DIVS];
    weight[i] = tun_divisors(tiles[i], d, TUN_MAX_DIVS);
    total_weight += weight[i];
  }
  eto_rng rng;
  eto_rng_seed(&rng, seed);
  const int unroll_extra = tun_unroll_behaviours(sketch, ca.nest.nreduce) - 1, vector_trials = 2 * ca.ninputs;
  double sum = 0;
  for (int s = 0; s < ETO_TUNER_ESTIMATE_SAMPLES; s++) {
    int64_t r = eto_rng_below(&rng, total_weight);
    int k = 0;
    while (k < nt - 1 && r >= weight[k]) r -= weight[k++];
    int64_t tile_b = tiles[k], blocks_b = pp.space_b / tile_b;
    int64_t thr_b = sketch == ETO_SKETCH_CROSS_THREAD ? pick_threads(&rng, t, pp.reduce_b, pp.space_b)
                                                      : pick_threads(&rng, t, tile_b, pp.space_b);
    int64_t fetch_b = 1;
    if (sketch == ETO_SKETCH_MULTI_LEVEL && lb >= 0) {
      int64_t d[TUN_MAX_DIVS];
      int nd = tun_divisors(cb.nest.reduce[lb].extent, d, TUN_MAX_DIVS);
      fetch_b = d[eto_rng_below(&rng, nd)];
    }
    int64_t threads_b = blocks_b * thr_b;
    int64_t blocks[TUN_MAX_RANGE], cand[TUN_MAX_RANGE];
    int nb = tun_block_range(&pp, blocks_b, blocks, TUN_MAX_RANGE);
    for (int b = 0; b < nb; b++) {
      int64_t tile_a = pp.space_a / blocks[b];
      if (sketch == ETO_SKETCH_MULTI_LEVEL) {
        int n_t = tun_thread_range(&pp, t, threads_b, blocks[b], tile_a, cand, TUN_MAX_RANGE);
        int n_f = la >= 0
                      ? tun_fetch_range_estimate(&pp, ca.nest.reduce[la].extent, fetch_b, cand, TUN_MAX_RANGE)
                      : 1;
        sum += n_t + n_f - 1 + unroll_extra + vector_trials;
      } else {
        int64_t divisible = sketch == ETO_SKETCH_CROSS_THREAD ? pp.reduce_a : tile_a;
        sum += tun_thread_range(&pp, t, threads_b, blocks[b], divisible, cand, TUN_MAX_RANGE) + unroll_extra;
      }
    }
  }
  *trials = sum / ETO_TUNER_ESTIMATE_SAMPLES;
  return ETO_OK;
}

/* ---- the enumeration estimate: the tuner's own rounds, run with a stand-in measurement ---- */

void tun_stand_in(void *user, const eto_program *p, eto_measure_result *out) {
  (void)user;
  char r[ETO_RECIPE_MAX];
  eto_program_format(p, r, sizeof r);
  uint64_t h = eto_hash_str(ETO_HASH_SEED, r);
  memset(out, 0, sizeof *out);
  out->error = ETO_MEASURE_OK;
  out->median = 1e-3 * (1.0 + (double)(h % 1000) / 1000.0);
}

eto_status eto_tuner_estimate_enum(const eto_op *alpha, const eto_op *beta, const eto_target *t,
                                   const eto_program *beta_best, uint64_t seed, int samples, double *trials) {
  *trials = 0;
  eto_compute cb;
  eto_op_compute(beta, &cb);
  eto_tuner_opts o = {.measure = tun_stand_in};
  eto_tuner_result res;
  if (beta_best) {
    eto_status st = eto_tuner_run(alpha, beta, beta_best, t, NULL, NULL, &o, NULL, NULL, &res);
    *trials = res.trials;
    return st;
  }
  eto_rng rng;
  eto_rng_seed(&rng, seed);
  double sum = 0;
  int n = 0;
  for (int s = 0; s < (samples > 0 ? samples : ETO_TUNER_ESTIMATE_SAMPLES); s++) {
    eto_program pb;
    if (eto_sched_sample_valid(&cb, t, NULL, &rng, 0, &pb) != 0) continue;
    eto_status st = eto_tuner_run(alpha, beta, &pb, t, NULL, NULL, &o, NULL, NULL, &res);
    if (st != ETO_OK) return st;
    sum += res.trials;
    n++;
  }
  if (n == 0) return ETO_ERR_INVALID;
  *trials = sum / n;
  return ETO_OK;
}
