/* print.c — C-like rendering of the loop IR (`etotune measure --emit c`) and a scalar interpreter that
 * serves as the code generators' oracle. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"

static const char *const loop_kind_names[ETO_LOOP_KIND_COUNT] = {"", "thread", "vthread", "unroll", "vector"};
_Static_assert(sizeof loop_kind_names / sizeof loop_kind_names[0] == ETO_LOOP_KIND_COUNT, "one name per loop kind");

static void print_expr(const eto_kernel *k, const eto_expr *e, FILE *f) {
  static const char *const ops[ETO_X_COUNT] = {
      [ETO_X_ADD] = "+", [ETO_X_SUB] = "-", [ETO_X_MUL] = "*", [ETO_X_DIV] = "/", [ETO_X_MOD] = "%",
      [ETO_X_LT] = "<", [ETO_X_LE] = "<=", [ETO_X_EQ] = "==", [ETO_X_AND] = "&&", [ETO_X_FADD] = "+",
      [ETO_X_FMUL] = "*"};
  switch (e->op) {
  case ETO_X_INT: fprintf(f, "%lld", (long long)e->ival); return;
  case ETO_X_VAR: fprintf(f, "%s", k->var_name[e->var]); return;
  case ETO_X_FLOAT: fprintf(f, "%gf", e->fval); return;
  case ETO_X_LOAD:
    if (e->c) {
      fprintf(f, "(");
      print_expr(k, e->c, f);
      fprintf(f, " ? %s[", k->buf[e->buf].name);
      print_expr(k, e->a, f);
      fprintf(f, "] : 0.0f)");
    } else {
      fprintf(f, "%s[", k->buf[e->buf].name);
      print_expr(k, e->a, f);
      fprintf(f, "]");
    }
    return;
  case ETO_X_MIN:
  case ETO_X_MAX:
  case ETO_X_FMAX:
    fprintf(f, "%s(", e->op == ETO_X_MIN ? "min" : "max");
    print_expr(k, e->a, f);
    fprintf(f, ", ");
    print_expr(k, e->b, f);
    fprintf(f, ")");
    return;
  case ETO_X_FSQRT:
    fprintf(f, "sqrtf(");
    print_expr(k, e->a, f);
    fprintf(f, ")");
    return;
  default:
    fprintf(f, "(");
    print_expr(k, e->a, f);
    fprintf(f, " %s ", ops[e->op] ? ops[e->op] : "?");
    print_expr(k, e->b, f);
    fprintf(f, ")");
  }
}

static void print_stmt(const eto_kernel *k, const eto_stmt *s, int ind, FILE *f) {
  switch (s->kind) {
  case ETO_S_SEQ:
    for (int i = 0; i < s->n; i++) print_stmt(k, s->items[i], ind, f);
    return;
  case ETO_S_FOR:
    fprintf(f, "%*sfor (%s = 0; %s < %lld; %s++) {%s%s\n", ind, "", k->var_name[s->var], k->var_name[s->var],
            (long long)s->extent, k->var_name[s->var], s->loop ? "  // " : "", loop_kind_names[s->loop]);
    print_stmt(k, s->body, ind + 2, f);
    fprintf(f, "%*s}\n", ind, "");
    return;
  case ETO_S_IF:
    fprintf(f, "%*sif (", ind, "");
    print_expr(k, s->cond, f);
    fprintf(f, ") {\n");
    print_stmt(k, s->body, ind + 2, f);
    fprintf(f, "%*s}\n", ind, "");
    return;
  case ETO_S_STORE:
    fprintf(f, "%*s%s[", ind, "", k->buf[s->buf].name);
    print_expr(k, s->index, f);
    fprintf(f, "] = ");
    print_expr(k, s->value, f);
    fprintf(f, ";\n");
    return;
  case ETO_S_BARRIER: fprintf(f, "%*sbarrier();\n", ind, ""); return;
  }
}

void eto_kernel_print(const eto_kernel *k, FILE *f) {
  static const char *const scope[] = {"input", "output", "shared", "local", "register"};
  fprintf(f, "// kernel %s: %lld blocks x %lld threads%s\n", k->name, (long long)k->blocks, (long long)k->threads,
          k->gpu ? " (gpu lowering)" : "");
  fprintf(f, "void %s(", k->name);
  int first = 1;
  for (int b = 0; b < k->nbufs; b++) {
    if (k->buf[b].scope > ETO_BUF_OUTPUT) continue;
    fprintf(f, "%s%sfloat *%s", first ? "" : ", ", k->buf[b].scope == ETO_BUF_INPUT ? "const " : "", k->buf[b].name);
    first = 0;
  }
  fprintf(f, ") {\n  for (blk = 0; blk < %lld; blk++) {  // parallel blocks\n", (long long)k->blocks);
  for (int b = 0; b < k->nbufs; b++)
    if (k->buf[b].scope > ETO_BUF_OUTPUT)
      fprintf(f, "    float %s[%lld];  // %s\n", k->buf[b].name, (long long)k->buf[b].size, scope[k->buf[b].scope]);
  print_stmt(k, k->body, 4, f);
  fprintf(f, "  }\n}\n");
}

/* ---- interpreter ---- */

typedef struct {
  const eto_kernel *k;
  int64_t vars[ETO_KERNEL_MAX_VARS];
  float *bufs[ETO_KERNEL_MAX_BUFS];
  int error;
} interp;

static int64_t eval_i(interp *in, const eto_expr *e);

static float eval_f(interp *in, const eto_expr *e) {
  switch (e->op) {
  case ETO_X_FLOAT: return e->fval;
  case ETO_X_LOAD: {
    if (e->c && !eval_i(in, e->c)) return 0.0f;
    int64_t i = eval_i(in, e->a);
    if (i < 0 || i >= in->k->buf[e->buf].size) {
      in->error = 1;
      return 0.0f;
    }
    return in->bufs[e->buf][i];
  }
  case ETO_X_FADD: return eval_f(in, e->a) + eval_f(in, e->b);
  case ETO_X_FMUL: return eval_f(in, e->a) * eval_f(in, e->b);
  case ETO_X_FMAX: {
    float x = eval_f(in, e->a), y = eval_f(in, e->b);
    return x > y ? x : y;
  }
  case ETO_X_FSQRT: return sqrtf(eval_f(in, e->a));
  default: in->error = 1; return 0.0f;
  }
}

static int64_t eval_i(interp *in, const eto_expr *e) {
  switch (e->op) {
  case ETO_X_INT: return e->ival;
  case ETO_X_VAR: return in->vars[e->var];
  case ETO_X_ADD: return eval_i(in, e->a) + eval_i(in, e->b);
  case ETO_X_SUB: return eval_i(in, e->a) - eval_i(in, e->b);
  case ETO_X_MUL: return eval_i(in, e->a) * eval_i(in, e->b);
  case ETO_X_DIV: return ir_floordiv(eval_i(in, e->a), eval_i(in, e->b));
  case ETO_X_MOD: return ir_floormod(eval_i(in, e->a), eval_i(in, e->b));
  case ETO_X_MIN: {
    int64_t x = eval_i(in, e->a), y = eval_i(in, e->b);
    return x < y ? x : y;
  }
  case ETO_X_MAX: {
    int64_t x = eval_i(in, e->a), y = eval_i(in, e->b);
    return x > y ? x : y;
  }
  case ETO_X_LT: return eval_i(in, e->a) < eval_i(in, e->b);
  case ETO_X_LE: return eval_i(in, e->a) <= eval_i(in, e->b);
  case ETO_X_EQ: return eval_i(in, e->a) == eval_i(in, e->b);
  case ETO_X_AND: return eval_i(in, e->a) && eval_i(in, e->b);
  default: in->error = 1; return 0;
  }
}

static void exec(interp *in, const eto_stmt *s) {
  if (in->error) return;
  switch (s->kind) {
  case ETO_S_SEQ:
    for (int i = 0; i < s->n; i++) exec(in, s->items[i]);
    return;
  case ETO_S_FOR:
    for (int64_t i = 0; i < s->extent; i++) {
      in->vars[s->var] = i;
      exec(in, s->body);
    }
    return;
  case ETO_S_IF:
    if (eval_i(in, s->cond)) exec(in, s->body);
    return;
  case ETO_S_STORE: {
    int64_t i = eval_i(in, s->index);
    float v = eval_f(in, s->value);
    if (i < 0 || i >= in->k->buf[s->buf].size) {
      in->error = 1;
      return;
    }
    in->bufs[s->buf][i] = v;
    return;
  }
  case ETO_S_BARRIER: return;
  }
}

eto_status eto_kernel_interpret(const eto_kernel *k, float *const *args) {
  if (k->gpu) return ETO_ERR_UNSUPPORTED; /* threads of a GPU lowering must run concurrently */
  interp in = {.k = k};
  for (int b = 0; b < k->nbufs; b++) {
    if (k->buf[b].scope <= ETO_BUF_OUTPUT) in.bufs[b] = args[k->buf[b].arg];
    else in.bufs[b] = calloc((size_t)k->buf[b].size, sizeof(float));
  }
  for (int64_t blk = 0; blk < k->blocks && !in.error; blk++) {
    in.vars[0] = blk;
    exec(&in, k->body);
  }
  for (int b = 0; b < k->nbufs; b++)
    if (k->buf[b].scope > ETO_BUF_OUTPUT) free(in.bufs[b]);
  return in.error ? ETO_ERR_INVALID : ETO_OK;
}
