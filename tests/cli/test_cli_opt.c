/* test_cli_opt.c — the strict option-value parsers of src/cli/cli_opt.h on their boundaries: every
 * accepted text gives its exact value, every refused one leaves the output untouched and returns -1. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "cli_opt.h"

static void ints(void) {
  static const struct {
    const char *text;
    int min, max, ok, value;
  } t[] = {
      {"1", 1, 10, 1, 1},           {"10", 1, 10, 1, 10},         {"0", 1, 10, 0, 0},
      {"11", 1, 10, 0, 0},          {"-5", -10, 10, 1, -5},       {"+7", 1, 10, 1, 7},
      {"2147483647", 1, 2147483647, 1, 2147483647},
      {"2147483648", 1, 2147483647, 0, 0}, /* wrapped to INT_MIN with atoi */
      {"2147483648", 1, ETO_CLI_MAX_TRIALS, 0, 0},
      {"99999999999999999999", 1, 10, 0, 0}, /* strtoll overflow (ERANGE) */
      {"abc", 1, 10, 0, 0},         {"", 1, 10, 0, 0},            {"3x", 1, 10, 0, 0},
      {" 3", 1, 10, 0, 0},          {"3 ", 1, 10, 0, 0},          {"0x3", 1, 10, 0, 0},
      {"-", 1, 10, 0, 0},           {"1e3", 1, 10000, 0, 0},      {"3.0", 1, 10, 0, 0},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    int out = 12345;
    int rc = eto_cli_opt_int("test", "--n", t[i].text, t[i].min, t[i].max, &out);
    CHECK((rc == 0) == t[i].ok, "'%s' in %d..%d: rc %d", t[i].text, t[i].min, t[i].max, rc);
    CHECK(t[i].ok ? out == t[i].value : out == 12345, "'%s': out %d", t[i].text, out);
  }
}

static void u64s(void) {
  uint64_t out = 7;
  CHECK(eto_cli_opt_u64("test", "--seed", "0", 0, UINT64_MAX, &out) == 0 && out == 0, "0");
  CHECK(eto_cli_opt_u64("test", "--seed", "18446744073709551615", 0, UINT64_MAX, &out) == 0 && out == UINT64_MAX,
        "2^64-1");
  out = 7;
  CHECK(eto_cli_opt_u64("test", "--seed", "18446744073709551616", 0, UINT64_MAX, &out) == -1 && out == 7, "2^64");
  CHECK(eto_cli_opt_u64("test", "--seed", "-1", 0, UINT64_MAX, &out) == -1 && out == 7, "-1 wraps with strtoull");
  CHECK(eto_cli_opt_u64("test", "--seed", "+1", 0, UINT64_MAX, &out) == -1 && out == 7, "+1");
  CHECK(eto_cli_opt_u64("test", "--seed", "0", 1, UINT64_MAX, &out) == -1 && out == 7, "0 below min 1");
  CHECK(eto_cli_opt_u64("test", "--seed", "", 0, UINT64_MAX, &out) == -1 && out == 7, "empty");
  CHECK(eto_cli_opt_u64("test", "--seed", "12a", 0, UINT64_MAX, &out) == -1 && out == 7, "12a");
}

static void doubles(void) {
  double out = -1;
  CHECK(eto_cli_opt_double("test", "--ms", "0.5", 0.1, 10, &out) == 0 && out == 0.5, "0.5");
  CHECK(eto_cli_opt_double("test", "--ms", "1e1", 0.1, 10, &out) == 0 && out == 10, "1e1");
  out = -1;
  static const char *const bad[] = {"nan", "inf", "-inf", "0x10", "", "1.5.2", "0.05", "11", "1e999", " 1", "abc"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    CHECK(eto_cli_opt_double("test", "--ms", bad[i], 0.1, 10, &out) == -1 && out == -1, "'%s'", bad[i]);
}

static void strings(void) {
  const char *out = "default";
  CHECK(eto_cli_opt_str("test", "--db", "", &out) == -1 && strcmp(out, "default") == 0, "empty path");
  CHECK(eto_cli_opt_str("test", "--db", NULL, &out) == -1, "NULL");
  CHECK(eto_cli_opt_str("test", "--db", "/tmp/x", &out) == 0 && strcmp(out, "/tmp/x") == 0, "path");
  int m = eto_cli_opt_max_threads();
  CHECK(m >= 4 && m <= ETO_CLI_MAX_THREADS_CAP && m % 4 == 0, "max threads %d", m);
}

int main(void) {
  ints();
  u64s();
  doubles();
  strings();
  return check_result();
}
