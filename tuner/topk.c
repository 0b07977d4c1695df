/* topk.c — the TopK baseline (Selective Tuning, docs/architecture.md §8): β's K best measured programs applied to α
 * directly (inner tile levels kept, outermost recomputed, only where α's extents are divisible), K at a time
 * until a group has a program that runs. Benchmarks compare it with the reuse tuner. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tuner_internal.h"

/* ---- the policy: groups of K adapted programs until a group has one that runs ---- */

typedef struct {
  eto_program *progs; /* β's programs adapted to α, valid on the target, best first */
  int np, k, next;    /* group size, first program of the next group */
  int found;          /* a program of an observed group ran */
  tun_queue q;
  eto_tuner_result own;
} topk_pol;

static int topk_propose(void *self, const eto_policy_view *v, eto_program *out, int cap, eto_policy_batch *b) {
  (void)v;
  topk_pol *x = self;
  while (!tun_queue_pending(&x->q)) {
    if (x->found || x->next >= x->np) return 0;
    int group = x->next / x->k + 1;
    for (int i = x->next; i < x->np && i < x->next + x->k; i++)
      if (tun_queue_try(&x->q, group, &x->progs[i]) < 0) return -1;
    x->next += x->k;
  }
  return tun_queue_take(&x->q, out, cap, &b->round);
}

static void topk_observe(void *self, const eto_policy_view *v, const eto_program *p, const eto_measure_result *r,
                         int n) {
  (void)v;
  (void)p;
  topk_pol *x = self;
  for (int j = 0; j < n; j++) x->found |= r[j].error == ETO_MEASURE_OK;
}

static void topk_free(void *self) {
  topk_pol *x = self;
  if (!x) return;
  tun_queue_free(&x->q);
  free(x->progs);
  free(x);
}

static const eto_policy_vtbl topk_vtbl = {
    .name = "topk",
    .method = ETO_CACHE_METHOD_TOPK,
    .wants_model = 0,
    .propose = topk_propose,
    .observe = topk_observe,
    .free = topk_free,
};

eto_status eto_tuner_policy_topk(const eto_policy_args *a, eto_policy *out, char *msg, int cap) {
  out->vt = NULL;
  out->self = NULL;
  if (a && !a->cache) {
    snprintf(msg, (size_t)cap, "TopK needs the cache (β's trials)");
    return ETO_ERR_INVALID;
  }
  eto_compute ca, cbeta;
  eto_status cst = tun_pair_check(a, "TopK", &ca, &cbeta, msg, cap);
  if (cst != ETO_OK) return cst;
  const eto_op *alpha = a->op, *beta = a->source;
  const eto_target *t = a->t;
  topk_pol *x = calloc(1, sizeof *x);
  if (!x) return ETO_ERR_NOMEM;
  eto_tuner_result *res = a->stats ? a->stats : &x->own;
  char key_b[512];
  eto_op_key(beta, key_b, sizeof key_b);
  eto_program *src = NULL;
  int ns = 0;
  eto_status st = tun_source_programs(a->cache, t, key_b, &src, &ns, msg, cap);
  if (st != ETO_OK) {
    free(x);
    return st;
  }
  /* adapted to α and valid on t, best first */
  x->progs = calloc((size_t)(ns > 0 ? ns : 1), sizeof *x->progs);
  if (!x->progs) {
    free(src);
    free(x);
    return ETO_ERR_NOMEM;
  }
  for (int i = 0; i < ns; i++) {
    eto_program q;
    if (eto_tuner_adapt(&ca, &src[i], &q) != 0 || eto_sched_validate(&ca, t, &q, NULL, 0) != 0) {
      res->skipped_invalid++;
      continue;
    }
    x->progs[x->np++] = q;
  }
  free(src);
  res->sketch = x->np > 0 ? x->progs[0].sketch : ETO_SKETCH_MULTI_LEVEL;
  x->k = a->topk > 0 ? a->topk : ETO_TUNER_TOPK_DEFAULT;
  tun_queue_init(&x->q, alpha, t, res);
  out->vt = &topk_vtbl;
  out->self = x;
  return ETO_OK;
}

eto_status eto_tuner_topk(const eto_op *alpha, const eto_op *beta, const eto_target *t, eto_measurer *m,
                          eto_cache *cache, const eto_tuner_opts *opts, eto_tuner_trial_fn cb, void *cb_user,
                          eto_tuner_result *out) {
  eto_policy_args a = {.op = alpha, .source = beta, .t = t, .cache = cache, .topk = opts ? opts->topk : 0};
  eto_status st = tun_run_made(eto_tuner_policy_topk, &a, m, cache, opts, cb, cb_user, NULL, out);
  if (st == ETO_OK && !out->found && !out->message[0])
    snprintf(out->message, sizeof out->message, "none of β's programs ran on α (%d measured, %d did not fit α)",
             out->trials, out->skipped_invalid);
  return st;
}
