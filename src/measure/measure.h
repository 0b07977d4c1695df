/* measure.h — the measurer interface: build a batch of candidate programs, check each against the reference,
 * time it, describe the target, close. One interface, one implementation per target kind (a table of
 * functions plus a context, as ggml's backends), picked by eto_measurer_create from the target:
 *
 *   cpu   lower -> LLVM IR -> O3 -> ORC JIT -> the block thread pool, in forked worker processes
 *         (measure_cpu.c);
 *   cuda  lower -> CUDA C -> NVRTC CUBIN -> the CUDA driver API loaded with dlopen (never linked), in a forked
 *         worker process, timed with events (measure_cuda.c, cuda_driver.c). Where no driver or device exists
 *         (cuInit fails), or NVRTC is absent from the build, it says so (ETO_ERR_UNSUPPORTED) and measures
 *         nothing: there is no simulated device.
 *
 * Data flow: a measurer is created for one operator: the seeded random inputs, the reference output
 * (eto_op_reference) and the check's tolerance are built once, in one place for every implementation
 * (measure.c). Each candidate goes to a worker process (forked from the measurer, so it shares the inputs and
 * the reference), which builds it, runs it once, compares the output with the reference, and times it. A
 * crash, a hang past the timeout, a compile failure, a resource violation or a wrong result comes back as a
 * measure error of its kind; the worker is restarted and the caller goes on. Timing runs one candidate at a
 * time; building does not have to: eto_measurer_run_batch builds up to eto_measurer_jobs candidates at once
 * (cpu: one per worker process) and then checks and times them one after the other (a build never overlaps a
 * timed run).
 *
 * Fork safety: workers are forked lazily at the first measurement and after each failure; create the
 * measurer before starting threads you do not want duplicated, and never share an LMDB environment with it.
 * The calling process never initializes the CUDA driver (a process that has cannot use it in a forked child).
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

/* Test-only faults injected into the worker. The _ONCE kinds hang on a candidate's first attempt only (the
 * build before it reports compiled, or the run), as a candidate slowed past its timeout by other processes
 * would: on the cpu, a timeout while the machine was loaded is retried (eto_measure_result.retried). */
typedef enum {
  ETO_FAULT_NONE,
  ETO_FAULT_CRASH,
  ETO_FAULT_HANG,
  ETO_FAULT_WRONG,
  ETO_FAULT_BUILD_HANG_ONCE,
  ETO_FAULT_HANG_ONCE
} eto_fault;

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
  double screen_seconds;     /* cpu, > 0 and < min_repeat_seconds: once the caller set a best latency, a
                                candidate is first timed by `repeats` short repeats of >= this many seconds (the
                                screen); one whose screen median is above confirm_ratio x the best is reported
                                from the screen (result .screened = 1): it cannot be the best. Any other, and any
                                candidate whose screen other processes disturbed, is timed by the full protocol
                                above, so every best latency comes from it. Default 0.02; 0 = off */
  double confirm_ratio;      /* see screen_seconds (default 1.02: the screen's median is within about 2% on a quiet machine) */
  double quick_seconds;      /* cpu, > 0 and < screen_seconds (screen on): before the screen, `repeats` repeats of
                                >= this many seconds (the quick screen); one whose median is above quick_ratio x
                                the best is reported from them (.screened = .quick = 1). Most candidates of a
                                search are far from its best, and a 2% verdict needs the longer screen only near
                                it. A quick screen other processes disturbed decides nothing. Default 0.008 (3
                                repeats span the 20 ms that /proc/stat needs to see other processes); 0 = off */
  double quick_ratio;        /* see quick_seconds: the quick screen's bar is quick_ratio x the best where its
                                repeats spread (default 1.25: far beyond a quick screen's noise on a quiet
                                machine), and down to quick_min_ratio where they agree (eto_measure_quick_bar) */
  double quick_min_ratio;    /* default 1.10; >= quick_ratio: a fixed bar of quick_ratio */
  int decide_early;          /* cpu, with a best set: the screen (not the quick one) stops once a majority of its
                                repeats is above confirm_ratio x the best, the full protocol once a majority is
                                above the best: their medians are then too, whatever the other repeats give (the
                                same verdict, fewer repeats; result .decided_early = 1, .repeats as run). A
                                candidate that may become the best always gets every repeat. Default 1 */
} eto_measure_opts;

/* Fills the defaults above. */
void eto_measure_opts_default(eto_measure_opts *o);
/* The quick screen's bar, a multiple of the best, for its n repeats `times` of median `median`: 1 + 3x their
 * relative spread ((max - min) / median), within [o->quick_min_ratio, o->quick_ratio]. Three repeats that agree
 * within 3.3% give the lowest bar (default 1.10), a spread of 8% or more the highest (1.25): a tight bar only
 * where the screen itself shows little noise. */
double eto_measure_quick_bar(const eto_measure_opts *o, const double *times, int n, double median);
/* One printable line describing the protocol of a target kind's measurer for options o (NULL = defaults):
 * check, warm-up, repeats, median, timeouts, pruning; on the cpu, repeats during which other processes used
 * more than 15% of the cores (from /proc/stat) are measured again, up to 2 x repeats times, and a candidate whose
 * build or run timed out under such load is measured once more, alone, with doubled timeouts before a timeout
 * is recorded. Returns the length needed (snprintf contract). */
int eto_measure_protocol(eto_target_kind kind, const eto_measure_opts *o, char *buf, int cap);

typedef struct {
  eto_measure_error error;
  char message[256];
  double median, min, max;   /* seconds per run (OK only) */
  int repeats;
  int64_t runs_per_repeat;
  double compile_seconds;    /* lowering + LLVM (when it got that far); wall time of this candidate's build,
                                which may have overlapped other builds of its batch */
  double build_wall;         /* its share of its batch's build phase: the wall time from sending the builds to
                                the last one's end, divided by the candidates built together */
  double check_seconds;      /* the check run against the reference (wall) */
  double timing_seconds;     /* warm-up and timed repeats, the screen's included (wall) */
  int screened;              /* timed by the short screen alone (see screen_seconds) */
  int quick;                 /* of which by the quick screen (see quick_seconds) */
  double gflops;             /* flops / median */
  double max_rel_error;      /* of the check run */
  int disturbed_repeats;     /* repeats thrown away because another process used > 15% of the cores (a disturbed
                                screen counts its repeats) */
  int pruned;                /* timed by its check run alone (see prune_ratio); median = min = max = that run */
  int decided_early;         /* its screen or full protocol stopped before `repeats` (see decide_early) */
  int retried;               /* cpu: its build or run timed out while other processes used more than 15% of the
                                cores, so it was measured once more, alone, with doubled timeouts; this result is
                                that second attempt's (a timeout again is recorded as one) */
  double timeout_load;       /* share of the cores (0..1) other processes used while its first attempt timed out;
                                0 when it did not time out */
} eto_measure_result;

typedef struct eto_measurer eto_measurer;

/* The target this machine measures for, of a kind: cpu, the host (eto_target_cpu(threads)); cuda, device 0's
 * own (eto_cuda_device_target), found in a child process. Call it before planning: ETO_ERR_UNSUPPORTED says,
 * in msg, what is missing (no CUDA driver, no device, a build without NVRTC), so that a command can stop
 * before any work. Returns ETO_OK with *out filled. */
eto_status eto_measure_machine_target(eto_target_kind kind, int threads, eto_target *out, char *msg, int cap);

/* Creates a measurer for op on target t, by t's kind (opts NULL = defaults). The inputs and the reference are
 * computed now (a second for large operators). cpu: t is any cpu target (its cores and vector width shape the
 * programs; measurement runs on this host). cuda: t must have the arch of device 0 (results are keyed by the
 * device's own target: eto_measurer_target). Returns ETO_OK; ETO_ERR_UNSUPPORTED with the reason in msg when
 * the kind cannot be measured here; ETO_ERR_INVALID (t's arch is not the device's); ETO_ERR_NOMEM. */
eto_status eto_measurer_create(const eto_op *op, const eto_target *t, const eto_measure_opts *opts, eto_measurer **out,
                               char *msg, int cap);
/* The target measurements are made for and keyed by (cpu: the t given to create; cuda: the device's). Valid
 * until the measurer is freed. */
const eto_target *eto_measurer_target(const eto_measurer *m);
/* "cpu" or "cuda". */
const char *eto_measurer_name(const eto_measurer *m);
/* The measurer's protocol line (eto_measure_protocol for its kind and options). */
int eto_measurer_protocol(const eto_measurer *m, char *buf, int cap);
/* Measures one program. Never fails as a call: every failure is a result. */
void eto_measurer_run(eto_measurer *m, const eto_program *p, eto_measure_result *out);
/* Measures programs ps[0..n-1] into out[0..n-1], in order: the same results as n calls of eto_measurer_run,
 * but up to eto_measurer_jobs(m) candidates are built at once, then checked and timed one at a time. A crash,
 * hang or timeout costs only its own candidate. When a best latency was set, every OK result faster than it
 * becomes the new best (as a caller would do between single runs). */
void eto_measurer_run_batch(eto_measurer *m, const eto_program *ps, int n, eto_measure_result *out);
/* The most candidates a batch builds at once: eto_measurer_jobs never exceeds it, so callers can size batches
 * with it. */
#define ETO_MEASURE_MAX_JOBS 16
/* How many candidates eto_measurer_run_batch builds at once (1..ETO_MEASURE_MAX_JOBS): a batch size that keeps
 * them all busy. */
int eto_measurer_jobs(const eto_measurer *m);
/* The best latency (seconds) the caller has measured so far for this operator; candidates far slower are
 * pruned (see prune_ratio). 0 (the initial value) disables pruning. */
void eto_measurer_set_best(eto_measurer *m, double seconds);
/* Stops the workers and frees everything; NULL is a no-op. */
void eto_measurer_free(eto_measurer *m);

/* ---- up-front limits: what measuring an operator costs before its first candidate ----
 *
 * eto_measurer_create holds the operator's inputs and reference output in the calling process, and every
 * worker process holds one output of its own (workers share the rest with the parent, copy-on-write); the
 * reference is computed by the naive kernels of src/op at once. An operator too large for the machine would
 * die of OOM, and a huge one would sit in the reference kernel for an hour: commands check these costs
 * against the limits below before any work starts. */

/* The naive reference kernels' speed assumed by the time estimate, in FLOP/s: conservative (slow) on
 * purpose. Measured on this project's CI machine: 0.29 GFLOP/s for matmul 1024^3 (the worst shape, columns
 * 4 KiB apart), 0.8-3 GFLOP/s for the other kinds. */
#define ETO_MEASURE_REFERENCE_RATE 0.2e9
/* Default limit on the estimated time of the reference kernel, seconds. */
#define ETO_MEASURE_MAX_REFERENCE_SECONDS 120.0

typedef struct {
  int64_t input_bytes;      /* the operator's inputs, held once */
  int64_t output_bytes;     /* one output tensor */
  int workers;              /* worker processes that each hold an output */
  int64_t bytes;            /* input_bytes + output_bytes (reference) + workers x output_bytes */
  double reference_flops;   /* eto_op_flops: an upper bound of the reference kernel's work */
  double reference_seconds; /* reference_flops / the rate assumed */
} eto_measure_cost;

typedef struct {
  int64_t available_bytes;      /* memory the measurement may use; 0 = eto_measure_available_memory() */
  double max_reference_seconds; /* 0 = no limit; default ETO_MEASURE_MAX_REFERENCE_SECONDS */
  double reference_rate;        /* FLOP/s assumed; 0 = ETO_MEASURE_REFERENCE_RATE */
} eto_measure_limits;

/* Fills the defaults above. */
void eto_measure_limits_default(eto_measure_limits *l);
/* Worker processes that hold an output buffer, for a measurer for target t and options o (the memory limit
 * counts one output each): cpu, o->build_jobs or the target's cores, at most ETO_MEASURE_MAX_JOBS (also its
 * eto_measurer_jobs); cuda, 1 (the GPU worker; its builder processes, eto_measurer_jobs of them, hold none). */
int eto_measure_workers(const eto_target *t, const eto_measure_opts *o);
/* What measuring op with `workers` worker processes costs (rate in FLOP/s; <= 0 = ETO_MEASURE_REFERENCE_RATE). */
void eto_measure_cost_of(const eto_op *op, int workers, double rate, eto_measure_cost *out);
/* Memory this process can still use, in bytes: MemAvailable of /proc/meminfo (else sysconf's available pages),
 * lowered to what is left under the cgroup's memory.max and under this process's RLIMIT_AS / RLIMIT_DATA where
 * those are set (the limit minus the address space / data it already uses). 0 when it cannot be told (then no
 * memory check is made). */
int64_t eto_measure_available_memory(void);
/* Checks op's cost (eto_measure_cost_of with `workers`) against the limits (NULL = defaults). Returns ETO_OK,
 * or ETO_ERR_LIMIT with one line in msg saying which limit and by how much ("needs 25.9 GB of memory for its
 * tensors (...), 12.3 GB available" / "its reference kernel would take about 5497 s (...), above the limit of
 * 120 s"); *cost (may be NULL) is filled in both cases. The message names neither the operator nor a remedy:
 * the caller knows both. */
eto_status eto_measure_check_limits(const eto_op *op, int workers, const eto_measure_limits *lim, eto_measure_cost *cost,
                                    char *msg, int cap);

/* ---- CUDA devices (found in child processes: the caller stays free of driver state) ---- */

typedef struct {
  char name[128];
  char arch[16]; /* "sm_86", from the compute capability */
  int cc_major, cc_minor;
  int sm_count;
  int max_threads_per_block;
  int warp_size;
  int regs_per_block;
  int64_t smem_per_block; /* default (non opt-in) static limit, bytes */
  int64_t total_mem;      /* bytes */
  int driver_version;     /* cuDriverGetVersion: 12040 for 12.4 */
} eto_cuda_device_info;

/* Looks for CUDA device `ordinal` in a child process (the caller stays free of driver state). Returns ETO_OK
 * and fills *out; ETO_ERR_UNSUPPORTED with the reason in msg when there is no driver (libcuda.so.1 cannot be
 * loaded), cuInit fails or there is no such device — the message ends with "kernels can be compiled and
 * checked, not measured". */
eto_status eto_cuda_probe(int ordinal, eto_cuda_device_info *out, char *msg, int cap);

/* Fills *out for a detected device: the architecture table's limits (the closest known architecture for a
 * newer one), with the device's name, SM count, threads and shared memory per block; its fingerprint covers
 * the device name, architecture, SM count, driver version and code generator version. */
void eto_cuda_device_target(const eto_cuda_device_info *d, eto_target *out);

#endif
