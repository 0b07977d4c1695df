/* tuner_test_util.h — shared helpers of the tuner tests: operators from list lines, recipes, and the
 * ETO paper's Example 3 pair (docs/architecture.md §7). */
#ifndef ETO_TUNER_TEST_UTIL_H
#define ETO_TUNER_TEST_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "test_op.h"
#include "tuner_internal.h"

static inline eto_program test_recipe(const char *recipe) {
  eto_program p;
  char why[256];
  if (eto_program_parse(recipe, &p, why, sizeof why) != 0) CHECK(0, "%s: %s", recipe, why);
  return p;
}

/* Example 3: β = conv2d 1x512x28x28, 128 filters 1x1; α = the same with 256 input channels; S*β from the
 * paper's tile sizes (levels S0 S1 S2 S3 S4 / R0 R1 R2), unroll 1024. */
#define EX3_BETA "conv2d n=1 c=512 h=28 w=28 k=128 r=1 s=1\n"
#define EX3_ALPHA "conv2d n=1 c=256 h=28 w=28 k=128 r=1 s=1\n"
#define EX3_SBETA "v1 mlt s=1.1.1.1.1/4.1.8.2.2/14.1.1.1.2/1.1.28.1.1 r=4.64.2/1.1.1/1.1.1 u=1024 v=1.1"

static inline int64_t lists_equal(const int64_t *a, int na, const int64_t *b, int nb) {
  if (na != nb) return 0;
  for (int i = 0; i < na; i++)
    if (a[i] != b[i]) return 0;
  return 1;
}

static inline const char *list_str(const int64_t *a, int n) {
  static char buf[8][512];
  static int slot;
  char *s = buf[slot++ % 8];
  int k = snprintf(s, 512, "{");
  for (int i = 0; i < n && k < 500; i++)
    k += snprintf(s + k, 512 - k, "%s%lld", i ? "," : "", (long long)a[i]);
  snprintf(s + k, 512 - k, "}");
  return s;
}

#endif
