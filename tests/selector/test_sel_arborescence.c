/* test_sel_arborescence — Tarjan's arborescence against a plain Chu–Liu/Edmonds and brute force on seeded
 * random all-required graphs (zeros, ties, parallel edges, unreachable nodes), the ILP against it,
 * determinism, and larger random graphs against Chu–Liu/Edmonds. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "oracle.h"

int main(void) {
  uint64_t seed = 0x5e1ec7042024ull;
  og_graph *g = malloc(sizeof *g);
  unsigned char all[OG_MAX_NODES];
  memset(all, 1, sizeof all);
  eto_sel_solve_opts arb = {.solver = ETO_SEL_ARBORESCENCE}, ilp = {.solver = ETO_SEL_ILP};
  int feasible = 0, infeasible = 0, ilp_runs = 0, zero_cycles = 0;

  /* small graphs: three references */
  for (int it = 0; it < 400; it++) {
    int n = og_range(&seed, 3, 9);
    int cmax = og_range(&seed, 0, 3) == 0 ? 2 : 20; /* some graphs almost all ties and zeros */
    og_random(&seed, n, 0, og_range(&seed, 25, 70), og_range(&seed, 20, 80), cmax, g);
    int64_t ed = og_edmonds(g, all), bf = og_brute_arb(g, all);
    CHECK(ed == bf, "graph %d: edmonds %lld brute %lld", it, (long long)ed, (long long)bf);
    eto_sel_graph *s = og_build(g);
    CHECK(s != NULL, "build");
    if (!s) continue;
    eto_sel_tree t, t2;
    eto_status st = eto_sel_solve(s, &arb, &t);
    if (bf < 0) {
      infeasible++;
      int bad = eto_sel_graph_errnode(s);
      CHECK(st == ETO_ERR_INVALID, "graph %d: infeasible but status %d", it, st);
      CHECK(bad >= 1 && bad <= n, "graph %d: errnode %d", it, bad);
      CHECK(strstr(eto_sel_graph_errmsg(s), "unreachable") != NULL, "graph %d: message '%s'", it,
            eto_sel_graph_errmsg(s));
      /* the named node really is unreachable: dropping everything but it and the root stays infeasible */
      if (bad >= 1 && bad <= n) {
        unsigned char reach[OG_MAX_NODES] = {1};
        for (int pass = 0; pass <= n; pass++)
          for (int e = 0; e < g->m; e++)
            if (reach[g->from[e]]) reach[g->to[e]] = 1;
        CHECK(!reach[bad], "graph %d: node %d named unreachable but is reachable", it, bad);
      }
      eto_sel_graph_free(s);
      continue;
    }
    feasible++;
    CHECK(st == ETO_OK, "graph %d: status %d (%s)", it, st, eto_sel_graph_errmsg(s));
    if (st != ETO_OK) {
      eto_sel_graph_free(s);
      continue;
    }
    CHECK(og_valid_tree(s, &t, "arborescence"), "graph %d", it);
    CHECK(t.cost == bf, "graph %d: tarjan %lld brute %lld", it, (long long)t.cost, (long long)bf);
    CHECK(t.solver == ETO_SEL_ARBORESCENCE && t.optimal && t.bound == t.cost, "graph %d: flags", it);
    /* determinism: same graph again, and a freshly built copy */
    CHECK(eto_sel_solve(s, &arb, &t2) == ETO_OK && og_same_tree(&t, &t2), "graph %d: second solve differs", it);
    eto_sel_tree_free(&t2);
    eto_sel_graph *s2 = og_build(g);
    CHECK(eto_sel_solve(s2, NULL, &t2) == ETO_OK && og_same_tree(&t, &t2), "graph %d: auto on a copy differs",
          it);
    eto_sel_tree_free(&t2);
    eto_sel_graph_free(s2);
    /* zero-cost cycles present? (for the record) */
    for (int e = 0; e < g->m; e++)
      for (int f = 0; f < g->m; f++)
        if (g->cost[e] == 0 && g->cost[f] == 0 && g->from[e] == g->to[f] && g->to[e] == g->from[f]) {
          zero_cycles++;
          e = f = g->m;
        }
    /* ILP == arborescence when nothing is optional */
    if (it % 2 == 0) {
      ilp_runs++;
      eto_sel_tree ti;
      ilp.ilp_plain = it % 4 != 0;
      st = eto_sel_solve(s, &ilp, &ti);
      CHECK(st == ETO_OK, "graph %d: ilp status %d (%s)", it, st, eto_sel_graph_errmsg(s));
      if (st == ETO_OK) {
        CHECK(og_valid_tree(s, &ti, "ilp"), "graph %d", it);
        CHECK(ti.cost == t.cost, "graph %d: ilp %lld arborescence %lld", it, (long long)ti.cost,
              (long long)t.cost);
        CHECK(ti.ilp == ETO_SEL_ILP_OPTIMAL && ti.optimal, "graph %d: ilp not optimal", it);
      }
      eto_sel_tree_free(&ti);
    }
    eto_sel_tree_free(&t);
    eto_sel_graph_free(s);
  }
  printf("small graphs: %d feasible, %d infeasible, %d with a zero-cost 2-cycle, %d ILP runs\n", feasible,
         infeasible, zero_cycles, ilp_runs);
  CHECK(feasible > 200 && infeasible > 10, "the generator should give both kinds");

  /* larger graphs: Chu–Liu/Edmonds only */
  int big = 0;
  for (int it = 0; it < 60; it++) {
    int n = og_range(&seed, 20, 120);
    int dens = og_range(&seed, 3, 30);
    og_random(&seed, n, 0, dens, og_range(&seed, 5, 40), og_range(&seed, 0, 1) ? 5 : 1000, g);
    if (g->m >= OG_MAX_EDGES) continue;
    int64_t ed = og_edmonds(g, all);
    eto_sel_graph *s = og_build(g);
    eto_sel_tree t;
    eto_status st = eto_sel_solve(s, &arb, &t);
    if (ed < 0) {
      CHECK(st == ETO_ERR_INVALID, "big graph %d: infeasible but status %d", it, st);
    } else {
      big++;
      CHECK(st == ETO_OK && t.cost == ed, "big graph %d (n %d m %d): tarjan %lld edmonds %lld", it, n, g->m,
            (long long)t.cost, (long long)ed);
      CHECK(st != ETO_OK || og_valid_tree(s, &t, "big"), "big graph %d", it);
    }
    eto_sel_tree_free(&t);
    eto_sel_graph_free(s);
  }
  printf("larger graphs: %d feasible checked against Chu-Liu/Edmonds\n", big);

  /* nested cycles: a ring of rings, all cheap inside, expensive root edges, zero-cost ring edges */
  {
    og_graph *h = g;
    h->n = 60;
    h->m = 0;
    memset(h->optional, 0, sizeof h->optional);
    for (int v = 1; v <= 60; v++) {
      int ring = (v - 1) / 6, pos = (v - 1) % 6;
      int nxt = ring * 6 + (pos + 1) % 6 + 1;
      h->from[h->m] = v, h->to[h->m] = nxt, h->cost[h->m++] = 0;
      int other = ((ring + 1) % 10) * 6 + pos + 1;
      h->from[h->m] = v, h->to[h->m] = other, h->cost[h->m++] = 1 + (v % 3);
      h->from[h->m] = 0, h->to[h->m] = v, h->cost[h->m++] = 100 + v;
    }
    int64_t ed = og_edmonds(h, all);
    eto_sel_graph *s = og_build(h);
    eto_sel_tree t;
    CHECK(eto_sel_solve(s, &arb, &t) == ETO_OK && t.cost == ed && og_valid_tree(s, &t, "rings"),
          "ring of rings: %lld vs %lld", (long long)t.cost, (long long)ed);
    eto_sel_tree_free(&t);
    eto_sel_graph_free(s);
  }
  free(g);
  return check_result();
}
