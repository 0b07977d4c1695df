/* bench_costmodel.c — the cost model's ranking on a tuning run's own trials, offline (no measurement).
 *
 *   bench_costmodel [--threads N] [--train-frac F] [--min-trials N] [--k K] [--no-transfer] EXPORT.jsonl...
 *
 * Each EXPORT is `etotune db --db DB export FILE` of one run's cache (this host's target: features are computed
 * for eto_target_cpu(--threads), as the run computed them). For every workload with at least --min-trials
 * measured trials, its trials in the order they were stored (by time) are split: the first --train-frac (0.5)
 * train the model, together with every trial of the file's other workloads (as a run's model is trained on the
 * other tasks' records; --no-transfer: the workload's own only), and the rest are held out. Printed per workload
 * and as medians: the held-out pairwise accuracy (pairs whose costs differ by more than 5%), and how close to the
 * held-out best the model's top K (default 16, one search batch) come (best cost of the held-out set over the
 * best cost among the model's K highest scores: 1 = the model's batch holds the best) against K programs drawn
 * at random (mean over 200 draws). The numbers that tell whether a change of features or of the model lets a
 * search's batches hold better programs. */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "bench_util.h"
#include "op.h"
#include "schedule.h"
#include "target.h"

typedef struct {
  int work;    /* index into the workloads */
  long time;   /* seconds, as stored */
  int order;   /* position in the file */
  double cost; /* seconds; INFINITY for a failure */
  float f[ETO_COST_NFEATURES];
} rec;

typedef struct {
  char key[512];
  eto_compute c;
  int trials; /* stored trials */
  int ok;     /* measured ones */
} workload;

static int by_time(const void *a, const void *b) {
  const rec *x = a, *y = b;
  if (x->time != y->time) return x->time < y->time ? -1 : 1;
  return x->order - y->order;
}

/* realloc that ends the program on failure: a bench replay has nothing to save. */
static void *grow(void *p, size_t bytes) {
  void *q = realloc(p, bytes ? bytes : 1);
  if (!q) {
    fprintf(stderr, "bench_costmodel: out of memory\n");
    exit(1);
  }
  return q;
}

/* Reads the trial records of one export; returns their number or -1. */
static int load(const char *path, const eto_target *t, rec **out, workload **wout, int *nw) {
  char *text = bench_read_file(path);
  if (!text) return -1;
  int cap = 1024, n = 0, wcap = 16;
  rec *r = grow(NULL, sizeof *r * (size_t)cap);
  workload *w = grow(NULL, sizeof *w * (size_t)wcap);
  *nw = 0;
  for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
    cJSON *j = cJSON_Parse(line);
    if (!j) continue;
    const cJSON *type = cJSON_GetObjectItem(j, "type"), *wk = cJSON_GetObjectItem(j, "workload"),
                *recipe = cJSON_GetObjectItem(j, "recipe"), *status = cJSON_GetObjectItem(j, "status"),
                *lat = cJSON_GetObjectItem(j, "latency_s"), *tm = cJSON_GetObjectItem(j, "time");
    if (!cJSON_IsString(type) || strcmp(type->valuestring, "trial") != 0 || !cJSON_IsString(wk) ||
        !cJSON_IsString(recipe) || !cJSON_IsString(status)) {
      cJSON_Delete(j);
      continue;
    }
    int k = 0;
    while (k < *nw && strcmp(w[k].key, wk->valuestring) != 0) k++;
    if (k == *nw) {
      eto_op op;
      char msg[256];
      if (strlen(wk->valuestring) >= sizeof w[0].key || eto_op_from_key(wk->valuestring, &op, msg, sizeof msg) != ETO_OK) {
        cJSON_Delete(j);
        continue;
      }
      if (*nw == wcap) w = grow(w, sizeof *w * (size_t)(wcap *= 2));
      snprintf(w[k].key, sizeof w[k].key, "%s", wk->valuestring);
      eto_op_compute(&op, &w[k].c);
      w[k].trials = w[k].ok = 0;
      (*nw)++;
    }
    eto_program p;
    if (eto_program_parse(recipe->valuestring, &p, NULL, 0) != 0) {
      cJSON_Delete(j);
      continue;
    }
    if (n == cap) r = grow(r, sizeof *r * (size_t)(cap *= 2));
    r[n].work = k;
    r[n].time = cJSON_IsNumber(tm) ? (long)tm->valuedouble : 0;
    r[n].order = n;
    int ok = strcmp(status->valuestring, "ok") == 0 && cJSON_IsNumber(lat) && lat->valuedouble > 0;
    r[n].cost = ok ? lat->valuedouble : INFINITY;
    w[k].trials++;
    w[k].ok += ok;
    eto_cost_features(&w[k].c, t, &p, r[n].f);
    n++;
    cJSON_Delete(j);
  }
  free(text);
  qsort(r, (size_t)n, sizeof *r, by_time);
  *out = r;
  *wout = w;
  return n;
}

static double pairwise(const double *cost, const float *score, int n) {
  long con = 0, dis = 0;
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      double hi = fmax(cost[i], cost[j]), lo = fmin(cost[i], cost[j]);
      if (hi < lo * 1.05 || score[i] == score[j]) continue;
      if ((cost[i] < cost[j]) == (score[i] > score[j]))
        con++;
      else
        dis++;
    }
  return con + dis ? (double)con / (double)(con + dis) : NAN;
}

static const float *g_score;
static int by_score(const void *a, const void *b) {
  float x = g_score[*(const int *)a], y = g_score[*(const int *)b];
  return (x < y) - (x > y);
}

int main(int argc, char **argv) {
  int threads = 2, min_trials = 128, k = 16, transfer = 1;
  double frac = 0.5;
  int a = 1;
  for (; a < argc && argv[a][0] == '-'; a++) {
    if (!strcmp(argv[a], "--threads") && a + 1 < argc)
      threads = atoi(argv[++a]);
    else if (!strcmp(argv[a], "--train-frac") && a + 1 < argc)
      frac = atof(argv[++a]);
    else if (!strcmp(argv[a], "--min-trials") && a + 1 < argc)
      min_trials = atoi(argv[++a]);
    else if (!strcmp(argv[a], "--k") && a + 1 < argc)
      k = atoi(argv[++a]);
    else if (!strcmp(argv[a], "--no-transfer"))
      transfer = 0;
    else {
      fprintf(stderr, "usage: bench_costmodel [--threads N] [--train-frac F] [--min-trials N] [--k K] [--no-transfer] "
                      "EXPORT.jsonl...\n");
      return 2;
    }
  }
  if (a >= argc || k < 1 || frac <= 0 || frac >= 1) {
    fprintf(stderr, "bench_costmodel: no export given (or a bad option); see the comment at the file's top\n");
    return 2;
  }
  eto_target t;
  eto_target_cpu(threads, &t);
  printf("| export | workload | train (own) | held out | pairwise accuracy | top-%d / best | random %d / best |\n"
         "|---|---|---:|---:|---:|---:|---:|\n",
         k, k);
  double *acc = NULL, *topk = NULL, *rnd = NULL;
  int nm = 0, mcap = 0;
  for (; a < argc; a++) {
    rec *r = NULL;
    workload *w = NULL;
    int nw = 0, n = load(argv[a], &t, &r, &w, &nw);
    if (n < 0) {
      fprintf(stderr, "bench_costmodel: cannot read %s\n", argv[a]);
      return 1;
    }
    const char *base = strrchr(argv[a], '/') ? strrchr(argv[a], '/') + 1 : argv[a];
    for (int wi = 0; wi < nw; wi++) {
      if (w[wi].ok < min_trials) continue;
      int cut = (int)(frac * w[wi].trials); /* the workload's first `cut` trials train, the rest are held out */
      eto_cost_model *m = NULL;
      eto_cost_opts co;
      eto_cost_opts_default(&co);
      co.nthread = threads;
      if (eto_cost_model_create(&co, &m) != ETO_OK) return 1;
      double *cost = grow(NULL, sizeof *cost * (size_t)n);
      float *rows = grow(NULL, sizeof *rows * (size_t)n * ETO_COST_NFEATURES), *score = grow(NULL, sizeof *score * (size_t)n);
      int nt = 0, seen = 0;
      for (int i = 0; i < n; i++) {
        if (r[i].work != wi) {
          if (transfer) eto_cost_model_add(m, r[i].work, r[i].f, r[i].cost);
          continue;
        }
        if (seen++ < cut)
          eto_cost_model_add(m, r[i].work, r[i].f, r[i].cost);
        else if (isfinite(r[i].cost)) {
          memcpy(rows + (size_t)nt * ETO_COST_NFEATURES, r[i].f, sizeof r[i].f);
          cost[nt++] = r[i].cost;
        }
      }
      if (nt < 2 * k || eto_cost_model_train(m) != ETO_OK || !eto_cost_model_trained(m) ||
          eto_cost_model_predict(m, rows, nt, score) != ETO_OK) {
        printf("| %s | %s | %d (%d) | %d | not trained | | |\n", base, w[wi].key, eto_cost_model_records(m), cut, nt);
        eto_cost_model_free(m);
        free(cost), free(rows), free(score);
        continue;
      }
      double best = INFINITY;
      for (int i = 0; i < nt; i++) best = fmin(best, cost[i]);
      int *idx = grow(NULL, sizeof *idx * (size_t)nt);
      for (int i = 0; i < nt; i++) idx[i] = i;
      g_score = score;
      qsort(idx, (size_t)nt, sizeof *idx, by_score);
      double top = INFINITY;
      for (int i = 0; i < k; i++) top = fmin(top, cost[idx[i]]);
      eto_rng rng;
      eto_rng_seed(&rng, 7);
      double rsum = 0;
      for (int d = 0; d < 200; d++) {
        for (int i = 0; i < k; i++) { /* a partial shuffle: k distinct programs */
          int j = i + (int)eto_rng_below(&rng, (uint64_t)(nt - i)), x = idx[i];
          idx[i] = idx[j];
          idx[j] = x;
        }
        double b = INFINITY;
        for (int i = 0; i < k; i++) b = fmin(b, cost[idx[i]]);
        rsum += best / b;
      }
      double pa = pairwise(cost, score, nt);
      if (nm == mcap) {
        mcap = mcap ? 2 * mcap : 64;
        acc = grow(acc, sizeof *acc * (size_t)mcap);
        topk = grow(topk, sizeof *topk * (size_t)mcap);
        rnd = grow(rnd, sizeof *rnd * (size_t)mcap);
      }
      acc[nm] = pa, topk[nm] = best / top, rnd[nm] = rsum / 200;
      printf("| %s | %s | %d (%d) | %d | %.3f | %.3f | %.3f |\n", base, w[wi].key, eto_cost_model_records(m), cut, nt,
             pa, topk[nm], rnd[nm]);
      fflush(stdout);
      nm++;
      free(idx);
      eto_cost_model_free(m);
      free(cost), free(rows), free(score);
    }
    free(r);
    free(w);
  }
  printf("\nmedian over %d workloads: pairwise accuracy %.3f, top-%d / best %.3f, random %d / best %.3f\n", nm,
         nm ? bench_median(acc, nm) : NAN, k, nm ? bench_median(topk, nm) : NAN, k, nm ? bench_median(rnd, nm) : NAN);
  free(acc), free(topk), free(rnd);
  return 0;
}
