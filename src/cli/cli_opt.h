/* cli_opt.h — strict parsing of command-line option values, shared by every etotune sub-command (src/cli)
 * and the bench programs (bench/), so that one option means one thing everywhere.
 *
 * Every function parses the whole text: no empty string, no leading blank or sign where it does not belong,
 * no trailing characters, no wrap-around (strtoll/strtoull/strtod with errno and end checks), then the range.
 * On success it stores the value in *out and returns 0. On failure *out is untouched, one line
 *   "PROG: NAME: 'TEXT' is not an integer"   or   "PROG: NAME: 'TEXT' is out of range (MIN..MAX)"
 * goes to stderr, and it returns -1; the caller then exits with its usage status (ETO_EXIT_USAGE = 2 for
 * etotune). PROG is the prefix of the program's messages ("etotune tune"), NAME the option ("--trials").
 * Nothing here allocates or keeps state. */
#ifndef ETO_CLI_OPT_H
#define ETO_CLI_OPT_H

#include <stdint.h>

/* Ranges shared by the commands. */
#define ETO_CLI_MAX_TRIALS 10000000       /* --trials, --max-trials: 10^7 trials of one search */
#define ETO_CLI_MAX_PROGRAMS 1000000      /* --programs, --beta-programs, --measures-per-round */
#define ETO_CLI_MAX_THREADS_CAP 1024      /* --threads never exceeds this, whatever the machine */
#define ETO_CLI_MAX_MS 3600000.0          /* --min-repeat-ms: one hour */
#define ETO_CLI_MAX_SECONDS 31536000.0    /* --time-budget: one year */

/* An integer in [min, max] (decimal, optional leading '-' or '+'). */
int eto_cli_opt_int(const char *prog, const char *name, const char *text, int min, int max, int *out);

/* An unsigned 64-bit integer in [min, max] (decimal digits only: "-1" is refused, not wrapped). */
int eto_cli_opt_u64(const char *prog, const char *name, const char *text, uint64_t min, uint64_t max,
                    uint64_t *out);

/* A finite number in [min, max] (strtod syntax; "nan", "inf" and hex floats are refused). */
int eto_cli_opt_double(const char *prog, const char *name, const char *text, double min, double max,
                       double *out);

/* A non-empty string (a path, a name): *out = text. "" is refused ("PROG: NAME: an empty value is not
 * allowed"), so that `--db ''` cannot silently mean the default. */
int eto_cli_opt_str(const char *prog, const char *name, const char *text, const char **out);

/* The largest --threads value accepted on this machine: 4 x the online cores, within 1..1024. */
int eto_cli_opt_max_threads(void);

#endif
