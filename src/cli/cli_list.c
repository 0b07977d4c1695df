/* cli_list.c — loading the operator list a command works on (cli.h), with the list's own error messages. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "op.h"

eto_oplist *eto_cli_load_list(const char *path, int *exit_code) {
  char msg[8192];
  eto_oplist *l = NULL;
  eto_status st = eto_oplist_load(path, &l, msg, sizeof msg);
  if (st == ETO_OK) return l;
  fprintf(stderr, "%s%s", msg, msg[0] && msg[strlen(msg) - 1] != '\n' ? "\n" : "");
  *exit_code = st == ETO_ERR_PARSE ? ETO_EXIT_USAGE : ETO_EXIT_FAIL;
  return NULL;
}

eto_op *eto_cli_load_ops(const char *prog, const char *path, int *n, int *exit_code) {
  eto_oplist *l = eto_cli_load_list(path, exit_code);
  if (!l) return NULL;
  *n = eto_oplist_count(l);
  eto_op *ops = malloc(sizeof *ops * (size_t)(*n > 0 ? *n : 1));
  if (ops)
    for (int i = 0; i < *n; i++) ops[i] = *eto_oplist_get(l, i);
  else {
    fprintf(stderr, "%s: out of memory\n", prog);
    *exit_code = ETO_EXIT_FAIL;
  }
  eto_oplist_free(l);
  return ops;
}
