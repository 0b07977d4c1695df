/* tuner.h — the reuse-based tuner (ETO §5, docs/architecture.md §7), its trial estimator, and the TopK
 * baseline.
 *
 * Data flow: a reuse pair (α, β) and β's best program S*β (from the cache) go in; α takes S*β's sketch and
 * only annotations are searched, in rounds, every candidate validated (eto_sched_validate: invalid ones are
 * skipped, never measured) and measured (eto_measurer, or a caller's measure function):
 *
 *   for each block count B in the block range (divisors of α's output size between
 *   B_β·|I(rL_β)|/|I(rL_α)| and B_β·|I(L_α)|/|I(L_β)|, with the artifact's one-divisor extension rule):
 *     BShape   = the output tile of that size with the fewest global-memory lines one block loads over
 *                the whole reduction (target->line_bytes lines, row-major real tensors; ties: smallest);
 *     LShape   = split only the input-channel reduction loop ("rc"; the first reduction loop for kinds
 *                without one), with the fetch count whose shared memory per fetch is closest to S*β's
 *                (an S*β that stages no input, the CPU's direct reads, has none: the fetch count nearest
 *                S*β's own, and no round 2);
 *     round 1: for each total thread count T in [T_β, T_β·|I(L_α)|/|I(L_β)|] (T/B threads per block, a
 *              divisor of the block tile, within the target's per-block limits): TShape = the thread and
 *              virtual-thread split of least cost (see "TShape cost" below), remaining levels filled,
 *              unroll = the step whose register estimate is closest to S*β's (scaled by the ratio of shared
 *              memory per fetch); measure every candidate;
 *     round 2: from the best of this B, the other fetch counts whose total shared memory M lies between
 *              M_β·|I(L_α)|/|I(L_β)| and M_β;
 *     round 3: from the best of this B, the unroll steps that change what the lowering unrolls;
 *     round 4: from the best of this B, vector lengths 2 and 4 per input (input after input) where they
 *              change the cooperative fetch (cuda: they divide the elements each thread loads; cpu: they
 *              divide the SIMD vectors of the tile's innermost row);
 *   return the best measured program.
 * Rounds 2–4 run per block count, as in the ETO artifact (and as its estimator counts them).
 * Cross-thread-reduction and two-level sketches use a simplified variant: the same block and thread ranges
 * (threads split the reduction, resp. the block tile), then round 3 (unroll).
 *
 * The estimator counts the trials the tuner would measure for (α, β) without S*β and without measuring:
 * it samples 10 hypothetical β programs (block counts weighted by their divisor counts, one random thread
 * count and fetch count each) and averages, over the samples, the sum over α's block range of
 *   |T range| + |M range| − 1 + (unroll options − 1) + 2·2   (multi-level tiling)
 *   |T range| + (unroll options − 1)                          (cross-thread reduction, two-level tiling),
 * where the unroll options are the behaviours etotune's lowering distinguishes (at most the five steps:
 * 3 for multi-level tiling — nothing, R2, R2 and R1 unrolled —, reduction loops + 1 otherwise).
 *
 * TopK (Selective Tuning, benchmarks only): β's K best measured programs (from the cache's trials of β,
 * best first) applied to α where their tile factors fit α's extents; the next K when none of a group runs.
 *
 * TShape cost (a target hook; the enumeration is the same on both targets: every split of the block tile
 * into threads and virtual threads, at most target->max_vthreads virtual threads, accumulators per thread at
 * most target->max_thread_tile; ties: fewer virtual threads, then the lexicographically smallest split):
 *   cuda (target->banks > 0), the ETO artifact's: Σ over inputs of [shared-memory requests of all warps
 *     (warps of target->warp_size threads; per warp the most distinct word addresses on one bank, bank =
 *     word index mod banks) when every thread reads its first element] × [elements one thread loads from
 *     shared memory per fetch, over its virtual threads];
 *   cpu (banks == 0): the per-thread register tile of one virtual thread is rows × W outputs, W along the
 *     contiguous (last) output axis, computed in vectors of L = target->warp_size lanes; one reduction step
 *     costs rows·ceil(W/L) vector FMAs plus, per input, its register loads (vectors of L when the input's
 *     innermost dimension runs along the last output axis, single elements otherwise); the cost is that
 *     count divided by rows·W (instructions per output): wide tiles in multiples of L along the contiguous
 *     axis, square-ish otherwise, within the register tile limit.
 * Remaining levels: cuda S4 = smallest prime factor of the per-thread extent, S3 = the rest (the artifact);
 * cpu: the last axis keeps its per-thread extent in S4 (the lowering vectorizes the last axis with S4 > 1;
 * the largest divisor within target->max_innermost, a multiple of L when one exists), other axes S3 = the
 * extent; both: R2 = smallest prime factor of the per-fetch reduction extent, R1 = the rest.
 * BShape lines are target->line_bytes long (cuda 32, cpu 64). Vector lengths: cuda, v divides the elements
 * each thread fetches (the artifact); cpu, v divides the SIMD vectors of the shared tile's innermost row
 * (otherwise the copy, hence the program, would not change).
 */
#ifndef ETO_TUNER_H
#define ETO_TUNER_H

#include <stdint.h>

#include "backend.h"
#include "cache.h"
#include "measure.h"
#include "op.h"
#include "schedule.h"
#include "target.h"

#define ETO_TUNER_ROUNDS 4 /* rounds 1..4 */
#define ETO_TUNER_MAX_BLOCKS 256
#define ETO_TUNER_TOPK_DEFAULT 3
#define ETO_TUNER_ESTIMATE_SAMPLES 10

/* A measurement, for callers that measure differently (tests, dry runs): fills *out for program p of α.
 * Must never fail as a call: every failure is a result (out->error). */
typedef void (*eto_tuner_measure_fn)(void *user, const eto_program *p, eto_measure_result *out);

/* One measured candidate, given to the per-trial callback. Pointers are valid during the call only. */
typedef struct {
  int index;      /* 1, 2, ... in measurement order */
  int round;      /* 1..4 (TopK: the group number, from 1) */
  int64_t blocks; /* the block count B being tuned (TopK: 0) */
  const eto_program *program;
  const eto_measure_result *result;
  int improved; /* 1 when this trial became the best program so far */
} eto_tuner_trial;

typedef void (*eto_tuner_trial_fn)(void *user, const eto_tuner_trial *trial);

/* Options; a zeroed struct (or NULL) means the defaults. */
typedef struct {
  int max_trials;               /* stop after this many measurements; 0 = no limit */
  int topk;                     /* TopK group size; 0 = ETO_TUNER_TOPK_DEFAULT */
  eto_tuner_measure_fn measure; /* when not NULL, used instead of the measurer */
  void *measure_user;
  const volatile int *cancel; /* when not NULL and *cancel becomes nonzero, stop after the candidates being
                                 measured (what was measured is stored) */
  int patience;               /* eto_tuner_seeded: its search's patience (eto_policy_args.patience; 0: 32) */
} eto_tuner_opts;

typedef struct {
  int found;        /* 1 when at least one candidate measured OK */
  eto_program best; /* the best measured program (valid when found) */
  eto_measure_result best_result;
  int trials;  /* candidates measured, failures included (= callbacks = cache trials) */
  int resumed; /* candidates stored before the call (an interrupted run's): served, not measured again */
  int failed; /* of which not OK */
  int round_trials[ETO_TUNER_ROUNDS + 1];     /* measured per round, index 1..4 */
  int round_candidates[ETO_TUNER_ROUNDS + 1]; /* enumerated per round (measured + skipped), index 1..4 */
  int skipped_invalid;                        /* candidates rejected by eto_sched_validate (never measured) */
  int skipped_duplicate;                      /* candidates equal to one already measured (never measured) */
  int nblocks; /* the block range of α (multi-level; simplified variants too) */
  int64_t blocks[ETO_TUNER_MAX_BLOCKS];
  eto_sketch_kind sketch;        /* the sketch α took from S*β */
  double seconds;                /* wall time of the whole call */
  eto_cache_put_outcome outcome; /* what the cache did with the best program (NONE without a cache) */
  char message[256];             /* why nothing was found, or "" */
  char stop[256];                /* the policy's last word: why it stopped (the seeded policy: its stop rule), or "" */
} eto_tuner_result;

/* The reuse policies (backend.h's search-policy interface), for the driver's registry:
 *   eto_tuner_policy_eto   ETO's rounds from a->source_best (required, a valid program of β on a->t);
 *   eto_tuner_policy_topk  β's K best measured programs from a->cache (required), K = a->topk;
 *   eto_tuner_policy_seeded  the reuse-seeded search (tuner/seeded.c, docs/architecture.md §7b): seeds from β's best
 *                          programs in a->cache and a->source_best (transplanted to α, imperfect tiles where
 *                          a factor does not divide) and α's nearest cached neighbours, then ETO's rounds
 *                          from a->source_best (when given), then evolutionary batches on the engine's cost
 *                          model (warm-started from the cache's records) until 64 trials bring no 1% gain, or
 *                          256 trials in all.
 * a->stats, when not NULL, is an eto_tuner_result the policy keeps its counts in (round candidates, skips,
 * block range, sketch); the rest of it is the caller's. Return ETO_OK, ETO_ERR_INVALID (not a reuse pair, a
 * missing or invalid argument; msg says which), ETO_ERR_IO (cache) or ETO_ERR_NOMEM. */
eto_status eto_tuner_policy_eto(const eto_policy_args *a, eto_policy *out, char *msg, int cap);
eto_status eto_tuner_policy_topk(const eto_policy_args *a, eto_policy *out, char *msg, int cap);
eto_status eto_tuner_policy_seeded(const eto_policy_args *a, eto_policy *out, char *msg, int cap);
/* Diffusion (tuner/seeded.c; Bayesian Code Diffusion's idea on the full search): the full search of a->op
 * (a->source unused) whose every round also offers up to 8 transplants (as the seeded policy makes them) of the
 * current best programs of the nearest operators of its kind and signature that a->cache holds, the cost model's
 * best of them once it is trained; in a list run, the other operators' searches store their bests there as they
 * go. a->cache is read at every round: it must outlive the policy (NULL: the plain full search). Stored as a full
 * search (method full). An experiment (bench_reproduce --modes diffuse): on ResNet-50 not better than the plain full
 * search (bench/RESULTS.md AF.2). Returns ETO_OK, ETO_ERR_INVALID (no operator or target) or ETO_ERR_NOMEM. */
eto_status eto_tuner_policy_diffuse(const eto_policy_args *a, eto_policy *out, char *msg, int cap);

/* The reuse-seeded policy for α from β (beta_best: S*β, may be NULL when cache holds β's trials), run by the
 * search engine as eto_tuner_run runs ETO's rounds (same arguments, storage and result; round 1 = seeds,
 * rounds 11-14 = ETO's rounds 1-4, round 20 = search, so round_trials counts the seeds only; blocks are 0). */
eto_status eto_tuner_seeded(const eto_op *alpha, const eto_op *beta, const eto_program *beta_best,
                            const eto_target *t, eto_measurer *m, eto_cache *cache, const eto_tuner_opts *opts,
                            eto_tuner_trial_fn cb, void *cb_user, eto_tuner_result *out);

/* Tunes α by reusing β's best program beta_best (a valid program of β on target t). Measures through m,
 * or through opts->measure when set (m may then be NULL). cache may be NULL; otherwise every measured trial
 * of α (method reuse) and the best program (method reuse, source = β's workload key, trials = trials
 * measured) are stored, one transaction per round of each block count (eto_tuner_policy_eto run by the search
 * engine; candidates stored before the call are served, not measured again: out->resumed). cb (may be NULL) is
 * called after every measurement. *out is filled in every case.
 * Returns ETO_OK (also when no candidate ran: out->found = 0 and out->message says why), ETO_ERR_INVALID
 * (α and β are not of one reuse kind, loop counts differ, or beta_best is not a valid program of β on t;
 * out->message says which), ETO_ERR_IO (a cache write failed; the cache's message is in out->message). */
eto_status eto_tuner_run(const eto_op *alpha, const eto_op *beta, const eto_program *beta_best,
                         const eto_target *t, eto_measurer *m, eto_cache *cache, const eto_tuner_opts *opts,
                         eto_tuner_trial_fn cb, void *cb_user, eto_tuner_result *out);

/* The number of trials eto_tuner_run would measure for (α, β), estimated without measuring (see the top of
 * this header): deterministic for a seed, microseconds to a few milliseconds per pair. The sketch is the
 * first of β's sketch set. *trials >= 0 on ETO_OK; ETO_ERR_INVALID when α and β are not a reuse pair of one
 * kind and loop structure. */
eto_status eto_tuner_estimate(const eto_op *alpha, const eto_op *beta, const eto_target *t, uint64_t seed,
                              double *trials);

/* The trials the reuse-seeded policy spends beyond ETO's rounds, as the plan estimates it: its seeds (β's best
 * programs, transplanted, up to two variants each) and the search's patience window, which it always spends
 * after its last gain. The estimate of a seeded edge is eto_tuner_estimate + this. */
#define ETO_TUNER_SEEDED_EXTRA_TRIALS 80

/* The reuse-seeded policy's own cap on one search (seeds included): a patience (eto_policy_args.patience) beyond it
 * has no effect, which the options that set one (etotune tune --edge-patience) take as their bound. */
#define ETO_TUNER_SEEDED_MAX_TRIALS 256

/* The enumeration estimate: the trials eto_tuner_run would measure, counted by running its rounds with a
 * stand-in for the measurement (a repeatable pseudo-latency per program decides which candidate each round
 * keeps; nothing is compiled). With beta_best (a valid program of β) the count is for that program; without
 * it, the mean over `samples` (0 = ETO_TUNER_ESTIMATE_SAMPLES) random valid programs of β (seeded). Slower
 * than eto_tuner_estimate (milliseconds to a second per pair: every candidate is built and validated) and
 * closer to what the tuner measures on this target, since it skips what the tuner skips (invalid and
 * duplicate candidates, vector lengths and unroll steps that change nothing). Returns ETO_OK, or
 * ETO_ERR_INVALID (not a reuse pair, invalid beta_best, or no valid program of β found). */
eto_status eto_tuner_estimate_enum(const eto_op *alpha, const eto_op *beta, const eto_target *t,
                                   const eto_program *beta_best, uint64_t seed, int samples, double *trials);

/* TopK baseline: reads β's measured trials from the cache (OK ones, fastest first, distinct recipes; β's best
 * record when there are no trials), adapts each to α (eto_tuner_adapt) and keeps those valid on t, measures
 * them K at a time (opts->topk) until a group has a program that runs; every trial and the best (method
 * topk, source β) are stored. Returns ETO_OK (out->found = 0 when nothing applied or ran), ETO_ERR_INVALID,
 * ETO_ERR_IO (cache). */
eto_status eto_tuner_topk(const eto_op *alpha, const eto_op *beta, const eto_target *t, eto_measurer *m,
                          eto_cache *cache, const eto_tuner_opts *opts, eto_tuner_trial_fn cb, void *cb_user,
                          eto_tuner_result *out);

/* Applies program p (of another operator with the same loop structure) to α's loop nest: keeps every inner
 * level and recomputes S0 (R0) as extent / product of the inner levels. Returns 0 and *out, or -1 when a loop
 * count differs or an extent is not divisible by the inner product. The result is not validated. */
int eto_tuner_adapt(const eto_compute *alpha, const eto_program *p, eto_program *out);

#endif
