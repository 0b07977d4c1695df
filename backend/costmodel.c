/* costmodel.c — Ansor's XGBModel through the XGBoost C API: squared-error regression on the normalized
 * throughput (best cost of the record's task / cost, failures 0), sample weight = that label, retrained
 * from scratch on every call, random scores until enough records exist.
 *
 * As Ansor: up to 10000 rounds, stopping when the unweighted training RMSE has not improved for 50 rounds;
 * the model predicts with the trees up to the best round. Trees are grown with the histogram method: on
 * ~1000 records it trains in a fraction of a second where the exact method takes seconds (same ranking
 * quality on recorded trials). XGBoost's own errors are copied into the handle. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xgboost/c_api.h>

#include "backend_internal.h"

struct eto_cost_model {
  eto_cost_opts o;
  float *x; /* n × ETO_COST_NFEATURES */
  int *group;
  double *cost;
  int n, cap;
  BoosterHandle bst;
  unsigned ntree; /* trees to predict with (best round + 1) */
  int rounds;
  double train_seconds;
  eto_rng rng;
  char err[512];
};

void eto_cost_opts_default(eto_cost_opts *o) {
  memset(o, 0, sizeof *o);
  o->nthread = 1;
  o->warmup_records = 100;
  o->max_rounds = 10000;
  o->early_stop_rounds = 50;
  o->max_depth = 10;
  o->eta = 0.2;
  o->gamma = 0.001;
  o->min_child_weight = 0;
  o->weight_by_label = 1;
  o->seed = 43;
}

eto_status eto_cost_model_create(const eto_cost_opts *opts, eto_cost_model **out) {
  *out = NULL;
  eto_cost_model *m = calloc(1, sizeof *m);
  if (!m) return ETO_ERR_NOMEM;
  if (opts)
    m->o = *opts;
  else
    eto_cost_opts_default(&m->o);
  if (m->o.nthread < 1) m->o.nthread = 1;
  eto_rng_seed(&m->rng, m->o.seed);
  *out = m;
  return ETO_OK;
}

void eto_cost_model_free(eto_cost_model *m) {
  if (!m) return;
  if (m->bst) XGBoosterFree(m->bst);
  free(m->x);
  free(m->group);
  free(m->cost);
  free(m);
}

const char *eto_cost_model_errmsg(const eto_cost_model *m) { return m ? m->err : "out of memory"; }
int eto_cost_model_records(const eto_cost_model *m) { return m->n; }
int eto_cost_model_trained(const eto_cost_model *m) { return m->bst != NULL; }
double eto_cost_model_train_seconds(const eto_cost_model *m) { return m->train_seconds; }
int eto_cost_model_rounds(const eto_cost_model *m) { return m->bst ? m->rounds : 0; }

eto_status eto_cost_model_add(eto_cost_model *m, int group, const float *features, double cost) {
  if (group < 0) {
    snprintf(m->err, sizeof m->err, "negative group %d", group);
    return ETO_ERR_INVALID;
  }
  if (m->n == m->cap) {
    int cap = m->cap ? m->cap * 2 : 256;
    float *x = realloc(m->x, sizeof(float) * ETO_COST_NFEATURES * (size_t)cap);
    if (!x) return ETO_ERR_NOMEM;
    m->x = x;
    int *g = realloc(m->group, sizeof(int) * (size_t)cap);
    if (!g) return ETO_ERR_NOMEM;
    m->group = g;
    double *c = realloc(m->cost, sizeof(double) * (size_t)cap);
    if (!c) return ETO_ERR_NOMEM;
    m->cost = c;
    m->cap = cap;
  }
  memcpy(m->x + (size_t)m->n * ETO_COST_NFEATURES, features, sizeof(float) * ETO_COST_NFEATURES);
  m->group[m->n] = group;
  m->cost[m->n] = (cost > 0 && isfinite(cost)) ? cost : INFINITY;
  m->n++;
  return ETO_OK;
}

static eto_status xgb_fail(eto_cost_model *m, const char *what) {
  snprintf(m->err, sizeof m->err, "XGBoost %s: %s", what, XGBGetLastError());
  return ETO_ERR_INVALID;
}

static void drop_booster(eto_cost_model *m) {
  if (m->bst) XGBoosterFree(m->bst);
  m->bst = NULL;
  m->ntree = 0;
  m->rounds = 0;
}

/* Reads "tr-rmse:0.123" out of an evaluation line. */
static double parse_rmse(const char *s) {
  const char *p = s ? strstr(s, "rmse:") : NULL;
  return p ? strtod(p + 5, NULL) : NAN;
}

static eto_status set_params(eto_cost_model *m, BoosterHandle b) {
  char v[64];
  struct {
    const char *k;
    const char *v;
  } fixed[] = {{"objective", "reg:squarederror"},
               {"eval_metric", "rmse"},
               {"verbosity", "0"},
               {"tree_method", "hist"}};
  for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
    if (XGBoosterSetParam(b, fixed[i].k, fixed[i].v) != 0) return xgb_fail(m, "parameter");
  snprintf(v, sizeof v, "%d", m->o.max_depth);
  if (XGBoosterSetParam(b, "max_depth", v) != 0) return xgb_fail(m, "max_depth");
  snprintf(v, sizeof v, "%g", m->o.eta);
  if (XGBoosterSetParam(b, "eta", v) != 0) return xgb_fail(m, "eta");
  snprintf(v, sizeof v, "%g", m->o.gamma);
  if (XGBoosterSetParam(b, "gamma", v) != 0) return xgb_fail(m, "gamma");
  snprintf(v, sizeof v, "%g", m->o.min_child_weight);
  if (XGBoosterSetParam(b, "min_child_weight", v) != 0) return xgb_fail(m, "min_child_weight");
  snprintf(v, sizeof v, "%d", m->o.nthread);
  if (XGBoosterSetParam(b, "nthread", v) != 0) return xgb_fail(m, "nthread");
  snprintf(v, sizeof v, "%llu", (unsigned long long)(m->o.seed & 0x7fffffff));
  if (XGBoosterSetParam(b, "seed", v) != 0) return xgb_fail(m, "seed");
  return ETO_OK;
}

eto_status eto_cost_model_train(eto_cost_model *m) {
  double t0 = eto_now();
  m->err[0] = 0;
  drop_booster(m);
  m->train_seconds = 0;
  if (m->n <= m->o.warmup_records) return ETO_OK;

  /* labels: best cost of the group / cost */
  int ngroups = 0;
  for (int i = 0; i < m->n; i++)
    if (m->group[i] + 1 > ngroups) ngroups = m->group[i] + 1;
  double *best = malloc(sizeof(double) * (size_t)ngroups);
  float *label = malloc(sizeof(float) * (size_t)m->n);
  float *weight = malloc(sizeof(float) * (size_t)m->n);
  if (!best || !label || !weight) {
    free(best);
    free(label);
    free(weight);
    return ETO_ERR_NOMEM;
  }
  for (int g = 0; g < ngroups; g++) best[g] = INFINITY;
  for (int i = 0; i < m->n; i++)
    if (m->cost[i] < best[m->group[i]]) best[m->group[i]] = m->cost[i];
  int ok = 0;
  for (int i = 0; i < m->n; i++) {
    double b = best[m->group[i]];
    label[i] = isfinite(m->cost[i]) && isfinite(b) ? (float)(b / m->cost[i]) : 0.0f;
    weight[i] = m->o.weight_by_label ? label[i] : 1.0f;
    ok += label[i] > 0;
  }
  free(best);
  eto_status st = ETO_OK;
  DMatrixHandle dtrain = NULL, deval = NULL;
  BoosterHandle b = NULL;
  if (ok == 0) goto done; /* nothing succeeded yet: nothing to learn, stay random */

  /* dtrain carries the weights; deval the same rows without them (Ansor's early stopping watches the
   * unweighted RMSE) */
  if (XGDMatrixCreateFromMat_omp(m->x, (bst_ulong)m->n, ETO_COST_NFEATURES, NAN, &dtrain, m->o.nthread) !=
          0 ||
      XGDMatrixCreateFromMat_omp(m->x, (bst_ulong)m->n, ETO_COST_NFEATURES, NAN, &deval, m->o.nthread) != 0) {
    st = xgb_fail(m, "matrix");
    goto done;
  }
  if (XGDMatrixSetFloatInfo(dtrain, "label", label, (bst_ulong)m->n) != 0 ||
      XGDMatrixSetFloatInfo(dtrain, "weight", weight, (bst_ulong)m->n) != 0 ||
      XGDMatrixSetFloatInfo(deval, "label", label, (bst_ulong)m->n) != 0) {
    st = xgb_fail(m, "labels");
    goto done;
  }
  DMatrixHandle both[2] = {dtrain, deval};
  if (XGBoosterCreate(both, 2, &b) != 0) {
    st = xgb_fail(m, "booster");
    goto done;
  }
  if ((st = set_params(m, b)) != ETO_OK) goto done;
  double best_rmse = INFINITY;
  int best_it = 0;
  const char *names[1] = {"tr"};
  for (int it = 0; it < m->o.max_rounds; it++) {
    if (XGBoosterUpdateOneIter(b, it, dtrain) != 0) {
      st = xgb_fail(m, "training");
      goto done;
    }
    const char *line = NULL;
    if (XGBoosterEvalOneIter(b, it, &deval, names, 1, &line) != 0) {
      st = xgb_fail(m, "evaluation");
      goto done;
    }
    double r = parse_rmse(line);
    if (r < best_rmse) {
      best_rmse = r;
      best_it = it;
    } else if (it - best_it >= m->o.early_stop_rounds) {
      break;
    }
  }
  m->bst = b;
  b = NULL;
  m->ntree = (unsigned)best_it + 1;
  m->rounds = best_it + 1;
done:
  if (b) XGBoosterFree(b);
  if (dtrain) XGDMatrixFree(dtrain);
  if (deval) XGDMatrixFree(deval);
  free(label);
  free(weight);
  m->train_seconds = eto_now() - t0;
  return st;
}

eto_status eto_cost_model_predict(eto_cost_model *m, const float *rows, int n, float *scores) {
  if (n <= 0) return ETO_OK;
  if (!m->bst) {
    for (int i = 0; i < n; i++) scores[i] = (float)eto_rng_unit(&m->rng);
    return ETO_OK;
  }
  DMatrixHandle d = NULL;
  if (XGDMatrixCreateFromMat_omp(rows, (bst_ulong)n, ETO_COST_NFEATURES, NAN, &d, m->o.nthread) != 0)
    return xgb_fail(m, "matrix");
  bst_ulong len = 0;
  const float *res = NULL;
  int rc = XGBoosterPredict(m->bst, d, 0, m->ntree, 0, &len, &res);
  if (rc != 0 || len != (bst_ulong)n) {
    eto_status st = rc != 0 ? xgb_fail(m, "prediction") : ETO_ERR_INVALID;
    if (rc == 0)
      snprintf(m->err, sizeof m->err, "XGBoost returned %llu predictions for %d rows",
               (unsigned long long)len, n);
    XGDMatrixFree(d);
    return st;
  }
  /* the booster owns res and overwrites it on the next call: copy now */
  memcpy(scores, res, sizeof(float) * (size_t)n);
  XGDMatrixFree(d);
  return ETO_OK;
}
