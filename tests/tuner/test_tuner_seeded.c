/* The reuse-seeded policy (tuner/seeded.c) with a stand-in measurement (no compilation, no cache):
 *   1. its first candidate is S*β transplanted to α (eto_tuner_adapt's program where the extents divide);
 *   2. without a cache (its cost model untrained) it measures every program ETO's rounds measure on the pair (the
 *      same stand-in makes ETO's rounds choose alike), so it can end below them only by noise;
 *   3. it stops by its own rule (patience or cap, the result's stop), within 256 trials, having measured
 *      more than the seeds and ETO's rounds (the search ran);
 *   4. transplanting to extents that do not divide gives valid programs (re-fitted and imperfect variants);
 *   5. a β program that reads an input directly where α's search may not (a larger α: many thread tiles read it)
 *      still seeds α, the input read from a tile (before the fix every such transplant was dropped and the policy
 *      started from ETO's rounds); the other way round (a smaller α), a seed reads every input α's rule allows
 *      directly;
 *   6. ETO's policy with max_round = 1 (what the seeded policy runs with -DSEEDED_ETO_ROUNDS=1) measures round 1 of
 *      every block count as the whole policy does, and nothing of rounds 2-4;
 *   7. a transplant from a much larger β (conv2d 7 of bench/RESULTS.md U.3: k=1024 c=512 to k=64 c=192, 7x7), whose
 *      fitted tiles leave α one block, also seeds α with as many blocks as cores (before fit_blocks every seed of that
 *      program had one block: one of the 2 cores worked);
 *   8. a transplant from a small β whose program has no register tile (conv2d 3 of bench/RESULTS.md V.3: k=32 c=144
 *      to k=1024 c=256, 7x7, β's thread tile 2 x 7 x 7 unrolled at S3, every S4 factor 1) also seeds α with a
 *      register tile of whole vectors within the accumulator limit (before fit_vector no seed had one);
 *   9. with a cost model trained before its first batch (a cache holding 160 stand-in trials of β: the engine's
 *      transfer records), it measures only the model's best 1 in SEEDED_ETO_KEEP of each batch of ETO's rounds:
 *      fewer of them than ETO's policy measures alone (case 2 runs without a cache: an untrained model, all of
 *      them), and starts none of their batches after SEEDED_ETO_PATIENCE of their trials in a row without a 1%
 *      gain;
 *  10. a transplant to a smaller α whose blocks each do a quarter of β's work (depthwise c=144 28x28 from 56x56, β's
 *      best one 56x56 channel per block, bench/RESULTS.md AE) also seeds α with blocks of β's work, still at least
 *      as many as cores (before fit_work every seed ran 144 blocks of one 28x28 channel);
 *  11. diffusion (eto_tuner_policy_diffuse): two operators searched in one run, each by the full search with
 *      diffusion, the second's first round measures the first operator's best after its first round transplanted
 *      (eto_tuner_adapt's program: the cost model untrained, the nearest neighbour's first transplant comes first),
 *      which the plain full search's first round of the same operator does not;
 *  12. a transplant whose register tile runs partial vectors along w (MobileNetV2's 1x1 conv k=96 c=16 at 112x112
 *      from k=16 c=16, whose best kept a 56-wide source's S4 = 14 along w: bench/RESULTS.md AM) also seeds α with
 *      whole vectors along w, the block's other factors re-fitted to 112 (before fit_lanes every seed ran 14 of
 *      16 lanes);
 *  13. neighbours (BERT's attention context at 512 with its family's members cached, bench/RESULTS.md AQ): the seeds
 *      hold the transplants of the 3 nearest cached members (the third among them: before AQ the third one found was
 *      counted and never stored), of the 2 fastest ones within SEEDED_FAST_DIST that are not among them (one also
 *      with its blocks and register tile kept and the loop between fitted, fit_middle), and not of a faster
 *      member beyond that distance; each program's recipe divides α's extents after its outermost factors, so a
 *      transplant is known without the policy's code: the outermost factor recomputed;
 *  14. its search's patience (eto_tuner_opts.patience, eto_policy_args.patience: etotune tune --edge-patience): at 64
 *      on case 3's matmul pair it measures what it measures at its default (32), in the same order, then goes on
 *      past the point where the default stopped, and says which patience stopped it;
 *  15. an offer (eto_policy_vtbl.offer, the engine's --refresh offer): the source's newer best S2 offered to a policy
 *      made from S*β queues S2's transplants, the first S2 adapted to α, proposed after the seeds with nothing else
 *      before them (the seeds' count and order unchanged: the control, a policy offered nothing); the same best
 *      offered again queues nothing;
 *  16. a transplant whose register tile runs partial vectors along w where no multiple of the lanes divides α's w
 *      (depthwise c=96 7x7 from c=192 28x28, S*β's 14 along w: bench/RESULTS.md BQ.3) also seeds α with whole vectors
 *      along c, the last loop whose extent allows them, S*β's w kept in the register tile (before fit_vaxis no seed
 *      had a whole vector);
 *  17. a transplant whose register tile runs its vectors along another loop than the last (depthwise c=144 28x28 from
 *      56x56, S*β's channels a vector: bench/RESULTS.md BR.1) also seeds α with vectors along w, the channels out of
 *      the register tile and rows of h in it, with β's reduction split and with every reduction step innermost
 *      (before fit_last_vector no seed ran w as its vector axis);
 *  18. a transplant whose register tile runs partial vectors along w and holds output channels at S3 (a 1x1 conv at
 *      14x14 with two blocks along h, so that fit_blocks leaves it: bench/RESULTS.md BR.2), made whole vectors along
 *      k by fit_vaxis, keeps its accumulators within the limit by giving back k's own S3 (before, the variant kept
 *      4 x 16 channels x 14 along w, over the limit, and was dropped: no seed ran k as its vector axis). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "temp_util.h"
#include "test_op.h"
#include "test_target.h"
#include "tuner_internal.h"

typedef struct {
  char (*recipes)[ETO_RECIPE_MAX];
  int n, cap;
} recorder;

static void record(recorder *r, const eto_program *p) {
  if (r->n == r->cap) {
    r->cap = r->cap ? 2 * r->cap : 64;
    r->recipes = realloc(r->recipes, (size_t)r->cap * sizeof *r->recipes);
    if (!r->recipes) exit(2);
  }
  eto_program_format(p, r->recipes[r->n++], ETO_RECIPE_MAX);
}

static int has(const recorder *r, const char *recipe) {
  for (int i = 0; i < r->n; i++)
    if (strcmp(r->recipes[i], recipe) == 0) return 1;
  return 0;
}

static void measure(void *user, const eto_program *p, eto_measure_result *out) {
  record(user, p);
  tun_stand_in(NULL, p, out);
}

/* A valid multi-level program of cb, the first of up to 2000 random samples from seed (S*β); 0 when none. */
static int multi_level_sb(const eto_compute *cb, const eto_target *t, uint64_t seed, eto_program *sb) {
  eto_rng rng;
  eto_rng_seed(&rng, seed);
  for (int k = 0; k < 2000; k++)
    if (eto_sched_sample_valid(cb, t, NULL, &rng, 0, sb) == 0 && sb->sketch == ETO_SKETCH_MULTI_LEVEL) return 1;
  return 0;
}

static void pair_case(const char *alpha_line, const char *beta_line, const eto_target *t, uint64_t seed) {
  eto_op alpha = test_op(alpha_line), beta = test_op(beta_line);
  eto_compute ca, cb;
  eto_op_compute(&alpha, &ca);
  eto_op_compute(&beta, &cb);
  eto_program sb;
  int ok = multi_level_sb(&cb, t, seed, &sb);
  CHECK(ok, "%s: no multi-level S*β", beta_line);
  if (!ok) return;
  recorder eto = {0}, seeded = {0};
  eto_tuner_opts oe = {.measure = measure, .measure_user = &eto};
  eto_tuner_result re, rs;
  CHECK(eto_tuner_run(&alpha, &beta, &sb, t, NULL, NULL, &oe, NULL, NULL, &re) == ETO_OK, "eto: %s", re.message);
  eto_tuner_opts os = {.measure = measure, .measure_user = &seeded};
  CHECK(eto_tuner_seeded(&alpha, &beta, &sb, t, NULL, NULL, &os, NULL, NULL, &rs) == ETO_OK, "seeded: %s",
        rs.message);
  /* 1 */
  eto_program first;
  char want[ETO_RECIPE_MAX];
  if (eto_tuner_adapt(&ca, &sb, &first) == 0 && eto_sched_validate(&ca, t, &first, NULL, 0) == 0) {
    eto_program_format(&first, want, sizeof want);
    CHECK(seeded.n > 0 && strcmp(seeded.recipes[0], want) == 0, "%s: first candidate %s, S*β adapted %s",
          alpha_line, seeded.n ? seeded.recipes[0] : "(none)", want);
  }
  /* 2 */
  int missing = 0;
  for (int i = 0; i < eto.n; i++) missing += !has(&seeded, eto.recipes[i]);
  CHECK(missing == 0, "%s: %d of ETO's %d candidates not measured by the seeded policy", alpha_line, missing,
        eto.n);
  CHECK(rs.found && (!re.found || rs.best_result.median <= re.best_result.median), "%s: seeded %g vs eto %g",
        alpha_line, rs.best_result.median, re.best_result.median);
  /* 3 */
  CHECK(rs.trials == seeded.n && rs.trials <= 256 && rs.trials > eto.n, "%s: %d trials (ETO's rounds: %d)",
        alpha_line, rs.trials, eto.n);
  CHECK(strncmp(rs.stop, "reuse-seeded search: ", 21) == 0, "%s: the result's stop: \"%s\"", alpha_line, rs.stop);
  printf("%s from %s: ETO %d trials, seeded %d trials (%d seeds)\n", alpha_line, beta_line, eto.n, rs.trials,
         rs.round_trials[1]);
  free(eto.recipes);
  free(seeded.recipes);
}

/* Cases 4, 5, 7 and 8: the seeded policy on α from β's program beta_recipe (checked valid on β), without a cache and
 * with at most max_trials trials; every candidate it measured in x->rec, α's compute in x->ca. */
typedef struct {
  eto_compute ca;
  eto_program sb;
  recorder rec;
  eto_tuner_result r;
} seeded_run;

static void run_seeded(const eto_target *t, const char *alpha_line, const char *beta_line, const char *beta_recipe,
                       int max_trials, seeded_run *x) {
  eto_op alpha = test_op(alpha_line), beta = test_op(beta_line);
  eto_compute cb;
  eto_op_compute(&alpha, &x->ca);
  eto_op_compute(&beta, &cb);
  char why[256];
  CHECK(eto_program_parse(beta_recipe, &x->sb, why, sizeof why) == 0 &&
            eto_sched_validate(&cb, t, &x->sb, why, sizeof why) == 0,
        "S*β %s: %s", beta_recipe, why);
  x->rec = (recorder){0};
  eto_tuner_opts o = {.measure = measure, .measure_user = &x->rec, .max_trials = max_trials};
  CHECK(eto_tuner_seeded(&alpha, &beta, &x->sb, t, NULL, NULL, &o, NULL, NULL, &x->r) == ETO_OK, "%s from %s: %s",
        alpha_line, beta_line, x->r.message);
}

/* Seed i that x measured, parsed into p and checked a valid candidate for α on t (cases 5, 7, 8, 10). */
static void seed_at(const seeded_run *x, const eto_target *t, int i, eto_program *p) {
  char why[256] = "";
  CHECK(eto_program_parse(x->rec.recipes[i], p, why, sizeof why) == 0 &&
            eto_sched_candidate_ok(&x->ca, t, p, why, sizeof why) == 0,
        "seed %s: %s", x->rec.recipes[i], why);
}

/* The number of blocks of p (S0 over the space loops), and the outputs of one block (S1-S4) (cases 7, 10). */
static int64_t blocks_of(const eto_program *p) {
  int64_t b = 1;
  for (int s = 0; s < p->nspace; s++) b *= p->stile[s][0];
  return b;
}

static int64_t block_work(const eto_program *p) {
  int64_t w = 1;
  for (int s = 0; s < p->nspace; s++)
    for (int l = 1; l < ETO_SPACE_LEVELS; l++) w *= p->stile[s][l];
  return w;
}

/* The extent loop s of p covers (its factors' product; cases 12, 16). */
static int64_t loop_extent(const eto_program *p, int s) {
  int64_t e = 1;
  for (int l = 0; l < ETO_SPACE_LEVELS; l++) e *= p->stile[s][l];
  return e;
}

/* 4: a program whose tiles do not divide α's extents */
static void transplant_case(const eto_target *t) {
  seeded_run x;
  run_seeded(t, "matmul m=100 n=96 k=72\n", "matmul m=128 n=128 k=64\n",
             "v1 mlt s=1.1.1.1.1/4.1.4.2.4/2.1.4.1.16 r=4.8.2 u=16 v=1.1", 4, &x);
  CHECK(x.r.trials == 4, "transplant: %d trials: %s", x.r.trials, x.r.message);
  char why[256];
  int imperfect = 0;
  for (int i = 0; i < x.rec.n; i++) {
    eto_program p;
    CHECK(eto_program_parse(x.rec.recipes[i], &p, why, sizeof why) == 0 &&
              eto_sched_validate(&x.ca, t, &p, why, sizeof why) == 0,
          "candidate %s: %s", x.rec.recipes[i], why);
    int64_t prod = 1;
    for (int l = 0; l < ETO_SPACE_LEVELS; l++) prod *= p.stile[1][l];
    imperfect |= prod > x.ca.nest.space[1].extent;
  }
  CHECK(x.rec.n >= 2 && imperfect, "transplant of 128x128x64 tiles to m=100: %d seeds, imperfect %d", x.rec.n,
        imperfect);
  free(x.rec.recipes);
}

/* 5: direct reads across sizes; `want_direct`: some seed reads input 1 directly (else: none may) */
static void direct_case(const eto_target *t, const char *alpha_line, const char *beta_line, const char *beta_recipe,
                        int want_direct) {
  seeded_run x;
  run_seeded(t, alpha_line, beta_line, beta_recipe, 6, &x);
  CHECK(x.r.round_trials[1] >= 1, "%s from %s: %d seeds measured (round 1), first %s", alpha_line, beta_line,
        x.r.round_trials[1], x.rec.n ? x.rec.recipes[0] : "(none)");
  int direct = 0, same_tiles = 0;
  for (int i = 0; i < x.rec.n && i < x.r.round_trials[1]; i++) {
    eto_program p;
    seed_at(&x, t, i, &p);
    direct |= p.direct[1];
    same_tiles |= memcmp(p.stile[2], x.sb.stile[2], sizeof p.stile[2]) == 0 && p.rtile[0][2] == x.sb.rtile[0][2];
  }
  CHECK(same_tiles, "%s: no seed keeps S*β's n tiles", alpha_line);
  CHECK(direct == want_direct, "%s from %s: a seed reads the weights directly: %d, expected %d", alpha_line,
        beta_line, direct, want_direct);
  free(x.rec.recipes);
}

/* 6 */
static void max_round_case(const eto_target *t) {
  eto_op alpha = test_op("matmul m=64 n=128 k=64\n"), beta = test_op("matmul m=128 n=128 k=64\n");
  eto_program sb;
  char why[256];
  CHECK(eto_program_parse("v1 mlt s=1.1.1.1.1/4.1.4.2.4/2.1.4.1.16 r=4.8.2 u=16 v=1.1", &sb, why, sizeof why) == 0,
        "S*β: %s", why);
  eto_tuner_result r[2];
  for (int last = 0; last <= 1; last++) {
    recorder rec = {0};
    eto_tuner_opts o = {.measure = measure, .measure_user = &rec};
    eto_policy_args a = {.op = &alpha, .source = &beta, .source_best = &sb, .t = t, .max_round = last};
    CHECK(tun_run_made(eto_tuner_policy_eto, &a, NULL, NULL, &o, NULL, NULL, NULL, &r[last]) == ETO_OK, "%s",
          r[last].message);
    free(rec.recipes);
  }
  int later = r[0].round_trials[2] + r[0].round_trials[3] + r[0].round_trials[4];
  CHECK(r[0].round_trials[1] > 0 && later > 0, "all rounds: %d in round 1, %d in rounds 2-4", r[0].round_trials[1],
        later);
  CHECK(r[1].round_trials[1] == r[0].round_trials[1] &&
            r[1].round_trials[2] + r[1].round_trials[3] + r[1].round_trials[4] == 0 &&
            r[1].trials == r[1].round_trials[1],
        "max_round 1: %d trials, %d in round 1 (all rounds: %d)", r[1].trials, r[1].round_trials[1],
        r[0].round_trials[1]);
}

/* 7 */
static void blocks_case(const eto_target *t) {
  seeded_run x;
  run_seeded(t, "conv2d n=1 k=64 c=192 h=7 w=7 r=1 s=1\n", "conv2d n=1 k=1024 c=512 h=7 w=7 r=1 s=1\n",
             "v1 mlt s=1.1.1.1.1/4.1.4.4.16/1.1.1.1.7/1.1.7.1.1 r=4.128.1/1.1.1/1.1.1 u=64 v=1.2", 8, &x);
  int one = 0, enough = 0;
  for (int i = 0; i < x.rec.n && i < x.r.round_trials[1]; i++) {
    eto_program p;
    seed_at(&x, t, i, &p);
    int64_t blocks = blocks_of(&p);
    one += blocks == 1;
    enough += blocks >= t->cores;
  }
  CHECK(one >= 1 && enough >= 1, "conv2d k=64 from k=1024: %d seeds, %d with one block, %d with >= %d blocks",
        x.r.round_trials[1], one, enough, t->cores);
  free(x.rec.recipes);
}

/* 8 */
static void vector_case(const eto_target *t) {
  seeded_run x;
  run_seeded(t, "conv2d n=1 k=1024 c=256 h=7 w=7 r=1 s=1\n", "conv2d n=1 k=32 c=144 h=7 w=7 r=1 s=1\n",
             "v1 mlt s=1.1.1.1.1/2.2.4.2.1/1.1.1.7.1/1.1.1.7.1 r=1.48.3/1.1.1/1.1.1 u=512 v=1.1", 16, &x);
  int lanes = t->vector_bits / 32;
  int scalar = 0, vector = 0;
  for (int i = 0; i < x.rec.n && i < x.r.round_trials[1]; i++) {
    eto_program p;
    seed_at(&x, t, i, &p);
    int whole = 0, any = 0;
    for (int s = 0; s < p.nspace; s++) {
      whole |= p.stile[s][4] % lanes == 0;
      any |= p.stile[s][4] > 1;
    }
    scalar += !any;
    vector += whole;
  }
  CHECK(scalar >= 1 && vector >= 1, "conv2d k=1024 from k=32: %d seeds, %d without a register tile, %d with one of "
        "whole %d-lane vectors", x.r.round_trials[1], scalar, vector, lanes);
  free(x.rec.recipes);
}

/* 12 */
static void lanes_case(const eto_target *t) {
  seeded_run x;
  run_seeded(t, "conv2d n=1 k=96 c=16 h=112 w=112 r=1 s=1\n", "conv2d n=1 k=16 c=16 h=112 w=112 r=1 s=1\n",
             "v1 mlt s=1.1.1.1.1/1.2.1.2.4/16.1.7.1.1/8.1.1.1.14 r=1.8.2/1.1.1/1.1.1 u=512 v=1.4", 16, &x);
  int lanes = t->vector_bits / 32, w = x.ca.nest.nspace - 1;
  int partial = 0, whole = 0;
  for (int i = 0; i < x.rec.n && i < x.r.round_trials[1]; i++) {
    eto_program p;
    seed_at(&x, t, i, &p);
    partial += p.stile[w][4] == 14;
    whole += p.stile[w][4] % lanes == 0 && loop_extent(&p, w) == 112 && p.stile[1][4] == 4;
  }
  CHECK(partial >= 1 && whole >= 1, "conv2d k=96 c=16 from k=16 c=16: %d seeds, %d with S*β's 14 along w, %d with "
        "whole %d-lane vectors along w (and S*β's 4 along k)", x.r.round_trials[1], partial, whole, lanes);
  free(x.rec.recipes);
}

/* 16 */
static void vaxis_case(const eto_target *t) {
  seeded_run x;
  run_seeded(t, "depthwise_conv2d n=1 c=96 h=7 w=7 r=3 s=3 pad=1\n",
             "depthwise_conv2d n=1 c=192 h=28 w=28 r=3 s=3 pad=1\n",
             "v1 mlt s=1.1.1.1.1/96.2.1.1.1/1.1.14.2.1/2.1.1.1.14 r=1.1.3/1.1.3 u=512 v=1.4", 16, &x);
  int lanes = t->vector_bits / 32, c = 1, w = x.ca.nest.nspace - 1;
  int partial = 0, whole = 0;
  for (int i = 0; i < x.rec.n && i < x.r.round_trials[1]; i++) {
    eto_program p;
    seed_at(&x, t, i, &p);
    partial += p.stile[w][4] == 7 && p.stile[c][4] % lanes != 0;
    whole += p.stile[w][4] == 7 && p.stile[c][4] % lanes == 0 && loop_extent(&p, c) == 96 &&
             eto_sched_vec_axis(&p, lanes) == c;
  }
  CHECK(partial >= 1 && whole >= 1, "depthwise c=96 7x7 from c=192 28x28: %d seeds, %d with S*β's 14 along w fitted "
        "to 7 alone, %d also with whole %d-lane vectors along c", x.r.round_trials[1], partial, whole, lanes);
  free(x.rec.recipes);
}

/* 17 */
static void last_vector_case(const eto_target *t) {
  seeded_run x;
  run_seeded(t, "depthwise_conv2d n=1 c=144 h=28 w=28 r=3 s=3 pad=1\n",
             "depthwise_conv2d n=1 c=144 h=56 w=56 r=3 s=3 pad=1\n",
             "v1 mlt s=1.1.1.1.1/9.1.1.1.16/1.1.56.1.1/1.1.7.8.1 r=1.3.1/1.3.1 u=1024 v=4.4", 16, &x);
  int lanes = t->vector_bits / 32, c = 1, h = 2, w = x.ca.nest.nspace - 1;
  int along_w = 0, inner = 0;
  for (int i = 0; i < x.rec.n && i < x.r.round_trials[1]; i++) {
    eto_program p;
    seed_at(&x, t, i, &p);
    if (eto_sched_vec_axis(&p, lanes) != w || p.stile[w][4] < lanes || p.stile[c][3] * p.stile[c][4] != 1 ||
        p.stile[h][3] < 2)
      continue;
    along_w++;
    inner += p.rtile[0][1] == 1 && p.rtile[1][1] == 1 && p.rtile[0][2] == 3 && p.rtile[1][2] == 3;
  }
  CHECK(along_w >= 2 && inner >= 1, "depthwise c=144 28x28 from 56x56: %d seeds, %d with vectors along w, rows of h "
        "and no channel in the register tile, %d of them with every reduction step innermost", x.r.round_trials[1],
        along_w, inner);
  free(x.rec.recipes);
}

/* 18 */
static void thread_tile_case(const eto_target *t) {
  seeded_run x;
  run_seeded(t, "conv2d n=1 k=64 c=96 h=14 w=14 r=1 s=1\n", "conv2d n=1 k=96 c=128 h=14 w=14 r=1 s=1\n",
             "v1 mlt s=1.1.1.1.1/2.1.6.8.1/2.1.7.1.1/1.1.1.1.14 r=1.32.4/1.1.1/1.1.1 u=512 v=2.2", 16, &x);
  int lanes = t->vector_bits / 32, k = 1, w = x.ca.nest.nspace - 1;
  int along_k = 0;
  for (int i = 0; i < x.rec.n && i < x.r.round_trials[1]; i++) {
    eto_program p;
    seed_at(&x, t, i, &p);
    along_k += eto_sched_vec_axis(&p, lanes) == k && p.stile[w][4] == 14;
  }
  CHECK(along_k >= 1, "conv2d k=64 c=96 14x14 from k=96 c=128: %d seeds, %d with whole %d-lane vectors along k and "
        "S*β's 14 along w", x.r.round_trials[1], along_k, lanes);
  free(x.rec.recipes);
}

/* 9 */
static int eto_round_trials;
static struct {
  double best;       /* best latency so far */
  int since;         /* ETO's trials in a row without a 1% gain */
  int round, blocks; /* the last trial's ETO round and block count */
  int late;          /* ETO's batches started after SEEDED_ETO_PATIENCE trials without a gain */
} eto_gain;

static void count_eto_rounds(void *user, const eto_tuner_trial *tr) {
  (void)user;
  int eto = tr->round >= 11 && tr->round <= 14;
  eto_round_trials += eto;
  /* a new (round, block count) of ETO's rounds starts a batch: the policy ends them at a batch's start */
  if (eto && (tr->round != eto_gain.round || tr->blocks != eto_gain.blocks) && eto_gain.since >= SEEDED_ETO_PATIENCE)
    eto_gain.late++;
  eto_gain.round = tr->round;
  eto_gain.blocks = (int)tr->blocks;
  double ms = tr->result->error == ETO_MEASURE_OK ? tr->result->median : INFINITY;
  int gain = ms < eto_gain.best * 0.99 || (isfinite(ms) && !isfinite(eto_gain.best));
  if (ms < eto_gain.best) eto_gain.best = ms;
  if (eto) eto_gain.since = gain ? 0 : eto_gain.since + 1;
}

static void trained_model_case(const eto_target *t) {
  const char *alpha_line = "conv2d n=1 c=32 h=14 w=14 k=32 r=3 s=3 pad=1\n";
  const char *beta_line = "conv2d n=1 c=64 h=14 w=14 k=64 r=3 s=3 pad=1\n";
  eto_op alpha = test_op(alpha_line), beta = test_op(beta_line);
  eto_compute cb;
  eto_op_compute(&beta, &cb);
  eto_program sb;
  int ok = multi_level_sb(&cb, t, 5, &sb);
  CHECK(ok, "no multi-level S*β");
  if (!ok) return;
  eto_tuner_opts oe = {.measure = tun_stand_in};
  eto_tuner_result re, rs;
  CHECK(eto_tuner_run(&alpha, &beta, &sb, t, NULL, NULL, &oe, NULL, NULL, &re) == ETO_OK, "eto: %s", re.message);
  char dir[512];
  eto_cache *cache = temp_cache(dir, sizeof dir, "tuner_seeded");
  eto_backend_task task = {.op = beta, .budget = 160, .parent = -1};
  char msg[256];
  CHECK(eto_backend_policy_full(NULL, &task.policy, msg, sizeof msg) == ETO_OK, "full policy: %s", msg);
  eto_backend_hooks hooks = {.measure = tun_stand_in};
  eto_backend_report rep;
  if (eto_backend_run(&task, 1, t, cache, NULL, &hooks, NULL, NULL, &rep, msg, sizeof msg) == ETO_OK) {
    CHECK(rep.new_trials == 160, "β's search: %lld trials", (long long)rep.new_trials);
    eto_backend_report_free(&rep);
  } else {
    CHECK(0, "β's search: %s", msg);
  }
  eto_round_trials = 0;
  eto_gain.best = INFINITY;
  eto_tuner_opts os = {.measure = tun_stand_in};
  CHECK(eto_tuner_seeded(&alpha, &beta, &sb, t, NULL, cache, &os, count_eto_rounds, NULL, &rs) == ETO_OK,
        "seeded: %s", rs.message);
  CHECK(eto_round_trials > 0 && eto_round_trials < re.trials,
        "with a trained model: %d trials of ETO's rounds (ETO's policy alone: %d)", eto_round_trials, re.trials);
  CHECK(eto_gain.late == 0, "with a trained model: %d batches of ETO's rounds after %d of their trials without a "
        "gain", eto_gain.late, SEEDED_ETO_PATIENCE);
  printf("trained model: %d trials of ETO's rounds, ETO alone %d; %d trials in all (%s)\n", eto_round_trials,
         re.trials, rs.trials, rs.stop);
  eto_cache_close(cache);
  remove_tree(dir);
}

/* 10 */
static void work_case(const eto_target *t) {
  seeded_run x;
  run_seeded(t, "depthwise_conv2d n=1 c=144 h=28 w=28 r=3 s=3 pad=1\n",
             "depthwise_conv2d n=1 c=144 h=56 w=56 r=3 s=3 pad=1\n",
             "v1 mlt s=1.1.1.1.1/144.1.1.1.1/1.1.14.1.4/1.1.1.7.8 r=1.1.3/1.1.3 u=512 v=1.4 d=1.0", 24, &x);
  int64_t want = 56 * 56;
  int small = 0, whole = 0;
  for (int i = 0; i < x.rec.n && i < x.r.round_trials[1]; i++) {
    eto_program p;
    seed_at(&x, t, i, &p);
    int64_t work = block_work(&p);
    small += work * 2 <= want;
    whole += work * 2 > want && work <= want && blocks_of(&p) >= t->cores;
  }
  CHECK(small >= 1 && whole >= 1, "depthwise 28x28 from 56x56: %d seeds, %d with blocks of <= half β's work, %d "
        "with blocks of β's work (%lld outputs)", x.r.round_trials[1], small, whole, (long long)want);
  free(x.rec.recipes);
}

/* 11: every trial of workload key in cache, with the lowest round tag, as (recipe, latency) lists */
typedef struct {
  recorder rec;
  double lat[512];
  int32_t round;
} first_round;

static int collect_first(const eto_cache_trial *tr, void *user) {
  first_round *f = user;
  if (f->rec.n > 0 && tr->round > f->round) return 0;
  if (f->rec.n > 0 && tr->round < f->round) f->rec.n = 0;
  f->round = tr->round;
  if (f->rec.n == 512) return 0;
  eto_program p;
  if (eto_program_parse(tr->recipe, &p, NULL, 0) != 0) return 0;
  f->lat[f->rec.n] = tr->status == ETO_CACHE_TRIAL_OK ? tr->latency_s : INFINITY;
  record(&f->rec, &p);
  return 0;
}

static void search_two(const eto_target *t, const eto_op *ops, int diffuse, const char *tag, first_round *fb,
                       first_round *fa) {
  char dir[512], msg[256];
  eto_cache *cache = temp_cache(dir, sizeof dir, tag);
  eto_backend_task task[2];
  for (int i = 0; i < 2; i++) {
    task[i] = (eto_backend_task){.op = ops[i], .budget = 128, .parent = -1};
    eto_policy_args a = {.op = &ops[i], .t = t, .cache = cache};
    CHECK((diffuse ? eto_tuner_policy_diffuse(&a, &task[i].policy, msg, sizeof msg)
                   : eto_backend_policy_full(NULL, &task[i].policy, msg, sizeof msg)) == ETO_OK,
          "policy: %s", msg);
  }
  eto_backend_hooks hooks = {.measure = tun_stand_in};
  eto_backend_opts o;
  eto_backend_opts_default(&o);
  o.seed = 1; /* the same random programs in every run of the test */
  eto_backend_report rep;
  if (eto_backend_run(task, 2, t, cache, &o, &hooks, NULL, NULL, &rep, msg, sizeof msg) == ETO_OK)
    eto_backend_report_free(&rep);
  else
    CHECK(0, "%s: %s", tag, msg);
  char kb[512], ka[512];
  eto_op_key(&ops[0], kb, sizeof kb);
  eto_op_key(&ops[1], ka, sizeof ka);
  *fb = (first_round){0};
  *fa = (first_round){0};
  eto_cache_foreach_trial(cache, t->fingerprint, kb, collect_first, fb);
  eto_cache_foreach_trial(cache, t->fingerprint, ka, collect_first, fa);
  eto_cache_close(cache);
  remove_tree(dir);
}

static void diffuse_case(const eto_target *t) {
  /* the second larger in the loops that differ, so that the first's inner tile factors divide its extents */
  eto_op ops[2] = {test_op("conv2d n=1 c=32 h=14 w=14 k=32 r=3 s=3 pad=1\n"),
                   test_op("conv2d n=1 c=64 h=14 w=14 k=64 r=3 s=3 pad=1\n")};
  eto_compute ca;
  eto_op_compute(&ops[1], &ca);
  first_round fb, fa, pb, pa;
  search_two(t, ops, 1, "tuner_diffuse", &fb, &fa);
  search_two(t, ops, 0, "tuner_plain", &pb, &pa);
  int best = -1; /* the first operator's best of its first round */
  for (int i = 0; i < fb.rec.n; i++)
    if (best < 0 || fb.lat[i] < fb.lat[best]) best = i;
  CHECK(best >= 0 && fa.rec.n > 0, "diffusion: %d trials of the first operator's first round, %d of the second's",
        fb.rec.n, fa.rec.n);
  if (best < 0) return;
  eto_program bb, want;
  char wr[ETO_RECIPE_MAX] = "";
  CHECK(eto_program_parse(fb.rec.recipes[best], &bb, NULL, 0) == 0, "recipe %s", fb.rec.recipes[best]);
  if (eto_tuner_adapt(&ca, &bb, &want) == 0 && eto_sched_candidate_ok(&ca, t, &want, NULL, 0) == 0) {
    eto_program_format(&want, wr, sizeof wr);
    CHECK(has(&fa.rec, wr), "diffusion: the second operator's first round (%d trials) lacks %s, the first's best "
          "%s transplanted", fa.rec.n, wr, fb.rec.recipes[best]);
    CHECK(!has(&pa.rec, wr), "the plain full search's first round measured the transplant %s too: the check above "
          "says nothing", wr);
  } else {
    CHECK(0, "the first operator's best %s does not adapt to the second: choose other shapes", fb.rec.recipes[best]);
  }
  printf("diffusion: second operator's first round %d trials, with %s\n", fa.rec.n, wr);
  free(fb.rec.recipes);
  free(fa.rec.recipes);
  free(pb.rec.recipes);
  free(pa.rec.recipes);
}

/* 13 */
static void record_seeds(void *user, const eto_tuner_trial *tr) {
  if (tr->round == 1) record(user, tr->program);
}

/* Whether a seed in r has m's factors m5 and k's r3 (batch_matmul's loops: b, m, n; k). */
static int seeded_with(const recorder *r, const int64_t m5[5], const int64_t r3[3]) {
  for (int i = 0; i < r->n; i++) {
    eto_program p;
    if (eto_program_parse(r->recipes[i], &p, NULL, 0) != 0) continue;
    if (memcmp(p.stile[1], m5, 5 * sizeof *m5) == 0 && memcmp(p.rtile[0], r3, 3 * sizeof *r3) == 0) return 1;
  }
  return 0;
}

static void neighbours_case(const eto_target *t) {
  static const struct {
    int m;
    const char *recipe;
    double gflops;
  } cached[] = {
      {480, "v1 mlt s=12.1.1.1.1/15.1.8.1.4/1.1.1.1.64 r=15.8.4 u=0 v=1.1", 300}, /* nearest (0.13) */
      {448, "v1 mlt s=12.1.1.1.1/7.1.16.1.4/1.1.1.1.64 r=7.16.4 u=0 v=1.1", 290},  /* 0.27 */
      {384, "v1 mlt s=12.1.1.1.1/3.1.32.1.4/1.1.1.1.64 r=3.32.4 u=0 v=1.1", 310},  /* 0.58: the third */
      {324, "v1 mlt s=12.1.1.1.1/1.1.81.4.1/1.1.1.1.64 r=1.81.4 u=0 v=1.1", 406},  /* 0.92, the fastest near */
      {256, "v1 mlt s=12.1.1.1.1/1.1.64.4.1/1.1.1.1.64 r=4.16.4 u=0 v=1.1", 379},  /* 1.39 */
      {200, "v1 mlt s=12.1.1.1.1/25.1.2.1.4/1.1.1.1.64 r=25.2.4 u=0 v=1.1", 350}, /* 1.88: too far */
      {64, "v1 mlt s=12.1.1.1.1/1.1.16.4.1/1.1.1.1.64 r=1.16.4 u=0 v=1.1", 999},   /* 4.16: too far, fastest */
  };
  char dir[512], msg[256];
  eto_cache *cache = temp_cache(dir, sizeof dir, "tuner_seeded_near");
  for (size_t i = 0; i < sizeof cached / sizeof cached[0]; i++) {
    char line[128], key[512], sig[512];
    snprintf(line, sizeof line, "batch_matmul b=12 m=%d n=64 k=%d\n", cached[i].m, cached[i].m);
    eto_op op = test_op(line);
    eto_compute c;
    eto_op_compute(&op, &c);
    eto_program p;
    CHECK(eto_program_parse(cached[i].recipe, &p, msg, sizeof msg) == 0 &&
              eto_sched_validate(&c, t, &p, msg, sizeof msg) == 0,
          "m=%d %s: %s", cached[i].m, cached[i].recipe, msg);
    eto_op_key(&op, key, sizeof key);
    eto_sched_signature(&c, t, sig, sizeof sig);
    eto_cache_best b = {.fingerprint = (char *)t->fingerprint, .workload = key, .kind = (char *)"batch_matmul",
                        .signature = sig, .recipe = (char *)cached[i].recipe, .gflops = cached[i].gflops,
                        .method = ETO_CACHE_METHOD_FULL, .trials = 1};
    b.latency.median_s = b.latency.min_s = b.latency.max_s = eto_op_flops(&op) / (cached[i].gflops * 1e9);
    b.latency.repeats = 3;
    CHECK(eto_cache_put_best(cache, &b, NULL) == ETO_CACHE_OK, "put_best: %s", eto_cache_errmsg(cache));
  }
  recorder seen = {0};
  seeded_run x;
  eto_op alpha = test_op("batch_matmul b=12 m=512 n=64 k=512\n");
  eto_op beta = test_op("batch_matmul b=12 m=496 n=64 k=496\n");
  eto_compute cb;
  eto_op_compute(&alpha, &x.ca);
  eto_op_compute(&beta, &cb);
  CHECK(eto_program_parse("v1 mlt s=12.1.1.1.1/31.1.4.1.4/1.1.1.1.64 r=31.4.4 u=0 v=1.1", &x.sb, msg, sizeof msg) == 0 &&
            eto_sched_validate(&cb, t, &x.sb, msg, sizeof msg) == 0,
        "S*β: %s", msg);
  eto_tuner_opts o = {.measure = tun_stand_in, .max_trials = 120};
  CHECK(eto_tuner_seeded(&alpha, &beta, &x.sb, t, NULL, cache, &o, record_seeds, &seen, &x.r) == ETO_OK, "seeded: %s",
        x.r.message);
  static const struct {
    const char *what;
    int64_t m[5], r[3];
    int want;
  } expect[] = {
      {"480 (nearest)", {16, 1, 8, 1, 4}, {16, 8, 4}, 1},
      {"448", {8, 1, 16, 1, 4}, {8, 16, 4}, 1},
      {"384 (the third nearest)", {4, 1, 32, 1, 4}, {4, 32, 4}, 1},
      {"324 (fastest, fit_middle)", {1, 1, 128, 4, 1}, {1, 128, 4}, 1},
      {"256 (second fastest)", {2, 1, 64, 4, 1}, {8, 16, 4}, 1},
      {"200 (beyond SEEDED_FAST_DIST)", {64, 1, 2, 1, 4}, {64, 2, 4}, 0},
      {"64 (beyond SEEDED_FAST_DIST, fastest)", {8, 1, 16, 4, 1}, {32, 16, 4}, 0},
  };
  for (size_t i = 0; i < sizeof expect / sizeof expect[0]; i++) {
    int got = seeded_with(&seen, expect[i].m, expect[i].r);
    CHECK(got == expect[i].want, "the seeds %s the transplant of m=%s", got ? "hold" : "lack", expect[i].what);
  }
  printf("neighbours: %d seeds, %d trials (%s)\n", seen.n, x.r.trials, x.r.stop);
  free(seen.recipes);
  eto_cache_close(cache);
  remove_tree(dir);
}

/* Case 14: the search's patience. */
static void patience_case(const eto_target *t) {
  eto_op alpha = test_op("matmul m=64 n=128 k=64\n"), beta = test_op("matmul m=128 n=128 k=64\n");
  eto_compute cb;
  eto_op_compute(&beta, &cb);
  eto_program sb;
  if (!multi_level_sb(&cb, t, 3, &sb)) {
    CHECK(0, "patience: no multi-level S*β");
    return;
  }
  recorder r[2] = {{0}, {0}};
  eto_tuner_result res[2];
  for (int i = 0; i < 2; i++) {
    eto_tuner_opts o = {.measure = measure, .measure_user = &r[i], .patience = i ? 64 : 0};
    CHECK(eto_tuner_seeded(&alpha, &beta, &sb, t, NULL, NULL, &o, NULL, NULL, &res[i]) == ETO_OK, "patience %d: %s",
          o.patience, res[i].message);
  }
  CHECK(strstr(res[0].stop, "in the last 32 trials") != NULL, "default patience: stop \"%s\"", res[0].stop);
  CHECK(strstr(res[1].stop, "in the last 64 trials") != NULL || strstr(res[1].stop, "cap reached") != NULL,
        "patience 64: stop \"%s\"", res[1].stop);
  CHECK(r[1].n > r[0].n, "patience 64: %d trials, default %d", r[1].n, r[0].n);
  int same = 0;
  while (same < r[0].n && same < r[1].n && strcmp(r[0].recipes[same], r[1].recipes[same]) == 0) same++;
  CHECK(same == r[0].n, "patience 64: the default's %d candidates not its first (the same up to %d)", r[0].n, same);
  printf("patience: default %d trials (%s), 64: %d trials (%s)\n", r[0].n, res[0].stop, r[1].n, res[1].stop);
  free(r[0].recipes);
  free(r[1].recipes);
}

/* 15: the source's newer best offered to the policy while it runs ETO's rounds */
static void offer_case(const eto_target *t) {
  eto_op alpha = test_op("matmul m=64 n=128 k=64\n"), beta = test_op("matmul m=128 n=128 k=64\n");
  eto_compute ca, cb;
  eto_op_compute(&alpha, &ca);
  eto_op_compute(&beta, &cb);
  eto_program sb, s2;
  if (!multi_level_sb(&cb, t, 3, &sb) || !multi_level_sb(&cb, t, 11, &s2)) {
    CHECK(0, "offer: no multi-level S*β");
    return;
  }
  enum { CAP = 512 };
  static eto_program got[2][CAP], offered[CAP];
  int n[2] = {0, 0}, eto_round[2] = {0, 0}, k = 0, again = -1, m = 0, m_round = 0;
  for (int i = 0; i < 2; i++) {
    eto_policy_args a = {.op = &alpha, .source = &beta, .source_best = &sb, .t = t};
    eto_policy pol = {0};
    char msg[256] = "";
    CHECK(eto_tuner_policy_seeded(&a, &pol, msg, sizeof msg) == ETO_OK && pol.vt->offer, "offer: %s", msg);
    if (!pol.vt) return;
    eto_policy_view v = {.op = &alpha, .c = &ca, .t = t, .key = "alpha", .best_cost = INFINITY, .patience_scale = 1};
    eto_policy_batch b = {0}, e = {0};
    n[i] = pol.vt->propose(pol.self, &v, got[i], CAP, &b); /* the seeds: every one of round 1, one batch */
    CHECK(b.round == 1, "offer: the seeds' round %d", b.round);
    eto_program tmp[CAP];
    CHECK(pol.vt->propose(pol.self, &v, tmp, CAP, &e) > 0 && e.round >= 10, "offer: ETO's round %d", e.round);
    eto_round[i] = e.round;
    if (i == 1) {
      k = pol.vt->offer(pol.self, &v, &s2);
      again = pol.vt->offer(pol.self, &v, &s2);
      eto_policy_batch o = {0};
      m = pol.vt->propose(pol.self, &v, offered, CAP, &o);
      m_round = o.round;
    }
    eto_policy_free(&pol);
  }
  eto_program first;
  char want[ETO_RECIPE_MAX] = "", have[ETO_RECIPE_MAX] = "";
  CHECK(eto_tuner_adapt(&ca, &s2, &first) == 0, "offer: S2 does not adapt");
  eto_program_format(&first, want, sizeof want);
  if (m > 0) eto_program_format(&offered[0], have, sizeof have);
  int same = 0;
  for (char r0[ETO_RECIPE_MAX], r1[ETO_RECIPE_MAX]; same < n[0] && same < n[1]; same++) {
    eto_program_format(&got[0][same], r0, sizeof r0);
    eto_program_format(&got[1][same], r1, sizeof r1);
    if (strcmp(r0, r1) != 0) break;
  }
  CHECK(n[0] > 0 && n[1] == n[0] && same == n[0] && eto_round[1] == eto_round[0], "offer: seeds %d / %d (the same %d)",
        n[0], n[1], same);
  CHECK(k > 0 && again == 0 && m == k && m_round == 1 && strcmp(have, want) == 0,
        "offer: %d queued (again %d), %d proposed next in round %d, the first %s, S2 adapted %s", k, again, m, m_round,
        have, want);
  printf("offer: %d seeds, then ETO's round %d, then %d from the offered best\n", n[0], eto_round[1], m);
}

int main(void) {
  eto_target t;
  test_target_cpu(2, &t);
  pair_case("matmul m=64 n=128 k=64\n", "matmul m=128 n=128 k=64\n", &t, 3);
  pair_case("conv2d n=1 c=32 h=14 w=14 k=32 r=3 s=3 pad=1\n", "conv2d n=1 c=64 h=14 w=14 k=64 r=3 s=3 pad=1\n", &t,
            5);
  transplant_case(&t);
  direct_case(&t, "matmul m=448 n=3072 k=768\n", "matmul m=7 n=3072 k=768\n",
              "v1 mlt s=1.1.1.1.1/1.1.1.7.1/2.1.24.2.32 r=32.12.2 u=64 v=1.1 d=0.1", 0);
  direct_case(&t, "matmul m=7 n=3072 k=768\n", "matmul m=448 n=3072 k=768\n",
              "v1 mlt s=1.1.1.1.1/64.1.1.7.1/2.1.24.2.32 r=32.12.2 u=64 v=1.1", 1);
  max_round_case(&t);
  blocks_case(&t);
  vector_case(&t);
  lanes_case(&t);
  vaxis_case(&t);
  last_vector_case(&t);
  thread_tile_case(&t);
  work_case(&t);
  trained_model_case(&t);
  diffuse_case(&t);
  neighbours_case(&t);
  patience_case(&t);
  offer_case(&t);
  return check_result();
}
