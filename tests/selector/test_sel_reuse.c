/* Reuse pairs and bridges on operators: the paper's example pair (conv2d 512 vs 256 input channels) is a
 * pair; different signatures (padding), kinds, or non-dominating nests are not; matmul reuses batch_matmul;
 * a bridge exists for two non-dominating operators and is dominated by both. */
#include <string.h>

#include "check.h"
#include "test_op.h"
#include "selector.h"

int main(void) {
  eto_target t;
  eto_target_cpu(2, &t);
  eto_op b512 = test_op("conv2d n=1 c=512 h=28 w=28 k=128 r=1 s=1\n"), b256 = test_op("conv2d n=1 c=256 h=28 w=28 k=128 r=1 s=1\n");
  eto_op p1 = test_op("conv2d n=1 c=256 h=28 w=28 k=128 r=3 s=3 pad=1\n");
  eto_op wide = test_op("conv2d n=1 c=256 h=56 w=56 k=64 r=1 s=1\n");
  eto_op mm = test_op("matmul m=128 n=768 k=768\n"), bmm = test_op("batch_matmul b=12 m=128 n=768 k=768\n");
  eto_op bmm2 = test_op("batch_matmul b=12 m=128 n=128 k=64\n");
  eto_op nrm = test_op("norm b=1 m=256 n=256\n");
  CHECK(eto_sel_reuse_pair(&b512, &b256, &t) && eto_sel_reuse_pair(&b256, &b512, &t), "paper pair");
  CHECK(!eto_sel_reuse_pair(&b256, &p1, &t), "padded 3x3 vs 1x1");
  CHECK(!eto_sel_reuse_pair(&b512, &wide, &t), "non-dominating nests");
  CHECK(eto_sel_reuse_pair(&mm, &bmm, &t), "matmul reuses batch_matmul");
  CHECK(!eto_sel_reuse_pair(&mm, &nrm, &t), "different kinds");
  eto_op br;
  CHECK(eto_sel_bridge(&b512, &wide, &t, &br), "no bridge for 512x28x28 / 256x56x56");
  CHECK(br.v[ETO_KEY_C] == 256 && br.v[ETO_KEY_H] == 28 && br.v[ETO_KEY_K] == 64, "bridge shape c=%lld h=%lld k=%lld",
        (long long)br.v[ETO_KEY_C], (long long)br.v[ETO_KEY_H], (long long)br.v[ETO_KEY_K]);
  CHECK(eto_sel_reuse_pair(&br, &b512, &t) && eto_sel_reuse_pair(&br, &wide, &t), "bridge is not a pair with both");
  CHECK(!eto_sel_bridge(&b512, &b256, &t, &br), "bridge between a dominating pair");
  CHECK(!eto_sel_bridge(&mm, &bmm2, &t, &br) || br.v[ETO_KEY_M] == 128, "bridge shape");
  return check_result();
}
