/* Batches: eto_measurer_run_batch builds several candidates at once in separate workers and times them one
 * by one. Oracle: the same programs measured one at a time by eto_measurer_run give bit-identical outputs
 * (the check's max_rel_error) and the same outcome; an invalid program in the middle of a batch fails alone;
 * injected faults hit every candidate of a batch and the measurer keeps working; pruning works in batches. */
#include <string.h>

#include "check.h"
#include "measure_util.h"
#include "test_op.h"

#define N 7

int main(void) {
  eto_op op = test_op("conv2d n=1 c=8 h=12 w=12 k=16 r=3 s=3 pad=1 bias=1\n");
  eto_compute c;
  eto_target t;
  test_measure_setup(&op, 2, &c, &t);
  eto_measure_opts o = test_quick_opts(0.002, 20.0, 2.0);
  o.build_jobs = 3; /* more workers than cores: batches of 3, the last one partial */
  char msg[512];
  eto_rng rng;
  eto_rng_seed(&rng, 11);
  eto_program ps[N];
  for (int i = 0; i < N; i++) CHECK(eto_sched_sample_valid(&c, &t, NULL, &rng, 0, &ps[i]) == 0, "no valid program");
  ps[4].stile[1][2] = 4096; /* invalid: more threads than the tile holds */

  eto_measurer *m = NULL;
  CHECK(eto_measurer_create(&op, &t, &o, &m, msg, sizeof msg) == ETO_OK, "%s", msg);
  CHECK(eto_measurer_jobs(m) == 3, "jobs %d", eto_measurer_jobs(m));
  eto_measure_result batch[N], one;
  eto_measurer_run_batch(m, ps, N, batch);
  for (int i = 0; i < N; i++) {
    eto_measurer_run(m, &ps[i], &one);
    if (i == 4) {
      CHECK(batch[i].error == ETO_MEASURE_INSTANTIATION && one.error == ETO_MEASURE_INSTANTIATION,
            "invalid program: batch %s, single %s", eto_measure_error_name(batch[i].error),
            eto_measure_error_name(one.error));
      continue;
    }
    CHECK(batch[i].error == ETO_MEASURE_OK, "program %d in the batch: %s %s", i, eto_measure_error_name(batch[i].error),
          batch[i].message);
    CHECK(one.error == ETO_MEASURE_OK, "program %d alone: %s %s", i, eto_measure_error_name(one.error), one.message);
    CHECK(batch[i].max_rel_error == one.max_rel_error, "program %d: batch output differs from the single run (%g vs %g)",
          i, batch[i].max_rel_error, one.max_rel_error);
    CHECK(batch[i].repeats == 3 && batch[i].median > 0 && batch[i].compile_seconds > 0, "program %d: timing missing", i);
  }
  eto_measurer_free(m);

  /* faults: every candidate of a batch gets its error; a new measurer then works (a worker per slot) */
  static const struct {
    eto_fault fault;
    eto_measure_error expect;
  } cases[] = {{ETO_FAULT_CRASH, ETO_MEASURE_RUNTIME}, {ETO_FAULT_WRONG, ETO_MEASURE_WRONG_ANSWER},
               {ETO_FAULT_HANG, ETO_MEASURE_RUN_TIMEOUT}};
  o.run_timeout = 0.5;
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    o.fault = cases[k].fault;
    CHECK(eto_measurer_create(&op, &t, &o, &m, msg, sizeof msg) == ETO_OK, "%s", msg);
    eto_measurer_run_batch(m, ps, 4, batch);
    for (int i = 0; i < 4; i++)
      CHECK(batch[i].error == cases[k].expect, "fault %zu, program %d: %s (%s), expected %s", k, i,
            eto_measure_error_name(batch[i].error), batch[i].message, eto_measure_error_name(cases[k].expect));
    eto_measurer_run_batch(m, ps, 2, batch); /* the measurer restarts its workers */
    CHECK(batch[0].error == cases[k].expect && batch[1].error == cases[k].expect, "fault %zu, second batch", k);
    eto_measurer_free(m);
  }
  o.fault = ETO_FAULT_NONE;
  o.run_timeout = 2.0; /* back from the hang's 0.5 s: the slow program below takes over 0.5 s on a slow, loaded host */

  /* pruning inside a batch: a slow program against a best 100x faster is timed by its check run alone */
  eto_op big = test_op("matmul m=256 n=256 k=1024\n"); /* its check run stays >= 2 ms on fast AVX-512 cores */
  eto_program slow[2];
  CHECK(eto_program_parse("v1 mlt s=1.1.1.1.1/16.1.1.1.16/256.1.1.1.1 r=1024.1.1 u=0 v=1.1", &slow[0], msg, sizeof msg) == 0,
        "%s", msg);
  slow[1] = slow[0];
  CHECK(eto_measurer_create(&big, &t, &o, &m, msg, sizeof msg) == ETO_OK, "%s", msg);
  eto_measurer_run(m, &slow[0], &one);
  CHECK(one.error == ETO_MEASURE_OK && !one.pruned, "unpruned: %s", eto_measure_error_name(one.error));
  eto_measurer_set_best(m, one.median / 100);
  eto_measurer_run_batch(m, slow, 2, batch);
  for (int i = 0; i < 2; i++)
    CHECK(batch[i].error == ETO_MEASURE_OK && batch[i].pruned && batch[i].repeats == 1, "batch %d not pruned", i);
  eto_measurer_free(m);
  return check_result();
}
