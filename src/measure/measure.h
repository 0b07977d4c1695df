/* measure.h — build, run, verify and time candidate programs in an isolated worker process.
 *
 * Data flow: a measurer is created for one operator: it draws seeded random inputs and computes the
 * reference output once (eto_op_reference). Each candidate program is sent to a worker process (forked
 * from the measurer, so it shares the inputs and the reference), which lowers it, JIT-compiles it, runs it
 * once, compares the output with the reference, and times it. A crash, a hang past the timeout, a compile
 * failure, a resource violation or a wrong result comes back as a measure error of its kind; the worker is
 * restarted and the caller goes on. Timing runs one candidate at a time; building does not have to:
 * eto_measurer_run_batch builds up to build_jobs candidates at once, one per worker process, and then checks
 * and times them one after the other while the other workers wait (a build never overlaps a timed run).
 *
 * Fork safety: the worker is forked lazily at the first measurement and after each failure; create the
 * measurer before starting threads you do not want duplicated, and never share an LMDB environment with it.
 */
#ifndef ETO_MEASURE_H
#define ETO_MEASURE_H

#include <stddef.h>
#include <stdint.h>

#include "op.h"
#include "schedule.h"
#include "target.h"

/* Error kinds, as in Ansor. */
typedef enum {
  ETO_MEASURE_OK,
  ETO_MEASURE_INSTANTIATION, /* the program is not valid for the operator or the target */
  ETO_MEASURE_COMPILE,       /* lowering or code generation failed */
  ETO_MEASURE_RUNTIME,       /* the worker died (signal) or failed while running */
  ETO_MEASURE_WRONG_ANSWER,  /* output differs from the reference */
  ETO_MEASURE_BUILD_TIMEOUT,
  ETO_MEASURE_RUN_TIMEOUT,
  ETO_MEASURE_ERROR_COUNT
} eto_measure_error;

/* Stable lower-case names ("ok", "instantiation", "compile", "runtime", "wrong_answer", "build_timeout",
 * "run_timeout"): they are stored in the cache. */
const char *eto_measure_error_name(eto_measure_error e);
/* Inverse of eto_measure_error_name; -1 when unknown. */
int eto_measure_error_from_name(const char *name);

typedef enum { ETO_FAULT_NONE, ETO_FAULT_CRASH, ETO_FAULT_HANG, ETO_FAULT_WRONG } eto_fault;

typedef struct {
  double min_repeat_seconds; /* each repeat runs the kernel until this much time passed (default 0.1) */
  int repeats;               /* repeats; the median is reported (default 3) */
  int warmup;                /* untimed runs after the check run (default 1) */
  double build_timeout;      /* seconds (default 10) */
  double run_timeout;        /* seconds (default 10) */
  int threads;               /* threads that run blocks; 0 = target cores */
  uint64_t seed;             /* inputs (default 1) */
  int flush_cache;           /* flush caches before every timed run (then runs are timed one by one) */
  double rtol;               /* relative tolerance of the check (default 1e-3) */
  eto_fault fault;           /* test-only fault injection into the worker; ETO_FAULT_NONE otherwise */
  int build_jobs;            /* candidates eto_measurer_run_batch builds at once, each in its own worker process
                                (0 = the target's cores; 1 = one worker, builds one at a time) */
  double prune_ratio;        /* > 1: once the caller set a best latency (eto_measurer_set_best), a candidate
                                whose check run alone takes more than prune_ratio x that best (and >= 2 ms) is
                                reported from that one run, without warm-up and repeats (result .pruned = 1):
                                it cannot be the best, and slow candidates would otherwise dominate a search's
                                time. Default 3; 0 = off */
} eto_measure_opts;

/* Fills the defaults above. */
void eto_measure_opts_default(eto_measure_opts *o);
/* Repeats during which other processes used more than 15% of the cores (from /proc/stat) are measured
 * again, up to 2 x repeats times. */
/* One printable line describing the protocol ("warm-up 1, repeats 3 x >= 100 ms, median; ..."). */
int eto_measure_protocol(const eto_measure_opts *o, char *buf, int cap);

typedef struct {
  eto_measure_error error;
  char message[256];
  double median, min, max;   /* seconds per run (OK only) */
  int repeats;
  int64_t runs_per_repeat;
  double compile_seconds;    /* lowering + LLVM (when it got that far); wall time of this candidate's build,
                                which may have overlapped other builds of its batch */
  double gflops;             /* flops / median */
  double max_rel_error;      /* of the check run */
  int disturbed_repeats;     /* repeats thrown away because another process used > 15% of the cores */
  int pruned;                /* timed by its check run alone (see prune_ratio); median = min = max = that run */
} eto_measure_result;

typedef struct eto_measurer eto_measurer;

/* Creates a measurer for op on target t (only the cpu target measures here). opts NULL = defaults. The
 * reference is computed now (it may take a second for large operators). Returns ETO_OK or an error with a
 * message (ETO_ERR_UNSUPPORTED for a target that cannot measure here). */
eto_status eto_measurer_create(const eto_op *op, const eto_target *t, const eto_measure_opts *opts, eto_measurer **out,
                               char *msg, int cap);
/* Measures one program. Never fails as a call: every failure is a result. */
void eto_measurer_run(eto_measurer *m, const eto_program *p, eto_measure_result *out);
/* Measures programs ps[0..n-1] into out[0..n-1], in order: the same results as n calls of eto_measurer_run,
 * but up to eto_measurer_jobs(m) candidates are built at once (in as many worker processes), then checked and
 * timed one at a time. A crash, hang or timeout costs only its own candidate. When a best latency was set,
 * every OK result faster than it becomes the new best (as a caller would do between single runs). */
void eto_measurer_run_batch(eto_measurer *m, const eto_program *ps, int n, eto_measure_result *out);
/* The most workers a measurer has: eto_measurer_jobs never exceeds it, so callers can size batches with it. */
#define ETO_MEASURE_MAX_JOBS 16
/* How many candidates eto_measurer_run_batch builds at once (1..ETO_MEASURE_MAX_JOBS): a batch size that keeps
 * them all busy. */
int eto_measurer_jobs(const eto_measurer *m);
/* The best latency (seconds) the caller has measured so far for this operator; candidates far slower are
 * pruned (see prune_ratio). 0 (the initial value) disables pruning. */
void eto_measurer_set_best(eto_measurer *m, double seconds);
/* Stops the worker and frees everything; NULL is a no-op. */
void eto_measurer_free(eto_measurer *m);

/* ---- worker-process plumbing shared by the measurers of every target (cpu here, cuda in src/cuda) ---- */

/* Whole-buffer pipe I/O, retrying on EINTR: 0, or -1 on error or end of file. */
int eto_measure_write_all(int fd, const void *p, size_t n);
int eto_measure_read_all(int fd, void *p, size_t n);
/* Waits up to `seconds` for fd to become readable: 1 ready, 0 timeout, -1 error. */
int eto_measure_wait_readable(int fd, double seconds);

typedef struct {
  int pid; /* 0 when no worker runs */
  int to_child, from_child;
} eto_worker;
/* The worker's body: reads requests from in_fd, writes replies to out_fd; returning ends the process. */
typedef void (*eto_worker_main_fn)(void *user, int in_fd, int out_fd);
/* Forks a worker running fn(user, ...) with only its two pipe ends open (every other descriptor is closed in
 * the child, so workers never hold each other's pipes). Returns 0, or -1 with errno. */
int eto_worker_start(eto_worker *w, eto_worker_main_fn fn, void *user);
/* Kills the worker first when kill_it, closes the pipes (the worker sees end of file) and reaps it; returns
 * its wait status (0 when no worker ran). A worker that already died keeps the status of its death. */
int eto_worker_stop(eto_worker *w, int kill_it);

/* Sends one request to the worker (SIGPIPE ignored meanwhile); on failure stops the worker and returns -1. */
int eto_worker_send(eto_worker *w, const void *req, size_t n);
/* The worker died before replying: stops (kills) it and writes why into msg — "worker killed by signal N (name)
 * while <doing>" or "worker exited while <doing>". */
void eto_worker_lost(eto_worker *w, const char *doing, char *msg, size_t cap);

/* Uniform in [-1, 1): the measurers' input values. */
float eto_measure_frand(eto_rng *r);
/* 1 when every |out - ref| <= rtol * (|ref| + ref_scale); else 0 with the first failing index in *where.
 * *worst_rel: the largest |out - ref| / (|ref| + ref_scale) seen (infinite for NaN). */
int eto_measure_check(const float *out, const float *ref, int64_t n, double rtol, double ref_scale, double *worst_rel,
                      int64_t *where);
/* Sorts a few values ascending in place (repeat times). */
void eto_measure_sort(double *v, int n);

#endif
