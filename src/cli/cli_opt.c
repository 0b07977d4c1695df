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

static int parse_value(const char *prog, const eto_cli_def *d, const char *v) {
  switch (d->kind) {
  case ETO_CLI_INT: return eto_cli_opt_int(prog, d->name, v, (int)d->min, (int)d->max, d->out);
  case ETO_CLI_U64: return eto_cli_opt_u64(prog, d->name, v, (uint64_t)d->min, d->max >= 1.8e19 ? UINT64_MAX : (uint64_t)d->max, d->out);
  case ETO_CLI_DOUBLE: return eto_cli_opt_double(prog, d->name, v, d->min, d->max, d->out);
  case ETO_CLI_STR: return eto_cli_opt_str(prog, d->name, v, d->out);
  case ETO_CLI_TEXT: *(const char **)d->out = v; return 0;
  case ETO_CLI_FLAG: break;
  }
  return -1;
}

int eto_cli_parse(const char *prog, const char *hint, int argc, char **argv, const eto_cli_def *defs, int n,
                  eto_cli_extra_fn extra, void *user, const char **positional) {
  const char *seen = NULL;
  for (int i = 1; i < argc; i++) {
    const char *s = argv[i];
    if (!(s[0] == '-' && s[1] == '-')) {
      if (!positional || seen) {
        if (seen) fprintf(stderr, "%s: one list at a time (got %s and %s)\n", prog, seen, s);
        else fprintf(stderr, "%s: unexpected argument %s (see %s)\n", prog, s, hint);
        return -1;
      }
      *positional = seen = s;
      continue;
    }
    const eto_cli_def *d = NULL;
    for (int k = 0; k < n && !d; k++)
      if (strcmp(s, defs[k].name) == 0) d = &defs[k];
    if (d && d->kind == ETO_CLI_FLAG) {
      *(int *)d->out = 1;
      continue;
    }
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    int bad = 0;
    if (!v) {
      fprintf(stderr, "%s: %s needs a value\n", prog, s);
      return -1;
    }
    i++;
    if (extra && extra(prog, s, v, user, &bad)) {
      if (bad) return -1;
      continue;
    }
    if (!d) {
      fprintf(stderr, "%s: unknown option %s (see %s)\n", prog, s, hint);
      return -1;
    }
    if (parse_value(prog, d, v) != 0) return -1;
  }
  return 0;
}
