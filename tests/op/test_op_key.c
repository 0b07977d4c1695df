/* eto_op_from_key is the inverse of eto_op_key: every operator of the shipped lists (all kinds, epilogues,
 * per-axis lists) comes back from its key with the same key, shape and FLOPs; malformed keys are errors. */
#include <string.h>

#include "check.h"
#include "op.h"

int main(int argc, char **argv) {
  static const char *const extra =
      "conv2d n=2 c=8 h=9 w=7 k=4 r=3 s=2 stride=2,1 pad=1,0 dilation=1,2 bias=1 relu=1\n"
      "group_conv2d n=1 c=8 h=7 w=7 k=12 r=3 s=3 groups=4 pad=1\n"
      "depthwise_conv2d n=1 c=6 h=9 w=9 r=3 s=3 stride=2 pad=1 multiplier=2\n"
      "conv2d_transpose n=1 c=4 h=5 w=6 k=3 r=3 s=3 stride=2 pad=1 output_padding=1\n"
      "conv3d n=1 c=2 d=5 h=6 w=6 k=3 t=3 r=3 s=3 pad=1\n"
      "conv1d n=2 c=3 l=17 k=4 r=3 stride=2 pad=1 dilation=2\n"
      "matmul m=4 n=5 k=6 bias=1\n";
  int checked = 0;
  for (int f = 0; f <= argc - 1; f++) {
    eto_oplist *l = NULL;
    char msg[2048];
    eto_status st;
    if (f == 0) st = eto_oplist_parse("extra", extra, strlen(extra), &l, msg, sizeof msg);
    else {
      char path[1024];
      snprintf(path, sizeof path, "%s/resnet50.list", argv[f]);
      st = eto_oplist_load(path, &l, msg, sizeof msg);
    }
    CHECK(st == ETO_OK, "%s", msg);
    if (st != ETO_OK) continue;
    for (int i = 0; i < eto_oplist_count(l); i++) {
      char key[1024], back[1024];
      eto_op_key(eto_oplist_get(l, i), key, sizeof key);
      eto_op op;
      st = eto_op_from_key(key, &op, msg, sizeof msg);
      CHECK(st == ETO_OK, "%s: %s", key, msg);
      if (st != ETO_OK) continue;
      eto_op_key(&op, back, sizeof back);
      CHECK(strcmp(key, back) == 0, "%s came back as %s", key, back);
      CHECK(eto_op_flops(&op) == eto_op_flops(eto_oplist_get(l, i)), "%s: flops differ", key);
      checked++;
    }
    eto_oplist_free(l);
  }
  CHECK(checked >= 7, "only %d keys checked", checked);
  eto_op op;
  char msg[512];
  CHECK(eto_op_from_key("conv2d:n=1,c=3", &op, msg, sizeof msg) != ETO_OK, "incomplete key accepted");
  CHECK(eto_op_from_key("nonsense", &op, msg, sizeof msg) != ETO_OK, "garbage accepted");
  CHECK(eto_op_from_key("matmul:m=4,n=5,k=6;dtype=float32;relu;bias", &op, msg, sizeof msg) != ETO_OK,
        "non-canonical key accepted");
  return check_result();
}
