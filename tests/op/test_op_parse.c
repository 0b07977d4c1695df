/* test_op_parse.c — the operators.list parser: every error class with its FILE:LINE:COL and message,
 * suggestions, merging of equal workload keys, key stability (hard-coded keys: they key the cache),
 * eto_op_format round trips, `let` symbols, and every list in the directories given as arguments. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>

#include "op_test_util.h"

/* Parses text; expects failure and a message line starting with `where` ("t.list:L:C: ") that contains
 * `what`; `absent` (may be NULL) must not appear in that line. */
static void expect_error3(const char *text, const char *where, const char *what, const char *absent) {
  eto_oplist *l = (eto_oplist *)1;
  char msg[4096];
  eto_status st = eto_oplist_parse("t.list", text, strlen(text), &l, msg, sizeof msg);
  CHECK(st == ETO_ERR_PARSE, "'%s' parsed (status %d)", text, (int)st);
  CHECK(l == NULL, "'%s': list not NULL on error", text);
  const char *line = strstr(msg, where);
  CHECK(line != NULL, "'%s': no error at %s in:\n%s", text, where, msg);
  if (!line) return;
  const char *end = strchr(line, '\n');
  size_t n = end ? (size_t)(end - line) : strlen(line);
  char one[1024];
  snprintf(one, sizeof one, "%.*s", (int)n, line);
  CHECK(strstr(one, what) != NULL, "'%s': message '%s' lacks '%s'", text, one, what);
  if (absent) CHECK(strstr(one, absent) == NULL, "'%s': message '%s' has '%s'", text, one, absent);
}

static void expect_error(const char *text, const char *where, const char *what) {
  expect_error3(text, where, what, NULL);
}

#define CONV "conv2d n=1 c=3 h=8 w=8 k=4 r=3 s=3"
/*            1234567890123456789012345678901234 : CONV is 34 characters; its next token starts at 36 */

static void test_errors(void) {
  /* unknown kind, with and without a suggestion */
  expect_error("conv2 n=1", "t.list:1:1: ", "unknown operator kind 'conv2'; did you mean 'conv2d'?");
  expect_error("# c\n\n   batchmatmul b=1 m=1 n=1 k=1", "t.list:3:4: ", "did you mean 'batch_matmul'?");
  expect_error("Conv2D n=1", "t.list:1:1: ", "did you mean 'conv2d'?");
  expect_error("depthwise_conv n=1", "t.list:1:1: ", "did you mean 'depthwise_conv2d'?");
  expect_error3("frobnicate n=1", "t.list:1:1: ", "unknown operator kind 'frobnicate'", "did you mean");
  expect_error("n=1 c=3", "t.list:1:1: ", "expected an operator kind");
  /* unknown and inapplicable keys */
  expect_error(CONV " strde=2", "t.list:1:36: ", "unknown key 'strde' for conv2d; did you mean 'stride'?");
  expect_error(CONV " dilaton=2", "t.list:1:36: ", "did you mean 'dilation'?");
  expect_error(CONV " fraq=2", "t.list:1:36: ", "did you mean 'freq'?");
  expect_error("depthwise_conv2d n=1 c=3 h=8 w=8 r=3 s=3 multipler=2",
               "t.list:1:42: ", "did you mean 'multiplier'?");
  expect_error3(CONV " zzz=2", "t.list:1:36: ", "unknown key 'zzz' for conv2d", "did you mean");
  expect_error(CONV " groups=1", "t.list:1:36: ", "key 'groups' does not apply to conv2d");
  expect_error(CONV " output_padding=0", "t.list:1:36: ", "does not apply to conv2d");
  expect_error("norm b=1 m=4 n=4 bias=1", "t.list:1:18: ", "key 'bias' does not apply to norm");
  expect_error("capsule_conv2d n=1 h=8 w=8 c=2 k=2 r=3 s=3 dilation=2", "t.list:1:44: ", "does not apply");
  /* missing required keys */
  expect_error("conv2d n=1 c=3 h=8 w=8 k=4 r=3", "t.list:1:1: ", "missing required key 's'");
  expect_error("  matmul m=1", "t.list:1:3: ", "missing required keys 'n', 'k'");
  expect_error("group_conv2d n=1 c=4 h=8 w=8 k=4 r=3 s=3", "t.list:1:1: ", "missing required key 'groups'");
  /* duplicates */
  expect_error(CONV " k=5", "t.list:1:36: ", "duplicate key 'k' (first given at column 24)");
  expect_error(CONV " freq=2 freq=3", "t.list:1:43: ", "duplicate key 'freq'");
  /* syntax of values */
  expect_error("conv2d n=1 c=3 h=8 w=8 k=x r=3 s=3", "t.list:1:26: ", "expects an integer, got 'x'");
  expect_error("conv2d n=1 c=3 h=8 w=8 k=3.5 r=3 s=3", "t.list:1:26: ", "expects an integer");
  expect_error("conv2d n=1 c=3 h=8 w=8 k= r=3 s=3", "t.list:1:26: ", "missing value for 'k'");
  expect_error(CONV " =3", "t.list:1:36: ", "missing key before '='");
  expect_error("conv2d n=1 c 3", "t.list:1:12: ", "expected key=value, got 'c'");
  expect_error(CONV " bias=2", "t.list:1:41: ", "bias expects 0 or 1, got '2'");
  expect_error(CONV " relu=yes", "t.list:1:41: ", "relu expects 0 or 1");
  expect_error(CONV " freq=0", "t.list:1:41: ", "freq must be a positive integer");
  expect_error(CONV " name=0123456789012345678901234567890123456789012345678901234567890123",
               "t.list:1:41: ", "name is longer than 63 characters");
  expect_error("conv2d n=1\001 c=3", "t.list:1:11: ", "control character");
  /* zero and negative extents */
  expect_error("conv2d n=1 c=3 h=0 w=8 k=4 r=3 s=3", "t.list:1:18: ", "h must be a positive integer, got 0");
  expect_error("conv2d n=1 c=3 h=-3 w=8 k=4 r=3 s=3", "t.list:1:18: ", "must be a positive integer, got -3");
  expect_error(CONV " pad=-1", "t.list:1:40: ", "pad must be a non-negative integer");
  expect_error(CONV " stride=0", "t.list:1:43: ", "stride must be a positive integer");
  /* kernel larger than the padded input: the column of the kernel key's value */
  expect_error("conv2d n=1 c=3 h=2 w=8 k=4 r=3 s=3",
               "t.list:1:30: ", "kernel larger than padded input on the height");
  expect_error("conv2d n=1 c=3 h=8 w=2 k=4 r=3 s=3", "t.list:1:34: ", "on the width axis");
  expect_error("conv2d n=1 c=3 h=5 w=8 k=4 r=3 s=3 dilation=3",
               "t.list:1:30: ", "kernel larger than padded input");
  expect_error("conv1d n=1 c=3 l=2 k=4 r=5 pad=1", "t.list:1:26: ", "on the length axis");
  expect_error("conv2d_transpose n=1 c=1 h=1 w=1 k=1 r=1 s=1 pad=1", "t.list:1:50: ", "pad=1 too large");
  /* groups */
  expect_error("group_conv2d n=1 c=6 h=8 w=8 k=4 r=3 s=3 groups=4",
               "t.list:1:49: ", "groups=4 does not divide the input channels c=6");
  expect_error("group_conv2d n=1 c=6 h=8 w=8 k=4 r=3 s=3 groups=3",
               "t.list:1:49: ", "does not divide the output channels");
  /* dtype */
  expect_error(CONV " dtype=float16", "t.list:1:42: ", "dtype 'float16' is not supported");
  /* list lengths and output_padding */
  expect_error(CONV " stride=1,2,3", "t.list:1:43: ", "stride takes 1 or 2 values");
  expect_error("conv1d n=1 c=3 l=9 k=4 r=3 stride=1,2", "t.list:1:35: ", "stride takes one value");
  expect_error("conv3d n=1 c=1 d=4 h=4 w=4 k=1 t=1 r=1 s=1 pad=1,1",
               "t.list:1:48: ", "pad takes 1 or 3 values");
  expect_error(CONV " stride=2,,1", "t.list:1:45: ", "empty value");
  expect_error(CONV " dilation=1,x", "t.list:1:47: ", "expects an integer");
  expect_error("conv2d_transpose n=1 c=3 h=8 w=8 k=4 r=3 s=3 stride=2 output_padding=1,2",
               "t.list:1:72: ", "output_padding must be smaller than stride (2 >= 2 on the width axis)");
  /* extremely large shapes: rejected before anything is allocated */
  expect_error("matmul m=16777217 n=1 k=1",
               "t.list:1:10: ", "m=16777217 is too large (the limit is 16777216)");
  expect_error("matmul m=99999999999999999999999 n=1 k=1", "t.list:1:10: ", "is too large");
  expect_error("matmul m=16777216 n=16777216 k=1", "t.list:1:1: ", "the output tensor would have");
  expect_error("conv2d n=16777216 c=16777216 h=16777216 w=16777216 k=16777216 r=1 s=1",
               "t.list:1:1: ", "above the limit");
  expect_error("batch_matmul b=1 m=40000 n=40000 k=40000", "t.list:1:1: ", "floating-point operations");
  expect_error("conv2d_transpose n=1 c=1 h=16777216 w=1 k=1 r=1 s=1 stride=16777216",
               "t.list:1:1: ", "loop yy has extent");
  expect_error(CONV " freq=99999999999999999", "t.list:1:41: ", "freq=99999999999999999 is too large");
  /* #23: two lines of one workload key at the per-line freq limit summed above it (the fuzz harness crashed) */
  expect_error("matmul m=4 n=4 k=4 freq=1099511627776\nmatmul m=4 n=4 k=4 freq=1099511627776", "t.list:2:1: ",
               "freq: with line 1 (same workload key) the frequency would be 2199023255552, above the limit "
               "1099511627776");
  /* #23: a '}' inside a set was taken for a separator ({1}2} read as {1,2}) */
  expect_error("let S={1}2}\nmatmul m=S n=4 k=4", "t.list:1:9: ", "let S: unexpected '}' inside the set");
  expect_error("let S={1,2}}\nmatmul m=S n=4 k=4", "t.list:1:11: ", "unexpected '}'");
  /* every error is reported, up to 20 */
  expect_error("conv2 n=1\nconv2d n=1 c=3 h=8 w=8 k=4 r=3 s=3 strde=2",
               "t.list:2:36: ", "did you mean 'stride'?");
  {
    char text[4096] = "";
    for (int i = 0; i < 30; i++) strcat(text, "bogus x=1\n");
    expect_error(text, "t.list:20:1: ", "unknown operator kind");
    eto_oplist *l;
    char msg[8192];
    eto_oplist_parse("t.list", text, strlen(text), &l, msg, sizeof msg);
    CHECK(strstr(msg, "t.list:21:1:") == NULL, "more than 20 errors reported");
    CHECK(strstr(msg, "too many errors") != NULL, "no 'too many errors' line: %s", msg);
  }
  /* a truncated message buffer stays NUL-terminated; NULL msg is allowed */
  {
    eto_oplist *l;
    char small[8];
    memset(small, 'x', sizeof small);
    CHECK(eto_oplist_parse("t.list", "conv2 n=1", 9, &l, small, sizeof small) == ETO_ERR_PARSE, "truncated");
    CHECK(memchr(small, '\0', sizeof small) != NULL, "message not terminated");
    CHECK(eto_oplist_parse("t.list", "conv2 n=1", 9, &l, NULL, 0) == ETO_ERR_PARSE && l == NULL, "NULL msg");
  }
}

static void test_valid_forms(void) {
  eto_op a =
      test_op("conv2d n=1 c=3 h=8 w=8 k=4 r=3 s=3 stride=2,1 pad=1,0 dilation=1,2 bias=1 relu=0 dtype=float32 "
             "freq=7 name=layer1.conv # comment");
  CHECK(a.stride[0] == 2 && a.stride[1] == 1 && a.pad[0] == 1 && a.pad[1] == 0 && a.dilation[1] == 2,
        "lists");
  CHECK(a.bias == 1 && a.relu == 0 && a.freq == 7 && strcmp(a.name, "layer1.conv") == 0 && a.line == 1,
        "flags");
  eto_op b = test_op("\t capsule_conv2d n=1 h=8 w=8 c=2 k=2 r=3 s=3\r");
  CHECK(b.v[ETO_KEY_CAPSULE] == 4 && b.nspatial == 2 && b.freq == 1, "capsule defaults");
  eto_op c = test_op("depthwise_conv2d n=1 c=8 h=5 w=5 r=3 s=3");
  CHECK(c.v[ETO_KEY_MULTIPLIER] == 1 && c.v[ETO_KEY_K] == 0, "depthwise defaults");
  eto_op d = test_op("conv2d_transpose n=1 c=3 h=8 w=8 k=4 r=3 s=3 stride=2 output_padding=1");
  CHECK(d.output_padding[0] == 1 && d.output_padding[1] == 1 && d.dilation[0] == 1, "transpose lists");
  eto_op e = test_op("matmul m=+3 n=04 k=5");
  CHECK(e.v[ETO_KEY_M] == 3 && e.v[ETO_KEY_N] == 4 && e.v[ETO_KEY_B] == 0, "integers");
  eto_oplist *l;
  char msg[256];
  CHECK(eto_oplist_parse("t.list", "# only a comment\n\n   \n", 21, &l, msg, sizeof msg) == ETO_OK,
        "empty list");
  CHECK(eto_oplist_count(l) == 0 && eto_oplist_lines(l) == 0, "empty list has no operators");
  eto_oplist_free(l);
  eto_oplist_free(NULL);
  CHECK(eto_oplist_parse("t.list", "\xef\xbb\xbfnorm b=1 m=2 n=3", 19, &l, msg, sizeof msg) == ETO_OK,
        "BOM: %s", msg);
  eto_oplist_free(l);
  /* text need not be NUL-terminated: only len bytes are read */
  const char buf[] = {'n', 'o', 'r', 'm', ' ', 'b', '=', '1', ' ', 'm', '=', '2', ' ', 'n', '=', '3', 'X'};
  CHECK(eto_oplist_parse("t.list", buf, sizeof buf - 1, &l, msg, sizeof msg) == ETO_OK, "%s", msg);
  eto_oplist_free(l);
}

static void test_merge(void) {
  const char *text =
      "conv2d n=1 c=3 h=8 w=8 k=4 r=3 s=3 freq=2 name=first\n"
      "matmul m=2 n=3 k=4\n"
      "conv2d k=4 s=3 r=3 w=8 h=8 c=3 n=1 stride=1,1 pad=0 dilation=1 dtype=float32 name=second\n"
      "batch_matmul b=1 m=2 n=3 k=4\n"
      "conv2d n=1 c=3 h=8 w=8 k=4 r=3 s=3 freq=5\n"
      "conv2d n=1 c=3 h=8 w=8 k=4 r=3 s=3 bias=1\n"
      "matmul m=2 n=3 k=4 freq=3 name=fc\n";
  eto_oplist *l;
  char msg[1024];
  CHECK(eto_oplist_parse("t.list", text, strlen(text), &l, msg, sizeof msg) == ETO_OK, "%s", msg);
  CHECK(eto_oplist_count(l) == 4, "merged to %d operators, expected 4", eto_oplist_count(l));
  CHECK(eto_oplist_lines(l) == 7, "lines %d", eto_oplist_lines(l));
  if (eto_oplist_count(l) == 4) {
    const eto_op *a = eto_oplist_get(l, 0), *m = eto_oplist_get(l, 1), *bm = eto_oplist_get(l, 2);
    const eto_op *cb = eto_oplist_get(l, 3);
    CHECK(a->kind == ETO_OP_CONV2D && a->freq == 8 && strcmp(a->name, "first") == 0 && a->line == 1,
          "conv2d merge");
    CHECK(m->kind == ETO_OP_MATMUL && m->freq == 4 && strcmp(m->name, "fc") == 0 && m->line == 2,
          "matmul merge: first non-empty name");
    CHECK(bm->kind == ETO_OP_BATCH_MATMUL && bm->freq == 1, "batch_matmul b=1 stays its own operator");
    CHECK(cb->bias == 1 && cb->line == 6, "bias makes a different key");
  }
  CHECK(eto_oplist_get(l, 4) == NULL && eto_oplist_get(l, -1) == NULL, "out-of-range get");
  eto_oplist_free(l);
}

/* The workload key keys the cache: these strings must never change. */
static void test_keys(void) {
  static const struct {
    const char *line, *key;
  } cases[] = {
      {"conv2d n=1 c=3 h=224 w=224 k=64 r=7 s=7 stride=2 pad=3 name=x freq=9",
       "conv2d:n=1,k=64,c=3,h=224,w=224,r=7,s=7;stride=2,2;pad=3,3;dilation=1,1;dtype=float32"},
      {"matmul m=128 n=768 k=768 bias=1 relu=1", "matmul:m=128,n=768,k=768;dtype=float32;bias;relu"},
      {"batch_matmul b=12 m=128 n=128 k=64", "batch_matmul:b=12,m=128,n=128,k=64;dtype=float32"},
      {"conv1d n=2 c=3 l=50 k=4 r=5 stride=2 dilation=2",
       "conv1d:n=2,k=4,c=3,l=50,r=5;stride=2;pad=0;dilation=2;dtype=float32"},
      {"conv3d n=1 c=2 d=8 h=9 w=10 k=4 t=3 r=3 s=3 pad=1,0,1",
       "conv3d:n=1,k=4,c=2,d=8,h=9,w=10,t=3,r=3,s=3;stride=1,1,1;pad=1,0,1;dilation=1,1,1;dtype=float32"},
      {"group_conv2d n=1 c=8 h=5 w=5 k=4 r=3 s=3 groups=2 relu=1",
       "group_conv2d:n=1,k=4,c=8,h=5,w=5,r=3,s=3,groups=2;stride=1,1;pad=0,0;dilation=1,1;dtype=float32;"
       "relu"},
      {"depthwise_conv2d n=1 c=32 h=112 w=112 r=3 s=3 stride=1 pad=1 dilation=1 multiplier=1 freq=1",
       "depthwise_conv2d:n=1,c=32,h=112,w=112,r=3,s=3,multiplier=1;stride=1,1;pad=1,1;dilation=1,1;dtype="
       "float32"},
      {"conv2d_transpose n=1 c=4 h=5 w=5 k=2 r=3 s=3 stride=2 pad=1 output_padding=1",
       "conv2d_transpose:n=1,k=2,c=4,h=5,w=5,r=3,s=3;stride=2,2;pad=1,1;output_padding=1,1;dtype=float32"},
      {"capsule_conv2d n=1 h=16 w=16 c=32 k=32 r=3 s=3 capsule=4 stride=2 pad=1",
       "capsule_conv2d:n=1,k=32,c=32,h=16,w=16,r=3,s=3,capsule=4;stride=2,2;pad=1,1;dtype=float32"},
      {"norm b=1 m=256 n=256", "norm:b=1,m=256,n=256;dtype=float32"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    eto_op op = test_op(cases[i].line);
    char key[512];
    int n = eto_op_key(&op, key, sizeof key);
    CHECK(strcmp(key, cases[i].key) == 0, "key of '%s':\n  got      %s\n  expected %s", cases[i].line, key,
          cases[i].key);
    CHECK(n == (int)strlen(cases[i].key), "key length %d", n);
    char small[10];
    CHECK(eto_op_key(&op, small, sizeof small) == n && strlen(small) == 9, "truncated key");
  }
}

static int ops_equal(const eto_op *a, const eto_op *b) {
  eto_op x = *a, y = *b;
  x.line = y.line = 0;
  return memcmp(&x, &y, sizeof x) == 0;
}

/* eto_op_format gives a line that parses back to an equal operator, for every kind with random values. */
static void test_format_round_trip(void) {
  rng r = {99};
  for (int k = 0; k < ETO_OP_KIND_COUNT; k++)
    for (int it = 0; it < 30; it++) {
      char usage[160], line[512];
      eto_op_kind_usage((eto_op_kind)k, usage, sizeof usage);
      /* Build a line from the usage text with random values. */
      size_t n = 0;
      char *save = NULL;
      for (char *tok = strtok_r(usage, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(tok, '=');
        if (eq) *eq = '\0';
        if (n == 0) {
          n += (size_t)snprintf(line + n, sizeof line - n, "%s", tok);
          continue;
        }
        int list = !strcmp(tok, "stride") || !strcmp(tok, "pad") || !strcmp(tok, "dilation");
        if (!strcmp(tok, "output_padding")) continue; /* must stay below stride: tested elsewhere */
        n += (size_t)snprintf(line + n, sizeof line - n, " %s=%lld", tok,
                              (long long)rng_int(&r, list && !strcmp(tok, "pad") ? 0 : 1, list ? 2 : 9));
      }
      if (k == ETO_OP_GROUP_CONV2D) continue; /* groups must divide: covered by the fixed cases below */
      n += (size_t)snprintf(line + n, sizeof line - n, " freq=%d name=op%d%s", it + 1, it,
                            k != ETO_OP_NORM && it % 2 ? " bias=1 relu=1" : "");
      eto_oplist *l;
      char msg[1024];
      if (eto_oplist_parse("t.list", line, strlen(line), &l, msg, sizeof msg) != ETO_OK)
        continue; /* too small */
      const eto_op *op = eto_oplist_get(l, 0);
      char text[512];
      int len = eto_op_format(op, text, sizeof text);
      CHECK(len == (int)strlen(text), "format length");
      eto_op back = test_op(text);
      CHECK(ops_equal(op, &back), "round trip of '%s' via '%s' changed the operator", line, text);
      eto_oplist_free(l);
    }
  static const char *const fixed[] = {
      "group_conv2d n=2 c=8 h=5 w=6 k=4 r=3 s=2 groups=4 stride=2,1 pad=1,0 dilation=1,2 bias=1",
      "conv2d_transpose n=1 c=4 h=5 w=5 k=2 r=3 s=3 stride=3,2 pad=1 output_padding=2,1 relu=1 freq=3",
      "conv3d n=1 c=2 d=8 h=9 w=10 k=4 t=3 r=3 s=3 pad=1,0,1 stride=2 name=c3",
  };
  for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
    eto_op op = test_op(fixed[i]);
    char text[512];
    eto_op_format(&op, text, sizeof text);
    eto_op back = test_op(text);
    CHECK(ops_equal(&op, &back), "round trip of '%s' via '%s'", fixed[i], text);
  }
}

static void test_let(void) {
  const char *text = "let S={64,128}\nlet B=1..3\nbatch_matmul b=B m=S n=S k=64\nmatmul m=S n=S k=S freq=2\n";
  eto_oplist *l;
  char msg[1024];
  CHECK(eto_oplist_parse("t.list", text, strlen(text), &l, msg, sizeof msg) == ETO_OK, "%s", msg);
  /* one operator per value of each distinct symbol: m=S n=S share S's value */
  CHECK(eto_oplist_count(l) == 3 * 2 + 2, "let expanded to %d operators", eto_oplist_count(l));
  if (eto_oplist_count(l) == 8) {
    const eto_op *o = eto_oplist_get(l, 0), *last = eto_oplist_get(l, 7);
    for (int i = 0; i < 8; i++)
      CHECK(eto_oplist_get(l, i)->v[ETO_KEY_M] == eto_oplist_get(l, i)->v[ETO_KEY_N], "m and n differ in %d", i);
    CHECK(o->v[ETO_KEY_B] == 1 && o->v[ETO_KEY_M] == 64 && o->v[ETO_KEY_N] == 64, "first expansion");
    CHECK(last->kind == ETO_OP_MATMUL && last->v[ETO_KEY_M] == 128 && last->v[ETO_KEY_K] == 128 && last->freq == 2 &&
              last->line == 4,
          "last");
  }
  eto_oplist_free(l);
  expect_error("matmul m=S n=1 k=1", "t.list:1:10: ", "m expects an integer, got 'S'");
  expect_error("let S=1..4\nmatmul m=T n=1 k=1", "t.list:2:10: ", "not a declared symbol");
  expect_error("let S=4..1", "t.list:1:10: ", "empty range");
  expect_error("let S=0..4", "t.list:1:7: ", "must be a positive integer");
  expect_error("let S={1,2,2}", "t.list:1:12: ", "repeated");
  expect_error("let 9S=1..2", "t.list:1:5: ", "bad symbol name");
  expect_error("let S=1..2\nlet S=3..4", "t.list:2:5: ", "already declared");
  expect_error("let S=1..100000", "t.list:1:7: ", "above the limit");
  expect_error("let S={1,5}\nconv2d n=1 c=1 h=4 w=4 k=1 r=S s=1", "t.list:2:30: ", "(with S=5)");
  expect_error("let A=1..4096\nlet B=1..4096\nmatmul m=A n=B k=1", "t.list:3:1: ", "too many operators");
}

/* let ... weight=: a histogram of the symbol's values multiplies the expanded operators' freq (unlisted: 1),
 * inline or from a file next to the list; merging equal keys sums the weighted freq */
static void test_let_weights(void) {
  const char *text = "let S=1..4 weight={2:10,4:3}\nmatmul m=S n=8 k=8 freq=2\nlet T={4,8}\n"
                     "batch_matmul b=2 m=S n=T k=4\nmatmul m=4 n=8 k=8\n";
  eto_oplist *l;
  char msg[2048];
  CHECK(eto_oplist_parse("t.list", text, strlen(text), &l, msg, sizeof msg) == ETO_OK, "%s", msg);
  /* matmul m=1..4 freq 2x(1,10,1,3), the last merged with the plain line (+1); batch_matmul S x T */
  long long want[4] = {2, 20, 2, 7};
  CHECK(eto_oplist_count(l) == 4 + 8, "weighted let: %d operators", eto_oplist_count(l));
  for (int i = 0; i < 4 && eto_oplist_count(l) == 12; i++)
    CHECK(eto_oplist_get(l, i)->v[ETO_KEY_M] == i + 1 && eto_oplist_get(l, i)->freq == want[i],
          "m=%d: freq %lld, want %lld", i + 1, (long long)eto_oplist_get(l, i)->freq, want[i]);
  for (int i = 4; i < 12 && eto_oplist_count(l) == 12; i++) {
    const eto_op *o = eto_oplist_get(l, i);
    long long w = o->v[ETO_KEY_M] == 2 ? 10 : o->v[ETO_KEY_M] == 4 ? 3 : 1;
    CHECK(o->freq == w, "batch_matmul m=%lld: freq %lld, want %lld", (long long)o->v[ETO_KEY_M], (long long)o->freq, w);
  }
  eto_oplist_free(l);
  /* from a file, relative to the list's directory, with comments; the same freq as inline */
  char dir[] = "/tmp/etotune_hist_XXXXXX", path[600], list[600];
  CHECK(mkdtemp(dir) != NULL, "mkdtemp");
  snprintf(path, sizeof path, "%s/len.hist", dir);
  FILE *f = fopen(path, "w");
  CHECK(f != NULL, "cannot write %s", path);
  if (f) {
    fputs("# length count\n2 10\n\n4,3  # common\n", f);
    fclose(f);
  }
  snprintf(list, sizeof list, "%s/x.list", dir);
  const char *t2 = "let S=1..4 weight=@len.hist\nmatmul m=S n=8 k=8 freq=2\n";
  CHECK(eto_oplist_parse(list, t2, strlen(t2), &l, msg, sizeof msg) == ETO_OK, "%s", msg);
  for (int i = 0; i < 4 && l && eto_oplist_count(l) == 4; i++)
    CHECK(eto_oplist_get(l, i)->freq == (i == 3 ? 6 : want[i]), "file: m=%d freq %lld", i + 1,
          (long long)eto_oplist_get(l, i)->freq);
  eto_oplist_free(l);
  f = fopen(path, "w");
  if (f) {
    fputs("2 10\n9 1\n", f);
    fclose(f);
  }
  snprintf(msg, sizeof msg, "%s", "");
  CHECK(eto_oplist_parse(list, t2, strlen(t2), &l, msg, sizeof msg) == ETO_ERR_PARSE && strstr(msg, "len.hist line 2") &&
            strstr(msg, "S=9, a value S does not take"),
        "file error: %s", msg);
  remove(path);
  CHECK(eto_oplist_parse(list, t2, strlen(t2), &l, msg, sizeof msg) == ETO_ERR_PARSE && strstr(msg, "cannot open"),
        "missing file: %s", msg);
  remove(dir);
  expect_error("let S=1..4 weight={5:2}", "t.list:1:20: ", "weight for S=5, a value S does not take");
  expect_error("let S=1..4 weight={2:2,2:3}", "t.list:1:24: ", "S=2 is given a weight twice");
  expect_error("let S=1..4 weight={2:0}", "t.list:1:22: ", "must be a positive integer");
  expect_error("let S=1..4 weight={2}", "t.list:1:20: ", "expected pairs VALUE:COUNT");
  expect_error("let S=1..4 weight=2", "t.list:1:19: ", "weight expects {VALUE:COUNT,...} or @FILE");
  expect_error("let S=1..4 freq={2:2}", "t.list:1:12: ", "optionally weight=");
}

/* Expected facts of the shipped workload lists (by file name). */
static const struct {
  const char *file;
  int operators;
  long long freq;
} known_lists[] = {
    {"resnet50.list", 20, 53},   {"bert_base.list", 5, 96},  {"mobilenetv2.list", 31, 53},
    {"capsule_pool.list", 8, 8}, {"norm_pool.list", 13, 13},
};

static void test_dir(const char *dir) {
  DIR *d = opendir(dir);
  CHECK(d != NULL, "cannot open %s", dir);
  if (!d) return;
  int nfiles = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    size_t n = strlen(e->d_name);
    if (n < 5 || strcmp(e->d_name + n - 5, ".list") != 0) continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    eto_oplist *l;
    char msg[4096];
    eto_status st = eto_oplist_load(path, &l, msg, sizeof msg);
    CHECK(st == ETO_OK, "%s: %s", path, msg);
    if (st != ETO_OK) continue;
    nfiles++;
    long long freq = 0;
    for (int i = 0; i < eto_oplist_count(l); i++) {
      const eto_op *op = eto_oplist_get(l, i);
      freq += op->freq;
      char text[512];
      eto_op_format(op, text, sizeof text);
      eto_op back = test_op(text);
      CHECK(ops_equal(op, &back), "%s: round trip of operator %d via '%s'", path, i, text);
      CHECK(eto_op_check(op, NULL, 0) == ETO_OK, "%s: operator %d fails eto_op_check", path, i);
    }
    for (size_t k = 0; k < sizeof known_lists / sizeof known_lists[0]; k++)
      if (strcmp(e->d_name, known_lists[k].file) == 0)
        CHECK(eto_oplist_count(l) == known_lists[k].operators && freq == known_lists[k].freq,
              "%s: %d operators with total freq %lld, expected %d and %lld", path, eto_oplist_count(l), freq,
              known_lists[k].operators, known_lists[k].freq);
    eto_oplist_free(l);
  }
  closedir(d);
  CHECK(nfiles > 0, "no .list files in %s", dir);
  printf("%s: %d lists parsed\n", dir, nfiles);
}

static void test_api(void) {
  eto_op_kind k;
  CHECK(eto_op_kind_from_name("conv2d_transpose", &k) == 0 && k == ETO_OP_CONV2D_TRANSPOSE, "from_name");
  CHECK(eto_op_kind_from_name("conv", &k) == -1 && eto_op_kind_from_name(NULL, &k) == -1, "unknown name");
  CHECK(eto_op_kind_name(ETO_OP_KIND_COUNT) == NULL && eto_op_kind_name((eto_op_kind)-1) == NULL,
        "name range");
  for (int i = 0; i < ETO_OP_KIND_COUNT; i++) {
    CHECK(eto_op_kind_from_name(eto_op_kind_name((eto_op_kind)i), &k) == 0 && (int)k == i, "name/from_name");
    CHECK(eto_op_kind_summary((eto_op_kind)i) != NULL, "summary");
  }
  char usage[160];
  eto_op_kind_usage(ETO_OP_CONV2D, usage, sizeof usage);
  CHECK(strcmp(usage, "conv2d n c h w k r s stride=1 pad=0 dilation=1") == 0, "usage '%s'", usage);
  eto_op_kind_usage(ETO_OP_CAPSULE_CONV2D, usage, sizeof usage);
  CHECK(strcmp(usage, "capsule_conv2d n h w c k r s capsule=4 stride=1 pad=0") == 0, "usage '%s'", usage);
  CHECK(strcmp(eto_key_name(ETO_KEY_MULTIPLIER), "multiplier") == 0 && eto_key_name(ETO_KEY_COUNT) == NULL,
        "keys");
  /* eto_op_check on operators built by hand */
  eto_op op;
  char msg[256];
  eto_op_init(&op, ETO_OP_CONV2D);
  CHECK(eto_op_check(&op, msg, sizeof msg) == ETO_ERR_INVALID && strstr(msg, "positive"), "unset keys: %s",
        msg);
  op.v[ETO_KEY_N] = op.v[ETO_KEY_C] = op.v[ETO_KEY_K] = 1;
  op.v[ETO_KEY_H] = op.v[ETO_KEY_W] = 8, op.v[ETO_KEY_R] = op.v[ETO_KEY_S] = 3;
  CHECK(eto_op_check(&op, msg, sizeof msg) == ETO_OK, "valid: %s", msg);
  op.v[ETO_KEY_C] = ETO_OP_MAX_EXTENT, op.v[ETO_KEY_H] = op.v[ETO_KEY_W] = 4096;
  CHECK(eto_op_check(&op, msg, sizeof msg) == ETO_ERR_LIMIT, "limit: %s", msg);
  eto_op_init(&op, ETO_OP_NORM);
  op.v[ETO_KEY_B] = op.v[ETO_KEY_M] = op.v[ETO_KEY_N] = 2;
  op.relu = 1;
  CHECK(eto_op_check(&op, msg, sizeof msg) == ETO_ERR_INVALID && strstr(msg, "epilogue"), "norm relu: %s",
        msg);
  eto_oplist *l = (eto_oplist *)1;
  CHECK(eto_oplist_load("/nonexistent/x.list", &l, msg, sizeof msg) == ETO_ERR_IO && l == NULL &&
            strstr(msg, "/nonexistent/x.list: cannot open"),
        "load of a missing file: %s", msg);
}

int main(int argc, char **argv) {
  test_errors();
  test_valid_forms();
  test_merge();
  test_keys();
  test_format_round_trip();
  test_let();
  test_let_weights();
  test_api();
  for (int i = 1; i < argc; i++) test_dir(argv[i]);
  return check_result();
}
