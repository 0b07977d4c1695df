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
  eto_measurer_free(NULL);
  eto_oplist_free(list);
  return check_result();
}
