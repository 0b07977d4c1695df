/* test_cache_kill — a writer process is killed with SIGKILL at random moments (seeded; at least 20
 * times). The child opens the cache (256 KiB map, so growth happens under fire) and commits batches in a
 * loop, reporting each committed batch number through a pipe. After every kill the cache opens, verifies
 * clean, holds every reported batch completely, holds any other batch either completely or not at all,
 * and each workload's best record is the fastest of the batches present.
 * ETO_CACHE_KILL_SEED overrides the seed; ETO_CACHE_KILLS the number of kills. */
#define _XOPEN_SOURCE 700

#include <errno.h>
#include <signal.h>
#include <sys/wait.h>

#include "cache_test_util.h"

#define NWORK 8
#define MAX_BATCHES 100000
#define INITIAL_MAP (256 << 10)

static const char *FP = "cpu:kill|codegen=1";

static uint64_t rng;
static uint64_t next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

static int per_batch(int b) { return 1 + b % 5; }
static int work_of(int b) { return (b * 5 + b / 3) % NWORK; }
static double latency_of(int b) { return 1e-3 * (1 + (double)((b * 7919) % 1009) / 100.0) + b * 1e-12; }
static void workload(int w, char *buf, size_t n) {
  snprintf(buf, n, "batch_matmul:b=%d,m=64,n=64,k=64;dtype=float32", w + 1);
}

/* A recipe of a length that varies with (b, i): the store grows to several MiB over the run. */
static char *recipe_of(int b, int i) {
  size_t len = 200 + (size_t)((b * 131 + i * 977) % 2800);
  char *s = malloc(len + 1);
  int n = snprintf(s, len + 1, "b%d-i%d:", b, i);
  for (size_t j = (size_t)n; j < len; j++) s[j] = (char)('a' + (j * 7 + (size_t)b) % 26);
  s[len] = '\0';
  return s;
}

/* The child: commit batches start, start+1, ... forever, reporting each through the pipe. */
static void writer(const char *dir, int start, int fd) {
  eto_cache_opts o = {0};
  o.initial_map_size = INITIAL_MAP;
  eto_cache *c = NULL;
  if (eto_cache_open(dir, &o, &c) != ETO_CACHE_OK) {
    fprintf(stderr, "writer: open: %s\n", eto_cache_errmsg(c));
    _exit(3);
  }
  char wk[128], best_recipe[64];
  for (int b = start; b < MAX_BATCHES; b++) {
    int n = per_batch(b);
    workload(work_of(b), wk, sizeof wk);
    eto_cache_trial t[8];
    for (int i = 0; i < n; i++) {
      t[i] =
          tu_trial(FP, wk, recipe_of(b, i), i == 2 ? ETO_CACHE_TRIAL_WRONG_ANSWER : ETO_CACHE_TRIAL_OK, 1e-3);
      t[i].round = b;
    }
    snprintf(best_recipe, sizeof best_recipe, "best-b%d", b);
    eto_cache_best best = tu_best(FP, wk, "batch_matmul", "mlt", best_recipe, latency_of(b));
    eto_cache_status st = eto_cache_put_batch(c, t, (size_t)n, &best, NULL);
    for (int i = 0; i < n; i++) free(t[i].recipe);
    if (st != ETO_CACHE_OK) {
      fprintf(stderr, "writer: batch %d: %s\n", b, eto_cache_errmsg(c));
      _exit(4);
    }
    if (write(fd, &b, sizeof b) != (ssize_t)sizeof b) _exit(5);
  }
  _exit(0);
}

typedef struct {
  int *seen; /* per batch: bit i set when trial i was seen; duplicates counted apart */
  int dup, bad;
} scan;

static int see(const eto_cache_trial *t, void *user) {
  scan *x = user;
  int b, i;
  if (sscanf(t->recipe, "b%d-i%d:", &b, &i) != 2 || b < 0 || b >= MAX_BATCHES || i < 0 || i >= 8 ||
      t->round != b) {
    x->bad++;
    return 0;
  }
  char *want = recipe_of(b, i);
  if (strcmp(want, t->recipe) != 0) x->bad++;
  free(want);
  if (x->seen[b] & (1 << i)) x->dup++;
  x->seen[b] |= 1 << i;
  return 0;
}

int main(void) {
  double t0 = tu_seconds();
  const char *env = getenv("ETO_CACHE_KILL_SEED");
  uint64_t seed = env ? strtoull(env, NULL, 10) : 20240611;
  env = getenv("ETO_CACHE_KILLS");
  int kills = env ? atoi(env) : 30;
  rng = seed * 2654435761u + 1;
  printf("test_cache_kill: seed %llu, %d kills\n", (unsigned long long)seed, kills);

  char *root = tu_mkdtemp("kill");
  char dir[512];
  tu_dir(dir, sizeof dir, root, "db");
  int *reported = calloc(MAX_BATCHES, sizeof *reported);
  scan x = {calloc(MAX_BATCHES, sizeof(int)), 0, 0};
  int start = 0, max_reported = -1, total_reported = 0;
  size_t used = 0;

  for (int k = 0; k < kills; k++) {
    int fds[2];
    if (pipe(fds) != 0) return 2;
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
      close(fds[0]);
      writer(dir, start, fds[1]);
    }
    close(fds[1]);
    /* kill after 0.5..80 ms: during open, mid-transaction, mid-commit, or mid-growth */
    struct timespec ts = {0, (long)(500 + next() % 79500) * 1000L};
    nanosleep(&ts, NULL);
    kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL, "kill %d: writer ended on its own (status %d)",
          k, status);
    int b, this_run = 0;
    ssize_t r;
    while ((r = read(fds[0], &b, sizeof b)) == (ssize_t)sizeof b || (r < 0 && errno == EINTR))
      if (r > 0) {
        reported[b] = 1;
        this_run++;
        if (b > max_reported) max_reported = b;
      }
    close(fds[0]);
    total_reported += this_run;

    /* the cache opens, verifies clean, and holds what was reported */
    eto_cache *c = NULL;
    eto_cache_opts o = {0};
    o.initial_map_size = INITIAL_MAP; /* the reader's map must not hide the writer's growth */
    eto_cache_status st = eto_cache_open(dir, &o, &c);
    CHECK(st == ETO_CACHE_OK, "kill %d: open after kill: %s", k, eto_cache_errmsg(c));
    if (st != ETO_CACHE_OK) {
      eto_cache_close(c);
      break;
    }
    CHECK(tu_verify(c) == 0, "kill %d: verify", k);
    memset(x.seen, 0, MAX_BATCHES * sizeof(int));
    x.dup = x.bad = 0;
    CHECK(eto_cache_foreach_trial(c, FP, NULL, see, &x) == ETO_CACHE_OK, "kill %d: %s", k,
          eto_cache_errmsg(c));
    CHECK(x.dup == 0 && x.bad == 0, "kill %d: %d duplicated, %d malformed trials", k, x.dup, x.bad);
    int lost = 0, partial = 0, unexpected = 0;
    int top = start > max_reported + 1 ? start : max_reported + 1; /* last batch that may have committed */
    double best_lat[NWORK];
    int best_b[NWORK];
    for (int w = 0; w < NWORK; w++) best_b[w] = -1;
    for (int bb = 0; bb < MAX_BATCHES; bb++) {
      int full = (1 << per_batch(bb)) - 1;
      if (reported[bb] && x.seen[bb] != full) lost++;
      if (x.seen[bb] && x.seen[bb] != full) partial++;
      if (x.seen[bb] && bb > top) unexpected++;
      if (x.seen[bb] == full) {
        int w = work_of(bb);
        if (best_b[w] < 0 || latency_of(bb) < best_lat[w]) best_b[w] = bb, best_lat[w] = latency_of(bb);
      }
    }
    CHECK(lost == 0 && partial == 0 && unexpected == 0,
          "kill %d: %d reported batches lost, %d partial batches, %d batches from nowhere", k, lost, partial,
          unexpected);
    char wk[128], want[64];
    for (int w = 0; w < NWORK; w++) {
      workload(w, wk, sizeof wk);
      eto_cache_best g;
      st = eto_cache_get_best(c, FP, wk, &g);
      if (best_b[w] < 0) {
        CHECK(st == ETO_CACHE_NOTFOUND, "kill %d: workload %d has a best record but no batch", k, w);
      } else {
        snprintf(want, sizeof want, "best-b%d", best_b[w]);
        CHECK(st == ETO_CACHE_OK && strcmp(g.recipe, want) == 0, "kill %d: workload %d best %s, expected %s",
              k, w, st == ETO_CACHE_OK ? g.recipe : eto_cache_status_name(st), want);
      }
      eto_cache_best_clear(&g);
    }
    eto_cache_stats_report s;
    if (eto_cache_stats(c, &s) == ETO_CACHE_OK) used = (size_t)s.used_size;
    eto_cache_stats_report_free(&s);
    eto_cache_close(c);
    start = top + 1;
  }
  CHECK(used > 4 * INITIAL_MAP, "the map did not have to grow under fire (%zu bytes used)", used);
  CHECK(total_reported >= kills, "too few batches committed (%d) for the test to mean much", total_reported);
  printf("test_cache_kill: %d batches reported committed over %d kills; store now %zu KiB; %.2f s\n",
         total_reported, kills, used >> 10, tu_seconds() - t0);
  free(reported);
  free(x.seen);
  tu_rmtree(root);
  free(root);
  return check_result();
}
