/* test_cache_basic — put/get/reopen, the by_sig index, better-replaces-worse, bad marking, trials in
 * order, counts, targets, statistics, path resolution and argument errors. */
#define _XOPEN_SOURCE 700

#include <math.h>

#include "cache_test_util.h"

static const char *FP = "cpu:x86_64:skylake-avx512:+avx512f,+fma:2cores|codegen=1";
static const char *FP2 = "cpu:other-machine|codegen=1";
static const char *SIG_A = "mlt[SSSRRSRS]+cache_read(2)+cache_write+epilogue";
static const char *SIG_B = "cross_thread_reduction";

static void test_put_get_reopen(const char *dir) {
  eto_cache *c = tu_open(dir, 0);
  eto_cache_best b = tu_best(FP, "conv2d:n=1,c=64,h=56,w=56,k=64,r=3,s=3;dtype=float32", "conv2d", SIG_A,
                             "sketch=0;tiles=[1,2,3]\nunroll=512", 2.5e-4);
  b.method = ETO_CACHE_METHOD_REUSE;
  b.source_workload = (char *)"conv2d:n=1,c=128,h=28,w=28,k=128,r=3,s=3;dtype=float32";
  eto_cache_put_outcome out;
  CHECK(eto_cache_put_best(c, &b, &out) == ETO_CACHE_OK, "%s", eto_cache_errmsg(c));
  CHECK(out == ETO_CACHE_PUT_NEW, "outcome %d", out);
  CHECK(eto_cache_put_target(c, FP, "Intel Xeon (2 cores), AVX-512") == ETO_CACHE_OK, "%s",
        eto_cache_errmsg(c));
  eto_cache_close(c);

  c = tu_open(dir, 0);
  eto_cache_best g;
  CHECK(eto_cache_get_best(c, FP, b.workload, &g) == ETO_CACHE_OK, "%s", eto_cache_errmsg(c));
  CHECK(g.recipe && strcmp(g.recipe, b.recipe) == 0, "recipe %s", g.recipe ? g.recipe : "(null)");
  CHECK(g.latency.median_s == b.latency.median_s && g.latency.min_s == b.latency.min_s &&
            g.latency.max_s == b.latency.max_s && g.latency.repeats == 5,
        "latency differs");
  CHECK(g.gflops == b.gflops, "gflops %.17g vs %.17g", g.gflops, b.gflops);
  CHECK(g.method == ETO_CACHE_METHOD_REUSE && g.source_workload &&
            strcmp(g.source_workload, b.source_workload) == 0,
        "provenance");
  CHECK(g.trials == 1000 && g.time == 1700000000 && !g.bad && !g.bad_reason, "fields");
  CHECK(strcmp(g.fingerprint, FP) == 0 && strcmp(g.kind, "conv2d") == 0 && strcmp(g.signature, SIG_A) == 0 &&
            strcmp(g.features, "[1,2,3]") == 0 && strcmp(g.tool_version, "etotune 0.1.0") == 0 &&
            strcmp(g.codegen_version, "cpu-llvm14-1") == 0,
        "strings");
  eto_cache_best_clear(&g);
  CHECK(eto_cache_get_best(c, FP2, b.workload, &g) == ETO_CACHE_NOTFOUND, "other target must not find it");
  CHECK(g.recipe == NULL, "cleared on NOTFOUND");
  CHECK(eto_cache_get_best(c, FP, "matmul:m=1,n=1,k=1;dtype=float32", &g) == ETO_CACHE_NOTFOUND,
        "absent workload");
  char *desc = NULL;
  CHECK(eto_cache_get_target(c, FP, &desc) == ETO_CACHE_OK && desc &&
            strcmp(desc, "Intel Xeon (2 cores), AVX-512") == 0,
        "target description");
  free(desc);
  CHECK(eto_cache_get_target(c, FP2, &desc) == ETO_CACHE_NOTFOUND && !desc, "no description of FP2");
  char *json = eto_cache_best_to_json(&b, 1);
  CHECK(json && strstr(json, "\"schema\":") && strstr(json, "\"reuse\""), "to_json");
  free(json);

  /* a second open of the same path in this process is refused */
  eto_cache *c2 = NULL;
  CHECK(eto_cache_open(dir, NULL, &c2) == ETO_CACHE_EBUSY, "second open must be EBUSY");
  CHECK(strstr(eto_cache_errmsg(c2), "already open") != NULL, "message: %s", eto_cache_errmsg(c2));
  eto_cache_close(c2);
  eto_cache_close(c);

  /* read-only open sees the data and refuses writes */
  eto_cache_opts ro = {0};
  ro.read_only = 1;
  CHECK(eto_cache_open(dir, &ro, &c) == ETO_CACHE_OK, "read-only open: %s", eto_cache_errmsg(c));
  CHECK(eto_cache_get_best(c, FP, b.workload, &g) == ETO_CACHE_OK, "read-only get");
  eto_cache_best_clear(&g);
  CHECK(eto_cache_put_best(c, &b, NULL) == ETO_CACHE_EINVAL, "read-only put must fail");
  eto_cache_close(c);
}

static void test_index(const char *dir) {
  eto_cache *c = tu_open(dir, 0);
  char wk[64], recipe[64];
  /* 30 workloads: kinds conv2d / matmul, signatures A / B, two targets */
  for (int i = 0; i < 30; i++) {
    snprintf(wk, sizeof wk, "%s:i=%02d", i % 3 == 0 ? "matmul" : "conv2d", i);
    snprintf(recipe, sizeof recipe, "r%d", i);
    eto_cache_best b = tu_best(i % 5 == 4 ? FP2 : FP, wk, i % 3 == 0 ? "matmul" : "conv2d",
                               i % 2 ? SIG_B : SIG_A, recipe, 1e-3 + i * 1e-5);
    CHECK(eto_cache_put_best(c, &b, NULL) == ETO_CACHE_OK, "%s", eto_cache_errmsg(c));
  }
  for (int kind = 0; kind < 2; kind++)
    for (int sig = 0; sig < 3; sig++)
      for (int t = 0; t < 2; t++) {
        const char *k = kind ? "matmul" : "conv2d", *s = sig == 0 ? SIG_A : sig == 1 ? SIG_B : NULL;
        const char *fp = t ? FP2 : FP;
        eto_cache_best_list l;
        CHECK(eto_cache_list_best(c, fp, k, s, 0, &l) == ETO_CACHE_OK, "%s", eto_cache_errmsg(c));
        size_t expect = 0;
        for (int i = 0; i < 30; i++)
          expect += (i % 3 == 0) == (kind == 1) && (sig == 2 || (i % 2) == sig) && (i % 5 == 4) == (t == 1);
        CHECK(l.count == expect, "kind %s sig %d target %d: %zu records, expected %zu", k, sig, t, l.count,
              expect);
        for (size_t j = 0; j < l.count; j++) {
          int i = atoi(strstr(l.items[j].workload, "i=") + 2);
          CHECK(strcmp(l.items[j].kind, k) == 0 && strcmp(l.items[j].fingerprint, fp) == 0 &&
                    (!s || strcmp(l.items[j].signature, s) == 0) &&
                    (i % 2 == 1) == (strcmp(l.items[j].signature, SIG_B) == 0),
                "record %s does not belong to the list", l.items[j].workload);
        }
        eto_cache_best_list_free(&l);
      }
  eto_cache_best_list l;
  CHECK(eto_cache_list_best(c, FP, "norm", NULL, 0, &l) == ETO_CACHE_OK && l.count == 0, "empty kind");
  eto_cache_best_list_free(&l);
  CHECK(eto_cache_list_best(c, FP, NULL, NULL, 0, &l) == ETO_CACHE_EINVAL, "kind is required");
  CHECK(tu_verify(c) == 0, "verify after index test");
  eto_cache_close(c);
}

static int count_best(const eto_cache_best *b, void *user) {
  (void)b;
  (*(int *)user)++;
  return 0;
}

static void test_better_and_bad(const char *dir) {
  eto_cache *c = tu_open(dir, 0);
  const char *wk = "batch_matmul:b=12,m=128,n=128,k=64;dtype=float32";
  eto_cache_best slow = tu_best(FP, wk, "batch_matmul", SIG_A, "slow", 2e-3);
  eto_cache_best fast = tu_best(FP, wk, "batch_matmul", SIG_A, "fast", 1e-3);
  eto_cache_best faster = tu_best(FP, wk, "batch_matmul", SIG_A, "faster", 0.5e-3);
  eto_cache_best even_slower = tu_best(FP, wk, "batch_matmul", SIG_A, "even_slower", 4e-3);
  eto_cache_put_outcome out;
  eto_cache_best g;
  CHECK(eto_cache_put_best(c, &slow, &out) == ETO_CACHE_OK && out == ETO_CACHE_PUT_NEW, "new");
  CHECK(eto_cache_put_best(c, &fast, &out) == ETO_CACHE_OK && out == ETO_CACHE_PUT_REPLACED,
        "better replaces");
  CHECK(eto_cache_put_best(c, &slow, &out) == ETO_CACHE_OK && out == ETO_CACHE_PUT_KEPT, "worse is kept out");
  CHECK(eto_cache_put_best(c, &fast, &out) == ETO_CACHE_OK && out == ETO_CACHE_PUT_KEPT, "equal is kept out");
  CHECK(eto_cache_get_best(c, FP, wk, &g) == ETO_CACHE_OK && strcmp(g.recipe, "fast") == 0, "fast stored");
  eto_cache_best_clear(&g);

  /* marking bad: conditional on the recipe, then a worse program replaces the bad one */
  CHECK(eto_cache_mark_bad(c, FP, wk, "slow", "wrong answer") == ETO_CACHE_CONFLICT, "conflict: %s",
        eto_cache_errmsg(c));
  CHECK(eto_cache_get_best(c, FP, wk, &g) == ETO_CACHE_OK, "still good after conflict");
  eto_cache_best_clear(&g);
  CHECK(eto_cache_mark_bad(c, FP, wk, "fast", "wrong answer on re-verification") == ETO_CACHE_OK, "%s",
        eto_cache_errmsg(c));
  CHECK(eto_cache_get_best(c, FP, wk, &g) == ETO_CACHE_BAD, "get returns BAD");
  CHECK(g.bad && g.bad_reason && strcmp(g.bad_reason, "wrong answer on re-verification") == 0 &&
            strcmp(g.recipe, "fast") == 0,
        "bad record filled");
  CHECK(strstr(eto_cache_errmsg(c), "marked bad") != NULL, "message %s", eto_cache_errmsg(c));
  eto_cache_best_clear(&g);
  eto_cache_best_list l;
  CHECK(eto_cache_list_best(c, FP, "batch_matmul", SIG_A, 0, &l) == ETO_CACHE_OK && l.count == 0,
        "bad records are not listed");
  eto_cache_best_list_free(&l);
  CHECK(eto_cache_list_best(c, FP, "batch_matmul", SIG_A, ETO_CACHE_LIST_INCLUDE_BAD, &l) == ETO_CACHE_OK &&
            l.count == 1 && l.items[0].bad,
        "bad records listed on request");
  eto_cache_best_list_free(&l);
  eto_cache_best bad_candidate = faster;
  bad_candidate.bad = 1;
  CHECK(eto_cache_put_best(c, &even_slower, &out) == ETO_CACHE_OK && out == ETO_CACHE_PUT_REPLACED_BAD,
        "a good program replaces a bad one whatever its latency (outcome %d)", out);
  CHECK(eto_cache_put_best(c, &bad_candidate, &out) == ETO_CACHE_OK && out == ETO_CACHE_PUT_KEPT,
        "a bad program never replaces a good one");
  CHECK(eto_cache_put_best(c, &faster, &out) == ETO_CACHE_OK && out == ETO_CACHE_PUT_REPLACED, "faster");
  CHECK(eto_cache_get_best(c, FP, wk, &g) == ETO_CACHE_OK && !g.bad && strcmp(g.recipe, "faster") == 0,
        "faster stored, not bad");
  eto_cache_best_clear(&g);
  CHECK(eto_cache_mark_bad(c, FP, "matmul:none", NULL, NULL) == ETO_CACHE_NOTFOUND, "mark absent");

  /* re-timing: conditional on the recipe, the latency replaced and the GFLOP/s scaled, the record good, then a
   * program faster than the new time (slower than the old) replaces it */
  double was_gflops = faster.gflops;
  eto_cache_latency lat = {2e-3, 1.9e-3, 2.1e-3, 5};
  CHECK(eto_cache_retime_best(c, FP, wk, "fast", &lat) == ETO_CACHE_CONFLICT, "retime conflict");
  eto_cache_latency nan_lat = {NAN, 0, 0, 1};
  CHECK(eto_cache_retime_best(c, FP, wk, "faster", &nan_lat) == ETO_CACHE_EINVAL, "retime with no latency");
  CHECK(eto_cache_retime_best(c, FP, "matmul:none", "faster", &lat) == ETO_CACHE_NOTFOUND, "retime absent");
  CHECK(eto_cache_retime_best(c, FP, wk, "faster", &lat) == ETO_CACHE_OK, "retime: %s", eto_cache_errmsg(c));
  CHECK(eto_cache_get_best(c, FP, wk, &g) == ETO_CACHE_OK && !g.bad && strcmp(g.recipe, "faster") == 0 &&
            g.latency.median_s == 2e-3 && g.latency.min_s == 1.9e-3 && g.latency.max_s == 2.1e-3 &&
            g.latency.repeats == 5 && fabs(g.gflops - was_gflops * 0.5e-3 / 2e-3) < 1e-9 * was_gflops,
        "re-timed record: %g s, %g GFLOP/s", g.latency.median_s, g.gflops);
  eto_cache_best_clear(&g);
  CHECK(eto_cache_put_best(c, &fast, &out) == ETO_CACHE_OK && out == ETO_CACHE_PUT_REPLACED,
        "a program faster than the re-timed one replaces it");
  CHECK(eto_cache_put_best(c, &faster, &out) == ETO_CACHE_OK && out == ETO_CACHE_PUT_REPLACED, "faster again");

  /* a kind change for the same workload moves its index entry */
  eto_cache_best moved = tu_best(FP, wk, "batch_matmul", SIG_B, "moved", 0.1e-3);
  CHECK(eto_cache_put_best(c, &moved, &out) == ETO_CACHE_OK && out == ETO_CACHE_PUT_REPLACED, "moved");
  CHECK(eto_cache_list_best(c, FP, "batch_matmul", SIG_A, 0, &l) == ETO_CACHE_OK && l.count == 0,
        "old sig empty");
  eto_cache_best_list_free(&l);
  CHECK(eto_cache_list_best(c, FP, "batch_matmul", SIG_B, 0, &l) == ETO_CACHE_OK && l.count == 1, "new sig");
  eto_cache_best_list_free(&l);
  int n = 0;
  CHECK(eto_cache_foreach_best(c, FP, count_best, &n) == ETO_CACHE_OK && n == 1, "foreach_best %d", n);
  CHECK(tu_verify(c) == 0, "verify");
  eto_cache_close(c);
}

typedef struct {
  int n;
  uint64_t last_seq;
  int in_order;
  eto_cache *c;
  eto_cache_status nested;
} trial_seen;

static int see_trial(const eto_cache_trial *t, void *user) {
  trial_seen *s = user;
  char want[32];
  snprintf(want, sizeof want, "t%03d", s->n);
  if (strcmp(t->recipe, want) != 0 || t->seq != s->last_seq + 1) s->in_order = 0;
  s->last_seq = t->seq;
  s->n++;
  if (s->c) { /* calling back into the cache from a callback is refused */
    size_t count;
    s->nested = eto_cache_count_trials(s->c, FP, t->workload, &count);
    s->c = NULL;
  }
  return 0;
}

static int stop_at_5(const eto_cache_trial *t, void *user) {
  (void)t;
  return ++*(int *)user == 5;
}

static void test_trials(const char *dir) {
  eto_cache *c = tu_open(dir, 0);
  const char *wk1 = "conv2d:n=1,c=3,h=224,w=224,k=64,r=7,s=7,stride=2,pad=3;dtype=float32";
  const char *wk2 =
      "conv2d:n=1,c=3,h=224,w=224,k=64,r=7,s=7,stride=2,pad=3;dtype=float32;relu=1"; /* wk1 is its prefix */
  char recipes[100][32];
  eto_cache_trial t[100];
  for (int i = 0; i < 100; i++) {
    snprintf(recipes[i], sizeof recipes[i], "t%03d", i);
    t[i] = tu_trial(FP, wk1, recipes[i], (eto_cache_trial_status)(i % ETO_CACHE_TRIAL_STATUS_COUNT),
                    1e-3 + i * 1e-6);
    t[i].round = i / 10;
  }
  for (int b = 0; b < 10; b++) /* 10 batches interleaved with another workload */
    CHECK(eto_cache_put_trials(c, t + 10 * b, 10) == ETO_CACHE_OK, "%s", eto_cache_errmsg(c));
  eto_cache_trial other = tu_trial(FP, wk2, "other", ETO_CACHE_TRIAL_OK, 1e-3);
  eto_cache_trial other_fp = tu_trial(FP2, wk1, "other_fp", ETO_CACHE_TRIAL_OK, 1e-3);
  CHECK(eto_cache_put_trials(c, &other, 1) == ETO_CACHE_OK, "other");
  CHECK(eto_cache_put_trials(c, &other_fp, 1) == ETO_CACHE_OK, "other fp");
  size_t n = 0;
  CHECK(eto_cache_count_trials(c, FP, wk1, &n) == ETO_CACHE_OK && n == 100, "count %zu", n);
  CHECK(eto_cache_count_trials(c, FP, wk2, &n) == ETO_CACHE_OK && n == 1, "count wk2 %zu", n);
  CHECK(eto_cache_count_trials(c, FP2, wk2, &n) == ETO_CACHE_OK && n == 0, "count FP2/wk2 %zu", n);
  trial_seen s = {0, 0, 1, c, ETO_CACHE_OK};
  CHECK(eto_cache_foreach_trial(c, FP, wk1, see_trial, &s) == ETO_CACHE_OK, "%s", eto_cache_errmsg(c));
  CHECK(s.n == 100 && s.in_order, "trials of wk1: %d, in order %d", s.n, s.in_order);
  CHECK(s.nested == ETO_CACHE_EBUSY, "nested call gave %s", eto_cache_status_name(s.nested));
  int all = 0;
  CHECK(eto_cache_foreach_trial(c, FP, NULL, stop_at_5, &all) == ETO_CACHE_OK && all == 5, "stop early");
  all = 0;
  CHECK(eto_cache_foreach_trial(c, NULL, NULL, stop_at_5, &all) == ETO_CACHE_OK && all == 5,
        "all trials, stopped");
  CHECK(eto_cache_foreach_trial(c, NULL, wk1, see_trial, &s) == ETO_CACHE_EINVAL,
        "workload without fingerprint");

  /* batch with trials and a best record is atomic: an invalid trial rejects the whole batch */
  eto_cache_trial bad[2] = {tu_trial(FP, "matmul:m=4", "ok", ETO_CACHE_TRIAL_OK, 1e-3),
                            tu_trial(FP, "matmul:m=4", "ok", ETO_CACHE_TRIAL_OK, -1)};
  bad[0].kind = bad[1].kind = (char *)"matmul";
  eto_cache_best best = tu_best(FP, "matmul:m=4", "matmul", SIG_A, "ok", 1e-3);
  CHECK(eto_cache_put_batch(c, bad, 2, &best, NULL) == ETO_CACHE_EINVAL, "negative latency rejected");
  CHECK(strstr(eto_cache_errmsg(c), "trial 1") != NULL, "message: %s", eto_cache_errmsg(c));
  CHECK(eto_cache_count_trials(c, FP, "matmul:m=4", &n) == ETO_CACHE_OK && n == 0, "nothing stored");
  eto_cache_put_outcome out;
  CHECK(eto_cache_put_batch(c, bad, 1, &best, &out) == ETO_CACHE_OK && out == ETO_CACHE_PUT_NEW, "batch");

  /* argument errors */
  char longwk[600];
  memset(longwk, 'x', sizeof longwk - 1);
  longwk[sizeof longwk - 1] = '\0';
  eto_cache_trial tl = tu_trial(FP, longwk, "r", ETO_CACHE_TRIAL_OK, 1e-3);
  CHECK(eto_cache_put_trials(c, &tl, 1) == ETO_CACHE_EINVAL, "long workload key");
  eto_cache_best nob = tu_best(FP, "w", "conv2d", SIG_A, NULL, 1e-3);
  CHECK(eto_cache_put_best(c, &nob, NULL) == ETO_CACHE_EINVAL && strstr(eto_cache_errmsg(c), "recipe"),
        "missing recipe: %s", eto_cache_errmsg(c));
  eto_cache_best_list l;
  CHECK(eto_cache_list_best(c, "", "conv2d", NULL, 0, &l) == ETO_CACHE_EINVAL, "empty fingerprint");

  eto_cache_stats_report st;
  CHECK(eto_cache_stats(c, &st) == ETO_CACHE_OK, "%s", eto_cache_errmsg(c));
  CHECK(st.trials == 103 && st.best == 1, "stats totals trials %zu best %zu", st.trials, st.best);
  size_t fp_conv = 0;
  for (size_t i = 0; i < st.row_count; i++)
    if (strcmp(st.rows[i].fingerprint, FP) == 0 && strcmp(st.rows[i].kind, "conv2d") == 0) {
      fp_conv = st.rows[i].trials;
      CHECK(st.rows[i].trials_ok == 16, "ok trials %zu", st.rows[i].trials_ok); /* 15 of 100 + other */
    }
  CHECK(fp_conv == 101, "conv2d trials of FP: %zu", fp_conv);
  CHECK(st.map_size >= ETO_CACHE_DEFAULT_MAP_SIZE && st.used_size > 0 && st.file_size > 0, "sizes");
  eto_cache_stats_report_free(&st);
  CHECK(tu_verify(c) == 0, "verify");
  eto_cache_close(c);
}

static void test_paths(const char *dir) {
  char *p = NULL;
  setenv("ETOTUNE_DB", "/x/db", 1);
  setenv("XDG_CACHE_HOME", "/x/xdg", 1);
  setenv("HOME", "/x/home", 1);
  CHECK(eto_cache_resolve_path("/explicit", &p) == ETO_CACHE_OK && strcmp(p, "/explicit") == 0, "explicit");
  free(p);
  CHECK(eto_cache_resolve_path(NULL, &p) == ETO_CACHE_OK && strcmp(p, "/x/db") == 0, "env");
  free(p);
  unsetenv("ETOTUNE_DB");
  CHECK(eto_cache_resolve_path("", &p) == ETO_CACHE_OK && strcmp(p, "/x/xdg/etotune") == 0, "xdg");
  free(p);
  unsetenv("XDG_CACHE_HOME");
  CHECK(eto_cache_resolve_path(NULL, &p) == ETO_CACHE_OK && strcmp(p, "/x/home/.cache/etotune") == 0, "home");
  free(p);
  unsetenv("HOME");
  CHECK(eto_cache_resolve_path(NULL, &p) == ETO_CACHE_EINVAL && !p, "nothing");

  /* open through $HOME creates the nested directory */
  setenv("HOME", dir, 1);
  eto_cache *c = NULL;
  CHECK(eto_cache_open(NULL, NULL, &c) == ETO_CACHE_OK, "open via HOME: %s", eto_cache_errmsg(c));
  char want[1100];
  snprintf(want, sizeof want, "%s/.cache/etotune", dir);
  CHECK(strcmp(eto_cache_path(c), want) == 0, "path %s", eto_cache_path(c));
  eto_cache_close(c);
  eto_cache_close(NULL);
  CHECK(access(want, F_OK) == 0, "directory created");

  eto_cache_opts ro = {0};
  ro.read_only = 1;
  snprintf(want, sizeof want, "%s/absent", dir);
  CHECK(eto_cache_open(want, &ro, &c) == ETO_CACHE_NOTFOUND, "read-only open of a missing cache");
  CHECK(*eto_cache_errmsg(c) != '\0', "message");
  eto_cache_close(c);
}

int main(void) {
  double t0 = tu_seconds();
  char *root = tu_mkdtemp("basic");
  char dir[512];
  test_put_get_reopen(tu_dir(dir, sizeof dir, root, "a"));
  test_index(tu_dir(dir, sizeof dir, root, "b"));
  test_better_and_bad(tu_dir(dir, sizeof dir, root, "c"));
  test_trials(tu_dir(dir, sizeof dir, root, "d"));
  test_paths(tu_dir(dir, sizeof dir, root, "e"));
  CHECK(strcmp(eto_cache_trial_status_name(ETO_CACHE_TRIAL_WRONG_ANSWER), "wrong_answer") == 0, "names");
  eto_cache_trial_status ts;
  CHECK(eto_cache_trial_status_parse("run_timeout", &ts) == 0 && ts == ETO_CACHE_TRIAL_RUN_TIMEOUT, "parse");
  CHECK(eto_cache_trial_status_parse("nope", &ts) == -1, "parse unknown");
  tu_rmtree(root);
  free(root);
  printf("test_cache_basic: %.2f s\n", tu_seconds() - t0);
  return check_result();
}
