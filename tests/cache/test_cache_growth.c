/* test_cache_growth — a cache opened with a 1 MiB map grows when full (MDB_MAP_FULL: grow, retry the
 * transaction), both across many batches and inside one large batch, and a map grown by another process
 * is adopted (MDB_MAP_RESIZED). Every record written is read back intact. */
#define _XOPEN_SOURCE 700

#include <sys/wait.h>

#include "cache_test_util.h"

#define MIB ((size_t)1 << 20)
#define RECIPE_LEN 2000

static const char *FP = "cpu:growth|codegen=1";

/* A deterministic recipe of RECIPE_LEN characters for (workload index, trial index). */
static void recipe_for(int w, int i, char *buf) {
  uint64_t x = 0x9e3779b97f4a7c15ull * (uint64_t)(w * 100003 + i + 1);
  int n = snprintf(buf, RECIPE_LEN + 1, "w%d-t%d:", w, i);
  for (int j = n; j < RECIPE_LEN; j++) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    buf[j] = (char)('a' + x % 26);
  }
  buf[RECIPE_LEN] = '\0';
}

/* Writes `batches` batches of `per` trials (plus a best record) for workloads w0 .. w0+batches-1. */
static void write_batches(eto_cache *c, int w0, int batches, int per) {
  char(*recipes)[RECIPE_LEN + 1] = malloc((size_t)per * sizeof *recipes);
  eto_cache_trial *t = malloc((size_t)per * sizeof *t);
  char wk[64];
  for (int b = 0; b < batches; b++) {
    int w = w0 + b;
    snprintf(wk, sizeof wk, "matmul:m=%d,n=64,k=64;dtype=float32", w);
    for (int i = 0; i < per; i++) {
      recipe_for(w, i, recipes[i]);
      t[i] = tu_trial(FP, wk, recipes[i], ETO_CACHE_TRIAL_OK, 1e-3 + i * 1e-6);
    }
    eto_cache_best best = tu_best(FP, wk, "matmul", "mlt", recipes[0], 1e-3);
    eto_cache_status st = eto_cache_put_batch(c, t, (size_t)per, &best, NULL);
    CHECK(st == ETO_CACHE_OK, "batch %d: %s", w, eto_cache_errmsg(c));
  }
  free(recipes);
  free(t);
}

typedef struct {
  int w, i, bad;
} check_ctx;

static int check_trial(const eto_cache_trial *t, void *user) {
  check_ctx *x = user;
  char want[RECIPE_LEN + 1];
  recipe_for(x->w, x->i, want);
  if (strcmp(t->recipe, want) != 0) x->bad++;
  x->i++;
  return 0;
}

/* Reads back every trial of workloads w0 .. w0+n-1 and checks count and content. */
static void check_batches(eto_cache *c, int w0, int n, int per) {
  char wk[64];
  for (int w = w0; w < w0 + n; w++) {
    snprintf(wk, sizeof wk, "matmul:m=%d,n=64,k=64;dtype=float32", w);
    check_ctx x = {w, 0, 0};
    CHECK(eto_cache_foreach_trial(c, FP, wk, check_trial, &x) == ETO_CACHE_OK, "%s", eto_cache_errmsg(c));
    CHECK(x.i == per && x.bad == 0, "workload %d: %d trials, %d wrong", w, x.i, x.bad);
    eto_cache_best b;
    CHECK(eto_cache_get_best(c, FP, wk, &b) == ETO_CACHE_OK, "best of %d: %s", w, eto_cache_errmsg(c));
    eto_cache_best_clear(&b);
  }
}

int main(void) {
  double t0 = tu_seconds();
  char *root = tu_mkdtemp("growth");
  char dir[512];
  tu_dir(dir, sizeof dir, root, "db");

  /* 1. many batches into a 1 MiB map: ~6 MiB of trials */
  eto_cache *c = tu_open(dir, 1 * MIB);
  write_batches(c, 0, 60, 50);
  eto_cache_stats_report s;
  CHECK(eto_cache_stats(c, &s) == ETO_CACHE_OK, "stats");
  CHECK(s.map_resizes >= 3 && s.map_size >= 8 * MIB, "map grew %zu times to %llu bytes", s.map_resizes,
        (unsigned long long)s.map_size);
  CHECK(s.trials == 60 * 50 && s.best == 60, "counts %zu %zu", s.trials, s.best);
  printf("phase 1: %zu growths, map %llu MiB, used %llu MiB\n", s.map_resizes,
         (unsigned long long)(s.map_size / MIB), (unsigned long long)(s.used_size / MIB));
  eto_cache_stats_report_free(&s);
  check_batches(c, 0, 60, 50);
  CHECK(tu_verify(c) == 0, "verify after growth");
  eto_cache_close(c);

  /* 2. one batch far larger than the map: the same transaction is retried across several growths */
  tu_dir(dir, sizeof dir, root, "db2");
  c = tu_open(dir, 1 * MIB);
  write_batches(c, 1000, 1, 2500); /* ~5 MiB in one transaction */
  CHECK(eto_cache_stats(c, &s) == ETO_CACHE_OK && s.map_resizes >= 3, "one-batch growths: %zu",
        s.map_resizes);
  eto_cache_stats_report_free(&s);
  check_batches(c, 1000, 1, 2500);
  eto_cache_close(c);

  /* 3. another process grows the map while this one holds the cache open with a small map */
  tu_dir(dir, sizeof dir, root, "db3");
  c = tu_open(dir, 1 * MIB);
  write_batches(c, 0, 2, 50);
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) { /* child: its own handle; the inherited one is abandoned, never touched */
    eto_cache *cc = tu_open(dir, 1 * MIB);
    write_batches(cc, 2, 40, 50);
    int failed = check_failures_;
    eto_cache_close(cc);
    _exit(failed ? 1 : 0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child writer failed (status %d)", status);
  check_batches(c, 0, 42, 50); /* the first read adopts the child's larger map */
  write_batches(c, 42, 5, 50); /* and writing goes on */
  check_batches(c, 0, 47, 50);
  CHECK(tu_verify(c) == 0, "verify after foreign growth");
  CHECK(eto_cache_stats(c, &s) == ETO_CACHE_OK && s.map_adoptions >= 1, "adopted growths: %zu",
        s.map_adoptions);
  printf("phase 3: adopted %zu growth(s) of another process\n", s.map_adoptions);
  eto_cache_stats_report_free(&s);
  eto_cache_close(c);

  tu_rmtree(root);
  free(root);
  printf("test_cache_growth: %.2f s\n", tu_seconds() - t0);
  return check_result();
}
