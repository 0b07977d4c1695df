/* export.h — the tuned kernels as a product: best cached programs -> a C library (docs/architecture.md §11).
 *
 * Data flow, for one operator list and one target:
 *   operators (op.h) --eto_op_key--> workload keys
 *   cache (cache.h) --eto_cache_get_best(target fingerprint, key)--> the verified best recipe of each operator
 *   recipe --eto_program_parse, eto_sched_validate (it must fit the operator and the target)--> program
 *   program --eto_lower--> loop IR --eto_codegen_object (LLVM O3 for the host CPU, PIC, hidden symbol)--> object
 *   runtime.c (a standalone thread pool) + one generated wrapper per operator --cc -c--> runtime object
 *   objects --ar--> DIR/lib<name>.a, --cc -shared--> DIR/lib<name>.so; DIR/<name>.h; DIR/manifest.json
 * Compilation is ahead of time: the library needs libc and POSIX threads at run time, never LLVM or etotune.
 *
 * The exported C interface (documented again in the generated header):
 *   int <name>_<op>(const float *in0, ..., float *out)   one per operator: runs the operator on row-major
 *                                                         float32 tensors; 0, or EINVAL for a NULL pointer
 *   int <name>_set_threads(int n)                        threads of later calls (0: online cores; 1 allowed)
 *   int <name>_threads(void)                             threads the next call uses
 *   void <name>_shutdown(void)                           joins the pool's threads (they restart when needed)
 * <op> is the list's name= of the operator when it has one, else eto_op_symbol (from the workload key).
 *
 * Only verified programs are exported: an operator whose cache record is missing, marked bad, or stale (a
 * record exists for its workload but with another schema or fingerprint) is an error naming it, unless
 * opts.fallback is set; then it gets an untuned program (the first valid program of a seeded sample, built by
 * the same code generator, never measured), marked "UNTUNED FALLBACK" in the header and "fallback" in the
 * manifest. A record of another target (another machine, thread count or code generator) is never used:
 * records are read with t's fingerprint only.
 */
#ifndef ETO_EXPORT_H
#define ETO_EXPORT_H

#include <stdint.h>

#include "cache.h"
#include "codegen.h"

typedef struct {
  const char *name;    /* library name, a C identifier of at most 64 characters (required) */
  const char *out_dir; /* created when missing; the four files in it are replaced (required) */
  const char *version; /* etotune version for the header and the manifest; NULL: "unknown" */
  int fallback;        /* operators without a verified program get an untuned one instead of an error */
  const char *cc;      /* C compiler driver used to compile the runtime and link the .so; NULL: $CC or "cc" */
  const char *ar;      /* archiver; NULL: $AR or "ar" */
  int keep_build;      /* keep DIR/build-<name>/ (runtime source, objects) instead of removing it */
} eto_export_opts;

typedef enum { ETO_EXPORT_TUNED, ETO_EXPORT_FALLBACK } eto_export_source;

/* What became of one operator. */
typedef struct {
  char key[512];                /* workload key */
  char function[160];           /* C function name in the library */
  char recipe[ETO_RECIPE_MAX];  /* program exported */
  eto_export_source source;
  double latency_s, gflops;     /* from the cache record (0 for a fallback) */
  int64_t blocks;               /* blocks the kernel runs per call */
} eto_export_entry;

typedef struct {
  int count;
  eto_export_entry *ops;      /* count entries, in list order (malloc'ed; eto_export_result_clear frees) */
  char static_lib[1024], shared_lib[1024], header[1024], manifest[1024]; /* paths written */
} eto_export_result;

/* Exports the nops operators ops (a list's operators, names and all) for target t (a cpu target of this
 * machine: its fingerprint selects the cache records, and the code is compiled for this host) from cache.
 * On ETO_OK the four files exist and *out describes them (clear it with eto_export_result_clear).
 * Errors (*out is empty; msg says why; nothing is written to out_dir before every operator has its program
 * and every kernel compiled, and the libraries are renamed into place only when complete):
 *   ETO_ERR_INVALID      bad options (name not an identifier, two operators with one function name), or
 *                        operators without a usable program: one line per operator, "KEY (name N): why"
 *   ETO_ERR_UNSUPPORTED  t is not a cpu target (CUDA export is not implemented)
 *   ETO_ERR_IO           the cache failed, a file could not be written, or cc/ar failed (their output quoted)
 *   ETO_ERR_NOMEM
 * Not thread-safe with other code generation in the process (LLVM target initialization). */
eto_status eto_export(const eto_op *ops, int nops, eto_cache *cache, const eto_target *t, const eto_export_opts *opts,
                      eto_export_result *out, char *msg, int cap);

/* Frees what a result holds and zeroes it; NULL is a no-op. */
void eto_export_result_clear(eto_export_result *r);

#endif
