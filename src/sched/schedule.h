/* schedule.h — the schedule space (Ansor's GPU pattern, docs/architecture.md §4).
 *
 * Data flow: an operator's compute description (op.h) goes through the sketch rules (a table of
 * condition/apply units) and yields its sketches; a program is a sketch plus annotations (tile sizes per
 * loop and level, unroll step, fetch vector lengths). Programs are sampled at random, validated against a
 * target's limits, summarized by exact features, and serialized as a stable text recipe (the cache format).
 *
 * Sketches and the meaning of the tile levels:
 *   MULTI_LEVEL ("SSSRRSRS"): space loop i is split into S0..S4 (S0 -> block, S1 -> virtual thread,
 *     S2 -> thread, S3 and S4 -> per-thread tile), reduction loop j into R0..R2 (R0 = cooperative fetches);
 *     loop order S0 S1 S2 R0 R1 S3 R2 S4; every input is cached in shared memory at R0 (on the CPU, an input
 *     may instead be read directly by the compute: direct[i]); accumulators are per-thread locals written
 *     back once with the fused epilogue; padding is inlined into the loads.
 *   CROSS_THREAD: space loop i is split into S0 (block) and S4 (outputs per block, serial); reduction loop j
 *     into R0, R1 (serial) and R2 (threads, innermost); partial sums are combined across threads.
 *   TWO_LEVEL: space loop i is split into S0 (block), S2 (thread) and S4 (per-thread serial); reductions
 *     stay serial (R0 = R1 = 1, R2 = extent); inputs are read directly.
 * Unused levels hold 1. Tiles are perfect when the product of a loop's factors equals its extent. An
 * imperfect tile has product > extent: only the outermost factor (S0, R0) is rounded up, and the lowering
 * adds guards.
 */
#ifndef ETO_SCHED_H
#define ETO_SCHED_H

#include <stdint.h>

#include "op.h"
#include "target.h"

#define ETO_SPACE_LEVELS 5
#define ETO_REDUCE_LEVELS 3
#define ETO_NUM_UNROLL 5
#define ETO_RECIPE_MAX 512

typedef enum { ETO_SKETCH_MULTI_LEVEL, ETO_SKETCH_CROSS_THREAD, ETO_SKETCH_TWO_LEVEL, ETO_SKETCH_COUNT } eto_sketch_kind;

/* auto_unroll_max_step options. */
extern const int eto_unroll_options[ETO_NUM_UNROLL];

typedef struct eto_program {
  eto_sketch_kind sketch;
  int nspace, nreduce;
  int64_t stile[ETO_MAX_LOOPS][ETO_SPACE_LEVELS];
  int64_t rtile[ETO_MAX_LOOPS][ETO_REDUCE_LEVELS];
  int unroll;                  /* auto_unroll_max_step, one of eto_unroll_options */
  int vec[ETO_MAX_INPUTS];     /* cooperative fetch vector length per input: 1, 2 or 4 */
  int direct[ETO_MAX_INPUTS];  /* CPU multi-level: 1 when the compute reads input i from memory, without a tile
                                * copy (Ansor's CPU multi-level tiling; vec[i] is then 1) */
  int prefetch;                /* CPU multi-level with a direct read: the reduction steps ahead at which the compute
                                * prefetches what a direct read along the register tile's vector axis reads (0: none;
                                * the search proposes 8 or 16; at most ETO_PREFETCH_MAX) */
} eto_program;

#define ETO_PREFETCH_MAX 64
/* The prefetch distances sampling and the fetch mutation choose from (0: none). */
#define ETO_NUM_PREFETCH 3
extern const int eto_prefetch_options[ETO_NUM_PREFETCH];

/* ---- sketches ---- */

typedef struct {
  int count;
  eto_sketch_kind kind[ETO_SKETCH_COUNT];
  const char *rule[ETO_SKETCH_COUNT]; /* name of the rule that derived it */
} eto_sketch_set;

/* Applies the derivation rules to op's compute description. Always yields at least one sketch. */
void eto_sched_sketches(const eto_compute *c, const eto_target *t, eto_sketch_set *out);
/* Canonical sketch-set signature: two operators of one reuse kind with equal signatures satisfy ETO's reuse
 * condition 1. Example: "mlt(pad0,pad1:dil,bias,relu)+ctr". Returns the needed length. */
int eto_sched_signature(const eto_compute *c, const eto_target *t, char *buf, int cap);
const char *eto_sketch_name(eto_sketch_kind k);

/* ---- sampling and validation ---- */

typedef struct {
  int imperfect;   /* allow imperfect (guarded) tiles: any factor, not only divisors */
} eto_sample_opts;

/* Deterministic PRNG (xoshiro-like), state in the caller. */
typedef struct { uint64_t s[2]; } eto_rng;
void eto_rng_seed(eto_rng *r, uint64_t seed);
uint64_t eto_rng_next(eto_rng *r);
/* Uniform integer in [0, n). */
int64_t eto_rng_below(eto_rng *r, int64_t n);

/* Samples a random program of the given sketch: tile sizes uniform over the divisor factorizations of
 * each extent (innermost factor <= t->max_innermost), random unroll and vector lengths. The result is not
 * necessarily valid; callers validate and retry. */
void eto_sched_sample(const eto_compute *c, const eto_target *t, eto_sketch_kind sketch, const eto_sample_opts *opts,
                      eto_rng *rng, eto_program *out);
/* Samples until a program a search may propose is found (eto_sched_candidate_ok; at most max_tries, <= 0 means
 * 1000); uses the sketches in turn at random. Returns 0 on success, -1 when no valid program was found. */
int eto_sched_sample_valid(const eto_compute *c, const eto_target *t, const eto_sample_opts *opts, eto_rng *rng,
                           int max_tries, eto_program *out);

/* Checks p against c's loop nest and t's limits. Returns 0 when valid; otherwise -1 and a reason in why
 * (e.g. "threads per block 2048 > limit 1024"). */
int eto_sched_validate(const eto_compute *c, const eto_target *t, const eto_program *p, char *why, int cap);
/* The product of a program's space (reduction) tile factors at one level over all its loops. */
int64_t eto_sched_space_product(const eto_program *p, int level);
int64_t eto_sched_reduce_product(const eto_program *p, int level);
/* Which reduction tile levels a multi-level program unrolls into its register tile (Ansor's auto_unroll_max_step,
 * as the lowering applies it): *r2 when S4 x R2 fits the unroll step, *r1 when S4 x R2 x S3 x R1 fits it too (the
 * S3 and S4 levels are always unrolled). */
void eto_sched_mlt_unrolled(const eto_program *p, int *r2, int *r1);
/* eto_sched_validate, and what a search may propose on t besides: a multi-level program's innermost straight-line
 * block (register tile x the reduction steps unrolled into it) within t->max_straight_line statements, whose
 * compile time LLVM would otherwise make seconds, and direct reads only of inputs that few outputs reuse
 * (eto_sched_input_reuse). Programs outside these stay valid (a cached one is used, exported and reused as
 * before); searches just do not propose them. Returns 0 or -1 with the reason in why. */
int eto_sched_candidate_ok(const eto_compute *c, const eto_target *t, const eto_program *p, char *why, int cap);
/* The outputs of c that reuse each element of input i: the product of the space extents its index does not use
 * (a dense layer's weights: its rows m). */
int64_t eto_sched_input_reuse(const eto_compute *c, int i);
/* The thread tiles of multi-level program p that read each element of input i: over the space loops its index
 * does not use, the extent divided (rounded up) by the thread's tile (S3 x S4); other sketches: the outputs
 * (eto_sched_input_reuse). Within a thread's register tile the reuse is in registers, so a direct read costs
 * one load per element per thread tile (the attention context's probabilities with n = 64 in one tile: 1). */
int64_t eto_sched_tile_reuse(const eto_compute *c, const eto_program *p, int i);
/* A search may propose reading input i of c directly in program p on t: t->direct_reads, and at most
 * ETO_DIRECT_MAX_REUSE thread tiles read each element (a tile copy pays for itself when many read it; sampling,
 * the fetch mutation and eto_sched_candidate_ok apply this one rule; bench/RESULTS.md K.3, L.2). 32 since BJ.2
 * (16 before): a dense layer at m = 256 with 8 rows per thread tile reads its weights directly 7% faster than
 * from a tile (BERT's FFN up, 5.37 against 5.80 ms), a program the rule at 16 kept from every search and seed. */
#define ETO_DIRECT_MAX_REUSE 32
int eto_sched_direct_ok(const eto_compute *c, const eto_target *t, const eto_program *p, int i);
/* 1 when multi-level program p, lowered for a CPU with `lanes` float32 SIMD lanes, prefetches input i (p->prefetch
 * set): p reads it directly, c has one reduction axis, which indexes it, its last dimension is the register tile's
 * vector axis alone (stride 1) and no other axis of the register tile indexes it: a dense layer's weights, read
 * at stride N along the reduction (bench/RESULTS.md AO.2). src/lower emits the prefetches by this rule. */
int eto_sched_prefetch_input(const eto_compute *c, const eto_program *p, int lanes, int i);
/* The space axis of multi-level program p's register-tile vector loop on a CPU with `lanes` lanes (the last axis
 * whose S4 factor is a multiple of lanes, else the last with S4 > 1), or -1. */
int eto_sched_vec_axis(const eto_program *p, int lanes);
/* 1 when t has direct reads and some input of p qualifies for a prefetch on t (eto_sched_prefetch_input with t's
 * lanes): what sampling, validation, the fetch mutation and eto_sched_prefetch_fix ask. */
int eto_sched_prefetch_any(const eto_compute *c, const eto_target *t, const eto_program *p);
/* Clears p->prefetch when no input of p qualifies on t any more (a mutation or a transplant changed its direct
 * reads or its register tile), which eto_sched_validate would reject. */
void eto_sched_prefetch_fix(const eto_compute *c, const eto_target *t, eto_program *p);
/* Bytes of smem_elements shared (float32) elements; eto_sched_validate rejects a program whose
 * smem_per_block takes more than t->max_shared_bytes. */
int64_t eto_sched_smem_bytes(int64_t smem_elements);

/* ---- features ---- */

typedef struct {
  int64_t blocks;              /* B: number of thread blocks */
  int64_t threads_per_block;
  int64_t total_threads;       /* T */
  int64_t vthreads;            /* virtual threads per block */
  int64_t smem_per_block;      /* shared elements per block (all inputs, one fetch) */
  int64_t total_smem;          /* M (elements) */
  int64_t smem_in[ETO_MAX_INPUTS]; /* shared elements of each input per fetch */
  int64_t thread_tile;         /* accumulators per thread (all virtual threads) */
  int64_t bshape[ETO_MAX_LOOPS];   /* output tile per block, per space loop */
  int64_t tshape_v[ETO_MAX_LOOPS]; /* virtual-thread split per space loop (S1) */
  int64_t tshape_t[ETO_MAX_LOOPS]; /* per-thread output tile per space loop (S3*S4) */
  int64_t lshape[ETO_MAX_LOOPS];   /* cooperative fetches per reduction loop (R0) */
  int64_t fetches;             /* product of lshape */
  int unroll;
  int vec[ETO_MAX_INPUTS];
  int perfect;                 /* 1 when every tile divides its extent */
} eto_features;

/* Computes the exact features of p. smem figures are upper bounds of the accessed footprint (exact for
 * affine accesses). */
void eto_sched_features(const eto_compute *c, const eto_program *p, eto_features *out);

/* Per-input footprint of one fetch: the extent of each virtual dimension of input i that a block touches in
 * one R0 step (dims[d]); returns the product. */
int64_t eto_sched_footprint(const eto_compute *c, const eto_program *p, int i, int64_t dims[ETO_MAX_DIMS]);

/* ---- serialization (the cache's recipe format) ----
 * "v1 mlt s=1.1.1.1.1/4.1.8.2.2/14.1.1.1.2/1.1.28.1.1 r=4.64.2/1.1.1/1.1.1 u=1024 v=1.1", and " d=0.1" when an
 * input is read directly (written only then, so that every older recipe keeps its text).
 * Stable: new fields are appended, old recipes keep parsing. */
int eto_program_format(const eto_program *p, char *buf, int cap);
/* Parses a recipe. Returns 0, or -1 with a reason in why. */
int eto_program_parse(const char *s, eto_program *out, char *why, int cap);
/* Short human summary for tables: "mlt blk[1,32,2,28] thr[1,8,1,1] u1024 v1.1". */
int eto_program_summary(const eto_compute *c, const eto_program *p, char *buf, int cap);

#endif
