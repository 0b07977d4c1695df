/* dispatch.c — one function per family of a cpu export (docs/architecture.md §11): int <name>_<family>(int64_t s,
 * inputs..., out) runs, for s up to the largest tuned member, the kernel picks.c chose for s: s's own member or one of the
 * dynamic kernels above s (a member's program lowered with s as a run-time extent, export.c: on the caller's
 * tensors); where none fits, the smallest tuned member above s on zero-padded copies of the tensors whose shape
 * depends on s (cropped back); above every tuned member, chunks of rows or naive loops. Zero padding is exact for the kinds that
 * dispatch: sums of products (matmul, batch_matmul) and of squares (norm) gain nothing from zeros, and padded rows
 * and columns of the output are dropped. */
#include <cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export_internal.h"

/* The shape of argument a of op (inputs, then the output). */
static void arg_shape(const eto_op *op, int a, int nargs, eto_shape *s) {
  if (a < nargs - 1)
    eto_op_input_shape(op, a, s);
  else
    eto_op_output_shape(op, s);
}

void eto_export_family_shapes(eto_export_plan *p) {
  for (int f = 0; f < p->nfam; f++) {
    eto_export_family *F = &p->fam[f];
    const eto_export_item *x = &p->items[F->item[0]];
    const eto_op *op = x->op;
    F->nargs = x->nargs;
    F->dispatch = 1;
    if (p->t->kind != ETO_TARGET_CPU) {
      F->dispatch = 0;
      snprintf(F->why_not, sizeof F->why_not, "dispatch functions are exported for the cpu target only");
      continue;
    }
    if (op->kind != ETO_OP_MATMUL && op->kind != ETO_OP_BATCH_MATMUL && op->kind != ETO_OP_NORM) {
      F->dispatch = 0;
      snprintf(F->why_not, sizeof F->why_not, "dispatch is implemented for matmul, batch_matmul and norm families");
      continue;
    }
    /* a dimension that changes with the variable must be the variable itself */
    eto_op moved = *op;
    for (int q = 0; q < F->nkeys; q++) moved.v[F->keys[q]] += 1;
    for (int a = 0; a < F->nargs && F->dispatch; a++) {
      eto_shape s0, s1;
      arg_shape(op, a, F->nargs, &s0);
      arg_shape(&moved, a, F->nargs, &s1);
      F->rank[a] = s0.rank;
      for (int d = 0; d < s0.rank; d++) {
        F->dim[a][d] = s0.dim[d];
        if (s1.dim[d] == s0.dim[d]) continue;
        if (s0.dim[d] != x->value || s1.dim[d] != x->value + 1) {
          F->dispatch = 0;
          snprintf(F->why_not, sizeof F->why_not, "tensor %s has a dimension that is not the variable itself",
                   x->arg_name[a]);
          break;
        }
        F->dim[a][d] = -1;
      }
    }
  }
}

/* 1 when argument a of F has a dimension that is the variable. */
static int varies(const eto_export_family *F, int a) {
  for (int d = 0; d < F->rank[a]; d++)
    if (F->dim[a][d] < 0) return 1;
  return 0;
}

/* The dimension of argument a that is the variable (the first), -1 when none. */
static int var_dim(const eto_export_family *F, int a) {
  for (int d = 0; d < F->rank[a]; d++)
    if (F->dim[a][d] < 0) return d;
  return -1;
}

/* 1 when the variable only stacks rows: the output depends on it, and every tensor that does has it as its one
 * variable dimension with only dimensions of 1 before it, so that values above the largest tuned one run as
 * chunks of contiguous rows. */
int eto_export_row_chunks(const eto_export_family *F) {
  if (!varies(F, F->nargs - 1)) return 0;
  for (int a = 0; a < F->nargs; a++) {
    int d0 = var_dim(F, a);
    if (d0 < 0) continue;
    for (int d = 0; d < F->rank[a]; d++)
      if ((d < d0 && F->dim[a][d] != 1) || (d > d0 && F->dim[a][d] < 0)) return 0;
  }
  return 1;
}

int64_t eto_export_row_floats(const eto_export_family *F, int a) {
  if (!varies(F, a)) return 0;
  int64_t row = 1; /* the dimensions after the variable's */
  for (int d = var_dim(F, a) + 1; d < F->rank[a]; d++) row *= F->dim[a][d];
  return row;
}

/* Prints ", arg" for each argument of x, the ones that depend on the variable advanced by `off` rows. */
static void print_row_args(FILE *f, const eto_export_family *F, const eto_export_item *x, const char *off) {
  for (int a = 0; a < x->nargs; a++) {
    int64_t row = eto_export_row_floats(F, a);
    if (row) fprintf(f, ", %s + %s * %lld", x->arg_name[a], off, (long long)row);
    else fprintf(f, ", %s", x->arg_name[a]);
  }
}

/* Prints the dims of argument a with the variable written as `var`. */
static void print_dims(FILE *f, const eto_export_family *F, int a, const char *var) {
  for (int d = 0; d < F->rank[a]; d++) {
    if (d) fputs(", ", f);
    if (F->dim[a][d] < 0) fputs(var, f);
    else fprintf(f, "%lld", (long long)F->dim[a][d]);
  }
}

/* A key of the first member as C: the variable, or its constant. */
static void key_expr(char *buf, size_t cap, const eto_export_family *F, const eto_op *op, eto_key k) {
  for (int q = 0; q < F->nkeys; q++)
    if (F->keys[q] == (int)k) {
      snprintf(buf, cap, "s");
      return;
    }
  snprintf(buf, cap, "%lld", (long long)op->v[k]);
}

static void write_naive(FILE *f, const eto_export_family *F, const eto_export_item *x) {
  const eto_op *op = x->op;
  char b[32], m[32], n[32], k[32];
  key_expr(b, sizeof b, F, op, ETO_KEY_B);
  key_expr(m, sizeof m, F, op, ETO_KEY_M);
  key_expr(n, sizeof n, F, op, ETO_KEY_N);
  key_expr(k, sizeof k, F, op, ETO_KEY_K);
  if (op->kind == ETO_OP_NORM) {
    fprintf(f, "    eto_rt_naive_norm(%s, (int64_t)(%s) * (%s), %s, %s);\n", b, m, n, x->arg_name[0], x->arg_name[1]);
  } else {
    int batch = op->kind == ETO_OP_BATCH_MATMUL;
    fprintf(f, "    eto_rt_naive_matmul(%s, %s, %s, %s, %s, %s, %d, %s, %d, %s);\n", batch ? b : "1", m, n, k,
            x->arg_name[0], x->arg_name[1], batch, op->bias ? x->arg_name[2] : "NULL", op->relu,
            x->arg_name[x->nargs - 1]);
  }
}

/* The table of F's dynamic kernels (second = 1: the second ones, which keep a direct read on the variable's axis,
 * export_internal.h dynd), NULL where a member has none, when any member has one; returns how many have one. */
static int write_dyn_table(FILE *f, const eto_export_plan *p, const eto_export_family *F, int second) {
  const eto_export_item *x = &p->items[F->item[0]];
  int n = 0;
  for (int j = 0; j < F->n; j++) n += second ? p->items[F->item[j]].dynd : p->items[F->item[j]].dyn;
  if (!n) return 0;
  fprintf(f, "  static int (*const %s[%d])(int64_t", second ? "dynd" : "dyn", F->n);
  for (int a = 0; a < x->nargs; a++) fprintf(f, ", %sfloat *", a < x->nargs - 1 ? "const " : "");
  fprintf(f, ") = {");
  for (int j = 0; j < F->n; j++) {
    const eto_export_item *m = &p->items[F->item[j]];
    int has = second ? m->dynd : m->dyn;
    fprintf(f, "%s%s%s", j ? ", " : "", has ? m->e.function : "NULL", has ? (second ? "_dynd" : "_dyn") : "");
  }
  fprintf(f, "};\n");
  return n;
}

void eto_export_write_dispatch(FILE *f, const eto_export_plan *p) {
  for (int fi = 0; fi < p->nfam; fi++) {
    const eto_export_family *F = &p->fam[fi];
    if (!F->dispatch) continue;
    const eto_export_item *x = &p->items[F->item[0]];
    fprintf(f, "int %s(int64_t s, ", F->function);
    eto_export_print_params(f, x);
    fprintf(f, ") {\n  static const int64_t value[%d] = {", F->n);
    for (int j = 0; j < F->n; j++) fprintf(f, "%s%lld", j ? ", " : "", (long long)eto_export_fvalue(p, F, j));
    fprintf(f, "};\n  static int (*const fn[%d])(", F->n);
    for (int a = 0; a < x->nargs; a++) fprintf(f, "%s%sfloat *", a ? ", " : "", a < x->nargs - 1 ? "const " : "");
    fprintf(f, ") = {");
    for (int j = 0; j < F->n; j++) fprintf(f, "%s%s", j ? ", " : "", p->items[F->item[j]].e.function);
    fprintf(f, "};\n");
    int ndyn = write_dyn_table(f, p, F, 0), ndynd = write_dyn_table(f, p, F, 1);
    int64_t max = eto_export_fvalue(p, F, F->n - 1);
    if (F->pick) { /* the member picked for each s up to the largest tuned value (picks.c) */
      fprintf(f, "  static const unsigned short pick[%lld] = {", (long long)max + 1);
      for (int64_t v = 0; v <= max; v++) fprintf(f, "%s%s%d", v ? "," : "", v % 32 ? "" : "\n    ", F->pick[v]);
      fprintf(f, "};\n");
    }
    fprintf(f, "  if (s < 1");
    for (int a = 0; a < x->nargs; a++) fprintf(f, " || !%s", x->arg_name[a]);
    fprintf(f, ") return EINVAL;\n"
               "  int lo = 0, hi = %d; /* the first tuned value >= s */\n"
               "  while (lo < hi) {\n"
               "    int mid = (lo + hi) / 2;\n"
               "    if (value[mid] < s) lo = mid + 1;\n"
               "    else hi = mid;\n"
               "  }\n",
            F->n);
    if (F->pick) { /* the picked member: s's own kernel, or a dynamic kernel above s run at s */
      fprintf(f, "  if (s <= %lld) {\n    const int j = pick[s] %% %d;\n", (long long)max, F->n);
      if (eto_export_row_chunks(F)) { /* a split (pick j + 2n): value[j] rows as value[j] is served, then the rest */
        fprintf(f, "    if (pick[s] >= %d) {\n      int rc = %s(value[j]", 2 * F->n, F->function);
        print_row_args(f, F, x, "0");
        fprintf(f, ");\n      return rc ? rc : %s(s - value[j]", F->function);
        print_row_args(f, F, x, "value[j]");
        fprintf(f, ");\n    }\n");
      }
      fprintf(f, "    if (value[j] == s) return fn[j](");
      for (int a = 0; a < x->nargs; a++) fprintf(f, "%s%s", a ? ", " : "", x->arg_name[a]);
      if (ndynd) { /* pick j + n: member j's second dynamic kernel */
        fprintf(f, ");\n    if (pick[s] >= %d && dynd[j]) return dynd[j](s", F->n);
        for (int a = 0; a < x->nargs; a++) fprintf(f, ", %s", x->arg_name[a]);
      }
      fprintf(f, ");\n    if (dyn[j]) return dyn[j](s");
      for (int a = 0; a < x->nargs; a++) fprintf(f, ", %s", x->arg_name[a]);
      fprintf(f, ");\n  }\n");
    }
    fprintf(f, "  if (lo < %d && value[lo] == s) return fn[lo](", F->n);
    for (int a = 0; a < x->nargs; a++) fprintf(f, "%s%s", a ? ", " : "", x->arg_name[a]);
    if (ndyn && !F->pick) { /* no table of picks (a very large family): the nearest dynamic kernel above s */
      fprintf(f, ");\n  if (lo < %d && dyn[lo]) return dyn[lo](s", F->n);
      for (int a = 0; a < x->nargs; a++) fprintf(f, ", %s", x->arg_name[a]);
    }
    if (eto_export_row_chunks(F)) {
      /* the variable only stacks rows (matmul m=s): chunks of the largest tuned value, the last one padded */
      fprintf(f, ");\n  if (lo == %d) { /* above every tuned value: chunks of rows */\n"
                 "    for (int64_t off = 0; off < s; off += value[%d]) {\n"
                 "      int64_t r = s - off < value[%d] ? s - off : value[%d];\n"
                 "      int rc = %s(r",
              F->n, F->n - 1, F->n - 1, F->n - 1, F->function);
      print_row_args(f, F, x, "off");
      fprintf(f, ");\n      if (rc) return rc;\n    }\n    return 0;\n  }\n");
      /* below: the rows of the largest tuned value under s run in place (no copy), the rest by a call for them */
      fprintf(f, "  if (lo > 0) {\n    const int64_t u = value[lo - 1];\n    int rc = fn[lo - 1](");
      for (int a = 0; a < x->nargs; a++) fprintf(f, "%s%s", a ? ", " : "", x->arg_name[a]);
      fprintf(f, ");\n    return rc ? rc : %s(s - u", F->function);
      print_row_args(f, F, x, "u");
      fprintf(f, ");\n  }\n  const int64_t v = value[lo];\n");
    } else {
      fprintf(f, ");\n  if (lo == %d) { /* above every tuned value: naive loops */\n", F->n);
      write_naive(f, F, x);
      fprintf(f, "    return 0;\n  }\n  const int64_t v = value[lo];\n");
    }
    for (int a = 0; a < x->nargs; a++) {
      if (!varies(F, a)) continue;
      fprintf(f, "  const int64_t ds%d[%d] = {", a, F->rank[a]);
      print_dims(f, F, a, "s");
      fprintf(f, "}, dv%d[%d] = {", a, F->rank[a]);
      print_dims(f, F, a, "v");
      fprintf(f, "};\n  float *p%d = eto_rt_scratch(%d, eto_rt_volume(dv%d, %d));\n  if (!p%d) return ENOMEM;\n", a, a, a,
              F->rank[a], a);
      if (a < x->nargs - 1) fprintf(f, "  eto_rt_pad(%s, ds%d, p%d, dv%d, %d);\n", x->arg_name[a], a, a, a, F->rank[a]);
    }
    fprintf(f, "  int rc = fn[lo](");
    for (int a = 0; a < x->nargs; a++) {
      if (varies(F, a)) fprintf(f, "%sp%d", a ? ", " : "", a);
      else fprintf(f, "%s%s", a ? ", " : "", x->arg_name[a]);
    }
    fprintf(f, ");\n");
    int o = x->nargs - 1;
    if (varies(F, o))
      fprintf(f, "  if (rc == 0) eto_rt_crop(p%d, dv%d, %s, ds%d, %d);\n", o, o, x->arg_name[o], o, F->rank[o]);
    fprintf(f, "  return rc;\n}\n\n");
  }
}

void eto_export_declare_dispatch(FILE *f, const eto_export_plan *p) {
  for (int fi = 0; fi < p->nfam; fi++) {
    const eto_export_family *F = &p->fam[fi];
    const eto_export_item *x = &p->items[F->item[0]];
    if (!F->dispatch) {
      fprintf(f, "/* family %s: %d tuned members exported as %s_<value>; no dispatch function: %s. */\n\n",
              x->op->name, F->n, F->function, F->why_not);
      continue;
    }
    fprintf(f, "/* %s for every value s >= 1 of its `let` variable (", x->op->name);
    for (int q = 0; q < F->nkeys; q++) fprintf(f, "%s%s=s", q ? " " : "", eto_key_name((eto_key)F->keys[q]));
    fprintf(f, "): a family of %s\n", eto_op_kind_name(x->op->kind));
    for (int a = 0; a < x->nargs; a++) {
      fprintf(f, " *   %-8s [", x->arg_name[a]);
      print_dims(f, F, a, "s");
      fprintf(f, "] %s\n", a < x->nargs - 1 ? "input" : "output");
    }
    fprintf(f, " * Tuned values (kernels %s_<value> above): ", F->function);
    for (int j = 0; j < F->n; j++) fprintf(f, "%s%lld", j ? ", " : "", (long long)eto_export_fvalue(p, F, j));
    fprintf(f, ".\n * Each s up to the largest runs the kernel picked for it at export (timed on the exporting machine, or\n"
               " * by a cost model; the manifest's dispatch table says which): s's own tuned kernel, or the program of a\n"
               " * tuned value above s compiled with s as a run-time extent (on these tensors, no copies); a program\n"
               " * without that form runs on zero-padded copies of the\n"
               " * tensors whose shape depends on s (per-thread scratch buffers). An s above %lld runs %s.\n"
               " * Returns 0, EINVAL (s < 1 or a NULL pointer) or ENOMEM (scratch). */\nint %s(int64_t s, ",
            (long long)eto_export_fvalue(p, F, F->n - 1),
            eto_export_row_chunks(F) ? "as chunks of rows of that size (the last one padded)"
                                     : "naive loops (correct, slow)",
            F->function);
    eto_export_print_params(f, x);
    fprintf(f, ");\n\n");
  }
}

/* A row of a family's dispatch table: values from..to served by member m (its own value exactly, the others by
 * its dynamic kernel or on padded copies: "below"). */
static void add_dispatch_row(cJSON *jt, const eto_export_plan *p, const eto_export_family *F, int pick, int64_t from,
                             int64_t to) {
  int m = pick % F->n;
  const eto_export_item *x = &p->items[F->item[m]];
  cJSON *e = cJSON_CreateObject();
  cJSON_AddItemToArray(jt, e);
  cJSON_AddNumberToObject(e, "from", (double)from);
  cJSON_AddNumberToObject(e, "to", (double)to);
  cJSON_AddNumberToObject(e, "value", (double)x->value);
  cJSON_AddStringToObject(e, "function", x->e.function);
  cJSON_AddStringToObject(e, "recipe", x->e.recipe);
  if (F->dispatch) /* how the values other than its own are served (dynamic_direct: its second dynamic kernel) */
    cJSON_AddStringToObject(e, "below", pick >= 2 * F->n ? "split"
                                        : pick >= F->n   ? "dynamic_direct"
                                        : x->dyn         ? "dynamic"
                                                         : "padded");
}

void eto_export_manifest_dispatch(void *json_root, const eto_export_plan *p) {
  if (p->nfam == 0) return;
  cJSON *jf = cJSON_AddArrayToObject((cJSON *)json_root, "families");
  for (int fi = 0; fi < p->nfam; fi++) {
    const eto_export_family *F = &p->fam[fi];
    const eto_export_item *x = &p->items[F->item[0]];
    cJSON *j = cJSON_CreateObject();
    cJSON_AddItemToArray(jf, j);
    cJSON_AddStringToObject(j, "name", x->op->name);
    cJSON_AddStringToObject(j, "kind", eto_op_kind_name(x->op->kind));
    char line[512];
    eto_op_format(x->op, line, sizeof line);
    cJSON_AddStringToObject(j, "first_member", line); /* the list line of the smallest tuned value */
    cJSON *jk = cJSON_AddArrayToObject(j, "variable_keys");
    for (int q = 0; q < F->nkeys; q++) cJSON_AddItemToArray(jk, cJSON_CreateString(eto_key_name((eto_key)F->keys[q])));
    if (!F->dispatch) {
      cJSON_AddNullToObject(j, "function");
      cJSON_AddStringToObject(j, "no_dispatch", F->why_not);
    } else {
      cJSON_AddStringToObject(j, "function", F->function);
    }
    if (F->pick) { /* how the table below was chosen */
      cJSON_AddStringToObject(j, "picks", F->picks_measured ? "measured" : "model");
      if (F->picks_measured) {
        cJSON_AddNumberToObject(j, "picks_seconds", round(F->picks_seconds * 10) / 10);
        cJSON_AddNumberToObject(j, "picks_differ_from_model", F->picks_differ);
        cJSON_AddNumberToObject(j, "picks_samples", (double)F->picks_samples);
        cJSON_AddNumberToObject(j, "picks_disturbed_samples", (double)F->picks_disturbed);
        cJSON_AddNumberToObject(j, "picks_retimed", F->picks_retimed);
        cJSON_AddNumberToObject(j, "picks_retimed_changed", F->picks_retimed_changed);
        cJSON_AddNumberToObject(j, "picks_split", F->picks_split);
        cJSON_AddNumberToObject(j, "picks_split_rejected", F->picks_split_rejected);
        cJSON_AddNumberToObject(j, "picks_split_reused", F->picks_split_reused);
        cJSON_AddNumberToObject(j, "picks_reused", F->picks_reused);
        cJSON_AddNumberToObject(j, "picks_partial", F->picks_partial);
        cJSON_AddNumberToObject(j, "picks_drifted", F->picks_drifted);
        /* per timed s: [s, the member value of its fastest kernel before any split, 1 for that member's second
         * dynamic kernel, its median seconds at s, [the candidates timed at s: a member value each, negative for
         * its second dynamic kernel], [their median seconds at s], and where a split of s's rows was timed beside
         * that pick (its seconds then the pick's), [the value u of the split's first call, the split's median
         * seconds]] (prior.c reads them back: etotune export --picks-from) */
        cJSON *jtm = cJSON_AddArrayToObject(j, "timed");
        for (int64_t s = 1; F->timed && s <= eto_export_fvalue(p, F, F->n - 1); s++) {
          if (!(F->timed_s[s] > 0)) continue;
          cJSON *e = cJSON_CreateArray();
          cJSON_AddItemToArray(jtm, e);
          cJSON_AddItemToArray(e, cJSON_CreateNumber((double)s));
          cJSON_AddItemToArray(e, cJSON_CreateNumber((double)eto_export_fvalue(p, F, F->timed[s] % F->n)));
          cJSON_AddItemToArray(e, cJSON_CreateNumber(F->timed[s] >= F->n));
          cJSON_AddItemToArray(e, cJSON_CreateNumber(F->timed_s[s]));
          cJSON *jc = cJSON_CreateArray();
          cJSON_AddItemToArray(e, jc);
          for (int c = 0; c < F->ntcand[s]; c++) {
            int k = F->tcand[s * ETO_EXPORT_TIMED_MAX + c];
            double v = (double)eto_export_fvalue(p, F, k % F->n);
            cJSON_AddItemToArray(jc, cJSON_CreateNumber(k >= F->n ? -v : v));
          }
          cJSON *js = cJSON_CreateArray();
          cJSON_AddItemToArray(e, js);
          for (int c = 0; c < F->ntcand[s]; c++)
            cJSON_AddItemToArray(js, cJSON_CreateNumber(F->tcand_s[s * ETO_EXPORT_TIMED_MAX + c]));
          if (F->split_u && F->split_u[s] > 0) {
            cJSON *jsp = cJSON_CreateArray();
            cJSON_AddItemToArray(e, jsp);
            cJSON_AddItemToArray(jsp, cJSON_CreateNumber((double)F->split_u[s]));
            cJSON_AddItemToArray(jsp, cJSON_CreateNumber(F->split_s[s]));
          }
        }
        /* values served at under PICK_WEAK_SHARE of a smaller value's throughput or slower than a larger value's
         * time over it, "than" that value (all in weak.list; a tuned one is searched further by etotune tune
         * --refine) */
        cJSON *jw = cJSON_AddArrayToObject(j, "weak_values");
        for (int k = 0; k < F->nweak; k++) {
          cJSON *e = cJSON_CreateObject();
          cJSON_AddItemToArray(jw, e);
          cJSON_AddNumberToObject(e, "s", (double)F->weak[k].s);
          cJSON_AddNumberToObject(e, "share", round(F->weak[k].share * 1000) / 1000);
          cJSON_AddNumberToObject(e, "than", (double)F->weak[k].than);
          cJSON_AddBoolToObject(e, "tuned", eto_export_is_member(p, F, F->weak[k].s));
        }
      }
    }
    /* which member serves which values: (previous tuned value, value], or the runs of the picks */
    cJSON *jt = cJSON_AddArrayToObject(j, "dispatch");
    int64_t prev = 0;
    for (int m = 0; m < F->n && !F->pick; m++) {
      int64_t v = eto_export_fvalue(p, F, m);
      add_dispatch_row(jt, p, F, m, prev + 1, v);
      prev = v;
    }
    for (int64_t s = 1; F->pick && s <= eto_export_fvalue(p, F, F->n - 1); s++) {
      int64_t to = s;
      while (to < eto_export_fvalue(p, F, F->n - 1) && F->pick[to + 1] == F->pick[s]) to++;
      add_dispatch_row(jt, p, F, F->pick[s], s, to);
      prev = s = to;
    }
    if (F->dispatch) {
      cJSON *e = cJSON_CreateObject();
      cJSON_AddItemToArray(jt, e);
      cJSON_AddNumberToObject(e, "from", (double)(prev + 1));
      cJSON_AddNullToObject(e, "to");
      cJSON_AddStringToObject(e, "function",
                              eto_export_row_chunks(F) ? "chunks of rows of the largest tuned value" : "naive loops");
    }
  }
}
