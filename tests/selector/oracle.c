/* oracle.c — see oracle.h. Deliberately simple code: these are the references the solvers are checked
 * against. */
#include "oracle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t og_rand(uint64_t *s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

int og_range(uint64_t *s, int lo, int hi) { return lo + (int)(og_rand(s) % (uint64_t)(hi - lo + 1)); }

int64_t og_edmonds(const og_graph *g, const unsigned char *active) {
  /* relabel active nodes 0..N-1 (root first) */
  int lab[OG_MAX_NODES], N = 0;
  for (int v = 0; v <= g->n; v++) lab[v] = active[v] ? N++ : -1;
  int M = 0;
  int *eu = malloc(sizeof(int) * (size_t)(g->m + 1)), *ev = malloc(sizeof(int) * (size_t)(g->m + 1));
  int64_t *ew = malloc(sizeof(int64_t) * (size_t)(g->m + 1));
  for (int e = 0; e < g->m; e++) {
    if (lab[g->from[e]] < 0 || lab[g->to[e]] < 0) continue;
    eu[M] = lab[g->from[e]];
    ev[M] = lab[g->to[e]];
    ew[M] = g->cost[e];
    M++;
  }
  int root = 0;
  int64_t res = 0;
  int64_t in[OG_MAX_NODES];
  int pre[OG_MAX_NODES], id[OG_MAX_NODES], vis[OG_MAX_NODES];
  for (;;) {
    for (int v = 0; v < N; v++) in[v] = INT64_MAX;
    for (int e = 0; e < M; e++)
      if (eu[e] != ev[e] && ew[e] < in[ev[e]]) {
        in[ev[e]] = ew[e];
        pre[ev[e]] = eu[e];
      }
    for (int v = 0; v < N; v++)
      if (v != root && in[v] == INT64_MAX) {
        res = -1;
        goto done;
      }
    int cnt = 0;
    for (int v = 0; v < N; v++) id[v] = vis[v] = -1;
    in[root] = 0;
    for (int v = 0; v < N; v++) {
      res += in[v];
      int x = v;
      while (vis[x] != v && id[x] == -1 && x != root) {
        vis[x] = v;
        x = pre[x];
      }
      if (x != root && id[x] == -1) {
        for (int y = pre[x]; y != x; y = pre[y]) id[y] = cnt;
        id[x] = cnt++;
      }
    }
    if (cnt == 0) break;
    for (int v = 0; v < N; v++)
      if (id[v] == -1) id[v] = cnt++;
    for (int e = 0; e < M; e++) {
      int v0 = ev[e];
      eu[e] = id[eu[e]];
      ev[e] = id[ev[e]];
      if (eu[e] != ev[e]) ew[e] -= in[v0];
    }
    N = cnt;
    root = id[root];
  }
done:
  free(eu);
  free(ev);
  free(ew);
  return res;
}

typedef struct {
  const og_graph *g;
  const unsigned char *active;
  int nodes[OG_MAX_NODES], nn;
  int par[OG_MAX_NODES];
  int64_t minin[OG_MAX_NODES]; /* suffix sums of the cheapest entering edge */
  int64_t best;
} bb_state;

static void bb(bb_state *s, int i, int64_t acc) {
  if (s->best >= 0 && acc + s->minin[i] >= s->best) return;
  if (i == s->nn) {
    s->best = acc;
    return;
  }
  int v = s->nodes[i];
  for (int e = 0; e < s->g->m; e++) {
    int u = s->g->from[e];
    if (s->g->to[e] != v || !s->active[u] || u == v) continue;
    /* would v -> ... reach v again through assigned parents? */
    int x = u, cyc = 0;
    while (x != 0 && s->par[x] >= 0) {
      if (x == v) {
        cyc = 1;
        break;
      }
      x = s->par[x];
    }
    if (x == v) cyc = 1;
    if (cyc) continue;
    s->par[v] = u;
    bb(s, i + 1, acc + s->g->cost[e]);
    s->par[v] = -1;
  }
}

int64_t og_brute_arb(const og_graph *g, const unsigned char *active) {
  bb_state *s = calloc(1, sizeof *s);
  s->g = g;
  s->active = active;
  for (int v = 1; v <= g->n; v++)
    if (active[v]) s->nodes[s->nn++] = v;
  for (int v = 0; v <= g->n; v++) s->par[v] = -1;
  s->minin[s->nn] = 0;
  for (int i = s->nn - 1; i >= 0; i--) {
    int64_t mn = -1;
    for (int e = 0; e < g->m; e++)
      if (g->to[e] == s->nodes[i] && active[g->from[e]] && (mn < 0 || g->cost[e] < mn)) mn = g->cost[e];
    if (mn < 0) { /* no entering edge at all */
      free(s);
      return -1;
    }
    s->minin[i] = s->minin[i + 1] + mn;
  }
  s->best = -1;
  bb(s, 0, 0);
  int64_t r = s->best;
  free(s);
  return r;
}

int64_t og_brute_steiner(const og_graph *g) {
  int opt[OG_MAX_NODES], b = 0;
  for (int v = 1; v <= g->n; v++)
    if (g->optional[v]) opt[b++] = v;
  int64_t best = -1;
  unsigned char active[OG_MAX_NODES];
  for (long mask = 0; mask < (1L << b); mask++) {
    for (int v = 0; v <= g->n; v++) active[v] = !g->optional[v];
    for (int i = 0; i < b; i++)
      if (mask >> i & 1) active[opt[i]] = 1;
    int64_t c = og_brute_arb(g, active);
    if (c >= 0 && (best < 0 || c < best)) best = c;
  }
  return best;
}

void og_random(uint64_t *seed, int n, int popt, int pedge, int proot, int cmax, og_graph *g) {
  g->n = n;
  g->m = 0;
  g->optional[0] = 0;
  for (int v = 1; v <= n; v++) g->optional[v] = og_range(seed, 0, 99) < popt;
  for (int u = 0; u <= n; u++) {
    for (int v = 1; v <= n; v++) {
      if (u == v) continue;
      int p = u == 0 ? proot : pedge;
      if (og_range(seed, 0, 99) >= p) continue;
      int copies = og_range(seed, 0, 9) == 0 ? 2 : 1;
      for (int c = 0; c < copies && g->m < OG_MAX_EDGES; c++) {
        g->from[g->m] = u;
        g->to[g->m] = v;
        g->cost[g->m] = og_range(seed, 0, cmax);
        g->m++;
      }
    }
  }
}

eto_sel_graph *og_build(const og_graph *g) {
  eto_sel_graph *s = NULL;
  if (eto_sel_graph_create(&s) != ETO_OK) return NULL;
  for (int v = 1; v <= g->n; v++) {
    int id = 0;
    if (eto_sel_graph_add_node(s, g->optional[v] ? ETO_SEL_OPTIONAL : ETO_SEL_REQUIRED, &id) != ETO_OK ||
        id != v) {
      eto_sel_graph_free(s);
      return NULL;
    }
  }
  for (int e = 0; e < g->m; e++) {
    int id = -1;
    if (eto_sel_graph_add_edge(s, g->from[e], g->to[e], g->cost[e], &id) != ETO_OK || id != e) {
      eto_sel_graph_free(s);
      return NULL;
    }
  }
  return s;
}

int og_valid_tree(const eto_sel_graph *sel, const eto_sel_tree *t, const char *tag) {
  int n = eto_sel_graph_nodes(sel);
#define BAD(...)                                                                                             \
  do {                                                                                                       \
    fprintf(stderr, "[%s] invalid tree: ", tag);                                                             \
    fprintf(stderr, __VA_ARGS__);                                                                            \
    fputc('\n', stderr);                                                                                     \
    return 0;                                                                                                \
  } while (0)
  if (t->n != n || !t->parent || !t->edge) BAD("n %d vs %d or missing arrays", t->n, n);
  if (t->parent[0] != -1 || t->edge[0] != -1) BAD("root has a parent");
  int64_t cost = 0;
  for (int v = 1; v <= n; v++) {
    int req = eto_sel_graph_node_kind(sel, v) == ETO_SEL_REQUIRED;
    if (t->parent[v] == ETO_SEL_ABSENT) {
      if (req) BAD("required node %d absent", v);
      if (t->edge[v] != -1) BAD("absent node %d has edge %d", v, t->edge[v]);
      continue;
    }
    int from, to;
    int64_t c;
    if (eto_sel_graph_edge(sel, t->edge[v], &from, &to, &c) != ETO_OK)
      BAD("node %d: bad edge %d", v, t->edge[v]);
    if (to != v || from != t->parent[v])
      BAD("node %d: edge %d is %d->%d, parent %d", v, t->edge[v], from, to, t->parent[v]);
    cost += c;
    int x = v, steps = 0;
    while (x != 0 && steps <= n) {
      x = t->parent[x];
      if (x < 0) BAD("node %d: chain reaches an absent node", v);
      steps++;
    }
    if (x != 0) BAD("node %d: cycle", v);
  }
  if (cost != t->cost) BAD("cost %lld, edges sum to %lld", (long long)t->cost, (long long)cost);
  /* pruned: every optional node in the tree has a required descendant */
  unsigned char *useful = calloc((size_t)n + 1, 1);
  for (int v = 1; v <= n; v++) {
    if (eto_sel_graph_node_kind(sel, v) != ETO_SEL_REQUIRED) continue;
    for (int x = v; x > 0 && !useful[x]; x = t->parent[x]) useful[x] = 1;
  }
  for (int v = 1; v <= n; v++) {
    if (t->parent[v] >= 0 && !useful[v]) {
      free(useful);
      BAD("optional node %d serves no required node", v);
    }
  }
  free(useful);
  return 1;
#undef BAD
}

int og_same_tree(const eto_sel_tree *a, const eto_sel_tree *b) {
  return a->n == b->n && a->cost == b->cost &&
         memcmp(a->parent, b->parent, sizeof(int) * (size_t)(a->n + 1)) == 0 &&
         memcmp(a->edge, b->edge, sizeof(int) * (size_t)(a->n + 1)) == 0;
}
