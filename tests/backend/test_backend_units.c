/* Backend units without measurement: feature vectors (finite, named, sensitive to the program), mutations
 * (keep every loop's factor product, stay within limits, change the program), the initial population
 * (valid, unique, from every sketch), the program set, and the cost model's random stand-in and its training
 * on a synthetic cost. */
#include <math.h>

#include "backend_internal.h"
#include "backend_test_util.h"

static const char *const kinds[] = {
    "matmul m=64 n=48 k=32 bias=1 relu=1",
    "batch_matmul b=4 m=16 n=32 k=8",
    "conv1d n=2 c=8 l=30 k=16 r=3 stride=2 pad=1",
    "conv2d n=1 c=16 h=14 w=14 k=32 r=3 s=3 pad=1 bias=1 relu=1",
    "conv3d n=1 c=4 d=6 h=6 w=6 k=8 t=3 r=3 s=3",
    "group_conv2d n=1 c=16 h=8 w=8 k=16 r=3 s=3 groups=4 pad=1",
    "depthwise_conv2d n=1 c=8 h=12 w=12 r=3 s=3 multiplier=2 stride=2,1 pad=1",
    "conv2d_transpose n=1 c=8 h=7 w=7 k=4 r=3 s=3 stride=2 pad=1 output_padding=1",
    "capsule_conv2d n=1 h=6 w=6 c=4 k=4 r=3 s=3 capsule=2",
    "norm b=4 m=16 n=32",
};

static int64_t loop_product(const eto_program *p, int space, int i) {
  int64_t n = 1;
  for (int l = 0; l < (space ? ETO_SPACE_LEVELS : ETO_REDUCE_LEVELS); l++)
    n *= space ? p->stile[i][l] : p->rtile[i][l];
  return n;
}

static void test_features_and_mutations(const char *line, const eto_target *t) {
  eto_op op = test_op(line);
  eto_compute c;
  eto_op_compute(&op, &c);
  eto_rng rng;
  eto_rng_seed(&rng, 11);
  eto_backend_opts o;
  eto_backend_opts_default(&o);
  o.population = 256;
  eto_sketch_set sk;
  eto_sched_sketches(&c, t, &sk);
  eto_program pop[256];
  int n = eto_evo_sample_population(&c, t, &sk, &o, &rng, pop, 256);
  CHECK(n >= 50, "%s: only %d programs in the initial population", line, n);
  eto_progset seen = {0};
  int per_sketch[ETO_SKETCH_COUNT] = {0};
  for (int i = 0; i < n; i++) {
    char why[256];
    CHECK(eto_sched_validate(&c, t, &pop[i], why, sizeof why) == 0, "%s: invalid sample: %s", line, why);
    CHECK(eto_progset_add(&seen, eto_program_hash(&pop[i])) == 1, "%s: duplicate sample %d", line, i);
    per_sketch[pop[i].sketch]++;
  }
  for (int k = 0; k < sk.count; k++)
    CHECK(per_sketch[sk.kind[k]] > 0, "%s: no sample of sketch %s", line, eto_sketch_name(sk.kind[k]));
  eto_progset_clear(&seen);

  /* features: finite; two different programs differ somewhere */
  float f0[ETO_COST_NFEATURES], f1[ETO_COST_NFEATURES];
  int differ = 0;
  for (int i = 0; i < n; i++) {
    eto_cost_features(&c, t, &pop[i], i % 2 ? f1 : f0);
    for (int k = 0; k < ETO_COST_NFEATURES; k++)
      CHECK(isfinite((i % 2 ? f1 : f0)[k]), "%s: feature %s not finite", line, eto_cost_feature_name(k));
    if (i > 0 && memcmp(f0, f1, sizeof f0) != 0) differ = 1;
  }
  CHECK(differ, "%s: every program has the same features", line);

  /* mutations keep products (perfect tiles), and valid results stay valid programs of the operator */
  int changed = 0, valid = 0, tried = 0;
  for (int i = 0; i < n; i++) {
    for (int rule = 0; rule < 4; rule++) {
      eto_program q = pop[i];
      int rc = rule == 0   ? eto_mutate_tile(&c, t, &q, &rng)
               : rule == 1 ? eto_mutate_qwalk(&c, t, &q, 0.5, &rng)
               : rule == 2 ? eto_mutate_unroll(&q, &rng)
                           : eto_mutate_vec(&c, &q, &rng);
      if (rc != 0) continue;
      tried++;
      changed += memcmp(&q, &pop[i], sizeof q) != 0;
      for (int s = 0; s < c.nest.nspace; s++)
        CHECK(loop_product(&q, 1, s) == loop_product(&pop[i], 1, s),
              "%s: rule %d changed space loop %d's product", line, rule, s);
      for (int r = 0; r < c.nest.nreduce; r++)
        CHECK(loop_product(&q, 0, r) == loop_product(&pop[i], 0, r),
              "%s: rule %d changed reduction loop %d's product", line, rule, r);
      for (int s = 0; s < c.nest.nspace; s++)
        CHECK(q.stile[s][4] <= t->max_innermost, "%s: innermost factor over the limit", line);
      valid += eto_sched_validate(&c, t, &q, NULL, 0) == 0;
    }
  }
  CHECK(tried > n, "%s: few mutations applied (%d)", line, tried);
  CHECK(changed == tried, "%s: %d of %d mutations changed nothing", line, tried - changed, tried);
  CHECK(valid > tried / 4, "%s: only %d of %d mutations valid", line, valid, tried);
}

static void test_names(void) {
  for (int i = 0; i < ETO_COST_NFEATURES; i++) {
    const char *a = eto_cost_feature_name(i);
    CHECK(a && *a, "feature %d has no name", i);
    for (int j = 0; j < i && a; j++)
      CHECK(strcmp(a, eto_cost_feature_name(j)) != 0, "feature name %s twice", a);
  }
  CHECK(eto_cost_feature_name(ETO_COST_NFEATURES) == NULL, "name past the end");
}

/* The model learns a synthetic cost that depends on two features: ranking must be near perfect. */
static void test_model_synthetic(const eto_target *t) {
  eto_op op = test_op("matmul m=64 n=64 k=64");
  eto_compute c;
  eto_op_compute(&op, &c);
  eto_cost_opts co;
  eto_cost_opts_default(&co);
  eto_cost_model *m = NULL;
  CHECK(eto_cost_model_create(&co, &m) == ETO_OK, "create");
  eto_rng rng;
  eto_rng_seed(&rng, 5);
  enum { N = 400 };
  static float rows[N][ETO_COST_NFEATURES];
  double cost[N];
  for (int i = 0; i < N; i++) {
    eto_program p;
    eto_sched_sample_valid(&c, t, NULL, &rng, 0, &p);
    eto_features f;
    eto_sched_features(&c, &p, &f);
    eto_cost_features(&c, t, &p, rows[i]);
    cost[i] = 1e-3 * (1 + fabs(log2((double)f.blocks) - 3)) * (1 + fabs(log2((double)f.thread_tile) - 4));
  }
  float s[N];
  CHECK(eto_cost_model_predict(m, rows[0], N, s) == ETO_OK, "random predict");
  for (int i = 0; i < N; i++) CHECK(s[i] >= 0 && s[i] < 1, "random score %g", s[i]);
  CHECK(!eto_cost_model_trained(m), "trained with no data");
  for (int i = 0; i < N / 2; i++) eto_cost_model_add(m, 0, rows[i], cost[i]);
  eto_cost_model_add(m, 0, rows[0], INFINITY); /* a failure gets label 0 */
  CHECK(eto_cost_model_train(m) == ETO_OK, "train: %s", eto_cost_model_errmsg(m));
  CHECK(eto_cost_model_trained(m), "not trained with %d records", eto_cost_model_records(m));
  CHECK(eto_cost_model_predict(m, rows[N / 2], N / 2, s) == ETO_OK, "predict: %s", eto_cost_model_errmsg(m));
  long good = 0, pairs = 0;
  for (int i = 0; i < N / 2; i++)
    for (int j = i + 1; j < N / 2; j++) {
      double a = cost[N / 2 + i], b = cost[N / 2 + j];
      if (fabs(a - b) < 1e-12) continue;
      pairs++;
      good += (a < b) == (s[i] > s[j]);
    }
  double acc = (double)good / (double)pairs;
  printf("synthetic cost: pairwise accuracy %.3f on %ld held-out pairs (%d rounds, %.3f s)\n", acc, pairs,
         eto_cost_model_rounds(m), eto_cost_model_train_seconds(m));
  CHECK(acc > 0.85, "synthetic pairwise accuracy %.3f", acc);
  eto_cost_model_free(m);
}

/* Imperfect loops (a transplant's tiles that do not divide the extent: 320's 160-row blocks at 257): a tile mutation
 * keeps each loop covering its extent (the outermost factor is ceil(extent / the inner product), the inner product
 * at most the extent), keeps perfect loops' products, and sometimes resizes an imperfect loop's block (its inner
 * product), which trades between inner levels alone never do (bench/RESULTS.md AI.4). */
static void test_imperfect_mutations(const eto_target *t) {
  eto_op op = test_op("batch_matmul b=12 m=257 n=257 k=64");
  eto_compute c;
  eto_op_compute(&op, &c);
  eto_rng rng;
  eto_rng_seed(&rng, 7);
  eto_program p;
  int found = 0;
  for (int i = 0; i < 200 && !found; i++)
    found = eto_sched_sample_valid(&c, t, NULL, &rng, 0, &p) == 0 && p.sketch == ETO_SKETCH_MULTI_LEVEL;
  CHECK(found, "no multi-level sample of the scores at 257");
  if (!found) return;
  const int64_t m[ETO_SPACE_LEVELS] = {2, 1, 40, 4, 1}, n[ETO_SPACE_LEVELS] = {9, 1, 1, 2, 16};
  for (int l = 0; l < ETO_SPACE_LEVELS; l++) {
    p.stile[1][l] = m[l];
    p.stile[2][l] = n[l];
  }
  int resized = 0, tried = 0;
  for (int i = 0; i < 2000; i++) {
    eto_program q = p;
    if (eto_mutate_tile(&c, t, &q, &rng) != 0) continue;
    tried++;
    for (int s = 0; s < c.nest.nspace; s++) {
      int64_t ext = c.nest.space[s].extent, inner = loop_product(&q, 1, s) / q.stile[s][0];
      if (loop_product(&p, 1, s) == ext) {
        CHECK(loop_product(&q, 1, s) == ext, "a perfect loop %d lost its product", s);
        continue;
      }
      CHECK(inner <= ext && q.stile[s][0] == (ext + inner - 1) / inner,
            "imperfect loop %d: outer %lld for inner %lld of extent %lld", s, (long long)q.stile[s][0],
            (long long)inner, (long long)ext);
      CHECK(q.stile[s][4] <= t->max_innermost, "loop %d: innermost factor over the limit", s);
      resized += inner != loop_product(&p, 1, s) / p.stile[s][0];
    }
  }
  CHECK(tried > 500, "few mutations applied (%d)", tried);
  CHECK(resized > 0, "no mutation resized an imperfect loop's block (%d mutations)", tried);
}

int main(void) {
  eto_target t;
  eto_target_cpu(2, &t);
  test_names();
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) test_features_and_mutations(kinds[i], &t);
  eto_target g;
  if (eto_target_cuda("sm_80", NULL, 0, &g) == 0) {
    /* the GPU target has banks: conflict features are computed */
    eto_op op = test_op("matmul m=128 n=128 k=64");
    eto_compute c;
    eto_op_compute(&op, &c);
    eto_rng rng;
    eto_rng_seed(&rng, 3);
    int nonzero = 0;
    for (int i = 0; i < 50; i++) {
      eto_program p;
      if (eto_sched_sample_valid(&c, &g, NULL, &rng, 0, &p) != 0) continue;
      float f[ETO_COST_NFEATURES];
      eto_cost_features(&c, &g, &p, f);
      for (int k = 0; k < ETO_COST_NFEATURES; k++)
        if (strcmp(eto_cost_feature_name(k), "bank_conflict0") == 0 && f[k] >= 1) nonzero++;
    }
    CHECK(nonzero > 0, "no bank-conflict feature on the GPU target");
  }
  test_imperfect_mutations(&t);
  test_model_synthetic(&t);
  return check_result();
}
