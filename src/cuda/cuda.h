/* cuda.h — the cuda target: loop IR -> CUDA C -> NVRTC CUBIN -> CUDA driver (loaded at run time).
 *
 * Data flow:
 *   (compute, program) --eto_lower(gpu=1)--> eto_kernel --eto_cuda_source--> CUDA C text
 *   CUDA C --eto_cuda_compile (NVRTC, --gpu-architecture=sm_XX --ptxas-options=-v)--> eto_cuda_binary
 *          (CUBIN + log; registers, static shared memory, stack and spills per kernel read from the ptxas
 * log) resources --eto_cuda_check_limits--> accepted, or rejected with a reason before anything runs
 *   eto_cuda_build does all of the above for one program; eto_cuda_compile_only_report runs it over random
 *   programs of a list of operators (`etotune measure --target cuda --compile-only`).
 *   eto_cuda_measurer: the eto_measurer contract (measure.h) for the cuda target: a worker process loads the
 *   driver with dlopen("libcuda.so.1") (never linked), builds, runs, checks against eto_op_reference and
 * times with events.
 *
 * Without a driver or a device (this project's build machines), everything up to and including the resource
 * check works; eto_cuda_probe and eto_cuda_measurer_create return ETO_ERR_UNSUPPORTED with a message that
 * says kernels can be compiled and checked but not measured.
 *
 * Kernel ABI of the emitted code:
 *   extern "C" __global__ void __launch_bounds__(THREADS) NAME(const float *__restrict__ IN0, ...,
 *                                                               float *__restrict__ out)
 *   arguments in the kernel's argument order (inputs in op order, bias, output), each 16-byte aligned (the
 *   driver's allocations are); grid = (kernel.blocks, 1, 1), block = (kernel.threads, 1, 1), no dynamic
 *   shared memory.
 *
 * The calling process never initializes the CUDA driver: probing and measuring happen in child processes,
 * because a process that has initialized CUDA cannot use it in a forked child.
 */
#ifndef ETO_CUDA_H
#define ETO_CUDA_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "lower.h"
#include "measure.h"
#include "op.h"
#include "schedule.h"
#include "target.h"

/* Registers per block on every architecture of the target table (sm_70 .. sm_90, also sm_100 and sm_120). */
#define ETO_CUDA_REGS_PER_BLOCK 65536
/* Registers are allocated per warp in units of this many. */
#define ETO_CUDA_REG_ALLOC_UNIT 256

/* ---- CUDA C printer ---- */

/* What the printer decided for one kernel. */
typedef struct {
  int index_bits;     /* 32 when every integer expression provably fits an int, else 64 (long long) */
  int vector_fetches; /* cooperative-fetch VECTOR loops emitted as one float2/float4 load and store */
  int scalar_fetches; /* VECTOR loops emitted as `#pragma unroll` scalar code (not provably
                         contiguous/aligned) */
  int floor_helpers; /* DIV/MOD whose dividend may be negative (printed with the eto_fdiv/eto_fmod helpers) */
  int64_t smem_bytes; /* static shared memory the kernel declares */
} eto_cuda_info;

/* Renders k (lowered with opts.gpu = 1) as CUDA C: a guarded prelude of __device__ helpers (safe to repeat
 * when several kernels are concatenated into one source) and one extern "C" __global__ function named `name`
 * (NULL: k->name; it must be a C identifier). *out is malloc'ed (the caller frees it); info may be NULL.
 * Returns ETO_OK, ETO_ERR_INVALID for a kernel that was not lowered for a GPU, ETO_ERR_NOMEM. */
eto_status eto_cuda_source(const eto_kernel *k, const char *name, char **out, eto_cuda_info *info);
/* Same, written to f (ETO_ERR_IO when writing fails). */
eto_status eto_cuda_print(const eto_kernel *k, const char *name, FILE *f, eto_cuda_info *info);

/* The printer's analyses, exposed so that tests can check them against an execution of the IR.
 * eto_cuda_fetch_vector: returns the width (2 or 4) when the FOR statement s of k is a VECTOR loop the
 * printer emits as one float2/float4 access (the shared and global indices are proved contiguous in the loop
 * variable and aligned to the width, and every guard is uniform over the lanes), 0 otherwise.
 * eto_cuda_expr_range: bounds [*lo, *hi] of integer expression e over all values of the kernel's variables
 * (variables range over [0, extent) of the loops that bind them; unbound ones are 0). */
int eto_cuda_fetch_vector(const eto_kernel *k, const eto_stmt *s);
void eto_cuda_expr_range(const eto_kernel *k, const eto_expr *e, int64_t *lo, int64_t *hi);

/* ---- NVRTC ---- */

typedef struct {
  int registers; /* per thread */
  int barriers;
  int64_t smem_bytes;   /* static shared memory per block */
  int64_t stack_bytes;  /* per-thread stack frame (local arrays that stayed in local memory) */
  int64_t spill_stores; /* bytes */
  int64_t spill_loads;  /* bytes */
} eto_cuda_resources;

typedef struct {
  const char *arch;  /* "sm_80" when NULL */
  int max_registers; /* --maxrregcount; 0 = none */
} eto_cuda_compile_opts;

typedef struct eto_cuda_binary eto_cuda_binary;

/* Compiles CUDA C source (any number of kernels) to a CUBIN for opts->arch with NVRTC and the ptxas verbose
 * log. Returns ETO_OK with *out set; ETO_ERR_INVALID when NVRTC rejects the source or the options (an unknown
 * architecture): msg holds NVRTC's status and the start of its log, and *out is still set so that the whole
 * log can be read (eto_cuda_binary_log); ETO_ERR_NOMEM with *out NULL. Free *out with eto_cuda_binary_free.
 */
eto_status eto_cuda_compile(const char *source, const eto_cuda_compile_opts *opts, eto_cuda_binary **out,
                            char *msg, int cap);
/* CUBIN bytes (NULL and size 0 after a failed compilation); valid until the binary is freed. */
const void *eto_cuda_binary_cubin(const eto_cuda_binary *b, size_t *size);
/* The NVRTC log (compiler messages and ptxas info); never NULL. */
const char *eto_cuda_binary_log(const eto_cuda_binary *b);
/* Wall time of nvrtcCompileProgram, seconds. */
double eto_cuda_binary_seconds(const eto_cuda_binary *b);
/* Resources of kernel `name` read from the ptxas log. Returns 0, or -1 when the log has no such entry
 * function. */
int eto_cuda_binary_resources(const eto_cuda_binary *b, const char *name, eto_cuda_resources *out);
/* NULL is a no-op. */
void eto_cuda_binary_free(eto_cuda_binary *b);

/* NVRTC's version as major*1000 + minor*10 (13000 for 13.0), or -1. */
int eto_cuda_nvrtc_version(void);

/* Checks the resources of a kernel launched with `threads` threads per block against t's limits: threads per
 * block, registers per thread (t->regs_per_thread), registers per block (per-warp allocation in units of
 * ETO_CUDA_REG_ALLOC_UNIT, <= ETO_CUDA_REGS_PER_BLOCK) and static shared memory (t->max_shared_bytes). Spills
 * are reported, not rejected. Returns 0, or -1 with the reason in why. */
int eto_cuda_check_limits(const eto_cuda_resources *r, int64_t threads, const eto_target *t, char *why,
                          int cap);

/* ---- one program, end to end up to the run ---- */

typedef struct {
  eto_measure_error error; /* OK; INSTANTIATION: invalid for the target, or resources over its limits;
                              COMPILE: lowering or NVRTC failed */
  char message[512];       /* the reason when error != OK */
  char name[48];           /* kernel (entry function) name */
  int64_t blocks, threads; /* launch configuration */
  eto_cuda_resources res;  /* valid when NVRTC succeeded */
  eto_cuda_info info;      /* printer decisions (when lowering succeeded) */
  double compile_seconds;  /* NVRTC wall time */
  char *source;            /* CUDA C (malloc'ed; when lowering succeeded) */
  eto_cuda_binary *binary; /* when NVRTC succeeded (also for resource violations) */
} eto_cuda_build;

/* Validates p for t (eto_sched_validate), lowers it for a GPU, prints it as CUDA C named `name` (NULL:
 * "eto_kernel"), compiles it for t->arch and checks its resources against t's limits. Never fails as a call:
 * the outcome is in out->error; release out with eto_cuda_build_clear. */
void eto_cuda_build_program(const eto_compute *c, const eto_program *p, const eto_target *t, const char *name,
                            eto_cuda_build *out);
/* Frees what a build holds and zeroes it; NULL is a no-op. */
void eto_cuda_build_clear(eto_cuda_build *b);

/* `--compile-only`: for each of the nops operators, samples nprograms valid programs (seeded with `seed`,
 * limits of arch from the target table), builds each one and prints one line per program to f: program
 * summary, registers, static shared memory, spill stores/loads, stack, NVRTC milliseconds and status (ok or
 * the error kind and reason); then totals. *nfailed (may be NULL) receives the number of programs that did
 * not build or broke a limit. Returns ETO_OK, or ETO_ERR_INVALID for an unknown arch (nothing printed but the
 * reason on f). */
eto_status eto_cuda_compile_only_report(const eto_op *ops, int nops, int nprograms, const char *arch,
                                        uint64_t seed, FILE *f, int *nfailed);

/* ---- devices ---- */

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

/* ---- measurement (the eto_measurer contract for the cuda target) ---- */

typedef struct eto_cuda_measurer eto_cuda_measurer;

/* Creates a measurer for op on CUDA device 0: draws the inputs (opts->seed), computes the reference, starts a
 * worker process that loads the driver, uploads the inputs and reports the device. t may be NULL (the
 * device's own target, eto_cuda_device_target) or a cuda target whose arch must match the device's. opts NULL
 * = defaults (eto_measure_opts_default; `threads` is ignored). Returns ETO_OK; ETO_ERR_UNSUPPORTED with the
 * reason when no driver or device exists; ETO_ERR_INVALID when t is not a cuda target or its arch differs
 * from the device's. */
eto_status eto_cuda_measurer_create(const eto_op *op, const eto_target *t, const eto_measure_opts *opts,
                                    eto_cuda_measurer **out, char *msg, int cap);
/* The target measurements are made for: always the device's (eto_cuda_device_target; a t given to create only
 * has to agree on the architecture), so results are keyed by the device's fingerprint. Valid until the measurer
 * is freed. */
const eto_target *eto_cuda_measurer_target(const eto_cuda_measurer *m);
/* Measures one program: validates, builds (NVRTC in the worker), rejects resource violations, runs once and
 * compares with the reference, then times (warm-up, repeats of >= min_repeat_seconds timed with events,
 * median). Never fails as a call: every failure is a result (kinds as in measure.h); compile_seconds is
 * NVRTC's time and message names the resources of a successful run. */
void eto_cuda_measurer_run(eto_cuda_measurer *m, const eto_program *p, eto_measure_result *out);
/* Stops the worker and frees everything; NULL is a no-op. */
void eto_cuda_measurer_free(eto_cuda_measurer *m);
/* One printable line describing the cuda timing protocol for opts (NULL = defaults), for reports. Returns the
 * length needed (snprintf contract). */
int eto_cuda_measure_protocol(const eto_measure_opts *opts, char *buf, int cap);

#endif
