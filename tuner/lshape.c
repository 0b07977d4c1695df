/* lshape.c — LShape: which reduction loop cooperative fetches split (the input-channel loop, as in the ETO
 * artifact's load_step_iter), how much shared memory one fetch takes, and the default fetch count that keeps
 * shared memory per fetch closest to S*β's, raised when over the target's per-block limit (tun_fit_fetch).
 * The M range of round 2 is tun_fetch_range (ranges.c). */
#include <string.h>

#include "tuner_internal.h"

int tun_load_loop(const eto_compute *c) {
  if (c->nest.nreduce <= 0) return -1;
  for (int j = 0; j < c->nest.nreduce; j++)
    if (strcmp(c->nest.reduce[j].name, "rc") == 0) return j;
  return 0;
}

int64_t tun_smem_per_fetch(const eto_compute *c, const int64_t *bshape, const int64_t *rfetch) {
  eto_program q;
  memset(&q, 0, sizeof q);
  q.sketch = ETO_SKETCH_MULTI_LEVEL;
  q.nspace = c->nest.nspace;
  q.nreduce = c->nest.nreduce;
  for (int s = 0; s < c->nest.nspace; s++) {
    q.stile[s][0] = q.stile[s][2] = q.stile[s][3] = q.stile[s][4] = 1;
    q.stile[s][1] = bshape[s];
  }
  for (int j = 0; j < c->nest.nreduce; j++) {
    q.rtile[j][0] = q.rtile[j][2] = 1;
    q.rtile[j][1] = rfetch[j];
  }
  int64_t dims[ETO_MAX_DIMS], total = 0;
  for (int i = 0; i < c->ninputs; i++) total += eto_sched_footprint(c, &q, i, dims);
  return total;
}

int64_t tun_fit_fetch(const eto_compute *c, const eto_target *t, const int64_t *bshape, int la, int64_t f) {
  int64_t ext = c->nest.reduce[la].extent, rfetch[ETO_MAX_LOOPS];
  for (int j = 0; j < c->nest.nreduce; j++) rfetch[j] = c->nest.reduce[j].extent;
  for (int64_t g = f; g >= 1 && g <= ext; g++) {
    if (ext % g) continue;
    rfetch[la] = ext / g;
    if (eto_sched_smem_bytes(tun_smem_per_fetch(c, bshape, rfetch)) <= t->max_shared_bytes) return g;
  }
  return f;
}

int64_t tun_default_fetch(int64_t load_extent, int64_t fetches_beta, int64_t smem_one_fetch,
                          int64_t smem_beta) {
  if (fetches_beta < 1 || smem_one_fetch < 1) return 0;
  if (smem_beta < 1) {
    /* β stages no input (the CPU reads every input directly): no shared memory to match, so the divisor of
     * α's extent nearest β's own fetch count */
    return tun_closest_divisor(load_extent, fetches_beta);
  }
  tun_ratio fb = tun_ratio_make(fetches_beta, 1), target = tun_ratio_make(smem_one_fetch, smem_beta);
  int64_t cand[TUN_MAX_RANGE];
  int n = tun_divisor_range(load_extent, fb, target, cand, TUN_MAX_RANGE);
  if (n == 0) return 0;
  return tun_ratio_cmp(target, fb) < 0 ? cand[0] : cand[n - 1];
}
