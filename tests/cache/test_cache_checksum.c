/* test_cache_checksum — record checksums (schema 2), schema-1 records still read, and what import and
 * verify refuse: an edited stored value reads as ECORRUPT, is reported by verify, left out of an export and
 * replaced by the next put; a schema-1 value (no checksum) is used and counted by verify as unchecked;
 * import refuses edited lines, NUL bytes (raw and \u0000, while the text "\\u0000" is kept), over-long
 * fields and lines, latencies below the floor, and whatever the caller's checker refuses, with
 * "NAME:LINE: reason" messages and counts; verify runs the checker over stored records. */
#define _XOPEN_SOURCE 700

#include "cache_internal.h"
#include "cache_test_util.h"

static const char *FP = "cpu:checksum-test|codegen=1";
static const char *SIG = "mlt";

/* The raw stored value of the best record of wk, malloc'd, or NULL. */
typedef struct {
  const char *wk;
  char *value;
} raw_get_ctx;

static eto_cache_status raw_get_txn(eto_cache *c, MDB_txn *txn, void *p) {
  raw_get_ctx *x = p;
  char key[CACHE_KEY_MAX + 1];
  size_t klen;
  eto_cache_status st = cache_key_best(c, FP, x->wk, key, &klen);
  if (st != ETO_CACHE_OK) return st;
  MDB_val k = {klen, key}, v;
  if (mdb_get(txn, c->dbi[CACHE_DB_BEST], &k, &v) != 0) return ETO_CACHE_NOTFOUND;
  x->value = strndup(v.mv_data, v.mv_size);
  return ETO_CACHE_OK;
}

static char *raw_best(eto_cache *c, const char *wk) {
  raw_get_ctx x = {wk, NULL};
  CHECK(cache_read(c, raw_get_txn, &x) == ETO_CACHE_OK && x.value, "raw read of %s", wk);
  return x.value;
}

static void put_raw_best(eto_cache *c, const char *wk, const char *value) {
  char key[CACHE_KEY_MAX + 1];
  size_t klen;
  CHECK(cache_key_best(c, FP, wk, key, &klen) == ETO_CACHE_OK, "key");
  CHECK(cache_put_raw(c, CACHE_DB_BEST, key, klen, value) == ETO_CACHE_OK, "%s", eto_cache_errmsg(c));
}

/* Replaces the first `from` in s (same length) by `to`, in place. */
static void edit(char *s, const char *from, const char *to) {
  char *p = strstr(s, from);
  CHECK(p && strlen(from) == strlen(to), "edit %s -> %s in %s", from, to, s);
  if (p) memcpy(p, to, strlen(to));
}

/* The checker of the import/verify tests: refuses workloads containing "implausible". */
static int refuse_best(const eto_cache_best *b, void *user, char *why, size_t n) {
  (*(int *)user)++;
  if (!strstr(b->workload, "implausible")) return 0;
  snprintf(why, n, "the test refuses %s", b->workload);
  return 1;
}

static int refuse_trial(const eto_cache_trial *t, void *user, char *why, size_t n) {
  (*(int *)user)++;
  if (!strstr(t->workload, "implausible")) return 0;
  snprintf(why, n, "the test refuses trial of %s", t->workload);
  return 1;
}

static eto_cache_status import_text(eto_cache *c, const char *text, const eto_cache_import_opts *o,
                                    eto_cache_import_report *r) {
  FILE *f = fmemopen((void *)text, strlen(text), "r");
  eto_cache_status st = eto_cache_import(c, f, o, r);
  fclose(f);
  return st;
}

static void test_stored_checksums(const char *dir) {
  eto_cache *c = tu_open(dir, 0);
  eto_cache_best b = tu_best(FP, "conv2d:edited", "conv2d", SIG, "tile=4 unroll=512", 1e-3);
  CHECK(eto_cache_put_best(c, &b, NULL) == ETO_CACHE_OK, "%s", eto_cache_errmsg(c));
  eto_cache_best legacy = tu_best(FP, "conv2d:legacy", "conv2d", SIG, "legacy recipe", 2e-3);
  CHECK(eto_cache_put_best(c, &legacy, NULL) == ETO_CACHE_OK, "%s", eto_cache_errmsg(c));
  CHECK(tu_verify(c) == 0, "fresh records verify");

  /* what is stored: schema 2, ends with a checksum of the rest */
  char *v = raw_best(c, "conv2d:edited");
  char want[32];
  snprintf(want, sizeof want, "\"schema\":%d,", ETO_CACHE_SCHEMA_VERSION);
  CHECK(v && strstr(v, want) && strstr(v, ",\"checksum\":\"") && cache_raw_checksum_ok(v, strlen(v)),
        "stored value: %s", v ? v : "(null)");

  /* an in-place edit of the recipe (same length, still valid JSON) */
  edit(v, "unroll=512", "unroll=064");
  put_raw_best(c, "conv2d:edited", v);
  free(v);
  eto_cache_best g;
  CHECK(eto_cache_get_best(c, FP, "conv2d:edited", &g) == ETO_CACHE_ECORRUPT,
        "edited record must not be used");
  CHECK(strstr(eto_cache_errmsg(c), "checksum mismatch"), "message: %s", eto_cache_errmsg(c));

  /* a schema-1 record (what earlier builds wrote): no checksum, still used */
  char *v2 = raw_best(c, "conv2d:legacy");
  v = tu_schema1_json(v2);
  free(v2);
  put_raw_best(c, "conv2d:legacy", v);
  free(v);
  CHECK(eto_cache_get_best(c, FP, "conv2d:legacy", &g) == ETO_CACHE_OK &&
            strcmp(g.recipe, "legacy recipe") == 0,
        "schema-1 record read: %s", eto_cache_errmsg(c));
  eto_cache_best_clear(&g);
  /* ... but an edit of a schema-1 record cannot be seen: that is what "unchecked" counts */

  eto_cache_verify_report r;
  eto_cache_status st = eto_cache_verify(c, NULL, &r);
  CHECK(st == ETO_CACHE_ECORRUPT && r.problems == 1 && r.unchecked == 1 &&
            strstr(r.messages, "conv2d:edited") && strstr(r.messages, "checksum mismatch"),
        "verify: %s problems %zu unchecked %zu\n%s", eto_cache_status_name(st), r.problems, r.unchecked,
        r.messages);
  eto_cache_verify_report_free(&r);

  eto_cache_stats_report s;
  CHECK(eto_cache_stats(c, &s) == ETO_CACHE_OK && s.corrupt == 1 && s.best == 1,
        "stats: corrupt %zu best %zu", s.corrupt, s.best);
  eto_cache_stats_report_free(&s);
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  eto_cache_export_report er;
  CHECK(eto_cache_export(c, f, &er) == ETO_CACHE_ECORRUPT && er.best == 1 && er.skipped == 1, "export");
  fclose(f);
  CHECK(text && strstr(text, "legacy recipe") && !strstr(text, "unroll=064"), "export: %s", text);
  free(text);

  /* the next put replaces the edited record, whatever its latency */
  eto_cache_best slow = tu_best(FP, "conv2d:edited", "conv2d", SIG, "tile=4 unroll=16", 9.0);
  eto_cache_put_outcome out;
  CHECK(eto_cache_put_best(c, &slow, &out) == ETO_CACHE_OK && out == ETO_CACHE_PUT_REPLACED_STALE,
        "put over an edited record: outcome %d", out);
  CHECK(tu_verify(c) == 0, "verify after the replacement");
  eto_cache_close(c);
}

static void test_limits(const char *dir) {
  eto_cache *c = tu_open(dir, 0);
  eto_cache_best b = tu_best(FP, "conv2d:fast", "conv2d", SIG, "r", ETO_CACHE_MIN_LATENCY_S);
  b.latency.min_s = b.latency.max_s = 0;
  CHECK(eto_cache_put_best(c, &b, NULL) == ETO_CACHE_OK, "the floor itself is a latency: %s",
        eto_cache_errmsg(c));
  b.latency.median_s = 1e-12;
  CHECK(eto_cache_put_best(c, &b, NULL) == ETO_CACHE_EINVAL &&
            strstr(eto_cache_errmsg(c), "impossible latency"),
        "1e-12 s: %s", eto_cache_errmsg(c));
  b.latency.median_s = 1e-3;
  b.latency.min_s = 1e-13;
  CHECK(eto_cache_put_best(c, &b, NULL) == ETO_CACHE_EINVAL, "a minimum below the floor");
  b.latency.min_s = 0;
  eto_cache_trial t = tu_trial(FP, "conv2d:fast", "r", ETO_CACHE_TRIAL_OK, 5e-10);
  CHECK(eto_cache_put_trials(c, &t, 1) == ETO_CACHE_EINVAL, "trial below the floor");

  char *big = malloc(ETO_CACHE_MAX_TEXT + 2);
  memset(big, 'x', ETO_CACHE_MAX_TEXT + 1);
  big[ETO_CACHE_MAX_TEXT + 1] = '\0';
  b.recipe = big;
  CHECK(eto_cache_put_best(c, &b, NULL) == ETO_CACHE_EINVAL && strstr(eto_cache_errmsg(c), "recipe longer"),
        "over-long recipe: %s", eto_cache_errmsg(c));
  big[ETO_CACHE_MAX_TEXT] = '\0';
  CHECK(eto_cache_put_best(c, &b, NULL) == ETO_CACHE_OK, "a recipe at the limit: %s", eto_cache_errmsg(c));
  big[ETO_CACHE_MAX_NAME + 1] = '\0';
  b.recipe = (char *)"r";
  b.signature = big;
  CHECK(eto_cache_put_best(c, &b, NULL) == ETO_CACHE_EINVAL &&
            strstr(eto_cache_errmsg(c), "signature longer"),
        "over-long signature: %s", eto_cache_errmsg(c));
  CHECK(eto_cache_put_target(c, big, "d") == ETO_CACHE_EINVAL, "over-long fingerprint of a target");
  free(big);
  eto_cache_close(c);
}

static void test_import(const char *dir) {
  eto_cache *c = tu_open(dir, 0);
  eto_cache_best good = tu_best(FP, "conv2d:good", "conv2d", SIG, "a \\u0000 that is text, not NUL", 1e-3);
  eto_cache_best bad = tu_best(FP, "conv2d:implausible", "conv2d", SIG, "r", 1e-3);
  eto_cache_trial tbad = tu_trial(FP, "conv2d:implausible", "r", ETO_CACHE_TRIAL_OK, 1e-3);
  char *jgood = eto_cache_best_to_json(&good, 0), *jbad = eto_cache_best_to_json(&bad, 0);
  char *jtrial = eto_cache_trial_to_json(&tbad, 0), *jpretty = eto_cache_best_to_json(&good, 1);
  /* the pretty form on one line: other bytes than stored, same content: the checksum still matches */
  for (char *p = jpretty; *p; p++)
    if (*p == '\n' || *p == '\t') *p = ' ';
  char *jedit = strdup(jgood), *jnul = strdup(jgood), *jfast = strdup(jgood);
  edit(jedit, "that is text", "that is TEXT");
  edit(jnul, "a \\\\u0000 ", "a\\u0000   "); /* the text "\\u0000" made into a real \u0000 */
  edit(jfast, "\"median_s\":0.001", "\"median_s\":1e-12");
  size_t longlen = ETO_CACHE_MAX_LINE + 10;
  char *jlong = malloc(longlen + 1);
  memset(jlong, ' ', longlen);
  memcpy(jlong, "{}", 2);
  jlong[longlen] = '\0';
  size_t n = strlen(jgood) + strlen(jbad) + strlen(jtrial) + strlen(jpretty) + strlen(jedit) + strlen(jnul) +
             strlen(jfast) + longlen + 64;
  char *text = malloc(n);
  snprintf(text, n, "%s\n%s\n%s\n%s\n%s\n%s\n%s\n%s\n", jpretty, jbad, jtrial, jedit, jnul, jfast, jlong,
           jgood);

  int calls = 0;
  eto_cache_checker ck = {refuse_best, refuse_trial, &calls};
  eto_cache_import_opts o = {.name = "in.jsonl", .checker = &ck};
  eto_cache_import_report r;
  CHECK(import_text(c, text, &o, &r) == ETO_CACHE_OK, "import: %s", eto_cache_errmsg(c));
  CHECK(r.lines == 8 && r.refused == 6 && r.skipped == 6 && r.best_new == 1 && r.best_kept == 1 && calls == 4,
        "import: lines %zu refused %zu skipped %zu new %zu kept %zu checker calls %d\n%s", r.lines, r.refused,
        r.skipped, r.best_new, r.best_kept, calls, r.messages);
  static const char *const expected[] = {
      "in.jsonl:2: best record of conv2d:implausible refused: the test refuses conv2d:implausible",
      "in.jsonl:3: trial record of conv2d:implausible refused: the test refuses trial of conv2d:implausible",
      "in.jsonl:4: best record: checksum mismatch",
      "in.jsonl:5: holds a NUL byte",
      "in.jsonl:6: best record of conv2d:good: impossible latency",
      "in.jsonl:7: line of",
  };
  for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++)
    CHECK(strstr(r.messages, expected[i]), "message \"%s\" missing in:\n%s", expected[i], r.messages);
  eto_cache_import_report_free(&r);
  eto_cache_best g;
  CHECK(eto_cache_get_best(c, FP, "conv2d:good", &g) == ETO_CACHE_OK && strcmp(g.recipe, good.recipe) == 0,
        "the good record, its recipe whole: %s", g.recipe ? g.recipe : eto_cache_errmsg(c));
  eto_cache_best_clear(&g);
  CHECK(eto_cache_get_best(c, FP, "conv2d:implausible", &g) == ETO_CACHE_NOTFOUND, "refused record stored");

  /* without a checker the same record goes in; verify with the checker then flags it and its trial */
  FILE *f = fmemopen(jbad, strlen(jbad), "r");
  CHECK(eto_cache_import(c, f, NULL, &r) == ETO_CACHE_OK && r.best_new == 1 && r.refused == 0, "no checker");
  fclose(f);
  eto_cache_import_report_free(&r);
  CHECK(eto_cache_put_trials(c, &tbad, 1) == ETO_CACHE_OK, "%s", eto_cache_errmsg(c));
  CHECK(tu_verify(c) == 0, "verify without a checker");
  eto_cache_verify_opts vo = {&ck};
  eto_cache_verify_report vr;
  eto_cache_status st = eto_cache_verify(c, &vo, &vr);
  CHECK(st == ETO_CACHE_ECORRUPT && vr.problems == 2 &&
            strstr(vr.messages, "the test refuses conv2d:implausible") &&
            strstr(vr.messages, "the test refuses trial of conv2d:implausible"),
        "verify with the checker: %s %zu\n%s", eto_cache_status_name(st), vr.problems, vr.messages);
  eto_cache_verify_report_free(&vr);

  free(jgood);
  free(jbad);
  free(jtrial);
  free(jpretty);
  free(jedit);
  free(jnul);
  free(jfast);
  free(jlong);
  free(text);
  eto_cache_close(c);
}

int main(void) {
  double t0 = tu_seconds();
  char *root = tu_mkdtemp("checksum");
  char dir[512];
  test_stored_checksums(tu_dir(dir, sizeof dir, root, "stored"));
  test_limits(tu_dir(dir, sizeof dir, root, "limits"));
  test_import(tu_dir(dir, sizeof dir, root, "import"));
  tu_rmtree(root);
  free(root);
  printf("test_cache_checksum: %.2f s\n", tu_seconds() - t0);
  return check_result();
}
