/* Cost model on recorded trials: programs of one operator measured once on a machine of this kind (the
 * data file under data/, written by `test_backend_costmodel --record FILE N SEED`) are split (seeded) into
 * a training and a held-out part; the model trained on the first must rank the second better than chance by
 * a clear margin (pairwise accuracy > 0.6, Kendall tau reported). Features are computed for a fixed target
 * description, so the result does not depend on the machine running the test. */
#include <math.h>

#include "backend_internal.h"
#include "backend_test_util.h"

enum { MAXN = 2048 };

typedef struct {
  char line[256];
  int n;
  eto_program p[MAXN];
  double cost[MAXN]; /* INFINITY for a failure */
} dataset;

/* The host's description with the fields that features read pinned (so features are reproducible). */
static void fixed_target(eto_target *t) {
  eto_target_cpu(1, t);
  t->cores = 1;
  t->vector_bits = 512;
  t->warp_size = 16;
  t->line_bytes = 64;
  t->banks = 0;
}

static int record(const char *path, int n, uint64_t seed) {
  const char *line = "matmul m=64 n=64 k=64";
  eto_op op = test_op(line);
  eto_compute c;
  eto_op_compute(&op, &c);
  eto_target t;
  fixed_target(&t);
  eto_measure_opts mo;
  eto_measure_opts_default(&mo);
  mo.threads = 1;
  mo.min_repeat_seconds = 0.005;
  mo.repeats = 5;
  eto_measurer *m = NULL;
  char msg[512];
  if (eto_measurer_create(&op, &t, &mo, &m, msg, sizeof msg) != ETO_OK) {
    fprintf(stderr, "%s\n", msg);
    return 1;
  }
  FILE *f = fopen(path, "w");
  if (!f) {
    perror(path);
    return 1;
  }
  char proto[512];
  eto_measure_protocol(ETO_TARGET_CPU, &mo, proto, sizeof proto);
  fprintf(f, "# random valid programs (seed %llu) measured on %s, 1 thread; %s\n", (unsigned long long)seed,
          t.model, proto);
  fprintf(f, "op %s\n", line);
  eto_rng rng;
  eto_rng_seed(&rng, seed);
  eto_progset seen = {0};
  for (int i = 0; i < n;) {
    eto_program p;
    if (eto_sched_sample_valid(&c, &t, NULL, &rng, 0, &p) != 0) continue;
    if (eto_progset_add(&seen, eto_program_hash(&p)) != 1) continue;
    eto_measure_result r;
    eto_measurer_run(m, &p, &r);
    char recipe[ETO_RECIPE_MAX];
    eto_program_format(&p, recipe, sizeof recipe);
    if (r.error == ETO_MEASURE_OK)
      fprintf(f, "%.6e\t%s\n", r.median, recipe);
    else
      fprintf(f, "inf\t%s\n", recipe);
    i++;
  }
  eto_progset_clear(&seen);
  fclose(f);
  eto_measurer_free(m);
  return 0;
}

static int load(const char *path, dataset *d) {
  FILE *f = fopen(path, "r");
  if (!f) {
    perror(path);
    return -1;
  }
  char buf[1024];
  d->n = 0;
  d->line[0] = 0;
  while (fgets(buf, sizeof buf, f) && d->n < MAXN) {
    buf[strcspn(buf, "\n")] = 0;
    if (buf[0] == '#' || !buf[0]) continue;
    if (strncmp(buf, "op ", 3) == 0) {
      snprintf(d->line, sizeof d->line, "%.250s", buf + 3);
      continue;
    }
    char *tab = strchr(buf, '\t');
    if (!tab) continue;
    *tab = 0;
    double cost = strcmp(buf, "inf") == 0 ? INFINITY : strtod(buf, NULL);
    if (eto_program_parse(tab + 1, &d->p[d->n], NULL, 0) != 0) continue;
    d->cost[d->n++] = cost;
  }
  fclose(f);
  return d->line[0] ? 0 : -1;
}

/* Pairwise accuracy and Kendall tau of scores against costs over held-out successful programs whose costs
 * differ by more than 5% (closer pairs are within measurement noise). */
static void rank_quality(const double *cost, const float *score, int n, double *acc, double *tau,
                         long *npairs) {
  long concord = 0, discord = 0;
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      if (!isfinite(cost[i]) || !isfinite(cost[j])) continue;
      double hi = fmax(cost[i], cost[j]), lo = fmin(cost[i], cost[j]);
      if (hi < lo * 1.05 || score[i] == score[j]) continue;
      if ((cost[i] < cost[j]) == (score[i] > score[j]))
        concord++;
      else
        discord++;
    }
  *npairs = concord + discord;
  *acc = *npairs ? (double)concord / (double)*npairs : 0;
  *tau = *npairs ? (double)(concord - discord) / (double)*npairs : 0;
}

int main(int argc, char **argv) {
  if (argc == 5 && strcmp(argv[1], "--record") == 0)
    return record(argv[2], atoi(argv[3]), strtoull(argv[4], NULL, 10));
  const char *dir = getenv("ETO_BACKEND_TEST_DATA");
  char path[1024];
  snprintf(path, sizeof path, "%s/matmul64_trials.txt", dir ? dir : "data");
  static dataset d;
  if (load(path, &d) != 0) {
    fprintf(stderr, "cannot read the recorded trials %s\n", path);
    return 1;
  }
  eto_op op = test_op(d.line);
  eto_compute c;
  eto_op_compute(&op, &c);
  eto_target t;
  fixed_target(&t);
  int ok = 0;
  for (int i = 0; i < d.n; i++) ok += isfinite(d.cost[i]);
  CHECK(d.n >= 200 && ok >= 150, "dataset too small: %d records, %d ok", d.n, ok);

  /* seeded split: shuffle, first two thirds train */
  eto_rng rng;
  eto_rng_seed(&rng, 2024);
  int idx[MAXN];
  for (int i = 0; i < d.n; i++) idx[i] = i;
  for (int i = d.n - 1; i > 0; i--) {
    int j = (int)eto_rng_below(&rng, i + 1), x = idx[i];
    idx[i] = idx[j];
    idx[j] = x;
  }
  int ntrain = d.n * 2 / 3, ntest = d.n - ntrain;
  static float rows[MAXN][ETO_COST_NFEATURES];
  for (int i = 0; i < d.n; i++) eto_cost_features(&c, &t, &d.p[idx[i]], rows[i]);

  eto_cost_opts co;
  eto_cost_opts_default(&co);
  eto_cost_model *m = NULL;
  CHECK(eto_cost_model_create(&co, &m) == ETO_OK, "create");
  for (int i = 0; i < ntrain; i++) eto_cost_model_add(m, 0, rows[i], d.cost[idx[i]]);
  static float score[MAXN];
  static double cost[MAXN];
  for (int i = 0; i < ntest; i++) cost[i] = d.cost[idx[ntrain + i]];
  double acc, tau;
  long pairs;
  CHECK(eto_cost_model_predict(m, rows[ntrain], ntest, score) == ETO_OK, "random predict");
  rank_quality(cost, score, ntest, &acc, &tau, &pairs);
  printf("random stand-in: pairwise accuracy %.3f, Kendall tau %.3f (%ld pairs)\n", acc, tau, pairs);
  double random_acc = acc;

  CHECK(eto_cost_model_train(m) == ETO_OK, "train: %s", eto_cost_model_errmsg(m));
  CHECK(eto_cost_model_trained(m), "no model after %d records", ntrain);
  CHECK(eto_cost_model_predict(m, rows[ntrain], ntest, score) == ETO_OK, "predict: %s",
        eto_cost_model_errmsg(m));
  rank_quality(cost, score, ntest, &acc, &tau, &pairs);
  printf("trained on %d records (%d rounds, %.2f s): held-out pairwise accuracy %.3f, Kendall tau %.3f "
         "(%d programs, %ld pairs)\n",
         ntrain, eto_cost_model_rounds(m), eto_cost_model_train_seconds(m), acc, tau, ntest, pairs);
  CHECK(pairs > 1000, "too few held-out pairs: %ld", pairs);
  CHECK(acc > 0.6, "held-out pairwise accuracy %.3f is not clearly better than chance", acc);
  CHECK(acc > random_acc + 0.05, "trained %.3f vs random %.3f", acc, random_acc);

  /* the best held-out program by the model is among the better ones by measurement */
  int top = 0;
  for (int i = 1; i < ntest; i++)
    if (score[i] > score[top]) top = i;
  int faster = 0;
  for (int i = 0; i < ntest; i++) faster += cost[i] < cost[top];
  printf("model's top held-out program: %d of %d held-out programs are faster\n", faster, ntest);
  eto_cost_model_free(m);
  return check_result();
}
