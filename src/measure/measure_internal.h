/* measure_internal.h — private to src/measure: the implementation table behind eto_measurer, the data every
 * implementation shares (inputs, reference, tolerance: built once, in measure.c), and the worker-process
 * plumbing (worker.c). A new target kind is one implementation file plus one line in measure.c's table. */
#ifndef ETO_MEASURE_INTERNAL_H
#define ETO_MEASURE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "measure.h"

#define ETO_MEASURE_MAX_ARGS (ETO_MAX_INPUTS + 1)

/* Inputs, reference output and the check's tolerance of one operator. */
typedef struct {
  eto_op op;
  eto_compute c;
  int nin;
  float *in[ETO_MEASURE_MAX_ARGS]; /* eto_op_num_inputs: the main inputs, then the bias */
  int64_t in_n[ETO_MEASURE_MAX_ARGS];
  int64_t out_n;
  float *ref;
  double flops;
  double ref_scale; /* absolute part of the tolerance: float32 accumulation drift grows with the reduction */
} eto_measure_data;

/* Draws the inputs (uniform in [-1, 1), seeded) and computes the reference. Returns ETO_OK or ETO_ERR_NOMEM
 * (d is then cleared). */
eto_status eto_measure_data_build(const eto_op *op, uint64_t seed, eto_measure_data *d);
void eto_measure_data_clear(eto_measure_data *d);

typedef struct eto_measurer_impl eto_measurer_impl;

struct eto_measurer {
  const eto_measurer_impl *impl;
  eto_target t; /* the target results are keyed by */
  eto_measure_opts o;
  eto_measure_data d;
  double best; /* caller's best latency so far (pruning); 0 = none */
  void *ctx;   /* the implementation's own state */
};

/* One implementation of the measurer interface. */
struct eto_measurer_impl {
  const char *name;
  eto_target_kind kind;
  /* The machine's target of this kind (see eto_measure_machine_target). */
  eto_status (*machine_target)(int threads, eto_target *out, char *msg, int cap);
  /* Called with m->o and m->d filled and m->t = the requested target: starts what the implementation needs,
   * sets m->ctx and m->t (the target results are keyed by). On failure it frees what it started. */
  eto_status (*open)(eto_measurer *m, char *msg, int cap);
  /* Builds ps[0..n-1] (up to jobs at once), checks and times them one at a time; every failure is a result. */
  void (*run_batch)(eto_measurer *m, const eto_program *ps, int n, eto_measure_result *out);
  int (*jobs)(const eto_measurer *m);
  int (*protocol)(const eto_measure_opts *o, char *buf, int cap);
  /* Stops the workers and frees m->ctx (which may be NULL). */
  void (*close)(eto_measurer *m);
};

extern const eto_measurer_impl eto_measure_cpu_impl;
extern const eto_measurer_impl eto_measure_cuda_impl;

/* ---- worker-process plumbing shared by the implementations (worker.c) ---- */

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
/* The timing fields of r from reps per-run times (sorted in place): median, min, max, repeats, runs per repeat,
 * GFLOP/s (0 when the median is 0). */
void eto_measure_summarize(double *times, int reps, int64_t runs, double flops, eto_measure_result *r);
/* Whether a candidate with a best to beat is screened (eto_measure_opts.screen_seconds), and whether the quick
 * screen runs before the screen (quick_seconds). */
int eto_measure_screen_on(const eto_measure_opts *o);
int eto_measure_quick_on(const eto_measure_opts *o);
/* The screens as a protocol line says them (empty when they are off): "<lead> screened by 3 repeats of >= 8 ms
 * (one whose median is > 1.1-1.25x ... the best keeps that result), then by ... (> 1.02x: the same; <others> get
 * the full protocol)". Returns the length needed (snprintf contract). */
int eto_measure_screen_text(const eto_measure_opts *o, const char *lead, const char *others, char *buf, int cap);
/* A result of a batch lowers the best that the batch's later candidates are pruned and screened against. */
void eto_measurer_note_result(eto_measurer *m, const eto_measure_result *r);

#endif
