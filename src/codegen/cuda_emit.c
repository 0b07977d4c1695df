/* cuda_emit.c — loop IR -> CUDA C.
 *
 * Two small static analyses decide how the code is printed:
 *   ranges     interval bounds of every integer expression (variables range over the loops that bind them):
 *              `int` indices when everything fits in 32 bits, plain `/` and `%` when a dividend is provably
 *              non-negative (the IR's DIV/MOD are floor operations), the eto_fdiv/eto_fmod helpers otherwise;
 *   lanes      for a cooperative-fetch VECTOR loop over lane l in [0, V): every index is written e = E + s*l
 * with E independent of l and known modulo m (E = r mod m; m = 0: E = r exactly; m = 1: nothing known). When
 * both the shared and the global index have s = 1 and E = 0 mod V, and every guard is the same for all lanes,
 * the loop is one float2/float4 load and store.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "codegen.h"

/* ---------------- kernel facts ---------------- */

typedef struct {
  const eto_kernel *k;
  int64_t ext[ETO_KERNEL_MAX_VARS]; /* largest extent of a loop binding the var; 0 when never bound */
} kfacts;

static void collect_ext(kfacts *kf, const eto_stmt *s) {
  switch (s->kind) {
  case ETO_S_SEQ:
    for (int i = 0; i < s->n; i++) collect_ext(kf, s->items[i]);
    return;
  case ETO_S_FOR:
    if (s->var >= 0 && s->var < ETO_KERNEL_MAX_VARS && s->extent > kf->ext[s->var])
      kf->ext[s->var] = s->extent;
    collect_ext(kf, s->body);
    return;
  case ETO_S_IF:
    collect_ext(kf, s->body);
    return;
  default:
    return;
  }
}

static void kfacts_init(kfacts *kf, const eto_kernel *k) {
  memset(kf, 0, sizeof *kf);
  kf->k = k;
  if (k->body) collect_ext(kf, k->body);
  kf->ext[0] = k->blocks;
}

/* ---------------- ranges ---------------- */

#define BIG ((int64_t)1 << 62)

static int64_t sat(__int128 v) { return v > BIG ? BIG : v < -BIG ? -BIG : (int64_t)v; }

static int64_t floordiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
  return q;
}

static int64_t floormod(int64_t a, int64_t b) { return a - floordiv(a, b) * b; }

static int is_int_op(eto_xop op) { return op <= ETO_X_AND; }

static void range(const kfacts *kf, const eto_expr *e, int64_t *lo, int64_t *hi) {
  int64_t al = 0, ah = 0, bl = 0, bh = 0;
  if (e->op != ETO_X_INT && e->op != ETO_X_VAR && is_int_op(e->op)) {
    range(kf, e->a, &al, &ah);
    range(kf, e->b, &bl, &bh);
  }
  switch (e->op) {
  case ETO_X_INT:
    *lo = *hi = e->ival;
    return;
  case ETO_X_VAR: {
    int64_t n = e->var >= 0 && e->var < ETO_KERNEL_MAX_VARS ? kf->ext[e->var] : 0;
    *lo = 0;
    *hi = n > 0 ? n - 1 : 0;
    return;
  }
  case ETO_X_ADD:
    *lo = sat((__int128)al + bl);
    *hi = sat((__int128)ah + bh);
    return;
  case ETO_X_SUB:
    *lo = sat((__int128)al - bh);
    *hi = sat((__int128)ah - bl);
    return;
  case ETO_X_MUL: {
    __int128 p[4] = {(__int128)al * bl, (__int128)al * bh, (__int128)ah * bl, (__int128)ah * bh};
    __int128 mn = p[0], mx = p[0];
    for (int i = 1; i < 4; i++) {
      if (p[i] < mn) mn = p[i];
      if (p[i] > mx) mx = p[i];
    }
    *lo = sat(mn);
    *hi = sat(mx);
    return;
  }
  case ETO_X_DIV:
    if (bl > 0 || bh < 0) {
      int64_t q[4] = {floordiv(al, bl), floordiv(al, bh), floordiv(ah, bl), floordiv(ah, bh)};
      *lo = *hi = q[0];
      for (int i = 1; i < 4; i++) {
        if (q[i] < *lo) *lo = q[i];
        if (q[i] > *hi) *hi = q[i];
      }
    } else {
      *lo = -BIG;
      *hi = BIG;
    }
    return;
  case ETO_X_MOD:
    if (bl > 0) {
      if (al >= 0 && ah < bl) {
        *lo = al;
        *hi = ah;
      } else {
        *lo = 0;
        *hi = bh - 1;
      }
    } else if (bh < 0) {
      *lo = bl + 1;
      *hi = 0;
    } else {
      *lo = -BIG;
      *hi = BIG;
    }
    return;
  case ETO_X_MIN:
    *lo = al < bl ? al : bl;
    *hi = ah < bh ? ah : bh;
    return;
  case ETO_X_MAX:
    *lo = al > bl ? al : bl;
    *hi = ah > bh ? ah : bh;
    return;
  case ETO_X_LT:
  case ETO_X_LE:
  case ETO_X_EQ:
  case ETO_X_AND:
    *lo = 0;
    *hi = 1;
    return;
  default:
    *lo = *hi = 0;
    return; /* float expressions: not an index */
  }
}

void eto_cuda_expr_range(const eto_kernel *k, const eto_expr *e, int64_t *lo, int64_t *hi) {
  kfacts kf;
  kfacts_init(&kf, k);
  range(&kf, e, lo, hi);
}

/* Largest |bound| over every integer sub-expression of e (and of the indices and guards inside float ones).
 */
static int64_t expr_magnitude(const kfacts *kf, const eto_expr *e) {
  if (!e) return 0;
  int64_t m = 0;
  if (is_int_op(e->op)) {
    int64_t lo, hi;
    range(kf, e, &lo, &hi);
    m = lo < 0 ? -lo : lo;
    if (hi > m) m = hi;
    if (hi < -m) m = -hi;
  }
  int64_t x;
  if (e->op != ETO_X_INT && e->op != ETO_X_VAR && e->op != ETO_X_FLOAT) {
    if ((x = expr_magnitude(kf, e->a)) > m) m = x;
    if (e->op != ETO_X_LOAD && e->op != ETO_X_FSQRT && (x = expr_magnitude(kf, e->b)) > m) m = x;
    if (e->op == ETO_X_LOAD && (x = expr_magnitude(kf, e->c)) > m) m = x;
  }
  return m;
}

static int64_t stmt_magnitude(const kfacts *kf, const eto_stmt *s) {
  int64_t m = 0, x;
  switch (s->kind) {
  case ETO_S_SEQ:
    for (int i = 0; i < s->n; i++)
      if ((x = stmt_magnitude(kf, s->items[i])) > m) m = x;
    return m;
  case ETO_S_FOR:
    return s->extent > (x = stmt_magnitude(kf, s->body)) ? s->extent : x;
  case ETO_S_IF:
    m = expr_magnitude(kf, s->cond);
    return (x = stmt_magnitude(kf, s->body)) > m ? x : m;
  case ETO_S_STORE:
    m = expr_magnitude(kf, s->index);
    return (x = expr_magnitude(kf, s->value)) > m ? x : m;
  default:
    return 0;
  }
}

/* ---------------- lanes ---------------- */

typedef struct {
  int ok;
  int64_t m, r, s; /* e = E + s*l, E = r (mod m); m = 0: E = r */
} lane;

static lane mk_lane(int64_t m, int64_t r, int64_t s) {
  lane x = {1, m < 0 ? -m : m, r, s};
  if (x.m > 0) x.r = floormod(x.r, x.m);
  /* keep the arithmetic far from overflow: such indices are not vectorized */
  if (x.m > BIG / 8 || x.r > BIG / 8 || x.r < -BIG / 8 || x.s > BIG / 8 || x.s < -BIG / 8) x.ok = 0;
  return x;
}

static const lane no_lane = {0, 0, 0, 0};

static lane lane_of(const kfacts *kf, const eto_expr *e, int lvar, int64_t V) {
  switch (e->op) {
  case ETO_X_INT:
    return mk_lane(0, e->ival, 0);
  case ETO_X_VAR:
    if (e->var == lvar) return mk_lane(0, 0, 1);
    if (e->var >= 0 && e->var < ETO_KERNEL_MAX_VARS && kf->ext[e->var] > 1) return mk_lane(1, 0, 0);
    return mk_lane(0, 0, 0);
  default:
    break;
  }
  if (!is_int_op(e->op)) return no_lane;
  lane a = lane_of(kf, e->a, lvar, V), b = lane_of(kf, e->b, lvar, V);
  if (!a.ok || !b.ok) return no_lane;
  switch (e->op) {
  case ETO_X_ADD:
    return mk_lane(eto_gcd64(a.m, b.m), a.r + b.r, a.s + b.s);
  case ETO_X_SUB:
    return mk_lane(eto_gcd64(a.m, b.m), a.r - b.r, a.s - b.s);
  case ETO_X_MUL:
    if (b.m == 0 && b.s == 0) return mk_lane(a.m * b.r, a.r * b.r, a.s * b.r);
    if (a.m == 0 && a.s == 0) return mk_lane(b.m * a.r, b.r * a.r, b.s * a.r);
    if (a.s == 0 && b.s == 0) return mk_lane(eto_gcd64(eto_gcd64(a.m * b.m, a.m * b.r), b.m * a.r), a.r * b.r, 0);
    return no_lane;
  case ETO_X_DIV:
  case ETO_X_MOD: {
    if (b.m != 0 || b.s != 0 || b.r <= 0) return no_lane; /* divisor: a positive constant */
    int64_t d = b.r, W = a.s * V;
    int div = e->op == ETO_X_DIV;
    if (a.s == 0) {
      if (a.m == 0) return mk_lane(0, div ? floordiv(a.r, d) : floormod(a.r, d), 0);
      if (a.m % d == 0) return div ? mk_lane(a.m / d, floordiv(a.r, d), 0) : mk_lane(0, floormod(a.r, d), 0);
      if (div) return mk_lane(1, 0, 0);
      int64_t g = eto_gcd64(a.m, d);
      return mk_lane(g, floormod(a.r, g), 0);
    }
    if (a.m == 0) { /* E exact: the lanes span [r, r + s*(V-1)] */
      int64_t lo = a.r + (a.s < 0 ? a.s * (V - 1) : 0), hi = a.r + (a.s > 0 ? a.s * (V - 1) : 0);
      if (div) return floordiv(lo, d) == floordiv(hi, d) ? mk_lane(0, floordiv(a.r, d), 0) : no_lane;
      if (a.s > 0 && floormod(a.r, d) + a.s * (V - 1) < d) return mk_lane(0, floormod(a.r, d), a.s);
      return no_lane;
    }
    /* E = 0 (mod s*V) and s*V divides d: the lanes stay inside one period of d */
    if (a.s < 0 || a.m % W != 0 || floormod(a.r, W) != 0 || d % W != 0) return no_lane;
    if (div) return a.m % d == 0 ? mk_lane(a.m / d, floordiv(a.r, d), 0) : mk_lane(1, 0, 0);
    if (a.m % d == 0) return mk_lane(0, floormod(a.r, d), a.s);
    int64_t g = eto_gcd64(a.m, d);
    return mk_lane(g, floormod(a.r, g), a.s);
  }
  case ETO_X_MIN:
  case ETO_X_MAX:
    return a.s == 0 && b.s == 0 ? mk_lane(1, 0, 0) : no_lane;
  default:
    return no_lane;
  }
}

/* Is "d + s*l < 0" (equivalently its complement ">= 0") the same for every lane l in [0, V)? */
static int lanes_agree_sign(lane d, int64_t V) {
  if (!d.ok) return 0;
  if (d.s == 0) return 1;
  if (d.m == 0) return (d.r < 0) == (d.r + d.s * (V - 1) < 0);
  int64_t W = d.s * V;
  return d.s > 0 && d.m % W == 0 && floormod(d.r, W) == 0;
}

static lane lane_sub(const kfacts *kf, const eto_expr *a, const eto_expr *b, int lvar, int64_t V) {
  lane x = lane_of(kf, a, lvar, V), y = lane_of(kf, b, lvar, V);
  if (!x.ok || !y.ok) return no_lane;
  return mk_lane(eto_gcd64(x.m, y.m), x.r - y.r, x.s - y.s);
}

/* Is condition c the same for every lane? */
static int uniform(const kfacts *kf, const eto_expr *c, int lvar, int64_t V) {
  switch (c->op) {
  case ETO_X_INT:
    return 1;
  case ETO_X_AND:
    return uniform(kf, c->a, lvar, V) && uniform(kf, c->b, lvar, V);
  case ETO_X_LT:
    return lanes_agree_sign(lane_sub(kf, c->a, c->b, lvar, V), V); /* a - b < 0 */
  case ETO_X_LE:
    return lanes_agree_sign(lane_sub(kf, c->b, c->a, lvar, V), V); /* b - a >= 0 */
  case ETO_X_EQ: {
    lane d = lane_sub(kf, c->a, c->b, lvar, V);
    if (!d.ok) return 0;
    if (d.s == 0) return 1;
    if (d.m != 0) return 0;
    for (int64_t l = 0; l < V; l++)
      if (d.r + d.s * l == 0) return 0;
    return 1; /* never equal */
  }
  default: {
    lane d = lane_of(kf, c, lvar, V);
    return d.ok && d.s == 0;
  }
  }
}

static int contiguous_aligned(lane x, int64_t V) {
  return x.ok && x.s == 1 && x.m % V == 0 && floormod(x.r, V) == 0;
}

/* The store of a vectorizable fetch loop and its IF conditions (outermost first), or NULL. */
static const eto_stmt *fetch_store(const eto_kernel *k, const eto_stmt *s, const eto_expr **conds,
                                   int *nconds) {
  *nconds = 0;
  const eto_stmt *b = s->body;
  while (b->kind == ETO_S_IF || (b->kind == ETO_S_SEQ && b->n == 1)) {
    if (b->kind == ETO_S_IF) {
      if (*nconds >= 8) return NULL;
      conds[(*nconds)++] = b->cond;
      b = b->body;
    } else {
      b = b->items[0];
    }
  }
  if (b->kind != ETO_S_STORE || k->buf[b->buf].scope != ETO_BUF_SHARED) return NULL;
  const eto_expr *v = b->value;
  if (v->op != ETO_X_LOAD || k->buf[v->buf].scope != ETO_BUF_INPUT) return NULL;
  return b;
}

static int fetch_vector(const kfacts *kf, const eto_stmt *s) {
  if (s->kind != ETO_S_FOR || s->loop != ETO_LOOP_VECTOR || (s->extent != 2 && s->extent != 4)) return 0;
  const eto_expr *conds[8];
  int nc;
  const eto_stmt *st = fetch_store(kf->k, s, conds, &nc);
  if (!st) return 0;
  int64_t V = s->extent;
  for (int i = 0; i < nc; i++)
    if (!uniform(kf, conds[i], s->var, V)) return 0;
  const eto_expr *ld = st->value;
  if (ld->c && !uniform(kf, ld->c, s->var, V)) return 0;
  if (!contiguous_aligned(lane_of(kf, st->index, s->var, V), V)) return 0;
  if (!contiguous_aligned(lane_of(kf, ld->a, s->var, V), V)) return 0;
  return (int)V;
}

int eto_cuda_fetch_vector(const eto_kernel *k, const eto_stmt *s) {
  kfacts kf;
  kfacts_init(&kf, k);
  return fetch_vector(&kf, s);
}

/* ---------------- printer ---------------- */

typedef struct {
  kfacts kf;
  FILE *f;
  const char *ity; /* "int" or "long long" */
  int wide;
  char vname[ETO_KERNEL_MAX_VARS][32];
  char bname[ETO_KERNEL_MAX_BUFS][32];
  unsigned char used[ETO_KERNEL_MAX_VARS], free_use[ETO_KERNEL_MAX_VARS];
  eto_cuda_info info;
} printer;

enum { P_TERNARY = 2, P_AND = 4, P_EQ = 5, P_REL = 6, P_ADD = 7, P_MUL = 8, P_UNARY = 9, P_PRIMARY = 10 };

static int nonneg(const printer *P, const eto_expr *e) {
  int64_t lo, hi;
  range(&P->kf, e, &lo, &hi);
  return lo >= 0;
}

static int plain_div(const printer *P, const eto_expr *e) {
  return e->b->op == ETO_X_INT && e->b->ival > 0 && nonneg(P, e->a);
}

static int prec_of(const printer *P, const eto_expr *e) {
  switch (e->op) {
  case ETO_X_INT:
    return e->ival < 0 ? P_UNARY : P_PRIMARY;
  case ETO_X_FLOAT:
    return signbit(e->fval) ? P_UNARY : P_PRIMARY;
  case ETO_X_ADD:
  case ETO_X_SUB:
  case ETO_X_FADD:
    return P_ADD;
  case ETO_X_MUL:
  case ETO_X_FMUL:
    return P_MUL;
  case ETO_X_DIV:
  case ETO_X_MOD:
    return plain_div(P, e) ? P_MUL : P_PRIMARY;
  case ETO_X_LT:
  case ETO_X_LE:
    return P_REL;
  case ETO_X_EQ:
    return P_EQ;
  case ETO_X_AND:
    return P_AND;
  default:
    return P_PRIMARY;
  }
}

/* 64-bit kernels write every literal as long long, so that the overloads of eto_fdiv/eto_fmod and min/max
 * never see mixed int/long long arguments. */
static void print_int(const printer *P, int64_t v) {
  fprintf(P->f, "%lld%s", (long long)v, P->wide ? "LL" : "");
}

static void print_float(const printer *P, float v) {
  if (isnan(v)) {
    fprintf(P->f, "__int_as_float(0x7fc00000)");
    return;
  }
  if (isinf(v)) {
    fprintf(P->f, "__int_as_float(%s)", v > 0 ? "0x7f800000" : "(int)0xff800000");
    return;
  }
  char buf[64];
  snprintf(buf, sizeof buf, "%.9g", (double)v);
  if (!strpbrk(buf, ".en")) strcat(buf, ".0");
  fprintf(P->f, "%sf", buf);
}

static void pexpr(printer *P, const eto_expr *e, int ctx);

static void pbin(printer *P, const eto_expr *e, const char *op, int p) {
  pexpr(P, e->a, p);
  fprintf(P->f, " %s ", op);
  pexpr(P, e->b, p + 1);
}

static void pcall2(printer *P, const char *fn, const eto_expr *a, const eto_expr *b) {
  fprintf(P->f, "%s(", fn);
  pexpr(P, a, 0);
  if (b) {
    fprintf(P->f, ", ");
    pexpr(P, b, 0);
  }
  fprintf(P->f, ")");
}

static void pexpr(printer *P, const eto_expr *e, int ctx) {
  int p = prec_of(P, e);
  if (p < ctx) fprintf(P->f, "(");
  switch (e->op) {
  case ETO_X_INT:
    print_int(P, e->ival);
    break;
  case ETO_X_VAR:
    fprintf(P->f, "%s", P->vname[e->var]);
    break;
  case ETO_X_FLOAT:
    print_float(P, e->fval);
    break;
  case ETO_X_ADD:
    if (e->b->op == ETO_X_INT && e->b->ival < 0 && e->b->ival > INT64_MIN) {
      pexpr(P, e->a, P_ADD);
      fprintf(P->f, " - ");
      print_int(P, -e->b->ival);
    } else {
      pbin(P, e, "+", P_ADD);
    }
    break;
  case ETO_X_SUB:
    pbin(P, e, "-", P_ADD);
    break;
  case ETO_X_MUL:
    pbin(P, e, "*", P_MUL);
    break;
  case ETO_X_DIV:
  case ETO_X_MOD:
    if (plain_div(P, e)) {
      pbin(P, e, e->op == ETO_X_DIV ? "/" : "%", P_MUL);
    } else {
      P->info.floor_helpers++;
      pcall2(P, e->op == ETO_X_DIV ? "eto_fdiv" : "eto_fmod", e->a, e->b);
    }
    break;
  case ETO_X_MIN:
    pcall2(P, "min", e->a, e->b);
    break;
  case ETO_X_MAX:
    pcall2(P, "max", e->a, e->b);
    break;
  case ETO_X_LT:
    pbin(P, e, "<", P_REL);
    break;
  case ETO_X_LE:
    pbin(P, e, "<=", P_REL);
    break;
  case ETO_X_EQ:
    pbin(P, e, "==", P_EQ);
    break;
  case ETO_X_AND:
    pbin(P, e, "&&", P_AND);
    break;
  case ETO_X_LOAD:
    if (e->c) {
      fprintf(P->f, "(");
      pexpr(P, e->c, P_TERNARY + 1);
      fprintf(P->f, " ? %s[", P->bname[e->buf]);
      pexpr(P, e->a, 0);
      fprintf(P->f, "] : 0.0f)");
    } else {
      fprintf(P->f, "%s[", P->bname[e->buf]);
      pexpr(P, e->a, 0);
      fprintf(P->f, "]");
    }
    break;
  case ETO_X_FADD:
    pbin(P, e, "+", P_ADD);
    break;
  case ETO_X_FMUL:
    pbin(P, e, "*", P_MUL);
    break;
  case ETO_X_FMAX:
    pcall2(P, "fmaxf", e->a, e->b);
    break;
  case ETO_X_FSQRT:
    pcall2(P, "sqrtf", e->a, NULL);
    break;
  default:
    fprintf(P->f, "/* unknown expression %d */ 0", (int)e->op);
    break;
  }
  if (p < ctx) fprintf(P->f, ")");
}

static void indent(printer *P, int n) { fprintf(P->f, "%*s", n, ""); }

static void emit_vector_fetch(printer *P, const eto_stmt *s, int W, int ind) {
  const eto_expr *conds[8];
  int nc;
  const eto_stmt *st = fetch_store(P->kf.k, s, conds, &nc);
  const eto_expr *ld = st->value;
  P->info.vector_fetches++;
  indent(P, ind);
  fprintf(P->f, "{  // %d lanes as one float%d access (contiguous, %d-aligned, uniform guards)\n", W, W, W);
  indent(P, ind + 2);
  fprintf(P->f, "const %s %s = 0;\n", P->ity, P->vname[s->var]);
  int in = ind + 2;
  if (nc > 0) {
    indent(P, in);
    fprintf(P->f, "if (");
    for (int i = 0; i < nc; i++) {
      if (i) fprintf(P->f, " && ");
      pexpr(P, conds[i], P_AND + 1);
    }
    fprintf(P->f, ") {\n");
    in += 2;
  }
  indent(P, in);
  fprintf(P->f, "*reinterpret_cast<float%d *>(&%s[", W, P->bname[st->buf]);
  pexpr(P, st->index, 0);
  fprintf(P->f, "]) = ");
  if (ld->c) {
    pexpr(P, ld->c, P_TERNARY + 1);
    fprintf(P->f, " ? ");
  }
  fprintf(P->f, "*reinterpret_cast<const float%d *>(&%s[", W, P->bname[ld->buf]);
  pexpr(P, ld->a, 0);
  fprintf(P->f, "])");
  if (ld->c) fprintf(P->f, W == 4 ? " : make_float4(0.0f, 0.0f, 0.0f, 0.0f)" : " : make_float2(0.0f, 0.0f)");
  fprintf(P->f, ";\n");
  if (nc > 0) {
    indent(P, ind + 2);
    fprintf(P->f, "}\n");
  }
  indent(P, ind);
  fprintf(P->f, "}\n");
}

static void emit_stmt(printer *P, const eto_stmt *s, int ind) {
  const eto_kernel *k = P->kf.k;
  switch (s->kind) {
  case ETO_S_SEQ:
    for (int i = 0; i < s->n; i++) emit_stmt(P, s->items[i], ind);
    return;
  case ETO_S_FOR: {
    const char *v = P->vname[s->var];
    if (s->loop == ETO_LOOP_THREAD) {
      indent(P, ind);
      if (s->extent == k->threads)
        fprintf(P->f, "{  // threads\n");
      else
        fprintf(P->f, "if ((%s)threadIdx.x < %lld) {  // threads\n", P->ity, (long long)s->extent);
      indent(P, ind + 2);
      fprintf(P->f, "const %s %s = (%s)threadIdx.x;\n", P->ity, v, P->ity);
      emit_stmt(P, s->body, ind + 2);
      indent(P, ind);
      fprintf(P->f, "}\n");
      return;
    }
    if (s->loop == ETO_LOOP_VECTOR) {
      int W = fetch_vector(&P->kf, s);
      if (W) {
        emit_vector_fetch(P, s, W, ind);
        return;
      }
      const eto_expr *conds[8];
      int nc;
      if (fetch_store(k, s, conds, &nc)) P->info.scalar_fetches++;
    }
    if (s->loop != ETO_LOOP_SERIAL) {
      indent(P, ind);
      fprintf(P->f, "#pragma unroll\n");
    }
    indent(P, ind);
    fprintf(P->f, "for (%s %s = 0; %s < %lld; ++%s) {\n", P->ity, v, v, (long long)s->extent, v);
    emit_stmt(P, s->body, ind + 2);
    indent(P, ind);
    fprintf(P->f, "}\n");
    return;
  }
  case ETO_S_IF:
    indent(P, ind);
    fprintf(P->f, "if (");
    pexpr(P, s->cond, 0);
    fprintf(P->f, ") {\n");
    emit_stmt(P, s->body, ind + 2);
    indent(P, ind);
    fprintf(P->f, "}\n");
    return;
  case ETO_S_STORE:
    indent(P, ind);
    fprintf(P->f, "%s[", P->bname[s->buf]);
    pexpr(P, s->index, 0);
    fprintf(P->f, "] = ");
    pexpr(P, s->value, 0);
    fprintf(P->f, ";\n");
    return;
  case ETO_S_PREFETCH: return;
  case ETO_S_BARRIER:
    indent(P, ind);
    fprintf(P->f, "__syncthreads();\n");
    return;
  }
}

/* Which variables are read, and which are read where no loop binds them (they are 0 there). */
static void scan_expr(printer *P, const eto_expr *e, const unsigned char *bound) {
  if (!e) return;
  if (e->op == ETO_X_VAR) {
    P->used[e->var] = 1;
    if (!bound[e->var]) P->free_use[e->var] = 1;
    return;
  }
  if (e->op == ETO_X_INT || e->op == ETO_X_FLOAT) return;
  scan_expr(P, e->a, bound);
  if (e->op != ETO_X_LOAD && e->op != ETO_X_FSQRT) scan_expr(P, e->b, bound);
  if (e->op == ETO_X_LOAD) scan_expr(P, e->c, bound);
}

static void scan_stmt(printer *P, const eto_stmt *s, unsigned char *bound) {
  switch (s->kind) {
  case ETO_S_SEQ:
    for (int i = 0; i < s->n; i++) scan_stmt(P, s->items[i], bound);
    return;
  case ETO_S_FOR: {
    unsigned char was = bound[s->var];
    bound[s->var] = 1;
    scan_stmt(P, s->body, bound);
    bound[s->var] = was;
    return;
  }
  case ETO_S_IF:
    scan_expr(P, s->cond, bound);
    scan_stmt(P, s->body, bound);
    return;
  case ETO_S_STORE:
    scan_expr(P, s->index, bound);
    scan_expr(P, s->value, bound);
    return;
  default:
    return;
  }
}

static int reserved(const char *n) {
  static const char *const words[] = {
      "int",      "float",    "double",    "long",     "char",     "short",   "for",      "if",     "do",
      "while",    "auto",     "case",      "new",      "this",     "min",     "max",      "fmaxf",  "sqrtf",
      "eto_fdiv", "eto_fmod", "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "float2", "float4"};
  for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
    if (strcmp(n, words[i]) == 0) return 1;
  return n[0] == 0;
}

static void make_names(printer *P) {
  const eto_kernel *k = P->kf.k;
  for (int b = 0; b < k->nbufs; b++) {
    snprintf(P->bname[b], sizeof P->bname[b], "%s", k->buf[b].name);
    int clash = reserved(P->bname[b]);
    for (int j = 0; j < b && !clash; j++) clash = strcmp(P->bname[j], P->bname[b]) == 0;
    if (clash) snprintf(P->bname[b], sizeof P->bname[b], "b%d_%s", b, k->buf[b].name);
  }
  for (int v = 0; v < k->nvars && v < ETO_KERNEL_MAX_VARS; v++) {
    snprintf(P->vname[v], sizeof P->vname[v], "%s", k->var_name[v]);
    int clash = reserved(P->vname[v]);
    for (int j = 0; j < v && !clash; j++) clash = strcmp(P->vname[j], P->vname[v]) == 0;
    for (int b = 0; b < k->nbufs && !clash; b++) clash = strcmp(P->bname[b], P->vname[v]) == 0;
    if (clash) snprintf(P->vname[v], sizeof P->vname[v], "v%d_%s", v, k->var_name[v]);
  }
}

static const char prelude[] =
    "#ifndef ETO_CUDA_PRELUDE\n"
    "#define ETO_CUDA_PRELUDE\n"
    "// floor division and its remainder (the loop IR's DIV and MOD), used where a dividend may be negative\n"
    "__device__ __forceinline__ int eto_fdiv(int a, int b) { int q = a / b; return (a % b != 0 && ((a < 0) "
    "!= (b < 0))) ? q - 1 : q; }\n"
    "__device__ __forceinline__ int eto_fmod(int a, int b) { int r = a % b; return (r != 0 && ((r < 0) != (b "
    "< 0))) ? r + b : r; }\n"
    "__device__ __forceinline__ long long eto_fdiv(long long a, long long b) { long long q = a / b; return "
    "(a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q; }\n"
    "__device__ __forceinline__ long long eto_fmod(long long a, long long b) { long long r = a % b; return "
    "(r != 0 && ((r < 0) != (b < 0))) ? r + b : r; }\n"
    "#endif\n";

eto_status eto_cuda_print(const eto_kernel *k, const char *name, FILE *f, eto_cuda_info *info) {
  if (info) memset(info, 0, sizeof *info);
  if (!k->gpu || !k->body) return ETO_ERR_INVALID;
  if (k->nvars > ETO_KERNEL_MAX_VARS || k->nbufs > ETO_KERNEL_MAX_BUFS) return ETO_ERR_INVALID;
  printer *P = calloc(1, sizeof *P);
  if (!P) return ETO_ERR_NOMEM;
  kfacts_init(&P->kf, k);
  P->f = f;
  int64_t mag = stmt_magnitude(&P->kf, k->body);
  int64_t mx = k->blocks > k->threads ? k->blocks : k->threads;
  if (mx > mag) mag = mx;
  P->wide = mag > INT32_MAX;
  P->ity = P->wide ? "long long" : "int";
  P->info.index_bits = P->wide ? 64 : 32;
  make_names(P);
  unsigned char bound[ETO_KERNEL_MAX_VARS] = {0};
  bound[0] = 1;
  scan_stmt(P, k->body, bound);
  if (!name) name = k->name;

  int64_t smem = 0;
  for (int b = 0; b < k->nbufs; b++)
    if (k->buf[b].scope == ETO_BUF_SHARED) smem += k->buf[b].size * 4;
  P->info.smem_bytes = smem;

  fputs(prelude, f);
  fprintf(f,
          "\n// %s: grid (%lld, 1, 1), block (%lld, 1, 1), %lld bytes static shared memory, %d-bit indices\n",
          name, (long long)k->blocks, (long long)k->threads, (long long)smem, P->info.index_bits);
  fprintf(f, "extern \"C\" __global__ void __launch_bounds__(%lld) %s(", (long long)k->threads, name);
  for (int a = 0, first = 1; a < k->nargs; a++)
    for (int b = 0; b < k->nbufs; b++) {
      if (k->buf[b].scope > ETO_BUF_OUTPUT || k->buf[b].arg != a) continue;
      fprintf(f, "%s%sfloat *__restrict__ %s", first ? "" : ", ",
              k->buf[b].scope == ETO_BUF_INPUT ? "const " : "", P->bname[b]);
      first = 0;
    }
  fprintf(f, ") {\n");
  for (int b = 0; b < k->nbufs; b++) {
    const eto_buffer *B = &k->buf[b];
    if (B->scope == ETO_BUF_SHARED)
      fprintf(f, "  __shared__ __align__(16) float %s[%lld];\n", P->bname[b], (long long)B->size);
    else if (B->scope == ETO_BUF_LOCAL || B->scope == ETO_BUF_REG)
      fprintf(f, "  float %s[%lld];  // per thread (%s)\n", P->bname[b], (long long)B->size,
              B->scope == ETO_BUF_LOCAL ? "accumulators" : "register tile");
  }
  if (P->used[0]) fprintf(f, "  const %s %s = (%s)blockIdx.x;\n", P->ity, P->vname[0], P->ity);
  for (int v = 1; v < k->nvars; v++)
    if (P->free_use[v]) fprintf(f, "  const %s %s = 0;  // loop of extent 1\n", P->ity, P->vname[v]);
  emit_stmt(P, k->body, 2);
  fprintf(f, "}\n");
  if (info) *info = P->info;
  free(P);
  return ferror(f) ? ETO_ERR_IO : ETO_OK;
}

eto_status eto_cuda_source(const eto_kernel *k, const char *name, char **out, eto_cuda_info *info) {
  *out = NULL;
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) return ETO_ERR_NOMEM;
  eto_status st = eto_cuda_print(k, name, f, info);
  if (fclose(f) != 0 && st == ETO_OK) st = ETO_ERR_NOMEM;
  if (st != ETO_OK) {
    free(buf);
    return st;
  }
  *out = buf;
  return ETO_OK;
}
