/* seeded.c — the reuse-seeded search policy ("seeded", docs/architecture.md §7b): reuse as the start of a
 * search, not its end (Bayesian Code Diffusion, OSDI 2025; AutoTVM's transfer learning).
 *
 *   seeds (round 1, measured first):
 *     β's best measured programs, transplanted to α: inner tile factors kept where α's extents allow (the
 *       outermost recomputed), else re-fitted (each inner factor the divisor of what is left of α's extent
 *       closest to β's, in log scale), else kept with an imperfect (guarded) outermost tile (a superset of
 *       what TopK applies); each also with a register tile of whole vectors where it has none (fit_vector) or
 *       where its vector axis runs partial vectors and α's extent allows whole ones (fit_lanes), or along another
 *       loop whose α extent allows them (fit_vaxis), with factors
 *       moved out to the blocks where it has fewer blocks than cores (fit_blocks), and with both; β's direct
 *       reads kept where α's search may propose them, else read from a tile (fit_direct), and the first program
 *       also with every input α's rule allows read directly, with blocks of about its own blocks' work where
 *       α's are at least 2x smaller (fit_work), and with vectors along the last loop where it runs them along
 *       another, as is and with every reduction step innermost (fit_last_vector, fit_reduce_inner);
 *     the best programs of the cached operators of α's kind and sketch signature nearest α, transplanted alike,
 *       and the first transplant of the SEEDED_FAST fastest (GFLOP/s) of them within SEEDED_FAST_DIST of α; the first
 *       program of each of these sets and the fastest ones also with β's blocks and register tile kept and the loop
 *       between them fitted to α (fit_middle);
 *   ETO's rounds (rounds 11-14: ETO's 1-4), run by the ETO policy from S*β: of each of their batches, the 1 in
 *     SEEDED_ETO_KEEP (4) the cost model ranks best once it is trained (on β's and the neighbours' stored trials:
 *     in a reuse run, from the first batch), every candidate while it is not (made again from a better S*β after
 *     an early release, the policy runs again: what it measured before is served from the stored results),
 *     ended, once the model is trained, when SEEDED_ETO_PATIENCE (16, tuner_internal.h) of their trials in a row
 *     have not improved α's best by SEEDED_MIN_GAIN;
 *   search (round 20, batches of SEEDED_PER_ROUND): evolutionary rounds of the full search (eto_backend_evolve)
 *     from a population that holds the measured seeds, scored by the run's cost model, which the engine trains
 *     on the cache's records of other workloads (β and α's neighbours) before the first batch and again by
 *     Ansor's rule on the growth of all its records (not within a short search from β's ~1000: RESULTS BP.3);
 *   stop: when SEEDED_PATIENCE trials in a row (or eto_policy_args.patience: etotune tune --edge-patience; times
 *     the engine's eto_policy_view.patience_scale, as ETO's SEEDED_ETO_PATIENCE: 1 for an operator that holds its
 *     part of the list's weighted latency, down to --patience-floor for a light one, up to --patience-growth for
 *     one that much of it depends on, from the engine's second pass on, which asks an ended policy again) have not
 *     improved α's best by SEEDED_MIN_GAIN, or after SEEDED_MAX_TRIALS trials, or when nothing new is reachable.
 * Every candidate is measured, verified and stored by the engine as for every policy. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tuner_internal.h"

#define SEEDED_SOURCE_PROGRAMS 8  /* β's best programs transplanted */
#define SEEDED_NEIGHBOURS 3       /* nearest cached operators whose best programs are seeds */
#ifndef SEEDED_FAST /* -DSEEDED_FAST=0: the policy before bench/RESULTS.md AQ */
#define SEEDED_FAST 2 /* fastest (GFLOP/s) cached operators within SEEDED_FAST_DIST whose best programs are seeds too
                       * (their first transplant each), where they are not among the nearest: a family's nearest members
                       * can all be weak where one farther off is not (bench/RESULTS.md AQ: BERT's context at 512, its
                       * nearest weak themselves, 324's program run at 512 1.36x its cached one) */
#endif
#define SEEDED_FAST_DIST 1.40 /* summed |log| extent ratio: every extent within 4x, or two within 2x each */
#define SEEDED_MAX_SEEDS 64
#define SEEDED_PER_ROUND 16       /* candidates per search batch */
#ifndef SEEDED_PATIENCE /* -DSEEDED_PATIENCE=64: the policy of bench/RESULTS.md AB.4; 48: of AC-AD */
#define SEEDED_PATIENCE 32 /* trials without a gain of SEEDED_MIN_GAIN before the search stops (RESULTS AC: 64 -> 48 kept
                            * the 13 hard pairs' quality and took the median run from 114 trials to 98; AE: 48 -> 32,
                            * replayed on AD's 48 pairs x 3 runs, kept every kind's median >= 1.00 and the same 3
                            * pairs under 0.9, at 63 trials instead of 82) */
#endif
#define SEEDED_MIN_GAIN 0.01
#define SEEDED_MAX_TRIALS ETO_TUNER_SEEDED_MAX_TRIALS /* the policy's own cap (seeds included) */
#ifndef SEEDED_ETO_ROUNDS /* -DSEEDED_ETO_ROUNDS=1: the build "fix1" of bench/RESULTS.md O.3 (not better) */
#define SEEDED_ETO_ROUNDS 4       /* ETO's rounds run per block count (1-4) */
#endif
#ifndef SEEDED_ETO_KEEP /* -DSEEDED_ETO_KEEP=1: every candidate of ETO's rounds, the build "k1" of RESULTS AB.4 */
#define SEEDED_ETO_KEEP 4 /* of each batch of ETO's rounds, the 1 in SEEDED_ETO_KEEP the trained cost model ranks best
                           * is measured (bench/RESULTS.md AB.4: 13 pairs, 113 trials instead of 147, no loss) */
#endif
_Static_assert(ETO_TUNER_SEEDED_EXTRA_TRIALS >= SEEDED_PATIENCE + SEEDED_SOURCE_PROGRAMS,
               "the plan's extra trials of a seeded edge cover the seeds and the patience window");

typedef struct {
  tun_queue q;             /* the seeds */
  eto_policy eto;          /* ETO's rounds, after the seeds (none without S*β) */
  int phase;               /* 0 seeds, 1 ETO's rounds, 2 search */
  int patience;            /* the search's patience before the engine's scale (eto_policy_args.patience) */
  int64_t start_trials;    /* the task's trials when the policy first proposed (stored ones before it) */
  int started;
  double best;             /* best cost the policy has seen */
  int64_t last_gain;       /* the task's trial count when best last improved by SEEDED_MIN_GAIN */
  int eto_offered, eto_kept; /* ETO's candidates proposed to the policy, and those it had measured */
  int eto_since;           /* ETO's trials in a row without a gain of SEEDED_MIN_GAIN */
  int eto_cut;             /* ETO's rounds were ended by their patience (SEEDED_ETO_PATIENCE, scaled) */
  int64_t eto_patience;    /* that patience, when they were */
  eto_tuner_result own;
} seeded_pol;

/* ---- transplanting a program of another operator of the same loop structure ---- */

/* Fits one loop's factors f[0..n-1] (f[0] outermost) to extent ext: fit keeps the inner factors when they divide
 * ext, else re-fits each to the closest divisor of what is left (innermost first); imp keeps them and rounds the
 * outermost up (an imperfect tile). Returns 1 when the inner factors divide ext. */
static int fit_loop(int64_t ext, const int64_t *f, int n, int64_t *fit, int64_t *imp) {
  int64_t inner = 1, rest = ext;
  for (int l = 1; l < n; l++) inner *= f[l];
  for (int l = 0; l < n; l++) fit[l] = imp[l] = f[l];
  imp[0] = inner >= 1 ? (ext + inner - 1) / inner : ext;
  if (inner >= 1 && ext % inner == 0) {
    fit[0] = ext / inner;
    return 1;
  }
  for (int l = n - 1; l >= 1; l--) {
    fit[l] = tun_closest_divisor(rest, f[l]);
    rest /= fit[l];
  }
  fit[0] = rest;
  return 0;
}

/* Fits one loop's factors f[0..n-1] to extent ext keeping every factor but the largest of the middle levels
 * (f[1..n-2]), which takes what is left: β's blocks (f[0]) and register tile (f[n-1]) stay, and the loop each block
 * runs over grows or shrinks with α (where fit_loop's exact fit recomputes the blocks: BERT's context at 512 from
 * 324's program, m 1.1.81.4.1 and k 1.81.4, runs 1.1.128.4.1 and 1.128.4 at 353-361 GFLOP/s, fit_loop's 2.1.64.4.1 and
 * 2.64.4 at 282, bench/RESULTS.md AQ). Returns 0 when what is left is not a whole factor, else 1. */
static int fit_middle(int64_t ext, const int64_t *f, int n, int64_t *out) {
  int at = n > 2 ? 1 : 0;
  for (int l = 2; l < n - 1; l++)
    if (f[l] > f[at]) at = l;
  int64_t rest = 1;
  for (int l = 0; l < n; l++) {
    out[l] = f[l];
    if (l != at) rest *= f[l];
  }
  if (rest < 1 || ext % rest != 0) return 0;
  out[at] = ext / rest;
  return 1;
}

/* The direct reads of p that the search may propose on α (eto_sched_direct_ok): β's program may read an input
 * directly that many more of α's thread tiles read (a larger α), which no search of α proposes; that input is
 * read from a tile instead. With all set, every input the rule allows is read directly (a smaller α). */
static void fit_direct(const eto_compute *ca, const eto_target *t, eto_program *p, int all) {
  if (p->sketch != ETO_SKETCH_MULTI_LEVEL) return;
  for (int i = 0; i < ca->ninputs && i < ETO_MAX_INPUTS; i++) {
    int ok = eto_sched_direct_ok(ca, t, p, i);
    if (p->direct[i] && !ok) p->direct[i] = 0;
    else if (all && ok && !p->direct[i]) {
      p->direct[i] = 1;
      p->vec[i] = 1;
    }
  }
  eto_sched_prefetch_fix(ca, t, p);
}

/* Gives a CPU multi-level program at least t->cores blocks (the product of S0 over the space loops) where it has
 * fewer: a transplant keeps β's inner factors and recomputes α's outermost, which leaves a small α one block, one
 * core working (bench/RESULTS.md U.3: conv2d 7's seeds from k=1024, one block each, and the search's trials from
 * them too; the policy ended at 0.59 of α's full search, 1.06 with this). Moves the smallest prime factor of the
 * first factor > 1 at S1, S2 or S3 (the register tile's S4 stays) of the outermost loop that has one into its S0,
 * until there are enough blocks or no such factor. Returns 1 when p changed. */
static int fit_blocks(const eto_target *t, eto_program *p) {
  if (t->kind != ETO_TARGET_CPU || p->sketch != ETO_SKETCH_MULTI_LEVEL) return 0;
  int64_t blocks = 1;
  for (int s = 0; s < p->nspace; s++) blocks *= p->stile[s][0];
  int changed = 0;
  while (blocks < t->cores) {
    int s = 0, l = 1; /* the first loop, outermost first, with a factor > 1 at S1-S3 */
    while (s < p->nspace && p->stile[s][l] < 2) {
      if (++l <= 3) continue;
      l = 1;
      s++;
    }
    if (s == p->nspace) break;
    int64_t q = 2;
    while (p->stile[s][l] % q) q++;
    p->stile[s][l] /= q;
    p->stile[s][0] *= q;
    blocks *= q;
    changed = 1;
  }
  return changed;
}

/* Gives a CPU multi-level program transplanted from src (β's) blocks of about src's work (outputs per block, the
 * product of S1-S4 over the space loops) where its own are at least 2x smaller: a transplant keeps β's inner
 * factors, and where α is smaller in the loops β's block covers whole, each of α's blocks does less work and more
 * of them run (bench/RESULTS.md AE: depthwise c=144 28x28 from 56x56: 144 blocks of one 28x28 channel, at 0.66-0.71
 * of α's full search, whose best runs 12 blocks of 12 channels). Moves the smallest prime factor of the largest S0
 * into that loop's S2 while the block stays within src's work and at least t->cores blocks are left. Returns 1 when
 * p changed. */
static int fit_work(const eto_target *t, const eto_program *src, eto_program *p) {
  if (t->kind != ETO_TARGET_CPU || p->sketch != ETO_SKETCH_MULTI_LEVEL) return 0;
  int64_t want = 1, work = 1, blocks = 1;
  for (int s = 0; s < src->nspace; s++)
    for (int l = 1; l < ETO_SPACE_LEVELS; l++) want *= src->stile[s][l];
  for (int s = 0; s < p->nspace; s++) {
    for (int l = 1; l < ETO_SPACE_LEVELS; l++) work *= p->stile[s][l];
    blocks *= p->stile[s][0];
  }
  if (work * 2 > want) return 0;
  int changed = 0;
  for (;;) {
    int a = 0;
    for (int s = 1; s < p->nspace; s++)
      if (p->stile[s][0] > p->stile[a][0]) a = s;
    int64_t q = 2;
    while (q <= p->stile[a][0] && p->stile[a][0] % q) q++;
    if (q > p->stile[a][0] || work * q > want || blocks / q < t->cores) break;
    p->stile[a][0] /= q;
    p->stile[a][2] *= q;
    work *= q;
    blocks /= q;
    changed = 1;
  }
  return changed;
}

/* Keeps the thread's accumulators (eto_features.thread_tile) of p within t->max_thread_tile after its vector axis a
 * grew: a's own S3 factor moves to S2 (the loop whose S4 grew gives back first: a 1x1 conv's transplant with 8
 * output channels at S3 and 7 along w, made 8 channels a vector by fit_vaxis, kept 64 x 7 accumulators and was
 * dropped as invalid, bench/RESULTS.md BR.2), then the other loops', outermost first. */
static void fit_thread_tile(const eto_compute *ca, const eto_target *t, eto_program *p, int a) {
  eto_features f;
  eto_sched_features(ca, p, &f);
  for (int k = -1; k < p->nspace && f.thread_tile > t->max_thread_tile; k++) {
    int s = k < 0 ? a : k;
    if ((k < 0 || s != a) && p->stile[s][3] > 1) {
      p->stile[s][2] *= p->stile[s][3];
      p->stile[s][3] = 1;
      eto_sched_features(ca, p, &f);
    }
  }
}

/* Gives a CPU multi-level program without a register tile (every S4 factor 1: the thread tile unrolled at S3 and
 * scalar, as a small β's best may run) one of whole vectors, which the lowering runs as vector FMAs: the last space
 * loop whose block extent (S1 x S2 x S3) is a multiple of the SIMD lanes gets S4 = lanes, taken from its S3, then
 * S2, then S1; where the thread's accumulators (eto_features.thread_tile) then exceed t->max_thread_tile, S3
 * factors move to S2 (fit_thread_tile). bench/RESULTS.md V.3: conv2d 3 (k=1024 c=256 7x7 from k=32
 * c=144), whose every seed had the scalar tile 2 x 7 x 7 of β's best. Returns 1 when p changed. */
static int fit_vector(const eto_compute *ca, const eto_target *t, eto_program *p) {
  int lanes = t->vector_bits / 32;
  if (t->kind != ETO_TARGET_CPU || p->sketch != ETO_SKETCH_MULTI_LEVEL || lanes < 2) return 0;
  for (int s = 0; s < p->nspace; s++)
    if (p->stile[s][4] > 1) return 0;
  int a = p->nspace - 1;
  while (a >= 0 && (p->stile[a][1] * p->stile[a][2] * p->stile[a][3]) % lanes) a--;
  if (a < 0) return 0;
  int64_t need = lanes; /* a power of two: the factors of 2 of S3, S2, S1 in turn make it up */
  for (int l = 3; l >= 1 && need > 1; l--)
    while (need > 1 && p->stile[a][l] % 2 == 0) {
      p->stile[a][l] /= 2;
      p->stile[a][4] *= 2;
      need /= 2;
    }
  fit_thread_tile(ca, t, p, a);
  return 1;
}

/* The vector axis of a CPU multi-level program whose register tile has no axis of whole vectors (no S4 factor a
 * multiple of the SIMD lanes: the lowering then runs the last axis with S4 > 1 as partial vectors), -1 when it has
 * whole vectors, no register tile (fit_vector's case) or is no such program. */
static int partial_vector_axis(const eto_target *t, const eto_program *p) {
  int lanes = t->vector_bits / 32, a = -1;
  if (t->kind != ETO_TARGET_CPU || p->sketch != ETO_SKETCH_MULTI_LEVEL || lanes < 2) return -1;
  for (int s = 0; s < p->nspace; s++) {
    if (p->stile[s][4] % lanes == 0) return -1; /* whole vectors already */
    if (p->stile[s][4] > 1) a = s;
  }
  return a;
}

/* The multiple of lanes that divides ext nearest `near` (in log scale), 0 when none does. */
static int64_t lanes_multiple(int64_t ext, int64_t lanes, int64_t near) {
  int64_t want = 0;
  for (int64_t m = lanes; m <= ext; m += lanes)
    if (ext % m == 0 && (!want || fabs(log((double)m / near)) < fabs(log((double)want / near)))) want = m;
  return want;
}

/* Sets loop b's S4 of p to the multiple of the SIMD lanes that divides α's extent of b nearest `near` (in log scale,
 * lanes_multiple), its other factors re-fitted around it (fit_loop), then keeps the thread's accumulators within the
 * limit (fit_thread_tile). Returns 0 when no multiple of the lanes divides the extent (p unchanged), else 1. */
static int whole_vectors(const eto_compute *ca, const eto_target *t, eto_program *p, int b, int64_t near) {
  int64_t ext = ca->nest.space[b].extent, want = lanes_multiple(ext, t->vector_bits / 32, near);
  if (!want) return 0;
  int64_t f[ETO_SPACE_LEVELS], imp[ETO_SPACE_LEVELS];
  memcpy(f, p->stile[b], sizeof f);
  f[ETO_SPACE_LEVELS - 1] = want;
  fit_loop(ext, f, ETO_SPACE_LEVELS, p->stile[b], imp);
  fit_thread_tile(ca, t, p, b);
  return 1;
}

/* Gives a CPU multi-level program whose register tile runs partial vectors (partial_vector_axis) whole ones where α's
 * extent allows: that axis's S4 becomes the multiple of the lanes that divides α's extent nearest its own
 * (whole_vectors). A transplant keeps β's inner factors where they divide α's extents, so a chain of reuse edges
 * carries a 56-wide source's S4 = 14 along w to 112 (bench/RESULTS.md AM: MobileNetV2's 1x1 convolutions at 112x112,
 * 14 lanes of 16 at 165-175 GFLOP/s where their full searches' 16 run 225-227). Returns 1 when p changed. */
static int fit_lanes(const eto_compute *ca, const eto_target *t, eto_program *p) {
  int a = partial_vector_axis(t, p);
  return a >= 0 && whole_vectors(ca, t, p, a, p->stile[a][4]);
}

/* Gives a CPU multi-level program whose register tile runs partial vectors (partial_vector_axis) whole vectors along
 * another space loop b, the last whose α extent is a multiple of the SIMD lanes: b's S4 becomes the multiple of the
 * lanes that divides α's extent nearest the vector axis's S4 (whole_vectors); the old vector axis keeps its S4 as an
 * unrolled loop of the register tile. A depthwise β's tile runs its vectors along w, and at α's w = 7 (or 14, 28 on
 * 16 lanes) no multiple of the lanes divides it, so fit_lanes cannot help: α's search found 8 or 16 channels a vector
 * (bench/RESULTS.md BQ.3: c=96 7x7 from c=192 28x28 on 8 lanes, S*β's transplant made 8 channels a vector ran 3.1x its
 * plain transplant and 1.5x alpha's full search). Returns 1 when p changed. */
static int fit_vaxis(const eto_compute *ca, const eto_target *t, eto_program *p) {
  int a = partial_vector_axis(t, p), b = -1, lanes = t->vector_bits / 32;
  if (a < 0) return 0;
  for (int s = 0; s < p->nspace; s++)
    if (s != a && ca->nest.space[s].extent % lanes == 0) b = s;
  return b >= 0 && whole_vectors(ca, t, p, b, p->stile[a][4]);
}

/* Gives a CPU multi-level program whose vector axis a is not its last space loop L (the output's contiguous one) a
 * register tile of vectors along L: L's S4 becomes the divisor of α's extent of L that is a multiple of the lanes
 * nearest twice the lanes, else the largest within [lanes, 2 x lanes] (the lowering runs it as whole vectors and a
 * rest), its S1-S3 become 1 (a block covers that run of L); a's S3 and S4 move to its S2 (out of the register
 * tile); and the last other loop with a block extent over 1 takes at S3 the divisor of its block extent nearest the
 * rows that keep the register tile's size (its outputs over L's run rounded up to whole vectors), at least half the
 * register file (half of t->max_thread_tile: a small β's tile of two vectors would leave one row). A depthwise β's
 * tile may run channels a vector where α's smaller image runs fastest with w a vector and rows of it unrolled
 * (bench/RESULTS.md BR.1: c=144 28x28 from 56x56 on 8 lanes, alpha's search runs 14 along w x 4 rows, the seeds'
 * 8 channels x 8 along w ended at 0.62-0.84 of it). Returns 1 when p changed. */
static int fit_last_vector(const eto_compute *ca, const eto_target *t, eto_program *p) {
  int lanes = t->vector_bits / 32, L = p->nspace - 1;
  if (t->kind != ETO_TARGET_CPU || p->sketch != ETO_SKETCH_MULTI_LEVEL || lanes < 2 || L < 1) return 0;
  int a = eto_sched_vec_axis(p, lanes);
  if (a < 0 || a == L) return 0;
  int64_t ext = ca->nest.space[L].extent, want = lanes_multiple(ext, lanes, 2 * lanes);
  for (int64_t m = 2 * lanes; !want && m >= lanes; m--)
    if (ext % m == 0) want = m;
  if (!want) return 0;
  int64_t tile = 1;
  for (int s = 0; s < p->nspace; s++) tile *= p->stile[s][3] * p->stile[s][4];
  p->stile[a][2] *= p->stile[a][3] * p->stile[a][4];
  p->stile[a][3] = p->stile[a][4] = 1;
  p->stile[L][1] = p->stile[L][2] = p->stile[L][3] = 1;
  p->stile[L][4] = want;
  p->stile[L][0] = ext / want;
  int r = -1;
  for (int s = 0; s < L; s++)
    if (s != a && p->stile[s][1] * p->stile[s][2] * p->stile[s][3] > 1) r = s;
  if (r >= 0) {
    int64_t run = (want + lanes - 1) / lanes * lanes, half = t->max_thread_tile / 2;
    int64_t rows = (tile > half ? tile : half) / run, inner = p->stile[r][1] * p->stile[r][2] * p->stile[r][3];
    p->stile[r][3] = tun_closest_divisor(inner, rows > 1 ? rows : 1);
    int64_t rest = inner / p->stile[r][3], s1 = p->stile[r][1];
    while (rest % s1) s1--; /* S1 as kept as the rows allow, S2 the rest */
    p->stile[r][1] = s1;
    p->stile[r][2] = rest / s1;
  }
  fit_thread_tile(ca, t, p, L);
  return 1;
}

/* p with every reduction loop's steps at r1 moved into r2: the register tile's outputs each take all their reduction
 * steps in a row (the lowering unrolls r2 inside the tile's S3 loops, r1 around them). With fit_last_vector's rows
 * of w vectors, a 3x3 depthwise kernel ran 1.5x faster so (bench/RESULTS.md BR.1). Returns 1 when p changed. */
static int fit_reduce_inner(eto_program *p) {
  int changed = 0;
  for (int j = 0; j < p->nreduce; j++)
    if (p->rtile[j][1] > 1) {
      p->rtile[j][2] *= p->rtile[j][1];
      p->rtile[j][1] = 1;
      changed = 1;
    }
  return changed;
}

#define TRANSPLANTS 35 /* transplant's variants at most: 2 (direct) x 2 (exact or imperfect) x 8 (fixes) + 3 */

/* Writes up to TRANSPLANTS variants of p for α that are valid on t (exact or re-fitted tiles, and imperfect where a
 * factor does not divide; each also with a vector register tile where it has none (fit_vector) or whole vectors
 * where it has partial ones (fit_lanes, or along another loop: fit_vaxis), with at least t->cores blocks where it
 * has fewer (fit_blocks), and with either and that; β's direct reads where α's rule allows them, and with `direct`,
 * also the same with every input the rule allows read directly, and the first with blocks of p's work (fit_work) and
 * with vectors along the last loop, with β's reduction split and with every reduction step innermost
 * (fit_last_vector, fit_reduce_inner)); returns how many. */
static int transplant(const eto_compute *ca, const eto_target *t, const eto_program *p, int direct,
                      eto_program out[TRANSPLANTS]) {
  if (p->nspace != ca->nest.nspace || p->nreduce != ca->nest.nreduce) return 0;
  eto_program fit = *p, imp = *p;
  int exact = 1;
  for (int s = 0; s < p->nspace; s++)
    exact &= fit_loop(ca->nest.space[s].extent, p->stile[s], ETO_SPACE_LEVELS, fit.stile[s], imp.stile[s]);
  for (int j = 0; j < p->nreduce; j++)
    exact &= fit_loop(ca->nest.reduce[j].extent, p->rtile[j], ETO_REDUCE_LEVELS, fit.rtile[j], imp.rtile[j]);
  static const struct { /* the fixes, in this order: at most one of the register tile's, then fit_blocks or not */
    int (*tile)(const eto_compute *, const eto_target *, eto_program *);
    int blocks;
  } fixes[] = {{NULL, 0},      {fit_vector, 0}, {NULL, 1},      {fit_vector, 1},
               {fit_lanes, 0}, {fit_lanes, 1},  {fit_vaxis, 0}, {fit_vaxis, 1}};
  int n = 0;
  for (int all = 0; all <= direct; all++)
    for (int k = 0; k < (exact ? 1 : 2); k++)
      for (size_t fix = 0; fix < sizeof fixes / sizeof *fixes; fix++) {
        eto_program f = k ? imp : fit;
        if (fixes[fix].tile && !fixes[fix].tile(ca, t, &f)) continue;
        if (fixes[fix].blocks && !fit_blocks(t, &f)) continue;
        fit_direct(ca, t, &f, all);
        if (eto_sched_candidate_ok(ca, t, &f, NULL, 0) == 0) out[n++] = f;
      }
  if (direct && n > 0) {
    eto_program w = out[0], v = out[0];
    if (fit_work(t, p, &w) && eto_sched_candidate_ok(ca, t, &w, NULL, 0) == 0) out[n++] = w;
    if (fit_last_vector(ca, t, &v)) {
      fit_direct(ca, t, &v, 0);
      if (eto_sched_candidate_ok(ca, t, &v, NULL, 0) == 0) out[n++] = v;
      if (fit_reduce_inner(&v) && eto_sched_candidate_ok(ca, t, &v, NULL, 0) == 0) out[n++] = v;
    }
  }
  return n;
}

/* p transplanted by fit_middle on every loop (β's direct reads where α's rule allows them, else every input the
 * rule allows read directly), in *out when that differs from every loop's exact fit by fit_loop and is valid on t;
 * returns 1 then, else 0. */
static int transplant_middle(const eto_compute *ca, const eto_target *t, const eto_program *p, eto_program *out) {
  if (p->nspace != ca->nest.nspace || p->nreduce != ca->nest.nreduce) return 0;
  eto_program m = *p;
  int64_t fit[ETO_SPACE_LEVELS], imp[ETO_SPACE_LEVELS];
  int differs = 0;
  for (int s = 0; s < p->nspace; s++) {
    if (!fit_middle(ca->nest.space[s].extent, p->stile[s], ETO_SPACE_LEVELS, m.stile[s])) return 0;
    fit_loop(ca->nest.space[s].extent, p->stile[s], ETO_SPACE_LEVELS, fit, imp);
    differs |= memcmp(fit, m.stile[s], sizeof fit) != 0;
  }
  for (int j = 0; j < p->nreduce; j++) {
    if (!fit_middle(ca->nest.reduce[j].extent, p->rtile[j], ETO_REDUCE_LEVELS, m.rtile[j])) return 0;
    fit_loop(ca->nest.reduce[j].extent, p->rtile[j], ETO_REDUCE_LEVELS, fit, imp);
    differs |= memcmp(fit, m.rtile[j], sizeof(int64_t) * ETO_REDUCE_LEVELS) != 0;
  }
  if (!differs) return 0;
  for (int all = 0; all <= 1; all++) { /* a longer loop per block may need an input read directly, not tiled */
    eto_program f = m;
    fit_direct(ca, t, &f, all);
    if (eto_sched_candidate_ok(ca, t, &f, NULL, 0) == 0) {
      *out = f;
      return 1;
    }
  }
  return 0;
}

/* Queues the transplants of the first `limit` of ps; the first one (S*β, or the nearest neighbour) also with
 * every allowed input read directly, and fitted by fit_middle. */
static void seed_all(tun_queue *q, const eto_compute *ca, const eto_target *t, const eto_program *ps, int np,
                     int limit) {
  for (int i = 0; i < np && i < limit; i++) {
    eto_program v[TRANSPLANTS];
    int nv = transplant(ca, t, &ps[i], i == 0, v);
    for (int k = 0; k < nv; k++) tun_queue_try(q, 1, &v[k]);
    if (i == 0 && transplant_middle(ca, t, &ps[i], &v[0])) tun_queue_try(q, 1, &v[0]);
  }
}

/* ---- α's nearest cached neighbours of the same kind and signature ---- */

typedef struct {
  const eto_op *alpha;
  char key_a[512], key_b[512];
  const eto_compute *ca;
  const eto_target *t;
  char sig[256];
  struct {
    double dist;
    uint64_t id; /* the workload key's hash (fast[] names the same operators alike) */
    eto_program p;
  } near[SEEDED_NEIGHBOURS];
  int n;
  struct {
    double gflops;
    uint64_t id;
    eto_program p;
  } fast[SEEDED_NEIGHBOURS + SEEDED_FAST]; /* fastest first: SEEDED_FAST remain when all the nearest are here */
  int nfast;
} near_ctx;

/* Keeps b among x's fastest within SEEDED_FAST_DIST (dist: its distance from α). */
static void keep_fast(near_ctx *x, const eto_cache_best *b, double dist, const eto_program *p) {
  int cap = (int)(sizeof x->fast / sizeof x->fast[0]);
  if (!(dist <= SEEDED_FAST_DIST) || !(b->gflops > 0)) return;
  if (x->nfast == cap && x->fast[cap - 1].gflops >= b->gflops) return;
  int at = x->nfast < cap ? x->nfast++ : cap - 1;
  for (; at > 0 && x->fast[at - 1].gflops < b->gflops; at--) x->fast[at] = x->fast[at - 1];
  x->fast[at].gflops = b->gflops;
  x->fast[at].id = eto_hash_str(ETO_HASH_SEED, b->workload);
  x->fast[at].p = *p;
}

static int visit_best(const eto_cache_best *b, void *user) {
  near_ctx *x = user;
  eto_op op;
  eto_program p;
  char why[256];
  if (b->bad || eto_op_from_key(b->workload, &op, why, sizeof why) != ETO_OK) return 0;
  if (eto_op_reuse_kind(op.kind) != eto_op_reuse_kind(x->alpha->kind)) return 0;
  if (strcmp(b->workload, x->key_a) == 0 || strcmp(b->workload, x->key_b) == 0) return 0;
  eto_compute c;
  eto_op_compute(&op, &c);
  char sig[256];
  eto_sched_signature(&c, x->t, sig, sizeof sig);
  if (strcmp(sig, x->sig) != 0 || c.nest.nspace != x->ca->nest.nspace || c.nest.nreduce != x->ca->nest.nreduce)
    return 0;
  if (eto_program_parse(b->recipe, &p, NULL, 0) != 0) return 0;
  double dist = 0;
  for (int s = 0; s < c.nest.nspace; s++)
    dist += fabs(log((double)c.nest.space[s].extent / (double)x->ca->nest.space[s].extent));
  for (int j = 0; j < c.nest.nreduce; j++)
    dist += fabs(log((double)c.nest.reduce[j].extent / (double)x->ca->nest.reduce[j].extent));
  keep_fast(x, b, dist, &p);
  /* (before AQ the test came after the count: the third neighbour found was counted but never stored) */
  if (x->n == SEEDED_NEIGHBOURS && x->near[SEEDED_NEIGHBOURS - 1].dist <= dist) return 0;
  int at = x->n < SEEDED_NEIGHBOURS ? x->n++ : SEEDED_NEIGHBOURS - 1;
  for (; at > 0 && x->near[at - 1].dist > dist; at--) x->near[at] = x->near[at - 1]; /* keep them nearest first */
  x->near[at].dist = dist;
  x->near[at].id = eto_hash_str(ETO_HASH_SEED, b->workload);
  x->near[at].p = p;
  return 0;
}

/* Queues the first transplant and the fit_middle one of each of the SEEDED_FAST fastest operators of x that are not
 * among its nearest. */
static void seed_fast(tun_queue *q, const eto_compute *ca, const eto_target *t, const near_ctx *x) {
  for (int i = 0, k = 0; i < x->nfast && k < SEEDED_FAST; i++) {
    int near = 0;
    for (int j = 0; j < x->n; j++) near |= x->near[j].id == x->fast[i].id;
    if (near) continue;
    eto_program v[TRANSPLANTS];
    if (transplant(ca, t, &x->fast[i].p, 0, v) > 0) tun_queue_try(q, 1, &v[0]);
    if (transplant_middle(ca, t, &x->fast[i].p, &v[0])) tun_queue_try(q, 1, &v[0]);
    k++;
  }
}

/* ---- the policy ---- */

/* Moves the `keep` of out[0..n-1] the run's cost model scores best to the front, best first. Returns 1 when it
 * ranked them, 0 when it could not (no trained model, or the prediction failed: out is unchanged), -1 when out of
 * memory. */
static int model_front(const eto_policy_view *v, eto_program *out, int n, int keep) {
  if (n < 1 || !v->model || !eto_cost_model_trained(v->model)) return 0;
  float *rows = calloc((size_t)n * ETO_COST_NFEATURES, sizeof *rows); /* calloc: gcc cannot see the loop fill it */
  float *score = malloc(sizeof *score * (size_t)n);
  if (!rows || !score) {
    free(rows);
    free(score);
    return -1;
  }
  for (int i = 0; i < n; i++) eto_cost_features(v->c, v->t, &out[i], rows + (size_t)i * ETO_COST_NFEATURES);
  int ranked = eto_cost_model_predict(v->model, rows, n, score) == ETO_OK;
  for (int i = 0; ranked && i < keep && i < n; i++) { /* selection: the best of what is left to position i */
    int b = i;
    for (int j = i + 1; j < n; j++)
      if (score[j] > score[b]) b = j;
    eto_program p = out[i];
    float sc = score[i];
    out[i] = out[b];
    score[i] = score[b];
    out[b] = p;
    score[b] = sc;
  }
  free(rows);
  free(score);
  return ranked;
}

/* Keeps of ETO's n candidates in out the 1 in SEEDED_ETO_KEEP the run's cost model scores best (at least 1), best
 * first, when the model is trained (on β's and α's neighbours' records: the engine trains it on them before the
 * first batch); else all. ETO's rounds re-choose tiles by their own costs and took most of the seeded policy's
 * trials on the far pairs of bench/RESULTS.md U.3 (conv2d 8: 161 of 256), while a run's best came from them once in
 * its 39 pair runs; the model picks which of them to measure. Returns how many are kept, -1 when out of memory. */
static int keep_best_eto(const eto_policy_view *v, eto_program *out, int n) {
  if (SEEDED_ETO_KEEP <= 1 || n <= 1) return n;
  int keep = (n + SEEDED_ETO_KEEP - 1) / SEEDED_ETO_KEEP;
  int r = model_front(v, out, n, keep);
  return r < 0 ? -1 : r ? keep : n;
}

/* A patience of base trials times the engine's scale for the task (eto_policy_view.patience_scale: longer for an
 * operator that more of the list's weighted latency depends on, shorter for a light one), at least 1. */
static int64_t scaled_patience(int base, const eto_policy_view *v) {
  int64_t p = llround(base * (v->patience_scale > 0 ? v->patience_scale : 1));
  return p < 1 ? 1 : p;
}

/* The search's last message: why it stopped, and how many of ETO's candidates the cost model had measured. */
static void stop_message(const seeded_pol *x, eto_policy_batch *b, const char *why) {
  if (x->eto_cut)
    snprintf(b->message, sizeof b->message,
             "reuse-seeded search: %s (ETO's rounds: the cost model's best %d of %d, ended after %d trials without "
             "a gain)", why, x->eto_kept, x->eto_offered, (int)x->eto_patience);
  else if (x->eto_kept < x->eto_offered)
    snprintf(b->message, sizeof b->message, "reuse-seeded search: %s (ETO's rounds: the cost model's best %d of %d)",
             why, x->eto_kept, x->eto_offered);
  else
    snprintf(b->message, sizeof b->message, "reuse-seeded search: %s", why);
}

static int seeded_propose(void *self, const eto_policy_view *v, eto_program *out, int cap, eto_policy_batch *b) {
  seeded_pol *x = self;
  if (!x->started) {
    x->started = 1;
    x->start_trials = v->trials;
    x->last_gain = v->trials;
    x->best = v->best_cost;
  }
  if (x->phase == 0 || tun_queue_pending(&x->q)) { /* the seeds, or after them what the engine offered */
    int n = tun_queue_take(&x->q, out, cap, &b->round);
    if (n > 0) return n;
    if (x->q.nomem) return -1;
    if (x->phase == 0) x->phase = 1;
  }
  int64_t eto_patience = scaled_patience(SEEDED_ETO_PATIENCE, v);
  if (x->phase == 1 && x->eto.vt && x->eto_since >= eto_patience && v->model && eto_cost_model_trained(v->model)) {
    x->eto_cut = 1;
    x->eto_patience = eto_patience;
  }
  if (x->phase == 1 && x->eto.vt && !x->eto_cut) {
    eto_policy_batch eb = {0};
    int n = x->eto.vt->propose(x->eto.self, v, out, cap, &eb);
    if (n > 0) {
      int k = keep_best_eto(v, out, n);
      if (k < 0) return -1;
      x->eto_offered += n;
      x->eto_kept += k;
      b->round = 10 + eb.round;
      return k;
    }
    if (n < 0) return n;
  }
  if (x->phase < 2) {
    x->phase = 2;
    x->last_gain = v->trials; /* the search's patience starts with it */
  }
  int64_t spent = v->trials - x->start_trials;
  char why[96];
  if (spent >= SEEDED_MAX_TRIALS) {
    snprintf(why, sizeof why, "%d-trial cap reached", SEEDED_MAX_TRIALS);
    stop_message(x, b, why);
    return 0;
  }
  int64_t patience = scaled_patience(x->patience, v);
  if (v->trials - x->last_gain >= patience) {
    snprintf(why, sizeof why, "no gain of %.0f%% in the last %lld trials, stopped", SEEDED_MIN_GAIN * 100,
             (long long)patience);
    stop_message(x, b, why);
    return 0;
  }
  int n = cap < SEEDED_PER_ROUND ? cap : SEEDED_PER_ROUND;
  if (n > SEEDED_MAX_TRIALS - spent) n = (int)(SEEDED_MAX_TRIALS - spent);
  b->round = 20;
  int k = eto_backend_evolve(v, NULL, n, out);
  if (k == 0) stop_message(x, b, "every reachable program was measured");
  return k;
}

static void seeded_observe(void *self, const eto_policy_view *v, const eto_program *p, const eto_measure_result *r,
                           int n) {
  seeded_pol *x = self;
  if (x->phase == 1 && x->eto.vt) x->eto.vt->observe(x->eto.self, v, p, r, n);
  for (int j = 0; j < n; j++) {
    int gain = 0;
    if (r[j].error == ETO_MEASURE_OK && r[j].median < x->best) {
      gain = !isfinite(x->best) || r[j].median < x->best * (1 - SEEDED_MIN_GAIN);
      if (gain) x->last_gain = v->trials;
      x->best = r[j].median;
    }
    if (x->phase == 1) x->eto_since = gain ? 0 : x->eto_since + 1;
  }
}

/* The source's newer best, offered by the engine (ETO_BACKEND_REFRESH_OFFER): its transplants (as S*β's at the start)
 * are queued and proposed next; the search goes on from where it is, its patience counting them (a gain among them
 * is a gain of the search). Returns how many were queued, -1 when out of memory. */
static int seeded_offer(void *self, const eto_policy_view *v, const eto_program *source_best) {
  seeded_pol *x = self;
  (void)v;
  int before = x->q.n - x->q.head;
  seed_all(&x->q, &x->q.c, x->q.t, source_best, 1, 1);
  return x->q.nomem ? -1 : x->q.n - x->q.head - before;
}

static void seeded_free(void *self) {
  seeded_pol *x = self;
  if (!x) return;
  tun_queue_free(&x->q);
  eto_policy_free(&x->eto);
  free(x);
}

static const eto_policy_vtbl seeded_vtbl = {
    .name = "seeded",
    .method = ETO_CACHE_METHOD_REUSE,
    .wants_model = 1,
    .propose = seeded_propose,
    .observe = seeded_observe,
    .offer = seeded_offer,
    .free = seeded_free,
};

eto_status eto_tuner_policy_seeded(const eto_policy_args *a, eto_policy *out, char *msg, int cap) {
  out->vt = NULL;
  out->self = NULL;
  eto_compute ca, cb;
  eto_status cst = tun_pair_check(a, "reuse-seeded", &ca, &cb, msg, cap);
  if (cst != ETO_OK) return cst;
  seeded_pol *x = calloc(1, sizeof *x);
  if (!x) return ETO_ERR_NOMEM;
  eto_tuner_result *res = a->stats ? a->stats : &x->own;
  tun_queue_init(&x->q, a->op, a->t, res);
  x->best = INFINITY;
  x->patience = a->patience > 0 ? a->patience : SEEDED_PATIENCE;
  /* β's best programs (S*β first when the caller gave it) */
  if (a->source_best) seed_all(&x->q, &ca, a->t, a->source_best, 1, 1);
  if (a->cache) {
    char key_b[512];
    eto_op_key(a->source, key_b, sizeof key_b);
    eto_program *src = NULL;
    int ns = 0;
    eto_status st = tun_source_programs(a->cache, a->t, key_b, &src, &ns, msg, cap);
    if (st == ETO_ERR_NOMEM) {
      seeded_free(x);
      return st;
    }
    seed_all(&x->q, &ca, a->t, src, ns, SEEDED_SOURCE_PROGRAMS);
    free(src);
  }
  /* the nearest cached operators of α's kind and signature */
  if (a->cache) {
    near_ctx nc = {.alpha = a->op, .ca = &ca, .t = a->t};
    eto_op_key(a->op, nc.key_a, sizeof nc.key_a);
    eto_op_key(a->source, nc.key_b, sizeof nc.key_b);
    eto_sched_signature(&ca, a->t, nc.sig, sizeof nc.sig);
    eto_cache_foreach_best(a->cache, a->t->fingerprint, visit_best, &nc);
    for (int i = 0; i < nc.n && x->q.n < SEEDED_MAX_SEEDS; i++) seed_all(&x->q, &ca, a->t, &nc.near[i].p, 1, 1);
    seed_fast(&x->q, &ca, a->t, &nc);
  }
  if (x->q.nomem) {
    seeded_free(x);
    return ETO_ERR_NOMEM;
  }
  /* ETO's rounds: their counts go to a private result (the seeds' are in res) */
  if (a->source_best) {
    eto_policy_args ea = *a;
    ea.stats = NULL;
    ea.max_round = SEEDED_ETO_ROUNDS;
    char why[256];
    eto_status st = eto_tuner_policy_eto(&ea, &x->eto, why, sizeof why);
    if (st == ETO_ERR_NOMEM) {
      seeded_free(x);
      return st;
    }
  }
  res->sketch = x->q.n > 0 ? x->q.items[0].sketch : ETO_SKETCH_MULTI_LEVEL;
  out->vt = &seeded_vtbl;
  out->self = x;
  return ETO_OK;
}

eto_status eto_tuner_seeded(const eto_op *alpha, const eto_op *beta, const eto_program *beta_best,
                            const eto_target *t, eto_measurer *m, eto_cache *cache, const eto_tuner_opts *opts,
                            eto_tuner_trial_fn cb, void *cb_user, eto_tuner_result *out) {
  eto_policy_args a = {.op = alpha, .source = beta, .source_best = beta_best, .t = t, .cache = cache,
                       .patience = opts ? opts->patience : 0};
  eto_status st = tun_run_made(eto_tuner_policy_seeded, &a, m, cache, opts, cb, cb_user, NULL, out);
  if (st == ETO_OK && !out->found && !out->message[0])
    snprintf(out->message, sizeof out->message, "no candidate ran: %d measured (%d failed)", out->trials,
             out->failed);
  return st;
}

/* ---- diffusion: the full search, each round also offered the nearest cached operators' current bests ---- */

/* Of each round's candidates, at most this many are transplants of the neighbours' best programs (the cost model's
 * best of them once it is trained, else the nearest neighbour's first); the rest is the full search's round. */
#define DIFFUSE_PER_ROUND 8

typedef struct {
  tun_queue q; /* every transplant offered so far (de-duplication); taken whole each round; q.c is α's compute */
  eto_tuner_result counts;
  eto_op op;
  eto_cache *cache;
  near_ctx near; /* α's key and signature, filled once; each round searches a copy */
} diffuse_pol;

static int diffuse_propose(void *self, const eto_policy_view *v, eto_program *out, int cap, eto_policy_batch *b) {
  diffuse_pol *x = self;
  int k = 0;
  if (x->cache && cap > 1) {
    near_ctx nc = x->near;
    eto_cache_foreach_best(x->cache, x->q.t->fingerprint, visit_best, &nc); /* unreadable records: fewer seeds */
    for (int i = 0; i < nc.n; i++) seed_all(&x->q, &x->q.c, x->q.t, &nc.near[i].p, 1, 1);
    if (x->q.nomem) return -1;
    int pending = x->q.n - x->q.head, round;
    eto_program *c = pending > 0 ? malloc(sizeof *c * (size_t)pending) : NULL;
    if (pending > 0 && !c) return -1;
    int n = pending > 0 ? tun_queue_take(&x->q, c, pending, &round) : 0, m = 0;
    for (int i = 0; i < n; i++)
      if (!eto_policy_view_measured(v, &c[i])) c[m++] = c[i];
    int want = cap / 2 < DIFFUSE_PER_ROUND ? cap / 2 : DIFFUSE_PER_ROUND;
    k = m < want ? m : want;
    if (k > 0 && model_front(v, c, m, k) < 0) {
      free(c);
      return -1;
    }
    for (int i = 0; i < k; i++) out[i] = c[i];
    free(c);
  }
  int e = eto_backend_evolve(v, NULL, cap - k, out + k);
  /* the search's round may propose a transplant too: measure it once */
  char (*rec)[ETO_RECIPE_MAX] = k > 0 ? malloc(sizeof *rec * (size_t)k) : NULL;
  if (k > 0 && !rec) return -1;
  for (int i = 0; i < k; i++) eto_program_format(&out[i], rec[i], sizeof rec[i]);
  int n = k;
  for (int j = k; j < k + e; j++) {
    char r[ETO_RECIPE_MAX];
    int dup = 0;
    if (k > 0) eto_program_format(&out[j], r, sizeof r);
    for (int i = 0; i < k && !dup; i++) dup = strcmp(r, rec[i]) == 0;
    if (!dup) out[n++] = out[j];
  }
  free(rec);
  if (n == 0)
    snprintf(b->message, sizeof b->message, "every program the search reaches has been measured (%lld trials)",
             (long long)v->trials);
  return n;
}

static void diffuse_free(void *self) {
  diffuse_pol *x = self;
  if (!x) return;
  tun_queue_free(&x->q);
  free(x);
}

static const eto_policy_vtbl diffuse_vtbl = {
    .name = "diffuse",
    .method = ETO_CACHE_METHOD_FULL,
    .wants_model = 1,
    .propose = diffuse_propose,
    .free = diffuse_free,
};

eto_status eto_tuner_policy_diffuse(const eto_policy_args *a, eto_policy *out, char *msg, int cap) {
  out->vt = NULL;
  out->self = NULL;
  if (!a || !a->op || !a->t) {
    if (msg && cap > 0) snprintf(msg, (size_t)cap, "diffuse: no operator or target");
    return ETO_ERR_INVALID;
  }
  diffuse_pol *x = calloc(1, sizeof *x);
  if (!x) return ETO_ERR_NOMEM;
  x->op = *a->op;
  x->cache = a->cache;
  tun_queue_init(&x->q, &x->op, a->t, &x->counts);
  x->near = (near_ctx){.alpha = &x->op, .ca = &x->q.c, .t = a->t};
  eto_op_key(&x->op, x->near.key_a, sizeof x->near.key_a);
  eto_sched_signature(&x->q.c, a->t, x->near.sig, sizeof x->near.sig);
  out->vt = &diffuse_vtbl;
  out->self = x;
  return ETO_OK;
}
