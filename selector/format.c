/* format.c — text and Graphviz dumps of a graph and its tree (for `etotune plan`). */
#include <stdio.h>
#include <stdlib.h>

#include "sel_internal.h"

/* labels[v], or when there is none the default ("root" or "#v") written into buf. */
static const char *label_of(const char *const *labels, int v, char *buf, size_t cap) {
  const char *s = labels ? labels[v] : NULL;
  if (s) return s;
  if (v == ETO_SEL_ROOT)
    snprintf(buf, cap, "root");
  else
    snprintf(buf, cap, "#%d", v);
  return buf;
}

/* Writes labels[v] (or the default) escaped for a DOT double-quoted string. */
static void put_dot_label(FILE *out, const char *const *labels, int v) {
  char def[24];
  for (const char *s = label_of(labels, v, def, sizeof def); *s; s++) {
    if (*s == '"' || *s == '\\')
      fputc('\\', out), fputc(*s, out);
    else if (*s == '\n')
      fputs("\\n", out);
    else
      fputc(*s, out);
  }
}

/* Writes labels[v] (or the default) on one line: control characters become spaces. */
static void put_text_label(FILE *out, const char *const *labels, int v) {
  char def[24];
  for (const char *s = label_of(labels, v, def, sizeof def); *s; s++)
    fputc((unsigned char)*s < 32 ? ' ' : *s, out);
}

static int tree_matches(const eto_sel_graph *g, const eto_sel_tree *t) {
  if (!t) return 1;
  if (!t->parent || !t->edge || t->n != g->n) return 0;
  for (int v = 1; v <= g->n; v++) {
    int e = t->edge[v];
    if (t->parent[v] == ETO_SEL_ABSENT) continue;
    if (e < 0 || e >= g->m || g->to[e] != v || g->from[e] != t->parent[v]) return 0;
  }
  return 1;
}

eto_status eto_sel_tree_format_text(const eto_sel_graph *g, const eto_sel_tree *t, const char *const *labels,
                                    FILE *out) {
  if (!g || !t || !out || !tree_matches(g, t)) return ETO_ERR_INVALID;
  int n1 = g->n + 1;
  int *depth = calloc((size_t)n1, sizeof(int));
  int *start = calloc((size_t)n1 + 2, sizeof(int)), *kids = malloc((size_t)n1 * sizeof(int));
  int *stack = malloc((size_t)n1 * sizeof(int));
  if (!depth || !start || !kids || !stack) {
    free(depth);
    free(start);
    free(kids);
    free(stack);
    return ETO_ERR_NOMEM;
  }
  /* depth-first, children by increasing id, so each subtree prints as one block */
  sel_tree_children(t, start, kids);
  int sp = 0, nb = 0, nin = 0;
  stack[sp++] = 0;
  while (sp > 0) {
    int v = stack[--sp];
    for (int i = 0; i < depth[v]; i++) fputs("  ", out);
    put_text_label(out, labels, v);
    if (v != ETO_SEL_ROOT) {
      nin++;
      int opt = g->kind[v] == ETO_SEL_OPTIONAL;
      nb += opt;
      fprintf(out, "  [%s%s, cost %lld, edge %d]", opt ? "optional, " : "",
              t->parent[v] == ETO_SEL_ROOT ? "full search" : "reuse", (long long)g->cost[t->edge[v]],
              t->edge[v]);
    }
    fputc('\n', out);
    for (int i = start[v + 1] - 1; i >= start[v]; i--) {
      depth[kids[i]] = depth[v] + 1;
      stack[sp++] = kids[i];
    }
  }
  fprintf(out, "total cost %lld, %d node%s (%d optional), solver %s", (long long)t->cost, nin,
          nin == 1 ? "" : "s", nb, eto_sel_solver_name(t->solver) ? eto_sel_solver_name(t->solver) : "?");
  if (t->optimal)
    fputs(", optimal", out);
  else if (t->bound >= 0)
    fprintf(out, ", lower bound %lld (gap %.2f%%)", (long long)t->bound, 100.0 * t->gap);
  else
    fputs(", not proven optimal", out);
  if (t->greedy_cost >= 0 && t->solver != ETO_SEL_GREEDY)
    fprintf(out, ", greedy %lld", (long long)t->greedy_cost);
  if (t->ilp == ETO_SEL_ILP_FAILED)
    fputs(", ilp failed", out);
  else if (t->ilp != ETO_SEL_ILP_NOT_RUN)
    fprintf(out, ", ilp %lld (%s, %.2f s)", (long long)t->ilp_cost,
            t->ilp == ETO_SEL_ILP_OPTIMAL ? "optimal" : "time limit", t->ilp_seconds);
  fprintf(out, ", %d candidate bridge%s\n", t->bridges, t->bridges == 1 ? "" : "s");
  free(depth);
  free(start);
  free(kids);
  free(stack);
  return ferror(out) ? ETO_ERR_IO : ETO_OK;
}

eto_status eto_sel_tree_format_dot(const eto_sel_graph *g, const eto_sel_tree *t, const char *const *labels,
                                   unsigned flags, FILE *out) {
  if (!g || !out || !tree_matches(g, t)) return ETO_ERR_INVALID;
  fputs("digraph plan {\n  rankdir=TB;\n", out);
  for (int v = 0; v <= g->n; v++) {
    int in = !t || v == 0 || t->parent[v] >= 0;
    fprintf(out, "  n%d [label=\"", v);
    put_dot_label(out, labels, v);
    fputc('"', out);
    if (v == ETO_SEL_ROOT)
      fputs(", shape=box", out);
    else if (g->kind[v] == ETO_SEL_OPTIONAL)
      fputs(in ? ", style=dashed" : ", style=dashed, color=grey, fontcolor=grey", out);
    fputs("];\n", out);
  }
  for (int e = 0; e < g->m; e++) {
    int u = g->from[e], v = g->to[e];
    int used = t ? t->edge[v] == e : 1;
    if (!used && !(flags & ETO_SEL_DOT_ALL_EDGES)) continue;
    fprintf(out, "  n%d -> n%d [label=\"%lld\"%s];\n", u, v, (long long)g->cost[e],
            used ? "" : ", style=dashed, color=grey, fontcolor=grey");
  }
  if (t) {
    fprintf(out, "  label=\"total cost %lld, solver %s%s\";\n", (long long)t->cost,
            eto_sel_solver_name(t->solver) ? eto_sel_solver_name(t->solver) : "?",
            t->optimal ? ", optimal" : "");
  }
  fputs("}\n", out);
  return ferror(out) ? ETO_ERR_IO : ETO_OK;
}
