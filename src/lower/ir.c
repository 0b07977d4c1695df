/* ir.c — arena and constructors of the loop IR. */
#include "ir.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct chunk {
  struct chunk *next;
  size_t used, cap;
  _Alignas(16) unsigned char data[];
} chunk;

struct eto_arena {
  chunk *head;
  jmp_buf *oom; /* where an allocation failure returns to (ir_arena_on_oom) */
};

void ir_arena_on_oom(eto_arena *a, jmp_buf *to) { a->oom = to; }

eto_arena *ir_arena_new(void) { return calloc(1, sizeof(eto_arena)); }

void ir_arena_free(eto_arena *a) {
  if (!a) return;
  for (chunk *c = a->head; c;) {
    chunk *n = c->next;
    free(c);
    c = n;
  }
  free(a);
}

void *ir_alloc(eto_arena *a, size_t n) {
  n = (n + 15) & ~(size_t)15;
  if (!a->head || a->head->used + n > a->head->cap) {
    size_t cap = n > 65536 ? n : 65536;
    chunk *c = malloc(sizeof(chunk) + cap);
    if (!c) {
      /* out of memory deep inside the IR builders: unwind to the lowering's entry, which frees the arena and
       * returns ETO_ERR_NOMEM (library code never aborts) */
      if (a->oom) longjmp(*a->oom, 1);
      return NULL;
    }
    c->next = a->head;
    c->used = 0;
    c->cap = cap;
    a->head = c;
  }
  void *p = a->head->data + a->head->used;
  a->head->used += n;
  memset(p, 0, n);
  return p;
}

int64_t ir_floordiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
  return q;
}

int64_t ir_floormod(int64_t a, int64_t b) { return a - ir_floordiv(a, b) * b; }

static eto_expr *node(eto_arena *a, eto_xop op) {
  eto_expr *e = ir_alloc(a, sizeof *e);
  e->op = op;
  return e;
}

eto_expr *x_int(eto_arena *a, int64_t v) {
  eto_expr *e = node(a, ETO_X_INT);
  e->ival = v;
  return e;
}

eto_expr *x_var(eto_arena *a, int var) {
  eto_expr *e = node(a, ETO_X_VAR);
  e->var = var;
  return e;
}

static int is_int(const eto_expr *e, int64_t v) { return e->op == ETO_X_INT && e->ival == v; }

eto_expr *x_bin(eto_arena *a, eto_xop op, eto_expr *l, eto_expr *r) {
  if (l->op == ETO_X_INT && r->op == ETO_X_INT) {
    int64_t x = l->ival, y = r->ival;
    switch (op) {
    case ETO_X_ADD: return x_int(a, x + y);
    case ETO_X_SUB: return x_int(a, x - y);
    case ETO_X_MUL: return x_int(a, x * y);
    case ETO_X_DIV: return x_int(a, ir_floordiv(x, y));
    case ETO_X_MOD: return x_int(a, ir_floormod(x, y));
    case ETO_X_MIN: return x_int(a, x < y ? x : y);
    case ETO_X_MAX: return x_int(a, x > y ? x : y);
    case ETO_X_LT: return x_int(a, x < y);
    case ETO_X_LE: return x_int(a, x <= y);
    case ETO_X_EQ: return x_int(a, x == y);
    case ETO_X_AND: return x_int(a, x && y);
    default: break;
    }
  }
  eto_expr *e = node(a, op);
  e->a = l;
  e->b = r;
  return e;
}

eto_expr *x_add(eto_arena *a, eto_expr *l, eto_expr *r) {
  if (is_int(l, 0)) return r;
  if (is_int(r, 0)) return l;
  /* (x + c1) + c2 -> x + (c1 + c2) keeps constant offsets in one place */
  if (r->op == ETO_X_INT && l->op == ETO_X_ADD && l->b->op == ETO_X_INT) return x_add(a, l->a, x_int(a, l->b->ival + r->ival));
  if (l->op == ETO_X_INT && r->op != ETO_X_INT) return x_add(a, r, l);
  return x_bin(a, ETO_X_ADD, l, r);
}

eto_expr *x_sub(eto_arena *a, eto_expr *l, eto_expr *r) {
  if (is_int(r, 0)) return l;
  if (r->op == ETO_X_INT) return x_add(a, l, x_int(a, -r->ival));
  return x_bin(a, ETO_X_SUB, l, r);
}

eto_expr *x_mul(eto_arena *a, eto_expr *l, eto_expr *r) {
  if (is_int(l, 0) || is_int(r, 0)) return x_int(a, 0);
  if (is_int(l, 1)) return r;
  if (is_int(r, 1)) return l;
  if (l->op == ETO_X_INT && r->op != ETO_X_INT) return x_mul(a, r, l);
  return x_bin(a, ETO_X_MUL, l, r);
}

eto_expr *x_muli(eto_arena *a, eto_expr *l, int64_t r) { return x_mul(a, l, x_int(a, r)); }
eto_expr *x_addi(eto_arena *a, eto_expr *l, int64_t r) { return x_add(a, l, x_int(a, r)); }

eto_expr *x_div(eto_arena *a, eto_expr *l, int64_t r) {
  if (r == 1) return l;
  return x_bin(a, ETO_X_DIV, l, x_int(a, r));
}

eto_expr *x_mod(eto_arena *a, eto_expr *l, int64_t r) {
  if (r == 1) return x_int(a, 0);
  return x_bin(a, ETO_X_MOD, l, x_int(a, r));
}

eto_expr *x_and(eto_arena *a, eto_expr *l, eto_expr *r) {
  if (!l) return r;
  if (!r) return l;
  return x_bin(a, ETO_X_AND, l, r);
}

eto_expr *x_float(eto_arena *a, float v) {
  eto_expr *e = node(a, ETO_X_FLOAT);
  e->fval = v;
  return e;
}

eto_expr *x_load(eto_arena *a, int buf, eto_expr *index, eto_expr *guard) {
  eto_expr *e = node(a, ETO_X_LOAD);
  e->buf = buf;
  e->a = index;
  if (guard && guard->op == ETO_X_INT && guard->ival) guard = NULL;
  e->c = guard;
  return e;
}

eto_stmt *s_for(eto_arena *a, int var, int64_t extent, eto_loop_kind kind, eto_stmt *body) {
  eto_stmt *s = ir_alloc(a, sizeof *s);
  s->kind = ETO_S_FOR;
  s->var = var;
  s->extent = extent;
  s->loop = kind;
  s->body = body;
  return s;
}

eto_stmt *s_seq(eto_arena *a, int n, eto_stmt **items) {
  eto_stmt *s = ir_alloc(a, sizeof *s);
  s->kind = ETO_S_SEQ;
  s->n = n;
  s->items = ir_alloc(a, sizeof(eto_stmt *) * (n ? n : 1));
  memcpy(s->items, items, sizeof(eto_stmt *) * n);
  return s;
}

eto_stmt *s_store(eto_arena *a, int buf, eto_expr *index, eto_expr *value) {
  eto_stmt *s = ir_alloc(a, sizeof *s);
  s->kind = ETO_S_STORE;
  s->buf = buf;
  s->index = index;
  s->value = value;
  return s;
}

eto_stmt *s_if(eto_arena *a, eto_expr *cond, eto_stmt *then) {
  if (!cond || (cond->op == ETO_X_INT && cond->ival)) return then;
  eto_stmt *s = ir_alloc(a, sizeof *s);
  s->kind = ETO_S_IF;
  s->cond = cond;
  s->body = then;
  return s;
}

eto_stmt *s_if_else(eto_arena *a, eto_expr *cond, eto_stmt *then, eto_stmt *els) {
  if (!els) return s_if(a, cond, then);
  eto_stmt *both[2] = {s_if(a, cond, then), s_if(a, x_bin(a, ETO_X_EQ, cond, x_int(a, 0)), els)};
  return s_seq(a, 2, both);
}

eto_stmt *s_prefetch(eto_arena *a, int buf, eto_expr *index) {
  eto_stmt *s = ir_alloc(a, sizeof *s);
  s->kind = ETO_S_PREFETCH;
  s->buf = buf;
  s->index = index;
  return s;
}

eto_stmt *s_barrier(eto_arena *a) {
  eto_stmt *s = ir_alloc(a, sizeof *s);
  s->kind = ETO_S_BARRIER;
  return s;
}

void sl_push(stmt_list *l, eto_stmt *s) {
  if (l->n == l->cap) {
    int cap = l->cap ? l->cap * 2 : 8;
    eto_stmt **items = ir_alloc(l->a, sizeof(eto_stmt *) * cap);
    if (l->n) memcpy(items, l->items, sizeof(eto_stmt *) * l->n);
    l->items = items;
    l->cap = cap;
  }
  l->items[l->n++] = s;
}

eto_stmt *sl_seq(stmt_list *l) {
  if (l->n == 1) return l->items[0];
  return s_seq(l->a, l->n, l->items);
}

int eto_expr_stride(const eto_expr *e, int var, int64_t *stride) {
  int64_t sa, sb;
  switch (e->op) {
  case ETO_X_INT: *stride = 0; return 1;
  case ETO_X_VAR: *stride = e->var == var; return 1;
  case ETO_X_ADD:
  case ETO_X_SUB:
    if (!eto_expr_stride(e->a, var, &sa) || !eto_expr_stride(e->b, var, &sb)) return 0;
    *stride = e->op == ETO_X_ADD ? sa + sb : sa - sb;
    return 1;
  case ETO_X_MUL:
    if (!eto_expr_stride(e->a, var, &sa) || !eto_expr_stride(e->b, var, &sb)) return 0;
    if (sa == 0 && sb == 0) *stride = 0;
    else if (e->b->op == ETO_X_INT) *stride = sa * e->b->ival;
    else if (e->a->op == ETO_X_INT) *stride = sb * e->a->ival;
    else return 0;
    return 1;
  default:
    /* anything else is invariant only when all its operands are */
    if (e->a && (!eto_expr_stride(e->a, var, &sa) || sa)) return 0;
    if (e->b && (!eto_expr_stride(e->b, var, &sb) || sb)) return 0;
    if (e->c && (!eto_expr_stride(e->c, var, &sb) || sb)) return 0;
    *stride = 0;
    return 1;
  }
}
