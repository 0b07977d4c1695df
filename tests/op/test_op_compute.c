/* test_op_compute.c — for every kind on many small seeded random shapes (all strides, paddings,
 * dilations, output paddings, groups, multipliers, capsule sizes, bias and relu):
 *   eto_compute_reference(eto_op_compute(op)) == eto_op_reference(op),
 * plus structural checks of the compute description and the loop nest (names, extents, FLOPs). */
#include <stdio.h>

#include "op_test_util.h"

static const uint64_t SEED = 7001;
enum { SHAPES_PER_KIND = 60 };

static eto_op random_op(rng *r, eto_op_kind kind) {
  for (;;) {
    eto_op op;
    eto_op_init(&op, kind);
    for (int k = 0; k < ETO_KEY_COUNT; k++)
      if (op.v[k] == 0 && k != ETO_KEY_GROUPS && k != ETO_KEY_MULTIPLIER && k != ETO_KEY_CAPSULE)
        op.v[k] = rng_int(r, 1, 5);
    /* keys the kind does not take go back to 0 */
    eto_op fresh;
    eto_op_init(&fresh, kind);
    char usage[160];
    eto_op_kind_usage(kind, usage, sizeof usage);
    for (int k = 0; k < ETO_KEY_COUNT; k++) {
      char pat[24];
      snprintf(pat, sizeof pat, " %s", eto_key_name((eto_key)k));
      const char *at = strstr(usage, pat);
      int has = at && (at[strlen(pat)] == ' ' || at[strlen(pat)] == '=' || at[strlen(pat)] == '\0');
      if (!has) op.v[k] = 0;
    }
    for (int a = 0; a < op.nspatial; a++) {
      op.stride[a] = rng_int(r, 1, 3);
      op.pad[a] = rng_int(r, 0, 3);
      if (kind != ETO_OP_CONV2D_TRANSPOSE && kind != ETO_OP_CAPSULE_CONV2D) op.dilation[a] = rng_int(r, 1, 3);
      if (kind == ETO_OP_CONV2D_TRANSPOSE) op.output_padding[a] = rng_int(r, 0, op.stride[a] - 1);
    }
    if (kind == ETO_OP_GROUP_CONV2D) {
      int64_t g = rng_int(r, 1, 3);
      op.v[ETO_KEY_GROUPS] = g, op.v[ETO_KEY_C] = g * rng_int(r, 1, 3),
      op.v[ETO_KEY_K] = g * rng_int(r, 1, 3);
    }
    if (kind == ETO_OP_DEPTHWISE_CONV2D) op.v[ETO_KEY_MULTIPLIER] = rng_int(r, 1, 3);
    if (kind == ETO_OP_CAPSULE_CONV2D)
      op.v[ETO_KEY_CAPSULE] = rng_int(r, 1, 3), op.v[ETO_KEY_C] = rng_int(r, 1, 2);
    if (kind == ETO_OP_CONV3D) op.v[ETO_KEY_C] = rng_int(r, 1, 2), op.v[ETO_KEY_K] = rng_int(r, 1, 2);
    if (kind != ETO_OP_NORM) op.bias = (int)rng_int(r, 0, 1), op.relu = (int)rng_int(r, 0, 1);
    if (eto_op_check(&op, NULL, 0) == ETO_OK) return op;
  }
}

/* Structural facts of the compute description that sched and lower rely on. */
static void check_structure(const eto_op *op, const eto_compute *c, const char *key) {
  eto_loop_nest nest;
  eto_op_loop_nest(op, &nest);
  CHECK(memcmp(&nest, &c->nest, sizeof nest) == 0, "%s: compute nest differs from eto_op_loop_nest", key);
  eto_shape o;
  eto_op_output_shape(op, &o);
  CHECK(o.rank == nest.nspace, "%s: output rank %d vs %d space loops", key, o.rank, nest.nspace);
  for (int i = 0; i < o.rank && i < nest.nspace; i++)
    CHECK(o.dim[i] == nest.space[i].extent, "%s: output dim %d", key, i);
  CHECK(c->ninputs == (op->kind == ETO_OP_NORM ? 1 : 2), "%s: ninputs %d", key, c->ninputs);
  CHECK(c->body == (op->kind == ETO_OP_NORM ? ETO_BODY_SQUARE_ADD_SQRT : ETO_BODY_MUL_ADD), "%s: body", key);
  CHECK(c->bias == op->bias && c->relu == op->relu, "%s: epilogue flags", key);
  CHECK((c->bias_axis >= 0) == (op->bias != 0) && c->bias_axis < nest.nspace, "%s: bias_axis %d", key,
        c->bias_axis);
  if (op->bias) {
    eto_shape b;
    eto_op_input_shape(op, 2, &b);
    CHECK(b.rank == 1 && b.dim[0] == nest.space[c->bias_axis].extent, "%s: bias shape", key);
  }
  for (int i = 0; i < c->ninputs; i++) {
    const eto_operand *in = &c->in[i];
    eto_shape s;
    eto_op_input_shape(op, i, &s);
    int64_t n = 1;
    for (int d = 0; d < in->rank; d++) n *= in->shape[d];
    CHECK(n == eto_shape_size(&s), "%s: operand %d holds %lld elements, input %lld", key, i, (long long)n,
          (long long)eto_shape_size(&s));
    if (!(op->kind == ETO_OP_DEPTHWISE_CONV2D && i == 1)) {
      CHECK(in->rank == s.rank, "%s: operand %d rank", key, i);
      for (int d = 0; d < in->rank && d < s.rank; d++)
        CHECK(in->shape[d] == s.dim[d], "%s: operand %d dim %d", key, i, d);
    }
    for (int d = 0; d < in->rank; d++) {
      CHECK(in->dilate[d] >= 1 && in->pad_lo[d] >= 0, "%s: operand %d dim %d pad_lo/dilate", key, i, d);
      CHECK(in->index[d].nterms >= 1 && in->index[d].nterms <= ETO_MAX_TERMS, "%s: nterms", key);
      for (int t = 0; t < in->index[d].nterms; t++) {
        const eto_term *tm = &in->index[d].term[t];
        CHECK(tm->var >= 0 && tm->var < nest.nspace + nest.nreduce && tm->div >= 1 && tm->coef != 0,
              "%s: operand %d dim %d term %d", key, i, d, t);
      }
    }
  }
}

static void test_kind(rng *r, eto_op_kind kind) {
  for (int it = 0; it < SHAPES_PER_KIND; it++) {
    eto_op op = random_op(r, kind);
    char key[512];
    eto_op_key(&op, key, sizeof key);
    eto_compute c;
    eto_op_compute(&op, &c);
    check_structure(&op, &c, key);
    op_tensors t;
    tensors_alloc(&op, r, &t);
    CHECK(eto_op_reference(&op, (const float *const *)t.in, t.out) == ETO_OK, "%s: reference", key);
    CHECK(eto_compute_reference(&c, (const float *const *)t.in, t.out2) == ETO_OK, "%s: compute reference",
          key);
    int64_t at;
    double d = max_mismatch(t.out2, t.out, t.out_size, &at);
    CHECK(at < 0, "%s: compute description disagrees with the reference at %lld: %g vs %g (diff %g)", key,
          (long long)at, at >= 0 ? t.out2[at] : 0.0, at >= 0 ? t.out[at] : 0.0, d);
    tensors_free(&t);
  }
}

/* A wrong description must be caught: perturb each index expression and expect a mismatch somewhere. */
static void test_detects_errors(rng *r) {
  eto_op op = test_op("conv2d n=1 c=2 h=6 w=5 k=2 r=3 s=2 stride=2,1 pad=1 dilation=1,2");
  eto_compute c;
  eto_op_compute(&op, &c);
  op_tensors t;
  tensors_alloc(&op, r, &t);
  eto_op_reference(&op, (const float *const *)t.in, t.out);
  for (int i = 0; i < c.ninputs; i++)
    for (int d = 0; d < c.in[i].rank; d++) {
      eto_compute bad = c;
      bad.in[i].index[d].offset += 1;
      eto_compute_reference(&bad, (const float *const *)t.in, t.out2);
      int64_t at;
      max_mismatch(t.out2, t.out, t.out_size, &at);
      CHECK(at >= 0, "offset +1 on operand %d dim %d went unnoticed", i, d);
    }
  tensors_free(&t);
}

/* Loop names and extents per kind (docs/architecture.md §3 and the issue). */
static void test_nests(void) {
  static const struct {
    const char *line, *nest;
  } cases[] = {
      {"matmul m=3 n=4 k=5", "b=1 i=3 j=4 | k=5"},
      {"batch_matmul b=2 m=3 n=4 k=5", "b=2 i=3 j=4 | k=5"},
      {"conv1d n=1 c=2 l=10 k=3 r=3 stride=2", "nn=1 ff=3 xx=4 | rc=2 rx=3"},
      {"conv2d n=1 c=3 h=224 w=224 k=64 r=7 s=7 stride=2 pad=3", "nn=1 ff=64 yy=112 xx=112 | rc=3 ry=7 rx=7"},
      {"conv3d n=1 c=2 d=8 h=9 w=10 k=4 t=3 r=3 s=3 pad=1",
       "nn=1 ff=4 zz=8 yy=9 xx=10 | rc=2 rz=3 ry=3 rx=3"},
      {"group_conv2d n=1 c=8 h=5 w=5 k=4 r=3 s=3 groups=2", "nn=1 ff=4 yy=3 xx=3 | rc=4 ry=3 rx=3"},
      {"depthwise_conv2d n=1 c=8 h=5 w=5 r=3 s=3 multiplier=2 pad=1", "nn=1 ff=16 yy=5 xx=5 | ry=3 rx=3"},
      {"conv2d_transpose n=1 c=4 h=5 w=5 k=2 r=3 s=3 stride=2 pad=1 output_padding=1",
       "nn=1 ff=2 yy=10 xx=10 | rc=4 ry=3 rx=3"},
      {"capsule_conv2d n=1 h=16 w=16 c=32 k=32 r=3 s=3 stride=2 pad=1",
       "nn=1 yy=8 xx=8 cap_i=4 cap_j=4 ff=32 | ry=3 rx=3 cap_k=4 rc=32"},
      {"norm b=2 m=3 n=4", "b=2 | i=3 j=4"},
      {"conv2d n=1 c=1 h=10 w=10 k=1 r=3 s=3 dilation=2,3", "nn=1 ff=1 yy=6 xx=4 | rc=1 ry=3 rx=3"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    eto_op op = test_op(cases[i].line);
    eto_loop_nest n;
    eto_op_loop_nest(&op, &n);
    char buf[256] = "";
    size_t len = 0;
    for (int j = 0; j < n.nspace; j++)
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s=%lld", j ? " " : "", n.space[j].name,
                              (long long)n.space[j].extent);
    len += (size_t)snprintf(buf + len, sizeof buf - len, " |");
    for (int j = 0; j < n.nreduce; j++)
      len += (size_t)snprintf(buf + len, sizeof buf - len, " %s=%lld", n.reduce[j].name,
                              (long long)n.reduce[j].extent);
    CHECK(strcmp(buf, cases[i].nest) == 0, "%s: nest '%s', expected '%s'", cases[i].line, buf, cases[i].nest);
  }
  /* FLOPs: 2 per multiply-add, plus bias and relu per output; norm adds one sqrt per output. */
  eto_op mm = test_op("matmul m=3 n=4 k=5 bias=1 relu=1");
  CHECK(eto_op_flops(&mm) == 2.0 * 3 * 4 * 5 + 2 * 12, "matmul flops %g", eto_op_flops(&mm));
  eto_op nm = test_op("norm b=2 m=3 n=4");
  CHECK(eto_op_flops(&nm) == 2.0 * 24 + 2, "norm flops %g", eto_op_flops(&nm));
  eto_op cv = test_op("conv2d n=1 c=3 h=224 w=224 k=64 r=7 s=7 stride=2 pad=3");
  CHECK(eto_op_flops(&cv) == 2.0 * 64 * 112 * 112 * 3 * 49, "conv2d flops %g", eto_op_flops(&cv));
  /* matmul keeps its own kind; reuse decisions see batch_matmul. */
  CHECK(mm.kind == ETO_OP_MATMUL && eto_op_reuse_kind(mm.kind) == ETO_OP_BATCH_MATMUL, "matmul reuse kind");
  CHECK(eto_op_reuse_kind(ETO_OP_CONV2D) == ETO_OP_CONV2D, "conv2d reuse kind");
  /* input shapes */
  eto_op dw = test_op("depthwise_conv2d n=2 c=3 h=5 w=6 r=3 s=1 multiplier=2 bias=1");
  eto_shape s;
  CHECK(eto_op_num_inputs(&dw) == 3, "depthwise with bias has 3 inputs");
  eto_op_input_shape(&dw, 1, &s);
  CHECK(s.rank == 4 && s.dim[0] == 3 && s.dim[1] == 2 && s.dim[2] == 3 && s.dim[3] == 1,
        "depthwise weight shape");
  eto_op_input_shape(&dw, 2, &s);
  CHECK(s.rank == 1 && s.dim[0] == 6, "depthwise bias shape");
  CHECK(eto_op_input_shape(&dw, 3, &s) == -1, "input 3 out of range");
  CHECK(eto_op_num_inputs(&nm) == 1, "norm has one input");
}

/* Tensor bytes, against sizes worked out by hand from op.h's layouts. */
static void test_tensor_bytes(void) {
  int64_t in = 0, out = 0;
  /* A[1,36000,36000] + B[1,36000,36000], C[1,36000,36000]: the 26 GB operator (4 bytes a float) */
  eto_op big = test_op("matmul m=36000 n=36000 k=36000");
  eto_op_tensor_bytes(&big, &in, &out);
  CHECK(in == 2 * (int64_t)36000 * 36000 * 4 && out == (int64_t)36000 * 36000 * 4, "matmul 36000: %lld %lld",
        (long long)in, (long long)out);
  /* A[1,3,5] B[1,5,7] bias[7] -> C[1,3,7] */
  eto_op mm = test_op("matmul m=3 n=7 k=5 bias=1");
  eto_op_tensor_bytes(&mm, &in, &out);
  CHECK(in == (15 + 35 + 7) * 4 && out == 21 * 4, "matmul with bias: %lld %lld", (long long)in, (long long)out);
  /* X[2,3,8,8] W[4,3,3,3] -> Y[2,4,3,3] (stride 2, no pad: (8-3)/2+1 = 3) */
  eto_op cv = test_op("conv2d n=2 c=3 h=8 w=8 k=4 r=3 s=3 stride=2");
  eto_op_tensor_bytes(&cv, &in, &out);
  CHECK(in == (2 * 3 * 64 + 4 * 3 * 9) * 4 && out == 2 * 4 * 9 * 4, "conv2d: %lld %lld", (long long)in, (long long)out);
  /* X[4,16,32] -> Y[4] */
  eto_op nm = test_op("norm b=4 m=16 n=32");
  eto_op_tensor_bytes(&nm, &in, &out);
  CHECK(in == 4 * 16 * 32 * 4 && out == 4 * 4, "norm: %lld %lld", (long long)in, (long long)out);
}

int main(void) {
  rng r = {SEED};
  printf("seed %llu, %d shapes per kind\n", (unsigned long long)SEED, SHAPES_PER_KIND);
  for (int k = 0; k < ETO_OP_KIND_COUNT; k++) test_kind(&r, (eto_op_kind)k);
  test_detects_errors(&r);
  test_nests();
  test_tensor_bytes();
  return check_result();
}
