/* base.h — what every module of etotune shares and nothing else: status codes and their names, the project's
 * string hash, a monotonic clock, small integer helpers, page-aligned tensor buffers and the JSON file writer.
 * It depends on no other module (docs/architecture.md: the bottom of the dependency graph), so that a module
 * needing a status code or a clock does not have to import the operator model.
 */
#ifndef ETO_BASE_H
#define ETO_BASE_H

#include <stddef.h>
#include <stdint.h>

/* The status every fallible call of etotune returns; details go to a message the call (or its handle) keeps. */
typedef enum {
  ETO_OK = 0,
  ETO_ERR_PARSE = 1, /* malformed input; message says FILE:LINE:COL */
  ETO_ERR_IO,        /* a file could not be read or written, or the cache failed */
  ETO_ERR_NOMEM,
  ETO_ERR_UNSUPPORTED, /* not possible on this machine or build (a target without a device, ...) */
  ETO_ERR_INVALID,     /* bad argument */
  ETO_ERR_LIMIT,       /* a size limit was exceeded */
} eto_status;

/* Static lower-case name of a status ("ok", "parse", "io", "nomem", "unsupported", "invalid", "limit"); "?"
 * for a value out of range. */
const char *eto_status_name(eto_status s);

/* The project's string hash: FNV-1a, 64 bits, continuing from h (start from ETO_HASH_SEED), stable across runs
 * and machines. The seed is not FNV's usual offset basis: target fingerprints, and so the cache keys of every
 * stored program, were made with it, so it stays. For hash tables, fingerprints and de-duplication; the cache's
 * own keys add a finalizer (cache/store.c). */
#define ETO_HASH_SEED 1469598103934665603ull
uint64_t eto_hash_str(uint64_t h, const char *s);

/* Monotonic seconds (CLOCK_MONOTONIC): for durations, never for dates. */
double eto_now(void);

/* The whole machine's CPU time so far, from /proc/stat's "cpu" line, in seconds: busy (user, nice, system, irq,
 * softirq, steal) and, of that, steal (time the hypervisor gave this machine's virtual cores to others). Both 0
 * when /proc/stat cannot be read. Differences of two calls tell what the machine did in between. */
void eto_host_cpu_seconds(double *busy, double *steal);

/* Greatest common divisor of |a| and |b| (gcd(0, b) = |b|). */
int64_t eto_gcd64(int64_t a, int64_t b);

/* A tensor buffer of `bytes` bytes (at least 1), page-aligned (4096), freed by free(); NULL when out of memory. One
 * of 64 KiB or more is whole 2 MiB pages, 2 MiB-aligned and advised as transparent huge pages (madvise; where the
 * machine has none, 4 KiB pages as before).
 * Kernels run at different speeds for different relative placements of their arrays (4 KiB aliasing between a
 * stream read and one written, split cache lines), and malloc places a large buffer by the process's history
 * (mmap at a page offset of 16 bytes first, the heap at any offset once a large block was freed): every buffer
 * a program is measured or benchmarked on comes from here, so that its time does not depend on what the process
 * did before. On 4 KiB pages it still depended on which physical pages a process got: the attention context's
 * member of 64 ran at 360-373 GFLOP/s in three fresh measurers and at 451-457 on huge pages (bench/RESULTS.md S.3),
 * where a search had stored 463. */
void *eto_buffer_alloc(size_t bytes);
/* eto_buffer_alloc whose pages, for one of 64 KiB or more, are new ones, huge where the machine has them: once a
 * process has freed a large block, malloc serves the next from its heap, whose pages written before are 4 KiB pages
 * the advice does not change, so eto_buffer_alloc's later buffers in a long process are partly on 4 KiB pages and
 * which ones depends on its history (bench/RESULTS.md BK.1). Used where candidates are compared for users' arrays
 * (the export's picks); the measurer keeps eto_buffer_alloc (ResNet-50's convolutions measured slower on wholly
 * huge pages, BK.3). Freed by free(). */
void *eto_buffer_alloc_fresh(size_t bytes);
/* The share of the resident pages of [p, p + bytes) that are parts of transparent huge pages (/proc/self/pagemap and
 * /proc/kpageflags' THP bit: root only), or -1 when those cannot be read or none is resident (checks, benchmarks). */
double eto_buffer_huge_share(const void *p, size_t bytes);

/* The median of v[0..n-1], n >= 1 (the mean of the two middle values when n is even); sorts v in place. */
double eto_median(double *v, int n);

/* Writes text plus a newline to path, replacing the file. Returns ETO_OK, or ETO_ERR_IO with "cannot write PATH:
 * reason" in msg. */
eto_status eto_write_text_file(const char *text, const char *path, char *msg, int cap);

struct cJSON;
/* Writes doc (a cJSON tree; not freed) as indented JSON plus a newline to path, replacing the file. Returns
 * ETO_OK, ETO_ERR_NOMEM (printing failed), or ETO_ERR_IO with "cannot write PATH: reason" in msg. */
eto_status eto_json_write_file(const struct cJSON *doc, const char *path, char *msg, int cap);

#endif
