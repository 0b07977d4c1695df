/* The driver side of the cuda target against the test-only mock driver (mock_libcuda.c, on LD_LIBRARY_PATH
 * for this test only): probing, the device's target and fingerprint, a driver without devices, and a failing
 * launch that becomes a runtime error after which the measurer restarts its worker and measures again. */
#include <stdio.h>

#include "cuda_test_util.h"

int main(void) {
  char msg[512];
  eto_cuda_device_info dev;
  eto_status st = eto_cuda_probe(0, &dev, msg, sizeof msg);
  CHECK(st == ETO_OK, "probe through the mock driver: %s", msg);
  if (st != ETO_OK) return check_result();
  CHECK(strstr(dev.name, "mock") && strcmp(dev.arch, "sm_80") == 0 && dev.sm_count == 2 &&
            dev.driver_version == 12040 && dev.smem_per_block == 49152 && dev.max_threads_per_block == 1024,
        "device info: %s %s %d SMs driver %d", dev.name, dev.arch, dev.sm_count, dev.driver_version);
  eto_target dt, table;
  eto_cuda_device_target(&dev, &dt);
  eto_target_cuda("sm_80", NULL, 0, &table);
  CHECK(dt.kind == ETO_TARGET_CUDA && strcmp(dt.arch, "sm_80") == 0 && dt.cores == 2, "device target: %s",
        dt.description);
  CHECK(strcmp(dt.fingerprint, table.fingerprint) != 0, "a device's fingerprint differs from the table's");
  CHECK(strstr(dt.description, "driver 12.4") != NULL, "description names the driver: %s", dt.description);
  eto_cuda_device_info newer = dev;
  snprintf(newer.arch, sizeof newer.arch, "sm_120");
  newer.driver_version = 12080;
  eto_target nt;
  eto_cuda_device_target(&newer, &nt);
  CHECK(strcmp(nt.arch, "sm_120") == 0 && nt.regs_per_thread == 255 &&
            strcmp(nt.fingerprint, dt.fingerprint) != 0,
        "an architecture newer than the table keeps its name: %s", nt.description);
  CHECK(eto_cuda_probe(1, &dev, msg, sizeof msg) == ETO_ERR_UNSUPPORTED && strstr(msg, "no CUDA device 1"),
        "device 1 does not exist: %s", msg);

  setenv("ETO_MOCK_CUDA_NO_DEVICE", "1", 1);
  st = eto_cuda_probe(0, &dev, msg, sizeof msg);
  CHECK(st == ETO_ERR_UNSUPPORTED && strstr(msg, "cuInit") && strstr(msg, "CUDA_ERROR_NO_DEVICE") &&
            strstr(msg, "kernels can be compiled and checked, not measured"),
        "no device: %d %s", (int)st, msg);
  eto_oplist *list = ctu_ops();
  if (!list) return check_result();
  const eto_op *op = eto_oplist_get(list, 1);
  eto_measurer *m = NULL;
  st = ctu_measurer(op, NULL, &m, msg, sizeof msg);
  CHECK(st == ETO_ERR_UNSUPPORTED && m == NULL && strstr(msg, "not measured"), "measurer without device: %s",
        msg);
  unsetenv("ETO_MOCK_CUDA_NO_DEVICE");

  char line[512];
  eto_op_format(op, line, sizeof line);
  setenv("ETO_MOCK_CUDA_OP", line, 1);
  eto_measure_opts o;
  eto_measure_opts_default(&o);
  o.min_repeat_seconds = 0.002;
  setenv("ETO_MOCK_CUDA_LAUNCH_FAIL", "1", 1); /* read by the worker this create forks */
  st = ctu_measurer(op, &o, &m, msg, sizeof msg);
  CHECK(st == ETO_OK, "measurer: %s", msg);
  if (st != ETO_OK) return check_result();
  eto_compute c;
  eto_op_compute(op, &c);
  eto_program p;
  CHECK(ctu_sample(&c, m, 11, &p) == 0, "no valid program");
  eto_measure_result r;
  eto_measurer_run(m, &p, &r);
  CHECK(r.error == ETO_MEASURE_RUNTIME && strstr(r.message, "cuLaunchKernel") &&
            strstr(r.message, "LAUNCH_FAILED"),
        "failing launch: %s (%s)", eto_measure_error_name(r.error), r.message);
  unsetenv(
      "ETO_MOCK_CUDA_LAUNCH_FAIL"); /* the worker exited after the failure; the next run forks a new one */
  eto_measurer_run(m, &p, &r);
  CHECK(r.error == ETO_MEASURE_OK && r.median > 0 && r.compile_seconds > 0 && strstr(r.message, "registers"),
        "after a failed launch: %s (%s)", eto_measure_error_name(r.error), r.message);
  printf("mock device %s: %s; a program measured after a failed launch: %s\n", dt.arch, dt.description,
         r.message);
  eto_measurer_free(m);

  /* a batch built by three builder processes at once, then run one at a time: the same results as one by one;
   * an invalid program among them is an instantiation error; a build timeout stops the builders, and the next
   * batch starts new ones */
  o.build_jobs = 3;
  st = ctu_measurer(op, &o, &m, msg, sizeof msg);
  CHECK(st == ETO_OK && eto_measurer_jobs(m) == 3, "measurer with 3 build jobs: %s", msg);
  if (st != ETO_OK) return check_result();
  enum { NB = 5 };
  eto_program ps[NB];
  for (int i = 0; i < NB; i++) CHECK(ctu_sample(&c, m, 20 + (uint64_t)i, &ps[i]) == 0, "no valid program");
  ps[2].stile[1][2] = 4096;
  eto_measure_result rs[NB];
  eto_measurer_run_batch(m, ps, NB, rs);
  for (int i = 0; i < NB; i++) {
    if (i == 2) {
      CHECK(rs[i].error == ETO_MEASURE_INSTANTIATION, "batch: invalid program: %s (%s)",
            eto_measure_error_name(rs[i].error), rs[i].message);
      continue;
    }
    eto_measurer_run(m, &ps[i], &r);
    CHECK(rs[i].error == ETO_MEASURE_OK && r.error == ETO_MEASURE_OK && rs[i].median > 0 &&
              rs[i].compile_seconds > 0 && rs[i].build_wall > 0 && strstr(rs[i].message, "registers") &&
              strcmp(rs[i].message, r.message) == 0,
          "batch program %d: %s (%s), one by one: %s (%s)", i, eto_measure_error_name(rs[i].error), rs[i].message,
          eto_measure_error_name(r.error), r.message);
  }
  eto_measurer_free(m);
  o.build_timeout = 1e-4;
  st = ctu_measurer(op, &o, &m, msg, sizeof msg);
  if (st != ETO_OK) return check_result();
  for (int round = 0; round < 2; round++) { /* the second batch starts new builders for the killed ones */
    eto_measurer_run_batch(m, ps, 2, rs);
    CHECK(rs[0].error == ETO_MEASURE_BUILD_TIMEOUT && rs[1].error == ETO_MEASURE_BUILD_TIMEOUT,
          "batch %d under a tiny build timeout: %s (%s), %s", round, eto_measure_error_name(rs[0].error),
          rs[0].message, eto_measure_error_name(rs[1].error));
  }
  printf("a batch of %d built by 3 builder processes gave the results of one by one\n", NB);
  eto_measurer_free(m);

  /* the screens: with a best far below the candidate, the quick screen decides; with a best far above it, the
   * full protocol runs (its repeats are the longest) */
  o.build_timeout = 60;
  o.min_repeat_seconds = 0.02;
  o.screen_seconds = 0.006;
  o.quick_seconds = 0.002;
  st = ctu_measurer(op, &o, &m, msg, sizeof msg);
  if (st != ETO_OK) return check_result();
  eto_measurer_set_best(m, 1e-9);
  eto_measurer_run(m, &ps[0], &r);
  CHECK(r.error == ETO_MEASURE_OK && r.screened && r.quick, "a far slower candidate: screened %d quick %d (%s)",
        r.screened, r.quick, r.message);
  eto_measurer_set_best(m, 10.0);
  eto_measure_result full;
  eto_measurer_run(m, &ps[0], &full);
  CHECK(full.error == ETO_MEASURE_OK && !full.screened && full.runs_per_repeat > r.runs_per_repeat,
        "a candidate better than the best: screened %d, %lld runs per repeat (quick screen %lld)", full.screened,
        (long long)full.runs_per_repeat, (long long)r.runs_per_repeat);
  char proto[1024];
  eto_measurer_protocol(m, proto, sizeof proto);
  CHECK(strstr(proto, "screened by 3 repeats of >= 2 ms") != NULL, "protocol: %s", proto);
  eto_measurer_free(m);
  eto_measurer_free(NULL);
  eto_oplist_free(list);
  return check_result();
}
