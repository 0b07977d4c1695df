/* base.c — status names, the string hash, the clock, gcd, tensor buffers and the JSON file writer (base.h). */
#include "base.h"

#include <cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static const char *const status_names[] = {"ok", "parse", "io", "nomem", "unsupported", "invalid", "limit"};
_Static_assert(sizeof status_names / sizeof status_names[0] == ETO_ERR_LIMIT + 1, "one name per status");

const char *eto_status_name(eto_status s) {
  return (unsigned)s <= (unsigned)ETO_ERR_LIMIT ? status_names[s] : "?";
}

uint64_t eto_hash_str(uint64_t h, const char *s) {
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
  return h;
}

double eto_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void eto_host_cpu_seconds(double *busy, double *steal) {
  *busy = *steal = 0;
  FILE *f = fopen("/proc/stat", "r");
  if (!f) return;
  unsigned long long v[8] = {0};
  int got = fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]);
  fclose(f);
  if (got < 4) return;
  long hz = sysconf(_SC_CLK_TCK);
  double tick = 1.0 / (double)(hz > 0 ? hz : 100);
  *busy = (double)(v[0] + v[1] + v[2] + v[5] + v[6] + v[7]) * tick;
  *steal = (double)v[7] * tick;
}

int64_t eto_gcd64(int64_t a, int64_t b) {
  if (a < 0) a = -a;
  if (b < 0) b = -b;
  while (b) {
    int64_t r = a % b;
    a = b;
    b = r;
  }
  return a;
}

/* Buffers of at least ETO_BUFFER_HUGE_MIN bytes: 2 MiB-aligned, whole 2 MiB pages, advised as huge pages */
#define ETO_BUFFER_HUGE ((size_t)2 << 20)
#define ETO_BUFFER_HUGE_MIN ((size_t)64 << 10)

static void *buffer_alloc(size_t bytes, int fresh) {
  if (bytes >= ETO_BUFFER_HUGE_MIN) {
    size_t n = (bytes + ETO_BUFFER_HUGE - 1) / ETO_BUFFER_HUGE * ETO_BUFFER_HUGE;
    void *p = aligned_alloc(ETO_BUFFER_HUGE, n);
    if (p) {
      /* [p, p + n) is whole 2 MiB pages of this block alone (the allocator's header before p, the next block's at
       * p + n or after): dropping them leaves nothing of anyone else's, and the first touch takes new pages */
      if (fresh) (void)madvise(p, n, MADV_DONTNEED);
      (void)madvise(p, n, MADV_HUGEPAGE); /* advice only: without transparent huge pages, 4 KiB pages */
      return p;
    }
  }
  size_t n = (bytes + 4095) / 4096 * 4096;
  return aligned_alloc(4096, n > 0 ? n : 4096);
}

void *eto_buffer_alloc(size_t bytes) { return buffer_alloc(bytes, 0); }

void *eto_buffer_alloc_fresh(size_t bytes) { return buffer_alloc(bytes, 1); }

double eto_buffer_huge_share(const void *p, size_t bytes) {
  int pm = open("/proc/self/pagemap", O_RDONLY), kf = open("/proc/kpageflags", O_RDONLY);
  int64_t resident = 0, huge = 0;
  uintptr_t first = (uintptr_t)p / 4096, last = ((uintptr_t)p + bytes + 4095) / 4096;
  for (uintptr_t v = first; pm >= 0 && kf >= 0 && v < last; v++) {
    uint64_t e, flags;
    if (pread(pm, &e, sizeof e, (off_t)(v * sizeof e)) != (ssize_t)sizeof e) break;
    uint64_t pfn = e & ((UINT64_C(1) << 55) - 1);
    if (!(e >> 63 & 1) || pfn == 0) continue; /* not present, or the frame hidden (not root) */
    if (pread(kf, &flags, sizeof flags, (off_t)(pfn * sizeof flags)) != (ssize_t)sizeof flags) break;
    resident++;
    huge += (int64_t)(flags >> 22 & 1); /* KPF_THP */
  }
  if (pm >= 0) close(pm);
  if (kf >= 0) close(kf);
  return resident > 0 ? (double)huge / (double)resident : -1;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

double eto_median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

eto_status eto_write_text_file(const char *text, const char *path, char *msg, int cap) {
  FILE *f = fopen(path, "w");
  int ok = f && fputs(text, f) >= 0 && fputc('\n', f) != EOF;
  int err = errno;
  if (f && fclose(f) != 0) ok = 0, err = errno;
  if (!ok) {
    if (msg && cap > 0) snprintf(msg, cap, "cannot write %s: %s", path, strerror(err));
    return ETO_ERR_IO;
  }
  return ETO_OK;
}

eto_status eto_json_write_file(const struct cJSON *doc, const char *path, char *msg, int cap) {
  char *s = cJSON_Print(doc);
  if (!s) {
    if (msg && cap > 0) snprintf(msg, cap, "out of memory printing JSON for %s", path);
    return ETO_ERR_NOMEM;
  }
  eto_status st = eto_write_text_file(s, path, msg, cap);
  free(s);
  return st;
}
