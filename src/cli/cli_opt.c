/* cli_opt.c — see cli_opt.h. */
#include "cli_opt.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int empty(const char *prog, const char *name) {
  fprintf(stderr, "%s: %s: an empty value is not allowed\n", prog, name);
  return -1;
}

static int not_a(const char *prog, const char *name, const char *text, const char *what) {
  fprintf(stderr, "%s: %s: '%s' is not %s\n", prog, name, text, what);
  return -1;
}

/* Whether text is [+-]?[0-9]+ (signed) or [0-9]+ (unsigned): strto* alone would skip blanks and accept a
 * sign on an unsigned value. */
static int integer_syntax(const char *text, int allow_sign) {
  const char *p = text;
  if (allow_sign && (*p == '-' || *p == '+')) p++;
  if (!*p) return 0;
  for (; *p; p++)
    if (*p < '0' || *p > '9') return 0;
  return 1;
}

int eto_cli_opt_int(const char *prog, const char *name, const char *text, int min, int max, int *out) {
  if (!text || !*text) return empty(prog, name);
  if (!integer_syntax(text, 1)) return not_a(prog, name, text, "an integer");
  errno = 0;
  char *end;
  long long x = strtoll(text, &end, 10);
  if (errno == ERANGE || *end || x < min || x > max) {
    fprintf(stderr, "%s: %s: '%s' is out of range (%d..%d)\n", prog, name, text, min, max);
    return -1;
  }
  *out = (int)x;
  return 0;
}

int eto_cli_opt_u64(const char *prog, const char *name, const char *text, uint64_t min, uint64_t max,
                    uint64_t *out) {
  if (!text || !*text) return empty(prog, name);
  int negative = text[0] == '-' && integer_syntax(text + 1, 0);
  if (!negative && !integer_syntax(text, 0)) return not_a(prog, name, text, "an integer");
  errno = 0;
  char *end;
  unsigned long long x = negative ? 0 : strtoull(text, &end, 10);
  if (negative || errno == ERANGE || *end || x < min || x > max) {
    fprintf(stderr, "%s: %s: '%s' is out of range (%llu..%llu)\n", prog, name, text, (unsigned long long)min,
            (unsigned long long)max);
    return -1;
  }
  *out = (uint64_t)x;
  return 0;
}

int eto_cli_opt_double(const char *prog, const char *name, const char *text, double min, double max,
                       double *out) {
  if (!text || !*text) return empty(prog, name);
  /* decimal syntax only: strtod would also take blanks, "nan", "inf" and hex floats */
  if (strspn(text, "0123456789.eE+-") != strlen(text)) return not_a(prog, name, text, "a number");
  errno = 0;
  char *end;
  double x = strtod(text, &end);
  if (end == text || *end) return not_a(prog, name, text, "a number");
  if (errno == ERANGE || !isfinite(x) || x < min || x > max) {
    fprintf(stderr, "%s: %s: '%s' is out of range (%g..%g)\n", prog, name, text, min, max);
    return -1;
  }
  *out = x;
  return 0;
}

int eto_cli_opt_str(const char *prog, const char *name, const char *text, const char **out) {
  if (!text || !*text) return empty(prog, name);
  *out = text;
  return 0;
}

int eto_cli_opt_max_threads(void) {
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  if (cores < 1) cores = 1;
  long m = 4 * cores;
  return (int)(m > ETO_CLI_MAX_THREADS_CAP ? ETO_CLI_MAX_THREADS_CAP : m);
}
