/* reference.c — naive reference kernels, written directly from the definitions in op.h (independent of
 * compute.c), and eto_compute_reference, which evaluates a compute description. Both accumulate in double.
 * These are oracles, not fast code, but the matmul and convolution loops keep their operands' rows in order (see
 * ref_matmul): every tuning task computes its operator's reference once, before its first candidate. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "op_internal.h"

/* Bias then ReLU on out, whose channel axis has `channels` entries and `inner` elements per channel. */
static void epilogue(const eto_op *op, const float *bias, float *out, int64_t outer, int64_t channels,
                     int64_t inner) {
  if (!op->bias && !op->relu) return;
  for (int64_t o = 0; o < outer; o++)
    for (int64_t c = 0; c < channels; c++)
      for (int64_t i = 0; i < inner; i++) {
        float *y = &out[(o * channels + c) * inner + i];
        double v = *y;
        if (op->bias) v = (double)*y + (double)bias[c];
        if (op->relu && v < 0) v = 0;
        *y = (float)v;
      }
}

/* The kernels below accumulate a row of outputs at once (the innermost loop runs along contiguous outputs) where the
 * textbook loop would stride through an input: the same products, added to each output in the same order (the
 * reduction's, ascending), in double, where every product of two floats is exact, so the result is bit for bit the
 * textbook loop's (tests/op/test_op_reference.c checks it), at memory speed (a 256x3072x768 matmul took 2.1 s in
 * j-then-k order, bench/RESULTS.md BA.1). acc holds one row: N (matmul) or the output's last extent (conv). */
static void ref_matmul(int64_t B, int64_t M, int64_t N, int64_t K, const float *a, const float *b, float *c,
                       double *acc) {
  for (int64_t bb = 0; bb < B; bb++)
    for (int64_t i = 0; i < M; i++) {
      for (int64_t j = 0; j < N; j++) acc[j] = 0;
      for (int64_t k = 0; k < K; k++) {
        const double av = a[(bb * M + i) * K + k];
        const float *brow = &b[(bb * K + k) * N];
        for (int64_t j = 0; j < N; j++) acc[j] += av * (double)brow[j];
      }
      for (int64_t j = 0; j < N; j++) c[(bb * M + i) * N + j] = (float)acc[j];
    }
}

/* Direct convolution over up to 3 spatial axes with groups: X[N,C,I...], W[K,C/G,R...] -> Y[N,K,O...].
 * Unused axes have extent 1, kernel 1, stride 1, pad 0. */
typedef struct {
  int64_t n, c, k, g;
  int64_t in[3], ker[3], out[3], stride[3], pad[3], dil[3];
} conv_shape;

static void ref_conv(const conv_shape *s, const float *x, const float *w, float *y, double *acc) {
  const int64_t cg = s->c / s->g, kg = s->k / s->g;
  const int64_t isz = s->in[0] * s->in[1] * s->in[2], ksz = s->ker[0] * s->ker[1] * s->ker[2];
  const int64_t osz = s->out[0] * s->out[1] * s->out[2];
  for (int64_t n = 0; n < s->n; n++)
    for (int64_t k = 0; k < s->k; k++) {
      const int64_t g = k / kg;
      for (int64_t o0 = 0; o0 < s->out[0]; o0++)
        for (int64_t o1 = 0; o1 < s->out[1]; o1++) {
          for (int64_t o2 = 0; o2 < s->out[2]; o2++) acc[o2] = 0;
          for (int64_t rc = 0; rc < cg; rc++) {
            const int64_t c = g * cg + rc;
            for (int64_t r0 = 0; r0 < s->ker[0]; r0++) {
              int64_t i0 = o0 * s->stride[0] + r0 * s->dil[0] - s->pad[0];
              if (i0 < 0 || i0 >= s->in[0]) continue;
              for (int64_t r1 = 0; r1 < s->ker[1]; r1++) {
                int64_t i1 = o1 * s->stride[1] + r1 * s->dil[1] - s->pad[1];
                if (i1 < 0 || i1 >= s->in[1]) continue;
                const float *xrow = &x[(n * s->c + c) * isz + (i0 * s->in[1] + i1) * s->in[2]];
                for (int64_t r2 = 0; r2 < s->ker[2]; r2++) {
                  const double wv = w[(k * cg + rc) * ksz + (r0 * s->ker[1] + r1) * s->ker[2] + r2];
                  /* the outputs o2 in [lo, hi) read i2 = o2 * stride + off inside [0, in) */
                  const int64_t st = s->stride[2], off = r2 * s->dil[2] - s->pad[2];
                  int64_t lo = off < 0 ? (-off + st - 1) / st : 0, hi = (s->in[2] - off + st - 1) / st;
                  if (hi > s->out[2]) hi = s->out[2];
                  for (int64_t o2 = lo; o2 < hi; o2++) acc[o2] += (double)xrow[o2 * st + off] * wv;
                }
              }
            }
          }
          float *yrow = &y[(n * s->k + k) * osz + (o0 * s->out[1] + o1) * s->out[2]];
          for (int64_t o2 = 0; o2 < s->out[2]; o2++) yrow[o2] = (float)acc[o2];
        }
    }
}

static void ref_depthwise(const eto_op *op, const int64_t out[2], const float *x, const float *w, float *y) {
  const int64_t N = op->v[ETO_KEY_N], C = op->v[ETO_KEY_C], H = op->v[ETO_KEY_H], W = op->v[ETO_KEY_W];
  const int64_t R = op->v[ETO_KEY_R], S = op->v[ETO_KEY_S], MUL = op->v[ETO_KEY_MULTIPLIER];
  for (int64_t n = 0; n < N; n++)
    for (int64_t c = 0; c < C; c++)
      for (int64_t m = 0; m < MUL; m++)
        for (int64_t oh = 0; oh < out[0]; oh++)
          for (int64_t ow = 0; ow < out[1]; ow++) {
            double acc = 0;
            for (int64_t r = 0; r < R; r++)
              for (int64_t s = 0; s < S; s++) {
                int64_t ih = oh * op->stride[0] + r * op->dilation[0] - op->pad[0];
                int64_t iw = ow * op->stride[1] + s * op->dilation[1] - op->pad[1];
                if (ih < 0 || ih >= H || iw < 0 || iw >= W) continue;
                acc +=
                    (double)x[((n * C + c) * H + ih) * W + iw] * (double)w[((c * MUL + m) * R + r) * S + s];
              }
            y[((n * C * MUL + c * MUL + m) * out[0] + oh) * out[1] + ow] = (float)acc;
          }
}

/* Gather form: Y[n,k,oh,ow] = sum over (c,r,s) with oh = ih*stride + r - pad (ih integral, in range). */
static void ref_conv2d_transpose(const eto_op *op, const int64_t out[2], const float *x, const float *w,
                                 float *y) {
  const int64_t N = op->v[ETO_KEY_N], C = op->v[ETO_KEY_C], H = op->v[ETO_KEY_H], W = op->v[ETO_KEY_W];
  const int64_t K = op->v[ETO_KEY_K], R = op->v[ETO_KEY_R], S = op->v[ETO_KEY_S];
  const int64_t sh = op->stride[0], sw = op->stride[1], ph = op->pad[0], pw = op->pad[1];
  for (int64_t n = 0; n < N; n++)
    for (int64_t k = 0; k < K; k++)
      for (int64_t oh = 0; oh < out[0]; oh++)
        for (int64_t ow = 0; ow < out[1]; ow++) {
          double acc = 0;
          for (int64_t c = 0; c < C; c++)
            for (int64_t r = 0; r < R; r++) {
              int64_t th = oh + ph - r;
              if (th < 0 || th % sh || th / sh >= H) continue;
              for (int64_t s = 0; s < S; s++) {
                int64_t tw = ow + pw - s;
                if (tw < 0 || tw % sw || tw / sw >= W) continue;
                acc += (double)x[((n * C + c) * H + th / sh) * W + tw / sw] *
                       (double)w[((c * K + k) * R + r) * S + s];
              }
            }
          y[((n * K + k) * out[0] + oh) * out[1] + ow] = (float)acc;
        }
}

static void ref_capsule(const eto_op *op, const int64_t out[2], const float *x, const float *w, float *y) {
  const int64_t N = op->v[ETO_KEY_N], H = op->v[ETO_KEY_H], W = op->v[ETO_KEY_W], C = op->v[ETO_KEY_C];
  const int64_t K = op->v[ETO_KEY_K], R = op->v[ETO_KEY_R], S = op->v[ETO_KEY_S], P = op->v[ETO_KEY_CAPSULE];
  for (int64_t n = 0; n < N; n++)
    for (int64_t oh = 0; oh < out[0]; oh++)
      for (int64_t ow = 0; ow < out[1]; ow++)
        for (int64_t i = 0; i < P; i++)
          for (int64_t j = 0; j < P; j++)
            for (int64_t k = 0; k < K; k++) {
              double acc = 0;
              for (int64_t r = 0; r < R; r++)
                for (int64_t s = 0; s < S; s++) {
                  int64_t ih = oh * op->stride[0] + r - op->pad[0], iw = ow * op->stride[1] + s - op->pad[1];
                  if (ih < 0 || ih >= H || iw < 0 || iw >= W) continue;
                  for (int64_t cap = 0; cap < P; cap++)
                    for (int64_t c = 0; c < C; c++)
                      acc += (double)x[((((n * H + ih) * W + iw) * P + i) * P + cap) * C + c] *
                             (double)w[((((r * S + s) * P + cap) * P + j) * C + c) * K + k];
                }
              y[((((n * out[0] + oh) * out[1] + ow) * P + i) * P + j) * K + k] = (float)acc;
            }
}

static void ref_norm(int64_t B, int64_t MN, const float *x, float *y) {
  for (int64_t b = 0; b < B; b++) {
    double acc = 0;
    for (int64_t i = 0; i < MN; i++) acc += (double)x[b * MN + i] * (double)x[b * MN + i];
    y[b] = (float)sqrt(acc);
  }
}

eto_status eto_op_reference(const eto_op *op, const float *const *inputs, float *out) {
  const eto_kind_info *ki = eto_kind_info_get(op->kind);
  if (!ki || !inputs || !out) return ETO_ERR_INVALID;
  const int64_t *v = op->v;
  const float *x = inputs[0], *w = op->kind == ETO_OP_NORM ? NULL : inputs[1];
  const float *bias = op->bias ? inputs[2] : NULL;
  int64_t o[3] = {1, 1, 1};
  for (int a = 0; a < ki->nspatial; a++) o[a] = eto_op_out_extent(op, a);
  int64_t outer = 1, channels = 1, inner = 1;
  switch (op->kind) {
  case ETO_OP_MATMUL:
  case ETO_OP_BATCH_MATMUL: {
    int64_t B = op->kind == ETO_OP_MATMUL ? 1 : v[ETO_KEY_B];
    double *acc = malloc(sizeof *acc * (size_t)(v[ETO_KEY_N] > 0 ? v[ETO_KEY_N] : 1));
    if (!acc) return ETO_ERR_NOMEM;
    ref_matmul(B, v[ETO_KEY_M], v[ETO_KEY_N], v[ETO_KEY_K], x, w, out, acc);
    free(acc);
    outer = B * v[ETO_KEY_M], channels = v[ETO_KEY_N];
    break;
  }
  case ETO_OP_CONV1D:
  case ETO_OP_CONV2D:
  case ETO_OP_CONV3D:
  case ETO_OP_GROUP_CONV2D: {
    conv_shape s;
    s.n = v[ETO_KEY_N], s.c = v[ETO_KEY_C], s.k = v[ETO_KEY_K];
    s.g = op->kind == ETO_OP_GROUP_CONV2D ? v[ETO_KEY_GROUPS] : 1;
    /* Right-align the spatial axes so unused outer axes have extent 1. */
    int shift = 3 - ki->nspatial;
    for (int a = 0; a < 3; a++) {
      int src = a - shift;
      int used = src >= 0;
      s.in[a] = used ? v[ki->in_axis[src]] : 1;
      s.ker[a] = used ? v[ki->ker_axis[src]] : 1;
      s.out[a] = used ? o[src] : 1;
      s.stride[a] = used ? op->stride[src] : 1;
      s.pad[a] = used ? op->pad[src] : 0;
      s.dil[a] = used ? op->dilation[src] : 1;
    }
    double *acc = malloc(sizeof *acc * (size_t)(s.out[2] > 0 ? s.out[2] : 1));
    if (!acc) return ETO_ERR_NOMEM;
    ref_conv(&s, x, w, out, acc);
    free(acc);
    outer = s.n, channels = s.k, inner = s.out[0] * s.out[1] * s.out[2];
    break;
  }
  case ETO_OP_DEPTHWISE_CONV2D:
    ref_depthwise(op, o, x, w, out);
    outer = v[ETO_KEY_N], channels = v[ETO_KEY_C] * v[ETO_KEY_MULTIPLIER], inner = o[0] * o[1];
    break;
  case ETO_OP_CONV2D_TRANSPOSE:
    ref_conv2d_transpose(op, o, x, w, out);
    outer = v[ETO_KEY_N], channels = v[ETO_KEY_K], inner = o[0] * o[1];
    break;
  case ETO_OP_CAPSULE_CONV2D:
    ref_capsule(op, o, x, w, out);
    outer = v[ETO_KEY_N] * o[0] * o[1] * v[ETO_KEY_CAPSULE] * v[ETO_KEY_CAPSULE], channels = v[ETO_KEY_K];
    break;
  case ETO_OP_NORM:
    ref_norm(v[ETO_KEY_B], v[ETO_KEY_M] * v[ETO_KEY_N], x, out);
    return ETO_OK;
  default:
    return ETO_ERR_INVALID;
  }
  epilogue(op, bias, out, outer, channels, inner);
  return ETO_OK;
}

/* ---- generic evaluation of a compute description ---- */

static int64_t floor_div(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

/* Value of operand o at loop variables var[], or 0 outside the stored tensor. */
static double load(const eto_operand *o, const float *data, const int64_t *var) {
  int64_t off = 0;
  for (int d = 0; d < o->rank; d++) {
    const eto_index *e = &o->index[d];
    int64_t vd = e->offset;
    for (int t = 0; t < e->nterms; t++)
      vd += e->term[t].coef * floor_div(var[e->term[t].var], e->term[t].div);
    int64_t u = vd - o->pad_lo[d];
    if (u < 0 || u % o->dilate[d]) return 0;
    u /= o->dilate[d];
    if (u >= o->shape[d]) return 0;
    off = off * o->shape[d] + u;
  }
  return data[off];
}

eto_status eto_compute_reference(const eto_compute *c, const float *const *inputs, float *out) {
  if (!c || !inputs || !out) return ETO_ERR_INVALID;
  const int ns = c->nest.nspace, nr = c->nest.nreduce;
  if (ns < 1 || ns > ETO_MAX_LOOPS || nr < 0 || nr > ETO_MAX_LOOPS) return ETO_ERR_INVALID;
  if (c->ninputs < 1 || c->ninputs > ETO_MAX_INPUTS) return ETO_ERR_INVALID;
  for (int i = 0; i < c->ninputs; i++)
    for (int d = 0; d < c->in[i].rank; d++) {
      if (c->in[i].dilate[d] < 1) return ETO_ERR_INVALID;
      for (int t = 0; t < c->in[i].index[d].nterms; t++) {
        const eto_term *tm = &c->in[i].index[d].term[t];
        if (tm->var < 0 || tm->var >= ns + nr || tm->div < 1) return ETO_ERR_INVALID;
      }
    }
  int64_t var[2 * ETO_MAX_LOOPS] = {0};
  int64_t total = 1;
  for (int i = 0; i < ns; i++) total *= c->nest.space[i].extent;
  const float *bias = c->bias ? inputs[c->ninputs] : NULL;
  for (int64_t pos = 0; pos < total; pos++) {
    /* Space coordinates of output element pos (row-major, last loop fastest). */
    int64_t rem = pos;
    for (int i = ns - 1; i >= 0; i--) {
      var[i] = rem % c->nest.space[i].extent;
      rem /= c->nest.space[i].extent;
    }
    for (int j = 0; j < nr; j++) var[ns + j] = 0;
    double acc = 0;
    for (;;) {
      double a = load(&c->in[0], inputs[0], var);
      if (c->body == ETO_BODY_SQUARE_ADD_SQRT)
        acc += a * a;
      else
        acc += a * load(&c->in[1], inputs[1], var);
      int j = nr - 1;
      while (j >= 0 && ++var[ns + j] == c->nest.reduce[j].extent) var[ns + j--] = 0;
      if (j < 0) break;
    }
    if (c->body == ETO_BODY_SQUARE_ADD_SQRT) {
      out[pos] = (float)sqrt(acc);
      continue;
    }
    float y = (float)acc;
    double r = y;
    if (bias && c->bias_axis >= 0) r = (double)y + (double)bias[var[c->bias_axis]];
    if (c->relu && r < 0) r = 0;
    out[pos] = (float)r;
  }
  return ETO_OK;
}
