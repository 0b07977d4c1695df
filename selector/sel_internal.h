/* sel_internal.h — private to selector/: the graph's representation, the reduced problem the solvers share,
 * and the solver entry points. Nothing outside selector/ includes this header. */
#ifndef ETO_SEL_INTERNAL_H
#define ETO_SEL_INTERNAL_H

#include <stdint.h>

#include "selector.h"

struct eto_sel_graph {
  int n; /* nodes 1..n; node 0 is the root */
  int cap_nodes;
  unsigned char *kind; /* [cap_nodes + 1] eto_sel_node_kind; kind[0] = REQUIRED */
  int m, cap_edges;
  int *from, *to; /* [cap_edges] */
  int64_t *cost;
  char msg[256];
  int errnode;
};

/* The children of every node of tree t, by increasing id: those of v are kids[start[v] .. start[v + 1]).
 * start has room for t->n + 2 entries, kids for t->n + 1. */
void sel_tree_children(const eto_sel_tree *t, int *start, int *kids);

/* Records an error message (printf-style) and the node it is about (-1 if none) in g. */
void sel_set_err(eto_sel_graph *g, int node, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Roles after the exact reductions (selector.h, "The problem solved"). */
enum { SEL_OUT = 0, SEL_REQ = 1, SEL_OPT = 2 };

/* The reduced problem every solver works on. Edges are the graph's edges whose ends are both kept, in the
 * graph's index order (so comparing compact indices breaks ties exactly like comparing graph indices). */
typedef struct {
  int n1;                    /* nodes 0..n1-1 (n1 = n + 1) */
  int m;                     /* kept edges */
  int *from, *to;            /* [m] */
  int64_t *cost;             /* [m] */
  int *eid;                  /* [m] index of the edge in the graph */
  unsigned char *role;       /* [n1] SEL_OUT / SEL_REQ / SEL_OPT; role[0] = SEL_REQ */
  const unsigned char *kind; /* [n1] the graph's kinds (pruning serves the originally required nodes) */
  int nreq;                  /* SEL_REQ nodes other than the root */
  int nbridge;               /* SEL_OPT nodes ... */
  int *bridge;               /* ... in increasing id order */
} sel_prob;

/* ---- arborescence (arborescence.c) ---- */

typedef struct sel_arb sel_arb;

/* Workspace for solving arborescences of p (it indexes p's entering edges once). NULL when out of memory. */
sel_arb *sel_arb_create(const sel_prob *p);
void sel_arb_free(sel_arb *w);

/* Minimum-cost arborescence rooted at 0 spanning exactly the nodes v with active[v] != 0 (active[0] must be
 * set), using the edges of p whose ends are both active. On success returns the cost and sets pedge[v] (a
 * compact edge index) for every active v != 0; other entries of pedge are left alone. Returns -1 when an
 * active node cannot be reached; *bad (may be NULL) then receives the smallest node of a group that no active
 * edge enters. */
int64_t sel_arb_solve(sel_arb *w, const sel_prob *p, const unsigned char *active, int *pedge, int *bad);

/* ---- shared helpers (solve.c) ---- */

/* Removes optional nodes that serve no originally required node: on entry active[] and pedge[] describe a
 * tree; on exit active[] keeps only the root, the required nodes and their ancestors. Returns the pruned
 * cost. */
int64_t sel_prune(const sel_prob *p, unsigned char *active, const int *pedge);

/* Re-solves the arborescence on the node set active[] and prunes, until pruning removes nothing. Returns the
 * final cost (active[] and pedge[] describe the tree), or -1 if the set is not spannable. */
int64_t sel_finish(const sel_prob *p, sel_arb *w, unsigned char *active, int *pedge);

/* ---- Greedy_FLAC (flac.c) ---- */

/* Runs Greedy_FLAC with the SEL_REQ nodes as terminals. On success returns 0, marks in used[] (n1 entries,
 * zeroed by the caller) every node touched by the union of the FLAC trees, and sets *union_cost to the cost
 * of that union. Returns 1 when it did not run to the end (FLAC stuck, which should not happen when every
 * terminal is reachable, or terminal bitsets too large), -1 when out of memory. */
int sel_greedy_flac(const sel_prob *p, unsigned char *used, int64_t *union_cost);

/* ---- ILP (ilp.c) ---- */

typedef struct {
  int status;    /* ETO_SEL_ILP_OPTIMAL or ETO_SEL_ILP_TIME_LIMIT; NOT_RUN when no tree came back */
  int64_t bound; /* proven lower bound, -1 if unknown */
} sel_ilp_info;

/* Solves the Steiner ILP with GLPK within time_limit seconds, seeded with the tree (seed_active, seed_pedge;
 * may be NULL); cuts = 0 leaves out the directed-cut rows (the plain flow model). On success (ETO_OK)
 * active[]/pedge[] receive the best tree found (not yet pruned or canonicalized) and *info its status and
 * bound. Errors: ETO_ERR_UNSUPPORTED (GLPK failure, or no tree within the time limit and no seed),
 * ETO_ERR_NOMEM; g receives the message. */
eto_status sel_ilp_solve(eto_sel_graph *g, const sel_prob *p, double time_limit, int cuts,
                         const unsigned char *seed_active, const int *seed_pedge, unsigned char *active,
                         int *pedge, sel_ilp_info *info);

#endif
