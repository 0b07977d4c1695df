/* measure_util.h — the tests' quick measurement set-up: measurement options with short timed repeats and the
 * given timeouts, and, for one operator, its compute description and a cpu target of `cores` cores. */
#ifndef ETO_TESTS_MEASURE_UTIL_H
#define ETO_TESTS_MEASURE_UTIL_H

#include "measure.h"

static inline eto_measure_opts test_quick_opts(double min_repeat_seconds, double build_timeout, double run_timeout) {
  eto_measure_opts o;
  eto_measure_opts_default(&o);
  o.min_repeat_seconds = min_repeat_seconds;
  o.build_timeout = build_timeout;
  o.run_timeout = run_timeout;
  return o;
}

static inline void test_measure_setup(const eto_op *op, int cores, eto_compute *c, eto_target *t) {
  eto_op_compute(op, c);
  eto_target_cpu(cores, t);
}

#endif
