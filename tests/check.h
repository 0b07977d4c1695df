/* check.h — the tiny assertion helpers every test executable uses (plain ctest executables).
 * CHECK(cond, fmt, ...) prints a message with file:line and counts a failure; the test's main returns
 * check_result() so ctest sees the failure. */
#ifndef ETO_TESTS_CHECK_H
#define ETO_TESTS_CHECK_H

#include <stdio.h>

static int check_failures_;

#define CHECK(cond, ...)                                                     \
  do {                                                                       \
    if (!(cond)) {                                                           \
      check_failures_++;                                                     \
      fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
      fprintf(stderr, __VA_ARGS__);                                          \
      fputc('\n', stderr);                                                   \
    }                                                                        \
  } while (0)

static inline int check_result(void) {
  if (check_failures_) fprintf(stderr, "%d check(s) failed\n", check_failures_);
  return check_failures_ ? 1 : 0;
}

#endif
