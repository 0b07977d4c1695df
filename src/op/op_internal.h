/* op_internal.h — private to src/op: the kinds table and helpers shared by op.c, parse.c, compute.c and
 * reference.c. Nothing outside src/op includes this header. */
#ifndef ETO_OP_INTERNAL_H
#define ETO_OP_INTERNAL_H

#include "op.h"

/* The per-axis lists a kind accepts (bit set). */
enum {
  ETO_LIST_STRIDE = 1 << 0,
  ETO_LIST_PAD = 1 << 1,
  ETO_LIST_DILATION = 1 << 2,
  ETO_LIST_OUTPUT_PADDING = 1 << 3,
};

typedef enum {
  ETO_LIST_ID_STRIDE,
  ETO_LIST_ID_PAD,
  ETO_LIST_ID_DILATION,
  ETO_LIST_ID_OUTPUT_PADDING,
  ETO_LIST_ID_COUNT
} eto_list_id;

#define ETO_KIND_MAX_KEYS 9

typedef struct {
  eto_key key;
  int64_t def; /* default value; 0 = required */
} eto_kind_key;

/* One row of the kinds table. */
typedef struct {
  const char *name;  /* as written in lists */
  eto_op_kind reuse; /* kind used for reuse decisions */
  int nkeys;
  eto_kind_key keys[ETO_KIND_MAX_KEYS]; /* in the order lists and eto_op_format write them */
  int nspatial;                         /* spatial axes, 0 for matmul-like and norm */
  eto_key in_axis[3];                   /* input spatial extent key per axis (outer to inner) */
  eto_key ker_axis[3];                  /* kernel extent key per axis */
  unsigned lists;                       /* ETO_LIST_* accepted */
  int epilogue;                         /* accepts bias= / relu= */
  int bias_axis;                        /* output axis (= space loop) indexed by bias[], -1 for none */
  int nspace, nreduce;                  /* loops of the major nest */
  const char *space_names[6];
  const char *reduce_names[4];
  const char *summary; /* one line for --help */
} eto_kind_info;

extern const eto_kind_info eto_kind_table[ETO_OP_KIND_COUNT];
extern const char *const eto_key_names[ETO_KEY_COUNT];
extern const char *const eto_list_names[ETO_LIST_ID_COUNT];
extern const unsigned eto_list_bits[ETO_LIST_ID_COUNT];

/* Row of a kind, NULL when out of range. */
const eto_kind_info *eto_kind_info_get(eto_op_kind kind);
/* Whether the kind has key k, and its default through *def (may be NULL). */
int eto_kind_has_key(const eto_kind_info *ki, eto_key k, int64_t *def);

/* Output extent of spatial axis a (convolution formulas of op.h); may be < 1 for impossible shapes.
 * Only meaningful for kinds with nspatial > a. Never overflows for values within ETO_OP_MAX_EXTENT. */
int64_t eto_op_out_extent(const eto_op *op, int a);

/* What eto_op_validate found wrong: a message, and where it belongs (for the parser's column). */
typedef struct {
  char msg[160];
  int key;           /* eto_key that is at fault, or -1 */
  int list;          /* eto_list_id at fault, or -1 (then axis says which element) */
  int axis;          /* spatial axis, or -1 */
  eto_status status; /* ETO_ERR_INVALID, or ETO_ERR_LIMIT for the size limits */
} eto_op_problem;

/* Validates an operator: positive keys, divisibility, output sizes >= 1, the size limits. Returns 0 when
 * valid, else -1 with *p filled (first problem found). Never allocates. */
int eto_op_validate(const eto_op *op, eto_op_problem *p);

/* Edit distance (optimal string alignment, case-insensitive) between a[0..na) and b (NUL-terminated). */
int eto_edit_distance(const char *a, size_t na, const char *b);

#endif
