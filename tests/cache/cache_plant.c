/* cache_plant DIR — writes a cache through the library alone, as an older etotune (or another tool) could
 * have: one plausible best record, five best records and two trials that no measurement could have given
 * (a key that is no operator, a kind that is not the key's, a recipe that does not fit, a latency beyond any
 * device, a non-canonical key), a failed trial with an unparsable recipe (plausible: it claims nothing) and
 * one schema-1 record without a checksum. tests/cache/cli_db.sh then runs `etotune db verify` on it. */
#define _XOPEN_SOURCE 700

#include "cache_internal.h"
#include "cache_test_util.h"

static const char *FP = "cpu:planted|codegen=3";
static const char *SIG = "mlt(in0,in1)";

/* A matmul record whose GFLOP/s agree with its latency. */
static eto_cache_best matmul(const char *wk, int64_t m, int64_t n, int64_t k, const char *recipe,
                             double median) {
  eto_cache_best b = tu_best(FP, wk, "matmul", SIG, recipe, median);
  b.latency.min_s = b.latency.max_s = 0;
  b.gflops = 2.0 * (double)m * (double)n * (double)k / median * 1e-9;
  return b;
}

static void put(eto_cache *c, const eto_cache_best *b) {
  if (eto_cache_put_best(c, b, NULL) != ETO_CACHE_OK) {
    fprintf(stderr, "cache_plant: %s: %s\n", b->workload, eto_cache_errmsg(c));
    exit(2);
  }
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: cache_plant DIR\n");
    return 2;
  }
  eto_cache *c = tu_open(argv[1], 0);
  const char *r64x128 = "v1 mlt s=1.1.1.1.1/1.1.4.16.1/4.1.2.16.1 r=32.1.2 u=64 v=1.1";
  const char *good = "matmul:m=64,n=128,k=64;dtype=float32";
  put(c, (eto_cache_best[]){matmul(good, 64, 128, 64, r64x128, 4.2e-5)});
  put(c, (eto_cache_best[]){matmul("../../etc/passwd", 64, 128, 64, r64x128, 4.2e-5)});
  eto_cache_best kind = matmul("matmul:m=64,n=64,k=64;dtype=float32", 64, 64, 64,
                               "v1 mlt s=1.1.1.1.1/1.1.4.16.1/4.1.1.16.1 r=32.1.2 u=64 v=1.1", 2e-5);
  kind.kind = (char *)"conv2d";
  put(c, &kind);
  put(c,
      (eto_cache_best[]){matmul("matmul:m=4096,n=4096,k=4096;dtype=float32", 4096, 4096, 4096,
                                "v1 mlt s=1.1.1.1.1/4096.1.1.1.1/4096.1.1.1.1 r=4096.1.1 u=0 v=1.1", 1e-6)});
  put(c, (eto_cache_best[]){matmul("matmul:m=64,n=64,k=32;dtype=float32", 64, 64, 32, r64x128, 1e-5)});

  eto_cache_trial t[3] = {
      tu_trial(FP, good, r64x128, ETO_CACHE_TRIAL_OK, 5e-5),
      tu_trial(FP, "matmul:n=64,m=64,k=64;dtype=float32", r64x128, ETO_CACHE_TRIAL_OK, 5e-5),
      tu_trial(FP, good, "garbage", ETO_CACHE_TRIAL_COMPILE, 0)};
  t[0].kind = (char *)"conv2d";
  t[1].kind = t[2].kind = (char *)"matmul";
  if (eto_cache_put_trials(c, t, 3) != ETO_CACHE_OK) {
    fprintf(stderr, "cache_plant: trials: %s\n", eto_cache_errmsg(c));
    return 2;
  }

  /* a schema-1 record, as builds before checksums wrote it (with its index entry) */
  const char *legacy = "matmul:m=32,n=32,k=32;dtype=float32";
  eto_cache_best l =
      matmul(legacy, 32, 32, 32, "v1 mlt s=1.1.1.1.1/32.1.1.1.1/32.1.1.1.1 r=32.1.1 u=0 v=1.1", 1e-5);
  char *v2 = eto_cache_best_to_json(&l, 0);
  char *json = tu_schema1_json(v2);
  free(v2);
  char key[CACHE_KEY_MAX + 1];
  size_t klen;
  int ok = cache_key_best(c, FP, legacy, key, &klen) == ETO_CACHE_OK &&
           cache_put_raw(c, CACHE_DB_BEST, key, klen, json) == ETO_CACHE_OK &&
           cache_key_sig(c, FP, "matmul", SIG, key, &klen) == ETO_CACHE_OK &&
           cache_put_raw(c, CACHE_DB_BYSIG, key, klen, legacy) == ETO_CACHE_OK;
  free(json);
  if (!ok) {
    fprintf(stderr, "cache_plant: legacy record: %s\n", eto_cache_errmsg(c));
    return 2;
  }
  eto_cache_close(c);
  return 0;
}
