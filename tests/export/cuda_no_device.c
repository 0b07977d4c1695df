/* cuda_no_device.c — tests/export/cuda_export.sh: calls the host functions of the cuda export of
 * examples/quickstart.list where no kernel can run, and checks that each call fails with the documented code
 * and a message instead of crashing. Usage: cuda_no_device ENODEV|EIO TEXT — the code init and the kernel
 * functions must return, and a piece of text their message must hold. Prints the messages; exits 0 when all
 * hold. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "quickstart.h"

static int fail;

static void expect(const char *what, int rc, int code, const char *text) {
  const char *m = quickstart_last_error();
  printf("%s: %d: %s\n", what, rc, m);
  if (rc != code || !m || !strstr(m, text)) {
    fprintf(stderr, "FAIL: %s returned %d (expected %d), message \"%s\" (expected to hold \"%s\")\n", what, rc, code,
            m ? m : "(null)", text);
    fail = 1;
  }
}

int main(int argc, char **argv) {
  if (argc != 3 || (strcmp(argv[1], "ENODEV") != 0 && strcmp(argv[1], "EIO") != 0)) {
    fprintf(stderr, "usage: cuda_no_device ENODEV|EIO TEXT\n");
    return 2;
  }
  int code = strcmp(argv[1], "ENODEV") == 0 ? ENODEV : EIO;
  float dummy[4]; /* never dereferenced: the calls fail before a launch */
  if (quickstart_last_error()[0]) {
    fprintf(stderr, "FAIL: a message before any call: %s\n", quickstart_last_error());
    fail = 1;
  }
  expect("proj(NULL)", quickstart_proj(NULL, dummy, dummy), EINVAL, "NULL");
  expect("init", quickstart_init(), code, argv[2]);
  expect("proj", quickstart_proj(dummy, dummy, dummy), code, argv[2]);
  expect("norm", quickstart_norm(dummy, dummy), code, argv[2]);
  quickstart_shutdown();
  expect("attn_scores after shutdown", quickstart_attn_scores(dummy, dummy, dummy), code, argv[2]);
  quickstart_shutdown();
  return fail;
}
