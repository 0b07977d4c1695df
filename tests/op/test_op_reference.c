/* test_op_reference.c — eto_op_reference against independent oracles: hand-computed values on tiny cases,
 * conv2d via im2col + matmul, depthwise as a group convolution with groups=c, transposed convolution in
 * scatter form, norm by a scaled two-pass sum, group convolution as per-group conv2d, capsule convolution
 * as conv2d per capsule pair, conv1d/conv3d via conv2d, batch_matmul per batch; matmul and convolution bit for bit
 * against the textbook loops. Seeded (printed). */
#include <stdio.h>

#include "op_test_util.h"

static const uint64_t SEED = 20240611;

static void run_ref(const eto_op *op, op_tensors *t) {
  CHECK(eto_op_reference(op, (const float *const *)t->in, t->out) == ETO_OK, "reference failed");
}

static void expect(const char *what, const float *got, const float *want, int64_t n) {
  int64_t at;
  double d = max_mismatch(got, want, n, &at);
  CHECK(at < 0, "%s: element %lld is %g, expected %g (diff %g)", what, (long long)at, at >= 0 ? got[at] : 0.0,
        at >= 0 ? want[at] : 0.0, d);
}

/* ---- hand-computed ---- */

static void hand(const char *line, const float *const *in, const float *want, int64_t n) {
  eto_op op = test_op(line);
  eto_shape o;
  eto_op_output_shape(&op, &o);
  CHECK(eto_shape_size(&o) == n, "%s: output has %lld elements, expected %lld", line,
        (long long)eto_shape_size(&o), (long long)n);
  if (eto_shape_size(&o) != n) return;
  float out[64];
  CHECK(eto_op_reference(&op, in, out) == ETO_OK, "%s", line);
  expect(line, out, want, n);
  /* The compute description must give the same values. */
  eto_compute c;
  eto_op_compute(&op, &c);
  float out2[64];
  CHECK(eto_compute_reference(&c, in, out2) == ETO_OK, "%s", line);
  expect(line, out2, want, n);
}

static void test_hand(void) {
  const float A[] = {1, 2, 3, 4}, B[] = {5, 6, 7, 8};
  {
    const float *in[] = {A, B}, want[] = {19, 22, 43, 50};
    hand("matmul m=2 n=2 k=2", in, want, 4);
    hand("batch_matmul b=1 m=2 n=2 k=2", in, want, 4);
    hand("capsule_conv2d n=1 h=1 w=1 c=1 k=1 r=1 s=1 capsule=2", in, want, 4);
  }
  {
    const float bias[] = {-20, 0}, *in[] = {A, B, bias}, want[] = {0, 22, 23, 50};
    hand("matmul m=2 n=2 k=2 bias=1 relu=1", in, want, 4);
  }
  {
    const float a2[] = {1, 2, 3, 4, 5, 6, 7, 8}, b2[] = {1, 0, 0, 1, 0, 1, 1, 0};
    const float *in[] = {a2, b2}, want[] = {1, 2, 3, 4, 6, 5, 8, 7};
    hand("batch_matmul b=2 m=2 n=2 k=2", in, want, 8);
  }
  const float X9[] = {1, 2, 3, 4, 5, 6, 7, 8, 9}, W4[] = {1, 0, 0, -1};
  {
    const float *in[] = {X9, W4}, want[] = {-4, -4, -4, -4};
    hand("conv2d n=1 c=1 h=3 w=3 k=1 r=2 s=2", in, want, 4);
  }
  {
    const float *in[] = {X9, W4}, want[] = {-1, -3, -7, -4};
    hand("conv2d n=1 c=1 h=3 w=3 k=1 r=2 s=2 stride=2 pad=1", in, want, 4);
  }
  {
    const float bias[] = {2}, *in[] = {X9, W4, bias}, want[] = {1, 0, 0, 0};
    hand("conv2d n=1 c=1 h=3 w=3 k=1 r=2 s=2 stride=2 pad=1 bias=1 relu=1", in, want, 4);
  }
  {
    /* dilation 2: y = x[0,0] - x[2,2] */
    const float *in[] = {X9, W4}, want[] = {-8};
    hand("conv2d n=1 c=1 h=3 w=3 k=1 r=2 s=2 dilation=2", in, want, 1);
  }
  {
    const float x[] = {1, 2, 3, 4, 5}, w[] = {1, 1, 1}, *in[] = {x, w}, want[] = {9};
    hand("conv1d n=1 c=1 l=5 k=1 r=3 dilation=2", in, want, 1);
  }
  {
    const float x[] = {1, 2, 3, 4, 5}, w[] = {1, -1}, *in[] = {x, w}, want[] = {-1, -1};
    hand("conv1d n=1 c=1 l=5 k=1 r=2 stride=3", in, want, 2);
  }
  {
    const float w[] = {1, 2, 3, 4}, *in[] = {A, w};
    const float want[] = {1, 2, 2, 4, 3, 4, 6, 8, 3, 6, 4, 8, 9, 12, 12, 16};
    hand("conv2d_transpose n=1 c=1 h=2 w=2 k=1 r=2 s=2 stride=2", in, want, 16);
  }
  {
    /* stride 1, pad 1: the full correlation cropped by one on each side = the centre value */
    const float w[] = {1, 2, 3, 4}, *in[] = {A, w};
    const float want[] = {1 * 4 + 2 * 3 + 3 * 2 + 4 * 1};
    hand("conv2d_transpose n=1 c=1 h=2 w=2 k=1 r=2 s=2 pad=1", in, want, 1);
  }
  {
    const float x[] = {1, 2, 3, 4, 5, 6}, w[] = {1, 1, 1, -1, 2, 0, 0, 1}, *in[] = {x, w};
    const float want[] = {3, 5, -1, -1, 8, 10, 5, 6};
    hand("depthwise_conv2d n=1 c=2 h=1 w=3 r=1 s=2 multiplier=2", in, want, 8);
  }
  {
    const float x[] = {2, 3}, w[] = {5, 7}, *in[] = {x, w}, want[] = {10, 21};
    hand("group_conv2d n=1 c=2 h=1 w=1 k=2 r=1 s=1 groups=2", in, want, 2);
  }
  {
    const float x[] = {1, 1, 1, 1, 1, 1, 1, 1}, w[] = {1, 2, 3, 4, 5, 6, 7, 8}, *in[] = {x, w}, want[] = {36};
    hand("conv3d n=1 c=1 d=2 h=2 w=2 k=1 t=2 r=2 s=2", in, want, 1);
  }
  {
    const float x[] = {3, 4, 6, 8}, *in[] = {x}, want[] = {5, 10};
    hand("norm b=2 m=1 n=2", in, want, 2);
  }
}

/* ---- random shapes for the oracles ---- */

static eto_op random_conv2d(rng *r, eto_op_kind kind) {
  for (;;) {
    eto_op op;
    eto_op_init(&op, kind);
    op.v[ETO_KEY_N] = rng_int(r, 1, 2);
    op.v[ETO_KEY_C] = rng_int(r, 1, 4);
    op.v[ETO_KEY_K] = rng_int(r, 1, 4);
    op.v[ETO_KEY_H] = rng_int(r, 1, 7);
    op.v[ETO_KEY_W] = rng_int(r, 1, 7);
    op.v[ETO_KEY_R] = rng_int(r, 1, 3);
    op.v[ETO_KEY_S] = rng_int(r, 1, 3);
    for (int a = 0; a < 2; a++) {
      op.stride[a] = rng_int(r, 1, 3);
      op.pad[a] = rng_int(r, 0, 2);
      if (kind != ETO_OP_CONV2D_TRANSPOSE && kind != ETO_OP_CAPSULE_CONV2D) op.dilation[a] = rng_int(r, 1, 2);
      if (kind == ETO_OP_CONV2D_TRANSPOSE) op.output_padding[a] = rng_int(r, 0, op.stride[a] - 1);
    }
    if (kind == ETO_OP_GROUP_CONV2D) {
      int64_t g = rng_int(r, 1, 3);
      op.v[ETO_KEY_GROUPS] = g;
      op.v[ETO_KEY_C] = g * rng_int(r, 1, 3);
      op.v[ETO_KEY_K] = g * rng_int(r, 1, 3);
    }
    if (kind == ETO_OP_DEPTHWISE_CONV2D) op.v[ETO_KEY_K] = 0, op.v[ETO_KEY_MULTIPLIER] = rng_int(r, 1, 3);
    if (kind == ETO_OP_CAPSULE_CONV2D) op.v[ETO_KEY_CAPSULE] = rng_int(r, 1, 3);
    op.bias = (int)rng_int(r, 0, 1);
    op.relu = (int)rng_int(r, 0, 1);
    if (eto_op_check(&op, NULL, 0) == ETO_OK) return op;
  }
}

/* A random operator of a conv2d-like kind (without its epilogue when plain), its random inputs, its reference
 * output and its output shape. */
static eto_op random_with_ref(rng *r, eto_op_kind kind, int plain, op_tensors *t, eto_shape *o) {
  eto_op op = random_conv2d(r, kind);
  if (plain) op.bias = op.relu = 0;
  tensors_alloc(&op, r, t);
  run_ref(&op, t);
  eto_op_output_shape(&op, o);
  return op;
}

/* conv2d via im2col (rows = output pixels, columns = (c, r, s)) and a plain matmul, then the epilogue. */
static void test_conv2d_im2col(rng *r) {
  for (int it = 0; it < 40; it++) {
    op_tensors t;
    eto_shape o;
    eto_op op = random_with_ref(r, ETO_OP_CONV2D, 0, &t, &o);
    const int64_t N = op.v[ETO_KEY_N], C = op.v[ETO_KEY_C], H = op.v[ETO_KEY_H], W = op.v[ETO_KEY_W];
    const int64_t K = op.v[ETO_KEY_K], R = op.v[ETO_KEY_R], S = op.v[ETO_KEY_S];
    const int64_t OH = o.dim[2], OW = o.dim[3], P = OH * OW, Q = C * R * S;
    float *col = calloc((size_t)(P * Q), sizeof(float));
    for (int64_t n = 0; n < N; n++) {
      for (int64_t oh = 0; oh < OH; oh++)
        for (int64_t ow = 0; ow < OW; ow++)
          for (int64_t c = 0; c < C; c++)
            for (int64_t rr = 0; rr < R; rr++)
              for (int64_t ss = 0; ss < S; ss++) {
                int64_t ih = oh * op.stride[0] - op.pad[0] + rr * op.dilation[0];
                int64_t iw = ow * op.stride[1] - op.pad[1] + ss * op.dilation[1];
                float v =
                    ih >= 0 && ih < H && iw >= 0 && iw < W ? t.in[0][((n * C + c) * H + ih) * W + iw] : 0;
                col[(oh * OW + ow) * Q + (c * R + rr) * S + ss] = v;
              }
      for (int64_t k = 0; k < K; k++)
        for (int64_t p = 0; p < P; p++) {
          double acc = 0;
          for (int64_t q = 0; q < Q; q++) acc += (double)col[p * Q + q] * (double)t.in[1][k * Q + q];
          float y = (float)acc;
          double v = y;
          if (op.bias) v = (double)y + t.in[2][k];
          if (op.relu && v < 0) v = 0;
          t.out2[(n * K + k) * P + p] = (float)v;
        }
    }
    expect("conv2d vs im2col", t.out, t.out2, t.out_size);
    free(col);
    tensors_free(&t);
  }
}

/* depthwise_conv2d equals group_conv2d with groups=c, k=c*multiplier (W[C,MUL,R,S] is W[K,1,R,S]). */
static void test_depthwise_as_group(rng *r) {
  for (int it = 0; it < 40; it++) {
    eto_op dw = random_conv2d(r, ETO_OP_DEPTHWISE_CONV2D);
    eto_op g = dw;
    g.kind = ETO_OP_GROUP_CONV2D;
    g.v[ETO_KEY_GROUPS] = dw.v[ETO_KEY_C];
    g.v[ETO_KEY_K] = dw.v[ETO_KEY_C] * dw.v[ETO_KEY_MULTIPLIER];
    g.v[ETO_KEY_MULTIPLIER] = 0;
    CHECK(eto_op_check(&g, NULL, 0) == ETO_OK, "group form invalid");
    op_tensors t;
    tensors_alloc(&dw, r, &t);
    run_ref(&dw, &t);
    CHECK(eto_op_reference(&g, (const float *const *)t.in, t.out2) == ETO_OK, "group reference");
    expect("depthwise vs group conv", t.out, t.out2, t.out_size);
    tensors_free(&t);
  }
}

/* conv2d_transpose in scatter form: every input pixel adds its value times the kernel into the output. */
static void test_transpose_scatter(rng *r) {
  for (int it = 0; it < 40; it++) {
    op_tensors t;
    eto_shape o;
    eto_op op = random_with_ref(r, ETO_OP_CONV2D_TRANSPOSE, 0, &t, &o);
    const int64_t N = op.v[ETO_KEY_N], C = op.v[ETO_KEY_C], H = op.v[ETO_KEY_H], W = op.v[ETO_KEY_W];
    const int64_t K = op.v[ETO_KEY_K], R = op.v[ETO_KEY_R], S = op.v[ETO_KEY_S];
    const int64_t OH = o.dim[2], OW = o.dim[3];
    CHECK(OH == (H - 1) * op.stride[0] - 2 * op.pad[0] + R + op.output_padding[0], "OH %lld", (long long)OH);
    double *acc = calloc((size_t)t.out_size, sizeof(double));
    for (int64_t n = 0; n < N; n++)
      for (int64_t c = 0; c < C; c++)
        for (int64_t ih = 0; ih < H; ih++)
          for (int64_t iw = 0; iw < W; iw++)
            for (int64_t k = 0; k < K; k++)
              for (int64_t rr = 0; rr < R; rr++)
                for (int64_t ss = 0; ss < S; ss++) {
                  int64_t oh = ih * op.stride[0] + rr - op.pad[0], ow = iw * op.stride[1] + ss - op.pad[1];
                  if (oh < 0 || oh >= OH || ow < 0 || ow >= OW) continue;
                  acc[((n * K + k) * OH + oh) * OW + ow] += (double)t.in[0][((n * C + c) * H + ih) * W + iw] *
                                                            t.in[1][((c * K + k) * R + rr) * S + ss];
                }
    for (int64_t i = 0; i < t.out_size; i++) {
      float y = (float)acc[i];
      double v = y;
      if (op.bias) v = (double)y + t.in[2][(i / (OH * OW)) % K];
      if (op.relu && v < 0) v = 0;
      t.out2[i] = (float)v;
    }
    expect("conv2d_transpose vs scatter", t.out, t.out2, t.out_size);
    free(acc);
    tensors_free(&t);
  }
}

/* norm: scale = max |x|, then sqrt of the sum of (x/scale)^2, times scale (two passes). */
static void test_norm_two_pass(rng *r) {
  for (int it = 0; it < 20; it++) {
    eto_op op;
    eto_op_init(&op, ETO_OP_NORM);
    op.v[ETO_KEY_B] = rng_int(r, 1, 4), op.v[ETO_KEY_M] = rng_int(r, 1, 30),
    op.v[ETO_KEY_N] = rng_int(r, 1, 30);
    CHECK(eto_op_check(&op, NULL, 0) == ETO_OK, "norm invalid");
    op_tensors t;
    tensors_alloc(&op, r, &t);
    run_ref(&op, &t);
    const int64_t MN = op.v[ETO_KEY_M] * op.v[ETO_KEY_N];
    for (int64_t b = 0; b < op.v[ETO_KEY_B]; b++) {
      double scale = 0, sum = 0;
      for (int64_t i = 0; i < MN; i++) scale = fmax(scale, fabs(t.in[0][b * MN + i]));
      for (int64_t i = 0; i < MN && scale > 0; i++) {
        double q = t.in[0][b * MN + i] / scale;
        sum += q * q;
      }
      t.out2[b] = (float)(scale * sqrt(sum));
    }
    expect("norm vs two-pass", t.out, t.out2, t.out_size);
    tensors_free(&t);
  }
}

/* group_conv2d as G independent conv2d on channel slices, outputs concatenated along k. */
static void test_group_as_conv2d(rng *r) {
  for (int it = 0; it < 30; it++) {
    op_tensors t;
    eto_shape o;
    eto_op op = random_with_ref(r, ETO_OP_GROUP_CONV2D, 1, &t, &o);
    const int64_t N = op.v[ETO_KEY_N], C = op.v[ETO_KEY_C], H = op.v[ETO_KEY_H], W = op.v[ETO_KEY_W];
    const int64_t K = op.v[ETO_KEY_K], R = op.v[ETO_KEY_R], S = op.v[ETO_KEY_S], G = op.v[ETO_KEY_GROUPS];
    eto_op one = op;
    one.kind = ETO_OP_CONV2D;
    one.v[ETO_KEY_GROUPS] = 0;
    one.v[ETO_KEY_C] = C / G, one.v[ETO_KEY_K] = K / G;
    CHECK(eto_op_check(&one, NULL, 0) == ETO_OK, "per-group conv2d invalid");
    const int64_t P = o.dim[2] * o.dim[3];
    float *x = malloc((size_t)(N * (C / G) * H * W) * sizeof(float));
    float *y = malloc((size_t)(N * (K / G) * P) * sizeof(float));
    for (int64_t g = 0; g < G; g++) {
      for (int64_t n = 0; n < N; n++)
        memcpy(x + n * (C / G) * H * W, t.in[0] + (n * C + g * (C / G)) * H * W,
               (size_t)((C / G) * H * W) * sizeof(float));
      const float *in[] = {x, t.in[1] + g * (K / G) * (C / G) * R * S};
      CHECK(eto_op_reference(&one, in, y) == ETO_OK, "conv2d reference");
      for (int64_t n = 0; n < N; n++)
        memcpy(t.out2 + (n * K + g * (K / G)) * P, y + n * (K / G) * P,
               (size_t)((K / G) * P) * sizeof(float));
    }
    expect("group conv vs per-group conv2d", t.out, t.out2, t.out_size);
    free(x);
    free(y);
    tensors_free(&t);
  }
}

/* capsule_conv2d: for each capsule pair (i, j), an NCHW conv2d with channels (cap, c). */
static void test_capsule_as_conv2d(rng *r) {
  for (int it = 0; it < 20; it++) {
    op_tensors t;
    eto_shape o;
    eto_op op = random_with_ref(r, ETO_OP_CAPSULE_CONV2D, 1, &t, &o);
    const int64_t N = op.v[ETO_KEY_N], C = op.v[ETO_KEY_C], H = op.v[ETO_KEY_H], W = op.v[ETO_KEY_W];
    const int64_t K = op.v[ETO_KEY_K], R = op.v[ETO_KEY_R], S = op.v[ETO_KEY_S], CP = op.v[ETO_KEY_CAPSULE];
    eto_op cv;
    eto_op_init(&cv, ETO_OP_CONV2D);
    cv.v[ETO_KEY_N] = N, cv.v[ETO_KEY_C] = CP * C, cv.v[ETO_KEY_H] = H, cv.v[ETO_KEY_W] = W;
    cv.v[ETO_KEY_K] = K, cv.v[ETO_KEY_R] = R, cv.v[ETO_KEY_S] = S;
    memcpy(cv.stride, op.stride, sizeof cv.stride);
    memcpy(cv.pad, op.pad, sizeof cv.pad);
    CHECK(eto_op_check(&cv, NULL, 0) == ETO_OK, "conv2d form invalid");
    const int64_t OH = o.dim[1], OW = o.dim[2];
    float *x = malloc((size_t)(N * CP * C * H * W) * sizeof(float));
    float *w = malloc((size_t)(K * CP * C * R * S) * sizeof(float));
    float *y = malloc((size_t)(N * K * OH * OW) * sizeof(float));
    for (int64_t i = 0; i < CP; i++)
      for (int64_t j = 0; j < CP; j++) {
        for (int64_t n = 0; n < N; n++)
          for (int64_t h = 0; h < H; h++)
            for (int64_t ww = 0; ww < W; ww++)
              for (int64_t cap = 0; cap < CP; cap++)
                for (int64_t c = 0; c < C; c++)
                  x[((n * CP * C + cap * C + c) * H + h) * W + ww] =
                      t.in[0][((((n * H + h) * W + ww) * CP + i) * CP + cap) * C + c];
        for (int64_t k = 0; k < K; k++)
          for (int64_t cap = 0; cap < CP; cap++)
            for (int64_t c = 0; c < C; c++)
              for (int64_t rr = 0; rr < R; rr++)
                for (int64_t ss = 0; ss < S; ss++)
                  w[((k * CP * C + cap * C + c) * R + rr) * S + ss] =
                      t.in[1][((((rr * S + ss) * CP + cap) * CP + j) * C + c) * K + k];
        const float *in[] = {x, w};
        CHECK(eto_op_reference(&cv, in, y) == ETO_OK, "conv2d reference");
        for (int64_t n = 0; n < N; n++)
          for (int64_t k = 0; k < K; k++)
            for (int64_t oh = 0; oh < OH; oh++)
              for (int64_t ow = 0; ow < OW; ow++)
                t.out2[((((n * OH + oh) * OW + ow) * CP + i) * CP + j) * K + k] =
                    y[((n * K + k) * OH + oh) * OW + ow];
      }
    expect("capsule vs conv2d per capsule pair", t.out, t.out2, t.out_size);
    free(x);
    free(w);
    free(y);
    tensors_free(&t);
  }
}

/* conv1d equals conv2d with h=1, r=1; conv3d equals the sum over depth taps of conv2d on depth slices. */
static void test_conv1d_conv3d(rng *r) {
  for (int it = 0; it < 20; it++) {
    eto_op c2 = random_conv2d(r, ETO_OP_CONV2D);
    c2.v[ETO_KEY_H] = 1, c2.v[ETO_KEY_R] = 1, c2.stride[0] = 1, c2.pad[0] = 0, c2.dilation[0] = 1;
    if (eto_op_check(&c2, NULL, 0) != ETO_OK) continue;
    eto_op c1;
    eto_op_init(&c1, ETO_OP_CONV1D);
    c1.v[ETO_KEY_N] = c2.v[ETO_KEY_N], c1.v[ETO_KEY_C] = c2.v[ETO_KEY_C], c1.v[ETO_KEY_K] = c2.v[ETO_KEY_K];
    c1.v[ETO_KEY_L] = c2.v[ETO_KEY_W], c1.v[ETO_KEY_R] = c2.v[ETO_KEY_S];
    c1.stride[0] = c2.stride[1], c1.pad[0] = c2.pad[1], c1.dilation[0] = c2.dilation[1];
    c1.bias = c2.bias, c1.relu = c2.relu;
    CHECK(eto_op_check(&c1, NULL, 0) == ETO_OK, "conv1d invalid");
    op_tensors t;
    tensors_alloc(&c2, r, &t);
    run_ref(&c2, &t);
    CHECK(eto_op_reference(&c1, (const float *const *)t.in, t.out2) == ETO_OK, "conv1d reference");
    expect("conv1d vs conv2d", t.out2, t.out, t.out_size);
    tensors_free(&t);
  }
  for (int it = 0; it < 20; it++) {
    eto_op c2 = random_conv2d(r, ETO_OP_CONV2D);
    c2.bias = c2.relu = 0;
    eto_op c3;
    eto_op_init(&c3, ETO_OP_CONV3D);
    c3.v[ETO_KEY_N] = c2.v[ETO_KEY_N], c3.v[ETO_KEY_C] = c2.v[ETO_KEY_C], c3.v[ETO_KEY_K] = c2.v[ETO_KEY_K];
    c3.v[ETO_KEY_H] = c2.v[ETO_KEY_H], c3.v[ETO_KEY_W] = c2.v[ETO_KEY_W], c3.v[ETO_KEY_R] = c2.v[ETO_KEY_R];
    c3.v[ETO_KEY_S] = c2.v[ETO_KEY_S], c3.v[ETO_KEY_D] = rng_int(r, 1, 5), c3.v[ETO_KEY_T] = rng_int(r, 1, 3);
    c3.stride[0] = rng_int(r, 1, 2), c3.pad[0] = rng_int(r, 0, 1), c3.dilation[0] = rng_int(r, 1, 2);
    for (int a = 0; a < 2; a++)
      c3.stride[a + 1] = c2.stride[a], c3.pad[a + 1] = c2.pad[a], c3.dilation[a + 1] = c2.dilation[a];
    if (eto_op_check(&c3, NULL, 0) != ETO_OK) continue;
    op_tensors t;
    tensors_alloc(&c3, r, &t);
    run_ref(&c3, &t);
    const int64_t N = c3.v[ETO_KEY_N], C = c3.v[ETO_KEY_C], D = c3.v[ETO_KEY_D], K = c3.v[ETO_KEY_K];
    const int64_t T = c3.v[ETO_KEY_T], HW = c3.v[ETO_KEY_H] * c3.v[ETO_KEY_W],
                  RS = c3.v[ETO_KEY_R] * c3.v[ETO_KEY_S];
    eto_shape o3, o2;
    eto_op_output_shape(&c3, &o3);
    eto_op_output_shape(&c2, &o2);
    const int64_t OD = o3.dim[2], P = o2.dim[2] * o2.dim[3];
    CHECK(o3.dim[3] * o3.dim[4] == P, "conv3d plane size");
    float *x = calloc((size_t)(N * C * HW), sizeof(float)), *w = malloc((size_t)(K * C * RS) * sizeof(float));
    float *y = malloc((size_t)(N * K * P) * sizeof(float));
    double *acc = calloc((size_t)t.out_size, sizeof(double));
    for (int64_t od = 0; od < OD; od++)
      for (int64_t tt = 0; tt < T; tt++) {
        int64_t id = od * c3.stride[0] + tt * c3.dilation[0] - c3.pad[0];
        if (id < 0 || id >= D) continue;
        for (int64_t n = 0; n < N; n++)
          for (int64_t c = 0; c < C; c++)
            memcpy(x + (n * C + c) * HW, t.in[0] + ((n * C + c) * D + id) * HW, (size_t)HW * sizeof(float));
        for (int64_t k = 0; k < K; k++)
          for (int64_t c = 0; c < C; c++)
            memcpy(w + (k * C + c) * RS, t.in[1] + ((k * C + c) * T + tt) * RS, (size_t)RS * sizeof(float));
        const float *in[] = {x, w};
        CHECK(eto_op_reference(&c2, in, y) == ETO_OK, "conv2d reference");
        for (int64_t n = 0; n < N; n++)
          for (int64_t k = 0; k < K; k++)
            for (int64_t p = 0; p < P; p++) acc[((n * K + k) * OD + od) * P + p] += y[(n * K + k) * P + p];
      }
    for (int64_t i = 0; i < t.out_size; i++) t.out2[i] = (float)acc[i];
    /* Per-slice float rounding: compare with a looser bound. */
    for (int64_t i = 0; i < t.out_size; i++)
      CHECK(fabs(t.out[i] - t.out2[i]) <= 1e-4 * fmax(1, fabs(t.out2[i])),
            "conv3d vs conv2d slices at %lld: %g %g", (long long)i, t.out[i], t.out2[i]);
    free(x);
    free(w);
    free(y);
    free(acc);
    tensors_free(&t);
  }
}

/* batch_matmul equals matmul per batch; matmul equals batch_matmul with b=1. */
static void test_batch_matmul(rng *r) {
  for (int it = 0; it < 20; it++) {
    eto_op bm;
    eto_op_init(&bm, ETO_OP_BATCH_MATMUL);
    bm.v[ETO_KEY_B] = rng_int(r, 1, 3), bm.v[ETO_KEY_M] = rng_int(r, 1, 6);
    bm.v[ETO_KEY_N] = rng_int(r, 1, 6), bm.v[ETO_KEY_K] = rng_int(r, 1, 6);
    bm.bias = (int)rng_int(r, 0, 1), bm.relu = (int)rng_int(r, 0, 1);
    eto_op mm = bm;
    mm.kind = ETO_OP_MATMUL;
    mm.v[ETO_KEY_B] = 0;
    op_tensors t;
    tensors_alloc(&bm, r, &t);
    run_ref(&bm, &t);
    const int64_t B = bm.v[ETO_KEY_B], M = bm.v[ETO_KEY_M], N = bm.v[ETO_KEY_N], K = bm.v[ETO_KEY_K];
    for (int64_t b = 0; b < B; b++) {
      const float *in[] = {t.in[0] + b * M * K, t.in[1] + b * K * N, t.in[2]};
      CHECK(eto_op_reference(&mm, in, t.out2 + b * M * N) == ETO_OK, "matmul reference");
    }
    expect("batch_matmul vs matmul per batch", t.out, t.out2, t.out_size);
    tensors_free(&t);
  }
}

/* The reference's row loops (ref_matmul, ref_conv) against the textbook loops, one output at a time with its
 * reduction innermost: the same products added in the same order in double, so equal bit for bit. */
static void test_textbook_order(rng *r) {
  for (int it = 0; it < 20; it++) {
    eto_op mm;
    eto_op_init(&mm, ETO_OP_BATCH_MATMUL);
    mm.v[ETO_KEY_B] = rng_int(r, 1, 3), mm.v[ETO_KEY_M] = rng_int(r, 1, 9);
    mm.v[ETO_KEY_N] = rng_int(r, 1, 300), mm.v[ETO_KEY_K] = rng_int(r, 1, 300);
    op_tensors t;
    tensors_alloc(&mm, r, &t);
    run_ref(&mm, &t);
    const int64_t B = mm.v[ETO_KEY_B], M = mm.v[ETO_KEY_M], N = mm.v[ETO_KEY_N], K = mm.v[ETO_KEY_K];
    for (int64_t b = 0; b < B; b++)
      for (int64_t i = 0; i < M; i++)
        for (int64_t j = 0; j < N; j++) {
          double acc = 0;
          for (int64_t k = 0; k < K; k++)
            acc += (double)t.in[0][(b * M + i) * K + k] * (double)t.in[1][(b * K + k) * N + j];
          t.out2[(b * M + i) * N + j] = (float)acc;
        }
    CHECK(memcmp(t.out, t.out2, sizeof(float) * (size_t)t.out_size) == 0,
          "batch_matmul b=%lld m=%lld n=%lld k=%lld: not the textbook loop's bits", (long long)B, (long long)M,
          (long long)N, (long long)K);
    tensors_free(&t);
  }
  for (int it = 0; it < 40; it++) {
    op_tensors t;
    eto_shape o;
    eto_op cv = random_with_ref(r, it % 2 ? ETO_OP_GROUP_CONV2D : ETO_OP_CONV2D, 1, &t, &o);
    const int64_t N = cv.v[ETO_KEY_N], C = cv.v[ETO_KEY_C], K = cv.v[ETO_KEY_K], H = cv.v[ETO_KEY_H];
    const int64_t W = cv.v[ETO_KEY_W], R = cv.v[ETO_KEY_R], S = cv.v[ETO_KEY_S];
    const int64_t G = cv.kind == ETO_OP_GROUP_CONV2D ? cv.v[ETO_KEY_GROUPS] : 1, CG = C / G, OH = o.dim[2],
                  OW = o.dim[3];
    for (int64_t n = 0; n < N; n++)
      for (int64_t k = 0; k < K; k++)
        for (int64_t oh = 0; oh < OH; oh++)
          for (int64_t ow = 0; ow < OW; ow++) {
            double acc = 0;
            for (int64_t rc = 0; rc < CG; rc++)
              for (int64_t rr = 0; rr < R; rr++)
                for (int64_t ss = 0; ss < S; ss++) {
                  int64_t ih = oh * cv.stride[0] + rr * cv.dilation[0] - cv.pad[0];
                  int64_t iw = ow * cv.stride[1] + ss * cv.dilation[1] - cv.pad[1];
                  if (ih < 0 || ih >= H || iw < 0 || iw >= W) continue;
                  int64_t c = k / (K / G) * CG + rc;
                  acc += (double)t.in[0][((n * C + c) * H + ih) * W + iw] *
                         (double)t.in[1][((k * CG + rc) * R + rr) * S + ss];
                }
            t.out2[((n * K + k) * OH + oh) * OW + ow] = (float)acc;
          }
    CHECK(memcmp(t.out, t.out2, sizeof(float) * (size_t)t.out_size) == 0, "conv (groups %lld): not the textbook "
          "loop's bits", (long long)G);
    tensors_free(&t);
  }
}

int main(void) {
  rng r = {SEED};
  printf("seed %llu\n", (unsigned long long)SEED);
  test_hand();
  test_conv2d_im2col(&r);
  test_depthwise_as_group(&r);
  test_transpose_scatter(&r);
  test_norm_two_pass(&r);
  test_group_as_conv2d(&r);
  test_capsule_as_conv2d(&r);
  test_conv1d_conv3d(&r);
  test_batch_matmul(&r);
  test_textbook_order(&r);
  return check_result();
}
