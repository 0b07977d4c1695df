/* test_sel_timing — solver times on ETO-shaped random graphs (printed, not asserted): operators in families
 * with loop nests; reuse edges between dominating pairs, priced by shape distance; root edges priced as a
 * full search; 1-hop bridges (element-wise minimum of two non-dominating operators) as optional nodes; a few
 * cached operators. Checks only that every tree is valid and that GREEDY is never below the ILP's bound. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "oracle.h"

#define DIMS 4
typedef struct {
  int fam;
  int ext[DIMS];
} shape;

static int dominates(const shape *a, const shape *b) { /* a >= b everywhere */
  for (int i = 0; i < DIMS; i++)
    if (a->ext[i] < b->ext[i]) return 0;
  return 1;
}

static int same(const shape *a, const shape *b) {
  return a->fam == b->fam && memcmp(a->ext, b->ext, sizeof a->ext) == 0;
}

static int64_t reuse_cost(uint64_t *seed, const shape *from, const shape *to) {
  double d = 0;
  for (int i = 0; i < DIMS; i++) d += fabs(log2((double)to->ext[i] / (double)from->ext[i]));
  return 40 + (int64_t)(60 * d) + og_range(seed, 0, 30);
}

/* Builds a graph of nreq operators (ncached of them cached) plus up to nbridge bridges. */
static eto_sel_graph *eto_graph(uint64_t *seed, int nfam, int nreq, int ncached, int nbridge, int *out_b) {
  static const int vals[] = {1, 2, 4, 7, 8, 14, 16, 28, 32, 56, 64, 128};
  int cap = nreq + nbridge;
  shape *s = malloc(sizeof *s * (size_t)cap);
  int n = 0;
  while (n < nreq) {
    shape x;
    x.fam = og_range(seed, 0, nfam - 1);
    for (int i = 0; i < DIMS; i++) x.ext[i] = vals[og_range(seed, 0, 11)];
    int dup = 0;
    for (int j = 0; j < n && !dup; j++) dup = same(&x, &s[j]);
    if (!dup) s[n++] = x;
  }
  int nb = 0;
  for (int tries = 0; nb < nbridge && tries < 100000; tries++) {
    int a = og_range(seed, 0, nreq - 1), b = og_range(seed, 0, nreq - 1);
    if (s[a].fam != s[b].fam || dominates(&s[a], &s[b]) || dominates(&s[b], &s[a])) continue;
    shape x = s[a];
    for (int i = 0; i < DIMS; i++)
      if (s[b].ext[i] < x.ext[i]) x.ext[i] = s[b].ext[i];
    int dup = 0;
    for (int j = 0; j < n && !dup; j++) dup = same(&x, &s[j]);
    if (!dup) s[n++] = x, nb++;
  }
  eto_sel_graph *g = NULL;
  eto_sel_graph_create(&g);
  for (int v = 0; v < n; v++)
    eto_sel_graph_add_node(g, v >= nreq || v < ncached ? ETO_SEL_OPTIONAL : ETO_SEL_REQUIRED, NULL);
  for (int v = 0; v < n; v++) {
    eto_sel_graph_add_edge(g, 0, v + 1, v < ncached ? 0 : 1000 + og_range(seed, 0, 300), NULL);
    for (int u = 0; u < n; u++) {
      if (u == v || s[u].fam != s[v].fam || !(dominates(&s[u], &s[v]) || dominates(&s[v], &s[u]))) continue;
      int64_t c = reuse_cost(seed, &s[u], &s[v]);
      if (c < 1000) eto_sel_graph_add_edge(g, u + 1, v + 1, c, NULL);
    }
  }
  free(s);
  *out_b = nb;
  return g;
}

static void run(const char *name, eto_sel_graph *g, int with_ilp, double ilp_limit) {
  eto_sel_solve_opts o;
  memset(&o, 0, sizeof o);
  o.solver = ETO_SEL_GREEDY;
  eto_sel_tree tg, ti;
  eto_status st = eto_sel_solve(g, &o, &tg);
  CHECK(st == ETO_OK && og_valid_tree(g, &tg, name), "%s: greedy %d %s", name, st, eto_sel_graph_errmsg(g));
  if (st != ETO_OK) return;
  int used = 0;
  for (int v = 1; v <= tg.n; v++)
    used += tg.parent[v] >= 0 && eto_sel_graph_node_kind(g, v) == ETO_SEL_OPTIONAL;
  printf("%s: %d nodes, %d edges, %d candidate bridges\n", name, eto_sel_graph_nodes(g),
         eto_sel_graph_edges(g), tg.bridges);
  printf("  greedy: cost %lld (Greedy_FLAC union %lld), %d optional nodes used, %.3f s\n", (long long)tg.cost,
         (long long)tg.flac_cost, used, tg.greedy_seconds);
  if (with_ilp) {
    o.solver = ETO_SEL_ILP;
    o.ilp_time_limit = ilp_limit;
    st = eto_sel_solve(g, &o, &ti);
    CHECK(st == ETO_OK && og_valid_tree(g, &ti, name), "%s: ilp %d %s", name, st, eto_sel_graph_errmsg(g));
    if (st == ETO_OK) {
      printf(
          "  ilp:    cost %lld, %s, bound %lld (gap %.2f%%), %.3f s; greedy is %.2f%% above the ILP's tree\n",
          (long long)ti.cost, ti.ilp == ETO_SEL_ILP_OPTIMAL ? "optimal" : "time limit", (long long)ti.bound,
          100 * ti.gap, ti.ilp_seconds, 100.0 * (double)(tg.cost - ti.cost) / (double)ti.cost);
      CHECK(ti.bound <= tg.cost, "%s: greedy %lld below the ILP bound %lld", name, (long long)tg.cost,
            (long long)ti.bound);
      CHECK(ti.cost <= tg.cost, "%s: ilp worse than its seed", name);
      eto_sel_tree_free(&ti);
    }
    eto_sel_tree ta;
    st = eto_sel_solve(g, NULL, &ta);
    CHECK(st == ETO_OK && og_valid_tree(g, &ta, name), "%s: auto", name);
    if (st == ETO_OK)
      printf("  auto:   cost %lld via %s%s, %.3f s\n", (long long)ta.cost, eto_sel_solver_name(ta.solver),
             ta.optimal ? " (optimal)" : "", ta.seconds);
    eto_sel_tree_free(&ta);
  }
  eto_sel_tree_free(&tg);
}

int main(void) {
  uint64_t seed = 2024;
  int b;
  eto_sel_graph *g = eto_graph(&seed, 4, 170, 8, 30, &b);
  run("ETO-shaped 200 nodes / 30 bridges", g, 1, 10.0);
  eto_sel_graph_free(g);

  g = eto_graph(&seed, 3, 60, 4, 12, &b);
  run("ETO-shaped 72 nodes / 12 bridges", g, 1, 10.0);
  eto_sel_graph_free(g);

  g = eto_graph(&seed, 8, 2000, 50, 150, &b);
  run("ETO-shaped 2150 nodes / 150 bridges (greedy only)", g, 0, 0);
  eto_sel_graph_free(g);
  return check_result();
}
