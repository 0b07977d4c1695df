/* The GPU lowering itself, executed by the test-only simulator of gpusim.h (phases, per-thread storage,
 * barrier and race checks, the printer's range and vector claims checked on every evaluation): for every
 * operator kind, the programs of test_cuda_compile (same recipes) and as many more from another seed match
 * the reference. A kernel with its barriers removed must be reported as racy (the simulator's own oracle). */
#include <stdio.h>

#include "cuda_test_util.h"
#include "gpusim.h"

/* Replaces every BARRIER of s by an empty statement list; returns how many. */
static int strip_barriers(eto_stmt *s) {
  int n = 0;
  switch (s->kind) {
  case ETO_S_SEQ:
    for (int i = 0; i < s->n; i++) n += strip_barriers(s->items[i]);
    return n;
  case ETO_S_FOR:
  case ETO_S_IF:
    return strip_barriers(s->body);
  case ETO_S_BARRIER:
    s->kind = ETO_S_SEQ;
    s->n = 0;
    return 1;
  default:
    return 0;
  }
}

int main(int argc, char **argv) {
  int per_sketch = argc > 1 ? atoi(argv[1]) : 10;
  if (per_sketch < 1 || per_sketch > 20) per_sketch = 10;
  eto_oplist *list = ctu_ops();
  if (!list) return check_result();
  eto_target t80;
  eto_target_cuda("sm_80", NULL, 0, &t80);
  int programs = 0, racy_detected = 0, racy_tried = 0;
  long vec_execs = 0, range_checks = 0;
  double t0 = eto_now();
  for (int oi = 0; oi < eto_oplist_count(list); oi++) {
    eto_compute c;
    char key[256];
    test_io d;
    ctu_op(list, oi, &c, key, sizeof key, &d);
    eto_program prog[2 * CTU_MAX_PROGRAMS];
    int np = ctu_programs(&c, &t80, CTU_SEED + (uint64_t)oi, per_sketch, prog, CTU_MAX_PROGRAMS);
    np += ctu_programs(&c, &t80, 7 * CTU_SEED + (uint64_t)oi, per_sketch, prog + np, CTU_MAX_PROGRAMS);
    for (int i = 0; i < np; i++) {
      char recipe[ETO_RECIPE_MAX], msg[512];
      eto_program_format(&prog[i], recipe, sizeof recipe);
      eto_kernel *k = NULL;
      eto_lower_opts gpu = {.gpu = 1};
      eto_status st = eto_lower(&c, &prog[i], &gpu, &k, msg, sizeof msg);
      CHECK(st == ETO_OK, "%s %s: gpu lowering: %s", key, recipe, msg);
      if (!k) continue;
      test_io_clear(&d);
      int rc = gsim_run(k, d.buf, msg, sizeof msg, &vec_execs, &range_checks);
      CHECK(rc == 0, "%s %s: %s", key, recipe, msg);
      if (rc == 0) {
        int64_t j = test_io_mismatch(&d, NULL);
        CHECK(j < 0, "%s %s (gpu lowering, simulated): out[%lld] = %g, reference %g", key, recipe,
              (long long)j, j >= 0 ? d.buf[d.nin][j] : 0.0, j >= 0 ? d.ref[j] : 0.0);
        if (j >= 0 && getenv("ETO_TEST_DUMP")) eto_kernel_print(k, stderr);
      } else if (getenv("ETO_TEST_DUMP")) {
        eto_kernel_print(k, stderr);
      }
      /* the oracle of the oracle: without its barriers a multi-thread kernel that shares data must race */
      if (k->threads > 1 && strip_barriers(k->body) > 0) {
        racy_tried++;
        test_io_clear(&d);
        if (gsim_run(k, d.buf, msg, sizeof msg, NULL, NULL) != 0 && strstr(msg, "race"))
          racy_detected++;
        else
          CHECK(0, "%s %s: no race reported once the barriers are removed (%s)", key, recipe, msg);
      }
      eto_kernel_free(k);
      programs++;
    }
    test_io_free(&d);
  }
  printf("%d GPU-lowered programs simulated and checked against the reference in %.1f s: %ld vectorized "
         "fetches and "
         "%ld integer ranges verified; %d/%d kernels without barriers reported as racy\n",
         programs, eto_now() - t0, vec_execs, range_checks, racy_detected, racy_tried);
  CHECK(programs >= 20 * eto_oplist_count(list) || per_sketch < 10, "at least 20 programs per operator (%d)",
        programs);
  CHECK(vec_execs > 0, "vectorized fetches were executed");
  CHECK(racy_tried > 0, "some kernels had barriers to remove");
  eto_oplist_free(list);
  return check_result();
}
