/* temp_util.h — the tests' temporary directories and caches: temp_dir, temp_cache, remove_tree. */
#ifndef ETO_TESTS_TEMP_UTIL_H
#define ETO_TESTS_TEMP_UTIL_H

#include <stdio.h>
#include <stdlib.h>

#include "cache.h"

/* A fresh cache directory under $TMPDIR (or /tmp); the caller removes it with remove_tree. */
static inline void temp_dir(char *buf, size_t cap, const char *tag) {
  const char *tmp = getenv("TMPDIR");
  snprintf(buf, cap, "%s/eto_%s_XXXXXX", tmp && *tmp ? tmp : "/tmp", tag);
  if (!mkdtemp(buf)) {
    perror("mkdtemp");
    exit(2);
  }
}

/* A fresh cache (no fsync) in a temp_dir named after tag, its directory in buf; exits with status 1 when it
 * cannot be opened. The caller closes it and removes the directory with remove_tree. */
static inline eto_cache *temp_cache(char *buf, size_t cap, const char *tag) {
  temp_dir(buf, cap, tag);
  eto_cache *cache = NULL;
  eto_cache_opts co = {.no_sync = 1};
  if (eto_cache_open(buf, &co, &cache) != ETO_CACHE_OK) {
    fprintf(stderr, "cache: %s\n", eto_cache_errmsg(cache));
    exit(1);
  }
  return cache;
}

static inline void remove_tree(const char *dir) {
  char cmd[1100];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
}

#endif
