/* cli_limits.c — the up-front limits of the commands that measure (tune, measure, reuse; plan and check only
 * warn): every operator's memory and reference time are checked (src/measure, eto_measure_check_limits)
 * before any work starts, and a refusal names the operator where the list has it and says what to do. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "measure.h"

void eto_cli_limits_default(eto_cli_limits *l) {
  memset(l, 0, sizeof *l);
  l->max_reference_seconds = ETO_MEASURE_MAX_REFERENCE_SECONDS;
}

int eto_cli_limits_arg(const char *prog, const char *name, const char *value, eto_cli_limits *l, int *bad) {
  if (strcmp(name, "--max-reference-seconds") != 0) return 0;
  *bad = eto_cli_opt_double(prog, name, value, 0, ETO_CLI_MAX_SECONDS, &l->max_reference_seconds) != 0;
  return 1;
}

int eto_cli_limits_extra(const char *prog, const char *name, const char *value, void *limits, int *bad) {
  return eto_cli_limits_arg(prog, name, value, limits, bad);
}

/* "FILE:LINE: matmul m=... n=... k=...", or the operator alone when it has no line */
static void op_label(const char *file, const eto_op *op, char *buf, size_t cap) {
  char text[512];
  eto_op_format(op, text, sizeof text);
  size_t n = strlen(text);
  while (n > 0 && (text[n - 1] == '\n' || text[n - 1] == ' ')) text[--n] = '\0';
  if (file && op->line > 0) snprintf(buf, cap, "%s:%d: %s", file, op->line, text);
  else snprintf(buf, cap, "%s", text);
}

int eto_cli_check_limits(const char *prog, const char *file, const eto_op *ops, int n, int workers,
                         const eto_cli_limits *l, int warn_only) {
  eto_measure_limits ml;
  eto_measure_limits_default(&ml);
  ml.max_reference_seconds = l->max_reference_seconds;
  ml.available_bytes = l->available_bytes > 0 ? l->available_bytes : eto_measure_available_memory();
  const char *what = warn_only ? "warning (etotune tune would refuse this): " : "";
  int refused = 0;
  int64_t held = 0, max_out = 0; /* every operator's inputs and reference stay while the list is tuned */
  for (int i = 0; i < n; i++) {
    char msg[512], label[700];
    eto_measure_cost c;
    eto_status st = eto_measure_check_limits(&ops[i], workers, &ml, &c, msg, sizeof msg);
    held += c.input_bytes + c.output_bytes;
    if (c.output_bytes > max_out) max_out = c.output_bytes;
    if (st == ETO_OK) continue;
    refused++;
    op_label(file, &ops[i], label, sizeof label);
    const char *todo;
    char hint[256] = "";
    if (c.bytes > ml.available_bytes && ml.available_bytes > 0) {
      int64_t one = c.input_bytes + 2 * c.output_bytes;
      if (c.workers > 1 && one <= ml.available_bytes && l->has_build_jobs)
        snprintf(hint, sizeof hint, "run it with --build-jobs 1 (one worker: %.1f GB), or ", (double)one / 1e9);
      todo = "tune a smaller shape or on a machine with more memory";
    } else {
      todo = "raise the limit with --max-reference-seconds S (0 = no limit) if waiting is fine, or tune a smaller shape";
    }
    fprintf(stderr, "%s: %s%s: %s; %s%s\n", prog, what, label, msg, hint, todo);
  }
  int64_t total = held + (int64_t)(workers > 0 ? workers : 1) * max_out;
  if (!refused && n > 1 && ml.available_bytes > 0 && total > ml.available_bytes) {
    refused++;
    fprintf(stderr,
            "%s: %s%s: its %d operators need %.1f GB of memory together (a search keeps every operator's inputs "
            "and reference), %.1f GB available; split the list\n",
            prog, what, file ? file : "the list", n, (double)total / 1e9, (double)ml.available_bytes / 1e9);
  }
  if (refused && !warn_only)
    fprintf(stderr, "%s: nothing was measured (limits are checked before any work)\n", prog);
  return refused && !warn_only ? -1 : 0;
}
