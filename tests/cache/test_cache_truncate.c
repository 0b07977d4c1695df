/* test_cache_truncate — a data.mdb cut short (a full disk, a partial copy, `truncate`) is refused at open
 * with a message naming the file, in read-only and in writable mode, instead of a SIGBUS at the first read
 * of a page past the end of the file. Each open runs in a child process, so a crash is reported as one.
 * Cuts: to the two meta pages only, to half of the pages in use, by one page, by one byte, and into the
 * second meta page; a file longer than the pages in use (free space at the end) still opens and verifies. */
#define _XOPEN_SOURCE 700

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "cache_test_util.h"

static const char *FP = "cpu:truncate-test|codegen=1";

/* Child exit codes. */
enum { OPENED = 10, REFUSED_TRUNCATED = 11, REFUSED_DAMAGED = 12, REFUSED_OTHER = 13, BAD_MESSAGE = 14 };

static void copy_file(const char *from, const char *to) {
  FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
  CHECK(in && out, "copy %s -> %s", from, to);
  if (!in || !out) exit(2);
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, in)) > 0) CHECK(fwrite(buf, 1, n, out) == n, "write %s", to);
  fclose(in);
  fclose(out);
}

static long long file_size(const char *path) {
  struct stat sb;
  return stat(path, &sb) == 0 ? (long long)sb.st_size : -1;
}

/* Opens the cache at dir in a child; when it opens, reads every record (which would touch every page). */
static int open_in_child(const char *dir, int read_only) {
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    eto_cache_opts o = {0};
    o.read_only = read_only;
    eto_cache *c = NULL;
    eto_cache_status st = eto_cache_open(dir, &o, &c);
    int code;
    if (st == ETO_CACHE_OK) {
      size_t problems = tu_verify(c);
      code = problems ? REFUSED_OTHER : OPENED;
    } else {
      const char *m = eto_cache_errmsg(c);
      fprintf(stderr, "  (open %s: %s: %s)\n", read_only ? "read-only" : "writable",
              eto_cache_status_name(st), m);
      if (!strstr(m, dir) || !strstr(m, "data.mdb") || !strstr(m, "backup"))
        code = BAD_MESSAGE;
      else if (st == ETO_CACHE_ECORRUPT && strstr(m, "is truncated"))
        code = REFUSED_TRUNCATED;
      else if (st == ETO_CACHE_ECORRUPT)
        code = REFUSED_DAMAGED;
      else
        code = REFUSED_OTHER;
    }
    eto_cache_close(c);
    _exit(code);
  }
  int ws;
  CHECK(pid > 0 && waitpid(pid, &ws, 0) == pid, "fork/wait");
  if (WIFSIGNALED(ws)) {
    CHECK(0, "opening %s (%s) killed the process with signal %d (%s)", dir,
          read_only ? "read-only" : "writable", WTERMSIG(ws), strsignal(WTERMSIG(ws)));
    return -WTERMSIG(ws);
  }
  return WEXITSTATUS(ws);
}

/* Copies the cache's data.mdb into a fresh directory, cut (or extended) to `size` bytes. */
static void make_cut(const char *root, const char *src_data, long long size, char *dir, size_t dirlen) {
  static int n;
  snprintf(dir, dirlen, "%s/cut%d", root, n++);
  CHECK(mkdir(dir, 0755) == 0, "mkdir %s", dir);
  char data[600];
  snprintf(data, sizeof data, "%s/data.mdb", dir);
  copy_file(src_data, data);
  CHECK(truncate(data, (off_t)size) == 0, "truncate %s", data);
}

static void expect(const char *root, const char *src_data, long long size, int want, const char *what) {
  char dir[512], data[600];
  make_cut(root, src_data, size, dir, sizeof dir);
  snprintf(data, sizeof data, "%s/data.mdb", dir);
  for (int ro = 1; ro >= 0; ro--) {
    int got = open_in_child(dir, ro);
    CHECK(got == want, "%s (%lld bytes, %s): child exit %d, wanted %d", what, size,
          ro ? "read-only" : "writable", got, want);
    CHECK(file_size(data) == size, "%s: the refused open changed the file's size to %lld", what,
          file_size(data));
  }
}

int main(void) {
  double t0 = tu_seconds();
  char *root = tu_mkdtemp("truncate");
  char dir[512];
  tu_dir(dir, sizeof dir, root, "db");

  /* a store of a few hundred KiB: best records, their index, and trials */
  eto_cache *c = tu_open(dir, 0);
  char wk[64], recipe[400];
  for (int i = 0; i < 300; i++) {
    snprintf(wk, sizeof wk, "conv2d:i=%03d", i);
    snprintf(recipe, sizeof recipe, "recipe %d %0*d", i, 300, i);
    eto_cache_best b = tu_best(FP, wk, "conv2d", i % 2 ? "mlt" : "ctr", recipe, 1e-3 + i * 1e-6);
    eto_cache_trial t = tu_trial(FP, wk, recipe, ETO_CACHE_TRIAL_OK, 2e-3);
    CHECK(eto_cache_put_batch(c, &t, 1, &b, NULL) == ETO_CACHE_OK, "%s", eto_cache_errmsg(c));
  }
  eto_cache_stats_report s;
  CHECK(eto_cache_stats(c, &s) == ETO_CACHE_OK, "stats: %s", eto_cache_errmsg(c));
  long long used = (long long)s.used_size, size = (long long)s.file_size;
  eto_cache_stats_report_free(&s);
  eto_cache_close(c);
  long long page = sysconf(_SC_PAGESIZE) > 0 ? sysconf(_SC_PAGESIZE) : 4096;
  CHECK(used > 32 * page && size >= used, "store of %lld bytes, %lld used", size, used);
  char data[600];
  snprintf(data, sizeof data, "%s/data.mdb", dir);

  /* the intact copy opens and verifies (the oracle for the cuts below: they differ only in length) */
  expect(root, data, size, OPENED, "intact copy");
  expect(root, data, 2 * page, REFUSED_TRUNCATED, "meta pages only");
  expect(root, data, used / page / 2 * page, REFUSED_TRUNCATED, "half the pages");
  expect(root, data, used - page, REFUSED_TRUNCATED, "last page cut");
  expect(root, data, used - 1, REFUSED_TRUNCATED, "last byte cut");
  expect(root, data, page + 100, REFUSED_DAMAGED, "cut inside the second meta page");
  expect(root, data, used + 16 * page, OPENED, "free space after the pages in use");

  tu_rmtree(root);
  free(root);
  printf("test_cache_truncate: %.2f s\n", tu_seconds() - t0);
  return check_result();
}
