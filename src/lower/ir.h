/* ir.h — private helpers of src/lower: the arena and expression/statement constructors (with constant
 * folding, so that index expressions stay small and their strides are easy to read). */
#ifndef ETO_LOWER_IR_H
#define ETO_LOWER_IR_H

#include <setjmp.h>

#include "lower.h"

typedef struct eto_arena eto_arena;
eto_arena *ir_arena_new(void);
void ir_arena_free(eto_arena *a);
/* Zeroed memory from the arena. When malloc fails: longjmp to the buffer set with ir_arena_on_oom (the builders
 * below never see NULL), or NULL when none is set. */
void *ir_alloc(eto_arena *a, size_t n);
/* Sets (or clears, with NULL) where an allocation failure unwinds to. */
void ir_arena_on_oom(eto_arena *a, jmp_buf *to);

eto_expr *x_int(eto_arena *a, int64_t v);
eto_expr *x_var(eto_arena *a, int var);
eto_expr *x_bin(eto_arena *a, eto_xop op, eto_expr *l, eto_expr *r);
eto_expr *x_add(eto_arena *a, eto_expr *l, eto_expr *r);
eto_expr *x_sub(eto_arena *a, eto_expr *l, eto_expr *r);
eto_expr *x_mul(eto_arena *a, eto_expr *l, eto_expr *r);
eto_expr *x_muli(eto_arena *a, eto_expr *l, int64_t r);
eto_expr *x_addi(eto_arena *a, eto_expr *l, int64_t r);
eto_expr *x_div(eto_arena *a, eto_expr *l, int64_t r);
eto_expr *x_mod(eto_arena *a, eto_expr *l, int64_t r);
eto_expr *x_and(eto_arena *a, eto_expr *l, eto_expr *r); /* NULL means true */
eto_expr *x_float(eto_arena *a, float v);
eto_expr *x_load(eto_arena *a, int buf, eto_expr *index, eto_expr *guard);

eto_stmt *s_for(eto_arena *a, int var, int64_t extent, eto_loop_kind kind, eto_stmt *body);
eto_stmt *s_seq(eto_arena *a, int n, eto_stmt **items);
eto_stmt *s_store(eto_arena *a, int buf, eto_expr *index, eto_expr *value);
eto_stmt *s_if(eto_arena *a, eto_expr *cond, eto_stmt *then); /* cond NULL: returns then */
/* if (cond) then; if (cond == 0) els: the IR has no else. els NULL: s_if. */
eto_stmt *s_if_else(eto_arena *a, eto_expr *cond, eto_stmt *then, eto_stmt *els);
eto_stmt *s_barrier(eto_arena *a);
eto_stmt *s_prefetch(eto_arena *a, int buf, eto_expr *index);

/* A growable statement list, turned into a SEQ. */
typedef struct {
  eto_arena *a;
  int n, cap;
  eto_stmt **items;
} stmt_list;
void sl_push(stmt_list *l, eto_stmt *s);
eto_stmt *sl_seq(stmt_list *l);

/* Floor division and modulo on int64. */
int64_t ir_floordiv(int64_t a, int64_t b);
int64_t ir_floormod(int64_t a, int64_t b);

#endif
