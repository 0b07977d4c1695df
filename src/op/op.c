/* op.c — the kinds table and the facts derived from one operator: loop nest, tensor shapes, FLOPs,
 * workload key, list formatting and validation. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "op_internal.h"

const char *const eto_key_names[ETO_KEY_COUNT] = {
    [ETO_KEY_B] = "b",
    [ETO_KEY_M] = "m",
    [ETO_KEY_N] = "n",
    [ETO_KEY_K] = "k",
    [ETO_KEY_C] = "c",
    [ETO_KEY_L] = "l",
    [ETO_KEY_D] = "d",
    [ETO_KEY_H] = "h",
    [ETO_KEY_W] = "w",
    [ETO_KEY_T] = "t",
    [ETO_KEY_R] = "r",
    [ETO_KEY_S] = "s",
    [ETO_KEY_GROUPS] = "groups",
    [ETO_KEY_MULTIPLIER] = "multiplier",
    [ETO_KEY_CAPSULE] = "capsule",
};
_Static_assert(sizeof eto_key_names / sizeof eto_key_names[0] == ETO_KEY_COUNT, "one name per key");

const char *const eto_list_names[ETO_LIST_ID_COUNT] = {"stride", "pad", "dilation", "output_padding"};
const unsigned eto_list_bits[ETO_LIST_ID_COUNT] = {ETO_LIST_STRIDE, ETO_LIST_PAD, ETO_LIST_DILATION,
                                                   ETO_LIST_OUTPUT_PADDING};

#define K_(key, def)                                                                                         \
  { ETO_KEY_##key, def }
#define CONV_LISTS (ETO_LIST_STRIDE | ETO_LIST_PAD | ETO_LIST_DILATION)
#define NN_FF_YY_XX                                                                                          \
  { "nn", "ff", "yy", "xx" }

/* The operator kinds: one row each, in eto_op_kind order. Keys are listed in the order of
 * docs/architecture.md §3. */
/* clang-format off */
const eto_kind_info eto_kind_table[ETO_OP_KIND_COUNT] = {
  [ETO_OP_MATMUL] = {
    .name = "matmul", .reuse = ETO_OP_BATCH_MATMUL,
    .nkeys = 3, .keys = {K_(M, 0), K_(N, 0), K_(K, 0)},
    .epilogue = 1, .bias_axis = 2,
    .nspace = 3, .nreduce = 1, .space_names = {"b", "i", "j"}, .reduce_names = {"k"},
    .summary = "C[1,M,N] = A[1,M,K] x B[1,K,N] (the batch_matmul kind with b=1 for reuse)"},
  [ETO_OP_BATCH_MATMUL] = {
    .name = "batch_matmul", .reuse = ETO_OP_BATCH_MATMUL,
    .nkeys = 4, .keys = {K_(B, 0), K_(M, 0), K_(N, 0), K_(K, 0)},
    .epilogue = 1, .bias_axis = 2,
    .nspace = 3, .nreduce = 1, .space_names = {"b", "i", "j"}, .reduce_names = {"k"},
    .summary = "C[B,M,N] = A[B,M,K] x B[B,K,N]"},
  [ETO_OP_CONV1D] = {
    .name = "conv1d", .reuse = ETO_OP_CONV1D,
    .nkeys = 5, .keys = {K_(N, 0), K_(C, 0), K_(L, 0), K_(K, 0), K_(R, 0)},
    .nspatial = 1, .in_axis = {ETO_KEY_L}, .ker_axis = {ETO_KEY_R}, .lists = CONV_LISTS,
    .epilogue = 1, .bias_axis = 1,
    .nspace = 3, .nreduce = 2, .space_names = {"nn", "ff", "xx"}, .reduce_names = {"rc", "rx"},
    .summary = "Y[N,K,OL] = X[N,C,L] * W[K,C,R]"},
  [ETO_OP_CONV2D] = {
    .name = "conv2d", .reuse = ETO_OP_CONV2D,
    .nkeys = 7, .keys = {K_(N, 0), K_(C, 0), K_(H, 0), K_(W, 0), K_(K, 0), K_(R, 0), K_(S, 0)},
    .nspatial = 2, .in_axis = {ETO_KEY_H, ETO_KEY_W}, .ker_axis = {ETO_KEY_R, ETO_KEY_S}, .lists = CONV_LISTS,
    .epilogue = 1, .bias_axis = 1,
    .nspace = 4, .nreduce = 3, .space_names = NN_FF_YY_XX, .reduce_names = {"rc", "ry", "rx"},
    .summary = "Y[N,K,OH,OW] = X[N,C,H,W] * W[K,C,R,S]"},
  [ETO_OP_CONV3D] = {
    .name = "conv3d", .reuse = ETO_OP_CONV3D,
    .nkeys = 9,
    .keys = {K_(N, 0), K_(C, 0), K_(D, 0), K_(H, 0), K_(W, 0), K_(K, 0), K_(T, 0), K_(R, 0), K_(S, 0)},
    .nspatial = 3, .in_axis = {ETO_KEY_D, ETO_KEY_H, ETO_KEY_W}, .ker_axis = {ETO_KEY_T, ETO_KEY_R, ETO_KEY_S},
    .lists = CONV_LISTS, .epilogue = 1, .bias_axis = 1,
    .nspace = 5, .nreduce = 4, .space_names = {"nn", "ff", "zz", "yy", "xx"},
    .reduce_names = {"rc", "rz", "ry", "rx"},
    .summary = "Y[N,K,OD,OH,OW] = X[N,C,D,H,W] * W[K,C,T,R,S]"},
  [ETO_OP_GROUP_CONV2D] = {
    .name = "group_conv2d", .reuse = ETO_OP_GROUP_CONV2D,
    .nkeys = 8,
    .keys = {K_(N, 0), K_(C, 0), K_(H, 0), K_(W, 0), K_(K, 0), K_(R, 0), K_(S, 0), K_(GROUPS, 0)},
    .nspatial = 2, .in_axis = {ETO_KEY_H, ETO_KEY_W}, .ker_axis = {ETO_KEY_R, ETO_KEY_S}, .lists = CONV_LISTS,
    .epilogue = 1, .bias_axis = 1,
    .nspace = 4, .nreduce = 3, .space_names = NN_FF_YY_XX, .reduce_names = {"rc", "ry", "rx"},
    .summary = "Y[N,K,OH,OW] = X[N,C,H,W] * W[K,C/G,R,S] in G groups"},
  [ETO_OP_DEPTHWISE_CONV2D] = {
    .name = "depthwise_conv2d", .reuse = ETO_OP_DEPTHWISE_CONV2D,
    .nkeys = 7,
    .keys = {K_(N, 0), K_(C, 0), K_(H, 0), K_(W, 0), K_(R, 0), K_(S, 0), K_(MULTIPLIER, 1)},
    .nspatial = 2, .in_axis = {ETO_KEY_H, ETO_KEY_W}, .ker_axis = {ETO_KEY_R, ETO_KEY_S}, .lists = CONV_LISTS,
    .epilogue = 1, .bias_axis = 1,
    .nspace = 4, .nreduce = 2, .space_names = NN_FF_YY_XX, .reduce_names = {"ry", "rx"},
    .summary = "Y[N,C*MUL,OH,OW] = X[N,C,H,W] * W[C,MUL,R,S] per channel"},
  [ETO_OP_CONV2D_TRANSPOSE] = {
    .name = "conv2d_transpose", .reuse = ETO_OP_CONV2D_TRANSPOSE,
    .nkeys = 7, .keys = {K_(N, 0), K_(C, 0), K_(H, 0), K_(W, 0), K_(K, 0), K_(R, 0), K_(S, 0)},
    .nspatial = 2, .in_axis = {ETO_KEY_H, ETO_KEY_W}, .ker_axis = {ETO_KEY_R, ETO_KEY_S},
    .lists = ETO_LIST_STRIDE | ETO_LIST_PAD | ETO_LIST_OUTPUT_PADDING,
    .epilogue = 1, .bias_axis = 1,
    .nspace = 4, .nreduce = 3, .space_names = NN_FF_YY_XX, .reduce_names = {"rc", "ry", "rx"},
    .summary = "Y[N,K,OH,OW] = X[N,C,H,W] *T W[C,K,R,S] (transposed convolution)"},
  [ETO_OP_CAPSULE_CONV2D] = {
    .name = "capsule_conv2d", .reuse = ETO_OP_CAPSULE_CONV2D,
    .nkeys = 8,
    .keys = {K_(N, 0), K_(H, 0), K_(W, 0), K_(C, 0), K_(K, 0), K_(R, 0), K_(S, 0), K_(CAPSULE, 4)},
    .nspatial = 2, .in_axis = {ETO_KEY_H, ETO_KEY_W}, .ker_axis = {ETO_KEY_R, ETO_KEY_S},
    .lists = ETO_LIST_STRIDE | ETO_LIST_PAD,
    .epilogue = 1, .bias_axis = 5,
    .nspace = 6, .nreduce = 4, .space_names = {"nn", "yy", "xx", "cap_i", "cap_j", "ff"},
    .reduce_names = {"ry", "rx", "cap_k", "rc"},
    .summary = "Y[N,OH,OW,CAP,CAP,K] = X[N,H,W,CAP,CAP,C] * W[R,S,CAP,CAP,C,K]"},
  [ETO_OP_NORM] = {
    .name = "norm", .reuse = ETO_OP_NORM,
    .nkeys = 3, .keys = {K_(B, 0), K_(M, 0), K_(N, 0)},
    .epilogue = 0, .bias_axis = -1,
    .nspace = 1, .nreduce = 2, .space_names = {"b"}, .reduce_names = {"i", "j"},
    .summary = "Y[B] = sqrt(sum X[B,M,N]^2) (Frobenius norm per batch)"},
};
/* clang-format on */
_Static_assert(sizeof eto_kind_table / sizeof eto_kind_table[0] == ETO_OP_KIND_COUNT, "one row per kind");

const eto_kind_info *eto_kind_info_get(eto_op_kind kind) {
  if ((int)kind < 0 || kind >= ETO_OP_KIND_COUNT) return NULL;
  return &eto_kind_table[kind];
}

int eto_kind_has_key(const eto_kind_info *ki, eto_key k, int64_t *def) {
  for (int i = 0; i < ki->nkeys; i++)
    if (ki->keys[i].key == k) {
      if (def) *def = ki->keys[i].def;
      return 1;
    }
  return 0;
}

const char *eto_op_kind_name(eto_op_kind kind) {
  const eto_kind_info *ki = eto_kind_info_get(kind);
  return ki ? ki->name : NULL;
}

const char *eto_op_kind_summary(eto_op_kind kind) {
  const eto_kind_info *ki = eto_kind_info_get(kind);
  return ki ? ki->summary : NULL;
}

int eto_op_kind_from_name(const char *name, eto_op_kind *out) {
  if (!name) return -1;
  for (int k = 0; k < ETO_OP_KIND_COUNT; k++)
    if (strcmp(name, eto_kind_table[k].name) == 0) {
      if (out) *out = (eto_op_kind)k;
      return 0;
    }
  return -1;
}

eto_op_kind eto_op_reuse_kind(eto_op_kind kind) {
  const eto_kind_info *ki = eto_kind_info_get(kind);
  return ki ? ki->reuse : kind;
}

const char *eto_key_name(eto_key key) {
  if ((int)key < 0 || key >= ETO_KEY_COUNT) return NULL;
  return eto_key_names[key];
}

/* snprintf into buf at *len, keeping *len the length needed so far (buf may be too small or NULL). */
static void put(char *buf, int cap, int *len, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void put(char *buf, int cap, int *len, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int room = (buf && *len < cap) ? cap - *len : 0;
  int n = vsnprintf(room ? buf + *len : NULL, (size_t)room, fmt, ap);
  va_end(ap);
  if (n > 0) *len += n;
}

int eto_op_kind_usage(eto_op_kind kind, char *buf, int cap) {
  const eto_kind_info *ki = eto_kind_info_get(kind);
  if (!ki) return -1;
  int len = 0;
  if (buf && cap > 0) buf[0] = '\0';
  put(buf, cap, &len, "%s", ki->name);
  for (int i = 0; i < ki->nkeys; i++) {
    if (ki->keys[i].def)
      put(buf, cap, &len, " %s=%lld", eto_key_names[ki->keys[i].key], (long long)ki->keys[i].def);
    else
      put(buf, cap, &len, " %s", eto_key_names[ki->keys[i].key]);
  }
  static const int list_def[ETO_LIST_ID_COUNT] = {1, 0, 1, 0};
  for (int l = 0; l < ETO_LIST_ID_COUNT; l++)
    if (ki->lists & eto_list_bits[l]) put(buf, cap, &len, " %s=%d", eto_list_names[l], list_def[l]);
  return len;
}

void eto_op_init(eto_op *op, eto_op_kind kind) {
  memset(op, 0, sizeof *op);
  op->kind = kind;
  op->freq = 1;
  for (int a = 0; a < 3; a++) op->stride[a] = op->dilation[a] = 1;
  const eto_kind_info *ki = eto_kind_info_get(kind);
  if (!ki) return;
  op->nspatial = ki->nspatial;
  for (int i = 0; i < ki->nkeys; i++) op->v[ki->keys[i].key] = ki->keys[i].def;
}

int64_t eto_sat_mul(int64_t a, int64_t b) {
  int64_t r;
  if (a < 0 || b < 0) return 0;
  if (__builtin_mul_overflow(a, b, &r)) return INT64_MAX;
  return r;
}

int64_t eto_sat_add(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) return INT64_MAX;
  return r;
}

int64_t eto_op_out_extent(const eto_op *op, int a) {
  const eto_kind_info *ki = eto_kind_info_get(op->kind);
  if (!ki || a < 0 || a >= ki->nspatial) return 0;
  int64_t in = op->v[ki->in_axis[a]], ker = op->v[ki->ker_axis[a]];
  if (op->kind == ETO_OP_CONV2D_TRANSPOSE)
    return (in - 1) * op->stride[a] - 2 * op->pad[a] + (ker - 1) + op->output_padding[a] + 1;
  int64_t span = in + 2 * op->pad[a] - op->dilation[a] * (ker - 1) - 1;
  if (span < 0 || op->stride[a] < 1) return 0;
  return span / op->stride[a] + 1;
}

void eto_op_loop_nest(const eto_op *op, eto_loop_nest *out) {
  memset(out, 0, sizeof *out);
  const eto_kind_info *ki = eto_kind_info_get(op->kind);
  if (!ki) return;
  const int64_t *v = op->v;
  int64_t sp[6] = {0}, rd[4] = {0};
  int64_t o0 = eto_op_out_extent(op, 0), o1 = eto_op_out_extent(op, 1), o2 = eto_op_out_extent(op, 2);
  switch (op->kind) {
  case ETO_OP_MATMUL:
  case ETO_OP_BATCH_MATMUL:
    sp[0] = op->kind == ETO_OP_MATMUL ? 1 : v[ETO_KEY_B], sp[1] = v[ETO_KEY_M], sp[2] = v[ETO_KEY_N];
    rd[0] = v[ETO_KEY_K];
    break;
  case ETO_OP_CONV1D:
    sp[0] = v[ETO_KEY_N], sp[1] = v[ETO_KEY_K], sp[2] = o0;
    rd[0] = v[ETO_KEY_C], rd[1] = v[ETO_KEY_R];
    break;
  case ETO_OP_CONV2D:
  case ETO_OP_CONV2D_TRANSPOSE:
  case ETO_OP_GROUP_CONV2D:
    sp[0] = v[ETO_KEY_N], sp[1] = v[ETO_KEY_K], sp[2] = o0, sp[3] = o1;
    rd[0] = op->kind == ETO_OP_GROUP_CONV2D && v[ETO_KEY_GROUPS] > 0 ? v[ETO_KEY_C] / v[ETO_KEY_GROUPS]
                                                                     : v[ETO_KEY_C];
    rd[1] = v[ETO_KEY_R], rd[2] = v[ETO_KEY_S];
    break;
  case ETO_OP_CONV3D:
    sp[0] = v[ETO_KEY_N], sp[1] = v[ETO_KEY_K], sp[2] = o0, sp[3] = o1, sp[4] = o2;
    rd[0] = v[ETO_KEY_C], rd[1] = v[ETO_KEY_T], rd[2] = v[ETO_KEY_R], rd[3] = v[ETO_KEY_S];
    break;
  case ETO_OP_DEPTHWISE_CONV2D:
    sp[0] = v[ETO_KEY_N], sp[1] = eto_sat_mul(v[ETO_KEY_C], v[ETO_KEY_MULTIPLIER]), sp[2] = o0, sp[3] = o1;
    rd[0] = v[ETO_KEY_R], rd[1] = v[ETO_KEY_S];
    break;
  case ETO_OP_CAPSULE_CONV2D:
    sp[0] = v[ETO_KEY_N], sp[1] = o0, sp[2] = o1, sp[3] = sp[4] = v[ETO_KEY_CAPSULE], sp[5] = v[ETO_KEY_K];
    rd[0] = v[ETO_KEY_R], rd[1] = v[ETO_KEY_S], rd[2] = v[ETO_KEY_CAPSULE], rd[3] = v[ETO_KEY_C];
    break;
  case ETO_OP_NORM:
    sp[0] = v[ETO_KEY_B];
    rd[0] = v[ETO_KEY_M], rd[1] = v[ETO_KEY_N];
    break;
  default:
    return;
  }
  out->nspace = ki->nspace;
  out->nreduce = ki->nreduce;
  for (int i = 0; i < ki->nspace; i++) {
    snprintf(out->space[i].name, sizeof out->space[i].name, "%s", ki->space_names[i]);
    out->space[i].extent = sp[i];
  }
  for (int i = 0; i < ki->nreduce; i++) {
    snprintf(out->reduce[i].name, sizeof out->reduce[i].name, "%s", ki->reduce_names[i]);
    out->reduce[i].extent = rd[i];
  }
}

void eto_op_output_shape(const eto_op *op, eto_shape *out) {
  eto_loop_nest nest;
  eto_op_loop_nest(op, &nest);
  memset(out, 0, sizeof *out);
  out->rank = nest.nspace;
  for (int i = 0; i < nest.nspace; i++) out->dim[i] = nest.space[i].extent;
}

int eto_op_num_inputs(const eto_op *op) {
  if (op->kind == ETO_OP_NORM) return 1;
  return op->bias ? 3 : 2;
}

static void shape_set(eto_shape *s, int rank, int64_t d0, int64_t d1, int64_t d2, int64_t d3, int64_t d4,
                      int64_t d5) {
  const int64_t d[6] = {d0, d1, d2, d3, d4, d5};
  memset(s, 0, sizeof *s);
  s->rank = rank;
  for (int i = 0; i < rank; i++) s->dim[i] = d[i];
}

int eto_op_input_shape(const eto_op *op, int i, eto_shape *out) {
  if (i < 0 || i >= eto_op_num_inputs(op)) return -1;
  const eto_kind_info *ki = eto_kind_info_get(op->kind);
  if (!ki) return -1;
  const int64_t *v = op->v;
  const int64_t B = v[ETO_KEY_B], M = v[ETO_KEY_M], N = v[ETO_KEY_N], K = v[ETO_KEY_K], C = v[ETO_KEY_C];
  const int64_t D = v[ETO_KEY_D], H = v[ETO_KEY_H], W = v[ETO_KEY_W], T = v[ETO_KEY_T], R = v[ETO_KEY_R];
  const int64_t S = v[ETO_KEY_S], G = v[ETO_KEY_GROUPS] > 0 ? v[ETO_KEY_GROUPS] : 1;
  const int64_t MUL = v[ETO_KEY_MULTIPLIER], CAP = v[ETO_KEY_CAPSULE];
  if (i == 2) { /* bias: one value per output channel */
    eto_shape o;
    eto_op_output_shape(op, &o);
    shape_set(out, 1, o.dim[ki->bias_axis], 0, 0, 0, 0, 0);
    return 0;
  }
  switch (op->kind) {
  case ETO_OP_MATMUL:
    if (i == 0)
      shape_set(out, 3, 1, M, K, 0, 0, 0);
    else
      shape_set(out, 3, 1, K, N, 0, 0, 0);
    break;
  case ETO_OP_BATCH_MATMUL:
    if (i == 0)
      shape_set(out, 3, B, M, K, 0, 0, 0);
    else
      shape_set(out, 3, B, K, N, 0, 0, 0);
    break;
  case ETO_OP_CONV1D:
    if (i == 0)
      shape_set(out, 3, N, C, v[ETO_KEY_L], 0, 0, 0);
    else
      shape_set(out, 3, K, C, R, 0, 0, 0);
    break;
  case ETO_OP_CONV2D:
  case ETO_OP_GROUP_CONV2D:
    if (i == 0)
      shape_set(out, 4, N, C, H, W, 0, 0);
    else
      shape_set(out, 4, K, C / G, R, S, 0, 0);
    break;
  case ETO_OP_CONV3D:
    if (i == 0)
      shape_set(out, 5, N, C, D, H, W, 0);
    else
      shape_set(out, 5, K, C, T, R, S, 0);
    break;
  case ETO_OP_DEPTHWISE_CONV2D:
    if (i == 0)
      shape_set(out, 4, N, C, H, W, 0, 0);
    else
      shape_set(out, 4, C, MUL, R, S, 0, 0);
    break;
  case ETO_OP_CONV2D_TRANSPOSE:
    if (i == 0)
      shape_set(out, 4, N, C, H, W, 0, 0);
    else
      shape_set(out, 4, C, K, R, S, 0, 0);
    break;
  case ETO_OP_CAPSULE_CONV2D:
    if (i == 0)
      shape_set(out, 6, N, H, W, CAP, CAP, C);
    else
      shape_set(out, 6, R, S, CAP, CAP, C, K);
    break;
  case ETO_OP_NORM:
    shape_set(out, 3, B, M, N, 0, 0, 0);
    break;
  default:
    return -1;
  }
  return 0;
}

int64_t eto_shape_size(const eto_shape *s) {
  int64_t n = 1;
  for (int i = 0; i < s->rank; i++) n = eto_sat_mul(n, s->dim[i]);
  return n;
}

void eto_op_tensor_bytes(const eto_op *op, int64_t *inputs, int64_t *output) {
  /* each tensor is below ETO_OP_MAX_ELEMENTS (2^31) floats, so the sums cannot overflow int64 */
  int64_t in = 0;
  for (int i = 0; i < eto_op_num_inputs(op); i++) {
    eto_shape s;
    eto_op_input_shape(op, i, &s);
    in += eto_shape_size(&s) * (int64_t)sizeof(float);
  }
  eto_shape os;
  eto_op_output_shape(op, &os);
  *inputs = in;
  *output = eto_shape_size(&os) * (int64_t)sizeof(float);
}

double eto_op_flops(const eto_op *op) {
  eto_loop_nest nest;
  eto_op_loop_nest(op, &nest);
  double space = 1, red = 1;
  for (int i = 0; i < nest.nspace; i++) space *= (double)nest.space[i].extent;
  for (int i = 0; i < nest.nreduce; i++) red *= (double)nest.reduce[i].extent;
  if (op->kind == ETO_OP_NORM) return 2 * space * red + space;
  return 2 * space * red + (op->bias ? space : 0) + (op->relu ? space : 0);
}

int eto_op_key(const eto_op *op, char *buf, int cap) {
  const eto_kind_info *ki = eto_kind_info_get(op->kind);
  int len = 0;
  if (buf && cap > 0) buf[0] = '\0';
  if (!ki) return 0;
  put(buf, cap, &len, "%s:", ki->name);
  int first = 1;
  for (int k = 0; k < ETO_KEY_COUNT; k++) {
    if (!eto_kind_has_key(ki, (eto_key)k, NULL)) continue;
    put(buf, cap, &len, "%s%s=%lld", first ? "" : ",", eto_key_names[k], (long long)op->v[k]);
    first = 0;
  }
  const int64_t *lists[ETO_LIST_ID_COUNT] = {op->stride, op->pad, op->dilation, op->output_padding};
  for (int l = 0; l < ETO_LIST_ID_COUNT; l++) {
    if (!(ki->lists & eto_list_bits[l])) continue;
    put(buf, cap, &len, ";%s=", eto_list_names[l]);
    for (int a = 0; a < ki->nspatial; a++)
      put(buf, cap, &len, "%s%lld", a ? "," : "", (long long)lists[l][a]);
  }
  put(buf, cap, &len, ";dtype=float32%s%s", op->bias ? ";bias" : "", op->relu ? ";relu" : "");
  return len;
}

int eto_op_format(const eto_op *op, char *buf, int cap) {
  const eto_kind_info *ki = eto_kind_info_get(op->kind);
  int len = 0;
  if (buf && cap > 0) buf[0] = '\0';
  if (!ki) return 0;
  put(buf, cap, &len, "%s", ki->name);
  for (int i = 0; i < ki->nkeys; i++)
    put(buf, cap, &len, " %s=%lld", eto_key_names[ki->keys[i].key], (long long)op->v[ki->keys[i].key]);
  const int64_t *lists[ETO_LIST_ID_COUNT] = {op->stride, op->pad, op->dilation, op->output_padding};
  for (int l = 0; l < ETO_LIST_ID_COUNT; l++) {
    if (!(ki->lists & eto_list_bits[l])) continue;
    int same = 1;
    for (int a = 1; a < ki->nspatial; a++) same &= lists[l][a] == lists[l][0];
    put(buf, cap, &len, " %s=", eto_list_names[l]);
    for (int a = 0; a < (same ? 1 : ki->nspatial); a++)
      put(buf, cap, &len, "%s%lld", a ? "," : "", (long long)lists[l][a]);
  }
  if (op->bias) put(buf, cap, &len, " bias=1");
  if (op->relu) put(buf, cap, &len, " relu=1");
  put(buf, cap, &len, " freq=%lld", (long long)op->freq);
  if (op->name[0]) put(buf, cap, &len, " name=%s", op->name);
  return len;
}

/* ---- validation ---- */

static const char *axis_name(int nspatial, int a) {
  static const char *const names[3][3] = {{"length"}, {"height", "width"}, {"depth", "height", "width"}};
  return nspatial >= 1 && nspatial <= 3 && a >= 0 && a < nspatial ? names[nspatial - 1][a] : "?";
}

static int problem(eto_op_problem *p, int key, int list, int axis, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static int problem(eto_op_problem *p, int key, int list, int axis, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p->msg, sizeof p->msg, fmt, ap);
  va_end(ap);
  p->key = key, p->list = list, p->axis = axis;
  p->status = ETO_ERR_INVALID;
  return -1;
}

/* Marks the problem just recorded as a size limit. */
static int over_limit(eto_op_problem *p) {
  p->status = ETO_ERR_LIMIT;
  return -1;
}

int eto_op_validate(const eto_op *op, eto_op_problem *p) {
  const eto_kind_info *ki = eto_kind_info_get(op->kind);
  if (!ki) return problem(p, -1, -1, -1, "unknown operator kind %d", (int)op->kind);
  if (op->nspatial != ki->nspatial)
    return problem(p, -1, -1, -1, "%s has %d spatial axes, not %d", ki->name, ki->nspatial, op->nspatial);
  for (int i = 0; i < ki->nkeys; i++) {
    eto_key k = ki->keys[i].key;
    if (op->v[k] < 1)
      return problem(p, k, -1, -1, "%s must be a positive integer, got %lld", eto_key_names[k],
                     (long long)op->v[k]);
    if (op->v[k] > ETO_OP_MAX_EXTENT)
      return problem(p, k, -1, -1, "%s=%lld is too large (the limit is %lld)", eto_key_names[k],
                     (long long)op->v[k], (long long)ETO_OP_MAX_EXTENT),
             over_limit(p);
  }
  const int64_t *lists[ETO_LIST_ID_COUNT] = {op->stride, op->pad, op->dilation, op->output_padding};
  static const int64_t list_min[ETO_LIST_ID_COUNT] = {1, 0, 1, 0};
  for (int l = 0; l < ETO_LIST_ID_COUNT; l++)
    for (int a = 0; a < ki->nspatial; a++) {
      int64_t x = lists[l][a];
      if (!(ki->lists & eto_list_bits[l])) {
        if (x != list_min[l])
          return problem(p, -1, l, a, "%s does not apply to %s", eto_list_names[l], ki->name);
        continue;
      }
      if (x < list_min[l])
        return problem(p, -1, l, a, "%s must be %s, got %lld", eto_list_names[l],
                       list_min[l] ? "a positive integer" : "a non-negative integer", (long long)x);
      if (x > ETO_OP_MAX_EXTENT)
        return problem(p, -1, l, a, "%s=%lld is too large (the limit is %lld)", eto_list_names[l],
                       (long long)x, (long long)ETO_OP_MAX_EXTENT),
               over_limit(p);
      if (l == ETO_LIST_ID_OUTPUT_PADDING && x >= op->stride[a])
        return problem(p, -1, l, a,
                       "output_padding must be smaller than stride (%lld >= %lld on the %s axis)",
                       (long long)x, (long long)op->stride[a], axis_name(ki->nspatial, a));
    }
  if (op->kind == ETO_OP_GROUP_CONV2D) {
    int64_t g = op->v[ETO_KEY_GROUPS];
    if (op->v[ETO_KEY_C] % g)
      return problem(p, ETO_KEY_GROUPS, -1, -1, "groups=%lld does not divide the input channels c=%lld",
                     (long long)g, (long long)op->v[ETO_KEY_C]);
    if (op->v[ETO_KEY_K] % g)
      return problem(p, ETO_KEY_GROUPS, -1, -1, "groups=%lld does not divide the output channels k=%lld",
                     (long long)g, (long long)op->v[ETO_KEY_K]);
  }
  if ((op->bias || op->relu) && !ki->epilogue)
    return problem(p, -1, -1, -1, "%s has no epilogue (bias and relu are not supported)", ki->name);
  for (int a = 0; a < ki->nspatial; a++) {
    int64_t o = eto_op_out_extent(op, a);
    if (o >= 1) continue;
    const char *ax = axis_name(ki->nspatial, a);
    int64_t in = op->v[ki->in_axis[a]], ker = op->v[ki->ker_axis[a]];
    if (op->kind == ETO_OP_CONV2D_TRANSPOSE)
      return problem(p, -1, ETO_LIST_ID_PAD, a, "pad=%lld too large: output %s would be %lld",
                     (long long)op->pad[a], ax, (long long)o);
    return problem(p, ki->ker_axis[a], -1, a,
                   "kernel larger than padded input on the %s axis: %s=%lld with dilation %lld spans %lld, "
                   "input %s=%lld plus padding 2*%lld is %lld",
                   ax, eto_key_names[ki->ker_axis[a]], (long long)ker, (long long)op->dilation[a],
                   (long long)(op->dilation[a] * (ker - 1) + 1), eto_key_names[ki->in_axis[a]], (long long)in,
                   (long long)op->pad[a], (long long)(in + 2 * op->pad[a]));
  }
  eto_loop_nest nest;
  eto_op_loop_nest(op, &nest);
  for (int i = 0; i < nest.nspace; i++)
    if (nest.space[i].extent > ETO_OP_MAX_EXTENT)
      return problem(p, -1, -1, -1, "loop %s has extent %lld, above the limit %lld", nest.space[i].name,
                     (long long)nest.space[i].extent, (long long)ETO_OP_MAX_EXTENT),
             over_limit(p);
  int nin = eto_op_num_inputs(op);
  for (int i = -1; i < nin; i++) {
    eto_shape s;
    if (i < 0)
      eto_op_output_shape(op, &s);
    else
      eto_op_input_shape(op, i, &s);
    int64_t n = eto_shape_size(&s);
    if (n > ETO_OP_MAX_ELEMENTS)
      return problem(p, -1, -1, -1, "the %s tensor would have %s%lld elements, above the limit %lld",
                     i < 0    ? "output"
                     : i == 0 ? "first input"
                     : i == 1 ? "second input"
                              : "bias",
                     n == INT64_MAX ? "more than " : "", (long long)n, (long long)ETO_OP_MAX_ELEMENTS),
             over_limit(p);
  }
  double f = eto_op_flops(op);
  if (!(f <= ETO_OP_MAX_FLOPS))
    return problem(p, -1, -1, -1,
                   "the operator would take %.3g floating-point operations, above the limit %.3g", f,
                   ETO_OP_MAX_FLOPS),
           over_limit(p);
  if (op->freq < 1) return problem(p, -1, -1, -1, "freq must be a positive integer");
  return 0;
}

eto_status eto_op_check(const eto_op *op, char *msg, size_t msgcap) {
  eto_op_problem p;
  if (msg && msgcap) msg[0] = '\0';
  if (eto_op_validate(op, &p) == 0) return ETO_OK;
  if (msg && msgcap) snprintf(msg, msgcap, "%s", p.msg);
  return p.status;
}

int eto_edit_distance(const char *a, size_t na, const char *b) {
  enum { MAXL = 64 };
  size_t nb = strlen(b);
  if (na >= MAXL || nb >= MAXL) return INT_MAX / 2;
  int d[MAXL + 1][MAXL + 1];
  for (size_t i = 0; i <= na; i++) d[i][0] = (int)i;
  for (size_t j = 0; j <= nb; j++) d[0][j] = (int)j;
  for (size_t i = 1; i <= na; i++)
    for (size_t j = 1; j <= nb; j++) {
      char x = a[i - 1], y = b[j - 1];
      if (x >= 'A' && x <= 'Z') x = (char)(x - 'A' + 'a');
      if (y >= 'A' && y <= 'Z') y = (char)(y - 'A' + 'a');
      int best = d[i - 1][j - 1] + (x != y);
      if (d[i - 1][j] + 1 < best) best = d[i - 1][j] + 1;
      if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
      if (i > 1 && j > 1) {
        char xp = a[i - 2], yp = b[j - 2];
        if (xp >= 'A' && xp <= 'Z') xp = (char)(xp - 'A' + 'a');
        if (yp >= 'A' && yp <= 'Z') yp = (char)(yp - 'A' + 'a');
        if (x == yp && xp == y && d[i - 2][j - 2] + 1 < best) best = d[i - 2][j - 2] + 1;
      }
      d[i][j] = best;
    }
  return d[na][nb];
}
