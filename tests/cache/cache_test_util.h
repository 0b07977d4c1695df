/* cache_test_util.h — helpers shared by the cache tests: temporary cache directories, record builders. */
#ifndef ETO_TESTS_CACHE_UTIL_H
#define ETO_TESTS_CACHE_UTIL_H

#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "cache.h"
#include "check.h"

/* A fresh directory under $TMPDIR (or /tmp); the cache lives in it (or in a subdirectory). */
static inline char *tu_mkdtemp(const char *tag) {
  const char *base = getenv("TMPDIR");
  if (!base || !*base) base = "/tmp";
  size_t n = strlen(base) + strlen(tag) + 32;
  char *p = malloc(n);
  snprintf(p, n, "%s/etocache-%s-XXXXXX", base, tag);
  if (!mkdtemp(p)) {
    perror("mkdtemp");
    exit(2);
  }
  return p;
}

static inline int tu_rm_one(const char *path, const struct stat *sb, int flag, struct FTW *ftw) {
  (void)sb;
  (void)flag;
  (void)ftw;
  return remove(path);
}

static inline void tu_rmtree(const char *path) { nftw(path, tu_rm_one, 16, FTW_DEPTH | FTW_PHYS); }

/* buf = root/sub (a directory of a test's temporary root); returns buf. */
static inline char *tu_dir(char *buf, size_t cap, const char *root, const char *sub) {
  snprintf(buf, cap, "%s/%s", root, sub);
  return buf;
}

static inline eto_cache *tu_open(const char *path, size_t map) {
  eto_cache_opts o = {0};
  o.initial_map_size = map;
  eto_cache *c = NULL;
  eto_cache_status st = eto_cache_open(path, &o, &c);
  if (st != ETO_CACHE_OK) {
    fprintf(stderr, "open %s: %s: %s\n", path, eto_cache_status_name(st), eto_cache_errmsg(c));
    exit(2);
  }
  return c;
}

/* Builders: the records point at the caller's strings (the cache copies on put). */
static inline eto_cache_best tu_best(const char *fp, const char *wk, const char *kind, const char *sig,
                                     const char *recipe, double median) {
  eto_cache_best b;
  memset(&b, 0, sizeof b);
  b.fingerprint = (char *)fp;
  b.workload = (char *)wk;
  b.kind = (char *)kind;
  b.signature = (char *)sig;
  b.recipe = (char *)recipe;
  b.latency.median_s = median;
  b.latency.min_s = median * 0.97;
  b.latency.max_s = median * 1.05;
  b.latency.repeats = 5;
  b.gflops = 1e-9 / median;
  b.features = (char *)"[1,2,3]";
  b.method = ETO_CACHE_METHOD_FULL;
  b.trials = 1000;
  b.tool_version = (char *)"etotune 0.1.0";
  b.codegen_version = (char *)"cpu-llvm14-1";
  b.time = 1700000000;
  return b;
}

static inline eto_cache_trial tu_trial(const char *fp, const char *wk, const char *recipe,
                                       eto_cache_trial_status status, double latency) {
  eto_cache_trial t;
  memset(&t, 0, sizeof t);
  t.fingerprint = (char *)fp;
  t.workload = (char *)wk;
  t.kind = (char *)"conv2d";
  t.recipe = (char *)recipe;
  t.status = status;
  t.error = status == ETO_CACHE_TRIAL_OK ? NULL : (char *)"failed on purpose";
  t.latency_s = status == ETO_CACHE_TRIAL_OK ? latency : 0;
  t.time = 1700000000;
  t.method = ETO_CACHE_METHOD_FULL;
  return t;
}

/* A best record's JSON as a build before checksums wrote it: schema 1, no "checksum". malloc'ed, or NULL. */
static inline char *tu_schema1_json(const char *json) {
  cJSON *o = cJSON_Parse(json);
  if (!o) return NULL;
  cJSON_ReplaceItemInObjectCaseSensitive(o, "schema", cJSON_CreateNumber(1));
  cJSON_DeleteItemFromObjectCaseSensitive(o, "checksum");
  char *out = cJSON_PrintUnformatted(o);
  cJSON_Delete(o);
  return out;
}

static inline double tu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Verifies the cache at path (opening it itself); returns the number of problems (printing them). */
static inline size_t tu_verify(eto_cache *c) {
  eto_cache_verify_report r;
  eto_cache_status st = eto_cache_verify(c, NULL, &r);
  size_t problems = r.problems;
  if (st != ETO_CACHE_OK) {
    fprintf(stderr, "verify: %s: %s\n%s", eto_cache_status_name(st), eto_cache_errmsg(c),
            r.messages ? r.messages : "");
    if (!problems) problems = 1;
  }
  eto_cache_verify_report_free(&r);
  return problems;
}

#endif
