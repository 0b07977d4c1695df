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

#include <stdint.h>

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

/* ---- thread pool for the blocks of a kernel ---- */

typedef struct eto_pool eto_pool;

/* Starts threads-1 workers (the caller is the last one). threads <= 0: all online cores. NULL on failure. */
eto_pool *eto_pool_create(int threads);
/* Runs fn over blocks [0, nblocks) on all threads, in chunks taken from a shared counter; returns when all
 * blocks are done. */
void eto_pool_run(eto_pool *p, eto_kernel_fn fn, float **args, int64_t nblocks);
/* While spinning is on, idle workers busy-wait instead of sleeping (fork/join ~1 us instead of ~80 us); turn
 * it on around timing loops only. */
void eto_pool_spin(eto_pool *p, int on);
int eto_pool_threads(const eto_pool *p);
/* Stops and joins the workers; NULL is a no-op. */
void eto_pool_free(eto_pool *p);

#endif
