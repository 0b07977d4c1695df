/* codegen.h — loop IR -> machine code.
 *
 * CPU: the kernel is translated to LLVM IR through the LLVM C API (register tiles become SSA values, the
 * VECTOR loop becomes <W x float> operations with fused multiply-adds, UNROLL loops are expanded), optimized
 * with O3 for the host CPU (name and features from LLVM), and JIT-compiled with ORC LLJIT. The compiled
 * function runs a range of blocks; eto_pool runs all blocks in parallel on the cores.
 *
 * Compiled kernel ABI: void fn(float **args, int64_t block_begin, int64_t block_end), args in the kernel's
 * argument order (inputs, bias, output).
 */
#ifndef ETO_CODEGEN_H
#define ETO_CODEGEN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "lower.h"

typedef void (*eto_kernel_fn)(float **args, int64_t block_begin, int64_t block_end);

/* ---- LLVM JIT for the host CPU ---- */

typedef struct eto_jit eto_jit;
typedef struct eto_compiled eto_compiled;

/* Creates a JIT for the host. One per process; not thread-safe. Returns ETO_OK, or an error with LLVM's text
 * in msg. */
eto_status eto_jit_create(eto_jit **out, char *msg, int cap);
/* Frees the JIT and everything it compiled; NULL is a no-op. */
void eto_jit_free(eto_jit *j);

/* Compiles k. *out stays valid until eto_compiled_free or eto_jit_free. Returns ETO_OK or an error with a
 * message (LLVM verifier or JIT text). */
eto_status eto_jit_compile(eto_jit *j, const eto_kernel *k, eto_compiled **out, char *msg, int cap);
eto_kernel_fn eto_compiled_fn(const eto_compiled *c);
/* Releases the machine code of one kernel. NULL is a no-op. */
void eto_compiled_free(eto_compiled *c);

typedef enum { ETO_EMIT_LLVM_RAW, ETO_EMIT_LLVM_OPT, ETO_EMIT_ASM } eto_emit_kind;
/* Renders k as LLVM IR (before or after optimization) or host assembly. *text is malloc'ed; the caller frees
 * it. */
eto_status eto_codegen_emit(const eto_kernel *k, eto_emit_kind kind, char **text, char *msg, int cap);
/* Same, with the kernel function named `name` (a C identifier; NULL: k->name). */
eto_status eto_codegen_emit_named(const eto_kernel *k, eto_emit_kind kind, const char *name, char **text, char *msg,
                                  int cap);

/* Renders the n kernels ks as one module (LLVM IR or host assembly) holding one function per kernel, named
 * names[i] (C identifiers, all different: ETO_ERR_INVALID otherwise), so that the text builds as one unit.
 * *text is malloc'ed; the caller frees it. */
eto_status eto_codegen_emit_module(const eto_kernel *const *ks, const char *const *names, int n, eto_emit_kind kind,
                                   char **text, char *msg, int cap);

/* ---- ahead-of-time objects for the host CPU (etotune export) ---- */

typedef struct {
  int pic;    /* position-independent code (for shared libraries); else static relocations */
  int hidden; /* hidden visibility: the symbol links inside a shared library but is not exported from it */
} eto_object_opts;

/* Compiles k, optimized exactly as the JIT compiles it (same CPU name and features, O3), to an ELF object
 * holding one global function `name` (NULL: k->name) with the compiled kernel ABI above; it calls nothing
 * but possibly memset/memcpy. opts NULL: static relocations, default visibility. On ETO_OK *obj is
 * malloc'ed (the caller frees it) and holds *size bytes. Errors: ETO_ERR_INVALID (LLVM verifier or
 * codegen text in msg), ETO_ERR_UNSUPPORTED (no target machine for the host), ETO_ERR_NOMEM; *obj is then
 * NULL. */
eto_status eto_codegen_object(const eto_kernel *k, const char *name, const eto_object_opts *opts, void **obj,
                              size_t *size, char *msg, int cap);

/* ---- thread pool for the blocks of a kernel ---- */

typedef struct eto_pool eto_pool;

/* Starts threads-1 workers (the caller is the last one). threads <= 0: all online cores. NULL on failure. */
eto_pool *eto_pool_create(int threads);
/* Runs fn over blocks [0, nblocks) on all threads, each thread its own share first (thread i's: [i nblocks / n,
 * (i + 1) nblocks / n), so that a core runs the same blocks from call to call), then the others' left, in chunks taken
 * from the shares' counters; returns when all blocks are done. */
void eto_pool_run(eto_pool *p, eto_kernel_fn fn, float **args, int64_t nblocks);
/* While spinning is on, idle workers busy-wait instead of sleeping (fork/join ~1 us instead of ~80 us); turn
 * it on around timing loops only. */
void eto_pool_spin(eto_pool *p, int on);
int eto_pool_threads(const eto_pool *p);
/* CPU seconds run so far by the pool's threads: its workers and the calling thread (each thread's own clock, exact
 * also while it runs on another core). Over a timed loop with spinning on, threads x wall time minus this is the
 * time other tasks took from the pool's cores. */
double eto_pool_cpu_seconds(const eto_pool *p);
/* Stops and joins the workers; NULL is a no-op. */
void eto_pool_free(eto_pool *p);

/* ---- CUDA C: loop IR -> CUDA C -> NVRTC CUBIN (always built; NVRTC only where the toolkit was found) ----
 *
 * Data flow:
 *   (compute, program) --eto_lower(gpu=1)--> eto_kernel --eto_cuda_source--> CUDA C text
 *   CUDA C --eto_cuda_compile (NVRTC, --gpu-architecture=sm_XX --ptxas-options=-v)--> eto_cuda_binary
 *          (CUBIN + log; registers, static shared memory, stack and spills per kernel read from the ptxas
 *          log) resources --eto_cuda_check_limits--> accepted, or rejected with a reason before anything runs
 *   CUDA C --eto_cuda_compile_ptx (NVRTC, --gpu-architecture=compute_XX)--> PTX (etotune export --target cuda)
 *   eto_cuda_build_program does all of the above for one program; eto_cuda_compile_only_report runs it over
 *   random programs of a list of operators (`etotune measure --target cuda --compile-only`). Running the
 *   CUBIN is measurement's business (src/measure, through the CUDA driver API).
 * Without the CUDA toolkit at build time, printing works and eto_cuda_compile returns ETO_ERR_UNSUPPORTED
 * (eto_cuda_nvrtc_version() < 0).
 *
 * Kernel ABI of the emitted code:
 *   extern "C" __global__ void __launch_bounds__(THREADS) NAME(const float *__restrict__ IN0, ...,
 *                                                               float *__restrict__ out)
 *   arguments in the kernel's argument order (inputs in op order, bias, output), each 16-byte aligned (the
 *   driver's allocations are); grid = (kernel.blocks, 1, 1), block = (kernel.threads, 1, 1), no dynamic
 *   shared memory.
 */

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
  int from_cubin;       /* read from the CUBIN, not the ptxas log: barriers and spills unknown (0) */
} eto_cuda_resources;

/* Shared memory the system reserves in each block on sm_90, counted in a CUBIN's .nv.shared.<kernel> size. */
#define ETO_CUDA_RESERVED_SMEM 1024

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
/* Compiles CUDA C source (any number of kernels) with NVRTC to PTX for the virtual architecture of opts->arch
 * (sm_80 -> compute_80; NULL opts or arch: sm_80): text the CUDA driver compiles when it loads it
 * (cuModuleLoadData), for that architecture and every later one (for sm_90a/sm_100f-style names, only that
 * family), so no GPU is needed here. On ETO_OK *ptx is malloc'ed and NUL-terminated (the caller frees it).
 * Errors (*ptx NULL): ETO_ERR_INVALID when opts->arch is not sm_XX or NVRTC rejects the source (msg holds
 * NVRTC's status and the start of its log), ETO_ERR_UNSUPPORTED in a build without NVRTC, ETO_ERR_NOMEM. */
eto_status eto_cuda_compile_ptx(const char *source, const eto_cuda_compile_opts *opts, char **ptx, char *msg,
                                int cap);
/* CUBIN bytes (NULL and size 0 after a failed compilation); valid until the binary is freed. */
const void *eto_cuda_binary_cubin(const eto_cuda_binary *b, size_t *size);
/* The NVRTC log (compiler messages and ptxas info); never NULL. */
const char *eto_cuda_binary_log(const eto_cuda_binary *b);
/* Wall time of nvrtcCompileProgram, seconds. */
double eto_cuda_binary_seconds(const eto_cuda_binary *b);
/* Resources of kernel `name` read from the ptxas log, or from the CUBIN when the log has no entry for it (NVRTC's
 * compile cache answers a source it compiled before without running ptxas, hence without a log). Returns 0, or
 * -1 when neither has the kernel. */
int eto_cuda_binary_resources(const eto_cuda_binary *b, const char *name, eto_cuda_resources *out);
/* Resources of kernel `name` read from a CUBIN alone (its ELF symbol table, .nv.info attributes REGCOUNT and
 * FRAME_SIZE, and .nv.shared.<name> less the system's reserve): registers, stack and static shared memory, with
 * from_cubin = 1. Returns 0, or -1 when the CUBIN is malformed or has no such kernel. */
int eto_cuda_cubin_resources(const void *cubin, size_t size, const char *name, eto_cuda_resources *out);
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

/* What became of a build: the measurer reports INVALID as an instantiation error and COMPILE as a compile
 * error (measure.h). */
typedef enum {
  ETO_BUILD_OK,
  ETO_BUILD_INVALID, /* the program is invalid for the target, or its resources are over the target's limits */
  ETO_BUILD_COMPILE, /* lowering or NVRTC failed (or NVRTC is absent from this build) */
} eto_build_error;
/* "ok", "instantiation", "compile": the names the measurer gives the same outcomes. */
const char *eto_build_error_name(eto_build_error e);

typedef struct {
  eto_build_error error;
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
 * limits of arch from the target table), or takes `recipe` when not NULL (one program per operator; a recipe
 * that does not parse or fit is reported as instantiation), builds each one and prints one line per program to f: program
 * summary, registers, static shared memory, spill stores/loads, stack, NVRTC milliseconds and status (ok or
 * the error kind and reason); then totals. *nfailed (may be NULL) receives the number of programs that did
 * not build or broke a limit. Returns ETO_OK, or ETO_ERR_INVALID for an unknown arch (nothing printed but the
 * reason on f). */
eto_status eto_cuda_compile_only_report(const eto_op *ops, int nops, int nprograms, const char *arch,
                                        uint64_t seed, const char *recipe, FILE *f, int *nfailed);

#endif
