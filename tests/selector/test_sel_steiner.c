/* test_sel_steiner — graphs with optional nodes: SUBSETS == ILP == AUTO == brute-force Steiner tree on seeded
 * random small graphs; GREEDY gives a valid, pruned tree that covers every required node and is never below
 * the optimum; results are deterministic. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "oracle.h"

int main(void) {
  uint64_t seed = 0xb41d6e5ull;
  og_graph *g = malloc(sizeof *g);
  eto_sel_solve_opts o[ETO_SEL_SOLVER_COUNT];
  for (int s = 0; s < ETO_SEL_SOLVER_COUNT; s++) {
    memset(&o[s], 0, sizeof o[s]);
    o[s].solver = (eto_sel_solver)s;
  }
  eto_sel_solve_opts greedy_raw = o[ETO_SEL_GREEDY];
  greedy_raw.improve_evals = -1;
  int graphs = 0, with_bridges = 0, used_bridge = 0, greedy_exact = 0, raw_exact = 0, infeasible = 0;
  double greedy_excess = 0, raw_excess = 0;

  for (int it = 0; it < 300; it++) {
    int n = og_range(&seed, 3, 9);
    int cmax = og_range(&seed, 0, 3) == 0 ? 3 : 30;
    og_random(&seed, n, og_range(&seed, 15, 50), og_range(&seed, 25, 65), og_range(&seed, 20, 70), cmax, g);
    /* ETO-like: root edges dearer than reuse edges in half of the graphs */
    if (it % 2)
      for (int e = 0; e < g->m; e++)
        if (g->from[e] == 0) g->cost[e] += 40;
    int64_t opt = og_brute_steiner(g);
    eto_sel_graph *s = og_build(g);
    if (!s) {
      CHECK(0, "build");
      continue;
    }
    if (opt < 0) {
      infeasible++;
      eto_sel_tree t;
      for (int k = 0; k < ETO_SEL_SOLVER_COUNT; k++) {
        if (k == ETO_SEL_ARBORESCENCE) continue;
        CHECK(eto_sel_solve(s, &o[k], &t) == ETO_ERR_INVALID, "graph %d: infeasible, solver %s", it,
              eto_sel_solver_name((eto_sel_solver)k));
        CHECK(t.parent == NULL, "graph %d: output zeroed on failure", it);
      }
      eto_sel_graph_free(s);
      continue;
    }
    graphs++;
    eto_sel_tree ts, ti, ta, tg, tr, t2;
    eto_status st = eto_sel_solve(s, &o[ETO_SEL_SUBSETS], &ts);
    CHECK(st == ETO_OK, "graph %d: subsets %d (%s)", it, st, eto_sel_graph_errmsg(s));
    if (st != ETO_OK) {
      eto_sel_graph_free(s);
      continue;
    }
    if (ts.bridges > 0) with_bridges++;
    CHECK(og_valid_tree(s, &ts, "subsets") && ts.cost == opt, "graph %d: subsets %lld brute %lld", it,
          (long long)ts.cost, (long long)opt);
    CHECK(ts.optimal && ts.solver == ETO_SEL_SUBSETS, "graph %d: subsets flags", it);
    for (int v = 1; v <= n; v++)
      if (g->optional[v] && ts.parent[v] >= 0) {
        used_bridge++;
        break;
      }

    eto_sel_solve_opts io = o[ETO_SEL_ILP];
    io.ilp_plain =
        it % 2; /* the plain flow model (branch-and-bound does the work) and the cut-strengthened one */
    st = eto_sel_solve(s, &io, &ti);
    CHECK(st == ETO_OK, "graph %d: ilp %d (%s)", it, st, eto_sel_graph_errmsg(s));
    if (st == ETO_OK) {
      CHECK(og_valid_tree(s, &ti, "ilp") && ti.cost == opt, "graph %d: ilp %lld brute %lld", it,
            (long long)ti.cost, (long long)opt);
      CHECK(ti.ilp == ETO_SEL_ILP_OPTIMAL && ti.optimal && ti.bound == opt, "graph %d: ilp flags %d %d %lld",
            it, ti.ilp, ti.optimal, (long long)ti.bound);
      CHECK(ti.greedy_cost >= opt, "graph %d: greedy seed %lld below optimum %lld", it,
            (long long)ti.greedy_cost, (long long)opt);
    }
    if (st == ETO_OK) {
      CHECK(eto_sel_solve(s, &io, &t2) == ETO_OK && og_same_tree(&ti, &t2), "graph %d: ilp not deterministic",
            it);
      eto_sel_tree_free(&t2);
    }
    eto_sel_tree_free(&ti);

    st = eto_sel_solve(s, NULL, &ta);
    CHECK(st == ETO_OK && og_valid_tree(s, &ta, "auto") && ta.cost == opt && ta.optimal,
          "graph %d: auto %lld brute %lld", it, (long long)ta.cost, (long long)opt);
    CHECK(st != ETO_OK || og_same_tree(&ta, &ts) || ta.bridges == 0, "graph %d: auto should be subsets here",
          it);
    eto_sel_tree_free(&ta);

    st = eto_sel_solve(s, &o[ETO_SEL_GREEDY], &tg);
    CHECK(st == ETO_OK, "graph %d: greedy %d (%s)", it, st, eto_sel_graph_errmsg(s));
    if (st == ETO_OK) {
      CHECK(og_valid_tree(s, &tg, "greedy"), "graph %d", it);
      CHECK(tg.cost >= opt, "graph %d: greedy %lld below optimum %lld", it, (long long)tg.cost,
            (long long)opt);
      CHECK(tg.flac_cost >= tg.cost || tg.flac_cost < 0, "graph %d: improvement made it worse (%lld -> %lld)",
            it, (long long)tg.flac_cost, (long long)tg.cost);
      CHECK(tg.solver == ETO_SEL_GREEDY && tg.bound == -1 ? !tg.optimal || tg.cost == 0 : 1, "graph %d flags",
            it);
      greedy_exact += tg.cost == opt;
      greedy_excess += opt ? (double)(tg.cost - opt) / (double)opt : 0;
      CHECK(eto_sel_solve(s, &o[ETO_SEL_GREEDY], &t2) == ETO_OK && og_same_tree(&tg, &t2),
            "graph %d: greedy not "
            "deterministic",
            it);
      eto_sel_tree_free(&t2);
    }
    eto_sel_tree_free(&tg);
    st = eto_sel_solve(s, &greedy_raw, &tr);
    CHECK(st == ETO_OK && og_valid_tree(s, &tr, "greedy-raw") && tr.cost >= opt, "graph %d: raw greedy", it);
    if (st == ETO_OK) {
      raw_exact += tr.cost == opt;
      raw_excess += opt ? (double)(tr.cost - opt) / (double)opt : 0;
    }
    eto_sel_tree_free(&tr);

    CHECK(eto_sel_solve(s, &o[ETO_SEL_SUBSETS], &t2) == ETO_OK && og_same_tree(&ts, &t2),
          "graph %d: subsets not "
          "deterministic",
          it);
    eto_sel_tree_free(&t2);
    eto_sel_tree_free(&ts);
    eto_sel_graph_free(s);
  }
  printf("%d feasible graphs (%d infeasible), %d with candidate bridges, %d optima use an optional node\n",
         graphs, infeasible, with_bridges, used_bridge);
  printf(
      "greedy+improve optimal on %d/%d (mean excess %.2f%%); greedy with arborescence only: %d/%d (%.2f%%)\n",
      greedy_exact, graphs, 100 * greedy_excess / graphs, raw_exact, graphs, 100 * raw_excess / graphs);
  CHECK(with_bridges > 100 && used_bridge > 30, "the generator should exercise bridges");

  /* medium graphs (too big for brute force): the two exact solvers agree, greedy is never below them */
  int medium = 0, medium_greedy_exact = 0;
  for (int it = 0; it < 60; it++) {
    int n = og_range(&seed, 12, 20);
    og_random(&seed, n, og_range(&seed, 25, 50), og_range(&seed, 10, 35), og_range(&seed, 10, 40),
              og_range(&seed, 0, 1) ? 5 : 60, g);
    for (int e = 0; e < g->m; e++)
      if (g->from[e] == 0) g->cost[e] += 50;
    for (int v = 1; v <= n; v++) /* keep every required node reachable */
      if (!g->optional[v]) g->from[g->m] = 0, g->to[g->m] = v, g->cost[g->m++] = 500;
    eto_sel_graph *s = og_build(g);
    eto_sel_tree ts, ti, tg;
    eto_sel_solve_opts so = o[ETO_SEL_SUBSETS];
    so.subsets_max = 20;
    eto_status st = eto_sel_solve(s, &so, &ts);
    CHECK(st == ETO_OK && og_valid_tree(s, &ts, "medium subsets"), "medium %d: subsets %d %s", it, st,
          eto_sel_graph_errmsg(s));
    eto_sel_solve_opts io = o[ETO_SEL_ILP];
    io.ilp_plain = it % 2;
    st = eto_sel_solve(s, &io, &ti);
    CHECK(st == ETO_OK && og_valid_tree(s, &ti, "medium ilp") && ti.optimal && ti.cost == ts.cost,
          "medium %d: ilp %lld (optimal %d) subsets %lld", it, (long long)ti.cost, ti.optimal,
          (long long)ts.cost);
    st = eto_sel_solve(s, &o[ETO_SEL_GREEDY], &tg);
    CHECK(st == ETO_OK && og_valid_tree(s, &tg, "medium greedy") && tg.cost >= ts.cost,
          "medium %d: greedy %lld", it, (long long)tg.cost);
    medium++;
    medium_greedy_exact += tg.cost == ts.cost;
    eto_sel_tree_free(&ts);
    eto_sel_tree_free(&ti);
    eto_sel_tree_free(&tg);
    eto_sel_graph_free(s);
  }
  printf("medium graphs: %d, subsets == ilp on all; greedy optimal on %d\n", medium, medium_greedy_exact);
  free(g);
  return check_result();
}
