/* test_cache_concurrent — four processes (each opening its own handle after fork) write overlapping
 * batches into one cache at the same time: trials for shared workloads, and competing best records.
 * Afterwards every trial is present exactly once and intact, each process's trials keep their order, each
 * workload's best record is the fastest any process offered, and the store verifies clean. */
#define _XOPEN_SOURCE 700

#include <sys/wait.h>

#include "cache_test_util.h"

#define NPROC 4
#define NWORK 16
#define ROUNDS 150
#define PER 5

static const char *FP = "cpu:concurrent|codegen=1";

static void workload(int w, char *buf, size_t n) {
  snprintf(buf, n, "conv2d:n=1,c=%d,h=14,w=14,k=64;dtype=float32", 8 * (w + 1));
}

static int work_of(int p, int r) { return (p * 7 + r * 3 + r / NWORK) % NWORK; }

/* Distinct latencies: no ties, so the expected winner is unique. */
static double latency_of(int p, int r) {
  return 1e-3 * (1 + ((p * 31 + r * 17) % 97) / 10.0) + p * 1e-9 + r * 1e-12;
}

static int child(const char *dir, int p, int go_fd) {
  char c1;
  if (read(go_fd, &c1, 1) < 0) return 3;  /* wait for the start signal (EOF) */
  eto_cache *c = tu_open(dir, 256 << 10); /* small map: the processes also race to grow it */
  char wk[128], recipes[PER][64], best_recipe[64];
  for (int r = 0; r < ROUNDS; r++) {
    int w = work_of(p, r);
    workload(w, wk, sizeof wk);
    eto_cache_trial t[PER];
    for (int i = 0; i < PER; i++) {
      snprintf(recipes[i], sizeof recipes[i], "p%d-r%d-i%d", p, r, i);
      t[i] = tu_trial(FP, wk, recipes[i], i == 3 ? ETO_CACHE_TRIAL_RUNTIME : ETO_CACHE_TRIAL_OK, 1e-3);
      t[i].round = r;
    }
    snprintf(best_recipe, sizeof best_recipe, "p%d-r%d-best", p, r);
    eto_cache_best b =
        tu_best(FP, wk, "conv2d", w % 2 ? "sig-odd" : "sig-even", best_recipe, latency_of(p, r));
    eto_cache_status st = eto_cache_put_batch(c, t, PER, &b, NULL);
    if (st != ETO_CACHE_OK) {
      fprintf(stderr, "child %d round %d: %s\n", p, r, eto_cache_errmsg(c));
      return 1;
    }
    if (r % 10 == 0) { /* readers interleave with the writers */
      size_t n;
      if (eto_cache_count_trials(c, FP, wk, &n) != ETO_CACHE_OK || n < PER) return 2;
    }
  }
  eto_cache_close(c);
  return 0;
}

typedef struct {
  int seen[NPROC][ROUNDS][PER];
  int last_round[NPROC];
  int order_ok, bad;
} trial_check;

static int see(const eto_cache_trial *t, void *user) {
  trial_check *x = user;
  int p, r, i;
  if (sscanf(t->recipe, "p%d-r%d-i%d", &p, &r, &i) != 3 || p < 0 || p >= NPROC || r < 0 || r >= ROUNDS ||
      i < 0 || i >= PER || t->round != r) {
    x->bad++;
    return 0;
  }
  x->seen[p][r][i]++;
  if (r < x->last_round[p]) x->order_ok = 0;
  x->last_round[p] = r;
  return 0;
}

int main(void) {
  double t0 = tu_seconds();
  char *root = tu_mkdtemp("concurrent");
  char dir[512];
  tu_dir(dir, sizeof dir, root, "db");
  int go[2];
  if (pipe(go) != 0) return 2;
  fflush(NULL);
  pid_t pids[NPROC];
  for (int p = 0; p < NPROC; p++) {
    pids[p] = fork();
    if (pids[p] == 0) {
      close(go[1]);
      _exit(child(dir, p, go[0]));
    }
  }
  close(go[0]);
  close(go[1]); /* start */
  for (int p = 0; p < NPROC; p++) {
    int status = 0;
    waitpid(pids[p], &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "writer %d failed (status %d)", p, status);
  }
  double t1 = tu_seconds();

  eto_cache *c = tu_open(dir, 0);
  CHECK(tu_verify(c) == 0, "verify after concurrent writers");
  static trial_check x;
  memset(&x, 0, sizeof x);
  x.order_ok = 1;
  char wk[128];
  size_t total = 0;
  for (int w = 0; w < NWORK; w++) {
    workload(w, wk, sizeof wk);
    memset(x.last_round, 0, sizeof x.last_round);
    CHECK(eto_cache_foreach_trial(c, FP, wk, see, &x) == ETO_CACHE_OK, "%s", eto_cache_errmsg(c));
    /* expected best: the fastest offer for w */
    int bp = -1, br = -1;
    size_t expect_trials = 0;
    for (int p = 0; p < NPROC; p++)
      for (int r = 0; r < ROUNDS; r++)
        if (work_of(p, r) == w) {
          expect_trials += PER;
          if (bp < 0 || latency_of(p, r) < latency_of(bp, br)) bp = p, br = r;
        }
    size_t n;
    CHECK(eto_cache_count_trials(c, FP, wk, &n) == ETO_CACHE_OK && n == expect_trials,
          "workload %d: %zu trials, "
          "expected %zu",
          w, n, expect_trials);
    total += n;
    eto_cache_best b;
    char want[64];
    snprintf(want, sizeof want, "p%d-r%d-best", bp, br);
    CHECK(eto_cache_get_best(c, FP, wk, &b) == ETO_CACHE_OK, "best of %d: %s", w, eto_cache_errmsg(c));
    CHECK(b.recipe && strcmp(b.recipe, want) == 0, "workload %d: best %s, expected %s", w, b.recipe, want);
    eto_cache_best_clear(&b);
  }
  int missing = 0, dup = 0;
  for (int p = 0; p < NPROC; p++)
    for (int r = 0; r < ROUNDS; r++)
      for (int i = 0; i < PER; i++) {
        missing += x.seen[p][r][i] == 0;
        dup += x.seen[p][r][i] > 1;
      }
  CHECK(missing == 0 && dup == 0 && x.bad == 0, "trials missing %d, duplicated %d, malformed %d", missing,
        dup, x.bad);
  CHECK(x.order_ok, "a process's trials are out of order");
  CHECK(total == (size_t)NPROC * ROUNDS * PER, "total %zu", total);
  eto_cache_best_list l;
  size_t listed = 0;
  CHECK(eto_cache_list_best(c, FP, "conv2d", "sig-even", 0, &l) == ETO_CACHE_OK, "list");
  listed += l.count;
  eto_cache_best_list_free(&l);
  CHECK(eto_cache_list_best(c, FP, "conv2d", "sig-odd", 0, &l) == ETO_CACHE_OK, "list");
  listed += l.count;
  eto_cache_best_list_free(&l);
  CHECK(listed == NWORK, "index lists %zu workloads", listed);
  eto_cache_close(c);

  tu_rmtree(root);
  free(root);
  printf("test_cache_concurrent: %d processes x %d batches in %.2f s; total %.2f s\n", NPROC, ROUNDS, t1 - t0,
         tu_seconds() - t0);
  return check_result();
}
