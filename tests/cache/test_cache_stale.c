/* test_cache_stale — records of another schema or fingerprint, and values that do not parse, are never
 * returned as usable: reads give ETO_CACHE_STALE / ECORRUPT with a message, lists and iterations skip them
 * and say so, statistics count them, verify reports them, and a new put replaces them. A store of another
 * layout version is refused at open. */
#define _XOPEN_SOURCE 700

#include <cjson/cJSON.h>

#include "cache_internal.h"
#include "cache_test_util.h"

static const char *FP = "cpu:A|codegen=1";
static const char *FP_OTHER = "cpu:B|codegen=1";
static const char *SIG = "mlt";

/* A schema no build has written yet. */
#define FUTURE (ETO_CACHE_SCHEMA_VERSION + 1)

/* The stored JSON of a best record of target `fp` (with a matching checksum), with "schema" replaced by
 * `schema` when that is not the current one. */
static char *doctored_best(const char *wk, int schema, const char *fp) {
  eto_cache_best b = tu_best(fp, wk, "conv2d", SIG, "recipe-from-the-future", 1e-3);
  char *json = eto_cache_best_to_json(&b, 0);
  if (schema == ETO_CACHE_SCHEMA_VERSION) return json;
  cJSON *o = cJSON_Parse(json);
  free(json);
  cJSON_ReplaceItemInObjectCaseSensitive(o, "schema", cJSON_CreateNumber(schema));
  json = cJSON_PrintUnformatted(o);
  cJSON_Delete(o);
  return json;
}

static void plant_best(eto_cache *c, const char *fp_of_key, const char *wk, const char *value) {
  char key[CACHE_KEY_MAX + 1];
  size_t klen;
  CHECK(cache_key_best(c, fp_of_key, wk, key, &klen) == ETO_CACHE_OK, "key");
  CHECK(cache_put_raw(c, CACHE_DB_BEST, key, klen, value) == ETO_CACHE_OK, "%s", eto_cache_errmsg(c));
  /* and its index entry, as a real put would have made */
  CHECK(cache_key_sig(c, fp_of_key, "conv2d", SIG, key, &klen) == ETO_CACHE_OK, "sig key");
  CHECK(cache_put_raw(c, CACHE_DB_BYSIG, key, klen, wk) == ETO_CACHE_OK, "%s", eto_cache_errmsg(c));
}

static int count_cb(const eto_cache_best *b, void *user) {
  (void)b;
  (*(int *)user)++;
  return 0;
}

static int count_trial_cb(const eto_cache_trial *t, void *user) {
  (void)t;
  (*(int *)user)++;
  return 0;
}

int main(void) {
  double t0 = tu_seconds();
  char *root = tu_mkdtemp("stale");
  char dir[512];
  tu_dir(dir, sizeof dir, root, "db");
  eto_cache *c = tu_open(dir, 0);

  eto_cache_best good = tu_best(FP, "conv2d:good", "conv2d", SIG, "good", 1e-3);
  CHECK(eto_cache_put_best(c, &good, NULL) == ETO_CACHE_OK, "%s", eto_cache_errmsg(c));
  char *future = doctored_best("conv2d:future", FUTURE, FP);
  char *foreign = doctored_best("conv2d:foreign", ETO_CACHE_SCHEMA_VERSION, FP_OTHER);
  char future_name[32]; /* "schema N" as messages name it */
  snprintf(future_name, sizeof future_name, "schema %d", FUTURE);
  plant_best(c, FP, "conv2d:future", future);   /* a future schema under FP */
  plant_best(c, FP, "conv2d:foreign", foreign); /* FP_OTHER's record under FP's key */
  plant_best(c, FP, "conv2d:garbage", "{\"type\":\"best\",\"schema\":1,\"workload\":");

  eto_cache_best g;
  CHECK(eto_cache_get_best(c, FP, "conv2d:future", &g) == ETO_CACHE_STALE, "a future schema must be STALE");
  CHECK(strstr(eto_cache_errmsg(c), future_name) != NULL, "message names the schema: %s",
        eto_cache_errmsg(c));
  CHECK(g.recipe == NULL, "stale record not returned");
  CHECK(eto_cache_get_best(c, FP, "conv2d:foreign", &g) == ETO_CACHE_STALE,
        "fingerprint mismatch must be STALE");
  CHECK(strstr(eto_cache_errmsg(c), FP_OTHER) != NULL, "message names the target: %s", eto_cache_errmsg(c));
  CHECK(g.recipe == NULL, "stale record not returned");
  CHECK(eto_cache_get_best(c, FP, "conv2d:garbage", &g) == ETO_CACHE_ECORRUPT, "garbage is ECORRUPT");
  CHECK(eto_cache_get_best(c, FP, "conv2d:good", &g) == ETO_CACHE_OK, "the good one: %s",
        eto_cache_errmsg(c));
  eto_cache_best_clear(&g);

  eto_cache_best_list l;
  eto_cache_status st = eto_cache_list_best(c, FP, "conv2d", SIG, 0, &l);
  CHECK(st == ETO_CACHE_ECORRUPT, "list with a broken record: %s", eto_cache_status_name(st));
  CHECK(l.count == 1 && strcmp(l.items[0].workload, "conv2d:good") == 0, "only the good record listed (%zu)",
        l.count);
  eto_cache_best_list_free(&l);

  /* replace the garbage with a good record: then the list reports only staleness */
  eto_cache_best fixed = tu_best(FP, "conv2d:garbage", "conv2d", SIG, "fixed", 5e-3);
  eto_cache_put_outcome out;
  CHECK(eto_cache_put_best(c, &fixed, &out) == ETO_CACHE_OK && out == ETO_CACHE_PUT_REPLACED_STALE,
        "put over garbage: outcome %d", out);
  st = eto_cache_list_best(c, FP, "conv2d", NULL, 0, &l);
  CHECK(st == ETO_CACHE_STALE, "list with stale records: %s", eto_cache_status_name(st));
  CHECK(strstr(eto_cache_errmsg(c), "2 stale records") != NULL, "message: %s", eto_cache_errmsg(c));
  CHECK(l.count == 2, "usable records listed: %zu", l.count);
  for (size_t i = 0; i < l.count; i++)
    CHECK(strstr(l.items[i].recipe, "future") == NULL, "a stale recipe was listed");
  eto_cache_best_list_free(&l);
  int n = 0;
  CHECK(eto_cache_foreach_best(c, FP, count_cb, &n) == ETO_CACHE_STALE && n == 2, "foreach_best: %d", n);

  /* stale trials */
  eto_cache_trial t = tu_trial(FP, "conv2d:good", "t", ETO_CACHE_TRIAL_OK, 1e-3);
  CHECK(eto_cache_put_trials(c, &t, 1) == ETO_CACHE_OK, "trial");
  char key[CACHE_KEY_MAX + 1];
  size_t klen;
  CHECK(cache_key_trial_prefix(c, FP, "conv2d:good", key, &klen) == ETO_CACHE_OK, "prefix");
  memcpy(key + klen, "\0\0\0\0\0\0\0\x09", 8);
  char *tj = eto_cache_trial_to_json(&t, 0), field[32];
  snprintf(field, sizeof field, "\"schema\":%d,", ETO_CACHE_SCHEMA_VERSION);
  char *p = strstr(tj, field);
  CHECK(p != NULL && ETO_CACHE_SCHEMA_VERSION < 7, "schema field in %s", tj);
  if (p) p[9] = '7';
  CHECK(cache_put_raw(c, CACHE_DB_TRIALS, key, klen + 8, tj) == ETO_CACHE_OK, "raw trial");
  free(tj);
  n = 0;
  CHECK(eto_cache_foreach_trial(c, FP, "conv2d:good", count_trial_cb, &n) == ETO_CACHE_STALE && n == 1,
        "foreach_trial skips the schema-7 trial: %d", n);
  size_t count;
  CHECK(eto_cache_count_trials(c, FP, "conv2d:good", &count) == ETO_CACHE_OK && count == 2,
        "count counts both");

  /* put over a stale record replaces it; statistics count the stale trial; verify counts it as stale and
   * finds the foreign record stored under another target's key (a defect, twice: record and index) */
  eto_cache_best fresh = tu_best(FP, "conv2d:future", "conv2d", SIG, "fresh", 9e-3);
  CHECK(eto_cache_put_best(c, &fresh, &out) == ETO_CACHE_OK && out == ETO_CACHE_PUT_REPLACED_STALE,
        "put over stale: %d", out);
  CHECK(eto_cache_get_best(c, FP, "conv2d:future", &g) == ETO_CACHE_OK && strcmp(g.recipe, "fresh") == 0,
        "fresh");
  eto_cache_best_clear(&g);
  eto_cache_stats_report s;
  CHECK(eto_cache_stats(c, &s) == ETO_CACHE_OK, "stats");
  CHECK(s.stale == 1 && s.corrupt == 0, "stats: stale %zu corrupt %zu", s.stale, s.corrupt);
  CHECK(s.stale_seen >= 5, "stale reads counted: %zu", s.stale_seen);
  eto_cache_stats_report_free(&s);
  eto_cache_verify_report vr;
  st = eto_cache_verify(c, NULL, &vr);
  CHECK(st == ETO_CACHE_ECORRUPT && vr.problems == 2 && vr.stale == 1,
        "verify: %s problems %zu stale %zu\n%s", eto_cache_status_name(st), vr.problems, vr.stale,
        vr.messages);
  eto_cache_verify_report_free(&vr);

  /* export leaves stale records out and says so (the foreign record is exported as its own target's);
   * import skips future-schema lines with a reason */
  char path[600];
  snprintf(path, sizeof path, "%s/export.jsonl", root);
  FILE *f = fopen(path, "w");
  eto_cache_export_report er;
  st = eto_cache_export(c, f, &er);
  fclose(f);
  CHECK(st == ETO_CACHE_STALE && er.skipped == 1 && er.best == 4, "export: %s skipped %zu",
        eto_cache_status_name(st), er.skipped);
  f = fopen(path, "a");
  fprintf(f, "%s\n", future);
  fprintf(f, "{\"type\":\"nonsense\",\"schema\":1}\nnot json at all\n\n");
  fclose(f);
  eto_cache_close(c);

  tu_dir(dir, sizeof dir, root, "db2");
  c = tu_open(dir, 0);
  f = fopen(path, "r");
  eto_cache_import_report ir;
  st = eto_cache_import(c, f, NULL, &ir);
  fclose(f);
  CHECK(st == ETO_CACHE_OK, "import: %s", eto_cache_errmsg(c));
  CHECK(ir.skipped == 3 && ir.best_new == 4, "import: skipped %zu best %zu\n%s", ir.skipped, ir.best_new,
        ir.messages);
  CHECK(strstr(ir.messages, future_name) && strstr(ir.messages, "nonsense") &&
            strstr(ir.messages, "not a JSON"),
        "import messages:\n%s", ir.messages);
  eto_cache_import_report_free(&ir);
  CHECK(tu_verify(c) == 0, "imported cache verifies");

  /* import with a fingerprint filter */
  eto_cache_close(c);
  tu_dir(dir, sizeof dir, root, "db3");
  c = tu_open(dir, 0);
  f = fopen(path, "r");
  eto_cache_import_opts io = {.fingerprint = FP_OTHER};
  CHECK(eto_cache_import(c, f, &io, &ir) == ETO_CACHE_OK && ir.best_new == 1 && ir.trials_added == 0 &&
            strstr(ir.messages, "not the selected target"),
        "filtered import:\n%s", ir.messages);
  fclose(f);
  eto_cache_import_report_free(&ir);

  /* a store of another layout version is refused at open */
  const char *layout2 = "{\"type\":\"layout\",\"layout\":2}";
  CHECK(cache_put_raw(c, CACHE_DB_META, "layout", 6, layout2) == ETO_CACHE_OK, "raw layout");
  eto_cache_close(c);
  c = NULL;
  CHECK(eto_cache_open(dir, NULL, &c) == ETO_CACHE_STALE, "layout 2 refused");
  CHECK(strstr(eto_cache_errmsg(c), "layout version 2") != NULL, "message: %s", eto_cache_errmsg(c));
  CHECK(eto_cache_get_best(c, FP, "x", &g) == ETO_CACHE_EINVAL, "a failed handle refuses calls");
  eto_cache_close(c);

  free(future);
  free(foreign);
  tu_rmtree(root);
  free(root);
  printf("test_cache_stale: %.2f s\n", tu_seconds() - t0);
  return check_result();
}
