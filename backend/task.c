/* task.c — a search task: one operator with its compute description, sketches, measurer, the set and list
 * of programs measured for it (this run and resumed from the cache), its best program and trial count. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend_internal.h"

eto_status eto_task_init(eto_task *t, int index, const eto_op *op, const eto_target *tgt, int64_t budget,
                         uint64_t seed) {
  memset(t, 0, sizeof *t);
  t->index = index;
  t->op = *op;
  eto_op_compute(op, &t->c);
  eto_sched_sketches(&t->c, tgt, &t->sketches);
  eto_op_key(op, t->key, sizeof t->key);
  eto_sched_signature(&t->c, tgt, t->signature, sizeof t->signature);
  t->flops = eto_op_flops(op);
  t->weight = op->freq > 0 ? (double)op->freq : 1.0;
  t->group = index;
  t->budget = budget;
  t->best_cost = INFINITY;
  t->gain_cost = INFINITY;
  /* each task draws from its own stream so that the order the scheduler picks tasks in does not change
   * what one task samples */
  eto_rng_seed(&t->rng, seed ^ (0x9e3779b97f4a7c15ull * (uint64_t)(index + 1)));
  return ETO_OK;
}

double eto_task_lookup(const eto_task *t, const eto_program *p) {
  uint64_t h = eto_program_hash(p);
  if (!eto_progset_has(&t->measured, h)) return NAN;
  for (int i = t->nhist - 1; i >= 0; i--)
    if (t->hist[i].hash == h) return t->hist[i].cost;
  return NAN;
}

int eto_task_record(eto_task *t, const eto_program *p, double cost) {
  uint64_t h = eto_program_hash(p);
  if (eto_progset_add(&t->measured, h) < 0) return -1;
  if (t->nhist == t->caphist) {
    int cap = t->caphist ? t->caphist * 2 : 64;
    eto_measured *h = realloc(t->hist, sizeof *h * (size_t)cap);
    if (!h) return -1;
    t->hist = h;
    t->caphist = cap;
  }
  t->hist[t->nhist].prog = *p;
  t->hist[t->nhist].cost = cost > 0 && isfinite(cost) ? cost : INFINITY;
  t->hist[t->nhist].hash = h;
  t->nhist++;
  if (cost > 0 && isfinite(cost) && cost < t->gain_cost * (1 - ETO_BACKEND_PATIENCE_GAIN)) {
    t->gain_cost = cost;
    t->gain_trials = t->trials;
  }
  if (cost > 0 && isfinite(cost) && cost < t->best_cost) {
    t->best_cost = cost;
    t->best = *p;
    return 1;
  }
  return 0;
}

void eto_task_free(eto_task *t) {
  if (!t) return;
  if (t->own_measurer) eto_measurer_free(t->measurer);
  eto_policy_free(&t->policy);
  eto_progset_clear(&t->measured);
  free(t->hist);
  memset(t, 0, sizeof *t);
}

void eto_backend_similarity_tag(const eto_op *op, const eto_target *t, char *buf, int cap) {
  eto_compute c;
  char sig[256];
  eto_op_compute(op, &c);
  eto_sched_signature(&c, t, sig, sizeof sig);
  /* Ansor groups tasks whose operators carry the same tag and whose FLOPs agree within a factor of 1.618 */
  int bucket = (int)(log(eto_op_flops(op) + 1.0) / log(1.618));
  snprintf(buf, (size_t)cap, "%s|%s|%d", eto_op_kind_name(eto_op_reuse_kind(op->kind)), sig, bucket);
}
