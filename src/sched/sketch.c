/* sketch.c — the sketch derivation rules (Ansor §4.1) as a table of condition/apply units, and the
 * sketch-set signature used by ETO's reuse condition 1. */
#include <stdio.h>
#include <string.h>

#include "schedule.h"

static const char *const sketch_names[ETO_SKETCH_COUNT] = {"mlt", "ctr", "two"};
_Static_assert(sizeof sketch_names / sizeof sketch_names[0] == ETO_SKETCH_COUNT, "one name per sketch");

const int eto_unroll_options[ETO_NUM_UNROLL] = {0, 16, 64, 512, 1024};
const int eto_prefetch_options[ETO_NUM_PREFETCH] = {0, 8, 16};

const char *eto_sketch_name(eto_sketch_kind k) { return (unsigned)k < ETO_SKETCH_COUNT ? sketch_names[k] : "?"; }

/* An input has data reuse when some space loop does not index it: the same element serves several
 * outputs, so caching it in shared memory pays. */
static int has_data_reuse(const eto_compute *c) {
  if (c->body != ETO_BODY_MUL_ADD) return 0;
  for (int i = 0; i < c->ninputs; i++)
    if (eto_sched_input_reuse(c, i) > 1) return 1;
  return 0;
}

static int64_t space_size(const eto_compute *c) {
  int64_t n = 1;
  for (int i = 0; i < c->nest.nspace; i++) n *= c->nest.space[i].extent;
  return n;
}

static int64_t reduce_size(const eto_compute *c) {
  int64_t n = 1;
  for (int i = 0; i < c->nest.nreduce; i++) n *= c->nest.reduce[i].extent;
  return n;
}

static int cond_multi_level(const eto_compute *c, const eto_target *t) {
  (void)t;
  return has_data_reuse(c);
}

/* Ansor: rfactor the reduction onto threads when the space is small and the reduction large. */
static int cond_cross_thread(const eto_compute *c, const eto_target *t) {
  return c->nest.nreduce > 0 && space_size(c) <= t->max_threads_per_block && space_size(c) < reduce_size(c);
}

static int cond_two_level(const eto_compute *c, const eto_target *t) {
  (void)t;
  return !has_data_reuse(c);
}

static const struct {
  const char *name;
  int (*condition)(const eto_compute *, const eto_target *);
  eto_sketch_kind apply;
} sketch_rules[] = {
    {"multi_level_tiling", cond_multi_level, ETO_SKETCH_MULTI_LEVEL},
    {"cross_thread_reduction", cond_cross_thread, ETO_SKETCH_CROSS_THREAD},
    {"two_level_tiling", cond_two_level, ETO_SKETCH_TWO_LEVEL},
};

void eto_sched_sketches(const eto_compute *c, const eto_target *t, eto_sketch_set *out) {
  memset(out, 0, sizeof *out);
  for (size_t r = 0; r < sizeof sketch_rules / sizeof sketch_rules[0]; r++) {
    if (!sketch_rules[r].condition(c, t)) continue;
    out->kind[out->count] = sketch_rules[r].apply;
    out->rule[out->count] = sketch_rules[r].name;
    out->count++;
  }
  if (out->count == 0) { /* every compute can at least be tiled two-level */
    out->kind[0] = ETO_SKETCH_TWO_LEVEL;
    out->rule[0] = "two_level_tiling";
    out->count = 1;
  }
}

/* Which inlined producers an input has: padding (bounds predicate) and zero-insertion (dilate). */
static int input_needs_pad(const eto_operand *in, int d) { return in->pad_lo[d] != 0; }

int eto_sched_signature(const eto_compute *c, const eto_target *t, char *buf, int cap) {
  eto_sketch_set set;
  eto_sched_sketches(c, t, &set);
  char tmp[512];
  int n = 0;
  for (int k = 0; k < set.count; k++) {
    n += snprintf(tmp + n, sizeof tmp - n, "%s%s(", k ? "+" : "", eto_sketch_name(set.kind[k]));
    for (int i = 0; i < c->ninputs; i++) {
      int pad = 0, dil = 0;
      for (int d = 0; d < c->in[i].rank; d++) {
        pad |= input_needs_pad(&c->in[i], d);
        dil |= c->in[i].dilate[d] > 1;
      }
      n += snprintf(tmp + n, sizeof tmp - n, "%sin%d%s%s", i ? "," : "", i, pad ? ":pad" : "", dil ? ":dil" : "");
    }
    n += snprintf(tmp + n, sizeof tmp - n, "%s%s%s)", c->bias ? ",bias" : "", c->relu ? ",relu" : "",
                  c->body == ETO_BODY_SQUARE_ADD_SQRT ? ",sqrt" : "");
  }
  return snprintf(buf, cap, "%s", tmp);
}
