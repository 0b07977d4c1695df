/* test_sel_bridges — bridges never make a plan dearer (docs/architecture.md §8): on one list, the plan with
 * 1-hop bridges costs at most the plan with --bridges none, for every solver (greedy, ilp, subsets where the
 * bridges are few enough, auto) and several max_sources. Oracle: the plan without bridges is an exact minimum
 * arborescence, and the bridged graph must hold it (tree.base_cost equals its cost).
 *  1. seeded random small lists of matmul / batch_matmul;
 *  2. a dynamic-shape family at reduced size (a small BERT-like layer, lengths 1..64), as in
 *     examples/bert_base_dynamic.list;
 *  3. the printed proof: when a solver stops short of optimal, the tree dump, the plan's text and its JSON
 *     give the lower bound and the gap;
 *  4. argv[1] (the examples directory): examples/bert_base_dynamic.list planned both ways, costs printed.
 * Nothing is measured. */
#define _GNU_SOURCE /* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "selector.h"
#include "tuner.h"

/* Appends op to ops[*n] unless an operator with its workload key is there (lists merge equal keys). */
static void add_op(eto_op *ops, int *n, const eto_op *op) {
  char key[512], other[512];
  eto_op_key(op, key, sizeof key);
  for (int i = 0; i < *n; i++) {
    eto_op_key(&ops[i], other, sizeof other);
    if (strcmp(key, other) == 0) return;
  }
  if (eto_op_check(op, NULL, 0) == ETO_OK) ops[(*n)++] = *op;
}

static eto_op mm(int b, int m, int n, int k) {
  eto_op op;
  eto_op_init(&op, b ? ETO_OP_BATCH_MATMUL : ETO_OP_MATMUL);
  op.v[ETO_KEY_M] = m, op.v[ETO_KEY_N] = n, op.v[ETO_KEY_K] = k;
  if (b) op.v[ETO_KEY_B] = b;
  return op;
}

/* The plan of ops, or NULL when the solver refuses it (SUBSETS with too many bridges: *limited = 1). */
static eto_sel_plan *plan(const eto_op *ops, int n, const eto_target *t, eto_sel_bridges bridges, eto_sel_solver s,
                          int max_sources, double reuse_extra, int *limited) {
  eto_sel_plan_opts o;
  memset(&o, 0, sizeof o);
  o.bridges = bridges;
  o.solve.solver = s;
  o.solve.ilp_time_limit = 1.0; /* the guarantee must hold when the ILP stops at its limit too */
  o.max_sources = max_sources;
  o.reuse_extra = reuse_extra;
  eto_sel_plan *p = NULL;
  char msg[512];
  eto_status st = eto_sel_plan_build(ops, n, t, NULL, &o, &p, msg, sizeof msg);
  if (limited) *limited = st == ETO_ERR_LIMIT;
  CHECK(st == ETO_OK || st == ETO_ERR_LIMIT, "plan (%s, %d sources): %s", eto_sel_solver_name(s), max_sources, msg);
  return st == ETO_OK ? p : NULL;
}

static const eto_sel_solver solvers[] = {ETO_SEL_AUTO, ETO_SEL_GREEDY, ETO_SEL_ILP, ETO_SEL_SUBSETS};

/* For every solver and max_sources in {1, 3, 8}: cost(1-hop) <= cost(none), and the bridged tree's base_cost is
 * the bridge-free optimum. Returns how many bridged plans were strictly cheaper. */
static int compare(const char *name, const eto_op *ops, int n, const eto_target *t) {
  static const int sources[] = {1, 3, 8};
  int cheaper = 0;
  for (size_t k = 0; k < sizeof sources / sizeof sources[0]; k++) {
    eto_sel_plan *none = plan(ops, n, t, ETO_BRIDGES_NONE, ETO_SEL_AUTO, sources[k], 0, NULL);
    if (!none) continue;
    CHECK(none->tree.optimal && none->tree.bridges == 0, "%s: the plan without bridges is an exact arborescence",
          name);
    /* every node has at most max_sources list sources (no bridges here) */
    for (int v = 1; v <= none->n; v++) {
      int in = 0;
      for (int e = 0; e < eto_sel_graph_edges(none->graph); e++) {
        int from, to;
        eto_sel_graph_edge(none->graph, e, &from, &to, NULL);
        in += to == v && from != 0;
      }
      CHECK(in <= sources[k], "%s: node %d has %d reuse sources, max_sources %d", name, v, in, sources[k]);
    }
    for (size_t s = 0; s < sizeof solvers / sizeof solvers[0]; s++) {
      int limited = 0;
      eto_sel_plan *br = plan(ops, n, t, ETO_BRIDGES_1HOP, solvers[s], sources[k], 0, &limited);
      if (!br) {
        CHECK(limited && solvers[s] == ETO_SEL_SUBSETS, "%s: only SUBSETS may refuse", name);
        continue;
      }
      CHECK(br->est_total <= none->est_total, "%s, %s, max_sources %d: bridged plan %.0f above the plan without bridges %.0f",
            name, eto_sel_solver_name(solvers[s]), sources[k], br->est_total, none->est_total);
      CHECK(br->tree.base_cost == (int64_t)none->est_total,
            "%s, %s, max_sources %d: the bridged graph's bridge-free optimum %lld is not the plan without bridges %.0f",
            name, eto_sel_solver_name(solvers[s]), sources[k], (long long)br->tree.base_cost, none->est_total);
      CHECK(br->tree.bound <= br->tree.cost && br->tree.bound >= 0, "%s, %s: bound %lld, cost %lld", name,
            eto_sel_solver_name(solvers[s]), (long long)br->tree.bound, (long long)br->tree.cost);
      cheaper += br->est_total < none->est_total;
      eto_sel_plan_free(br);
    }
    eto_sel_plan_free(none);
  }
  return cheaper;
}

static void test_random(const eto_target *t) {
  int cheaper = 0, lists = 0;
  for (unsigned seed = 1; seed <= 12; seed++) {
    srand(seed);
    eto_op ops[16];
    int n = 0, want = 4 + rand() % 9;
    while (n < want) {
      int b = rand() % 3 == 0 ? 2 : 0;
      eto_op op = mm(b, 1 + rand() % 48, 1 + rand() % 48, 8 << (rand() % 3));
      add_op(ops, &n, &op);
    }
    char name[32];
    snprintf(name, sizeof name, "random list %u", seed);
    cheaper += compare(name, ops, n, t);
    lists++;
  }
  printf("random lists: %d lists x 3 max_sources x %d solvers, never dearer with bridges; %d plans cheaper\n", lists,
         (int)(sizeof solvers / sizeof solvers[0]), cheaper);
}

/* A BERT-like layer (hidden 64, 4 heads of 16, FFN 256) at every length 1..64: five operators per length. */
static int small_family(eto_op *ops) {
  int n = 0;
  for (int s = 1; s <= 64; s++) {
    eto_op f[5] = {mm(0, s, 64, 64), mm(0, s, 256, 64), mm(0, s, 64, 256), mm(4, s, s, 16), mm(4, s, 16, s)};
    for (int i = 0; i < 5; i++) add_op(ops, &n, &f[i]);
  }
  return n;
}

static void test_family(const eto_target *t) {
  eto_op *ops = calloc(5 * 64, sizeof *ops);
  int n = small_family(ops);
  int cheaper = compare("family 1..64", ops, n, t);
  printf("dynamic family 1..64: %d operators, never dearer with bridges; %d plans cheaper\n", n, cheaper);
  free(ops);
}

static char *capture_plan(const eto_sel_plan *p, int json) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) return NULL;
  if (json)
    eto_sel_plan_print_json(p, f);
  else
    eto_sel_plan_print_text(p, f);
  fclose(f);
  return buf;
}

static void test_printed_bound(const eto_target *t) {
  /* the tree dump: root -> 1, 2 cost 10, 1 <-> 2 cost 1, the bridge 3 (root -> 3 cost 5, 3 -> 1, 2 cost 1).
   * GREEDY finds the optimum 7 (5 + 1 + 1) but proves only the degree bound 1 + 1 = 2: gap 5/7 = 71.43% */
  eto_sel_graph *g = NULL;
  CHECK(eto_sel_graph_create(&g) == ETO_OK, "create");
  eto_sel_graph_add_node(g, ETO_SEL_REQUIRED, NULL);
  eto_sel_graph_add_node(g, ETO_SEL_REQUIRED, NULL);
  eto_sel_graph_add_node(g, ETO_SEL_OPTIONAL, NULL);
  const int e[][3] = {{0, 1, 10}, {0, 2, 10}, {1, 2, 1}, {2, 1, 1}, {0, 3, 5}, {3, 1, 1}, {3, 2, 1}};
  for (size_t i = 0; i < sizeof e / sizeof e[0]; i++) eto_sel_graph_add_edge(g, e[i][0], e[i][1], e[i][2], NULL);
  eto_sel_solve_opts o = {.solver = ETO_SEL_GREEDY};
  eto_sel_tree tr;
  CHECK(eto_sel_solve(g, &o, &tr) == ETO_OK, "greedy: %s", eto_sel_graph_errmsg(g));
  CHECK(tr.cost == 7 && !tr.optimal && tr.bound == 2 && tr.base_cost == 11, "greedy: cost %lld bound %lld base %lld",
        (long long)tr.cost, (long long)tr.bound, (long long)tr.base_cost);
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  CHECK(eto_sel_tree_format_text(g, &tr, NULL, f) == ETO_OK, "format_text");
  fclose(f);
  CHECK(buf && strstr(buf, "total cost 7, ") && strstr(buf, "lower bound 2 (gap 71.43%)"), "tree dump: %s", buf);
  free(buf);
  eto_sel_tree_free(&tr);
  o.solver = ETO_SEL_ILP; /* proves the optimum: no bound printed, "optimal" instead */
  CHECK(eto_sel_solve(g, &o, &tr) == ETO_OK && tr.optimal && tr.bound == 7, "ilp: bound %lld", (long long)tr.bound);
  buf = NULL;
  f = open_memstream(&buf, &len);
  eto_sel_tree_format_text(g, &tr, NULL, f);
  fclose(f);
  CHECK(buf && strstr(buf, ", optimal") && !strstr(buf, "lower bound"), "ilp dump: %s", buf);
  free(buf);
  eto_sel_tree_free(&tr);
  eto_sel_graph_free(g);

  /* a plan: GREEDY on the small family stops short of a proof (its bound leaves out the full searches) */
  eto_op *ops = calloc(5 * 64, sizeof *ops);
  int n = small_family(ops);
  eto_sel_plan *p = plan(ops, n, t, ETO_BRIDGES_1HOP, ETO_SEL_GREEDY, 0, 0, NULL);
  if (p) {
    CHECK(!p->tree.optimal && p->tree.bound >= 0 && p->tree.gap > 0, "greedy plan: optimal %d bound %lld",
          p->tree.optimal, (long long)p->tree.bound);
    char want[128], *text = capture_plan(p, 0), *json = capture_plan(p, 1);
    snprintf(want, sizeof want, "solver greedy (not proven optimal: lower bound %lld, gap %.2f%%)",
             (long long)p->tree.bound, 100.0 * p->tree.gap);
    CHECK(text && strstr(text, want), "plan text lacks '%s'", want);
    snprintf(want, sizeof want, "without bridges: %lld estimated trials", (long long)p->tree.base_cost);
    CHECK(text && strstr(text, want), "plan text lacks '%s'", want);
    snprintf(want, sizeof want, "\"lower_bound\":\t%lld,", (long long)p->tree.bound);
    CHECK(json && strstr(json, want) && strstr(json, "\"gap\":\t0.") && strstr(json, "\"optimal\":\tfalse"),
          "plan JSON lacks the bound and gap (%s)", want);
    printf("greedy plan of the family: cost %lld, lower bound %lld, gap %.2f%%: printed in text and JSON\n",
           (long long)p->tree.cost, (long long)p->tree.bound, 100.0 * p->tree.gap);
    free(text);
    free(json);
  }
  eto_sel_plan_free(p);
  /* an exact plan: the bound is the cost, the gap 0 */
  p = plan(ops, n, t, ETO_BRIDGES_NONE, ETO_SEL_AUTO, 0, 0, NULL);
  if (p) {
    char want[128], *json = capture_plan(p, 1), *text = capture_plan(p, 0);
    snprintf(want, sizeof want, "\"lower_bound\":\t%.0f,", p->est_total);
    CHECK(json && strstr(json, want) && strstr(json, "\"gap\":\t0,"), "exact plan JSON lacks '%s'", want);
    CHECK(text && strstr(text, "solver arborescence (optimal)"), "exact plan text");
    free(json);
    free(text);
  }
  eto_sel_plan_free(p);
  free(ops);
}

/* The shipped list: 2559 operators; prints both costs with the default reuse policy's extra trials and with ETO's
 * rounds alone (0 extra: 35,745 trials without bridges when this test was written). */
static void test_shipped(const eto_target *t, const char *dir) {
  char path[1024], msg[4096];
  snprintf(path, sizeof path, "%s/bert_base_dynamic.list", dir);
  eto_oplist *l = NULL;
  if (eto_oplist_load(path, &l, msg, sizeof msg) != ETO_OK) {
    CHECK(0, "%s: %s", path, msg);
    return;
  }
  int n = eto_oplist_count(l);
  eto_op *ops = calloc((size_t)n, sizeof *ops);
  for (int i = 0; i < n; i++) ops[i] = *eto_oplist_get(l, i);
  CHECK(n == 2559, "%s: %d operators, wanted 2559 (5 per length, the two attention products merged at 64)", path, n);
  const double extras[] = {0, ETO_TUNER_SEEDED_EXTRA_TRIALS};
  for (int x = 0; x < 2; x++) {
    double t0 = eto_now();
    eto_sel_plan *none = plan(ops, n, t, ETO_BRIDGES_NONE, ETO_SEL_AUTO, 0, extras[x], NULL);
    double t1 = eto_now();
    eto_sel_plan *br = plan(ops, n, t, ETO_BRIDGES_1HOP, ETO_SEL_AUTO, 0, extras[x], NULL);
    double t2 = eto_now();
    if (none && br) {
      CHECK(br->est_total <= none->est_total, "bert_base_dynamic (extra %g): bridged %.0f above none %.0f", extras[x],
            br->est_total, none->est_total);
      printf("bert_base_dynamic.list, %g extra trials per reuse edge: --bridges none %.0f (%s, %.1f s), 1hop %.0f "
             "(%s, %d candidate bridges, %.1f s; lower bound %lld)\n",
             extras[x], none->est_total, eto_sel_solver_name(none->tree.solver), t1 - t0, br->est_total,
             eto_sel_solver_name(br->tree.solver), br->tree.bridges, t2 - t1, (long long)br->tree.bound);
    }
    eto_sel_plan_free(none);
    eto_sel_plan_free(br);
  }
  free(ops);
  eto_oplist_free(l);
}

int main(int argc, char **argv) {
  eto_target t;
  eto_target_cpu(2, &t);
  test_random(&t);
  test_family(&t);
  test_printed_bound(&t);
  if (argc > 1) test_shipped(&t, argv[1]);
  else CHECK(0, "usage: test_sel_bridges EXAMPLES_DIR");
  return check_result();
}
