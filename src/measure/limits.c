/* limits.c — up-front limits of a measurement (measure.h): the memory an operator's measurement holds and the
 * time of its reference kernel, against the machine's available memory and a time limit, checked before any
 * work starts. */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "measure_internal.h"

void eto_measure_limits_default(eto_measure_limits *l) {
  memset(l, 0, sizeof *l);
  l->max_reference_seconds = ETO_MEASURE_MAX_REFERENCE_SECONDS;
  l->reference_rate = ETO_MEASURE_REFERENCE_RATE;
}

int eto_measure_workers(const eto_target *t, const eto_measure_opts *o) {
  if (t->kind != ETO_TARGET_CPU) return 1;
  int cores = t->cores > 0 ? t->cores : 1;
  int jobs = o && o->build_jobs > 0 ? o->build_jobs : cores;
  return jobs > ETO_MEASURE_MAX_JOBS ? ETO_MEASURE_MAX_JOBS : jobs;
}

void eto_measure_cost_of(const eto_op *op, int workers, double rate, eto_measure_cost *out) {
  memset(out, 0, sizeof *out);
  eto_op_tensor_bytes(op, &out->input_bytes, &out->output_bytes);
  out->workers = workers > 0 ? workers : 1;
  /* the inputs once, the reference output, one output per worker (below 2^31 floats each: no overflow) */
  out->bytes = out->input_bytes + out->output_bytes * (1 + (int64_t)out->workers);
  out->reference_flops = eto_op_flops(op);
  out->reference_seconds = out->reference_flops / (rate > 0 ? rate : ETO_MEASURE_REFERENCE_RATE);
}

/* A number of bytes from the first line of path ("max" or unreadable: -1). */
static int64_t read_bytes_file(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) return -1;
  long long v = -1;
  if (fscanf(f, "%lld", &v) != 1) v = -1;
  fclose(f);
  return v;
}

/* Field `field` (0 = total program size, 5 = data + stack) of /proc/self/statm, in bytes; 0 when unknown. */
static int64_t statm_bytes(int field) {
  FILE *f = fopen("/proc/self/statm", "r");
  if (!f) return 0;
  long long v[6] = {0};
  int got = fscanf(f, "%lld %lld %lld %lld %lld %lld", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5]);
  fclose(f);
  long page = sysconf(_SC_PAGESIZE);
  return got > field && page > 0 ? (int64_t)v[field] * page : 0;
}

int64_t eto_measure_available_memory(void) {
  int64_t avail = 0;
  FILE *f = fopen("/proc/meminfo", "r");
  if (f) {
    char line[256];
    long long kb;
    while (fgets(line, sizeof line, f))
      if (sscanf(line, "MemAvailable: %lld kB", &kb) == 1) {
        avail = (int64_t)kb * 1024;
        break;
      }
    fclose(f);
  }
  if (avail <= 0) {
    long pages = sysconf(_SC_AVPHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    if (pages > 0 && size > 0) avail = (int64_t)pages * size;
  }
  /* a container's own limit (cgroup v2) is lower than what the host has free */
  int64_t max = read_bytes_file("/sys/fs/cgroup/memory.max"), cur = read_bytes_file("/sys/fs/cgroup/memory.current");
  if (max > 0 && cur >= 0) {
    int64_t left = max > cur ? max - cur : 0;
    if (avail <= 0 || left < avail) avail = left;
  }
  /* what is left under this process's own limits: the address space and the data segment it already uses count */
  static const struct {
    int resource, statm_field;
  } res[] = {{RLIMIT_AS, 0}, {RLIMIT_DATA, 5}};
  for (size_t i = 0; i < sizeof res / sizeof res[0]; i++) {
    struct rlimit rl;
    if (getrlimit(res[i].resource, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY) continue;
    int64_t used = statm_bytes(res[i].statm_field);
    int64_t left = (int64_t)rl.rlim_cur > used ? (int64_t)rl.rlim_cur - used : 1; /* 1: nothing left, yet known */
    if (avail <= 0 || left < avail) avail = left;
  }
  return avail;
}

eto_status eto_measure_check_limits(const eto_op *op, int workers, const eto_measure_limits *lim, eto_measure_cost *cost,
                                    char *msg, int cap) {
  eto_measure_limits d;
  if (!lim) {
    eto_measure_limits_default(&d);
    lim = &d;
  }
  eto_measure_cost c;
  eto_measure_cost_of(op, workers, lim->reference_rate, &c);
  if (cost) *cost = c;
  if (msg && cap > 0) msg[0] = '\0';
  int64_t avail = lim->available_bytes > 0 ? lim->available_bytes : eto_measure_available_memory();
  if (avail > 0 && c.bytes > avail) {
    if (msg)
      snprintf(msg, (size_t)cap,
               "needs %.1f GB of memory for its tensors (inputs %.2f GB, the reference output and %d worker "
               "output%s of %.2f GB each), %.1f GB available",
               (double)c.bytes / 1e9, (double)c.input_bytes / 1e9, c.workers, c.workers == 1 ? "" : "s",
               (double)c.output_bytes / 1e9, (double)avail / 1e9);
    return ETO_ERR_LIMIT;
  }
  if (lim->max_reference_seconds > 0 && c.reference_seconds > lim->max_reference_seconds) {
    if (msg)
      snprintf(msg, (size_t)cap,
               "its reference kernel would take about %.0f s (%.3g FLOP at an assumed %.2g GFLOP/s of the naive "
               "kernels), above the limit of %.0f s",
               c.reference_seconds, c.reference_flops,
               (lim->reference_rate > 0 ? lim->reference_rate : ETO_MEASURE_REFERENCE_RATE) / 1e9,
               lim->max_reference_seconds);
    return ETO_ERR_LIMIT;
  }
  return ETO_OK;
}
