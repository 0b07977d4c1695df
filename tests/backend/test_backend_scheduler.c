/* Task scheduler on synthetic latency curves (no measurement): the warm-up visits every task once in order;
 * afterwards every choice is the argmin of Ansor's gradient, recomputed here independently from the
 * curves; the task with the larger weight × gradient gets more rounds; similarity groups bound the forward
 * gradient by β · flops / best group throughput; dead and finished tasks are never chosen. The per-second
 * strategy's choice is the argmin of gradient / median seconds of the task's rounds, and a task whose rounds cost
 * 4x the seconds gets fewer rounds than under Ansor's gradient. */
#include <math.h>

#include "backend_test_util.h"

#define MAXT 4
#define MAXR 256

typedef struct {
  int n;
  double w[MAXT], flops[MAXT];
  int group[MAXT];
  double hist[MAXT][MAXR];
  int rounds[MAXT];
  double best[MAXT];
} oracle;

static double relative; /* the objective: 1 relative (sum_i w_i log g_i), the gradient divided by the best latency;
                         * 0.5 balanced (sum_i 2 w_i sqrt(g_i)), divided by its square root */

/* Ansor's formula, written out again from the paper / TVM's task_scheduler.py. */
static double oracle_grad(const oracle *o, int i, double alpha, double beta, int win) {
  int t = o->rounds[i];
  double back = 0;
  if (t - 1 - win >= 0) back = (o->hist[i][t - 1] - o->hist[i][t - 1 - win]) / win;
  double g = o->best[i];
  double n1 = g - g / t, n2 = beta * 1e30;
  int members = 0;
  double bf = 0;
  for (int j = 0; j < o->n; j++)
    if (o->group[i] >= 0 && o->group[j] == o->group[i]) {
      members++;
      bf = fmax(bf, o->flops[j] / o->best[j]);
    }
  if (members > 1) n2 = beta * o->flops[i] / bf;
  double grad = o->w[i] * (alpha * back + (1 - alpha) * (fmin(n1, n2) - g));
  return relative == 1 ? grad / g : relative == 0.5 ? grad / sqrt(g) : grad;
}

/* curve k of task i at round r (1-based): latency in seconds */
static double curve(int kind, int r) {
  switch (kind) {
  case 0:
    return 1e-3 * (1 + 4.0 / r); /* keeps improving */
  case 1:
    return 2e-3; /* flat */
  case 2:
    return 1e-3 * (1 + 8.0 / (r * r)); /* improves fast, then flat */
  case 4:
    return 1e-6 * (1 + 4.0 / r); /* curve 0 a thousand times smaller */
  default:
    return 1e-3;
  }
}

/* secs: the wall seconds of one round of each task (NULL: none reported); strategy: GRADIENT or PER_SECOND */
static void run(const char *name, int n, const double *w, const double *flops, const int *group,
                const int *kind, int total_rounds, int *counts, eto_backend_strategy strategy, const double *secs) {
  eto_backend_sched_opts so;
  eto_backend_sched_opts_default(&so);
  so.strategy = strategy;
  so.relative = relative;
  eto_backend_scheduler *s = NULL;
  CHECK(eto_backend_scheduler_create(n, w, flops, group, &so, &s) == ETO_OK, "create");
  oracle o = {.n = n};
  for (int i = 0; i < n; i++) {
    o.w[i] = w[i];
    o.flops[i] = flops[i];
    o.group[i] = group ? group[i] : -1;
    o.best[i] = 1e10;
    counts[i] = 0;
  }
  for (int step = 0; step < total_rounds; step++) {
    int expect = -1;
    if (step < n) {
      expect = step; /* warm-up in order */
    } else {
      double lo = INFINITY, hi = -INFINITY;
      for (int i = 0; i < n; i++) {
        double g = oracle_grad(&o, i, so.alpha, so.beta, so.backward_window);
        double mine = eto_backend_scheduler_gradient(s, i);
        CHECK(fabs(g - mine) <= 1e-9 * fmax(1e-12, fabs(g)),
              "%s step %d task %d: gradient %.12g, formula %.12g", name, step, i, mine, g);
        if (strategy == ETO_BACKEND_PER_SECOND && secs) g /= secs[i]; /* every round of task i took secs[i] */
        double score = eto_backend_scheduler_score(s, i);
        CHECK(fabs(g - score) <= 1e-9 * fmax(1e-12, fabs(g)), "%s step %d task %d: score %.12g, expected %.12g",
              name, step, i, score, g);
        if (g < lo) {
          lo = g;
          expect = i;
        }
        hi = fmax(hi, g);
      }
      if (lo == hi) expect = -1; /* random tie-break */
    }
    int got = eto_backend_scheduler_next(s);
    if (expect >= 0) CHECK(got == expect, "%s step %d: chose %d, formula says %d", name, step, got, expect);
    if (got < 0) break;
    int r = ++o.rounds[got];
    double c = curve(kind[got], r);
    o.best[got] = fmin(o.best[got], c);
    o.hist[got][r - 1] = o.best[got];
    counts[got]++;
    if (secs) eto_backend_scheduler_spent(s, got, secs[got]);
    eto_backend_scheduler_update(s, got, 64, c);
  }
  eto_backend_scheduler_free(s);
}

int main(void) {
  int counts[MAXT];
  /* same curve, weight 10 vs 1: the heavier task gets most rounds */
  {
    double w[2] = {1, 10}, fl[2] = {1e9, 1e9};
    int kind[2] = {0, 0};
    run("weights", 2, w, fl, NULL, kind, 60, counts, ETO_BACKEND_GRADIENT, NULL);
    printf("weights 1 vs 10: rounds %d vs %d\n", counts[0], counts[1]);
    CHECK(counts[1] > 2 * counts[0], "heavier task got %d rounds, lighter %d", counts[1], counts[0]);
  }
  /* a weight set later (the engine's tree weights) scales the gradient */
  {
    double w[2] = {1, 1}, fl[2] = {1e9, 1e9};
    eto_backend_scheduler *s = NULL;
    CHECK(eto_backend_scheduler_create(2, w, fl, NULL, NULL, &s) == ETO_OK, "create");
    eto_backend_scheduler_update(s, 0, 64, 2e-3);
    eto_backend_scheduler_update(s, 1, 64, 2e-3);
    double g = eto_backend_scheduler_gradient(s, 0);
    eto_backend_scheduler_set_weight(s, 0, 3);
    eto_backend_scheduler_set_weight(s, 1, -1); /* ignored */
    CHECK(g < 0 && fabs(eto_backend_scheduler_gradient(s, 0) - 3 * g) <= 1e-12 * fabs(g) &&
              eto_backend_scheduler_gradient(s, 1) == g && eto_backend_scheduler_next(s) == 0,
          "weight 3: gradient %g (was %g), the other %g", eto_backend_scheduler_gradient(s, 0), g,
          eto_backend_scheduler_gradient(s, 1));
    eto_backend_scheduler_free(s);
    CHECK(eto_backend_weights_parse("tree") == ETO_BACKEND_WEIGHTS_TREE &&
              eto_backend_weights_parse("own") == ETO_BACKEND_WEIGHTS_OWN && eto_backend_weights_parse("trees") < 0 &&
              eto_backend_weights_parse("roots") == ETO_BACKEND_WEIGHTS_ROOTS &&
              strcmp(eto_backend_weights_name(ETO_BACKEND_WEIGHTS_TREE), "tree") == 0,
          "weights names");
  }
  CHECK(eto_backend_objective_parse("balanced") == 0.5 && eto_backend_objective_parse("relative") == 1 &&
            eto_backend_objective_parse("latency") == 0 && eto_backend_objective_parse("log") < 0 &&
            strcmp(eto_backend_objective_name(0.5), "balanced") == 0 && strcmp(eto_backend_objective_name(0.25), "r=0.25") == 0,
        "objective names");
  CHECK(eto_backend_refresh_parse("offer") == ETO_BACKEND_REFRESH_OFFER &&
            eto_backend_refresh_parse("early") == ETO_BACKEND_REFRESH_EARLY && eto_backend_refresh_parse("offers") < 0 &&
            strcmp(eto_backend_refresh_name(ETO_BACKEND_REFRESH_OFFER), "offer") == 0,
        "refresh names");
  /* one curve, 1000x apart: the latency objective gives the slow task nearly every round, the relative one shares
   * them (each round promises the same relative gain) */
  {
    double w[2] = {1, 1}, fl[2] = {1e9, 1e6};
    int kind[2] = {0, 4}, lat[2], rel[2], bal[2];
    run("scale", 2, w, fl, NULL, kind, 60, lat, ETO_BACKEND_GRADIENT, NULL);
    relative = 1;
    run("scale relative", 2, w, fl, NULL, kind, 60, rel, ETO_BACKEND_GRADIENT, NULL);
    relative = 0.5;
    run("scale balanced", 2, w, fl, NULL, kind, 60, bal, ETO_BACKEND_GRADIENT, NULL);
    relative = 0;
    printf("scale 1000x: latency objective %d vs %d rounds, balanced %d vs %d, relative %d vs %d\n", lat[0], lat[1],
           bal[0], bal[1], rel[0], rel[1]);
    CHECK(lat[1] <= 2, "latency objective: the 1000x faster task got %d rounds", lat[1]);
    CHECK(abs(rel[0] - rel[1]) <= 2, "relative objective: %d vs %d rounds", rel[0], rel[1]);
    /* balanced: the forward gradient -g/t divided by sqrt(g) is -sqrt(g)/t: the two are equal where t_slow /
     * t_fast = sqrt(1000) ~ 32 (57 vs 3 here), between the latency objective's 59 / 1 and the relative one's 30 / 30 */
    CHECK(bal[1] > lat[1] && bal[1] < rel[1] && bal[0] > 3 * bal[1], "balanced objective: %d vs %d rounds", bal[0],
          bal[1]);
  }
  /* equal weights: a still-improving slow task beats a flat fast one */
  {
    double w[3] = {1, 1, 1}, fl[3] = {1e9, 1e9, 1e9};
    int kind[3] = {2, 0, 3};
    run("curves", 3, w, fl, NULL, kind, 60, counts, ETO_BACKEND_GRADIENT, NULL);
    printf("curves fast-then-flat / improving / flat: rounds %d %d %d\n", counts[0], counts[1], counts[2]);
    CHECK(counts[1] > counts[2], "improving task %d rounds, flat fast task %d", counts[1], counts[2]);
  }
  /* a similarity group: task 1 has the group's best throughput, task 0 is far from it */
  {
    double w[2] = {1, 1}, fl[2] = {4e9, 1e9};
    int group[2] = {0, 0}, kind[2] = {1, 3};
    run("group", 2, w, fl, group, kind, 30, counts, ETO_BACKEND_GRADIENT, NULL);
    printf("group: rounds %d %d\n", counts[0], counts[1]);
  }
  /* per second: the same two improving curves, task 1's rounds taking 4x the seconds; without times reported the
   * per-second strategy is Ansor's */
  {
    double w[2] = {1, 1}, fl[2] = {1e9, 1e9}, secs[2] = {0.5, 2.0};
    int kind[2] = {0, 0}, grad[2], per[2], none[2];
    run("gradient, timed", 2, w, fl, NULL, kind, 60, grad, ETO_BACKEND_GRADIENT, secs);
    run("per-second", 2, w, fl, NULL, kind, 60, per, ETO_BACKEND_PER_SECOND, secs);
    run("per-second, untimed", 2, w, fl, NULL, kind, 60, none, ETO_BACKEND_PER_SECOND, NULL);
    printf("rounds of 0.5 s / 2 s: gradient %d/%d, per-second %d/%d\n", grad[0], grad[1], per[0], per[1]);
    CHECK(abs(grad[0] - grad[1]) <= 2, "the gradient ignores seconds, yet gave %d vs %d rounds", grad[0], grad[1]);
    CHECK(per[0] > 2 * per[1], "per-second gave the 4x cheaper task %d rounds, the other %d", per[0], per[1]);
    CHECK(none[0] == grad[0] && none[1] == grad[1], "untimed per-second %d/%d differs from the gradient %d/%d",
          none[0], none[1], grad[0], grad[1]);
    /* a task with no timed round is scored by the median of every timed round, a timed one by the median of its
     * own (one slow round does not mark it slow) */
    eto_backend_sched_opts so;
    eto_backend_sched_opts_default(&so);
    CHECK(so.strategy == ETO_BACKEND_PER_SECOND, "the default strategy is %s", eto_backend_strategy_name(so.strategy));
    eto_backend_scheduler *s = NULL;
    eto_backend_scheduler_create(2, w, fl, NULL, &so, &s);
    eto_backend_scheduler_restore(s, 1, 4, 2e-3);
    eto_backend_scheduler_spent(s, 0, 1.0);
    eto_backend_scheduler_update(s, 0, 64, 3e-3);
    eto_backend_scheduler_spent(s, 0, 3.0);
    eto_backend_scheduler_update(s, 0, 64, 3e-3);
    double g1 = eto_backend_scheduler_gradient(s, 1), s1 = eto_backend_scheduler_score(s, 1);
    CHECK(g1 < 0 && fabs(s1 - g1 / 2.0) <= 1e-12 * fabs(g1), "untimed task: score %g, gradient %g / 2 s", s1, g1);
    eto_backend_scheduler_spent(s, 0, 1.0);
    eto_backend_scheduler_update(s, 0, 64, 3e-3);
    double g0 = eto_backend_scheduler_gradient(s, 0), s0 = eto_backend_scheduler_score(s, 0);
    CHECK(fabs(s0 - g0 / 1.0) <= 1e-12 * fabs(g0), "rounds of 1, 3, 1 s: score %g, gradient %g / 1 s", s0, g0);
    CHECK(eto_backend_strategy_parse("per-second") == ETO_BACKEND_PER_SECOND &&
              eto_backend_strategy_parse("gradient") == ETO_BACKEND_GRADIENT &&
              eto_backend_strategy_parse("round-robin") == ETO_BACKEND_ROUND_ROBIN &&
              eto_backend_strategy_parse("fast") == -1,
          "strategy names");
    eto_backend_scheduler_free(s);
  }
  /* dead and finished tasks are never chosen; everything done gives -1 */
  {
    double w[3] = {1, 1, 1};
    eto_backend_scheduler *s = NULL;
    eto_backend_scheduler_create(3, w, NULL, NULL, NULL, &s);
    CHECK(eto_backend_scheduler_next(s) == 0, "warm-up starts at 0");
    eto_backend_scheduler_update(s, 0, 0, INFINITY); /* nothing measured: dead */
    CHECK(!eto_backend_scheduler_active(s, 0), "a task with nothing to measure stays active");
    eto_backend_scheduler_finish(s, 2);
    for (int k = 0; k < 10; k++) {
      int i = eto_backend_scheduler_next(s);
      CHECK(i == 1, "chose %d, only task 1 is active", i);
      eto_backend_scheduler_update(s, 1, 8, 1e-3 / (k + 1));
    }
    eto_backend_scheduler_finish(s, 1);
    CHECK(eto_backend_scheduler_next(s) == -1, "no task left but one was chosen");
    eto_backend_scheduler_free(s);
  }
  /* restore: a resumed task skips the warm-up and its rounds count */
  {
    double w[2] = {1, 1};
    eto_backend_scheduler *s = NULL;
    eto_backend_scheduler_create(2, w, NULL, NULL, NULL, &s);
    eto_backend_scheduler_restore(s, 0, 5, 2e-3);
    CHECK(eto_backend_scheduler_next(s) == 1, "the task never tuned goes first");
    CHECK(eto_backend_scheduler_rounds(s, 0) == 5, "restored rounds");
    eto_backend_scheduler_free(s);
  }
  return check_result();
}
