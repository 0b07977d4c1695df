/* test_sel_cases — hand-made graphs with known answers (zero-cost cycle, a bridge that pays off, cached
 * nodes, parallel edges, pruning), error paths (unreachable node, bad arguments, limits), plan order and the
 * dumps. */
#define _GNU_SOURCE /* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "oracle.h"

static eto_sel_graph *mk(int n, const int *kinds) {
  eto_sel_graph *g = NULL;
  if (eto_sel_graph_create(&g) != ETO_OK) return NULL;
  for (int v = 1; v <= n; v++)
    eto_sel_graph_add_node(g, kinds && kinds[v] ? ETO_SEL_OPTIONAL : ETO_SEL_REQUIRED, NULL);
  return g;
}

static void E(eto_sel_graph *g, int u, int v, int64_t c) {
  eto_status st = eto_sel_graph_add_edge(g, u, v, c, NULL);
  CHECK(st == ETO_OK, "add_edge %d->%d: %s", u, v, eto_sel_graph_errmsg(g));
}

static eto_sel_tree solve(eto_sel_graph *g, eto_sel_solver s, eto_status *st) {
  eto_sel_solve_opts o;
  memset(&o, 0, sizeof o);
  o.solver = s;
  eto_sel_tree t;
  *st = eto_sel_solve(g, &o, &t);
  return t;
}

static char *dump(const eto_sel_graph *g, const eto_sel_tree *t, const char *const *labels, int dot,
                  unsigned flags) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  eto_status st =
      dot ? eto_sel_tree_format_dot(g, t, labels, flags, f) : eto_sel_tree_format_text(g, t, labels, f);
  fclose(f);
  CHECK(st == ETO_OK, "dump status %d", st);
  return buf;
}

int main(void) {
  eto_status st;
  const eto_sel_solver exact[] = {ETO_SEL_AUTO, ETO_SEL_SUBSETS, ETO_SEL_ILP, ETO_SEL_GREEDY};

  /* 1. zero-cost cycle 1 -> 2 -> 3 -> 1; cheapest way in is 0 -> 1 (5) */
  {
    eto_sel_graph *g = mk(3, NULL);
    E(g, 1, 2, 0), E(g, 2, 3, 0), E(g, 3, 1, 0), E(g, 0, 1, 5), E(g, 0, 2, 7), E(g, 0, 3, 6);
    for (int k = 0; k < 2; k++) {
      eto_sel_tree t = solve(g, k ? ETO_SEL_ILP : ETO_SEL_ARBORESCENCE, &st);
      CHECK(st == ETO_OK && t.cost == 5 && t.parent[1] == 0 && t.parent[2] == 1 && t.parent[3] == 2,
            "zero cycle (%s): cost %lld parents %d %d %d", k ? "ilp" : "arb", (long long)t.cost, t.parent[1],
            t.parent[2], t.parent[3]);
      eto_sel_tree_free(&t);
    }
    eto_sel_graph_free(g);
  }

  /* 2. a bridge strictly cheaper: A=1, B=2 required, X=3 optional (their element-wise minimum) */
  {
    int kinds[] = {0, 0, 0, 1};
    eto_sel_graph *g = mk(3, kinds);
    E(g, 0, 1, 100), E(g, 0, 2, 100), E(g, 0, 3, 60), E(g, 3, 1, 10), E(g, 3, 2, 10), E(g, 1, 2, 80),
        E(g, 2, 1, 80);
    for (size_t k = 0; k < sizeof exact / sizeof exact[0]; k++) {
      eto_sel_tree t = solve(g, exact[k], &st);
      CHECK(st == ETO_OK && t.cost == 80 && t.parent[3] == 0 && t.parent[1] == 3 && t.parent[2] == 3,
            "bridge (%s): st %d cost %lld", eto_sel_solver_name(exact[k]), st, (long long)t.cost);
      CHECK(st != ETO_OK || t.bridges == 1, "bridge count %d", t.bridges);
      eto_sel_tree_free(&t);
    }
    eto_sel_tree t = solve(g, ETO_SEL_ARBORESCENCE, &st);
    CHECK(st == ETO_ERR_INVALID && eto_sel_graph_errnode(g) == 3, "arborescence must refuse bridges: %d", st);
    CHECK(t.parent == NULL, "zeroed on failure");
    /* make the bridge dear: it is pruned, not just unused */
    eto_sel_graph *h = mk(3, kinds);
    E(h, 0, 1, 100), E(h, 0, 2, 100), E(h, 0, 3, 175), E(h, 3, 1, 10), E(h, 3, 2, 10), E(h, 1, 2, 80);
    for (size_t k = 0; k < sizeof exact / sizeof exact[0]; k++) {
      t = solve(h, exact[k], &st);
      CHECK(st == ETO_OK && t.cost == 180 && t.parent[3] == ETO_SEL_ABSENT && t.edge[3] == -1,
            "dear bridge (%s): cost %lld parent %d", eto_sel_solver_name(exact[k]), (long long)t.cost,
            t.parent[3]);
      CHECK(!eto_sel_tree_contains(&t, 3) && eto_sel_tree_contains(&t, 2), "contains");
      eto_sel_tree_free(&t);
    }
    eto_sel_graph_free(h);
    eto_sel_graph_free(g);
  }

  /* 2b. Greedy_FLAC's flow rates: three terminals filling a shared bridge's entering arc at rate 3 reach the
   * root through it (t = 1 + 10/3 < 5); with two terminals (t = 1 + 10/2 > 5) the direct arcs saturate first
   */
  for (int three = 0; three < 2; three++) {
    int kinds[] = {0, 1, 0, 0, 0};
    int n = three ? 4 : 3;
    eto_sel_graph *g = mk(n, kinds);
    E(g, 0, 1, 10);
    for (int v = 2; v <= n; v++) E(g, 1, v, 1), E(g, 0, v, 5);
    eto_sel_solve_opts raw = {.solver = ETO_SEL_GREEDY, .improve_evals = -1};
    eto_sel_tree t;
    st = eto_sel_solve(g, &raw, &t);
    int64_t want = three ? 13 : 10;
    CHECK(st == ETO_OK && t.flac_cost == want && t.cost == want && (t.parent[2] == 1) == three,
          "flac rates (%d terminals): union %lld cost %lld parent %d", n - 1, (long long)t.flac_cost,
          (long long)t.cost, t.parent[2]);
    eto_sel_tree_free(&t);
    eto_sel_graph_free(g);
  }

  /* 3. cached operators (optional, zero-cost root edge): used when they help, pruned when they do not */
  {
    int kinds[] = {0, 0, 1, 1, 1};
    eto_sel_graph *g = mk(4, kinds);
    E(g, 0, 1, 500), E(g, 0, 2, 0), E(g, 0, 3, 0), E(g, 2, 1, 40), E(g, 3, 1, 45), E(g, 0, 4, 7),
        E(g, 4, 1, 1);
    for (size_t k = 0; k < sizeof exact / sizeof exact[0]; k++) {
      eto_sel_tree t = solve(g, exact[k], &st);
      CHECK(st == ETO_OK && t.cost == 8 && t.parent[1] == 4 && t.parent[4] == 0 &&
                t.parent[2] == ETO_SEL_ABSENT && t.parent[3] == ETO_SEL_ABSENT,
            "cached (%s): cost %lld", eto_sel_solver_name(exact[k]), (long long)t.cost);
      CHECK(st != ETO_OK || t.bridges == 1, "cached nodes are not bridges: %d", t.bridges);
      eto_sel_tree_free(&t);
    }
    /* with node 4 dear, the cached node 2 is used */
    eto_sel_graph *h = mk(4, kinds);
    E(h, 0, 1, 500), E(h, 0, 2, 0), E(h, 0, 3, 0), E(h, 2, 1, 40), E(h, 3, 1, 45), E(h, 0, 4, 70),
        E(h, 4, 1, 1);
    eto_sel_tree t = solve(h, ETO_SEL_AUTO, &st);
    CHECK(st == ETO_OK && t.cost == 40 && t.parent[1] == 2 && t.parent[2] == 0 &&
              t.parent[3] == ETO_SEL_ABSENT,
          "cached used: cost %lld", (long long)t.cost);
    eto_sel_tree_free(&t);
    /* all optional: the arborescence is exact once cached nodes count as required */
    eto_sel_graph *c = mk(3, kinds);
    E(c, 0, 1, 500), E(c, 0, 2, 0), E(c, 0, 3, 0), E(c, 2, 1, 40), E(c, 3, 1, 45);
    t = solve(c, ETO_SEL_ARBORESCENCE, &st);
    CHECK(st == ETO_OK && t.cost == 40 && t.bridges == 0 && t.parent[3] == ETO_SEL_ABSENT,
          "cached arb: %d %lld", st, (long long)t.cost);
    eto_sel_tree_free(&t);
    eto_sel_graph_free(c);
    eto_sel_graph_free(h);
    eto_sel_graph_free(g);
  }

  /* 4. unreachable required node: named in the message and errnode */
  {
    int kinds[] = {0, 0, 0, 1};
    eto_sel_graph *g = mk(3, kinds);
    E(g, 0, 1, 3), E(g, 3, 2, 1), E(g, 1, 3, 1), E(g, 2, 3, 1);
    eto_sel_tree t = solve(g, ETO_SEL_AUTO, &st);
    CHECK(st == ETO_OK && t.cost == 5, "reachable through a bridge: %d %lld", st, (long long)t.cost);
    eto_sel_tree_free(&t);
    eto_sel_graph *h = mk(3, kinds);
    E(h, 0, 1, 3), E(h, 3, 2, 1), E(h, 2, 3, 1);
    for (int s = 0; s < ETO_SEL_SOLVER_COUNT; s++) {
      t = solve(h, (eto_sel_solver)s, &st);
      CHECK(st == ETO_ERR_INVALID && eto_sel_graph_errnode(h) == 2 &&
                strstr(eto_sel_graph_errmsg(h), "node 2"),
            "unreachable (%s): st %d node %d msg '%s'", eto_sel_solver_name((eto_sel_solver)s), st,
            eto_sel_graph_errnode(h), eto_sel_graph_errmsg(h));
    }
    eto_sel_graph_free(h);
    eto_sel_graph_free(g);
  }

  /* 5. bad arguments */
  {
    eto_sel_graph *g = mk(2, NULL);
    CHECK(eto_sel_graph_add_edge(g, 1, 0, 1, NULL) == ETO_ERR_INVALID &&
              strstr(eto_sel_graph_errmsg(g), "root"),
          "edge into root");
    CHECK(eto_sel_graph_add_edge(g, 1, 1, 1, NULL) == ETO_ERR_INVALID, "self-loop");
    CHECK(eto_sel_graph_add_edge(g, 0, 1, -1, NULL) == ETO_ERR_INVALID, "negative cost");
    CHECK(eto_sel_graph_add_edge(g, 0, 1, ETO_SEL_COST_MAX + 1, NULL) == ETO_ERR_INVALID, "huge cost");
    CHECK(eto_sel_graph_add_edge(g, 0, 3, 1, NULL) == ETO_ERR_INVALID, "unknown node");
    CHECK(eto_sel_graph_add_edge(g, -1, 1, 1, NULL) == ETO_ERR_INVALID, "negative node");
    CHECK(eto_sel_graph_add_node(g, (eto_sel_node_kind)7, NULL) == ETO_ERR_INVALID, "bad kind");
    CHECK(eto_sel_graph_edges(g) == 0 && eto_sel_graph_nodes(g) == 2, "nothing added");
    int id = -1;
    CHECK(eto_sel_graph_add_edge(g, 0, 1, ETO_SEL_COST_MAX, &id) == ETO_OK && id == 0, "max cost ok");
    CHECK(eto_sel_graph_errmsg(g)[0] == 0 && eto_sel_graph_errnode(g) == -1, "success clears the error");
    eto_sel_solve_opts o;
    memset(&o, 0, sizeof o);
    o.solver = (eto_sel_solver)42;
    eto_sel_tree t;
    CHECK(eto_sel_solve(g, &o, &t) == ETO_ERR_INVALID, "bad solver");
    memset(&o, 0, sizeof o);
    o.subsets_max = 31;
    CHECK(eto_sel_solve(g, &o, &t) == ETO_ERR_INVALID, "bad subsets_max");
    CHECK(eto_sel_solve(g, NULL, NULL) == ETO_ERR_INVALID, "no output");
    CHECK(eto_sel_solve(NULL, NULL, &t) == ETO_ERR_INVALID, "no graph");
    eto_sel_graph_free(g);
    eto_sel_graph_free(NULL);
    eto_sel_tree_free(NULL);
    eto_sel_tree_free(&t);
    eto_sel_tree_free(&t);
    CHECK(eto_sel_graph_create(NULL) == ETO_ERR_INVALID, "create(NULL)");
    CHECK(strcmp(eto_sel_graph_errmsg(NULL), "") == 0 && eto_sel_graph_errnode(NULL) == -1,
          "NULL graph queries");
    for (int s = 0; s < ETO_SEL_SOLVER_COUNT; s++) {
      eto_sel_solver back;
      CHECK(eto_sel_solver_from_name(eto_sel_solver_name((eto_sel_solver)s), &back) == 0 && (int)back == s,
            "name %d", s);
    }
    eto_sel_solver dummy;
    CHECK(eto_sel_solver_from_name("fast", &dummy) == -1 && eto_sel_solver_name(ETO_SEL_SOLVER_COUNT) == NULL,
          "unknown names");
  }

  /* 6. trivial graphs */
  {
    eto_sel_graph *g = mk(0, NULL);
    eto_sel_tree t = solve(g, ETO_SEL_AUTO, &st);
    CHECK(st == ETO_OK && t.n == 0 && t.cost == 0 && t.optimal && t.parent[0] == -1, "root only");
    int order[1];
    CHECK(eto_sel_tree_order(&t, order) == 0, "empty order");
    eto_sel_tree_free(&t);
    eto_sel_graph_free(g);
    int kinds[] = {0, 1, 1};
    g = mk(2, kinds);
    E(g, 0, 1, 4), E(g, 1, 2, 4);
    for (int s = 0; s < ETO_SEL_SOLVER_COUNT; s++) {
      t = solve(g, (eto_sel_solver)s, &st);
      CHECK(st == ETO_OK && t.cost == 0 && t.parent[1] == ETO_SEL_ABSENT && t.parent[2] == ETO_SEL_ABSENT,
            "only optional nodes (%s): %d", eto_sel_solver_name((eto_sel_solver)s), st);
      eto_sel_tree_free(&t);
    }
    eto_sel_graph_free(g);
  }

  /* 7. parallel edges: the cheaper wins; on a tie the earlier edge */
  {
    eto_sel_graph *g = mk(2, NULL);
    E(g, 0, 1, 9), E(g, 0, 1, 4), E(g, 0, 1, 4), E(g, 1, 2, 3), E(g, 0, 2, 3);
    eto_sel_tree t = solve(g, ETO_SEL_ARBORESCENCE, &st);
    CHECK(st == ETO_OK && t.edge[1] == 1 && t.edge[2] == 3 && t.cost == 7, "parallel: edges %d %d", t.edge[1],
          t.edge[2]);
    eto_sel_tree_free(&t);
    t = solve(g, ETO_SEL_ILP, &st);
    CHECK(st == ETO_OK && t.edge[1] == 1 && t.cost == 7, "parallel ilp: edge %d cost %lld", t.edge[1],
          (long long)t.cost);
    eto_sel_tree_free(&t);
    eto_sel_graph_free(g);
  }

  /* 8. subsets limit, and AUTO falling back to greedy + ILP */
  {
    eto_sel_graph *g = mk(1, NULL);
    for (int i = 0; i < 17; i++) {
      int id;
      eto_sel_graph_add_node(g, ETO_SEL_OPTIONAL, &id);
      E(g, 0, id, 1 + i % 3);
      E(g, id, 1, 1 + i % 5);
      if (i) E(g, id - 1, id, 2);
    }
    E(g, 0, 1, 1000);
    eto_sel_tree t = solve(g, ETO_SEL_SUBSETS, &st);
    CHECK(st == ETO_ERR_LIMIT && strstr(eto_sel_graph_errmsg(g), "17"), "subsets limit: %d '%s'", st,
          eto_sel_graph_errmsg(g));
    t = solve(g, ETO_SEL_AUTO, &st);
    CHECK(st == ETO_OK && t.cost == 2 && t.bridges == 17 && t.optimal, "auto 17 bridges: %d %lld", st,
          (long long)t.cost);
    CHECK(t.greedy_cost == 2 && t.ilp == ETO_SEL_ILP_OPTIMAL && t.solver == ETO_SEL_GREEDY,
          "greedy found it, ilp proved it: greedy %lld ilp %d solver %d", (long long)t.greedy_cost, t.ilp,
          t.solver);
    eto_sel_tree_free(&t);
    eto_sel_solve_opts o;
    memset(&o, 0, sizeof o);
    o.subsets_max = 17;
    o.solver = ETO_SEL_SUBSETS;
    CHECK(eto_sel_solve(g, &o, &t) == ETO_OK && t.cost == 2 && t.solver == ETO_SEL_SUBSETS,
          "subsets with 17");
    eto_sel_tree_free(&t);
    eto_sel_graph_free(g);
  }

  /* 9. plan order and dumps */
  {
    int kinds[] = {0, 0, 0, 0, 1, 0, 1};
    eto_sel_graph *g = mk(6, kinds);
    E(g, 0, 4, 50), E(g, 4, 3, 5), E(g, 4, 1, 5), E(g, 1, 2, 7), E(g, 0, 5, 60), E(g, 0, 1, 90),
        E(g, 0, 2, 90), E(g, 0, 3, 90), E(g, 0, 6, 1), E(g, 6, 2, 200);
    eto_sel_tree t = solve(g, ETO_SEL_AUTO, &st);
    CHECK(st == ETO_OK && t.cost == 127, "order graph cost %lld", (long long)t.cost);
    int order[6], want[] = {4, 5, 1, 3, 2};
    int k = eto_sel_tree_order(&t, order);
    CHECK(k == 5 && memcmp(order, want, sizeof want) == 0, "order: %d: %d %d %d %d %d", k, order[0], order[1],
          order[2], order[3], order[4]);
    const char *labels[] = {NULL, "conv \"a\"", "b", "c", "bridge(a,c)", "e", "cached"};
    char *txt = dump(g, &t, labels, 0, 0);
    CHECK(strstr(txt, "  bridge(a,c)  [optional, full search, cost 50, edge 0]\n") != NULL, "text: %s", txt);
    CHECK(strstr(txt, "      b  [reuse, cost 7, edge 3]\n") != NULL, "text nesting: %s", txt);
    CHECK(strstr(txt, "total cost 127") != NULL && strstr(txt, "optimal") != NULL && !strstr(txt, "cached"),
          "text summary: %s", txt);
    free(txt);
    char *dot = dump(g, &t, labels, 1, 0);
    CHECK(strstr(dot, "digraph plan {") && strstr(dot, "n1 [label=\"conv \\\"a\\\"\"]") &&
              strstr(dot, "n0 -> n4 [label=\"50\"]") && !strstr(dot, "n0 -> n1 ") &&
              strstr(dot, "n6 [label=\"cached\", style=dashed, color=grey") && dot[strlen(dot) - 2] == '}',
          "dot: %s", dot);
    free(dot);
    dot = dump(g, &t, NULL, 1, ETO_SEL_DOT_ALL_EDGES);
    CHECK(strstr(dot, "n0 -> n1 [label=\"90\", style=dashed") && strstr(dot, "n1 [label=\"#1\"]") &&
              strstr(dot, "n0 [label=\"root\", shape=box]"),
          "dot all edges: %s", dot);
    free(dot);
    dot = dump(g, NULL, NULL, 1, 0);
    CHECK(strstr(dot, "n0 -> n1 [label=\"90\"]") != NULL, "dot graph only: %s", dot);
    free(dot);
    /* a tree of another graph is refused */
    eto_sel_graph *h = mk(6, kinds);
    FILE *f = fopen("/dev/null", "w");
    CHECK(eto_sel_tree_format_text(h, &t, NULL, f) == ETO_ERR_INVALID, "foreign tree");
    fclose(f);
    eto_sel_graph_free(h);
    eto_sel_tree_free(&t);
    eto_sel_graph_free(g);
  }

  /* 10. ILP time limit: a valid tree comes back either way */
  {
    uint64_t seed = 77;
    og_graph *og = malloc(sizeof *og);
    og_random(&seed, 60, 40, 15, 30, 100, og);
    for (int e = 0; e < og->m; e++)
      if (og->from[e] == 0) og->cost[e] += 300;
    for (int v = 1; v <= og->n; v++) /* keep every required node reachable */
      if (!og->optional[v]) og->from[og->m] = 0, og->to[og->m] = v, og->cost[og->m++] = 2000;
    eto_sel_graph *g = og_build(og);
    eto_sel_solve_opts o;
    memset(&o, 0, sizeof o);
    o.solver = ETO_SEL_ILP;
    o.ilp_time_limit = 0.001;
    eto_sel_tree t;
    st = eto_sel_solve(g, &o, &t);
    CHECK(st == ETO_OK && og_valid_tree(g, &t, "ilp-1ms") && t.ilp != ETO_SEL_ILP_NOT_RUN, "ilp 1 ms: %d %s",
          st, eto_sel_graph_errmsg(g));
    CHECK(st != ETO_OK || t.cost <= t.greedy_cost, "ilp never worse than its seed");
    CHECK(st != ETO_OK || t.ilp == ETO_SEL_ILP_OPTIMAL ||
              (t.bound <= t.cost && (t.optimal || t.gap > 0 || t.bound < 0)),
          "bound/gap consistent: bound %lld gap %g", (long long)t.bound, t.gap);
    printf("ILP with 1 ms: status %d cost %lld bound %lld greedy %lld (%.3f s)\n", t.ilp, (long long)t.cost,
           (long long)t.bound, (long long)t.greedy_cost, t.ilp_seconds);
    eto_sel_tree_free(&t);
    eto_sel_graph_free(g);
    free(og);
  }
  return check_result();
}
