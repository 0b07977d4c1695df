/* test_cache_roundtrip — export → import into an empty cache → export gives the same bytes; a second
 * import of the same file changes nothing (duplicates detected, best records kept); importing a better
 * best record replaces the stored one and a worse one is kept out. Records use awkward strings (quotes,
 * backslashes, newlines, UTF-8) and doubles that need 17 digits. */
#define _XOPEN_SOURCE 700

#include <math.h>

#include "cache_test_util.h"

static uint64_t rng = 20240611;
static uint64_t next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}
static double unit(void) { return (double)(next() >> 11) / 9007199254740992.0; }

static const char *FPS[] = {"cpu:alpha \"quoted\" \\ back|codegen=1",
                            "cuda:sm_80|driver=550|cuda=12.4|codegen=1", "cpu:β-ünïcödé|codegen=2"};

static void fill(eto_cache *c) {
  char wk[128], recipe[256], sig[64], src[128], err[128];
  for (int f = 0; f < 3; f++) {
    char desc[128];
    snprintf(desc, sizeof desc, "target %d\nline two\twith tab", f);
    CHECK(eto_cache_put_target(c, FPS[f], desc) == ETO_CACHE_OK, "%s", eto_cache_errmsg(c));
    for (int w = 0; w < 12; w++) {
      const char *kind = w % 3 ? "conv2d" : "batch_matmul";
      snprintf(wk, sizeof wk, "%s:n=%d,c=%d,h=%d;dtype=float32%s", kind, 1 + w % 2, 16 << (w % 4), 7 + w,
               w % 5 ? "" : ";relu=1");
      snprintf(sig, sizeof sig, "sig-%d", w % 2);
      eto_cache_trial t[9];
      char recipes[9][64];
      for (int i = 0; i < 9; i++) {
        snprintf(recipes[i], sizeof recipes[i], "{\"tiles\":[%d,%d],\"note\":\"a\\\"b\"}\n%d", i, w, f);
        eto_cache_trial_status s = (eto_cache_trial_status)(next() % ETO_CACHE_TRIAL_STATUS_COUNT);
        t[i] = tu_trial(FPS[f], wk, recipes[i], s, 1e-4 + unit() * 1e-2);
        t[i].kind = (char *)kind;
        snprintf(err, sizeof err, "error %d: «%s»", i, eto_cache_trial_status_name(s));
        if (s != ETO_CACHE_TRIAL_OK) t[i].error = strdup(err);
        t[i].round = i / 3;
        t[i].time = 1700000000 + (int64_t)(next() % 1000000);
        t[i].features = i % 2 ? (char *)"[0.1,0.2]" : NULL;
        t[i].method = (eto_cache_method)(next() % 3);
      }
      snprintf(recipe, sizeof recipe, "best\\%d/%d \"x\"", w, f);
      eto_cache_best b = tu_best(FPS[f], wk, kind, sig, recipe, 1.0 / 3.0 * (1 + unit()));
      b.latency.min_s = b.latency.median_s * (1 - unit() * 0.01);
      b.latency.max_s = b.latency.median_s * (1 + unit() * 0.1);
      b.gflops = 123456.789 * unit();
      b.trials = (int64_t)(next() % 5000);
      b.features = w % 4 ? NULL : (char *)"opaque features \u2603";
      b.method = (eto_cache_method)(w % ETO_CACHE_METHOD_COUNT);
      if (b.method == ETO_CACHE_METHOD_REUSE || b.method == ETO_CACHE_METHOD_TOPK) {
        snprintf(src, sizeof src, "conv2d:source-%d", w);
        b.source_workload = src;
      }
      b.tool_version = w % 6 ? b.tool_version : NULL;
      b.bad = w == 7;
      b.bad_reason = w == 7 ? (char *)"wrong answer" : NULL;
      CHECK(eto_cache_put_batch(c, t, 9, &b, NULL) == ETO_CACHE_OK, "%s", eto_cache_errmsg(c));
      for (int i = 0; i < 9; i++)
        if (t[i].status != ETO_CACHE_TRIAL_OK) free(t[i].error);
    }
  }
}

static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = malloc((size_t)n + 1);
  *len = fread(s, 1, (size_t)n, f);
  s[*len] = '\0';
  fclose(f);
  return s;
}

static void export_to(eto_cache *c, const char *path, eto_cache_export_report *r) {
  FILE *f = fopen(path, "w");
  CHECK(eto_cache_export(c, f, r) == ETO_CACHE_OK, "export: %s", eto_cache_errmsg(c));
  fclose(f);
}

static void import_from(eto_cache *c, const char *path, eto_cache_import_report *r) {
  FILE *f = fopen(path, "r");
  eto_cache_import_opts o = {.batch = 7}; /* small batches: many transactions */
  CHECK(eto_cache_import(c, f, &o, r) == ETO_CACHE_OK, "import: %s", eto_cache_errmsg(c));
  fclose(f);
}

static int same_file(const char *a, const char *b) {
  size_t la, lb;
  char *x = slurp(a, &la), *y = slurp(b, &lb);
  int same = x && y && la == lb && memcmp(x, y, la) == 0;
  if (!same && x && y)
    for (size_t i = 0; i < la && i < lb; i++)
      if (x[i] != y[i]) {
        fprintf(stderr, "first difference at byte %zu:\n%.200s\n---\n%.200s\n", i, x + (i > 80 ? i - 80 : 0),
                y + (i > 80 ? i - 80 : 0));
        break;
      }
  free(x);
  free(y);
  return same;
}

int main(void) {
  double t0 = tu_seconds();
  char *root = tu_mkdtemp("roundtrip");
  char d1[512], d2[512], a[600], b[600], cpath[600], better[600];
  snprintf(d1, sizeof d1, "%s/one", root);
  snprintf(d2, sizeof d2, "%s/two", root);
  snprintf(a, sizeof a, "%s/a.jsonl", root);
  snprintf(b, sizeof b, "%s/b.jsonl", root);
  snprintf(cpath, sizeof cpath, "%s/c.jsonl", root);
  snprintf(better, sizeof better, "%s/better.jsonl", root);

  eto_cache *c1 = tu_open(d1, 0);
  fill(c1);
  eto_cache_export_report er;
  export_to(c1, a, &er);
  CHECK(er.targets == 3 && er.best == 36 && er.trials == 324 && er.skipped == 0,
        "export counts %zu %zu %zu %zu", er.targets, er.best, er.trials, er.skipped);
  eto_cache_close(c1);

  eto_cache *c2 = tu_open(d2, 0);
  eto_cache_import_report ir;
  import_from(c2, a, &ir);
  CHECK(ir.lines == 363 && ir.best_new == 36 && ir.trials_added == 324 && ir.targets_added == 3 &&
            ir.skipped == 0,
        "import counts: lines %zu best %zu trials %zu targets %zu skipped %zu\n%s", ir.lines, ir.best_new,
        ir.trials_added, ir.targets_added, ir.skipped, ir.messages);
  eto_cache_import_report_free(&ir);
  export_to(c2, b, &er);
  CHECK(same_file(a, b), "export -> import -> export is not byte-identical");

  /* importing the same file again changes nothing */
  import_from(c2, a, &ir);
  CHECK(ir.best_new == 0 && ir.best_replaced == 0 && ir.best_kept == 36 && ir.trials_added == 0 &&
            ir.trials_duplicate == 324 && ir.targets_kept == 3,
        "re-import: new %zu replaced %zu kept %zu trials %zu dup %zu", ir.best_new, ir.best_replaced,
        ir.best_kept, ir.trials_added, ir.trials_duplicate);
  eto_cache_import_report_free(&ir);
  export_to(c2, cpath, &er);
  CHECK(same_file(a, cpath), "re-import changed the export");

  /* a better record for one workload replaces, a worse one is kept out */
  eto_cache_best g;
  const char *wk = "conv2d:n=2,c=32,h=8;dtype=float32";
  CHECK(eto_cache_get_best(c2, FPS[1], wk, &g) == ETO_CACHE_OK, "%s", eto_cache_errmsg(c2));
  double old = g.latency.median_s;
  eto_cache_best faster = g, slower = g;
  faster.latency.median_s = faster.latency.min_s = faster.latency.max_s = old / 2;
  faster.recipe = (char *)"imported-faster";
  faster.method = ETO_CACHE_METHOD_IMPORT;
  slower.latency.median_s = slower.latency.min_s = slower.latency.max_s = old * 2;
  slower.recipe = (char *)"imported-slower";
  char *j1 = eto_cache_best_to_json(&slower, 0), *j2 = eto_cache_best_to_json(&faster, 0);
  FILE *f = fopen(better, "w");
  fprintf(f, "%s\n%s\n", j1, j2);
  fclose(f);
  free(j1);
  free(j2);
  eto_cache_best_clear(&g);
  import_from(c2, better, &ir);
  CHECK(ir.best_kept == 1 && ir.best_replaced == 1, "kept %zu replaced %zu", ir.best_kept, ir.best_replaced);
  eto_cache_import_report_free(&ir);
  CHECK(eto_cache_get_best(c2, FPS[1], wk, &g) == ETO_CACHE_OK && strcmp(g.recipe, "imported-faster") == 0 &&
            g.method == ETO_CACHE_METHOD_IMPORT && fabs(g.latency.median_s - old / 2) == 0,
        "the faster import won");
  eto_cache_best_clear(&g);
  CHECK(tu_verify(c2) == 0, "verify");
  eto_cache_close(c2);

  tu_rmtree(root);
  free(root);
  printf("test_cache_roundtrip: %.2f s\n", tu_seconds() - t0);
  return check_result();
}
