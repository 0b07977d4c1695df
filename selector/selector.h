/* selector.h — the selector: which operators get a full search and which reuse another's program (docs/architecture.md §8).
 *
 * Data flow:
 *   operators ──(reuse pairs, bridges, cost estimates: later, on top of this header)──► eto_sel_graph
 *   eto_sel_graph ──eto_sel_solve──► eto_sel_tree (the plan: a tree rooted at node 0)
 *   eto_sel_tree ──eto_sel_tree_order / _format_text / _format_dot──► plan execution and `etotune plan`
 *
 * This header has two parts. The graph part (below) knows nothing about operators: nodes are integers, edge
 * costs are estimated trials. The reuse-pair part (operators → graph) will be added in its own section.
 *
 * ---- The optimization-choice graph ----
 * Node 0 is the root (the backend: an edge 0 -> v means "tune v by full search"); nodes 1..n are operators,
 * numbered in the order they are added. A node is REQUIRED (it must be in the plan) or OPTIONAL (a bridge, or
 * any node the plan may use when it makes other nodes cheaper). A directed edge u -> v with cost c means "v
 * can be tuned by reusing u's program for about c trials". Parallel edges are allowed (the cheapest is used).
 *
 * ---- The problem solved ----
 * Find a tree rooted at 0 that contains every required node, some optional nodes, and whose total edge cost
 * is minimal: a minimum-cost arborescence when there are no optional nodes, a directed Steiner tree
 * otherwise. Before any solver runs, the graph is reduced exactly (the optimum is unchanged):
 *   - optional nodes that are unreachable from the root or reach no required node are left out;
 *   - optional nodes with a zero-cost edge from the root (operators already in the cache) are treated as
 *     required: including them never raises the optimum;
 *   - the remaining optional nodes are the "bridges"; b denotes their number.
 * Every returned tree is pruned: optional nodes that serve no required node (leaves, recursively) are
 * removed.
 *
 * ---- Solvers ----
 *   ARBORESCENCE  exact; Tarjan's O(E log V) algorithm (mergeable heaps, union-find). Requires b == 0.
 *   SUBSETS       exact; the cheapest arborescence over required ∪ S for every subset S of the b bridges
 *                 (2^b arborescences); limited to b <= opts.subsets_max.
 *   GREEDY        heuristic; Watel & Weisser's Greedy_FLAC directed Steiner tree, then improved: the
 *                 minimum arborescence on the nodes of its tree, or the minimum arborescence of the required
 *                 nodes alone (no bridge) when that is cheaper, then one-bridge add/drop moves while they
 *                 lower the cost. Its lower bound: the sum over required nodes of their cheapest entering
 *                 edge (each has one in any tree).
 *   ILP           exact up to a time limit; a GLPK MIP (in-degree rows, "a bridge sends only if entered",
 *                 single-commodity flow) strengthened by directed-cut rows, seeded with the GREEDY tree.
 *                 Returns the optimum, or the best tree found with optimal = 0, a lower bound and the gap.
 *   AUTO          ARBORESCENCE if b == 0; SUBSETS if b <= subsets_max and 2^b·(E+n) <= subsets_work;
 *                 else GREEDY, then the ILP when the reduced graph has at most ilp_max_edges edges and the
 *                 time limit is positive, keeping the cheaper tree (GREEDY's on ties) and the ILP's bound.
 * Every solver returns a tree no dearer than the minimum arborescence of the required nodes alone (tree.base_cost,
 * when they can be reached without a bridge): bridges never make a plan worse. GREEDY starts its moves from the
 * cheaper of the two, the ILP is seeded with GREEDY's tree, and SUBSETS tries the empty subset.
 * Ties between equal-cost trees are broken deterministically (by edge index, then node id): the same graph
 * gives the same tree on every run and machine, except when the ILP stops at its time limit (the tree then
 * depends on the machine's speed, and tree.optimal is 0).
 *
 * Errors: every call returns an eto_status (ETO_OK on success). Calls on a graph leave a human-readable
 * message in the graph (eto_sel_graph_errmsg) and, where one node is at fault, its id
 * (eto_sel_graph_errnode). A graph is not thread-safe: use one graph per thread (solving writes the message).
 */
#ifndef ETO_SELECTOR_H
#define ETO_SELECTOR_H

#include <stdint.h>
#include <stdio.h>

#include "op.h"
#include "target.h"

/* ======================================================================================================== */
/* ---- graph ---- */

typedef struct eto_sel_graph eto_sel_graph;

typedef enum {
  ETO_SEL_REQUIRED = 0, /* must be in the tree */
  ETO_SEL_OPTIONAL = 1, /* may be in the tree (bridge, cached operator) */
} eto_sel_node_kind;

#define ETO_SEL_ROOT 0              /* id of the root node */
#define ETO_SEL_MAX_NODES (1 << 22) /* nodes 1..n, n at most this */
#define ETO_SEL_MAX_EDGES (1 << 26)
#define ETO_SEL_COST_MAX ((int64_t)1 << 40) /* edge costs are in [0, ETO_SEL_COST_MAX] */

/* Creates an empty graph holding only the root (node 0). *out receives the graph (NULL on failure); the
 * caller frees it with eto_sel_graph_free. Errors: ETO_ERR_NOMEM, ETO_ERR_INVALID (out is NULL). */
eto_status eto_sel_graph_create(eto_sel_graph **out);

/* Frees the graph. NULL is a no-op. Trees solved from it stay valid (they own their arrays). */
void eto_sel_graph_free(eto_sel_graph *g);

/* Adds node n+1 of the given kind; *id (may be NULL) receives its id.
 * Errors: ETO_ERR_INVALID (bad kind), ETO_ERR_LIMIT (more than ETO_SEL_MAX_NODES), ETO_ERR_NOMEM. */
eto_status eto_sel_graph_add_node(eto_sel_graph *g, eto_sel_node_kind kind, int *id);

/* Adds the edge from -> to with the given cost; *edge (may be NULL) receives its index (0, 1, 2, ... in order
 * of addition; trees name edges by this index). from may be the root; to may not. Self-loops are refused.
 * Errors: ETO_ERR_INVALID (unknown node, to == root, from == to, cost outside [0, ETO_SEL_COST_MAX]),
 * ETO_ERR_LIMIT (more than ETO_SEL_MAX_EDGES), ETO_ERR_NOMEM. */
eto_status eto_sel_graph_add_edge(eto_sel_graph *g, int from, int to, int64_t cost, int *edge);

/* Number of non-root nodes n (ids are 0..n) and of edges. */
int eto_sel_graph_nodes(const eto_sel_graph *g);
int eto_sel_graph_edges(const eto_sel_graph *g);
/* Kind of node id (the root is REQUIRED); ETO_SEL_REQUIRED for an out-of-range id. */
eto_sel_node_kind eto_sel_graph_node_kind(const eto_sel_graph *g, int id);
/* Edge i: writes its ends and cost (any output may be NULL). ETO_ERR_INVALID for an out-of-range i. */
eto_status eto_sel_graph_edge(const eto_sel_graph *g, int i, int *from, int *to, int64_t *cost);

/* Message of the last failed call on g ("" if none); valid until the next call on g. g may be NULL. */
const char *eto_sel_graph_errmsg(const eto_sel_graph *g);
/* Node the last error was about (e.g. the unreachable node), or -1. */
int eto_sel_graph_errnode(const eto_sel_graph *g);

/* ======================================================================================================== */
/* ---- solvers ---- */

typedef enum {
  ETO_SEL_AUTO = 0,
  ETO_SEL_ARBORESCENCE,
  ETO_SEL_SUBSETS,
  ETO_SEL_GREEDY,
  ETO_SEL_ILP,
  ETO_SEL_SOLVER_COUNT
} eto_sel_solver;

/* Solver names as the CLI spells them: "auto", "arborescence", "subsets", "greedy", "ilp". NULL if out of
 * range. */
const char *eto_sel_solver_name(eto_sel_solver s);
/* Solver by name; returns 0 and sets *out, or -1 for an unknown name. */
int eto_sel_solver_from_name(const char *name, eto_sel_solver *out);

/* Options. A zeroed struct (or NULL) means the defaults; every 0 below stands for the default. */
typedef struct {
  eto_sel_solver solver; /* 0: ETO_SEL_AUTO */
  double ilp_time_limit; /* seconds GLPK may spend; 0: 10. Negative: AUTO never runs the ILP (an explicit ILP
                            then uses 10). */
  int ilp_max_edges;     /* AUTO runs the ILP only if the reduced graph has at most this many edges;
                            0: 20000; negative: never */
  int ilp_plain;         /* 1: the plain single-commodity flow model, without directed-cut rows (weak bound;
                            for comparison and tests). 0: with them (ETO-shaped graphs of 1000 nodes then
                            solve in seconds) */
  int subsets_max;       /* most bridges SUBSETS accepts; 0: 16; at most 30; negative: AUTO never uses it */
  double subsets_work;   /* AUTO uses SUBSETS only if 2^b·(E+n) <= this; 0: 5e7 (about 0.5 s) */
  int improve_evals;     /* most arborescences GREEDY's add/drop moves may run; 0: 2000; negative: no moves
                            (the arborescence on Greedy_FLAC's nodes always runs) */
} eto_sel_solve_opts;

typedef enum {
  ETO_SEL_ILP_NOT_RUN = 0,
  ETO_SEL_ILP_OPTIMAL,    /* GLPK proved optimality */
  ETO_SEL_ILP_TIME_LIMIT, /* stopped at the time limit with a feasible tree (the GREEDY seed at worst) */
  ETO_SEL_ILP_FAILED,     /* AUTO only: GLPK failed, the GREEDY tree was kept; the graph's errmsg says why */
} eto_sel_ilp_status;

#define ETO_SEL_ABSENT (-2) /* parent[] of an optional node that is not in the tree */

/* The result of a solve: a tree rooted at 0. Plain data; the arrays are owned by the struct and released by
 * eto_sel_tree_free (which does not free the struct itself). */
typedef struct {
  int n;        /* nodes are 0..n; parent[] and edge[] have n + 1 entries */
  int *parent;  /* parent[v]: the node v reuses (0: full search); -1 for the root; ETO_SEL_ABSENT for
                   optional nodes left out. Every required node has a parent >= 0. */
  int *edge;    /* edge[v]: index of the edge parent[v] -> v used; -1 for the root and absent nodes */
  int64_t cost; /* total cost of the tree's edges */
  eto_sel_solver solver; /* solver that produced this tree (never AUTO) */
  int optimal;           /* 1 when cost is proven minimal */
  int64_t bound;         /* proven lower bound on the optimum (== cost when optimal); -1 when none is known */
  double gap;            /* (cost - bound) / cost, 0 when optimal or cost == 0; -1 when no bound is known */
  int bridges;           /* b: optional nodes the solver could choose from after the reductions */
  int64_t greedy_cost; /* cost of the improved GREEDY tree when GREEDY ran (also as the ILP seed), else -1 */
  int64_t flac_cost;   /* cost of the raw Greedy_FLAC arc union before improvement, else -1 */
  int64_t ilp_cost;    /* cost of the ILP's tree when the ILP ran, else -1 */
  int64_t base_cost;   /* cost of the minimum arborescence of the required nodes alone, no bridge used (the plan
                          without bridges); -1 when they cannot all be reached without one. Every solver
                          returns a tree no dearer than this. */
  eto_sel_ilp_status ilp; /* whether and how the ILP ran */
  double greedy_seconds;  /* wall time of GREEDY (0 if not run) */
  double ilp_seconds;     /* wall time of the ILP (0 if not run) */
  double seconds;         /* wall time of the whole solve */
} eto_sel_tree;

/* Solves the graph. opts may be NULL (defaults). On success *out holds the tree (the caller releases it with
 * eto_sel_tree_free). On failure *out is zeroed (nothing to free) and the graph holds the message.
 * Errors:
 *   ETO_ERR_INVALID      a required node is unreachable from the root (message and errnode name it); an
 *                        explicit ARBORESCENCE on a graph with b > 0; bad options (unknown solver,
 *                        subsets_max > 30, NaN);
 *   ETO_ERR_LIMIT        explicit SUBSETS with b > subsets_max;
 *   ETO_ERR_UNSUPPORTED  GLPK failed (its return code in the message);
 *   ETO_ERR_NOMEM. */
eto_status eto_sel_solve(eto_sel_graph *g, const eto_sel_solve_opts *opts, eto_sel_tree *out);

/* Releases the tree's arrays and zeroes it. NULL and already-released trees are no-ops. */
void eto_sel_tree_free(eto_sel_tree *t);

/* 1 if node v is in the tree (the root always is), else 0. */
int eto_sel_tree_contains(const eto_sel_tree *t, int v);

/* Plan order: writes the tree's non-root nodes in breadth-first order from the root (children of a node by
 * increasing id), so every node comes after the node it reuses. order needs room for t->n entries. Returns
 * the number written. */
int eto_sel_tree_order(const eto_sel_tree *t, int *order);

/* ======================================================================================================== */
/* ---- dumps ---- */

/* labels (may be NULL, and any entry may be NULL): labels[v] names node v for v in 0..n; defaults are "root"
 * and "#v". Labels are copied into the output, escaped as the format needs. */

/* Writes the tree as indented text, depth first, two spaces per level, children by increasing id:
 *   root
 *     label  [optional, full search, cost 50, edge 0]
 *       label  [reuse, cost 7, edge 3]
 * then one summary line (total cost, node counts, solver, optimality or bound and gap, greedy and ILP
 * results when they ran, candidate bridges).
 * Errors: ETO_ERR_INVALID (tree does not belong to g), ETO_ERR_IO (write failed). */
eto_status eto_sel_tree_format_text(const eto_sel_graph *g, const eto_sel_tree *t, const char *const *labels,
                                    FILE *out);

#define ETO_SEL_DOT_ALL_EDGES 1u /* also draw edges not in the tree (dashed, grey) */

/* Writes a Graphviz digraph: root as a box, required nodes as ellipses, optional nodes dashed (grey when not
 * in the tree), tree edges solid and labelled with their cost. t may be NULL (draws the graph alone).
 * flags: ETO_SEL_DOT_ALL_EDGES. Errors: ETO_ERR_INVALID (tree does not belong to g), ETO_ERR_IO. */
eto_status eto_sel_tree_format_dot(const eto_sel_graph *g, const eto_sel_tree *t, const char *const *labels,
                                   unsigned flags, FILE *out);

/* ---- reuse pairs and bridge operators (ETO §6) ----
 * Two operators form a reuse pair when they have the same reuse kind (matmul counts as batch_matmul), the
 * same sketch-set signature on target t, and one's major loop nest dominates the other's (every extent <=,
 * or every extent >=; nests of different length never do). */
int eto_sel_reuse_pair(const eto_op *a, const eto_op *b, const eto_target *t);
/* The 1-hop bridge of a and b: same kind and signature, neither dominating the other. The bridge takes the
 * element-wise minimum of every size key (batch, channels, spatial sizes, filters, kernel sizes, ...), stride
 * 1 and dilation 1 and the smaller padding, and must be dominated by both a and b with the same signature.
 * Returns 1 and fills *out (freq 0, name "bridge") when such an operator exists, else 0. */
int eto_sel_bridge(const eto_op *a, const eto_op *b, const eto_target *t, eto_op *out);
/* The shape eto_sel_bridge would propose for a and b (element-wise minimum, stride and dilation 1, smaller
 * padding), without the domination and signature checks: 1 and *out when a and b are of one kind with equal
 * groups / multiplier / capsule, else 0. Lets a caller skip shapes it already has before validating. */
int eto_sel_bridge_shape(const eto_op *a, const eto_op *b, eto_op *out);

/* ---- plans: from an operator list to a tree of tuning decisions (ETO §6) ----
 * Nodes: the list's operators (required); best programs already cached for this target whose workload forms
 * a reuse pair with a list operator (optional, zero-cost root edge); 1-hop bridges (optional). Edges: root ->
 * v costs the backend's budget (0 when v is cached), u -> v costs the tuner's estimated trials for (v, u)
 * when (v, u) is a reuse pair and u is one of v's sources (eto_sel_plan_opts.max_sources). The solved tree is
 * the plan: root children are tuned by the full search (or are cached), other nodes by the reuse tuner from
 * their parent, in breadth-first order. The graph with bridges holds the graph without them, and the solvers
 * keep the bridge-free optimum as an incumbent, so a plan with bridges never costs more than the same list
 * planned with ETO_BRIDGES_NONE (same max_sources, any solver). */

typedef enum { ETO_BRIDGES_NONE, ETO_BRIDGES_1HOP, ETO_BRIDGES_ALL } eto_sel_bridges;

#define ETO_SEL_MAX_SOURCES 1024 /* eto_sel_plan_opts.max_sources at most */

typedef struct {
  eto_sel_bridges bridges;   /* 1-hop bridges between list operators (default); ALL: also with cached ones */
  int64_t full_budget;       /* trials of a full search (the root-edge cost); 0 = 1000 */
  uint64_t seed;             /* estimator seed; 0 = 1 */
  eto_sel_solve_opts solve;  /* solver choice and limits */
  int max_cached;            /* most cached workloads considered per (kind, signature); 0 = 200 */
  int max_sources;           /* reuse sources per node, by closeness in loop-nest volume: its max_sources closest
                                list or cached operators forming a reuse pair with it, and apart from those its
                                max_sources closest bridges (a bridge never displaces a list or cached source, so
                                the graph holds the plan without bridges); 0 = 8, at most ETO_SEL_MAX_SOURCES */
  double reuse_extra;        /* trials the reuse policy spends beyond ETO's rounds, added to every reuse edge's
                                estimate (the seeded policy: ETO_TUNER_SEEDED_EXTRA_TRIALS; ETO's rounds: 0) */
  double reuse_scale;        /* every reuse edge's estimate (ETO's + reuse_extra) is multiplied by it (0 = 1):
                                eto_sel_fit_reuse's fit to the cache's history */
  /* Progress of a build, for lists of thousands of operators; NULL for none. Called on the calling thread with a
   * stage ("bridges", "edges", "solve") and how far it is: done of total nodes (total 0 when not counted). */
  void (*progress)(void *user, const char *stage, int done, int total);
  void *progress_user;
} eto_sel_plan_opts;

typedef enum { ETO_PLAN_LIST, ETO_PLAN_CACHED, ETO_PLAN_BRIDGE } eto_sel_node_origin;

typedef struct {
  eto_op op;
  char key[512];
  eto_sel_node_origin origin; /* where the node came from */
  int cached;                 /* a verified best program is in the cache for this target */
  int in_plan;                /* the tree uses it */
  int parent;                 /* plan node it reuses, -1 for a root child (full search, or cached) */
  double est_trials;          /* estimated trials of the edge into it (0 for cached root children) */
  int cluster;                /* topk plans: the node's cluster (0, 1, ... by smallest member), -1 when cached
                                 (not clustered); 0 in ETO plans */
  double sim_sum;             /* topk plans: sum of its similarities to the other members of its cluster */
} eto_sel_plan_node;

typedef struct {
  int n;                       /* nodes; the first nops are the list's operators, in list order */
  int nops;
  eto_sel_plan_node *node;
  int norder;
  int *order;                  /* nodes of the plan in execution order (parents first) */
  double est_total;            /* estimated trials of the plan */
  double full_total;           /* trials of a full search of every list operator not cached */
  eto_sel_tree tree;           /* the solver's tree (graph node ids = plan index + 1) */
  eto_sel_graph *graph;
  int pairs;                   /* reuse edges in the graph */
  double build_seconds;        /* graph construction, estimator calls included */
  int topk;                    /* 1: a Selective Tuning plan (eto_sel_topk_plan_build): root children are the
                                  clusters' representatives (full search) and cached operators, every other
                                  node is tuned by TopK from its parent; pairs counts similar pairs */
  int nclusters;               /* topk plans: clusters of uncached list operators */
} eto_sel_plan;

struct eto_cache;
/* Builds and solves the plan of ops[0..nops-1] on target t; cache may be NULL (nothing cached). *out is
 * owned by the caller (eto_sel_plan_free). Returns ETO_OK or an error with a message: ETO_ERR_INVALID for
 * max_sources above ETO_SEL_MAX_SOURCES, the solver's errors, ETO_ERR_NOMEM. */
eto_status eto_sel_plan_build(const eto_op *ops, int nops, const eto_target *t, struct eto_cache *cache,
                              const eto_sel_plan_opts *opts, eto_sel_plan **out, char *msg, int cap);
void eto_sel_plan_free(eto_sel_plan *p);

/* ---- reuse-edge estimates fitted to the cache's history ----
 * Every operator of target t whose best record was found by reuse from a source (method reuse, not bad) and whose
 * stored reuse trials show that `policy` ran it ("seeded": a trial tagged round >= 10, the seeded search's tags;
 * "eto": none, ETO's rounds are 1-4) is an edge of the history: measured = its stored reuse trials (every run's,
 * restarts included), estimated = what a plan charges it (eto_tuner_estimate with `seed`, + extra). With at least
 * ETO_SEL_FIT_MIN_EDGES edges, scale = the median of measured / estimated, clamped to [1/ETO_SEL_FIT_MAX_SCALE,
 * ETO_SEL_FIT_MAX_SCALE], and fitted = 1; else scale = 1. Other policies, or cache NULL: no edge. Returns ETO_OK or
 * ETO_ERR_NOMEM. */
#define ETO_SEL_FIT_MIN_EDGES 3
#define ETO_SEL_FIT_MAX_SCALE 4.0
typedef struct {
  int edges;                   /* edges of the history used */
  double measured, estimated;  /* their sums */
  double scale;                /* the multiplier for eto_sel_plan_opts.reuse_scale */
  int fitted;                  /* scale comes from the history */
} eto_sel_fit;
eto_status eto_sel_fit_reuse(struct eto_cache *cache, const eto_target *t, const char *policy, double extra,
                             uint64_t seed, eto_sel_fit *out);

/* ---- the Selective Tuning baseline (benchmarks; docs/architecture.md §8, "Baseline Selective Tuning") ----
 * Similarity of two operators: 0 unless they have the same reuse kind, the same sketch-set signature on t and
 * loop nests of the same length; otherwise the product over the tuning knobs of |A∩B|/|A∪B| of their
 * candidate values. Knobs: one split knob per loop of the major loop nest, whose candidates are the ordered
 * tuples of inner tile factors (AutoTVM style) whose product divides the loop's extent, one factor per inner
 * level of the first sketch of the set (multi-level: 4 for space loops, 2 for reduction loops; cross-thread
 * reduction: 1 and 2; two-level: 2 and 0), and the unroll knob (the same options for every operator:
 * overlap 1). Operators with similarity >= ETO_SEL_TOPK_MIN_SIMILARITY are connected; the graph's maximal
 * cliques (Bron–Kerbosch with pivoting) are the candidate clusters, an operator in several joins the one whose
 * members it is most similar to in sum (ties: the clique first in lexicographic order of sorted members); in
 * each cluster the member with the highest similarity sum to the others (ties: lowest list index) is tuned by
 * the full search, the others by TopK from it (its ETO_SEL_TOPK_K best programs, the next K on failure). */

#define ETO_SEL_TOPK_MIN_SIMILARITY 0.01
#define ETO_SEL_TOPK_K 3 /* programs per TopK group; also the estimated trials of a TopK node */
#define ETO_SEL_TOPK_MAX_CLIQUES 1000000 /* maximal cliques enumerated at most (else ETO_ERR_LIMIT) */

/* Candidate split tuples of a loop: the number of ordered `inner`-tuples of positive integers whose product
 * divides extent (= the number of ordered (inner + 1)-factorizations of extent). 1 when inner == 0 or
 * extent == 1; 0 for extent < 1 or inner < 0. Exact (no enumeration). */
uint64_t eto_sel_topk_split_count(int64_t extent, int inner);
/* |A∩B|/|A∪B| of the split candidates of two extents (the tuples dividing gcd(a, b) are the common ones). */
double eto_sel_topk_split_overlap(int64_t a, int64_t b, int inner);
/* Similarity of a and b on t, in [0, 1] (see above); symmetric; 1 for an operator and itself. */
double eto_sel_topk_similarity(const eto_op *a, const eto_op *b, const eto_target *t);

/* Builds the Selective Tuning plan of ops[0..nops-1] on target t; cache may be NULL (nothing cached). List
 * operators whose best program is cached for t are root children at cost 0 and are not clustered; the others
 * are clustered as above. The plan has only the list's operators (no bridges, no cached workloads), topk = 1,
 * each node's cluster and sim_sum; its graph holds exactly the plan's edges (root -> representative costs
 * opts->full_budget, representative -> member ETO_SEL_TOPK_K, root -> cached 0), so the printers and
 * the driver work on it. opts may be NULL; only full_budget is used. Deterministic. *out is owned by the
 * caller (eto_sel_plan_free). Errors: ETO_ERR_INVALID (nops < 0, NULL arguments), ETO_ERR_LIMIT (more than
 * ETO_SEL_TOPK_MAX_CLIQUES maximal cliques), ETO_ERR_NOMEM; msg receives the message. */
eto_status eto_sel_topk_plan_build(const eto_op *ops, int nops, const eto_target *t, struct eto_cache *cache,
                                   const eto_sel_plan_opts *opts, eto_sel_plan **out, char *msg, int cap);
/* The plan as text (a tree with methods, sources and estimated trials), JSON, or Graphviz DOT. */
void eto_sel_plan_print_text(const eto_sel_plan *p, FILE *f);
eto_status eto_sel_plan_print_json(const eto_sel_plan *p, FILE *f);
eto_status eto_sel_plan_print_dot(const eto_sel_plan *p, FILE *f);

#endif
