/* lower.h — program -> loop IR.
 *
 * Data flow: (compute description, program, target) -> eto_kernel, a small loop IR: a per-block body of
 * loops (serial, thread, virtual-thread, unrolled, vectorized), stores, guards and barriers over typed
 * buffers (global inputs/output, per-block shared tiles, per-thread locals, register tiles). The CPU code
 * generator (LLVM) and the CUDA C printer both read it.
 *
 * Execution model: the kernel body runs once per block (var 0 = block index, 0 <= blk < kernel.blocks).
 * Inside a block, statements run in order; a THREAD loop runs its body once per thread (on a GPU the
 * threads of one THREAD loop run concurrently and BARRIER separates phases; on the CPU the THREAD loop is
 * a plain loop). Every THREAD loop of a kernel has the same extent (threads per block).
 *
 * Loops of extent 1 are omitted: a var used outside any FOR that binds it has the value 0.
 *
 * Buffer scopes:
 *   INPUT/OUTPUT  global tensors, argument `arg` of the kernel (args[arg]).
 *   SHARED        one array per block (GPU __shared__; CPU block-local array).
 *   LOCAL         one array per block on the CPU, indexed with the thread id by the lowering; per thread on
 *                 a GPU (the lowering then omits the thread id). See eto_kernel.gpu.
 *   REG           a register tile: every index is a constant once UNROLL/VECTOR loops are expanded.
 *
 * CPU vectorization (multi-level tiling): the per-thread tile's innermost loop is a VECTOR loop along the
 * last space axis whose S4 factor is a multiple of the SIMD lanes (else the last axis with S4 > 1); an input
 * dimension indexed by that axis alone is stored vector-blocked in its shared tile ((tile / S4, S4), S4
 * innermost) so that the tile's loads are contiguous vectors or broadcasts, never per-lane gathers.
 */
#ifndef ETO_LOWER_H
#define ETO_LOWER_H

#include <stdint.h>
#include <stdio.h>

#include "schedule.h"

typedef enum {
  /* integer (i64; comparisons give 0/1) */
  ETO_X_INT, ETO_X_VAR, ETO_X_ADD, ETO_X_SUB, ETO_X_MUL, ETO_X_DIV, ETO_X_MOD, ETO_X_MIN, ETO_X_MAX,
  ETO_X_LT, ETO_X_LE, ETO_X_EQ, ETO_X_AND,
  /* float */
  ETO_X_FLOAT, ETO_X_LOAD, ETO_X_FADD, ETO_X_FMUL, ETO_X_FMAX, ETO_X_FSQRT,
  ETO_X_COUNT
} eto_xop;

/* DIV and MOD are floor division and its remainder (operands may be negative). LOAD reads buf[a]; when c is
 * not NULL it is a guarded load: the value is buf[a] if c != 0 and 0.0f otherwise, and buf[a] is never read
 * when c == 0. */
typedef struct eto_expr {
  eto_xop op;
  int var;              /* ETO_X_VAR */
  int buf;              /* ETO_X_LOAD */
  int64_t ival;         /* ETO_X_INT */
  float fval;           /* ETO_X_FLOAT */
  struct eto_expr *a, *b, *c;
} eto_expr;

/* PREFETCH: a hint that buf[index] is read soon (no effect on results; never faults) */
typedef enum { ETO_S_FOR, ETO_S_SEQ, ETO_S_STORE, ETO_S_IF, ETO_S_BARRIER, ETO_S_PREFETCH } eto_stmt_kind;

typedef enum {
  ETO_LOOP_SERIAL, ETO_LOOP_THREAD, ETO_LOOP_VTHREAD, ETO_LOOP_UNROLL, ETO_LOOP_VECTOR, ETO_LOOP_KIND_COUNT
} eto_loop_kind;

typedef struct eto_stmt {
  eto_stmt_kind kind;
  /* FOR: var in [0, extent) */
  int var;
  int64_t extent;
  eto_loop_kind loop;
  struct eto_stmt *body;
  /* SEQ */
  int n;
  struct eto_stmt **items;
  /* STORE: buf[index] = value */
  int buf;
  eto_expr *index, *value;
  /* IF: if (cond) then */
  eto_expr *cond;
} eto_stmt;

typedef enum { ETO_BUF_INPUT, ETO_BUF_OUTPUT, ETO_BUF_SHARED, ETO_BUF_LOCAL, ETO_BUF_REG } eto_buf_scope;

#define ETO_KERNEL_MAX_BUFS 16
#define ETO_KERNEL_MAX_VARS 96

typedef struct {
  char name[16];
  eto_buf_scope scope;
  int64_t size;        /* elements */
  int arg;             /* INPUT/OUTPUT: argument index */
} eto_buffer;

typedef struct eto_kernel eto_kernel;
struct eto_kernel {
  char name[32];
  int gpu;                          /* lowered for a GPU (LOCAL buffers per thread, cooperative fetch) */
  int64_t blocks;                   /* number of blocks */
  int64_t threads;                  /* threads per block */
  int nargs;                        /* kernel arguments: inputs in op order, then output */
  int nbufs;
  eto_buffer buf[ETO_KERNEL_MAX_BUFS];
  int nvars;                        /* var 0 is the block index */
  char var_name[ETO_KERNEL_MAX_VARS][16];
  eto_stmt *body;                   /* per-block body */
  int svar;                         /* a dynamic kernel's run-time extent s (eto_lower_opts.grown): the var that
                                     * holds it, bound before the blocks run from *(const int64_t *)args[nargs];
                                     * -1 for a kernel of fixed shape */
  int64_t smax;                     /* a dynamic kernel: the largest s it computes (the lowered value) */
  int nsgran;                       /* a dynamic kernel: its dynamic loop axes (space, then reduction), and for each */
  int64_t sgran[2 * ETO_MAX_LOOPS]; /* the step in which it skips work past s: a thread's tile (space axis) or a
                                     * reduction axis: 1 on the CPU, whose partial step skips every iteration past
                                     * s; on a GPU a reduction step, or its r1 iterations where the tiles it reads
                                     * hold zeros past s); at s it does about its work at smax x
                                     * prod_a (ceil(s / step_a) step_a) / (ceil(smax / step_a) step_a), step_a =
                                     * sgran[a], or sblock[a] where s >= sblock[a] > 0 */
  int64_t sblock[2 * ETO_MAX_LOOPS]; /* per axis of sgran: a space axis whose block crossing s moves back to end at s
                                      * where s >= the block's extent (multi-level tiling): that extent
                                      * (the block then runs whole); else 0 */
  struct eto_arena *arena;          /* owns every node */
};

typedef struct {
  int gpu;            /* lower for a GPU: cooperative fetch by all threads, per-thread locals, barriers */
  int lanes;          /* CPU: float32 SIMD lanes (8 with AVX2, 16 with AVX-512); 0 means 8. Tile copies are
                       * vectors of this width, p->vec[i] of them per step */
  const eto_compute *grown; /* NULL, or a dynamic kernel (CPU, multi-level tiling): the compute description of the
                             * same operator with its `let` variable one larger. Every loop extent and tensor
                             * dimension that differs between c and *grown (v there, v+1 here) becomes the run-time
                             * value s, 1 <= s <= v (eto_kernel.svar): one kernel serves every s up to v, skipping
                             * the blocks and reduction steps past s and guarding only the partial ones (a block
                             * that crosses s on a space axis moves back to end at s when s >= its extent, and is
                             * then whole on that axis). An input the program reads directly (eto_program.direct)
                             * that a dynamic axis indexes is read through a tile copy in such a kernel (its loads
                             * are guarded per vector run, not one by one), unless keep_direct. */
  int keep_direct;    /* a dynamic kernel: keep the program's direct reads on dynamic axes (past s they read at s - 1
                       * where the value cannot reach the output, else under a guard: along the vector loop) */
} eto_lower_opts;

/* 1 when p reads directly an input that a dynamic axis of grown (eto_lower_opts.grown) indexes: then its dynamic
 * kernel copies that input into a tile unless keep_direct, and the two forms differ. */
int eto_lower_dyn_direct(const eto_compute *c, const eto_program *p, const eto_compute *grown);

/* Lowers p for compute c. *out is owned by the caller (eto_kernel_free). Returns ETO_OK, or
 * ETO_ERR_INVALID with a reason in why when p does not fit c. */
eto_status eto_lower(const eto_compute *c, const eto_program *p, const eto_lower_opts *opts, eto_kernel **out,
                     char *why, int cap);
void eto_kernel_free(eto_kernel *k);

/* Prints the kernel as a C11 translation unit that compiles as it is (cc -c): a guarded prelude of helpers
 * (floor division, min, max; safe to repeat when several kernels share a file) and one function
 *   void NAME(float **args, int64_t block_begin, int64_t block_end)
 * with the ABI of the compiled kernels (codegen.h): it runs blocks [block_begin, block_end), args in the
 * kernel's argument order. `name` must be a C identifier; NULL means k->name. A kernel lowered for a GPU
 * prints too, for reading: its threads run one after the other, not concurrently as its barriers need. Write
 * errors are f's (ferror). */
void eto_kernel_print_named(const eto_kernel *k, const char *name, FILE *f);
/* eto_kernel_print_named with k->name. */
void eto_kernel_print(const eto_kernel *k, FILE *f);

/* Interprets the kernel (slowly, scalar) on args: an oracle for the code generators on small shapes.
 * args[i] are the global buffers in argument order. Returns ETO_OK. */
eto_status eto_kernel_interpret(const eto_kernel *k, float *const *args);

/* Stride of integer expression e with respect to var: sets *stride and returns 1 when e = e0 + stride*var
 * for an e0 that does not depend on var; returns 0 when unknown. */
int eto_expr_stride(const eto_expr *e, int var, int64_t *stride);

#endif
