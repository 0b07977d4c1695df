/* cli.h — private to src/cli: the sub-command table of the etotune program.
 *
 * Each sub-command lives in its own file cli_<name>.c, defines one `int eto_cli_<name>(int argc, char
 * **argv)` (argv[0] is the sub-command's name, argv[1..] its arguments) and gets one row in eto_cli_commands
 * (main.c). main handles `--help`, `--version`, `help CMD` and `CMD --help` from the table. */
#ifndef ETO_CLI_H
#define ETO_CLI_H

#include <stdio.h>

/* Exit statuses of the program. */
enum {
  ETO_EXIT_OK = 0,
  ETO_EXIT_FAIL = 1,  /* the command ran and failed (I/O, resources) */
  ETO_EXIT_USAGE = 2, /* bad command line or a malformed operators.list */
};

typedef struct {
  const char *name;     /* "check" */
  const char *synopsis; /* arguments after the name: "FILE... [--format text|json]" */
  const char *summary;  /* one line for `etotune --help` */
  const char *help;     /* full description for `etotune help CMD` (may span lines) */
  int (*run)(int argc, char **argv);
} eto_cli_command;

extern const eto_cli_command eto_cli_commands[];
extern const int eto_cli_command_count;

/* Prints the help of one command to f. */
void eto_cli_print_command_help(FILE *f, const eto_cli_command *cmd);

/* Options shared by `plan` and `tune` (mode eto): the list, the cache, and the plan's knobs. Options it does
 * not know are left for the caller (their argv indices in unknown[]). */
#include "selector.h"
typedef struct {
  const char *list, *db, *format;
  int no_cache;
  int threads; /* cores of the target (its fingerprint); 0 = all */
  eto_sel_plan_opts plan;
  int nunknown;
  int unknown[32];
  const char *reuse; /* --reuse P, or NULL (the default policy) */
} eto_cli_plan_common;
int eto_cli_plan_args(int argc, char **argv, int first, eto_cli_plan_common *c);

/* Up-front limits of the commands that measure (cli_limits.c): before any work, every operator's memory
 * (inputs, reference, one output per worker process) against the machine's available memory, and its reference
 * kernel's estimated time against --max-reference-seconds. */
#include "cli_opt.h"
#include "op.h"
typedef struct {
  double max_reference_seconds; /* 0 = no limit */
  int64_t available_bytes;      /* 0 = the machine's (eto_measure_available_memory); tests set it */
  int has_build_jobs;           /* the command takes --build-jobs (its remedy for memory is offered) */
} eto_cli_limits;
void eto_cli_limits_default(eto_cli_limits *l);
/* When name is --max-reference-seconds: parses value into l (*bad = 1 on a malformed value, the message
 * printed) and returns 1; otherwise returns 0. */
int eto_cli_limits_arg(const char *prog, const char *name, const char *value, eto_cli_limits *l, int *bad);
/* The same as an eto_cli_parse extra option (user: the eto_cli_limits). */
int eto_cli_limits_extra(const char *prog, const char *name, const char *value, void *limits, int *bad);
/* Checks ops[0..n-1] (from list `file`, NULL when none) measured with `workers` worker processes, and the list's
 * total memory. Prints one line per operator over a limit ("PROG: FILE:LINE: OPERATOR: why; what to do");
 * returns -1 when something is over and !warn_only, else 0 (warn_only prints the lines as warnings). */
int eto_cli_check_limits(const char *prog, const char *file, const eto_op *ops, int n, int workers,
                         const eto_cli_limits *l, int warn_only);

/* Loads the operator list at path. On failure prints its errors (FILE:LINE:COL: message, one per line) and
 * returns NULL with *exit_code = ETO_EXIT_USAGE for a malformed list, ETO_EXIT_FAIL otherwise (unreadable). */
eto_oplist *eto_cli_load_list(const char *path, int *exit_code);
/* The same, as a malloc'ed array of the list's *n operators (the caller frees it); NULL as above, or after
 * "PROG: out of memory". */
eto_op *eto_cli_load_ops(const char *prog, const char *path, int *n, int *exit_code);

/* ---- sub-commands ---- */
int eto_cli_check(int argc, char **argv);
int eto_cli_db(int argc, char **argv);
int eto_cli_export(int argc, char **argv);
int eto_cli_plan(int argc, char **argv);
int eto_cli_reuse(int argc, char **argv);
/* --reuse P of tune and plan: P must name a policy of the driver's registry; *out = P. Returns 0, or -1 with a
 * message on stderr naming prog and the policies. */
int eto_cli_reuse_option(const char *prog, const char *v, const char **out);
/* The plan's options (--bridges none|1hop|all, --solver NAME, --max-sources N: reuse sources per operator, an
 * integer in 1..ETO_SEL_MAX_SOURCES) into plan: returns 1 when name is one of them (*bad = 1 after a message on
 * stderr when the value is not valid), 0 otherwise. */
int eto_cli_plan_option(const char *prog, const char *name, const char *value, eto_sel_plan_opts *plan, int *bad);
/* The plan's extra trials per reuse edge for policy name (NULL: the default policy). */
double eto_cli_reuse_extra(const char *name);
/* plan->reuse_scale fitted to cache's history of policy name's reuse edges (eto_sel_fit_reuse with
 * plan->reuse_extra, which the caller has set for that policy; name NULL: the default policy), with a line on
 * stderr naming prog when the history fitted it; cache may be NULL. */
void eto_cli_fit_reuse(const char *prog, struct eto_cache *cache, const eto_target *t, const char *name,
                       eto_sel_plan_opts *plan);
int eto_cli_tune(int argc, char **argv);
int eto_cli_measure(int argc, char **argv);

#endif
