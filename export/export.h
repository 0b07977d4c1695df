/* export.h — the tuned kernels as a product: best cached programs -> a C library, or CUDA C, PTX and host
 * launch functions (docs/architecture.md §11).
 *
 * Data flow, for one operator list and one target:
 *   operators (op.h) --eto_op_key--> workload keys
 *   cache (cache.h) --eto_cache_get_best(target fingerprint, key)--> the verified best recipe of each operator
 *   recipe --eto_program_parse, eto_sched_validate (it must fit the operator and the target)--> program
 * cpu target:
 *   program --eto_lower--> loop IR --eto_codegen_object (LLVM O3 for the host CPU, PIC, hidden symbol)--> object
 *   runtime.c (a standalone thread pool) + one generated wrapper per operator --cc -c--> runtime object
 *   objects --ar--> DIR/lib<name>.a, --cc -shared--> DIR/lib<name>.so; DIR/<name>.h; DIR/manifest.json
 *   Compilation is ahead of time: the library needs libc and POSIX threads at run time, never LLVM or etotune.
 * cuda target (t's arch, e.g. sm_80; no GPU is needed to export):
 *   program --eto_lower(gpu)--> loop IR (grid = blocks x 1 x 1, block = threads x 1 x 1) --eto_cuda_source-->
 *   CUDA C, one extern "C" __global__ <name>_kernel_<op> per operator --> DIR/<name>.cu
 *   where NVRTC is present: .cu --eto_cuda_compile (CUBIN for the arch; registers and shared memory checked
 *   against its limits), --eto_cuda_compile_ptx--> DIR/<name>.ptx (compute_XX: the driver compiles it for
 *   that GPU or a later one), embedded in DIR/<name>_host.c with cuda_runtime.c (libcuda.so.1 by dlopen at
 *   the first call, cuModuleLoadData, cuLaunchKernel) and one launch function per operator; DIR/<name>.h;
 *   DIR/manifest.json. Without NVRTC: the .cu, the header (kernels and launch configurations, no host
 *   functions; compile the .cu with nvcc) and the manifest ("ptx": null).
 *
 * The exported C interface (documented again in the generated header):
 *   int <name>_<op>(const float *in0, ..., float *out)   one per operator: runs the operator on row-major
 *                                                         float32 tensors; 0, or EINVAL for a NULL pointer
 *   cpu:  int <name>_set_threads(int n)                  threads of later calls (0: online cores; 1 allowed)
 *         int <name>_threads(void)                       threads the next call uses
 *         void <name>_shutdown(void)                     joins the pool's threads (they restart when needed)
 *   cuda: pointers are device memory; a call launches the kernel on the default stream and returns without
 *         waiting; 0, EINVAL (NULL pointer, another context current), ENODEV (no CUDA driver or device), EIO
 *         (a driver call failed: module load, launch), with the text in <name>_last_error()
 *         int <name>_init(void)                          loads the driver and the PTX now (else the first call)
 *         void <name>_shutdown(void)                     unloads the module, releases the primary context
 *         const char *<name>_last_error(void)            the last failure's message on this thread ("" if none)
 * <op> is the list's name= of the operator when it has one, else eto_op_symbol (from the workload key).
 *
 * Only verified programs are exported: an operator whose cache record is missing, marked bad, or stale (a
 * record exists for its workload but with another schema or fingerprint) is an error naming it, unless
 * opts.fallback is set; then it gets an untuned program (the first valid program of a seeded sample, built by
 * the same code generator, never measured), marked "UNTUNED FALLBACK" in the header and "fallback" in the
 * manifest. A record of another target (another machine, thread count, GPU or code generator) is never used:
 * records are read with t's fingerprint only.
 */
#ifndef ETO_EXPORT_H
#define ETO_EXPORT_H

#include <stdint.h>
#include <stdio.h>

#include "cache.h"
#include "codegen.h"

/* How a family's dispatch function chooses the kernel for each value s (docs/architecture.md §11). */
typedef enum {
  ETO_EXPORT_PICKS_MEASURED, /* s's own kernel and the cost model's best few dynamic kernels above s are timed at s on
                              * this machine (the cpu target), the fastest serves s: about a minute per family of
                              * 512 values */
  ETO_EXPORT_PICKS_MODEL     /* the cost model alone (cached latencies scaled by the work at s): no timing */
} eto_export_picks;

/* What a call of a kernel costs whatever its work (thread pool, block loop), in µs: the picks' cost model adds it,
 * and a value served faster is not judged weak by default (eto_export_opts.weak_floor_us) */
#define ETO_EXPORT_CALL_US 2.0

typedef struct {
  const char *name;    /* library name, a C identifier of at most 64 characters (required) */
  const char *out_dir; /* created when missing; the four files in it are replaced (required) */
  const char *version; /* etotune version for the header and the manifest; NULL: "unknown" */
  int fallback;        /* operators without a verified program get an untuned one instead of an error */
  const char *cc;      /* C compiler driver used to compile the runtime and link the .so; NULL: $CC or "cc" */
  const char *ar;      /* archiver; NULL: $AR or "ar" */
  int keep_build;      /* keep DIR/build-<name>/ (runtime source, objects) instead of removing it */
  eto_export_picks picks; /* cpu families: how the dispatch picks its kernels (default: measured) */
  double weak_floor_us; /* measured picks: a value served in under this many µs is not judged weak (0:
                         * ETO_EXPORT_CALL_US; < 0: every value is judged) */
  const char *picks_from; /* measured picks: NULL, or an earlier export's manifest.json (of this target): a value
                           * whose candidate kernels are unchanged since keeps its pick and time from there; the
                           * others time only their new candidates beside the fastest unchanged one */
  FILE *progress;      /* NULL, or where a line goes as a family's picks start and end being timed */
} eto_export_opts;

typedef enum { ETO_EXPORT_TUNED, ETO_EXPORT_FALLBACK } eto_export_source;

/* What became of one operator. */
typedef struct {
  char key[512];                /* workload key */
  char function[160];           /* C function name in the library */
  char recipe[ETO_RECIPE_MAX];  /* program exported */
  eto_export_source source;
  double latency_s, gflops;     /* from the cache record (0 for a fallback) */
  int64_t blocks;               /* blocks the kernel runs per call (cuda: the grid, blocks x 1 x 1) */
  int64_t threads;              /* cuda: threads per block (threads x 1 x 1); 0 for cpu */
} eto_export_entry;

typedef struct {
  int count;
  eto_export_entry *ops;      /* count entries, in list order (malloc'ed; eto_export_result_clear frees) */
  char static_lib[1024], shared_lib[1024], header[1024], manifest[1024]; /* paths written ("": none) */
  char cuda_source[1024], ptx[1024], host_source[1024]; /* cuda: <name>.cu, <name>.ptx, <name>_host.c */
  int weak;                   /* cpu, measured picks: values of families that their dispatch serves at under 0.85 of
                               * the throughput of a smaller value (docs/architecture.md §11), listed in weak_list */
  int weak_lines;             /* its lines: a value served by a member weak itself is that member's line */
  char weak_list[1024];       /* DIR/weak.list, an operators list of them ("": none, and no such file) */
} eto_export_result;

/* Exports the nops operators ops (a list's operators, names and all) for target t from cache: a cpu target
 * of this machine (its fingerprint selects the cache records, and the code is compiled for this host), or a
 * cuda target (eto_target_cuda: the records of that fingerprint; the code is compiled for t->arch, here,
 * without a GPU). cache may be NULL (then every operator needs opts.fallback). On ETO_OK the files exist and
 * *out describes them (clear it with eto_export_result_clear).
 * Errors (*out is empty; msg says why; nothing is written to out_dir before every operator has its program
 * and every kernel compiled, and the files are renamed into place only when complete):
 *   ETO_ERR_INVALID      bad options (name not an identifier, two operators with one function name, a name=
 *                        taken by the library's own functions), operators without a usable program: one line
 *                        per operator, "KEY (name N): why", or (cuda) a kernel NVRTC rejects or that breaks
 *                        the architecture's limits (registers, shared memory, threads, grid)
 *   ETO_ERR_IO           the cache failed, a file could not be written, or cc/ar failed (their output quoted)
 *   ETO_ERR_NOMEM
 * Not thread-safe with other code generation in the process (LLVM target initialization). */
eto_status eto_export(const eto_op *ops, int nops, eto_cache *cache, const eto_target *t, const eto_export_opts *opts,
                      eto_export_result *out, char *msg, int cap);

/* Frees what a result holds and zeroes it; NULL is a no-op. */
void eto_export_result_clear(eto_export_result *r);

#endif
