/* Up-front limits (measure.h, limits.c): the memory a measurement holds and the reference kernel's estimated
 * time, against figures worked out by hand; the assumed reference rate against the real kernels' CPU time
 * (it must overestimate); the machine's available memory against /proc/meminfo and RLIMIT_AS. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "measure.h"
#include "test_op.h"

static void test_cost_and_refusals(void) {
  eto_measure_limits lim;
  eto_measure_limits_default(&lim);
  CHECK(lim.max_reference_seconds == ETO_MEASURE_MAX_REFERENCE_SECONDS && lim.reference_rate == ETO_MEASURE_REFERENCE_RATE,
        "defaults");
  char msg[512];
  eto_measure_cost c;

  /* the 26 GB case: A and B (2 x 36000^2 floats), the reference output and 2 worker outputs (3 x 36000^2) */
  eto_op big = test_op("matmul m=36000 n=36000 k=36000");
  const int64_t t36 = (int64_t)36000 * 36000 * 4;
  lim.max_reference_seconds = 0; /* memory alone */
  lim.available_bytes = 24000000000LL;
  CHECK(eto_measure_check_limits(&big, 2, &lim, &c, msg, sizeof msg) == ETO_ERR_LIMIT, "36000 fits 24 GB");
  CHECK(c.bytes == 5 * t36 && c.input_bytes == 2 * t36 && c.output_bytes == t36 && c.workers == 2, "bytes %lld",
        (long long)c.bytes);
  CHECK(strstr(msg, "needs 25.9 GB") && strstr(msg, "24.0 GB available"), "message: %s", msg);
  lim.available_bytes = 5 * t36; /* exactly enough */
  CHECK(eto_measure_check_limits(&big, 2, &lim, &c, msg, sizeof msg) == ETO_OK, "36000 refused with enough memory: %s", msg);
  lim.available_bytes = 5 * t36 - 1;
  CHECK(eto_measure_check_limits(&big, 2, &lim, &c, msg, sizeof msg) == ETO_ERR_LIMIT, "one byte short accepted");
  CHECK(eto_measure_check_limits(&big, 1, &lim, &c, msg, sizeof msg) == ETO_OK && c.bytes == 4 * t36,
        "one worker: %lld bytes", (long long)c.bytes);

  /* the reference's time: 2 x 8192^3 FLOP at 0.2 GFLOP/s = 5497.6 s */
  eto_op slow = test_op("matmul m=8192 n=8192 k=8192");
  lim.available_bytes = (int64_t)1 << 40;
  lim.max_reference_seconds = 120;
  CHECK(eto_measure_check_limits(&slow, 2, &lim, &c, msg, sizeof msg) == ETO_ERR_LIMIT, "8192 not refused");
  CHECK(c.reference_flops == 2.0 * 8192 * 8192 * 8192 && c.reference_seconds > 5497 && c.reference_seconds < 5498,
        "reference %g FLOP, %g s", c.reference_flops, c.reference_seconds);
  CHECK(strstr(msg, "about 5498 s") && strstr(msg, "limit of 120 s"), "message: %s", msg);
  lim.max_reference_seconds = 0;
  CHECK(eto_measure_check_limits(&slow, 2, &lim, NULL, msg, sizeof msg) == ETO_OK, "no limit still refuses: %s", msg);
  /* the boundary: 2e9 FLOP is 10 s */
  eto_op k1 = test_op("matmul m=1000 n=1000 k=1000");
  lim.max_reference_seconds = 10;
  CHECK(eto_measure_check_limits(&k1, 2, &lim, &c, msg, sizeof msg) == ETO_OK, "10 s refused at a 10 s limit: %s", msg);
  lim.max_reference_seconds = 9.9;
  CHECK(eto_measure_check_limits(&k1, 2, &lim, &c, msg, sizeof msg) == ETO_ERR_LIMIT, "10 s accepted at 9.9 s");
  /* a faster assumed rate halves the estimate */
  lim.reference_rate = 0.4e9;
  CHECK(eto_measure_check_limits(&k1, 2, &lim, &c, msg, sizeof msg) == ETO_OK && c.reference_seconds == 5,
        "rate: %g s", c.reference_seconds);

  /* an ordinary operator passes the defaults on this machine */
  eto_op small = test_op("conv2d n=1 c=64 h=56 w=56 k=64 r=3 s=3 pad=1");
  CHECK(eto_measure_check_limits(&small, 2, NULL, &c, msg, sizeof msg) == ETO_OK, "a ResNet layer refused: %s", msg);
}

static void test_workers(void) {
  eto_target t;
  eto_target_cpu(4, &t);
  eto_measure_opts o;
  eto_measure_opts_default(&o);
  CHECK(eto_measure_workers(&t, &o) == 4, "cpu, 4 cores: %d", eto_measure_workers(&t, &o));
  CHECK(eto_measure_workers(&t, NULL) == 4, "NULL options");
  o.build_jobs = 1;
  CHECK(eto_measure_workers(&t, &o) == 1, "--build-jobs 1");
  o.build_jobs = 0;
  eto_target_cpu(64, &t);
  CHECK(eto_measure_workers(&t, &o) == ETO_MEASURE_MAX_JOBS, "64 cores: %d", eto_measure_workers(&t, &o));
  eto_target cu;
  if (eto_target_cuda("sm_80", NULL, 0, &cu) == 0) CHECK(eto_measure_workers(&cu, &o) == 1, "cuda");
}

/* The assumed rate is conservative: the real reference kernels, timed in CPU seconds (load on the machine
 * does not count), take less than the estimate. */
static void test_rate_is_conservative(void) {
  static const char *const lines[] = {
      "matmul m=256 n=256 k=256", "conv2d n=1 c=64 h=28 w=28 k=64 r=3 s=3 pad=1", "norm b=2 m=512 n=512",
      "depthwise_conv2d n=1 c=128 h=56 w=56 r=3 s=3 pad=1", "conv2d_transpose n=1 c=32 h=16 w=16 k=32 r=4 s=4 stride=2 pad=1",
  };
  for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
    eto_op op = test_op(lines[i]);
    eto_measure_cost c;
    eto_measure_cost_of(&op, 1, 0, &c);
    int n = eto_op_num_inputs(&op);
    float *in[3] = {0};
    for (int j = 0; j < n; j++) {
      eto_shape s;
      eto_op_input_shape(&op, j, &s);
      int64_t z = eto_shape_size(&s);
      in[j] = malloc(sizeof(float) * (size_t)z);
      for (int64_t q = 0; q < z; q++) in[j][q] = (float)(q % 13) * 0.01f;
    }
    float *out = malloc((size_t)c.output_bytes);
    clock_t a = clock();
    eto_op_reference(&op, (const float *const *)in, out);
    double cpu = (double)(clock() - a) / CLOCKS_PER_SEC;
    printf("%-70s reference %.3f s CPU, estimated %.3f s\n", lines[i], cpu, c.reference_seconds);
    CHECK(cpu <= c.reference_seconds, "%s: the reference took %.3f s, estimated %.3f s", lines[i], cpu,
          c.reference_seconds);
    free(out);
    for (int j = 0; j < n; j++) free(in[j]);
  }
}

static void test_available_memory(void) {
  int64_t avail = eto_measure_available_memory();
  long long total_kb = 0;
  FILE *f = fopen("/proc/meminfo", "r");
  if (f) {
    char line[256];
    while (fgets(line, sizeof line, f))
      if (sscanf(line, "MemTotal: %lld kB", &total_kb) == 1) break;
    fclose(f);
  }
  CHECK(avail > 0, "no available memory found");
  if (total_kb > 0) CHECK(avail <= total_kb * 1024, "available %lld > total %lld kB", (long long)avail, total_kb);
  /* an address-space limit 1 GiB above what this process already maps leaves at most 1 GiB: checked in a child
   * (the limit stays with it; a sanitizer build, which maps terabytes of shadow, still has its 1 GiB) */
  pid_t pid = fork();
  if (pid == 0) {
    FILE *sf = fopen("/proc/self/statm", "r");
    long long pages = 0;
    if (!sf || fscanf(sf, "%lld", &pages) != 1) _exit(3);
    fclose(sf);
    rlim_t cap = (rlim_t)pages * (rlim_t)sysconf(_SC_PAGESIZE) + ((rlim_t)1 << 30);
    struct rlimit rl = {cap, cap}, old;
    if (getrlimit(RLIMIT_AS, &old) != 0 || (old.rlim_max != RLIM_INFINITY && old.rlim_max < cap)) _exit(77);
    if (setrlimit(RLIMIT_AS, &rl) != 0) _exit(4);
    int64_t limited = eto_measure_available_memory();
    if (!(limited > 0 && limited <= ((int64_t)1 << 30))) {
      fprintf(stderr, "with RLIMIT_AS 1 GiB above the mapped size: %lld available\n", (long long)limited);
      _exit(5);
    }
    eto_op big = test_op("matmul m=36000 n=36000 k=36000");
    char msg[512];
    if (eto_measure_check_limits(&big, 1, NULL, NULL, msg, sizeof msg) != ETO_ERR_LIMIT || !strstr(msg, "GB available")) {
      fprintf(stderr, "under RLIMIT_AS: %s\n", msg);
      _exit(6);
    }
    _exit(0);
  }
  int status = 0;
  CHECK(pid > 0 && waitpid(pid, &status, 0) == pid, "fork");
  CHECK(WIFEXITED(status) && (WEXITSTATUS(status) == 0 || WEXITSTATUS(status) == 77), "the RLIMIT_AS child: status %d",
        status);
}

int main(void) {
  test_cost_and_refusals();
  test_workers();
  test_rate_is_conservative();
  test_available_memory();
  return check_result();
}
