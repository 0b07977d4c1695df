/* oracle.h — independent references for the selector tests: a plain O(VE) Chu–Liu/Edmonds, brute-force
 * arborescence and Steiner tree search, a tree validator and comparison, and a seeded random graph generator.
 * None of this uses the selector's internals; graphs are plain edge lists. */
#ifndef ETO_TESTS_SEL_ORACLE_H
#define ETO_TESTS_SEL_ORACLE_H

#include <stdint.h>

#include "selector.h"

#define OG_MAX_NODES 256
#define OG_MAX_EDGES 8192

typedef struct { /* large: allocate on the heap */
  int n;         /* nodes 0..n, 0 the root */
  int m;
  int from[OG_MAX_EDGES], to[OG_MAX_EDGES];
  int64_t cost[OG_MAX_EDGES];
  unsigned char optional[OG_MAX_NODES];
} og_graph;

/* splitmix64 */
uint64_t og_rand(uint64_t *state);
/* uniform in [lo, hi] */
int og_range(uint64_t *state, int lo, int hi);

/* Cost of a minimum arborescence rooted at 0 spanning exactly the nodes with active[v] (active[0] set), by
 * the O(VE) contraction algorithm. -1 when some active node cannot be reached. */
int64_t og_edmonds(const og_graph *g, const unsigned char *active);

/* The same by exhaustive search over one entering edge per node (branch and bound). -1 when infeasible. */
int64_t og_brute_arb(const og_graph *g, const unsigned char *active);

/* Minimum directed Steiner tree cost (required nodes = not optional) by trying every subset of optional nodes
 * with og_brute_arb. -1 when infeasible. */
int64_t og_brute_steiner(const og_graph *g);

/* Random small graph: n nodes, each optional with probability popt (percent), each ordered pair an edge with
 * probability pedge (percent), root edges with probability proot (percent), costs in [0, cmax], occasional
 * parallel edges. */
void og_random(uint64_t *seed, int n, int popt, int pedge, int proot, int cmax, og_graph *g);

/* Builds the selector graph for g. Returns NULL on failure. */
eto_sel_graph *og_build(const og_graph *g);

/* Checks t against sel (structure, cost, required coverage, pruning). Returns 1 if valid, else 0 and prints
 * why with the given tag. */
int og_valid_tree(const eto_sel_graph *sel, const eto_sel_tree *t, const char *tag);

/* 1 when a and b are the same tree (node count, cost, every parent and entering edge), else 0. */
int og_same_tree(const eto_sel_tree *a, const eto_sel_tree *b);

#endif
