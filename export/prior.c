/* prior.c — an earlier export's measured picks, read back so that exporting again after a repair times only the
 * values whose candidates changed (eto_export_opts.picks_from, etotune export --picks-from; docs/architecture.md
 * §11).
 *
 * A measured pick of s (picks.c) is the fastest of the candidate kernels timed at s. The manifest's "timed" keeps,
 * per timed s, that pick (the fastest kernel before any split of rows, which picks.c decides again from the times),
 * its seconds and the candidates timed. A later export takes s's pick and time from there when every candidate it
 * would time at s now was timed then, with the same program (a member's recipe: a re-tuned member's kernel is new),
 * and the pick's member is there with the same program: the pick was the fastest of a superset of today's
 * candidates. A member whose cached latency alone changed (tune --refine times it again) changes nothing unless it
 * moves another into s's shortlist. Where some candidates are new or re-tuned, the others' times then
 * (eto_export_prior_known) let picks.c time only the new ones beside the fastest unchanged one. The earlier export
 * must be of this target (its fingerprint): another machine's times say nothing of this one's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "export_internal.h"

void eto_export_prior_free(eto_export_prior *pr) {
  free(pr->mvalue);
  free(pr->mrecipe);
  free(pr->value);
  free(pr->second);
  free(pr->secs);
  free(pr->cand);
  free(pr->csec);
  free(pr->ncand);
  free(pr->split_u);
  free(pr->split_s);
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
  pr->mrecipe = calloc((size_t)nops + 1, sizeof *pr->mrecipe);
  pr->max = max;
  pr->value = calloc((size_t)max + 1, sizeof *pr->value);
  pr->second = calloc((size_t)max + 1, sizeof *pr->second);
  pr->secs = calloc((size_t)max + 1, sizeof *pr->secs);
  pr->cand = calloc(((size_t)max + 1) * ETO_EXPORT_TIMED_MAX, sizeof *pr->cand);
  pr->csec = calloc(((size_t)max + 1) * ETO_EXPORT_TIMED_MAX, sizeof *pr->csec);
  pr->ncand = calloc((size_t)max + 1, sizeof *pr->ncand);
  pr->split_u = calloc((size_t)max + 1, sizeof *pr->split_u);
  pr->split_s = calloc((size_t)max + 1, sizeof *pr->split_s);
  if (!pr->mvalue || !pr->mrecipe || !pr->value || !pr->second || !pr->secs || !pr->cand || !pr->csec || !pr->ncand ||
      !pr->split_u || !pr->split_s) {
    eto_export_prior_free(pr);
    return -1;
  }
  const cJSON *o;
  cJSON_ArrayForEach(o, ops) {
    const cJSON *fn = cJSON_GetObjectItemCaseSensitive(o, "function");
    const cJSON *rc = cJSON_GetObjectItemCaseSensitive(o, "recipe");
    int64_t v = cJSON_IsString(fn) ? member_value(fn->valuestring, F->function) : 0;
    if (!v || !cJSON_IsString(rc) || strlen(rc->valuestring) >= ETO_RECIPE_MAX) continue;
    pr->mvalue[pr->nm] = v;
    snprintf(pr->mrecipe[pr->nm], ETO_RECIPE_MAX, "%s", rc->valuestring);
    pr->nm++;
  }
  const cJSON *row; /* [s, value, second, seconds, [candidates: a member value each, negative for its second],
                     *  [their seconds], [u, a split's seconds]] (the last two missing in exports from before they
                     *  were kept, the split's where none was timed at s) */
  cJSON_ArrayForEach(row, timed) {
    const cJSON *cands = cJSON_GetArrayItem(row, 4), *csecs = cJSON_GetArrayItem(row, 5), *c;
    int len = cJSON_GetArraySize(row), nc = cJSON_GetArraySize(cands);
    if (len < 5 || len > 7 || !cJSON_IsArray(cands) || nc > ETO_EXPORT_TIMED_MAX) continue;
    double s = cJSON_GetArrayItem(row, 0)->valuedouble, v = cJSON_GetArrayItem(row, 1)->valuedouble;
    double sec = cJSON_GetArrayItem(row, 3)->valuedouble;
    if (!(s >= 1 && s <= (double)max && v >= s && sec > 0)) continue;
    int64_t i = (int64_t)s;
    pr->value[i] = (int64_t)v;
    pr->second[i] = cJSON_GetArrayItem(row, 2)->valueint != 0;
    pr->secs[i] = sec;
    const cJSON *sp = cJSON_GetArrayItem(row, 6);
    if (cJSON_GetArraySize(sp) == 2 && cJSON_GetArrayItem(sp, 0)->valuedouble >= 1 &&
        cJSON_GetArrayItem(sp, 0)->valuedouble < s && cJSON_GetArrayItem(sp, 1)->valuedouble > 0) {
      pr->split_u[i] = (int64_t)cJSON_GetArrayItem(sp, 0)->valuedouble;
      pr->split_s[i] = cJSON_GetArrayItem(sp, 1)->valuedouble;
    }
    int timesok = cJSON_IsArray(csecs) && cJSON_GetArraySize(csecs) == nc;
    cJSON_ArrayForEach(c, cands) {
      const cJSON *t = timesok ? cJSON_GetArrayItem(csecs, pr->ncand[i]) : NULL;
      pr->csec[i * ETO_EXPORT_TIMED_MAX + pr->ncand[i]] = cJSON_IsNumber(t) && t->valuedouble > 0 ? t->valuedouble : 0;
      pr->cand[i * ETO_EXPORT_TIMED_MAX + pr->ncand[i]++] = (int64_t)c->valuedouble;
    }
  }
  return 1;
}

/* The earlier export's member of value v: its index, or -1. */
static int prior_member(const eto_export_prior *pr, int64_t v) {
  for (int m = 0; m < pr->nm; m++)
    if (pr->mvalue[m] == v) return m;
  return -1;
}

/* Member j's program now is the one the earlier export had for its value. */
static int unchanged(const eto_export_prior *pr, const eto_export_plan *p, const eto_export_family *F, int j) {
  const eto_export_item *x = &p->items[F->item[j]];
  int m = prior_member(pr, x->value);
  return m >= 0 && strcmp(pr->mrecipe[m], x->e.recipe) == 0;
}

/* The code at s of the earlier export's candidate c (a member value, negative for its second dynamic kernel): a
 * member index (+ F->n for the second), or -1 when that member is gone or its program changed. */
static int code_of(const eto_export_prior *pr, const eto_export_plan *p, const eto_export_family *F, int64_t c) {
  int64_t v = c < 0 ? -c : c;
  for (int j = 0; j < F->n; j++)
    if (eto_export_fvalue(p, F, j) == v) {
      if (!unchanged(pr, p, F, j) || (c < 0 && !p->items[F->item[j]].dynd)) return -1;
      return j + (c < 0 ? F->n : 0);
    }
  return -1;
}

int eto_export_prior_known(const eto_export_prior *pr, const eto_export_plan *p, const eto_export_family *F, int64_t s,
                           int *code, double *secs) {
  if (!pr->value || s > pr->max || !pr->value[s]) return 0;
  int n = 0;
  for (int c = 0; c < pr->ncand[s]; c++) {
    int k = code_of(pr, p, F, pr->cand[s * ETO_EXPORT_TIMED_MAX + c]);
    if (k < 0) continue;
    code[n] = k;
    secs[n++] = pr->csec[s * ETO_EXPORT_TIMED_MAX + c];
  }
  return n;
}

int eto_export_prior_pick(const eto_export_prior *pr, const eto_export_plan *p, eto_export_family *F, int64_t s,
                          const int *cand, int ncand, int *pick, double *served) {
  int was[ETO_EXPORT_TIMED_MAX];
  double secs[ETO_EXPORT_TIMED_MAX];
  int nwas = eto_export_prior_known(pr, p, F, s, was, secs);
  if (!nwas) return 0;
  for (int c = 0; c < ncand; c++) { /* each candidate now timed then, with the same program */
    int seen = 0;
    for (int w = 0; w < nwas && !seen; w++) seen = was[w] == cand[c];
    if (!seen) return 0;
  }
  int at = code_of(pr, p, F, pr->second[s] ? -pr->value[s] : pr->value[s]);
  if (at < 0) return 0; /* the pick's member is gone or re-tuned */
  *pick = at;
  *served = pr->secs[s];
  memcpy(F->tcand + s * ETO_EXPORT_TIMED_MAX, was, sizeof(int) * (size_t)nwas);
  memcpy(F->tcand_s + s * ETO_EXPORT_TIMED_MAX, secs, sizeof(double) * (size_t)nwas);
  F->ntcand[s] = (unsigned char)nwas;
  return 1;
}

int eto_export_prior_split(const eto_export_prior *pr, int64_t s, int64_t u, double *whole, double *split) {
  if (!pr->value || s > pr->max || pr->split_u[s] != u || !(pr->split_s[s] > 0) || !(pr->secs[s] > 0)) return 0;
  *whole = pr->secs[s];
  *split = pr->split_s[s];
  return 1;
}
