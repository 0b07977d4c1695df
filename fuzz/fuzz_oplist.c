/* fuzz_oplist.c — libFuzzer harness for eto_oplist_parse. Beyond "no crash, leak or UB", it checks
 * properties of every list that parses: each operator passes eto_op_check, its eto_op_format line parses
 * back to the same workload key, and (for small operators) the compute description evaluates to the
 * reference result. Build and run with fuzz/run.sh. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "op.h"

static void must(int cond) {
  if (!cond) __builtin_trap();
}

static void check_op(const eto_op *op) {
  char msg[256], key[512], key2[512], line[512];
  must(eto_op_check(op, msg, sizeof msg) == ETO_OK);
  int klen = eto_op_key(op, key, sizeof key);
  must(klen > 0 && klen < (int)sizeof key);
  int flen = eto_op_format(op, line, sizeof line);
  must(flen > 0 && flen < (int)sizeof line);
  eto_oplist *back = NULL;
  must(eto_oplist_parse("format", line, (size_t)flen, &back, msg, sizeof msg) == ETO_OK);
  must(eto_oplist_count(back) == 1);
  eto_op_key(eto_oplist_get(back, 0), key2, sizeof key2);
  must(strcmp(key, key2) == 0);
  eto_oplist_free(back);
  eto_compute c;
  eto_op_compute(op, &c);
  must(eto_op_flops(op) > 0);

  /* Run both references on small operators only (bounded work per input). */
  double work = eto_op_flops(op);
  int nin = eto_op_num_inputs(op);
  int64_t total = 0;
  eto_shape s;
  for (int i = 0; i < nin; i++) {
    eto_op_input_shape(op, i, &s);
    total += eto_shape_size(&s);
  }
  eto_op_output_shape(op, &s);
  int64_t nout = eto_shape_size(&s);
  if (work > 2e5 || total + nout > 20000) return;
  float *in[3] = {0}, *out = malloc((size_t)nout * sizeof(float)),
        *out2 = malloc((size_t)nout * sizeof(float));
  for (int i = 0; i < nin; i++) {
    eto_op_input_shape(op, i, &s);
    int64_t n = eto_shape_size(&s);
    in[i] = malloc((size_t)n * sizeof(float));
    for (int64_t j = 0; j < n; j++) in[i][j] = (float)((j * 7919 + i * 104729) % 17) / 8.0f - 1.0f;
  }
  must(eto_op_reference(op, (const float *const *)in, out) == ETO_OK);
  must(eto_compute_reference(&c, (const float *const *)in, out2) == ETO_OK);
  for (int64_t j = 0; j < nout; j++) {
    float d = out[j] - out2[j], a = out[j] < 0 ? -out[j] : out[j];
    must((d < 0 ? -d : d) <= 1e-4f * (a > 1 ? a : 1));
  }
  for (int i = 0; i < 3; i++) free(in[i]);
  free(out);
  free(out2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  eto_oplist *l = NULL;
  char msg[2048];
  eto_status st = eto_oplist_parse("fuzz", (const char *)data, size, &l, msg, sizeof msg);
  if (st != ETO_OK) {
    must(l == NULL && strlen(msg) < sizeof msg);
    return 0;
  }
  for (int i = 0; i < eto_oplist_count(l) && i < 64; i++) check_op(eto_oplist_get(l, i));
  eto_oplist_free(l);
  return 0;
}
