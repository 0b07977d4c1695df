/* topk.c — the TopK baseline (Selective Tuning, docs/architecture.md §8): β's K best measured programs applied to α
 * directly (inner tile levels kept, outermost recomputed, only where α's extents are divisible), K at a time
 * until a group has a program that runs. Benchmarks compare it with the reuse tuner. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tuner_internal.h"

typedef struct {
  char recipe[ETO_RECIPE_MAX];
  double latency;
  uint64_t seq;
} ranked;

typedef struct {
  ranked *items;
  int n, cap, nomem;
} ranked_list;

static int push(ranked_list *l, const char *recipe, double latency, uint64_t seq) {
  if (l->n == l->cap) {
    int cap = l->cap ? 2 * l->cap : 64;
    void *p = realloc(l->items, (size_t)cap * sizeof *l->items);
    if (!p) {
      l->nomem = 1;
      return 1;
    }
    l->items = p;
    l->cap = cap;
  }
  ranked *r = &l->items[l->n++];
  snprintf(r->recipe, sizeof r->recipe, "%s", recipe);
  r->latency = latency;
  r->seq = seq;
  return 0;
}

static int collect(const eto_cache_trial *t, void *user) {
  if (t->status != ETO_CACHE_TRIAL_OK || !t->recipe) return 0;
  return push(user, t->recipe, t->latency_s, t->seq);
}

static int by_latency(const void *a, const void *b) {
  const ranked *x = a, *y = b;
  if (x->latency != y->latency) return x->latency < y->latency ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

eto_status eto_tuner_topk(const eto_op *alpha, const eto_op *beta, const eto_target *t, eto_measurer *m,
                          eto_cache *cache, const eto_tuner_opts *opts, eto_tuner_trial_fn cb, void *cb_user,
                          eto_tuner_result *out) {
  memset(out, 0, sizeof *out);
  eto_compute ca, cbeta;
  eto_op_compute(alpha, &ca);
  eto_op_compute(beta, &cbeta);
  if (eto_op_reuse_kind(alpha->kind) != eto_op_reuse_kind(beta->kind) ||
      ca.nest.nspace != cbeta.nest.nspace || ca.nest.nreduce != cbeta.nest.nreduce) {
    snprintf(out->message, sizeof out->message, "not a reuse pair: kinds or loop nests differ");
    return ETO_ERR_INVALID;
  }
  if (!cache || (!m && !(opts && opts->measure))) {
    snprintf(out->message, sizeof out->message, "TopK needs the cache (β's trials) and a measurer");
    return ETO_ERR_INVALID;
  }
  char key_b[512];
  eto_op_key(beta, key_b, sizeof key_b);
  ranked_list l = {0};
  eto_cache_status cs = eto_cache_foreach_trial(cache, t->fingerprint, key_b, collect, &l);
  if (l.nomem) {
    free(l.items);
    return ETO_ERR_NOMEM;
  }
  if (cs != ETO_CACHE_OK && cs != ETO_CACHE_STALE && cs != ETO_CACHE_ECORRUPT) {
    snprintf(out->message, sizeof out->message, "cache: reading the trials of %.100s: %.100s", key_b,
             eto_cache_errmsg(cache));
    free(l.items);
    return ETO_ERR_IO;
  }
  if (l.n == 0) { /* no trials: β's best record alone */
    eto_cache_best b;
    if (eto_cache_get_best(cache, t->fingerprint, key_b, &b) == ETO_CACHE_OK)
      push(&l, b.recipe, b.latency.median_s, 0);
    if (b.recipe) eto_cache_best_clear(&b);
  }
  qsort(l.items, (size_t)l.n, sizeof *l.items, by_latency);

  /* distinct recipes, best first, adapted to α and valid on t */
  eto_program *progs = calloc((size_t)(l.n > 0 ? l.n : 1), sizeof *progs);
  if (!progs) {
    free(l.items);
    return ETO_ERR_NOMEM;
  }
  int np = 0;
  for (int i = 0; i < l.n; i++) {
    int dup = 0;
    for (int k = 0; k < i && !dup; k++) dup = strcmp(l.items[k].recipe, l.items[i].recipe) == 0;
    eto_program p, q;
    if (dup || eto_program_parse(l.items[i].recipe, &p, NULL, 0) != 0) continue;
    if (eto_tuner_adapt(&ca, &p, &q) != 0 || eto_sched_validate(&ca, t, &q, NULL, 0) != 0) {
      out->skipped_invalid++;
      continue;
    }
    progs[np++] = q;
  }
  free(l.items);
  out->sketch = np > 0 ? progs[0].sketch : ETO_SKETCH_MULTI_LEVEL;

  tun_ctx *x = tun_ctx_create(alpha, beta, t, m, cache, opts, ETO_CACHE_METHOD_TOPK, cb, cb_user, out);
  if (!x) {
    free(progs);
    return ETO_ERR_NOMEM;
  }
  int k = opts && opts->topk > 0 ? opts->topk : ETO_TUNER_TOPK_DEFAULT;
  for (int g = 0; g * k < np && !out->found && !tun_stopped(x); g++) {
    for (int i = g * k; i < np && i < (g + 1) * k && !tun_stopped(x); i++)
      tun_try(x, g + 1, 0, &progs[i]);
    tun_flush(x, NULL);
  }
  free(progs);
  eto_status st = tun_ctx_finish(x);
  if (st == ETO_OK && !out->found && !out->message[0])
    snprintf(out->message, sizeof out->message, "none of β's programs ran on α (%d applicable, %d measured)",
             np, out->trials);
  return st;
}
