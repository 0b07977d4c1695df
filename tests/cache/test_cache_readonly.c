/* test_cache_readonly — a cache this process may read but not write (a directory and lock.mdb without write
 * permission, as a cache shared read-only or another user's) opens read-only and reads, verifies and
 * exports, without LMDB's lock (eto_cache_unlocked), while a writable open fails with the system's reason;
 * a read-only open of a missing cache, or of a directory without data.mdb, is NOTFOUND ("no cache yet").
 * As root, permissions do not bind: the unwritable part runs in a child that drops to uid/gid 65534. */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE /* setgroups */

#include <errno.h>
#include <grp.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "cache_test_util.h"

static const char *FP = "cpu:readonly-test|codegen=1";
static const char *WK = "conv2d:shared";

enum { CHILD_OK = 0, CHILD_FAILED = 1, CHILD_SKIP = 77 };

/* The checks on the unwritable cache; returns CHILD_OK or CHILD_FAILED (CHECK prints why). */
static int read_unwritable(const char *dir) {
  eto_cache *c = NULL;
  CHECK(eto_cache_open(dir, NULL, &c) == ETO_CACHE_EIO && strstr(eto_cache_errmsg(c), "ermission denied"),
        "a writable open must fail with the system's reason: %s", eto_cache_errmsg(c));
  eto_cache_close(c);
  eto_cache_opts ro = {0};
  ro.read_only = 1;
  eto_cache_status st = eto_cache_open(dir, &ro, &c);
  CHECK(st == ETO_CACHE_OK, "read-only open of an unwritable cache: %s: %s", eto_cache_status_name(st),
        eto_cache_errmsg(c));
  if (st == ETO_CACHE_OK) {
    CHECK(eto_cache_unlocked(c), "the handle must say it reads without the lock");
    eto_cache_best g;
    CHECK(eto_cache_get_best(c, FP, WK, &g) == ETO_CACHE_OK && strcmp(g.recipe, "shared recipe") == 0,
          "get: %s", eto_cache_errmsg(c));
    eto_cache_best_clear(&g);
    CHECK(tu_verify(c) == 0, "verify");
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    eto_cache_export_report er;
    CHECK(eto_cache_export(c, f, &er) == ETO_CACHE_OK && er.best == 1, "export: %s", eto_cache_errmsg(c));
    fclose(f);
    free(text);
    eto_cache_best b = tu_best(FP, "conv2d:new", "conv2d", "mlt", "r", 1e-3);
    CHECK(eto_cache_put_best(c, &b, NULL) == ETO_CACHE_EINVAL, "a read-only handle refuses writes");
  }
  eto_cache_close(c);
  return check_result() ? CHILD_FAILED : CHILD_OK;
}

int main(void) {
  double t0 = tu_seconds();
  char *root = tu_mkdtemp("readonly");
  char dir[512], lock[600], missing[600], empty[600];
  tu_dir(dir, sizeof dir, root, "db");
  snprintf(lock, sizeof lock, "%s/lock.mdb", dir);
  snprintf(missing, sizeof missing, "%s/missing", root);
  snprintf(empty, sizeof empty, "%s/empty", root);

  eto_cache *c = tu_open(dir, 0);
  eto_cache_best b = tu_best(FP, WK, "conv2d", "mlt", "shared recipe", 1e-3);
  CHECK(eto_cache_put_best(c, &b, NULL) == ETO_CACHE_OK, "%s", eto_cache_errmsg(c));
  eto_cache_close(c);

  /* a writable cache opened read-only uses the lock as usual */
  eto_cache_opts ro = {0};
  ro.read_only = 1;
  CHECK(eto_cache_open(dir, &ro, &c) == ETO_CACHE_OK && !eto_cache_unlocked(c), "read-only open: %s",
        eto_cache_errmsg(c));
  eto_cache_close(c);

  /* no cache yet: NOTFOUND, whether the directory is missing or has no data.mdb */
  CHECK(eto_cache_open(missing, &ro, &c) == ETO_CACHE_NOTFOUND, "missing directory: %s", eto_cache_errmsg(c));
  eto_cache_close(c);
  CHECK(mkdir(empty, 0755) == 0, "mkdir");
  CHECK(eto_cache_open(empty, &ro, &c) == ETO_CACHE_NOTFOUND && strstr(eto_cache_errmsg(c), "no cache"),
        "directory without data.mdb: %s", eto_cache_errmsg(c));
  eto_cache_close(c);

  /* take write permission away: directory and lock file read-only for everyone */
  CHECK(chmod(root, 0755) == 0 && chmod(dir, 0555) == 0 && chmod(lock, 0444) == 0, "chmod: %s",
        strerror(errno));
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    if (geteuid() == 0 && (setgroups(0, NULL) != 0 || setgid(65534) != 0 || setuid(65534) != 0)) {
      fprintf(stderr, "cannot drop root privileges (%s): the unwritable cache is not tested\n",
              strerror(errno));
      _exit(CHILD_SKIP);
    }
    struct stat sb;
    if (stat(dir, &sb) != 0) {
      fprintf(stderr, "uid %d cannot reach %s (%s): the unwritable cache is not tested\n", (int)getuid(), dir,
              strerror(errno));
      _exit(CHILD_SKIP);
    }
    _exit(read_unwritable(dir));
  }
  int ws = 0;
  CHECK(pid > 0 && waitpid(pid, &ws, 0) == pid, "fork");
  CHECK(WIFEXITED(ws) && (WEXITSTATUS(ws) == CHILD_OK || WEXITSTATUS(ws) == CHILD_SKIP),
        "the unwritable cache could not be read (child status %d)", ws);
  if (WIFEXITED(ws) && WEXITSTATUS(ws) == CHILD_SKIP)
    printf("test_cache_readonly: unwritable part skipped\n");
  chmod(dir, 0755);
  chmod(lock, 0644);

  tu_rmtree(root);
  free(root);
  printf("test_cache_readonly: %.2f s\n", tu_seconds() - t0);
  return check_result();
}
