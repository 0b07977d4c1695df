/* history.c — reuse-edge estimates fitted to the cache's history (eto_sel_fit_reuse): the plan charges a reuse
 * edge ETO's estimate plus the policy's extra trials; what the policy measured on earlier edges of the target
 * rescales that, so that plans on a machine with a history cost what its reuse edges actually take. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "selector.h"
#include "tuner.h"

typedef struct {
  char alpha[ETO_CACHE_MAX_WORKLOAD + 1], beta[ETO_CACHE_MAX_WORKLOAD + 1]; /* the operator and its source */
} edge;

typedef struct {
  edge *e;
  int n, cap, oom;
} edge_list;

static int visit_best(const eto_cache_best *b, void *user) {
  edge_list *l = user;
  if (b->bad || b->method != ETO_CACHE_METHOD_REUSE || !b->source_workload || !b->source_workload[0]) return 0;
  if (l->n == l->cap) {
    int cap = l->cap ? 2 * l->cap : 32;
    edge *e = realloc(l->e, sizeof *e * (size_t)cap);
    if (!e) {
      l->oom = 1;
      return 1;
    }
    l->e = e;
    l->cap = cap;
  }
  snprintf(l->e[l->n].alpha, sizeof l->e[l->n].alpha, "%s", b->workload);
  snprintf(l->e[l->n].beta, sizeof l->e[l->n].beta, "%s", b->source_workload);
  l->n++;
  return 0;
}

typedef struct {
  int64_t reuse;   /* trials stored by a reuse policy */
  int32_t max_round;
} trial_count;

static int visit_trial(const eto_cache_trial *t, void *user) {
  trial_count *c = user;
  if (t->method != ETO_CACHE_METHOD_REUSE) return 0;
  c->reuse++;
  if (t->round > c->max_round) c->max_round = t->round;
  return 0;
}

eto_status eto_sel_fit_reuse(struct eto_cache *cache, const eto_target *t, const char *policy, double extra,
                             uint64_t seed, eto_sel_fit *out) {
  memset(out, 0, sizeof *out);
  out->scale = 1;
  int seeded = policy && strcmp(policy, "seeded") == 0, eto = policy && strcmp(policy, "eto") == 0;
  if (!cache || (!seeded && !eto)) return ETO_OK;
  edge_list e = {0};
  eto_cache_foreach_best(cache, t->fingerprint, visit_best, &e); /* unreadable records: no edge */
  double *ratio = e.n ? malloc(sizeof *ratio * (size_t)e.n) : NULL;
  if (e.oom || (e.n && !ratio)) {
    free(e.e);
    free(ratio);
    return ETO_ERR_NOMEM;
  }
  for (int i = 0; i < e.n; i++) {
    trial_count c = {0, -1};
    if (eto_cache_foreach_trial(cache, t->fingerprint, e.e[i].alpha, visit_trial, &c) != ETO_CACHE_OK || c.reuse == 0)
      continue;
    /* the seeded policy tags its search and ETO's rounds within it from round 10 on; ETO's own rounds are 1-4 */
    if (seeded != (c.max_round >= 10)) continue;
    eto_op a, b;
    char why[256];
    double est = 0;
    if (eto_op_from_key(e.e[i].alpha, &a, why, sizeof why) != ETO_OK ||
        eto_op_from_key(e.e[i].beta, &b, why, sizeof why) != ETO_OK ||
        eto_tuner_estimate(&a, &b, t, seed, &est) != ETO_OK)
      continue;
    est += extra;
    if (est < 1) est = 1;
    ratio[out->edges++] = (double)c.reuse / est;
    out->measured += (double)c.reuse;
    out->estimated += est;
  }
  if (out->edges >= ETO_SEL_FIT_MIN_EDGES) {
    double med = eto_median(ratio, out->edges);
    out->scale = fmin(ETO_SEL_FIT_MAX_SCALE, fmax(1 / ETO_SEL_FIT_MAX_SCALE, med));
    out->fitted = 1;
  }
  free(e.e);
  free(ratio);
  return ETO_OK;
}
