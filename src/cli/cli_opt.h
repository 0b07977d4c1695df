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

/* ---- a command line from a table of options ---- */

typedef enum {
  ETO_CLI_FLAG,   /* alone: sets the int *out to 1 */
  ETO_CLI_INT,    /* followed by a value: eto_cli_opt_int into int *out, within [min, max] */
  ETO_CLI_U64,    /* eto_cli_opt_u64 into uint64_t *out */
  ETO_CLI_DOUBLE, /* eto_cli_opt_double into double *out */
  ETO_CLI_STR,    /* eto_cli_opt_str into const char **out */
  ETO_CLI_TEXT,   /* any text, "" included, into const char **out (checked later by the command) */
} eto_cli_kind;

typedef struct {
  const char *name; /* "--trials" */
  eto_cli_kind kind;
  void *out;
  double min, max; /* bounds of INT, U64 and DOUBLE values */
} eto_cli_def;

/* Options a command handles itself, asked before the table: returns 1 when name (which takes a value) is one of
 * them, setting *bad to nonzero after a message when the value is bad; 0 when it is not. */
typedef int (*eto_cli_extra_fn)(const char *prog, const char *name, const char *value, void *user, int *bad);

/* Parses argv[1..argc): the options of defs[0..n) (FLAG alone, the others with the next argument as value),
 * options that extra (may be NULL) knows, and at most one argument that is not an option, stored in
 * *positional (left as it was when there is none; positional NULL: none allowed). On an unknown option, a
 * missing or bad value or a second argument, prints "PROG: ..." (an unknown option with "(see HINT)") and
 * returns -1; else 0. */
int eto_cli_parse(const char *prog, const char *hint, int argc, char **argv, const eto_cli_def *defs, int n,
                  eto_cli_extra_fn extra, void *user, const char **positional);

#endif
