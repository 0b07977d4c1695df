/* prior.c — an earlier export's measured picks, read back so that exporting again after a repair times only the
 * values whose candidates changed (eto_export_opts.picks_from, etotune export --picks-from; docs/architecture.md
 * §11).
 *
 * A measured pick of s (picks.c) depends on the members whose value lies in s's candidate window, [s, 2s + 16] and
 * the first member at or above s (candidates, shortlist): their values, programs and cached latencies (the cost model
 * shortlists by them). When every member of that window that the earlier export had is there with the same program
 * and latency, none left it, and none of the members added since is among s's candidates now (the shortlist is the
 * cost model's best few of the window: a member added that is not among them leaves the others' ranks as they
 * were), s's candidates are the ones the earlier export timed, and its pick and time at s are taken from there (the manifest's "timed": the fastest kernel before any split of rows, which picks.c
 * decides again from the times of the values below). The earlier export must be of this target (its fingerprint):
 * another machine's times say nothing of this one's. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "export_internal.h"

void eto_export_prior_free(eto_export_prior *pr) {
  free(pr->mvalue);
  free(pr->mlat);
  free(pr->mrecipe);
  free(pr->value);
  free(pr->second);
  free(pr->secs);
  memset(pr, 0, sizeof *pr);
}

void *eto_export_prior_open(const char *path, const eto_target *t, FILE *progress) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    if (progress) fprintf(progress, "--picks-from %s: cannot read it: every value is timed\n", path);
    return NULL;
  }
  fseek(f, 0, SEEK_END);
  long len = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *buf = len > 0 ? malloc((size_t)len + 1) : NULL;
  size_t got = buf ? fread(buf, 1, (size_t)len, f) : 0;
  fclose(f);
  cJSON *root = NULL;
  if (buf) {
    buf[got] = 0;
    root = cJSON_Parse(buf);
  }
  free(buf);
  const cJSON *target = cJSON_GetObjectItemCaseSensitive(root, "target");
  const cJSON *fp = cJSON_GetObjectItemCaseSensitive(target, "fingerprint");
  const char *why = !root ? "not a JSON manifest" : !cJSON_IsString(fp) ? "no target fingerprint"
                    : strcmp(fp->valuestring, t->fingerprint) != 0 ? "another target's (its fingerprint differs)"
                                                                     : NULL;
  if (why) {
    if (progress) fprintf(progress, "--picks-from %s: %s: every value is timed\n", path, why);
    cJSON_Delete(root);
    return NULL;
  }
  return root;
}

void eto_export_prior_close(void *root) {
  cJSON_Delete(root);
}

/* The value of member function name of family function fn ("<fn>_<value>"), or 0. */
static int64_t member_value(const char *name, const char *fn) {
  size_t n = strlen(fn);
  if (strncmp(name, fn, n) != 0 || name[n] != '_' || !name[n + 1]) return 0;
  int64_t v = 0;
  for (const char *c = name + n + 1; *c; c++) {
    if (*c < '0' || *c > '9' || v > (int64_t)1 << 40) return 0;
    v = v * 10 + (*c - '0');
  }
  return v;
}

int eto_export_prior_load(void *root, const eto_export_family *F, int64_t max, eto_export_prior *pr) {
  memset(pr, 0, sizeof *pr);
  const cJSON *fams = cJSON_GetObjectItemCaseSensitive((cJSON *)root, "families"), *jf, *fam = NULL;
  cJSON_ArrayForEach(jf, fams) {
    const cJSON *fn = cJSON_GetObjectItemCaseSensitive(jf, "function");
    if (cJSON_IsString(fn) && strcmp(fn->valuestring, F->function) == 0) fam = jf;
  }
  const cJSON *timed = cJSON_GetObjectItemCaseSensitive(fam, "timed"), *ops;
  if (!cJSON_IsArray(timed)) return 0;
  ops = cJSON_GetObjectItemCaseSensitive((cJSON *)root, "operators");
  int nops = cJSON_GetArraySize(ops);
  pr->mvalue = calloc((size_t)nops + 1, sizeof *pr->mvalue);
  pr->mlat = calloc((size_t)nops + 1, sizeof *pr->mlat);
  pr->mrecipe = calloc((size_t)nops + 1, sizeof *pr->mrecipe);
  pr->max = max;
  pr->value = calloc((size_t)max + 1, sizeof *pr->value);
  pr->second = calloc((size_t)max + 1, sizeof *pr->second);
  pr->secs = calloc((size_t)max + 1, sizeof *pr->secs);
  if (!pr->mvalue || !pr->mlat || !pr->mrecipe || !pr->value || !pr->second || !pr->secs) {
    eto_export_prior_free(pr);
    return -1;
  }
  const cJSON *o;
  cJSON_ArrayForEach(o, ops) {
    const cJSON *fn = cJSON_GetObjectItemCaseSensitive(o, "function");
    const cJSON *rc = cJSON_GetObjectItemCaseSensitive(o, "recipe");
    const cJSON *lat = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(o, "latency_s"), "median");
    int64_t v = cJSON_IsString(fn) ? member_value(fn->valuestring, F->function) : 0;
    if (!v || !cJSON_IsString(rc) || !cJSON_IsNumber(lat) || strlen(rc->valuestring) >= ETO_RECIPE_MAX) continue;
    pr->mvalue[pr->nm] = v;
    pr->mlat[pr->nm] = lat->valuedouble;
    snprintf(pr->mrecipe[pr->nm], ETO_RECIPE_MAX, "%s", rc->valuestring);
    pr->nm++;
  }
  const cJSON *row; /* [s, value, second, seconds] */
  cJSON_ArrayForEach(row, timed) {
    if (cJSON_GetArraySize(row) != 4) continue;
    double s = cJSON_GetArrayItem(row, 0)->valuedouble, v = cJSON_GetArrayItem(row, 1)->valuedouble;
    double sec = cJSON_GetArrayItem(row, 3)->valuedouble;
    if (!(s >= 1 && s <= (double)max && v >= s && sec > 0)) continue;
    pr->value[(int64_t)s] = (int64_t)v;
    pr->second[(int64_t)s] = cJSON_GetArrayItem(row, 2)->valueint != 0;
    pr->secs[(int64_t)s] = sec;
  }
  return 1;
}

/* The earlier export's member of value v: its index, or -1. */
static int prior_member(const eto_export_prior *pr, int64_t v) {
  for (int m = 0; m < pr->nm; m++)
    if (pr->mvalue[m] == v) return m;
  return -1;
}

int eto_export_prior_pick(const eto_export_prior *pr, const eto_export_plan *p, const eto_export_family *F, int lo,
                          int64_t s, const int *cand, int ncand, int *pick, double *served) {
  if (!pr->value || s > pr->max || !pr->value[s]) return 0;
  int64_t reach = 2 * s + 16, lov = eto_export_fvalue(p, F, lo);
  if (lov > reach) reach = lov;
  int kept = 0, then = 0, at = -1;
  for (int j = lo; j < F->n && eto_export_fvalue(p, F, j) <= reach; j++) {
    const eto_export_item *x = &p->items[F->item[j]];
    int m = prior_member(pr, x->value);
    if (m < 0) { /* new since: it changes nothing unless it is among s's candidates now */
      for (int c = 0; c < ncand; c++)
        if (cand[c] % F->n == j) return 0;
      continue;
    }
    if (strcmp(pr->mrecipe[m], x->e.recipe) != 0 || fabs(pr->mlat[m] - x->e.latency_s) > 1e-9 * x->e.latency_s)
      return 0; /* re-tuned: its place among the candidates may differ */
    kept++;
    if (x->value == pr->value[s]) at = j;
  }
  for (int m = 0; m < pr->nm; m++) then += pr->mvalue[m] >= s && pr->mvalue[m] <= reach;
  if (kept != then || at < 0) return 0; /* a member left the window */
  if (pr->second[s] && !p->items[F->item[at]].dynd) return 0;
  *pick = at + (pr->second[s] ? F->n : 0);
  *served = pr->secs[s];
  return 1;
}
