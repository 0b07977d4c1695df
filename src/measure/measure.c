/* measure.c — the measurer interface (measure.h): the table of implementations, creation by target kind,
 * dispatch, and what every implementation shares: options, error names, and the inputs, reference and
 * tolerance of an operator (built once here). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure_internal.h"

/* One line per target kind that can be measured (a new kind: its implementation file and a line here). */
static const eto_measurer_impl *const impls[] = {&eto_measure_cpu_impl, &eto_measure_cuda_impl};

static const eto_measurer_impl *impl_of(eto_target_kind kind) {
  for (size_t i = 0; i < sizeof impls / sizeof impls[0]; i++)
    if (impls[i]->kind == kind) return impls[i];
  return NULL;
}

static const char *const error_names[ETO_MEASURE_ERROR_COUNT] = {
    "ok", "instantiation", "compile", "runtime", "wrong_answer", "build_timeout", "run_timeout"};
_Static_assert(sizeof error_names / sizeof error_names[0] == ETO_MEASURE_ERROR_COUNT, "one name per error kind");

const char *eto_measure_error_name(eto_measure_error e) {
  return (unsigned)e < ETO_MEASURE_ERROR_COUNT ? error_names[e] : "?";
}

int eto_measure_error_from_name(const char *name) {
  for (int i = 0; i < ETO_MEASURE_ERROR_COUNT; i++)
    if (strcmp(name, error_names[i]) == 0) return i;
  return -1;
}

void eto_measure_opts_default(eto_measure_opts *o) {
  memset(o, 0, sizeof *o);
  o->min_repeat_seconds = 0.1;
  o->repeats = 3;
  o->warmup = 1;
  o->build_timeout = 10;
  o->run_timeout = 10;
  o->seed = 1;
  o->rtol = 1e-3;
  o->prune_ratio = 3;
  o->screen_seconds = 0.02;
  o->confirm_ratio = 1.02;
  o->quick_seconds = 0.008;
  o->quick_ratio = 1.25;
  o->quick_min_ratio = 1.10;
  o->decide_early = 1;
}

int eto_measure_protocol(eto_target_kind kind, const eto_measure_opts *o, char *buf, int cap) {
  eto_measure_opts d;
  if (!o) {
    eto_measure_opts_default(&d);
    o = &d;
  }
  const eto_measurer_impl *im = impl_of(kind);
  if (!im) return snprintf(buf, cap, "no measurer for this target kind");
  return im->protocol(o, buf, cap);
}

/* ---- the data every implementation shares ---- */

eto_status eto_measure_data_build(const eto_op *op, uint64_t seed, eto_measure_data *d) {
  memset(d, 0, sizeof *d);
  d->op = *op;
  eto_op_compute(op, &d->c);
  d->flops = eto_op_flops(op);
  d->nin = eto_op_num_inputs(op);
  if (d->nin > ETO_MEASURE_MAX_ARGS) return ETO_ERR_INVALID;
  eto_rng rng;
  eto_rng_seed(&rng, seed);
  for (int i = 0; i < d->nin; i++) {
    eto_shape s;
    eto_op_input_shape(op, i, &s);
    d->in_n[i] = eto_shape_size(&s);
    d->in[i] = eto_buffer_alloc(sizeof(float) * (size_t)d->in_n[i]);
    if (!d->in[i]) {
      eto_measure_data_clear(d);
      return ETO_ERR_NOMEM;
    }
    for (int64_t j = 0; j < d->in_n[i]; j++) d->in[i][j] = eto_measure_frand(&rng);
  }
  eto_shape os;
  eto_op_output_shape(op, &os);
  d->out_n = eto_shape_size(&os);
  d->ref = malloc(sizeof(float) * (size_t)(d->out_n > 0 ? d->out_n : 1));
  if (!d->ref) {
    eto_measure_data_clear(d);
    return ETO_ERR_NOMEM;
  }
  eto_status st = eto_op_reference(op, (const float *const *)d->in, d->ref);
  if (st != ETO_OK) {
    eto_measure_data_clear(d);
    return st;
  }
  /* float32 accumulation of n products of values in [-1, 1] drifts like sqrt(n) * eps * sqrt(n): scale the
   * absolute part of the tolerance with the reduction size */
  int64_t red = 1;
  for (int j = 0; j < d->c.nest.nreduce; j++) red *= d->c.nest.reduce[j].extent;
  d->ref_scale = sqrt((double)red) * 0.05;
  if (d->ref_scale < 0.01) d->ref_scale = 0.01;
  return ETO_OK;
}

void eto_measure_data_clear(eto_measure_data *d) {
  for (int i = 0; i < ETO_MEASURE_MAX_ARGS; i++) free(d->in[i]);
  free(d->ref);
  memset(d, 0, sizeof *d);
}

/* ---- the interface ---- */

eto_status eto_measure_machine_target(eto_target_kind kind, int threads, eto_target *out, char *msg, int cap) {
  const eto_measurer_impl *im = impl_of(kind);
  if (!im) {
    snprintf(msg, cap, "no measurer for target kind %d", (int)kind);
    return ETO_ERR_UNSUPPORTED;
  }
  return im->machine_target(threads, out, msg, cap);
}

eto_status eto_measurer_create(const eto_op *op, const eto_target *t, const eto_measure_opts *opts, eto_measurer **out,
                               char *msg, int cap) {
  *out = NULL;
  const eto_measurer_impl *im = t ? impl_of(t->kind) : NULL;
  if (!im) {
    snprintf(msg, cap, "no measurer for target %s", t ? t->name : "(none)");
    return ETO_ERR_UNSUPPORTED;
  }
  eto_measurer *m = calloc(1, sizeof *m);
  if (!m) return ETO_ERR_NOMEM;
  m->impl = im;
  m->t = *t;
  if (opts) m->o = *opts;
  else eto_measure_opts_default(&m->o);
  eto_status st = eto_measure_data_build(op, m->o.seed, &m->d);
  if (st == ETO_OK) st = im->open(m, msg, cap);
  if (st != ETO_OK) {
    eto_measure_data_clear(&m->d);
    free(m);
    return st;
  }
  *out = m;
  return ETO_OK;
}

const eto_target *eto_measurer_target(const eto_measurer *m) { return &m->t; }

const char *eto_measurer_name(const eto_measurer *m) { return m->impl->name; }

int eto_measurer_protocol(const eto_measurer *m, char *buf, int cap) { return m->impl->protocol(&m->o, buf, cap); }

int eto_measure_screen_on(const eto_measure_opts *o) {
  return o->screen_seconds > 0 && o->screen_seconds < o->min_repeat_seconds;
}

int eto_measure_quick_on(const eto_measure_opts *o) {
  return o->quick_seconds > 0 && o->quick_seconds < o->screen_seconds && o->quick_ratio > 1;
}

double eto_measure_quick_bar(const eto_measure_opts *o, const double *times, int n, double median) {
  double lo = times[0], hi = times[0];
  for (int i = 1; i < n; i++) {
    if (times[i] < lo) lo = times[i];
    if (times[i] > hi) hi = times[i];
  }
  double bar = 1 + 3 * (median > 0 ? (hi - lo) / median : 1);
  if (bar < o->quick_min_ratio) bar = o->quick_min_ratio;
  return bar < o->quick_ratio ? bar : o->quick_ratio;
}

int eto_measure_screen_text(const eto_measure_opts *o, const char *lead, const char *others, char *buf, int cap) {
  if (!eto_measure_screen_on(o)) return cap > 0 ? (buf[0] = 0) : 0;
  if (!eto_measure_quick_on(o))
    return snprintf(buf, cap,
                    "%s screened by %d repeats of >= %.0f ms (one whose screen median is > %gx the best keeps that "
                    "result; %s get the full protocol)",
                    lead, o->repeats, o->screen_seconds * 1e3, o->confirm_ratio, others);
  char bar[128];
  if (o->quick_min_ratio > 0 && o->quick_min_ratio < o->quick_ratio)
    snprintf(bar, sizeof bar, "%g-%gx (1 + 3x the spread of its repeats)", o->quick_min_ratio, o->quick_ratio);
  else
    snprintf(bar, sizeof bar, "%gx", o->quick_ratio);
  return snprintf(buf, cap,
                  "%s screened by %d repeats of >= %.0f ms (one whose median is > %s the best keeps that result), "
                  "then by %d repeats of >= %.0f ms (> %gx: the same; %s get the full protocol)",
                  lead, o->repeats, o->quick_seconds * 1e3, bar, o->repeats, o->screen_seconds * 1e3,
                  o->confirm_ratio, others);
}

void eto_measurer_note_result(eto_measurer *m, const eto_measure_result *r) {
  if (m->best > 0 && r->error == ETO_MEASURE_OK && r->median < m->best) m->best = r->median;
}

void eto_measurer_set_best(eto_measurer *m, double seconds) {
  if (m) m->best = seconds > 0 ? seconds : 0;
}

int eto_measurer_jobs(const eto_measurer *m) {
  int j = m ? m->impl->jobs(m) : 1;
  return j < 1 ? 1 : j > ETO_MEASURE_MAX_JOBS ? ETO_MEASURE_MAX_JOBS : j;
}

void eto_measurer_run_batch(eto_measurer *m, const eto_program *ps, int n, eto_measure_result *out) {
  m->impl->run_batch(m, ps, n, out);
}

void eto_measurer_run(eto_measurer *m, const eto_program *p, eto_measure_result *out) {
  m->impl->run_batch(m, p, 1, out);
}

void eto_measurer_free(eto_measurer *m) {
  if (!m) return;
  m->impl->close(m);
  eto_measure_data_clear(&m->d);
  free(m);
}
