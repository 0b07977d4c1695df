/* compute.c — eto_op_compute: the compute description of each kind (op.h), i.e. the loop nest plus, for
 * each input, a virtual tensor (pad_lo / dilate) read through affine-with-floor index expressions.
 * Loop variables: space loops 0..nspace-1, then reduction loops nspace.. (see op.h). */
#include <stdio.h>
#include <string.h>

#include "op_internal.h"

/* Builds an index expression term by term. */
static eto_index idx0(int64_t offset) {
  eto_index e;
  memset(&e, 0, sizeof e);
  e.offset = offset;
  return e;
}

static eto_index *term(eto_index *e, int var, int64_t coef, int64_t div) {
  eto_term *t = &e->term[e->nterms++];
  t->var = var, t->coef = coef, t->div = div;
  return e;
}

static eto_index var1(int var) {
  eto_index e = idx0(0);
  term(&e, var, 1, 1);
  return e;
}

/* Starts an operand with its real shape; every dimension unpadded, undilated, unset. */
static void operand(eto_operand *o, const char *name, const eto_shape *s) {
  memset(o, 0, sizeof *o);
  snprintf(o->name, sizeof o->name, "%s", name);
  o->rank = s->rank;
  for (int d = 0; d < s->rank; d++) o->shape[d] = s->dim[d], o->dilate[d] = 1;
}

/* A convolution window coordinate: v = stride*out + dilation*red, zero padding pad on the low side. */
static void window(eto_operand *o, int d, int out_var, int red_var, int64_t stride, int64_t dilation,
                   int64_t pad) {
  eto_index e = idx0(0);
  term(&e, out_var, stride, 1);
  term(&e, red_var, dilation, 1);
  o->index[d] = e;
  o->pad_lo[d] = pad;
}

void eto_op_compute(const eto_op *op, eto_compute *out) {
  memset(out, 0, sizeof *out);
  const eto_kind_info *ki = eto_kind_info_get(op->kind);
  eto_op_loop_nest(op, &out->nest);
  out->bias_axis = -1;
  if (!ki) return;
  const int ns = out->nest.nspace;
  eto_shape s0, s1;
  eto_op_input_shape(op, 0, &s0);
  eto_op_input_shape(op, 1, &s1);
  eto_operand *x = &out->in[0], *w = &out->in[1];
  out->body = ETO_BODY_MUL_ADD;
  out->ninputs = 2;
  out->bias = op->bias;
  out->relu = op->relu;
  out->bias_axis = op->bias ? ki->bias_axis : -1;
  const int64_t *st = op->stride, *dil = op->dilation, *pad = op->pad;

  switch (op->kind) {
  case ETO_OP_MATMUL:
  case ETO_OP_BATCH_MATMUL: /* space b i j, reduce k */
    operand(x, "A", &s0);
    operand(w, "B", &s1);
    x->index[0] = var1(0), x->index[1] = var1(1), x->index[2] = var1(ns + 0);
    w->index[0] = var1(0), w->index[1] = var1(ns + 0), w->index[2] = var1(2);
    break;

  case ETO_OP_CONV1D: /* space nn ff xx, reduce rc rx */
  case ETO_OP_CONV2D: /* space nn ff yy xx, reduce rc ry rx */
  case ETO_OP_CONV3D: /* space nn ff zz yy xx, reduce rc rz ry rx */
  case ETO_OP_GROUP_CONV2D: {
    const int nsp = ki->nspatial;
    operand(x, "data", &s0);
    operand(w, "weight", &s1);
    x->index[0] = var1(0);
    if (op->kind == ETO_OP_GROUP_CONV2D) {
      /* input channel = (C/G) * floor(ff / (K/G)) + rc */
      int64_t g = op->v[ETO_KEY_GROUPS], cg = op->v[ETO_KEY_C] / g, kg = op->v[ETO_KEY_K] / g;
      eto_index e = idx0(0);
      term(&e, 1, cg, kg);
      term(&e, ns + 0, 1, 1);
      x->index[1] = e;
    } else {
      x->index[1] = var1(ns + 0);
    }
    for (int a = 0; a < nsp; a++) window(x, 2 + a, 2 + a, ns + 1 + a, st[a], dil[a], pad[a]);
    w->index[0] = var1(1);
    w->index[1] = var1(ns + 0);
    for (int a = 0; a < nsp; a++) w->index[2 + a] = var1(ns + 1 + a);
    break;
  }

  case ETO_OP_DEPTHWISE_CONV2D: { /* space nn ff yy xx (ff = c*MUL + m), reduce ry rx */
    const int64_t mul = op->v[ETO_KEY_MULTIPLIER];
    operand(x, "data", &s0);
    x->index[0] = var1(0);
    x->index[1] = idx0(0);
    term(&x->index[1], 1, 1, mul);
    for (int a = 0; a < 2; a++) window(x, 2 + a, 2 + a, ns + a, st[a], dil[a], pad[a]);
    /* W[C,MUL,R,S] is contiguous as [C*MUL,R,S]: index it by (ff, ry, rx). */
    eto_shape wv = {3, {op->v[ETO_KEY_C] * mul, op->v[ETO_KEY_R], op->v[ETO_KEY_S]}};
    operand(w, "weight", &wv);
    w->index[0] = var1(1), w->index[1] = var1(ns + 0), w->index[2] = var1(ns + 1);
    break;
  }

  case ETO_OP_CONV2D_TRANSPOSE: { /* space nn ff yy xx, reduce rc ry rx */
    /* The equivalent direct convolution reads the input with stride-1 zeros inserted (dilate = stride) and
     * R-1-pad zeros in front, with the kernel flipped. When pad > R-1 the excess becomes an offset so
     * pad_lo stays >= 0. */
    operand(x, "data", &s0);
    operand(w, "weight", &s1);
    x->index[0] = var1(0);
    x->index[1] = var1(ns + 0);
    w->index[0] = var1(ns + 0);
    w->index[1] = var1(1);
    for (int a = 0; a < 2; a++) {
      int64_t ker = op->v[ki->ker_axis[a]];
      int64_t lo = ker - 1 - pad[a];
      eto_index e = idx0(lo < 0 ? -lo : 0);
      term(&e, 2 + a, 1, 1);
      term(&e, ns + 1 + a, 1, 1);
      x->index[2 + a] = e;
      x->pad_lo[2 + a] = lo < 0 ? 0 : lo;
      x->dilate[2 + a] = st[a];
      eto_index f = idx0(ker - 1);
      term(&f, ns + 1 + a, -1, 1);
      w->index[2 + a] = f;
    }
    break;
  }

  case ETO_OP_CAPSULE_CONV2D:
    /* space nn yy xx cap_i cap_j ff (0..5), reduce ry rx cap_k rc (ns+0..ns+3)
     * X[n, oh*st+r-pad, ow*st+s-pad, i, cap, c], W[r, s, cap, j, c, k] */
    operand(x, "data", &s0);
    operand(w, "weight", &s1);
    x->index[0] = var1(0);
    window(x, 1, 1, ns + 0, st[0], 1, pad[0]);
    window(x, 2, 2, ns + 1, st[1], 1, pad[1]);
    x->index[3] = var1(3);
    x->index[4] = var1(ns + 2);
    x->index[5] = var1(ns + 3);
    w->index[0] = var1(ns + 0);
    w->index[1] = var1(ns + 1);
    w->index[2] = var1(ns + 2);
    w->index[3] = var1(4);
    w->index[4] = var1(ns + 3);
    w->index[5] = var1(5);
    break;

  case ETO_OP_NORM: /* space b, reduce i j */
    out->body = ETO_BODY_SQUARE_ADD_SQRT;
    out->ninputs = 1;
    operand(x, "data", &s0);
    x->index[0] = var1(0), x->index[1] = var1(ns + 0), x->index[2] = var1(ns + 1);
    out->bias = out->relu = 0;
    out->bias_axis = -1;
    break;

  default:
    break;
  }
}
