/* solve.c — eto_sel_solve: the exact reductions, the SUBSETS solver, Greedy_FLAC's improvement, the ILP
 * hand-off, AUTO's choice, and the result tree. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sel_internal.h"

#define SUBSETS_HARD_MAX 30

/* Replaces the zeros of o by the defaults (selector.h). */
static void opts_defaults(eto_sel_solve_opts *o) {
  if (o->ilp_time_limit == 0) o->ilp_time_limit = 10.0;
  if (o->ilp_max_edges == 0) o->ilp_max_edges = 20000;
  if (o->subsets_max == 0) o->subsets_max = 16;
  if (o->subsets_work == 0) o->subsets_work = 5e7;
  if (o->improve_evals == 0) o->improve_evals = 2000;
  if (o->improve_evals < 0) o->improve_evals = 0;
}

/* ---- the reduced problem ---- */

static void prob_free(sel_prob *p) {
  free(p->from);
  free(p->to);
  free(p->cost);
  free(p->eid);
  free(p->role);
  free(p->bridge);
  memset(p, 0, sizeof *p);
}

/* Breadth-first search over CSR adjacency (start[], adj[] holding neighbour ids) from the nodes already
 * marked in seen[]; queue has room for every node. */
static void bfs(int n1, const int *start, const int *adj, unsigned char *seen, int *queue) {
  int head = 0, tail = 0;
  for (int v = 0; v < n1; v++)
    if (seen[v]) queue[tail++] = v;
  while (head < tail) {
    int v = queue[head++];
    for (int i = start[v]; i < start[v + 1]; i++) {
      int u = adj[i];
      if (!seen[u]) {
        seen[u] = 1;
        queue[tail++] = u;
      }
    }
  }
}

static eto_status prob_build(eto_sel_graph *g, sel_prob *p) {
  memset(p, 0, sizeof *p);
  int n1 = g->n + 1, m = g->m;
  eto_status st = ETO_ERR_NOMEM;
  int *ostart = calloc((size_t)n1 + 1, sizeof(int)), *istart = calloc((size_t)n1 + 1, sizeof(int));
  int *oadj = malloc(((size_t)m + 1) * sizeof(int)), *iadj = malloc(((size_t)m + 1) * sizeof(int));
  int *queue = malloc((size_t)n1 * sizeof(int));
  unsigned char *fwd = calloc((size_t)n1, 1), *bwd = calloc((size_t)n1, 1),
                *zero_root = calloc((size_t)n1, 1);
  p->role = calloc((size_t)n1, 1);
  if (!ostart || !istart || !oadj || !iadj || !queue || !fwd || !bwd || !zero_root || !p->role) goto out;

  for (int e = 0; e < m; e++) {
    ostart[g->from[e] + 1]++;
    istart[g->to[e] + 1]++;
    if (g->from[e] == ETO_SEL_ROOT && g->cost[e] == 0) zero_root[g->to[e]] = 1;
  }
  for (int v = 0; v < n1; v++) {
    ostart[v + 1] += ostart[v];
    istart[v + 1] += istart[v];
  }
  for (int e = 0; e < m; e++) { /* fill, then shift back */
    oadj[ostart[g->from[e]]++] = g->to[e];
    iadj[istart[g->to[e]]++] = g->from[e];
  }
  for (int v = n1; v > 0; v--) {
    ostart[v] = ostart[v - 1];
    istart[v] = istart[v - 1];
  }
  ostart[0] = istart[0] = 0;

  fwd[0] = 1;
  bfs(n1, ostart, oadj, fwd, queue);
  for (int v = 1; v < n1; v++) {
    if (g->kind[v] == ETO_SEL_REQUIRED && !fwd[v]) {
      sel_set_err(g, v, "node %d is required but unreachable from the root (no path of edges 0 -> ... -> %d)",
                  v, v);
      st = ETO_ERR_INVALID;
      goto out;
    }
    if (g->kind[v] == ETO_SEL_REQUIRED) bwd[v] = 1;
  }
  bfs(n1, istart, iadj, bwd, queue);

  p->n1 = n1;
  p->kind = g->kind;
  p->role[0] = SEL_REQ;
  for (int v = 1; v < n1; v++) {
    if (g->kind[v] == ETO_SEL_REQUIRED) {
      p->role[v] = SEL_REQ;
      p->nreq++;
    } else if (fwd[v] && bwd[v]) {
      p->role[v] = zero_root[v] ? SEL_REQ : SEL_OPT;
      if (zero_root[v])
        p->nreq++;
      else
        p->nbridge++;
    }
  }
  p->bridge = malloc(((size_t)p->nbridge + 1) * sizeof(int));
  int kept = 0;
  for (int e = 0; e < m; e++)
    if (p->role[g->from[e]] != SEL_OUT && p->role[g->to[e]] != SEL_OUT) kept++;
  p->from = malloc(((size_t)kept + 1) * sizeof(int));
  p->to = malloc(((size_t)kept + 1) * sizeof(int));
  p->eid = malloc(((size_t)kept + 1) * sizeof(int));
  p->cost = malloc(((size_t)kept + 1) * sizeof(int64_t));
  if (!p->bridge || !p->from || !p->to || !p->eid || !p->cost) goto out;
  for (int v = 1, b = 0; v < n1; v++)
    if (p->role[v] == SEL_OPT) p->bridge[b++] = v;
  for (int e = 0; e < m; e++) {
    if (p->role[g->from[e]] == SEL_OUT || p->role[g->to[e]] == SEL_OUT) continue;
    p->from[p->m] = g->from[e];
    p->to[p->m] = g->to[e];
    p->cost[p->m] = g->cost[e];
    p->eid[p->m] = e;
    p->m++;
  }
  st = ETO_OK;
out:
  if (st == ETO_ERR_NOMEM) sel_set_err(g, -1, "solve: out of memory");
  if (st != ETO_OK) prob_free(p);
  free(ostart);
  free(istart);
  free(oadj);
  free(iadj);
  free(queue);
  free(fwd);
  free(bwd);
  free(zero_root);
  return st;
}

/* ---- pruning and canonical finish ---- */

int64_t sel_prune(const sel_prob *p, unsigned char *active, const int *pedge) {
  active[0] = 2;
  for (int v = 1; v < p->n1; v++) {
    if (!active[v] || p->kind[v] != ETO_SEL_REQUIRED) continue;
    for (int x = v; active[x] == 1; x = p->from[pedge[x]]) active[x] = 2;
  }
  int64_t cost = 0;
  active[0] = 1;
  for (int v = 1; v < p->n1; v++) {
    active[v] = active[v] == 2;
    if (active[v]) cost += p->cost[pedge[v]];
  }
  return cost;
}

static int count_active(int n1, const unsigned char *a) {
  int c = 0;
  for (int v = 0; v < n1; v++) c += a[v] != 0;
  return c;
}

int64_t sel_finish(const sel_prob *p, sel_arb *w, unsigned char *active, int *pedge) {
  for (;;) {
    int before = count_active(p->n1, active);
    if (sel_arb_solve(w, p, active, pedge, NULL) < 0) return -1;
    int64_t c = sel_prune(p, active, pedge);
    if (count_active(p->n1, active) == before) return c;
  }
}

/* active = the SEL_REQ nodes (root included). */
static void base_set(const sel_prob *p, unsigned char *active) {
  for (int v = 0; v < p->n1; v++) active[v] = p->role[v] == SEL_REQ;
}

/* ---- SUBSETS ---- */

static int64_t solve_subsets(const sel_prob *p, sel_arb *w, unsigned char *active, int *pedge) {
  int b = p->nbridge;
  uint32_t best_mask = 0;
  int64_t best = -1;
  for (uint64_t mask = 0; mask < ((uint64_t)1 << b); mask++) {
    base_set(p, active);
    for (int i = 0; i < b; i++)
      if (mask >> i & 1) active[p->bridge[i]] = 1;
    /* min over S of arb(R ∪ S) is the optimum: pruning a tree for S gives a tree for some S' ⊆ S no dearer.
     */
    int64_t c = sel_arb_solve(w, p, active, pedge, NULL);
    if (c >= 0 && (best < 0 || c < best)) {
      best = c;
      best_mask = (uint32_t)mask;
    }
  }
  base_set(p, active);
  for (int i = 0; i < b; i++)
    if (best_mask >> i & 1) active[p->bridge[i]] = 1;
  return sel_finish(p, w, active, pedge);
}

/* ---- GREEDY: Greedy_FLAC, arborescence on its nodes, one-bridge moves ---- */

/* Greedy_FLAC, its nodes' arborescence, then the moves. base_active/base_pedge (base_cost >= 0) are the tree
 * of the required nodes alone: the moves start from it when it is cheaper than FLAC's, so GREEDY never returns
 * a tree dearer than the plan without bridges. */
static int64_t solve_greedy(const sel_prob *p, sel_arb *w, int improve_evals, const unsigned char *base_active,
                            const int *base_pedge, int64_t base_cost, unsigned char *active, int *pedge,
                            int64_t *flac_cost) {
  int n1 = p->n1;
  unsigned char *trial = malloc((size_t)n1);
  int *tpedge = malloc((size_t)n1 * sizeof(int));
  if (!trial || !tpedge) {
    free(trial);
    free(tpedge);
    return -2;
  }
  memset(active, 0, (size_t)n1);
  int rc = sel_greedy_flac(p, active, flac_cost);
  if (rc < 0) {
    free(trial);
    free(tpedge);
    return -2;
  }
  if (rc > 0) { /* FLAC got stuck: start the improvement from every usable node */
    *flac_cost = -1;
    for (int v = 0; v < n1; v++) active[v] = p->role[v] != SEL_OUT;
  }
  for (int v = 0; v < n1; v++)
    if (p->role[v] == SEL_REQ) active[v] = 1;
  int64_t cost = sel_finish(p, w, active, pedge);
  if (cost < 0) { /* cannot happen: the used nodes contain a tree; recover with every usable node */
    for (int v = 0; v < n1; v++) active[v] = p->role[v] != SEL_OUT;
    cost = sel_finish(p, w, active, pedge);
  }
  if (base_cost >= 0 && (cost < 0 || base_cost < cost)) {
    cost = base_cost;
    memcpy(active, base_active, (size_t)n1);
    memcpy(pedge, base_pedge, (size_t)n1 * sizeof(int));
  }
  int evals = 0, improved = 1;
  while (cost > 0 && improved && evals < improve_evals) {
    improved = 0;
    for (int i = 0; i < p->nbridge && evals < improve_evals; i++) {
      int b = p->bridge[i];
      for (int v = 0; v < n1; v++) trial[v] = active[v] || p->role[v] == SEL_REQ;
      trial[b] = !active[b];
      evals++;
      if (sel_arb_solve(w, p, trial, tpedge, NULL) < 0) continue;
      int64_t c = sel_prune(p, trial, tpedge);
      if (c < cost) {
        cost = c;
        memcpy(active, trial, (size_t)n1);
        for (int v = 1; v < n1; v++)
          if (trial[v]) pedge[v] = tpedge[v];
        improved = 1;
      }
    }
  }
  cost = sel_finish(p, w, active, pedge);
  free(trial);
  free(tpedge);
  return cost;
}

/* A lower bound for any tree: every required node other than the root has exactly one entering edge, so the
 * sum of their cheapest entering edges (bridges' edges cost >= 0). */
static int64_t degree_bound(const sel_prob *p) {
  int64_t *cheapest = malloc((size_t)p->n1 * sizeof *cheapest);
  if (!cheapest) return -1;
  for (int v = 0; v < p->n1; v++) cheapest[v] = -1;
  for (int e = 0; e < p->m; e++)
    if (cheapest[p->to[e]] < 0 || p->cost[e] < cheapest[p->to[e]]) cheapest[p->to[e]] = p->cost[e];
  int64_t sum = 0;
  for (int v = 1; v < p->n1; v++)
    if (p->role[v] == SEL_REQ && cheapest[v] > 0) sum += cheapest[v];
  free(cheapest);
  return sum;
}

/* ---- result ---- */

static eto_status make_tree(eto_sel_graph *g, const sel_prob *p, const unsigned char *active,
                            const int *pedge, eto_sel_tree *t) {
  int n1 = p->n1;
  t->n = n1 - 1;
  t->parent = malloc((size_t)n1 * sizeof(int));
  t->edge = malloc((size_t)n1 * sizeof(int));
  if (!t->parent || !t->edge) {
    sel_set_err(g, -1, "solve: out of memory");
    return ETO_ERR_NOMEM;
  }
  t->parent[0] = -1;
  t->edge[0] = -1;
  t->cost = 0;
  for (int v = 1; v < n1; v++) {
    if (active[v]) {
      t->parent[v] = p->from[pedge[v]];
      t->edge[v] = p->eid[pedge[v]];
      t->cost += p->cost[pedge[v]];
    } else {
      t->parent[v] = ETO_SEL_ABSENT;
      t->edge[v] = -1;
    }
  }
  return ETO_OK;
}

static void set_bound(eto_sel_tree *t, int64_t bound) {
  if (t->cost == 0) bound = 0;
  if (bound > t->cost) bound = t->cost;
  t->bound = bound;
  t->optimal = bound >= 0 && bound == t->cost;
  if (bound < 0)
    t->gap = -1.0;
  else
    t->gap = t->cost > 0 ? (double)(t->cost - bound) / (double)t->cost : 0.0;
}

eto_status eto_sel_solve(eto_sel_graph *g, const eto_sel_solve_opts *opts, eto_sel_tree *out) {
  if (!out) {
    sel_set_err(g, -1, "solve: no output tree");
    return ETO_ERR_INVALID;
  }
  memset(out, 0, sizeof *out);
  if (!g) return ETO_ERR_INVALID;
  sel_set_err(g, -1, "%s", "");
  double t0 = eto_now();
  eto_sel_solve_opts o;
  memset(&o, 0, sizeof o);
  if (opts) o = *opts;
  if ((int)o.solver < 0 || o.solver >= ETO_SEL_SOLVER_COUNT) {
    sel_set_err(g, -1, "solve: unknown solver %d", (int)o.solver);
    return ETO_ERR_INVALID;
  }
  if (o.subsets_max > SUBSETS_HARD_MAX || isnan(o.ilp_time_limit) || isnan(o.subsets_work)) {
    sel_set_err(g, -1, "solve: bad options (subsets_max at most %d, no NaN)", SUBSETS_HARD_MAX);
    return ETO_ERR_INVALID;
  }
  opts_defaults(&o);

  sel_prob p;
  eto_status st = prob_build(g, &p);
  if (st != ETO_OK) return st;
  int n1 = p.n1, b = p.nbridge;
  unsigned char *active = calloc((size_t)n1, 1), *gactive = calloc((size_t)n1, 1), *bactive = calloc((size_t)n1, 1);
  int *pedge = calloc((size_t)n1, sizeof(int)), *gpedge = calloc((size_t)n1, sizeof(int)),
      *bpedge = calloc((size_t)n1, sizeof(int));
  sel_arb *w = sel_arb_create(&p);
  eto_sel_tree t;
  memset(&t, 0, sizeof t);
  t.bridges = b;
  t.bound = -1;
  t.gap = -1;
  t.greedy_cost = t.flac_cost = t.ilp_cost = -1;
  if (!active || !gactive || !bactive || !pedge || !gpedge || !bpedge || !w) {
    sel_set_err(g, -1, "solve: out of memory");
    st = ETO_ERR_NOMEM;
    goto out;
  }
  /* the incumbent of every solver: the required nodes alone (exact and cheap) */
  base_set(&p, bactive);
  t.base_cost = sel_finish(&p, w, bactive, bpedge);

  eto_sel_solver s = o.solver;
  int run_ilp = 0;
  if (s == ETO_SEL_AUTO) {
    if (b == 0)
      s = ETO_SEL_ARBORESCENCE;
    else if (b <= o.subsets_max && ldexp((double)p.m + n1, b) <= o.subsets_work)
      s = ETO_SEL_SUBSETS;
    else {
      s = ETO_SEL_GREEDY;
      run_ilp = o.ilp_time_limit > 0 && o.ilp_max_edges > 0 && p.m <= o.ilp_max_edges;
    }
  } else if (s == ETO_SEL_ILP) {
    s = ETO_SEL_GREEDY; /* the seed */
    run_ilp = 1;
    if (!(o.ilp_time_limit > 0)) o.ilp_time_limit = 10.0;
  }
  if (s == ETO_SEL_ARBORESCENCE && b > 0) {
    sel_set_err(
        g, p.bridge[0],
        "solve: the arborescence solver needs every node required, but %d optional node%s (first: %d) "
        "could be used; use subsets, greedy, ilp or auto",
        b, b == 1 ? "" : "s", p.bridge[0]);
    st = ETO_ERR_INVALID;
    goto out;
  }
  if (s == ETO_SEL_SUBSETS && b > 0 && b > o.subsets_max) {
    sel_set_err(g, -1, "solve: %d optional nodes are too many for the subsets solver (at most %d)", b,
                o.subsets_max < 0 ? 0 : o.subsets_max);
    st = ETO_ERR_LIMIT;
    goto out;
  }

  int64_t cost;
  if (s == ETO_SEL_ARBORESCENCE) {
    cost = t.base_cost;
    memcpy(active, bactive, (size_t)n1);
    memcpy(pedge, bpedge, (size_t)n1 * sizeof(int));
    t.solver = ETO_SEL_ARBORESCENCE;
    t.bound = cost;
  } else if (s == ETO_SEL_SUBSETS) {
    cost = solve_subsets(&p, w, active, pedge);
    t.solver = ETO_SEL_SUBSETS;
    t.bound = cost;
  } else {
    double tg = eto_now();
    cost = solve_greedy(&p, w, o.improve_evals, bactive, bpedge, t.base_cost, active, pedge, &t.flac_cost);
    t.greedy_seconds = eto_now() - tg;
    if (cost == -2) {
      sel_set_err(g, -1, "solve: out of memory");
      st = ETO_ERR_NOMEM;
      goto out;
    }
    t.greedy_cost = cost;
    t.solver = ETO_SEL_GREEDY;
    t.bound = degree_bound(&p);
    if (run_ilp) {
      double ti = eto_now();
      sel_ilp_info info;
      st = sel_ilp_solve(g, &p, o.ilp_time_limit, !o.ilp_plain, active, pedge, gactive, gpedge, &info);
      if (st == ETO_ERR_UNSUPPORTED && o.solver == ETO_SEL_AUTO) { /* AUTO keeps the GREEDY tree */
        t.ilp = ETO_SEL_ILP_FAILED;
        t.ilp_seconds = eto_now() - ti;
        st = ETO_OK;
        goto done;
      }
      if (st != ETO_OK) goto out;
      int64_t ic = sel_finish(&p, w, gactive, gpedge);
      t.ilp_seconds = eto_now() - ti;
      t.ilp = (eto_sel_ilp_status)info.status;
      t.ilp_cost = ic;
      if (info.status == ETO_SEL_ILP_OPTIMAL && ic >= 0) info.bound = ic;
      if (info.bound > t.bound) t.bound = info.bound;
      /* AUTO keeps GREEDY's tree on ties; an explicit ILP returns its own tree unless it is dearer */
      if (ic >= 0 && (ic < cost || (ic == cost && o.solver == ETO_SEL_ILP))) {
        cost = ic;
        memcpy(active, gactive, (size_t)n1);
        memcpy(pedge, gpedge, (size_t)n1 * sizeof(int));
        t.solver = ETO_SEL_ILP;
      }
    }
  }
done:
  if (cost < 0) { /* every required node is reachable, so every exact solver has a tree */
    sel_set_err(g, -1, "solve: internal error: no tree found");
    st = ETO_ERR_INVALID;
    goto out;
  }
  st = make_tree(g, &p, active, pedge, &t);
  if (st != ETO_OK) goto out;
  set_bound(&t, t.bound);
  t.seconds = eto_now() - t0;
  *out = t;
  memset(&t, 0, sizeof t);
out:
  eto_sel_tree_free(&t);
  sel_arb_free(w);
  free(active);
  free(gactive);
  free(bactive);
  free(pedge);
  free(gpedge);
  free(bpedge);
  prob_free(&p);
  return st;
}

void eto_sel_tree_free(eto_sel_tree *t) {
  if (!t) return;
  free(t->parent);
  free(t->edge);
  memset(t, 0, sizeof *t);
}

int eto_sel_tree_contains(const eto_sel_tree *t, int v) {
  if (!t || !t->parent || v < 0 || v > t->n) return 0;
  return v == 0 || t->parent[v] >= 0;
}

void sel_tree_children(const eto_sel_tree *t, int *start, int *kids) {
  int n1 = t->n + 1;
  memset(start, 0, ((size_t)n1 + 1) * sizeof(int));
  for (int v = 1; v < n1; v++) /* counting sort on the parent */
    if (t->parent[v] >= 0) start[t->parent[v] + 1]++;
  for (int v = 0; v < n1; v++) start[v + 1] += start[v];
  for (int v = 1; v < n1; v++)
    if (t->parent[v] >= 0) kids[start[t->parent[v]]++] = v;
  for (int v = n1; v > 0; v--) start[v] = start[v - 1];
  start[0] = 0;
}

int eto_sel_tree_order(const eto_sel_tree *t, int *order) {
  if (!t || !t->parent || !order) return 0;
  int n1 = t->n + 1;
  int *start = malloc(((size_t)n1 + 1) * sizeof(int)), *kids = malloc((size_t)n1 * sizeof(int));
  if (!start || !kids) {
    free(start);
    free(kids);
    return 0;
  }
  sel_tree_children(t, start, kids);
  int head = 0, tail = 0, cur = 0;
  for (;;) {
    for (int i = start[cur]; i < start[cur + 1]; i++) order[tail++] = kids[i];
    if (head == tail) break;
    cur = order[head++];
  }
  free(start);
  free(kids);
  return tail;
}
