/* policy_full.c — the full search as a search policy (backend.h): each batch is one evolutionary round of
 * Ansor's SketchPolicy (evolution.c) over the engine's task, scored by the run's shared cost model. The engine
 * records the results (task history, cost model), so observe has nothing to do. */
#include <stdio.h>
#include <stdlib.h>

#include "backend_internal.h"

static int full_propose(void *self, const eto_policy_view *v, eto_program *out, int cap, eto_policy_batch *b) {
  (void)self;
  eto_task *tk = v->task;
  eto_evo_stats es;
  int k = eto_evo_round(tk, v->t, v->model, v->opts, cap, out, &es);
  if (k == 0) {
    if (tk->nhist == 0 && es.init_population == 0) {
      b->dead = 1;
      snprintf(b->message, sizeof b->message, "no valid program for this operator on target %s", v->t->name);
    } else {
      snprintf(b->message, sizeof b->message, "every program the search reaches has been measured (%lld trials)",
               (long long)tk->trials);
    }
  }
  return k;
}

int eto_backend_evolve(const eto_policy_view *v, const eto_backend_opts *o, int n, eto_program *out) {
  eto_evo_stats es;
  return eto_evo_round(v->task, v->t, v->model, o ? o : v->opts, n, out, &es);
}

static const eto_policy_vtbl full_vtbl = {
    .name = "full",
    .method = ETO_CACHE_METHOD_FULL,
    .wants_model = 1,
    .propose = full_propose,
};

eto_status eto_backend_policy_full(const eto_policy_args *a, eto_policy *out, char *msg, int cap) {
  (void)a;
  (void)msg;
  (void)cap;
  out->vt = &full_vtbl;
  out->self = NULL;
  return ETO_OK;
}

void eto_policy_free(eto_policy *p) {
  if (!p) return;
  if (p->vt && p->vt->free) p->vt->free(p->self);
  p->vt = NULL;
  p->self = NULL;
}

int eto_policy_view_measured(const eto_policy_view *v, const eto_program *p) {
  const eto_task *tk = v->task;
  return eto_progset_has(&tk->measured, eto_program_hash(p));
}
