/* reuse.c — ETO's reuse condition (same reuse kind, same sketch-set signature, loop-nest domination) and
 * 1-hop bridge operators. */
#include <stdio.h>
#include <string.h>

#include "schedule.h"
#include "selector.h"

static int same_signature(const eto_op *a, const eto_op *b, const eto_target *t) {
  eto_compute ca, cb;
  eto_op_compute(a, &ca);
  eto_op_compute(b, &cb);
  char sa[512], sb[512];
  eto_sched_signature(&ca, t, sa, sizeof sa);
  eto_sched_signature(&cb, t, sb, sizeof sb);
  return strcmp(sa, sb) == 0;
}

/* 1: every extent of a <= b's; -1: every extent >=; 2: equal; 0: neither. */
static int domination(const eto_op *a, const eto_op *b) {
  eto_loop_nest na, nb;
  eto_op_loop_nest(a, &na);
  eto_op_loop_nest(b, &nb);
  if (na.nspace != nb.nspace || na.nreduce != nb.nreduce) return 0;
  int le = 1, ge = 1;
  for (int i = 0; i < na.nspace; i++) {
    le &= na.space[i].extent <= nb.space[i].extent;
    ge &= na.space[i].extent >= nb.space[i].extent;
  }
  for (int j = 0; j < na.nreduce; j++) {
    le &= na.reduce[j].extent <= nb.reduce[j].extent;
    ge &= na.reduce[j].extent >= nb.reduce[j].extent;
  }
  return le && ge ? 2 : le ? 1 : ge ? -1 : 0;
}

int eto_sel_reuse_pair(const eto_op *a, const eto_op *b, const eto_target *t) {
  if (eto_op_reuse_kind(a->kind) != eto_op_reuse_kind(b->kind)) return 0;
  if (!domination(a, b)) return 0;
  return same_signature(a, b, t);
}

int eto_sel_bridge_shape(const eto_op *a, const eto_op *b, eto_op *out) {
  if (a->kind != b->kind) return 0;
  if (a->v[ETO_KEY_GROUPS] != b->v[ETO_KEY_GROUPS] || a->v[ETO_KEY_MULTIPLIER] != b->v[ETO_KEY_MULTIPLIER] ||
      a->v[ETO_KEY_CAPSULE] != b->v[ETO_KEY_CAPSULE])
    return 0;
  eto_op br = *a;
  for (int k = 0; k < ETO_KEY_COUNT; k++)
    if (k != ETO_KEY_GROUPS && k != ETO_KEY_MULTIPLIER && k != ETO_KEY_CAPSULE) br.v[k] = a->v[k] < b->v[k] ? a->v[k] : b->v[k];
  for (int i = 0; i < 3; i++) {
    br.stride[i] = 1;
    br.dilation[i] = 1;
    br.output_padding[i] = 0;
    br.pad[i] = a->pad[i] < b->pad[i] ? a->pad[i] : b->pad[i];
  }
  br.line = 0;
  snprintf(br.name, sizeof br.name, "bridge");
  br.freq = 0; /* a bridge occurs nowhere in the list */
  *out = br;
  return 1;
}

int eto_sel_bridge(const eto_op *a, const eto_op *b, const eto_target *t, eto_op *out) {
  if (a->kind != b->kind || domination(a, b) != 0 || !same_signature(a, b, t)) return 0;
  eto_op br;
  if (!eto_sel_bridge_shape(a, b, &br)) return 0;
  char msg[256];
  br.freq = 1;
  if (eto_op_check(&br, msg, sizeof msg) != ETO_OK) return 0;
  br.freq = 0;
  if (domination(&br, a) != 1 && domination(&br, a) != 2) return 0;
  if (domination(&br, b) != 1 && domination(&br, b) != 2) return 0;
  if (!same_signature(&br, a, t)) return 0;
  *out = br;
  return 1;
}
