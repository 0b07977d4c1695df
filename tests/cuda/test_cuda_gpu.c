/* Kernels on a CUDA device: for every operator kind, random valid programs of every sketch are built, run
 * through the cuda measurer and compared with the reference (a program over the device's resource limits may
 * be rejected as instantiation, nothing else may fail); fault injection (crash, hang, wrong value) and an
 * invalid program each become the right error kind while the measurer keeps working. Without a driver or a
 * device the test prints why and exits 77 (ctest SKIP). Usage: test_cuda_gpu [programs per sketch (default
 * 3)] [--mock]. With --mock (test cuda.gpu.mock, the mock driver of tests/cuda on LD_LIBRARY_PATH) the same
 * calls run through the driver-side code, but the mock writes the reference into the output instead of running
 * the kernel, so there the results say nothing about the kernels' correctness and are not counted as verified:
 * the mock run checks the launch, marshalling, timing and error paths, and the check itself (the wrong-value
 * fault must be caught). */
#include <stdio.h>
#include <string.h>

#include "cuda_test_util.h"

#define SKIP 77

/* The mock driver of tests/cuda (test cuda.gpu.mock only) computes the reference of this operator when a
 * kernel is launched; a real driver never reads it. */
static void tell_mock(const eto_op *op) {
  char line[512];
  eto_op_format(op, line, sizeof line);
  setenv("ETO_MOCK_CUDA_OP", line, 1);
}

static void check_faults(const eto_op *op, const eto_measure_opts *base) {
  eto_compute c;
  eto_op_compute(op, &c);
  static const struct {
    eto_fault fault;
    eto_measure_error expect;
  } cases[] = {
      {ETO_FAULT_CRASH, ETO_MEASURE_RUNTIME},
      {ETO_FAULT_HANG, ETO_MEASURE_RUN_TIMEOUT},
      {ETO_FAULT_WRONG, ETO_MEASURE_WRONG_ANSWER},
  };
  char msg[512];
  tell_mock(op);
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    eto_measure_opts o = *base;
    o.fault = cases[i].fault;
    o.run_timeout = 2.0;
    eto_measurer *m = NULL;
    eto_status st = ctu_measurer(op, &o, &m, msg, sizeof msg);
    CHECK(st == ETO_OK, "create: %s", msg);
    if (st != ETO_OK) continue;
    eto_program p;
    CHECK(ctu_sample(&c, m, 3, &p) == 0, "no valid program");
    eto_measure_result r;
    eto_measurer_run(m, &p, &r);
    CHECK(r.error == cases[i].expect, "fault %zu: got %s (%s), expected %s", i,
          eto_measure_error_name(r.error), r.message, eto_measure_error_name(cases[i].expect));
    eto_measurer_free(m);
  }
  /* an invalid program is an instantiation error; the same measurer then measures normally */
  eto_measurer *m = NULL;
  if (ctu_measurer(op, base, &m, msg, sizeof msg) != ETO_OK) return;
  eto_program p;
  ctu_sample(&c, m, 4, &p);
  eto_program bad = p;
  bad.stile[1][2] = 4096;
  eto_measure_result r;
  eto_measurer_run(m, &bad, &r);
  CHECK(r.error == ETO_MEASURE_INSTANTIATION, "invalid program: got %s (%s)", eto_measure_error_name(r.error),
        r.message);
  eto_measurer_run(m, &p, &r);
  CHECK(r.error == ETO_MEASURE_OK, "after an invalid program: %s (%s)", eto_measure_error_name(r.error),
        r.message);
  eto_measurer_free(m);
}

int main(int argc, char **argv) {
  int per_sketch = argc > 1 ? atoi(argv[1]) : 3;
  int mock = argc > 2 && strcmp(argv[2], "--mock") == 0;
  if (per_sketch < 1 || per_sketch > 20) per_sketch = 3;
  eto_cuda_device_info dev;
  char msg[512];
  eto_status st = eto_cuda_probe(0, &dev, msg, sizeof msg);
  if (st == ETO_ERR_UNSUPPORTED) {
    printf("SKIP: %s\n", msg);
    return SKIP;
  }
  CHECK(st == ETO_OK, "probe: %s", msg);
  if (st != ETO_OK) return check_result();
  eto_target dt;
  eto_cuda_device_target(&dev, &dt);
  printf("device: %s\n", dt.description);
  eto_oplist *list = ctu_ops();
  if (!list) return check_result();
  eto_measure_opts o;
  eto_measure_opts_default(&o);
  o.min_repeat_seconds = 0.01;
  o.build_timeout = 60;
  char proto[512];
  eto_measure_protocol(ETO_TARGET_CUDA, &o, proto, sizeof proto);
  printf("protocol: %s\n", proto);
  int ok = 0, rejected = 0;
  for (int oi = 0; oi < eto_oplist_count(list); oi++) {
    const eto_op *op = eto_oplist_get(list, oi);
    char key[256];
    eto_op_key(op, key, sizeof key);
    eto_compute c;
    eto_op_compute(op, &c);
    tell_mock(op);
    eto_measurer *m = NULL;
    st = ctu_measurer(op, &o, &m, msg, sizeof msg);
    CHECK(st == ETO_OK, "%s: create: %s", key, msg);
    if (st != ETO_OK) continue;
    const eto_target *t = eto_measurer_target(m);
    eto_program prog[CTU_MAX_PROGRAMS];
    int np = ctu_programs(&c, t, CTU_SEED + (uint64_t)oi, per_sketch, prog, CTU_MAX_PROGRAMS);
    for (int i = 0; i < np; i++) {
      char recipe[ETO_RECIPE_MAX], sum[256];
      eto_program_format(&prog[i], recipe, sizeof recipe);
      eto_program_summary(&c, &prog[i], sum, sizeof sum);
      eto_measure_result r;
      eto_measurer_run(m, &prog[i], &r);
      if (r.error == ETO_MEASURE_INSTANTIATION) {
        rejected++;
        printf("  %-40.40s %-60s rejected: %s\n", key, sum, r.message);
        continue;
      }
      CHECK(r.error == ETO_MEASURE_OK, "%s %s: %s (%s)", key, recipe, eto_measure_error_name(r.error),
            r.message);
      if (r.error != ETO_MEASURE_OK) continue;
      CHECK(r.median > 0 && r.repeats == 3 && r.runs_per_repeat >= 1, "%s %s: timing missing", key, recipe);
      ok++;
      printf("  %-40.40s %-60s %9.3f us %8.2f GFLOP/s  nvrtc %.0f ms  %s\n", key, sum, r.median * 1e6,
             r.gflops, r.compile_seconds * 1e3, r.message);
    }
    eto_measurer_free(m);
  }
  if (mock)
    printf("%d programs ran through the mock driver (launch, marshalling, timing; kernels not executed, so not "
           "verified), %d rejected for the limits\n",
           ok, rejected);
  else
    printf("%d programs measured and verified on %s, %d rejected for the device's limits\n", ok, dev.name,
           rejected);
  CHECK(ok > 0, "some programs ran");
  /* a target of another architecture is refused */
  eto_target other;
  eto_target_cuda(strcmp(dt.arch, "sm_90") == 0 ? "sm_80" : "sm_90", NULL, 0, &other);
  eto_measurer *m = NULL;
  st = eto_measurer_create(eto_oplist_get(list, 0), &other, &o, &m, msg, sizeof msg);
  CHECK(st == ETO_ERR_INVALID && m == NULL, "arch mismatch accepted (%d): %s", (int)st, msg);
  check_faults(eto_oplist_get(list, 1), &o);
  eto_oplist_free(list);
  return check_result();
}
