/* print.c — C-like rendering of the loop IR (`etotune measure --emit c`) and a scalar interpreter that
 * serves as the code generators' oracle. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"

static const char *const loop_kind_names[ETO_LOOP_KIND_COUNT] = {"", "thread", "vthread", "unroll", "vector"};
_Static_assert(sizeof loop_kind_names / sizeof loop_kind_names[0] == ETO_LOOP_KIND_COUNT, "one name per loop kind");

/* The C name of var v: its IR name, with the var's number appended when another var has the same name (C
 * needs one declaration per name). */
static void print_var(const eto_kernel *k, int v, FILE *f) {
  for (int u = 0; u < k->nvars; u++)
    if (u != v && strcmp(k->var_name[u], k->var_name[v]) == 0) {
      fprintf(f, "%s_v%d", k->var_name[v], v);
      return;
    }
  fprintf(f, "%s", k->var_name[v]);
}

/* A float constant as a C float literal that reads back exactly ("0.0f", "0.5f", "INFINITY"). */
static void print_float(float x, FILE *f) {
  if (isnan(x)) {
    fprintf(f, "NAN");
    return;
  }
  if (isinf(x)) {
    fprintf(f, "%sINFINITY", x < 0 ? "-" : "");
    return;
  }
  char b[48];
  snprintf(b, sizeof b, "%.9g", (double)x);
  fprintf(f, "%s%sf", b, strpbrk(b, ".e") ? "" : ".0");
}

static void print_expr(const eto_kernel *k, const eto_expr *e, FILE *f) {
  static const char *const ops[ETO_X_COUNT] = {
      [ETO_X_ADD] = "+", [ETO_X_SUB] = "-", [ETO_X_MUL] = "*", [ETO_X_LT] = "<", [ETO_X_LE] = "<=",
      [ETO_X_EQ] = "==", [ETO_X_AND] = "&&", [ETO_X_FADD] = "+", [ETO_X_FMUL] = "*"};
  static const char *const calls[ETO_X_COUNT] = {[ETO_X_DIV] = "eto_fdiv", [ETO_X_MOD] = "eto_fmod",
                                                 [ETO_X_MIN] = "eto_min", [ETO_X_MAX] = "eto_max",
                                                 [ETO_X_FMAX] = "eto_fmaxf"};
  switch (e->op) {
  case ETO_X_INT: fprintf(f, "%lld", (long long)e->ival); return;
  case ETO_X_VAR: print_var(k, e->var, f); return;
  case ETO_X_FLOAT: print_float(e->fval, f); return;
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
  case ETO_X_DIV:
  case ETO_X_MOD:
  case ETO_X_MIN:
  case ETO_X_MAX:
  case ETO_X_FMAX:
    fprintf(f, "%s(", calls[e->op]);
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
    fprintf(f, "%*sfor (", ind, "");
    print_var(k, s->var, f);
    fprintf(f, " = 0; ");
    print_var(k, s->var, f);
    fprintf(f, " < %lld; ", (long long)s->extent);
    print_var(k, s->var, f);
    fprintf(f, "++) {%s%s\n", s->loop ? "  // " : "", loop_kind_names[s->loop]);
    print_stmt(k, s->body, ind + 2, f);
    fprintf(f, "%*s}\n", ind, "");
    /* a loop var reads 0 outside its loop (lower.h), as in the LLVM code generator */
    fprintf(f, "%*s", ind, "");
    print_var(k, s->var, f);
    fprintf(f, " = 0;\n");
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
  case ETO_S_BARRIER: fprintf(f, "%*s/* barrier: the threads of a block are loops here */\n", ind, ""); return;
  case ETO_S_PREFETCH:
    fprintf(f, "%*s__builtin_prefetch(&%s[", ind, "", k->buf[s->buf].name);
    print_expr(k, s->index, f);
    fprintf(f, "]);\n");
    return;
  }
}

/* Helpers every printed kernel uses; guarded so that several kernels can share one file. */
static const char c_prelude[] =
    "#ifndef ETO_KERNEL_C_PRELUDE\n"
    "#define ETO_KERNEL_C_PRELUDE\n"
    "#include <math.h>\n"
    "#include <stdint.h>\n"
    "/* floor division and its remainder (the loop IR's DIV and MOD) */\n"
    "static inline int64_t eto_fdiv(int64_t a, int64_t b) { int64_t q = a / b; return q - ((a % b != 0) & ((a < 0) != (b < 0))); }\n"
    "static inline int64_t eto_fmod(int64_t a, int64_t b) { return a - eto_fdiv(a, b) * b; }\n"
    "static inline int64_t eto_min(int64_t a, int64_t b) { return a < b ? a : b; }\n"
    "static inline int64_t eto_max(int64_t a, int64_t b) { return a > b ? a : b; }\n"
    "static inline float eto_fmaxf(float a, float b) { return a > b ? a : b; }\n"
    "#endif\n";

void eto_kernel_print_named(const eto_kernel *k, const char *name, FILE *f) {
  static const char *const scope[] = {"input", "output", "shared", "local", "register"};
  if (!name) name = k->name;
  fprintf(f, "// kernel %s: %lld blocks x %lld threads%s\n", name, (long long)k->blocks, (long long)k->threads,
          k->gpu ? " (gpu lowering: the threads of a block must run concurrently, this C code runs them in turn)"
                 : "");
  fprintf(f, "// void %s(float **args, int64_t block_begin, int64_t block_end) runs blocks [begin, end) of [0, %lld);\n"
             "// args:",
          name, (long long)k->blocks);
  for (int a = 0; a < k->nargs; a++)
    for (int b = 0; b < k->nbufs; b++)
      if (k->buf[b].scope <= ETO_BUF_OUTPUT && k->buf[b].arg == a)
        fprintf(f, " [%d] %s (%s, %lld floats)", a, k->buf[b].name, scope[k->buf[b].scope], (long long)k->buf[b].size);
  fprintf(f, "\n%s", c_prelude);
  fprintf(f, "void %s(float **args, int64_t block_begin, int64_t block_end);\n", name);
  fprintf(f, "void %s(float **args, int64_t block_begin, int64_t block_end) {\n", name);
  for (int b = 0; b < k->nbufs; b++) {
    const eto_buffer *bf = &k->buf[b];
    if (bf->scope <= ETO_BUF_OUTPUT)
      fprintf(f, "  %sfloat *%s = args[%d];\n", bf->scope == ETO_BUF_INPUT ? "const " : "", bf->name, bf->arg);
    else
      fprintf(f, "  float %s[%lld];  // %s\n", bf->name, (long long)(bf->size > 0 ? bf->size : 1), scope[bf->scope]);
  }
  for (int v = 1; v < k->nvars; v++) {
    fprintf(f, "  int64_t ");
    print_var(k, v, f);
    if (v == k->svar) fprintf(f, " = *(const int64_t *)args[%d];  // the dynamic extent, 1..%lld\n", k->nargs, (long long)k->smax);
    else fprintf(f, " = 0;\n");
  }
  fprintf(f, "  for (int64_t ");
  print_var(k, 0, f);
  fprintf(f, " = block_begin; ");
  print_var(k, 0, f);
  fprintf(f, " < block_end; ");
  print_var(k, 0, f);
  fprintf(f, "++) {  // blocks (run in parallel by the caller)\n");
  print_stmt(k, k->body, 4, f);
  fprintf(f, "  }\n}\n");
}

void eto_kernel_print(const eto_kernel *k, FILE *f) { eto_kernel_print_named(k, NULL, f); }

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
  case ETO_S_BARRIER:
  case ETO_S_PREFETCH: return;
  }
}

eto_status eto_kernel_interpret(const eto_kernel *k, float *const *args) {
  if (k->gpu) return ETO_ERR_UNSUPPORTED; /* threads of a GPU lowering must run concurrently */
  interp in = {.k = k};
  for (int b = 0; b < k->nbufs; b++) {
    if (k->buf[b].scope <= ETO_BUF_OUTPUT) in.bufs[b] = args[k->buf[b].arg];
    else in.bufs[b] = calloc((size_t)k->buf[b].size, sizeof(float));
  }
  if (k->svar >= 0) in.vars[k->svar] = *(const int64_t *)(const void *)args[k->nargs];
  for (int64_t blk = 0; blk < k->blocks && !in.error; blk++) {
    in.vars[0] = blk;
    exec(&in, k->body);
  }
  for (int b = 0; b < k->nbufs; b++)
    if (k->buf[b].scope > ETO_BUF_OUTPUT) free(in.bufs[b]);
  return in.error ? ETO_ERR_INVALID : ETO_OK;
}
