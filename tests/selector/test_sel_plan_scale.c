/* test_sel_plan_scale.c — eto_sel_plan_build on lists of dynamic shapes (#23: 16,384 operators took 37.6 s,
 * the reuse-source search and the bridge search testing every pair of nodes).
 *  1. oracle: on seeded random lists of a few hundred operators, the reuse edges into every node are exactly
 *     those the all-pairs definition gives (its max_sources closest dominating list or cached nodes of one
 *     reuse kind and signature by |Δ log volume|, ties by index, and apart from those its max_sources closest
 *     such bridges, each kept when the estimator gives fewer trials than a full search), and the bridges are
 *     exactly the all-pairs bridges;
 *  2. time: 16,384 matmul operators (m, n = 1..128) plan within a bound (default 10 s of CPU time, for CI on
 *     2 shared cores; ETO_PLAN_SCALE_BOUND overrides), and 4x the operators cost at most 8x the time of 4,096
 *     (the all-pairs search cost 16x). The measured figures are printed. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "sched.h"
#include "selector.h"
#include "tuner.h"

static double cpu_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double wall_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double log_volume(const eto_op *op) {
  eto_loop_nest n;
  eto_op_loop_nest(op, &n);
  double v = 0;
  for (int d = 0; d < n.nspace; d++) v += log((double)n.space[d].extent);
  for (int d = 0; d < n.nreduce; d++) v += log((double)n.reduce[d].extent);
  return v;
}

typedef struct {
  int node;
  double dist;
} cand;

static int cmp_cand(const void *x, const void *y) {
  const cand *a = x, *b = y;
  if (a->dist != b->dist) return a->dist < b->dist ? -1 : 1;
  return a->node - b->node;
}

/* A random list: matmul and batch_matmul of small extents, so that many are reuse pairs and bridges. */
static int random_list(unsigned seed, eto_op *ops, int cap) {
  srand(seed);
  int n = 0;
  char seen[64][64][4] = {{{0}}};
  while (n < cap) {
    eto_op op;
    int bmm = rand() % 3 == 0;
    eto_op_init(&op, bmm ? ETO_OP_BATCH_MATMUL : ETO_OP_MATMUL);
    int m = 1 + rand() % 64, nn = 1 + rand() % 64, k = 1 << (rand() % 4);
    if (seen[m - 1][nn - 1][rand() % 4]++) continue;
    op.v[ETO_KEY_M] = m, op.v[ETO_KEY_N] = nn, op.v[ETO_KEY_K] = 8 * k;
    if (bmm) op.v[ETO_KEY_B] = 2;
    if (eto_op_check(&op, NULL, 0) != ETO_OK) continue;
    ops[n++] = op;
  }
  return n;
}

/* The all-pairs definition of b's reuse sources of one class (bridges: 1, list or cached nodes: 0): its ms closest
 * nodes of that class forming a reuse pair with it, by |Δ log volume| then index; want[a] = the estimated trials
 * of each kept as an edge (fewer than a full search's 1000). c has room for p->n candidates. */
static void want_sources(const eto_sel_plan *p, const eto_target *t, int b, int bridges, int ms, cand *c,
                         int64_t *want) {
  int nc = 0;
  double vb = log_volume(&p->node[b].op);
  for (int a = 0; a < p->n && !p->node[b].cached; a++)
    if (a != b && (p->node[a].origin == ETO_PLAN_BRIDGE) == bridges &&
        eto_sel_reuse_pair(&p->node[a].op, &p->node[b].op, t))
      c[nc++] = (cand){a, fabs(log_volume(&p->node[a].op) - vb)};
  qsort(c, (size_t)nc, sizeof *c, cmp_cand);
  if (nc > ms) nc = ms;
  for (int k = 0; k < nc; k++) {
    double est;
    if (eto_tuner_estimate(&p->node[b].op, &p->node[c[k].node].op, t, 1, &est) != ETO_OK) continue;
    int64_t cost = (int64_t)(est + 0.5);
    if (cost < 1) cost = 1;
    if (cost < 1000) want[c[k].node] = cost;
  }
}

static void oracle(unsigned seed, int nops, eto_sel_bridges bridges) {
  eto_op *ops = calloc((size_t)nops, sizeof *ops);
  nops = random_list(seed, ops, nops);
  eto_target t;
  eto_target_cpu(1, &t);
  eto_sel_plan_opts o = {.bridges = bridges};
  eto_sel_plan *p = NULL;
  char msg[256];
  CHECK(eto_sel_plan_build(ops, nops, &t, NULL, &o, &p, msg, sizeof msg) == ETO_OK, "build: %s", msg);
  if (!p) {
    free(ops);
    return;
  }
  /* bridges: every pair of list operators (the groups here are far below the window's threshold) */
  int nbridges = 0;
  for (int a = 0; a < nops; a++)
    for (int b = a + 1; b < nops; b++) {
      eto_op br;
      if (bridges == ETO_BRIDGES_NONE || !eto_sel_bridge(&ops[a], &ops[b], &t, &br)) continue;
      char key[512];
      eto_op_key(&br, key, sizeof key);
      int found = 0;
      for (int i = 0; i < p->n; i++) found |= strcmp(p->node[i].key, key) == 0;
      CHECK(found, "seed %u: bridge %s of %d and %d missing", seed, key, a + 1, b + 1);
    }
  for (int i = nops; i < p->n; i++) nbridges += p->node[i].origin == ETO_PLAN_BRIDGE;
  /* reuse edges into every node: the all-pairs definition, for each class of sources (list or cached nodes;
   * bridges) its ms closest */
  int n = p->n, ms = 8, edges = 0;
  cand *c = calloc((size_t)n, sizeof *c);
  int64_t *want = calloc((size_t)n, sizeof *want);
  for (int b = 0; b < n; b++) {
    for (int a = 0; a < n; a++) want[a] = -1;
    want_sources(p, &t, b, 0, ms, c, want); /* list and cached nodes */
    want_sources(p, &t, b, 1, ms, c, want); /* bridges, in slots of their own */
    int m = eto_sel_graph_edges(p->graph), got = 0;
    for (int e = 0; e < m; e++) {
      int from, to;
      int64_t cost;
      eto_sel_graph_edge(p->graph, e, &from, &to, &cost);
      if (to != b + 1 || from == 0) continue;
      got++;
      CHECK(want[from - 1] == cost, "seed %u: edge %d -> %d costs %lld, the all-pairs search says %lld", seed, from,
            b + 1, (long long)cost, (long long)want[from - 1]);
    }
    int wanted = 0;
    for (int a = 0; a < n; a++) wanted += want[a] >= 0;
    CHECK(got == wanted, "seed %u: node %d has %d reuse edges, the all-pairs search %d", seed, b + 1, got, wanted);
    edges += got;
  }
  printf("oracle seed %u: %d operators, %d bridges, %d reuse edges: as the all-pairs search\n", seed, nops,
         nbridges, edges);
  free(c);
  free(want);
  eto_sel_plan_free(p);
  free(ops);
}

/* side x side matmul operators m, n = 1..side, k = 64; returns the CPU seconds of the plan (wall in *wall). */
static double time_grid(int side, double *wall) {
  int n = side * side;
  eto_op *ops = calloc((size_t)n, sizeof *ops);
  for (int i = 0; i < n; i++) {
    eto_op_init(&ops[i], ETO_OP_MATMUL);
    ops[i].v[ETO_KEY_M] = i / side + 1, ops[i].v[ETO_KEY_N] = i % side + 1, ops[i].v[ETO_KEY_K] = 64;
  }
  eto_target t;
  eto_target_cpu(0, &t);
  eto_sel_plan *p = NULL;
  char msg[256];
  double c0 = cpu_seconds(), w0 = wall_seconds();
  eto_status st = eto_sel_plan_build(ops, n, &t, NULL, NULL, &p, msg, sizeof msg);
  double cpu = cpu_seconds() - c0;
  *wall = wall_seconds() - w0;
  CHECK(st == ETO_OK, "plan of %d operators: %s", n, msg);
  if (p) {
    CHECK(p->nops == n && p->norder >= n, "plan of %d operators covers %d", n, p->norder);
    printf("plan of %d operators: %d nodes, %d reuse edges, %.2f s CPU, %.2f s wall (build %.2f s, solve %.2f s)\n",
           n, p->n, p->pairs, cpu, *wall, p->build_seconds, p->tree.seconds);
  }
  eto_sel_plan_free(p);
  free(ops);
  return cpu;
}

int main(void) {
  oracle(1, 60, ETO_BRIDGES_1HOP);
  oracle(2, 200, ETO_BRIDGES_NONE);
  oracle(3, 50, ETO_BRIDGES_ALL);
  const char *env = getenv("ETO_PLAN_SCALE_BOUND");
  double bound = env ? atof(env) : 10.0, w4, w16;
  double c4 = time_grid(64, &w4), c16 = time_grid(128, &w16);
  CHECK(c16 <= bound, "16384 operators planned in %.2f s of CPU time, above the bound %.1f s", c16, bound);
  CHECK(c16 <= 8 * c4 + 0.5, "4x the operators took %.1fx the time (%.2f s vs %.2f s): not near-linear", c16 / c4,
        c16, c4);
  return check_result();
}
