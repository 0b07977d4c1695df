/* The ETO paper's Example 3 (docs/architecture.md §7) as an oracle, on the cuda target descriptor (sm_70
 * limits; no device needed): S*β's features; then eto_tuner_run with a synthetic measurement that makes round
 * 1 keep T = 56·224 for B = 56, as the paper measured on a P100, and the candidates of every round for B =
 * 56: BShape [1,32,2,28], LShape [2,1,1], T in {56·112, 56·128, 56·224} with per-thread tiles [1,4,2,2],
 * [1,2,1,7], [1,4,2,1] and no virtual threads; round 2 LShape [4,1,1] only; round 3 unroll steps {0, 16};
 * round 4 vector lengths {2, 4} for the data input only. Prints every block count's candidates. */
#include "tuner_test_util.h"

#define MAX_REC 512

typedef struct {
  int round;
  int64_t blocks;
  eto_program p;
} rec;

typedef struct {
  const eto_compute *c;
  rec r[MAX_REC];
  int n;
} log_ctx;

/* Deterministic latencies: 224 threads per block is best, then fewer fetches; unroll and vectors change
 * little (the rounds' candidates, not their winners, are the oracle). */
static void synthetic(void *user, const eto_program *p, eto_measure_result *out) {
  log_ctx *l = user;
  eto_features f;
  eto_sched_features(l->c, p, &f);
  double t = 1e-3 * (1.0 + 0.01 * (double)llabs(f.threads_per_block - 224) / 224.0 +
                     0.001 * (double)f.fetches + (p->unroll == 1024 ? 0.0 : 1e-4) +
                     1e-5 * (p->vec[0] + p->vec[1]) + 0.02 * (double)llabs(f.blocks - 56) / 56.0);
  memset(out, 0, sizeof *out);
  out->error = ETO_MEASURE_OK;
  out->median = out->min = out->max = t;
  out->repeats = 3;
  out->gflops = 1;
}

static void on_trial(void *user, const eto_tuner_trial *tr) {
  log_ctx *l = user;
  CHECK(tr->index == l->n + 1, "trial index %d after %d", tr->index, l->n);
  if (l->n < MAX_REC) l->r[l->n++] = (rec){tr->round, tr->blocks, *tr->program};
}

static int same(const int64_t *a, const int64_t *b, int n) {
  for (int i = 0; i < n; i++)
    if (a[i] != b[i]) return 0;
  return 1;
}

int main(void) {
  eto_target gpu;
  CHECK(eto_target_cuda("sm_70", NULL, 0, &gpu) == 0, "sm_70");
  eto_op beta = test_op(EX3_BETA), alpha = test_op(EX3_ALPHA);
  eto_compute ca, cb;
  eto_op_compute(&alpha, &ca);
  eto_op_compute(&beta, &cb);
  eto_program sb = test_recipe(EX3_SBETA);
  char why[256] = "";
  CHECK(eto_sched_validate(&cb, &gpu, &sb, why, sizeof why) == 0, "S*β invalid on sm_70: %s", why);

  /* S*β's features: B = 56, T = 56·224, M = 56·11264 */
  eto_features fb;
  eto_sched_features(&cb, &sb, &fb);
  CHECK(fb.blocks == 56 && fb.threads_per_block == 224 && fb.total_threads == 56 * 224, "B %lld T %lld",
        (long long)fb.blocks, (long long)fb.total_threads);
  CHECK(fb.smem_per_block == 11264 && fb.total_smem == 56 * 11264, "M %lld", (long long)fb.total_smem);
  CHECK(fb.smem_in[0] == 7168 && fb.smem_in[1] == 4096, "data %lld kernel %lld", (long long)fb.smem_in[0],
        (long long)fb.smem_in[1]);
  CHECK(same(fb.bshape, (int64_t[]){1, 32, 2, 28}, 4), "BShape");
  CHECK(same(fb.tshape_t, (int64_t[]){1, 4, 2, 1}, 4) && same(fb.tshape_v, (int64_t[]){1, 1, 1, 1}, 4),
        "TShape");
  CHECK(same(fb.lshape, (int64_t[]){4, 1, 1}, 3), "LShape");

  /* the helpers on B = 56 */
  int64_t bshape[ETO_MAX_LOOPS], lines = 0;
  CHECK(tun_best_bshape(&ca, &gpu, 56, bshape, &lines) == 0 && same(bshape, (int64_t[]){1, 32, 2, 28}, 4),
        "BShape for B=56: %s", list_str(bshape, 4));
  printf("B=56: BShape %s, %lld lines of 32 B\n", list_str(bshape, 4), (long long)lines);
  int64_t rfetch[ETO_MAX_LOOPS] = {128, 1, 1};
  static const struct {
    int64_t threads, tile[4];
  } want_ts[] = {{112, {1, 4, 2, 2}}, {128, {1, 2, 1, 7}}, {224, {1, 4, 2, 1}}};
  for (int i = 0; i < 3; i++) {
    tun_tshape ts;
    CHECK(tun_best_tshape(&ca, &gpu, bshape, want_ts[i].threads, rfetch, &ts) == 0, "TShape for %lld",
          (long long)want_ts[i].threads);
    CHECK(same(ts.it, want_ts[i].tile, 4) && same(ts.vt, (int64_t[]){1, 1, 1, 1}, 4),
          "T/B = %lld: per-thread %s virtual %s", (long long)want_ts[i].threads, list_str(ts.it, 4),
          list_str(ts.vt, 4));
    printf("B=56 T=56*%lld: threads %s, per-thread %s, virtual %s, cost %lld\n",
           (long long)want_ts[i].threads, list_str(ts.th, 4), list_str(ts.it, 4), list_str(ts.vt, 4),
           (long long)ts.cost_num);
  }

  /* the whole run */
  log_ctx l = {.c = &ca};
  eto_tuner_opts o = {.measure = synthetic, .measure_user = &l};
  eto_tuner_result res;
  CHECK(eto_tuner_run(&alpha, &beta, &sb, &gpu, NULL, NULL, &o, on_trial, &l, &res) == ETO_OK, "run: %s",
        res.message);
  CHECK(res.found, "nothing found: %s", res.message);
  CHECK(lists_equal(res.blocks, res.nblocks, (int64_t[]){28, 32, 49, 56, 64, 98, 112}, 7), "B range %s",
        list_str(res.blocks, res.nblocks));
  int sum_rounds = 0, sum_cand = 0;
  for (int r = 1; r <= ETO_TUNER_ROUNDS; r++) {
    sum_rounds += res.round_trials[r];
    sum_cand += res.round_candidates[r];
  }
  CHECK(res.trials == l.n && sum_rounds == l.n, "trials %d, callbacks %d, per round %d", res.trials, l.n,
        sum_rounds);
  CHECK(sum_cand == res.trials + res.skipped_invalid + res.skipped_duplicate, "candidates %d", sum_cand);

  /* B = 56, round by round */
  int n1 = 0, n2 = 0, n3 = 0, n4 = 0, saw[3] = {0};
  int unroll_seen[2] = {0};
  const char *want224 =
      "v1 mlt s=1.1.1.1.1/4.1.8.2.2/14.1.1.1.2/1.1.28.1.1 r=2.64.2/1.1.1/1.1.1 u=1024 v=1.1";
  for (int i = 0; i < l.n; i++) {
    if (l.r[i].blocks != 56) continue;
    eto_features f;
    eto_sched_features(&ca, &l.r[i].p, &f);
    char recipe[ETO_RECIPE_MAX];
    eto_program_format(&l.r[i].p, recipe, sizeof recipe);
    CHECK(same(f.bshape, (int64_t[]){1, 32, 2, 28}, 4), "BShape %s", recipe);
    CHECK(same(f.tshape_v, (int64_t[]){1, 1, 1, 1}, 4), "virtual threads %s", recipe);
    switch (l.r[i].round) {
    case 1:
      n1++;
      CHECK(same(f.lshape, (int64_t[]){2, 1, 1}, 3), "round 1 LShape %s", recipe);
      for (int k = 0; k < 3; k++)
        if (f.threads_per_block == want_ts[k].threads) {
          saw[k]++;
          CHECK(same(f.tshape_t, want_ts[k].tile, 4), "round 1 T/B %lld: %s", (long long)want_ts[k].threads,
                recipe);
        }
      if (f.threads_per_block == 224) CHECK(strcmp(recipe, want224) == 0, "round 1, T=56*224: %s", recipe);
      break;
    case 2:
      n2++;
      CHECK(same(f.lshape, (int64_t[]){4, 1, 1}, 3) && f.threads_per_block == 224, "round 2 %s", recipe);
      break;
    case 3:
      n3++;
      CHECK(l.r[i].p.unroll == 0 || l.r[i].p.unroll == 16, "round 3 unroll %d", l.r[i].p.unroll);
      unroll_seen[l.r[i].p.unroll == 16] = 1;
      break;
    case 4:
      n4++;
      CHECK(l.r[i].p.vec[1] == 1 && (l.r[i].p.vec[0] == 2 || l.r[i].p.vec[0] == 4), "round 4 %s", recipe);
      break;
    }
  }
  CHECK(n1 == 3 && saw[0] == 1 && saw[1] == 1 && saw[2] == 1, "round 1: %d trials", n1);
  CHECK(n2 == 1, "round 2: %d trials", n2);
  CHECK(n3 == 2 && unroll_seen[0] && unroll_seen[1], "round 3: %d trials", n3);
  CHECK(n4 == 2, "round 4: %d trials", n4);

  /* every block count: what the rounds enumerated */
  printf("%-5s %-16s %-8s %-7s %s\n", "B", "BShape", "fetches", "lines", "trials per round (1 2 3 4)");
  for (int b = 0; b < res.nblocks; b++) {
    int64_t bs[ETO_MAX_LOOPS], ln = 0;
    tun_best_bshape(&ca, &gpu, res.blocks[b], bs, &ln);
    int per[5] = {0};
    int64_t fetch = 0;
    for (int i = 0; i < l.n; i++)
      if (l.r[i].blocks == res.blocks[b]) {
        per[l.r[i].round]++;
        if (l.r[i].round == 1) fetch = l.r[i].p.rtile[0][0];
      }
    printf("%-5lld %-16s %-8lld %-7lld %d %d %d %d\n", (long long)res.blocks[b], list_str(bs, 4),
           (long long)fetch, (long long)ln, per[1], per[2], per[3], per[4]);
  }
  double est = 0;
  eto_tuner_estimate(&alpha, &beta, &gpu, 1, &est);
  printf("measured %d trials (%d invalid skipped, %d duplicates), estimate %.1f (ratio %.2f)\n", res.trials,
         res.skipped_invalid, res.skipped_duplicate, est, est / res.trials);
  char best[ETO_RECIPE_MAX];
  eto_program_format(&res.best, best, sizeof best);
  printf("best (synthetic): %s\n", best);
  return check_result();
}
