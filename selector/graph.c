/* graph.c — the optimization-choice graph: building it, reading it back, error state. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sel_internal.h"

void sel_set_err(eto_sel_graph *g, int node, const char *fmt, ...) {
  if (!g) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(g->msg, sizeof g->msg, fmt, ap);
  va_end(ap);
  g->errnode = node;
}

static void clear_err(eto_sel_graph *g) {
  g->msg[0] = 0;
  g->errnode = -1;
}

eto_status eto_sel_graph_create(eto_sel_graph **out) {
  if (!out) return ETO_ERR_INVALID;
  *out = NULL;
  eto_sel_graph *g = calloc(1, sizeof *g);
  if (!g) return ETO_ERR_NOMEM;
  g->cap_nodes = 16;
  g->kind = malloc((size_t)g->cap_nodes + 1);
  g->cap_edges = 64;
  g->from = malloc((size_t)g->cap_edges * sizeof(int));
  g->to = malloc((size_t)g->cap_edges * sizeof(int));
  g->cost = malloc((size_t)g->cap_edges * sizeof(int64_t));
  if (!g->kind || !g->from || !g->to || !g->cost) {
    eto_sel_graph_free(g);
    return ETO_ERR_NOMEM;
  }
  g->kind[0] = ETO_SEL_REQUIRED;
  clear_err(g);
  *out = g;
  return ETO_OK;
}

void eto_sel_graph_free(eto_sel_graph *g) {
  if (!g) return;
  free(g->kind);
  free(g->from);
  free(g->to);
  free(g->cost);
  free(g);
}

eto_status eto_sel_graph_add_node(eto_sel_graph *g, eto_sel_node_kind kind, int *id) {
  if (!g) return ETO_ERR_INVALID;
  if (kind != ETO_SEL_REQUIRED && kind != ETO_SEL_OPTIONAL) {
    sel_set_err(g, -1, "add_node: unknown node kind %d", (int)kind);
    return ETO_ERR_INVALID;
  }
  if (g->n >= ETO_SEL_MAX_NODES) {
    sel_set_err(g, -1, "add_node: more than %d nodes", ETO_SEL_MAX_NODES);
    return ETO_ERR_LIMIT;
  }
  if (g->n + 1 > g->cap_nodes) {
    int cap = g->cap_nodes * 2;
    unsigned char *k = realloc(g->kind, (size_t)cap + 1);
    if (!k) {
      sel_set_err(g, -1, "add_node: out of memory");
      return ETO_ERR_NOMEM;
    }
    g->kind = k;
    g->cap_nodes = cap;
  }
  g->n++;
  g->kind[g->n] = (unsigned char)kind;
  if (id) *id = g->n;
  clear_err(g);
  return ETO_OK;
}

eto_status eto_sel_graph_add_edge(eto_sel_graph *g, int from, int to, int64_t cost, int *edge) {
  if (!g) return ETO_ERR_INVALID;
  if (from < 0 || from > g->n || to < 0 || to > g->n) {
    sel_set_err(g, from < 0 || from > g->n ? from : to, "add_edge %d -> %d: no such node (nodes are 0..%d)",
                from, to, g->n);
    return ETO_ERR_INVALID;
  }
  if (to == ETO_SEL_ROOT) {
    sel_set_err(g, from, "add_edge %d -> 0: no edge may enter the root", from);
    return ETO_ERR_INVALID;
  }
  if (from == to) {
    sel_set_err(g, from, "add_edge %d -> %d: self-loop", from, to);
    return ETO_ERR_INVALID;
  }
  if (cost < 0 || cost > ETO_SEL_COST_MAX) {
    sel_set_err(g, to, "add_edge %d -> %d: cost %lld outside [0, %lld]", from, to, (long long)cost,
                (long long)ETO_SEL_COST_MAX);
    return ETO_ERR_INVALID;
  }
  if (g->m >= ETO_SEL_MAX_EDGES) {
    sel_set_err(g, -1, "add_edge: more than %d edges", ETO_SEL_MAX_EDGES);
    return ETO_ERR_LIMIT;
  }
  if (g->m == g->cap_edges) {
    int cap = g->cap_edges * 2;
    int *f = realloc(g->from, (size_t)cap * sizeof(int));
    if (f) g->from = f;
    int *t = realloc(g->to, (size_t)cap * sizeof(int));
    if (t) g->to = t;
    int64_t *c = realloc(g->cost, (size_t)cap * sizeof(int64_t));
    if (c) g->cost = c;
    if (!f || !t || !c) {
      sel_set_err(g, -1, "add_edge: out of memory");
      return ETO_ERR_NOMEM;
    }
    g->cap_edges = cap;
  }
  g->from[g->m] = from;
  g->to[g->m] = to;
  g->cost[g->m] = cost;
  if (edge) *edge = g->m;
  g->m++;
  clear_err(g);
  return ETO_OK;
}

int eto_sel_graph_nodes(const eto_sel_graph *g) { return g ? g->n : 0; }

int eto_sel_graph_edges(const eto_sel_graph *g) { return g ? g->m : 0; }

eto_sel_node_kind eto_sel_graph_node_kind(const eto_sel_graph *g, int id) {
  if (!g || id < 0 || id > g->n) return ETO_SEL_REQUIRED;
  return (eto_sel_node_kind)g->kind[id];
}

eto_status eto_sel_graph_edge(const eto_sel_graph *g, int i, int *from, int *to, int64_t *cost) {
  if (!g || i < 0 || i >= g->m) return ETO_ERR_INVALID;
  if (from) *from = g->from[i];
  if (to) *to = g->to[i];
  if (cost) *cost = g->cost[i];
  return ETO_OK;
}

const char *eto_sel_graph_errmsg(const eto_sel_graph *g) { return g ? g->msg : ""; }

int eto_sel_graph_errnode(const eto_sel_graph *g) { return g ? g->errnode : -1; }

static const char *const solver_names[ETO_SEL_SOLVER_COUNT] = {"auto", "arborescence", "subsets", "greedy",
                                                               "ilp"};
_Static_assert(sizeof solver_names / sizeof solver_names[0] == ETO_SEL_SOLVER_COUNT, "one name per solver");

const char *eto_sel_solver_name(eto_sel_solver s) {
  return (int)s >= 0 && s < ETO_SEL_SOLVER_COUNT ? solver_names[s] : NULL;
}

int eto_sel_solver_from_name(const char *name, eto_sel_solver *out) {
  if (!name) return -1;
  for (int i = 0; i < ETO_SEL_SOLVER_COUNT; i++) {
    if (strcmp(name, solver_names[i]) == 0) {
      if (out) *out = (eto_sel_solver)i;
      return 0;
    }
  }
  return -1;
}
