/* op.h — the operator model of etotune.
 *
 * Data flow: an operators.list file is parsed (eto_oplist_parse) into an eto_oplist of eto_op values;
 * each eto_op yields its major loop nest (space and reduction loops), tensor shapes, FLOPs, a canonical
 * workload key, and a *compute description* (eto_compute) that the schedule space and the lowering read.
 * A naive reference kernel per kind (eto_op_reference) is the oracle every generated program is checked
 * against.
 *
 * Tensor layouts (row-major, float32):
 *   matmul          A[1,M,K]  B[1,K,N]                     -> C[1,M,N]   (loop nest [1,M,N]·[K])
 *   batch_matmul    A[B,M,K]  B[B,K,N]                     -> C[B,M,N]
 *   conv1d          X[N,C,L]  W[K,C,R]                     -> Y[N,K,OL]
 *   conv2d          X[N,C,H,W] W[K,C,R,S]                  -> Y[N,K,OH,OW]
 *   conv3d          X[N,C,D,H,W] W[K,C,T,R,S]              -> Y[N,K,OD,OH,OW]
 *   group_conv2d    X[N,C,H,W] W[K,C/G,R,S]                -> Y[N,K,OH,OW]
 *   depthwise_conv2d X[N,C,H,W] W[C,MUL,R,S]               -> Y[N,C*MUL,OH,OW]  (out channel o = c*MUL+m)
 *   conv2d_transpose X[N,C,H,W] W[C,K,R,S]                 -> Y[N,K,OH,OW]
 *                   OH = (H-1)*stride - 2*pad + (R-1) + output_padding + 1
 *   capsule_conv2d  X[N,H,W,CAP,CAP,C] W[R,S,CAP,CAP,C,K]  -> Y[N,OH,OW,CAP,CAP,K]
 *                   Y[n,oh,ow,i,j,k] = sum_{r,s,cap,c} X[n,oh*st+r-pad,ow*st+s-pad,i,cap,c] * W[r,s,cap,j,c,k]
 *   norm            X[B,M,N]                               -> Y[B] = sqrt(sum_{m,n} X[b,m,n]^2)
 * Convolution output size: O = (I + 2*pad - dilation*(R-1) - 1) / stride + 1.
 * Epilogue (all kinds but norm): bias=1 adds bias[channel] (the channel axis is eto_compute.bias_axis of
 * the output: N for matmul, K for convolutions), then relu=1 clamps at 0.
 */
#ifndef ETO_OP_H
#define ETO_OP_H

#include <stdint.h>
#include <stdio.h>

#include "base.h"

#define ETO_MAX_LOOPS 8    /* space or reduction loops in one nest */
#define ETO_MAX_DIMS 6     /* tensor rank */
#define ETO_MAX_INPUTS 2   /* main-stage inputs (bias is handled by the epilogue) */
#define ETO_MAX_TERMS 4    /* terms in one index expression */
#define ETO_NAME_MAX 64


typedef enum {
  ETO_OP_MATMUL,
  ETO_OP_BATCH_MATMUL,
  ETO_OP_CONV1D,
  ETO_OP_CONV2D,
  ETO_OP_CONV3D,
  ETO_OP_GROUP_CONV2D,
  ETO_OP_DEPTHWISE_CONV2D,
  ETO_OP_CONV2D_TRANSPOSE,
  ETO_OP_CAPSULE_CONV2D,
  ETO_OP_NORM,
  ETO_OP_KIND_COUNT
} eto_op_kind;

/* The integer keys of operators.list. One key means the same letter for every kind; its role depends on
 * the kind (n is the batch of a convolution but the column count of a matmul). */
typedef enum {
  ETO_KEY_B, ETO_KEY_M, ETO_KEY_N, ETO_KEY_K, ETO_KEY_C, ETO_KEY_L, ETO_KEY_D, ETO_KEY_H, ETO_KEY_W,
  ETO_KEY_T, ETO_KEY_R, ETO_KEY_S, ETO_KEY_GROUPS, ETO_KEY_MULTIPLIER, ETO_KEY_CAPSULE,
  ETO_KEY_COUNT
} eto_key;

/* One operator of a list. Plain value type: copy freely. */
typedef struct eto_op {
  eto_op_kind kind;
  int64_t v[ETO_KEY_COUNT];       /* key values; 0 where the kind has no such key */
  int nspatial;                   /* spatial axes (1 conv1d, 3 conv3d, 2 other convs, 0 otherwise) */
  int64_t stride[3], pad[3], dilation[3], output_padding[3]; /* per spatial axis, outer to inner */
  int bias, relu;                 /* fused epilogue flags */
  int64_t freq;                   /* summed frequency of all lines with this workload key */
  char name[ETO_NAME_MAX];        /* from name=, or "" */
  int line;                       /* first line of the list that gave this operator (1-based), 0 if none */
} eto_op;

/* ---- kinds ---- */

/* Name of a kind as written in lists ("conv2d"); NULL for an out-of-range kind. */
const char *eto_op_kind_name(eto_op_kind kind);
/* Kind by name; returns 0 and sets *out, or -1 when the name is unknown. */
int eto_op_kind_from_name(const char *name, eto_op_kind *out);
/* The kind used for reuse decisions: ETO_OP_BATCH_MATMUL for matmul, the kind itself otherwise. */
eto_op_kind eto_op_reuse_kind(eto_op_kind kind);
/* One-line description of a kind for help texts; NULL for an out-of-range kind. */
const char *eto_op_kind_summary(eto_op_kind kind);
/* The list syntax of a kind, e.g. "conv2d n c h w k r s stride=1 pad=0 dilation=1": required keys bare,
 * optional ones with their default. Writes at most cap bytes including the NUL; returns the length it
 * needed (snprintf contract), -1 for an out-of-range kind. */
int eto_op_kind_usage(eto_op_kind kind, char *buf, int cap);
/* Name of a key as written in lists ("groups"); NULL for an out-of-range key. */
const char *eto_key_name(eto_key key);

/* Sets *op to an operator of `kind` with every default of the list format (optional keys at their
 * default, required keys 0, stride and dilation 1, pad and output_padding 0, freq 1, no epilogue, no name).
 * For code that builds operators without a list (bridge operators, tests); fill the required keys, then
 * call eto_op_check. */
void eto_op_init(eto_op *op, eto_op_kind kind);
/* Checks an operator the way the parser checks a line: every key of the kind >= 1 (pad >= 0), groups
 * divide c and k, output_padding < stride, every output extent >= 1, and the ETO_OP_MAX_* limits.
 * Returns ETO_OK, ETO_ERR_INVALID or ETO_ERR_LIMIT with a one-line message in msg (if not NULL).
 * Every other eto_op_* function expects an operator that passes this check. Never allocates. */
eto_status eto_op_check(const eto_op *op, char *msg, size_t msgcap);

/* ---- derived facts ---- */

typedef struct {
  char name[8];     /* "nn", "ff", "yy", "xx", "rc", "ry", "rx", "b", "i", "j", "k", ... */
  int64_t extent;
} eto_loop;

typedef struct {
  int nspace, nreduce;
  eto_loop space[ETO_MAX_LOOPS];
  eto_loop reduce[ETO_MAX_LOOPS];
} eto_loop_nest;

typedef struct {
  int rank;
  int64_t dim[ETO_MAX_DIMS];
} eto_shape;

/* Major loop nest of an operator (docs/architecture.md §3 table; matmul is [1,M,N]·[K]). */
void eto_op_loop_nest(const eto_op *op, eto_loop_nest *out);
/* Output tensor shape. */
void eto_op_output_shape(const eto_op *op, eto_shape *out);
/* Number of tensor inputs including bias when bias=1 (so 1 for norm, 2 or 3 otherwise), and the shape of
 * input i in the order [data/A, weight/B, bias]. Returns -1 for an out-of-range i. */
int eto_op_num_inputs(const eto_op *op);
int eto_op_input_shape(const eto_op *op, int i, eto_shape *out);
/* Elements of a shape. */
int64_t eto_shape_size(const eto_shape *s);
/* Bytes of the float32 tensors of op: *inputs = every input (bias included), *output = the output. What one
 * measurement holds is derived from these (src/measure: inputs + reference output + one output per worker). */
void eto_op_tensor_bytes(const eto_op *op, int64_t *inputs, int64_t *output);
/* Floating-point operations: 2 per multiply-add of the loop nest (norm: 2 per element plus 1 sqrt per
 * output), plus one per output element for bias and one for relu. */
double eto_op_flops(const eto_op *op);

/* Canonical workload key, stable across versions (it keys the cache). Format:
 *   KIND:key=value,key=value,...[;stride=a,b][;pad=..][;dilation=..][;output_padding=..];dtype=float32[;bias][;relu]
 * with KIND the reuse kind name except that matmul keeps "matmul", keys in eto_key order, every key of the
 * kind printed (defaults included), spatial lists always printed for convolutions. name and freq are not
 * part of the key. Writes at most cap bytes including the NUL; returns the length it needed.
 * The spatial lists printed are those the kind takes (conv2d_transpose: stride, pad, output_padding;
 * capsule_conv2d: stride, pad), one value per axis. Example:
 *   conv2d:n=1,k=64,c=3,h=224,w=224,r=7,s=7;stride=2,2;pad=3,3;dilation=1,1;dtype=float32
 * Keys are shorter than 512 bytes. */
int eto_op_key(const eto_op *op, char *buf, int cap);

/* A C identifier derived from the workload key, unique per key: the key with `=` dropped, `:`, `,` and `;`
 * turned into `_`, and the default ";dtype=float32" left out, e.g. "matmul_m128_n256_k256" or
 * "conv2d_n1_k64_c3_h224_w224_r7_s7_stride2_2_pad3_3_dilation1_1_relu". Kernels printed or exported for an
 * operator are named from it. Writes at most cap bytes including the NUL; returns the length it needed. */
int eto_op_symbol(const eto_op *op, char *buf, int cap);

/* Rebuilds the operator of a canonical workload key (the inverse of eto_op_key; freq 1, no name). Returns
 * ETO_OK, or ETO_ERR_PARSE / ETO_ERR_INVALID with a message when the key is malformed or not canonical. */
eto_status eto_op_from_key(const char *key, eto_op *out, char *msg, size_t cap);

/* ---- compute description (what sched and lower read) ----
 *
 * out[s_0..s_{ns-1}] = epilogue( sum over reduction loops of  IN0(idx0) * IN1(idx1) )   (2 inputs)
 * out[s_0..s_{ns-1}] = sqrt( sum over reduction loops of IN0(idx0)^2 )                 (norm, 1 input)
 * The output tensor is row-major with one dimension per space loop, in loop order (matmul: [1,M,N]).
 *
 * Each input is read through a *virtual tensor*: element-wise producers (padding, the zero-insertion of a
 * transposed convolution) are inlined into its loads. An input has `rank` virtual coordinates, each an
 * index expression over the loop variables:
 *     v_d = offset + sum_t coef_t * floor(var_t / div_t)
 * where var_t < nspace names a space loop and var_t >= nspace the reduction loop var_t - nspace.
 * The virtual coordinate v_d maps to the real coordinate (v_d - pad_lo[d]) / dilate[d], and the value is 0
 * unless v_d - pad_lo[d] >= 0, (v_d - pad_lo[d]) % dilate[d] == 0 and (v_d - pad_lo[d]) / dilate[d] < shape[d].
 * Examples: conv2d height  v = stride*oh + dilation*r, pad_lo = pad, dilate = 1;
 *           conv2d_transpose height v = oh + r, pad_lo = R-1-pad, dilate = stride; its weight height
 *           v = (R-1) - r (coef -1), pad_lo = 0, dilate = 1;
 *           group_conv2d input channel v = (C/G)*floor(k/(K/G)) + rc;
 *           depthwise input channel v = floor(o/MUL); weight channel floor(o/MUL), multiplier o - MUL*floor(o/MUL)
 *           is not affine, so depthwise weight is indexed as a virtual [C*MUL, R, S] tensor (W is contiguous
 *           in that order, so shape = {C*MUL, R, S} and the weight index is (o, r, s)).
 */
typedef struct {
  int var;          /* loop index as described above */
  int64_t coef;     /* any sign */
  int64_t div;      /* >= 1 (floor division) */
} eto_term;

typedef struct {
  int nterms;
  eto_term term[ETO_MAX_TERMS];
  int64_t offset;
} eto_index;

typedef struct {
  char name[16];                  /* "A", "B", "data", "weight" */
  int rank;
  int64_t shape[ETO_MAX_DIMS];    /* real (stored) shape, row-major */
  int64_t pad_lo[ETO_MAX_DIMS];
  int64_t dilate[ETO_MAX_DIMS];   /* >= 1 */
  eto_index index[ETO_MAX_DIMS];  /* virtual coordinate of each dimension */
} eto_operand;

typedef enum { ETO_BODY_MUL_ADD, ETO_BODY_SQUARE_ADD_SQRT } eto_body;

typedef struct {
  eto_loop_nest nest;
  eto_body body;
  int ninputs;                        /* 2 for MUL_ADD, 1 for SQUARE_ADD_SQRT */
  eto_operand in[ETO_MAX_INPUTS];
  int bias, relu;
  int bias_axis;                      /* space loop that indexes bias[] (-1 when no bias) */
} eto_compute;

/* Fills the compute description of op. */
void eto_op_compute(const eto_op *op, eto_compute *out);

/* ---- reference kernels ----
 * Naive loops, accumulation in double. inputs[i] has eto_op_input_shape(op, i) elements (bias last when
 * op->bias); out has the output shape's elements. Returns ETO_OK, ETO_ERR_INVALID for an unknown kind or NULL
 * arguments, ETO_ERR_NOMEM when the one row of double accumulators a matmul or convolution takes cannot be
 * allocated. A kernel performs at most eto_op_flops(op) floating-point operations (padded positions are skipped),
 * at the speed of simple loops: callers that cannot wait long check that count first (src/measure,
 * eto_measure_check_limits). */
eto_status eto_op_reference(const eto_op *op, const float *const *inputs, float *out);

/* Evaluates the compute description directly (naive, double accumulation): an independent check that
 * eto_op_compute and eto_op_reference agree. Same contract as eto_op_reference. */
eto_status eto_compute_reference(const eto_compute *c, const float *const *inputs, float *out);

/* ---- operator lists ---- */

typedef struct eto_oplist eto_oplist;

/* Limits applied while parsing, before any memory is allocated for an operator. */
#define ETO_OP_MAX_EXTENT ((int64_t)1 << 24)      /* any single key or extent */
#define ETO_OP_MAX_ELEMENTS ((int64_t)1 << 31)    /* elements of any tensor */
#define ETO_OP_MAX_FLOPS 1e14

/* Parses text (len bytes; need not be NUL-terminated) named `filename` in messages. Besides operator lines,
 * `let NAME=LO..HI` or `let NAME={a,b,...}` declares a symbol usable as the value of an integer key; a
 * line using symbols expands to one operator per combination of their values (docs/architecture.md §3). On success *out holds
 * the operators (lines with equal keys merged, first occurrence order). On failure returns ETO_ERR_PARSE,
 * *out is NULL, and msg (if not NULL) receives one or more lines "FILE:LINE:COL: message" (with a
 * suggestion for misspelled kinds and keys), truncated to msgcap bytes. Every error of the text is reported,
 * not only the first, up to 20. */
eto_status eto_oplist_parse(const char *filename, const char *text, size_t len, eto_oplist **out, char *msg,
                            size_t msgcap);
/* Reads and parses a file. ETO_ERR_IO with a message when it cannot be read. */
eto_status eto_oplist_load(const char *path, eto_oplist **out, char *msg, size_t msgcap);
/* Number of operators and the i-th one (valid until the list is freed). */
int eto_oplist_count(const eto_oplist *l);
const eto_op *eto_oplist_get(const eto_oplist *l, int i);
/* Number of non-comment lines the list was parsed from. */
int eto_oplist_lines(const eto_oplist *l);
/* Frees the list; NULL is a no-op. */
void eto_oplist_free(eto_oplist *l);

/* Formats op as one operators.list line (parseable; gives back an equal op). Returns needed length. */
int eto_op_format(const eto_op *op, char *buf, int cap);

/* ---- families: the operators of one `let` line (dynamic shapes) ----
 * A family is two or more operators of one kind and one name= (and equal strides, pads, epilogues) whose keys
 * differ only in keys that all take one value per operator: the variable (`let S=1..512` with m=S, or m=S n=S).
 * Family tuning keeps the representative values (eto_op_family_representative); an exported family dispatches
 * any value to the smallest tuned member at or above it (export.h). */
typedef struct {
  int count;                /* members (>= 2) */
  int *member;              /* indices into the operators, by increasing value of the variable */
  int nkeys;                /* keys equal to the variable */
  int keys[ETO_KEY_COUNT];
} eto_op_family;

/* Finds the families among ops[0..n-1] (in the order of their first member). Operators of one name whose keys
 * vary in more than one value form no family. Returns the count with *out malloc'ed (free with
 * eto_op_families_free), or -1 when out of memory. */
int eto_op_families(const eto_op *ops, int n, eto_op_family **out);
/* The variable's value of member i of f. */
int64_t eto_op_family_value(const eto_op *ops, const eto_op_family *f, int i);
void eto_op_families_free(eto_op_family *f, int count);
/* The representative serving value v: v itself up to 16, then the next multiple of a quarter of the power of
 * two below it (20, 24, 28, 32, 40, 48, 56, 64, 80, ..., 448, 512, 640, ...), so that v >= 0.8x its
 * representative above 16. 36 values cover 1..512. */
int64_t eto_op_family_bucket(int64_t v);
/* 1 when v is a representative (eto_op_family_bucket(v) == v). */
int eto_op_family_representative(int64_t v);

/* Saturating arithmetic on non-negative values (freqs, extents): results clamp at INT64_MAX. */
int64_t eto_sat_mul(int64_t a, int64_t b);
int64_t eto_sat_add(int64_t a, int64_t b);


#endif
