/* test_op.h — the tests' one-operator fixture: test_op("conv2d n=1 ...") parses a list line that must be
 * valid and hold exactly one operator, and returns that operator (zeroed, with a counted CHECK failure,
 * otherwise). */
#ifndef ETO_TESTS_TEST_OP_H
#define ETO_TESTS_TEST_OP_H

#include <string.h>

#include "check.h"
#include "op.h"

static inline eto_op test_op(const char *line) {
  eto_oplist *l = NULL;
  char msg[1024];
  eto_op op;
  memset(&op, 0, sizeof op);
  eto_status st = eto_oplist_parse("t.list", line, strlen(line), &l, msg, sizeof msg);
  CHECK(st == ETO_OK, "parse of '%s' failed: %s", line, msg);
  if (st == ETO_OK) {
    CHECK(eto_oplist_count(l) == 1, "'%s' gave %d operators", line, eto_oplist_count(l));
    if (eto_oplist_count(l) >= 1) op = *eto_oplist_get(l, 0);
  }
  eto_oplist_free(l);
  return op;
}

#endif
