/* tuner_internal.h — private to tuner/ (and its tests): the helpers behind eto_tuner_run and
 * eto_tuner_estimate, one file each.
 *
 *   ranges.c  divisor lists, the artifact's divisor-range rule, the block / thread / fetch (M) ranges
 *   bshape.c  global-memory lines of one block; the best output tile for a block count
 *   tshape.c  thread / virtual-thread split of least cost (cuda: bank conflicts; cpu: register-tile cost);
 *             filling the remaining tile levels
 *   lshape.c  the load loop, shared memory per fetch, the default fetch count
 *   annot.c   what an unroll step unrolls, the register estimate, the default unroll, vector-length options
 *   trial.c   validating, de-duplicating, measuring, reporting and caching one candidate
 *   tuner.c   the rounds (eto_tuner_run); estimate.c; topk.c
 *
 * Target hooks (cuda = banks > 0, cpu = banks == 0):
 *   lines     target->line_bytes (cuda 32, cpu 64) in bshape.c;
 *   TShape    cuda: Σ over inputs of (bank-conflict-free requests of all warps for each thread's first
 *             element) × (elements one thread loads from shared memory per fetch), as the ETO artifact;
 *             cpu:  (vector FMAs + register loads per reduction step) / outputs of the register tile, with
 *             vectors of target->warp_size lanes along the contiguous (last) output axis; splits whose
 *             accumulators exceed target->max_thread_tile are never considered (on either target);
 *   fill      cuda: S4 = smallest prime factor of the per-thread extent, S3 = the rest (the artifact);
 *             cpu:  the last output axis keeps its whole per-thread extent in S4 (the lowering vectorizes
 *             the last axis with S4 > 1), capped at target->max_innermost; other axes S3 = extent, S4 = 1;
 *             both: R2 = smallest prime factor of the per-fetch extent, R1 = the rest;
 *   vectors   cuda: v in {2, 4} divides the elements each thread fetches (the artifact);
 *             cpu:  v divides the SIMD vectors of the shared tile's innermost row (else the copy is
 *             unchanged and the trial would repeat one already measured).
 */
#ifndef ETO_TUNER_INTERNAL_H
#define ETO_TUNER_INTERNAL_H

#include <stdint.h>

#include "tuner.h"

#define TUN_MAX_DIVS 8192  /* divisors of one extent or size (any int64 below 1e15 has fewer) */
#define TUN_MAX_RANGE 1024 /* candidates of one range */
#define TUN_MAX_IV 64      /* intervals of one loop variable's value set (virtual threads per axis) */

/* The reuse-seeded policy (seeded.c): once its cost model is trained, ETO's rounds end after this many of their
 * trials in a row without a 1% gain (bench/RESULTS.md AD: on AC.3's runs conv2d's 38 trials of ETO's rounds per run
 * gave a new best 11 times in 24 runs and depthwise's 32 never; 16 kept every run's best and took conv2d's median
 * from 114 trials to 98). -DSEEDED_ETO_PATIENCE=100000: ETO's rounds run whole, the policy of RESULTS AC.3. */
#ifndef SEEDED_ETO_PATIENCE
#define SEEDED_ETO_PATIENCE 16
#endif

/* ---- ranges.c ---- */

/* A non-negative rational num/den (den > 0): range endpoints are computed exactly. */
typedef struct {
  __int128 num, den;
} tun_ratio;

tun_ratio tun_ratio_make(__int128 num, __int128 den);
/* -1, 0, 1 as a <, ==, > b. */
int tun_ratio_cmp(tun_ratio a, tun_ratio b);
double tun_ratio_value(tun_ratio a);

/* Divisors of n >= 1, ascending. Returns the count (at most cap). */
int tun_divisors(int64_t n, int64_t *out, int cap);
/* The divisor of n closest to f in log scale (ties: the smaller; f < 1 counts as 1). */
int64_t tun_closest_divisor(int64_t n, int64_t f);

/* The artifact's all_dividers: the divisors of n between `first` and `upper` (either order), plus, when
 * the divisor l1 inside that is nearest to `upper` is short of it, the next divisor l2 beyond `upper` if
 * l2/upper <= upper/l1 (mirrored when upper < first); when no divisor lies inside, the nearest divisor
 * beyond `upper` alone. Ascending; returns the count. */
int tun_divisor_range(int64_t n, tun_ratio first, tun_ratio upper, int64_t *out, int cap);

/* Sizes of a reuse pair: |I(L)| = space·reduce (all loop extents), |I(rL)| = reduce. */
typedef struct {
  int64_t space_a, reduce_a; /* α (the operator being tuned) */
  int64_t space_b, reduce_b; /* β (the operator whose program is reused) */
} tun_pair;

void tun_pair_init(const eto_compute *a, const eto_compute *b, tun_pair *pp);
/* |I(L_α)|/|I(L_β)|. */
tun_ratio tun_pair_inc(const tun_pair *pp);

/* Block counts of α for β's block count B_β: divisors of α's output size between B_β·|I(rL_β)|/|I(rL_α)|
 * and B_β·|I(L_α)|/|I(L_β)| by tun_divisor_range, with the artifact's direction (the extension side is the
 * first bound when α is larger, the second otherwise) and, when both reductions are equal, one more divisor
 * beyond the B_β·|I(L_α)|/|I(L_β)| end. Ascending; returns the count. */
int tun_block_range(const tun_pair *pp, int64_t blocks_beta, int64_t *out, int cap);

/* Threads per block for α with B_α blocks: divisors of `divisible` (the block tile; for cross-thread
 * reduction the reduction size) between T_β/B_α and T_β·|I(L_α)|/|I(L_β)|/B_α (tun_divisor_range), kept
 * when within the target's per-block limits (the minimum applies when α's output is at least that large).
 * Ascending; returns the count. */
int tun_thread_range(const tun_pair *pp, const eto_target *t, int64_t threads_beta, int64_t blocks_alpha,
                     int64_t divisible, int64_t *out, int cap);

/* Fetch counts of α's load loop (extent load_extent) whose total shared memory M = B_α·A/F lies between
 * M_β·|I(L_α)|/|I(L_β)| and M_β (the M range; A = shared elements per block with one fetch, F = 1).
 * Ascending; returns the count. */
int tun_fetch_range(const tun_pair *pp, int64_t load_extent, int64_t smem_one_fetch, int64_t blocks_alpha,
                    int64_t total_smem_beta, int64_t *out, int cap);

/* The estimator's fetch range (no block tile known): divisors of load_extent between F_β and
 * F_β·|I(L_α)|/|I(L_β)|. */
int tun_fetch_range_estimate(const tun_pair *pp, int64_t load_extent, int64_t fetches_beta, int64_t *out,
                             int cap);

/* ---- bshape.c ---- */

/* Distinct global-memory lines (line_bytes each; float32, row-major real tensors, each tensor starting on a
 * line) that the block at the origin with output tile bshape loads over the whole reduction, summed over
 * the inputs. Padding (virtual coordinates outside the real tensor) loads nothing. -1 when too large. */
int64_t tun_block_lines(const eto_compute *c, int line_bytes, const int64_t *bshape);

/* The output tile (per space loop a divisor of its extent, product = output size / blocks) with the fewest
 * lines (tun_block_lines with t->line_bytes); ties go to the lexicographically smallest tile. Returns 0, or
 * -1 when blocks does not divide the output size. *lines (may be NULL) receives the cost. */
int tun_best_bshape(const eto_compute *c, const eto_target *t, int64_t blocks, int64_t bshape[ETO_MAX_LOOPS],
                    int64_t *lines);

/* ---- value sets of index expressions (bshape.c) ---- */

/* The values one loop variable takes: the union of n intervals [lo[k], lo[k] + len[k]). */
typedef struct {
  int n;
  int64_t lo[TUN_MAX_IV], len[TUN_MAX_IV];
} tun_vals;

/* The distinct values of index expression ix when loop variable v (space loops first, then reduction
 * loops, as in eto_term.var) takes vals[v]: sorted ascending into *out (malloc'd, caller frees). Returns
 * the count, or -1 when out of memory or the enumeration would exceed 2^24 combinations. */
int64_t tun_index_values(const eto_index *ix, const tun_vals *vals, int64_t **out);

/* ---- tshape.c ---- */

typedef struct {
  int64_t th[ETO_MAX_LOOPS];  /* threads per space loop (S2) */
  int64_t vt[ETO_MAX_LOOPS];  /* virtual threads (S1) */
  int64_t it[ETO_MAX_LOOPS];  /* per-thread output tile (S3·S4) */
  int64_t cost_num, cost_den; /* cost = num / den, lower is better (cuda: den = 1) */
} tun_tshape;

/* Elements of input i that thread 0 loads from shared memory in one fetch (over its virtual threads),
 * with per-fetch reduction extents rfetch: the artifact's load_per_thread. */
int64_t tun_thread_loads(const eto_compute *c, int i, const int64_t *bshape, const tun_tshape *ts,
                         const int64_t *rfetch);

/* Cost of split ts (th, vt set; it derived) for block tile bshape on target t (see the hooks above);
 * fills ts->it and the cost. Returns 0, or -1 when the split does not divide the tile. */
int tun_tshape_cost(const eto_compute *c, const eto_target *t, const int64_t *bshape, const int64_t *rfetch,
                    tun_tshape *ts);

/* The least-cost split of bshape into `threads` threads and virtual threads (virtual threads at most
 * t->max_vthreads, accumulators per thread at most t->max_thread_tile); ties: fewer virtual threads, then
 * the lexicographically smallest (threads, virtual threads). Returns 0, or -1 when no split fits. */
int tun_best_tshape(const eto_compute *c, const eto_target *t, const int64_t *bshape, int64_t threads,
                    const int64_t *rfetch, tun_tshape *out);

/* A full multi-level program: S0 = extent / tile, S1 = vt, S2 = th, S3·S4 = it filled by the target's
 * rule; reduction loop j split [fetch[j], (extent/fetch[j]) / spf, spf]; unroll 0, vectors 1. */
void tun_fill_program(const eto_compute *c, const eto_target *t, const int64_t *bshape, const tun_tshape *ts,
                      const int64_t *fetch, eto_program *p);

/* Smallest prime factor of n (1 for n <= 1). */
int64_t tun_smallest_prime_factor(int64_t n);

/* ---- lshape.c ---- */

/* The reduction loop that cooperative fetches split: "rc" when the kind has input channels, else the first
 * reduction loop; -1 when there is no reduction loop. */
int tun_load_loop(const eto_compute *c);

/* Shared elements per block and fetch of a multi-level program with output tile bshape and per-fetch
 * reduction extents rfetch (what eto_sched_features reports as smem_per_block). */
int64_t tun_smem_per_fetch(const eto_compute *c, const int64_t *bshape, const int64_t *rfetch);

/* The default fetch count of α's load loop (the artifact's ld_n): among tun_divisor_range(load_extent, F_β,
 * F*) where F* = A / S_β makes shared memory per fetch equal to β's (A = α's shared elements per block with
 * one fetch, S_β = β's per fetch), the smallest when F* < F_β, else the largest. 0 when the range is empty
 * (the block count is then skipped). When β stages no input (S_β = 0: on the CPU every input read directly),
 * the divisor of load_extent nearest F_β (by ratio, the smaller on a tie). */
int64_t tun_default_fetch(int64_t load_extent, int64_t fetches_beta, int64_t smem_one_fetch,
                          int64_t smem_beta);
/* The fetch count f of the load loop la (0-based reduction loop), or when its shared memory per fetch with
 * block tile bshape exceeds the target's per-block limit, the smallest divisor of the loop's extent above f
 * that fits (this project's addition to the artifact's rule: a default LShape over the limit leaves round 1
 * without a valid candidate, and the rounds stop at the block count). f itself when none fits. */
int64_t tun_fit_fetch(const eto_compute *c, const eto_target *t, const int64_t *bshape, int la, int64_t f);

/* ---- annot.c ---- */

/* Bit mask of the loops the lowering unrolls for `step` (only loops of extent > 1 count): multi-level:
 * bit 0 = the R2 loops (Π S4 · Π R2 <= step), bit 1 = the R1 loops (... · Π S3 · Π R1 <= step);
 * cross-thread: bit j = R1 of loop j (R1_j · threads <= step); two-level: bit j = reduction loop j (Π S4 ·
 * Π_{k>=j} extent_k <= step). Mirrors src/lower (checked against eto_lower by the tests). */
unsigned tun_unroll_mask(const eto_program *p, int step);

/* Register estimate of a multi-level program with unroll `step`: accumulators (Π S3·S4) plus the distinct
 * input elements of the straight-line region the unrolled loops form. */
int64_t tun_reg_estimate(const eto_compute *c, const eto_program *p, int step);

/* The artifact's default unroll: over the steps in ascending order, skipping those that unroll nothing,
 * the first whose estimate exceeds `target`, or the one before it when that is closer; the largest step
 * when none exceeds it. */
int tun_default_unroll(const eto_compute *c, const eto_program *p, double target);

/* Steps other than p->unroll that unroll a different set of loops than p->unroll does, one per distinct
 * set, ascending. Returns the count. */
int tun_unroll_options(const eto_program *p, int out[ETO_NUM_UNROLL]);

/* How many different unroll behaviours the lowering has for a sketch, at most ETO_NUM_UNROLL: multi-level
 * 3 (nothing, R2, R2 and R1), otherwise reduction loops + 1 (each threshold is monotone in the step). */
int tun_unroll_behaviours(eto_sketch_kind sketch, int nreduce);

/* Vector lengths (from {2, 4}) worth trying for input i of multi-level program p (see the hooks above).
 * Returns the count. */
int tun_vec_options(const eto_compute *c, const eto_target *t, const eto_program *p, int i, int out[2]);

/* ---- queue.c: a reuse policy's candidates and the run through the search engine ---- */

/* The best OK measurement among some candidates (a block count's, in the tuner's rounds). */
typedef struct {
  int found;
  eto_program p;
  double median;
} tun_best;

/* Candidates of one step of a policy, proposed to the engine up to its cap at a time. Every candidate is
 * validated and de-duplicated against all the policy queued before; the counts go to *res. */
typedef struct {
  eto_compute c;
  const eto_target *t;
  eto_tuner_result *res;
  eto_program *items;
  int *rounds;
  int n, cap, head; /* items[head..n-1] are not proposed yet */
  char (*seen)[ETO_RECIPE_MAX];
  int nseen, capseen;
  int nomem;
} tun_queue;

void tun_queue_init(tun_queue *q, const eto_op *alpha, const eto_target *t, eto_tuner_result *res);
/* Validates, de-duplicates and queues p as a candidate of `round`. Returns 1 when queued, 0 when skipped
 * (invalid or queued before), -1 when out of memory. */
int tun_queue_try(tun_queue *q, int round, const eto_program *p);
/* Counts a candidate of `round` that could not even be built within the target's limits (no TShape fits,
 * threads cannot be placed) as enumerated and skipped invalid. */
void tun_queue_skip_invalid(tun_queue *q, int round);
/* Moves up to cap queued candidates (all of the first queued one's round) to out; returns how many, with
 * their round in *round. 0 when the queue is empty (it is then reset for the next step). */
int tun_queue_take(tun_queue *q, eto_program *out, int cap, int *round);
/* 1 while candidates are left to take. */
int tun_queue_pending(const tun_queue *q);
void tun_queue_free(tun_queue *q);

/* The distinct programs measured OK for workload key on t (the best record alone when there is no trial), fastest
 * first, parsed: *out (malloc'd, caller frees) and *n. Returns ETO_OK, ETO_ERR_IO (msg) or ETO_ERR_NOMEM. */
eto_status tun_source_programs(eto_cache *cache, const eto_target *t, const char *key, eto_program **out, int *n,
                               char *msg, int cap);

/* Updates *bb with the OK results among r[0..n-1]. */
void tun_best_observe(tun_best *bb, const eto_program *p, const eto_measure_result *r, int n);

/* Checks that a holds a reuse pair (α, β of one reuse kind and loop structure, on a->t) and, when
 * a->source_best is given, that it is a valid program of β; fills *ca, *cb. Returns ETO_OK or ETO_ERR_INVALID
 * with msg naming the policy or the problem. */
eto_status tun_pair_check(const eto_policy_args *a, const char *policy, eto_compute *ca, eto_compute *cb, char *msg,
                          int cap);

/* Makes a tuner policy (make, from a, its statistics in *out) and runs it for a->op through the search engine:
 * measured through m or opts->measure, stored in cache (may be NULL) with the policy's method and source β,
 * every result reported to cb with the block count blocks_of(policy) gives (may be NULL: 0). Resets and fills
 * *out (trial counts, best, round_trials, outcome, seconds; the policy fills the rest). */
eto_status tun_run_made(eto_policy_make_fn make, const eto_policy_args *a, eto_measurer *m, eto_cache *cache,
                        const eto_tuner_opts *opts, eto_tuner_trial_fn cb, void *cb_user,
                        int64_t (*blocks_of)(const void *self), eto_tuner_result *out);

/* ---- estimate.c ---- */

/* The enumeration estimate's stand-in measurement (an eto_tuner_measure_fn; user unused): OK, with a
 * deterministic pseudo-latency from the recipe, so which candidate wins a round (and so what rounds 2-4 start
 * from) is arbitrary but repeatable. */
void tun_stand_in(void *user, const eto_program *p, eto_measure_result *out);

#endif
