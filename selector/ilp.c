/* ilp.c — the directed Steiner tree as a GLPK mixed-integer program (single-commodity flow), strengthened
 * with directed-cut rows.
 *
 * Variables, for each pair (u, v) joined by a kept edge (the cheapest edge of the pair stands for it):
 *   x_uv ∈ {0,1}  the tree uses u -> v;         f_uv ∈ [0, K]  flow on u -> v (K = number of required nodes);
 * and for each optional node v:  y_v ∈ {0,1}  v is in the tree.
 * Rows:
 *   in-degree     Σ_u x_uv = 1 for a required v;   Σ_u x_uv - y_v = 0 for an optional v;
 *   sends         x_uv - y_u <= 0 for an optional u (a bridge sends only if entered);
 *   conservation  Σ_u f_uv - Σ_w f_vw = 1 for a required v, 0 for an optional v (the root sends K);
 *   capacity      f_uv - K x_uv <= 0.
 * Minimize Σ cost_uv x_uv. Each required node then has a unique chain of x arcs back to the root; optional
 * nodes on zero-cost cycles away from the root are dropped by the caller's breadth-first walk.
 *
 * The flow rows alone give a weak LP bound (the big-M capacity lets fractional cycles through), so directed
 * cuts are added: for a fractional x*, a node v whose max flow from the root (capacities x*) is below 1
 * (required) or y*_v (optional) lies behind a set S ∋ root, v ∉ S, whose entering x* is too small; every tree
 * crosses it, so  Σ_{u ∈ S, w ∉ S} x_uw >= 1  (or  >= y_v)  is valid and cuts x* off. Rounds of these cuts
 * are first run on the small LP without flow columns (fast re-solves), the cuts tight at its optimum are
 * copied into the MIP, and branch-and-cut adds a few more rounds per subproblem (GLP_IROWGEN). The flow rows
 * keep the model exact whatever cuts are present.
 *
 * GLPK runs with presolve off (the LP relaxation is solved first, as glp_intopt then requires); a callback
 * hands GLPK the seed tree as its first incumbent and records the best bound of the open subproblems.
 */
#include <glpk.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sel_internal.h"

#define SEP_EPS 1e-9
#define SEP_VIOLATION 1e-3 /* smallest violation worth a row */
#define SEP_MAX_CUTS 400   /* rows per round */
#define LP_ROUNDS 500      /* cut rounds on the flow-free LP ... */
#define LP_TIME_SHARE 0.5  /* ... within this share of the time limit */
#define BC_ROUNDS_ROOT 20  /* cut rounds in branch-and-cut at the root subproblem */
#define BC_ROUNDS_NODE 3   /* ... and at every other subproblem */

/* ---- the model ---- */

typedef struct {
  const sel_prob *p;
  int np;             /* pairs; x column of pair i is i + 1 */
  int *rep;           /* [np] kept edge standing for the pair (the cheapest, then the lowest index) */
  int *col_of;        /* [m] kept edge -> x column */
  int *yidx;          /* [n1] 1..ny for optional kept nodes, 0 otherwise */
  int *deg_row;       /* [n1] in-degree row of each kept non-root node */
  unsigned char *req; /* [n1] required and kept */
  int ny, nnodes, K;
} model;

typedef struct {
  int to, from, e;
  int64_t cost;
} pair_key;

static int pair_cmp(const void *x, const void *y) {
  const pair_key *a = x, *b = y;
  if (a->to != b->to) return a->to < b->to ? -1 : 1;
  if (a->from != b->from) return a->from < b->from ? -1 : 1;
  if (a->cost != b->cost) return a->cost < b->cost ? -1 : 1;
  return (a->e > b->e) - (a->e < b->e);
}

static void model_free(model *md) {
  free(md->rep);
  free(md->col_of);
  free(md->yidx);
  free(md->deg_row);
  free(md->req);
}

static int model_init(model *md, const sel_prob *p) {
  memset(md, 0, sizeof *md);
  int n1 = p->n1;
  md->p = p;
  md->rep = malloc(((size_t)p->m + 1) * sizeof(int));
  md->col_of = malloc(((size_t)p->m + 1) * sizeof(int));
  md->yidx = calloc((size_t)n1, sizeof(int));
  md->deg_row = calloc((size_t)n1, sizeof(int));
  md->req = calloc((size_t)n1, 1);
  pair_key *pk = malloc(((size_t)p->m + 1) * sizeof *pk);
  if (!md->rep || !md->col_of || !md->yidx || !md->deg_row || !md->req || !pk) {
    free(pk);
    return -1;
  }
  for (int e = 0; e < p->m; e++) pk[e] = (pair_key){p->to[e], p->from[e], e, p->cost[e]};
  qsort(pk, (size_t)p->m, sizeof *pk, pair_cmp);
  for (int i = 0; i < p->m; i++) {
    if (i == 0 || pk[i].to != pk[i - 1].to || pk[i].from != pk[i - 1].from) md->rep[md->np++] = pk[i].e;
    md->col_of[pk[i].e] = md->np;
  }
  free(pk);
  for (int v = 1; v < n1; v++) {
    if (p->role[v] == SEL_OUT) continue;
    md->deg_row[v] = ++md->nnodes;
    if (p->kind[v] == ETO_SEL_REQUIRED) {
      md->req[v] = 1;
      md->K++;
    } else {
      md->yidx[v] = ++md->ny;
    }
  }
  return 0;
}

static int ybase_of(const model *md, int flow) { return flow ? 2 * md->np : md->np; }

/* Fills P with the model: with flow columns and rows and binary x, y (the MIP), or without (the LP for the
 * cut loop, x and y in [0, 1]). Returns 0, or -1 when out of memory. */
static int model_build(const model *md, glp_prob *P, int flow) {
  const sel_prob *p = md->p;
  int np = md->np, ybase = ybase_of(md, flow);
  int nsend = 0;
  for (int i = 0; i < np; i++)
    if (md->yidx[p->from[md->rep[i]]]) nsend++;
  int nrows = md->nnodes + nsend + (flow ? md->nnodes + np : 0);
  size_t nz = (size_t)np + (size_t)md->ny + 2 * (size_t)nsend + (flow ? 4 * (size_t)np : 0) + 1;
  int *ia = malloc(nz * sizeof(int)), *ja = malloc(nz * sizeof(int));
  double *ar = malloc(nz * sizeof(double));
  if (!ia || !ja || !ar) {
    free(ia);
    free(ja);
    free(ar);
    return -1;
  }
  glp_set_obj_dir(P, GLP_MIN);
  glp_add_cols(P, ybase + md->ny);
  glp_add_rows(P, nrows);
  for (int j = 1; j <= np; j++) {
    glp_set_obj_coef(P, j, (double)p->cost[md->rep[j - 1]]);
    if (flow) {
      glp_set_col_kind(P, j, GLP_BV);
      glp_set_col_bnds(P, np + j, GLP_DB, 0.0, (double)md->K);
    } else {
      glp_set_col_bnds(P, j, GLP_DB, 0.0, 1.0);
    }
  }
  /* rows 1..nnodes: in-degree; then (flow) nnodes conservation rows; then sends and capacities */
  size_t k = 0;
  for (int v = 1; v < p->n1; v++) {
    int r = md->deg_row[v];
    if (!r) continue;
    double rhs = md->req[v] ? 1.0 : 0.0;
    glp_set_row_bnds(P, r, GLP_FX, rhs, rhs);
    if (flow) glp_set_row_bnds(P, r + md->nnodes, GLP_FX, rhs, rhs);
    if (md->yidx[v]) {
      int y = ybase + md->yidx[v];
      if (flow)
        glp_set_col_kind(P, y, GLP_BV);
      else
        glp_set_col_bnds(P, y, GLP_DB, 0.0, 1.0);
      k++, ia[k] = r, ja[k] = y, ar[k] = -1.0;
    }
  }
  int r = flow ? 2 * md->nnodes : md->nnodes;
  for (int j = 1; j <= np; j++) {
    int e = md->rep[j - 1], u = p->from[e], v = p->to[e];
    k++, ia[k] = md->deg_row[v], ja[k] = j, ar[k] = 1.0; /* in-degree of v */
    if (md->yidx[u]) {                                   /* sends only if entered */
      glp_set_row_bnds(P, ++r, GLP_UP, 0.0, 0.0);
      k++, ia[k] = r, ja[k] = j, ar[k] = 1.0;
      k++, ia[k] = r, ja[k] = ybase + md->yidx[u], ar[k] = -1.0;
    }
    if (flow) {
      k++, ia[k] = md->deg_row[v] + md->nnodes, ja[k] = np + j, ar[k] = 1.0; /* flow into v */
      if (u != ETO_SEL_ROOT)
        k++, ia[k] = md->deg_row[u] + md->nnodes, ja[k] = np + j, ar[k] = -1.0; /* out of u */
      glp_set_row_bnds(P, ++r, GLP_UP, 0.0, 0.0);                               /* capacity */
      k++, ia[k] = r, ja[k] = np + j, ar[k] = 1.0;
      k++, ia[k] = r, ja[k] = j, ar[k] = -(double)md->K;
    }
  }
  glp_load_matrix(P, (int)k, ia, ja, ar);
  free(ia);
  free(ja);
  free(ar);
  return 0;
}

/* ---- directed-cut separation ---- */

typedef struct {
  const model *md;
  int ybase;        /* y column of v is ybase + yidx[v] in the problem being separated */
  int *pfrom, *pto; /* [np] ends of each pair */
  /* residual network over the pairs with x* > 0: arcs 2i (forward) and 2i + 1 (reverse) */
  int *head, *nxt, *dst;
  double *cap, *res;
  int narcs;
  int *queue, *pred;
  unsigned char *inS;
  int *ind;
  double *val;
  uint64_t *seen; /* hashes of the cuts added in the current round */
  int nseen, capseen;
} sep_state;

static void sep_free(sep_state *s) {
  free(s->pfrom);
  free(s->pto);
  free(s->head);
  free(s->nxt);
  free(s->dst);
  free(s->cap);
  free(s->res);
  free(s->queue);
  free(s->pred);
  free(s->inS);
  free(s->ind);
  free(s->val);
  free(s->seen);
}

static int sep_init(sep_state *s, const model *md) {
  memset(s, 0, sizeof *s);
  size_t n1 = (size_t)md->p->n1, np = (size_t)md->np;
  s->md = md;
  s->pfrom = malloc(np * sizeof(int) + 1);
  s->pto = malloc(np * sizeof(int) + 1);
  s->head = malloc(n1 * sizeof(int));
  s->nxt = malloc(2 * np * sizeof(int) + 1);
  s->dst = malloc(2 * np * sizeof(int) + 1);
  s->cap = malloc(2 * np * sizeof(double) + 1);
  s->res = malloc(2 * np * sizeof(double) + 1);
  s->queue = malloc(n1 * sizeof(int));
  s->pred = malloc(n1 * sizeof(int));
  s->inS = malloc(n1);
  s->ind = malloc((np + 2) * sizeof(int));
  s->val = malloc((np + 2) * sizeof(double));
  if (!s->pfrom || !s->pto || !s->head || !s->nxt || !s->dst || !s->cap || !s->res || !s->queue || !s->pred ||
      !s->inS || !s->ind || !s->val)
    return -1;
  for (int i = 0; i < md->np; i++) {
    s->pfrom[i] = md->p->from[md->rep[i]];
    s->pto[i] = md->p->to[md->rep[i]];
  }
  return 0;
}

/* Max flow from the root to t (Edmonds–Karp, stopping at `need`); leaves inS = what the root reaches in the
 * residual network, the source side of a minimum cut when the flow falls short. */
static double max_flow(sep_state *s, int t, double need) {
  int n1 = s->md->p->n1;
  for (int a = 0; a < s->narcs; a++) s->res[a] = s->cap[a];
  double flow = 0;
  for (;;) {
    memset(s->inS, 0, (size_t)n1);
    int head = 0, tail = 0;
    s->queue[tail++] = ETO_SEL_ROOT;
    s->inS[ETO_SEL_ROOT] = 1;
    while (head < tail && !s->inS[t]) {
      int v = s->queue[head++];
      for (int a = s->head[v]; a >= 0; a = s->nxt[a]) {
        int w = s->dst[a];
        if (s->inS[w] || s->res[a] <= SEP_EPS) continue;
        s->inS[w] = 1;
        s->pred[w] = a;
        s->queue[tail++] = w;
      }
    }
    if (!s->inS[t] || flow >= need - SEP_EPS) return flow;
    double push = need - flow;
    for (int v = t; v != ETO_SEL_ROOT; v = s->dst[s->pred[v] ^ 1])
      if (s->res[s->pred[v]] < push) push = s->res[s->pred[v]];
    for (int v = t; v != ETO_SEL_ROOT; v = s->dst[s->pred[v] ^ 1]) {
      s->res[s->pred[v]] -= push;
      s->res[s->pred[v] ^ 1] += push;
    }
    flow += push;
  }
}

/* After a max flow that fell short: replaces inS by the complement of the nodes that reach t in the residual
 * network. That minimum cut is the one closest to t (a "back cut"): for a cycle that nothing enters it is the
 * cycle itself, where the cut next to the root would lump every unreached node together. */
static void back_side(sep_state *s, int t) {
  int n1 = s->md->p->n1, head = 0, tail = 0;
  memset(s->inS, 1, (size_t)n1);
  s->inS[t] = 0;
  s->queue[tail++] = t;
  while (head < tail) {
    int y = s->queue[head++];
    for (int b = s->head[y]; b >= 0; b = s->nxt[b]) { /* b leaves y; b ^ 1 enters y from dst[b] */
      int x = s->dst[b];
      if (!s->inS[x] || s->res[b ^ 1] <= SEP_EPS) continue;
      s->inS[x] = 0;
      s->queue[tail++] = x;
    }
  }
}

/* Adds to P the violated cuts for the current LP solution (at most SEP_MAX_CUTS). Returns how many. */
static int separate(sep_state *s, glp_prob *P) {
  const model *md = s->md;
  int n1 = md->p->n1, np = md->np;
  memset(s->head, -1, (size_t)n1 * sizeof(int));
  s->narcs = 0;
  s->nseen = 0;
  for (int i = 0; i < np; i++) {
    double x = glp_get_col_prim(P, i + 1);
    if (x <= SEP_EPS) continue;
    int a = s->narcs, u = s->pfrom[i], v = s->pto[i];
    s->dst[a] = v, s->cap[a] = x, s->nxt[a] = s->head[u], s->head[u] = a;
    s->dst[a + 1] = u, s->cap[a + 1] = 0, s->nxt[a + 1] = s->head[v], s->head[v] = a + 1;
    s->narcs += 2;
  }
  int added = 0;
  for (int t = 1; t < n1 && added < SEP_MAX_CUTS; t++) {
    double need;
    if (md->req[t])
      need = 1.0;
    else if (md->yidx[t])
      need = glp_get_col_prim(P, s->ybase + md->yidx[t]);
    else
      continue;
    if (need <= SEP_VIOLATION || max_flow(s, t, need) >= need - SEP_VIOLATION) continue;
    back_side(s, t);
    int len = 0;
    uint64_t h = 1469598103934665603ull; /* FNV-1a over the row's columns */
    for (int i = 0; i < np; i++) {
      if (s->inS[s->pfrom[i]] && !s->inS[s->pto[i]]) {
        s->ind[++len] = i + 1;
        s->val[len] = 1.0;
        h = (h ^ (uint64_t)(i + 1)) * 1099511628211ull;
      }
    }
    if (!md->req[t]) {
      s->ind[++len] = s->ybase + md->yidx[t];
      s->val[len] = -1.0;
      h = (h ^ (uint64_t)s->ind[len]) * 1099511628211ull;
    }
    int dup = 0;
    for (int k = 0; k < s->nseen && !dup; k++) dup = s->seen[k] == h;
    if (dup) continue;
    if (s->nseen == s->capseen) {
      int cap = s->capseen ? 2 * s->capseen : 256;
      uint64_t *nh = realloc(s->seen, (size_t)cap * sizeof *nh);
      if (!nh) break;
      s->seen = nh;
      s->capseen = cap;
    }
    s->seen[s->nseen++] = h;
    int r = glp_add_rows(P, 1);
    glp_set_mat_row(P, r, len, s->ind, s->val);
    glp_set_row_bnds(P, r, GLP_LO, md->req[t] ? 1.0 : 0.0, 0.0);
    added++;
  }
  return added;
}

/* ---- branch-and-cut callback ---- */

typedef struct {
  const double *seed; /* [ncols + 1] or NULL */
  int seeded;
  double bound; /* best proven lower bound so far, -HUGE_VAL if none */
  sep_state *sep;
  int node, rounds; /* separation rounds at the current subproblem */
} cb_state;

static void ilp_callback(glp_tree *T, void *info) {
  cb_state *c = info;
  switch (glp_ios_reason(T)) {
  case GLP_IROWGEN: {
    if (!c->sep) break;
    int node = glp_ios_curr_node(T), level = glp_ios_node_level(T, node);
    glp_prob *P = glp_ios_get_prob(T);
    if (level == 0 && glp_get_obj_val(P) > c->bound)
      c->bound = glp_get_obj_val(P); /* root LP: global bound */
    if (node != c->node) {
      c->node = node;
      c->rounds = 0;
    }
    if (c->rounds >= (level == 0 ? BC_ROUNDS_ROOT : BC_ROUNDS_NODE)) break;
    c->rounds++;
    separate(c->sep, P);
    break;
  }
  case GLP_IHEUR:
    if (c->seed && !c->seeded) {
      c->seeded = 1;
      glp_ios_heur_sol(T, c->seed);
    }
    break;
  case GLP_ISELECT: {
    int p = glp_ios_best_node(T);
    if (p) {
      double b = glp_ios_node_bound(T, p);
      if (b > c->bound) c->bound = b;
    }
    break;
  }
  default:
    break;
  }
}

/* ---- driver ---- */

static int ms_of(double s) {
  if (!(s > 0)) return 1;
  double ms = s * 1000.0;
  return ms >= (double)INT_MAX ? INT_MAX : (int)ms + 1;
}

static int64_t bound_of(double b) {
  if (!(b > -HUGE_VAL)) return -1;
  double c = ceil(b - 1e-6 * fmax(1.0, fabs(b)));
  return c < 0 ? 0 : (int64_t)c;
}

/* Cut rounds on the flow-free LP until no cut is violated or the deadline passes; then copies the cuts tight
 * at the last optimum into the MIP P. Returns the LP bound (-HUGE_VAL if the LP did not solve). When the last
 * LP optimum violates no cut and is integral, it is an optimal tree: *integral is set and chosen[v] receives
 * the pair column entering each node in it (0 elsewhere). */
static double lp_cut_loop(const model *md, sep_state *s, glp_prob *P, double deadline, int *integral,
                          int *chosen) {
  glp_prob *L = glp_create_prob();
  double bound = -HUGE_VAL;
  if (model_build(md, L, 0) != 0) {
    glp_delete_prob(L);
    return bound;
  }
  int base = glp_get_num_rows(L);
  glp_smcp smcp;
  glp_init_smcp(&smcp);
  smcp.msg_lev = GLP_MSG_OFF;
  s->ybase = ybase_of(md, 0);
  for (int round = 0; round < LP_ROUNDS; round++) {
    double left = deadline - eto_now();
    if (left <= 0) break;
    smcp.tm_lim = ms_of(left);
    if (glp_simplex(L, &smcp) != 0 || glp_get_status(L) != GLP_OPT) break;
    bound = glp_get_obj_val(L);
    smcp.meth = GLP_DUALP; /* rows were added to an optimal basis: the dual simplex restarts from it */
    if (separate(s, L) == 0) {
      int ok = 1;
      memset(chosen, 0, (size_t)md->p->n1 * sizeof(int));
      for (int j = 1; j <= md->np && ok; j++) {
        double x = glp_get_col_prim(L, j);
        if (x > 1e-6 && x < 1 - 1e-6) ok = 0;
        if (x >= 1 - 1e-6) chosen[s->pto[j - 1]] = j;
      }
      *integral = ok;
      break;
    }
  }
  /* the last round's rows were not solved yet; keep the ones that were tight before them or are new */
  int nrows = glp_get_num_rows(L), ybL = ybase_of(md, 0), ybP = ybase_of(md, 1);
  for (int r = base + 1; r <= nrows; r++) {
    if (glp_get_row_stat(L, r) == GLP_BS && glp_get_row_prim(L, r) > glp_get_row_lb(L, r) + 1e-6) continue;
    int len = glp_get_mat_row(L, r, s->ind, s->val);
    for (int k = 1; k <= len; k++)
      if (s->ind[k] > ybL) s->ind[k] += ybP - ybL;
    int rp = glp_add_rows(P, 1);
    glp_set_mat_row(P, rp, len, s->ind, s->val);
    glp_set_row_bnds(P, rp, GLP_LO, glp_get_row_lb(L, r), 0.0);
  }
  glp_delete_prob(L);
  return bound;
}

eto_status sel_ilp_solve(eto_sel_graph *g, const sel_prob *p, double time_limit, int cuts,
                         const unsigned char *seed_active, const int *seed_pedge, unsigned char *active,
                         int *pedge, sel_ilp_info *info) {
  int n1 = p->n1;
  eto_status st = ETO_ERR_NOMEM;
  double t0 = eto_now();
  info->status = ETO_SEL_ILP_NOT_RUN;
  info->bound = -1;
  model md;
  sep_state sep;
  memset(&sep, 0, sizeof sep);
  double *seed = NULL;
  int *chosen = malloc((size_t)n1 * sizeof(int));
  glp_prob *P = NULL;
  int term_prev = glp_term_out(GLP_OFF);
  if (model_init(&md, p) != 0 || !chosen) goto out;
  if (md.K == 0) { /* nothing required: the root alone (GLPK refuses empty problems) */
    memset(active, 0, (size_t)n1);
    active[0] = 1;
    info->status = ETO_SEL_ILP_OPTIMAL;
    info->bound = 0;
    st = ETO_OK;
    goto out;
  }
  if (sep_init(&sep, &md) != 0) goto out;
  P = glp_create_prob();
  if (model_build(&md, P, 1) != 0) goto out;
  int np = md.np, ncols = glp_get_num_cols(P), ybase = ybase_of(&md, 1);

  /* the seed as a full column vector */
  if (seed_active && seed_pedge) {
    seed = calloc((size_t)ncols + 1, sizeof(double));
    if (!seed) goto out;
    for (int v = 1; v < n1; v++) {
      if (!seed_active[v]) continue;
      seed[md.col_of[seed_pedge[v]]] = 1.0;
      if (md.yidx[v]) seed[ybase + md.yidx[v]] = 1.0;
    }
    for (int v = 1; v < n1; v++) { /* each required node adds one unit of flow on its chain to the root */
      if (!seed_active[v] || !md.req[v]) continue;
      for (int x = v; x != ETO_SEL_ROOT; x = p->from[seed_pedge[x]])
        seed[np + md.col_of[seed_pedge[x]]] += 1.0;
    }
  }

  cb_state cb = {seed, 0, -HUGE_VAL, cuts ? &sep : NULL, -1, 0};
  int integral = 0;
  if (cuts) cb.bound = lp_cut_loop(&md, &sep, P, t0 + LP_TIME_SHARE * time_limit, &integral, chosen);
  sep.ybase = ybase;
  if (integral) { /* the LP optimum is a tree (every cut holds: each node it enters hangs from the root) */
    memset(active, 0, (size_t)n1);
    active[0] = 1;
    for (int v = 1; v < n1; v++) {
      if (!chosen[v]) continue;
      active[v] = 1;
      pedge[v] = md.rep[chosen[v] - 1];
    }
    info->status = ETO_SEL_ILP_OPTIMAL;
    info->bound = bound_of(cb.bound);
    st = ETO_OK;
    goto out;
  }
  if (seed) { /* the LP bound may already prove the seed optimal */
    int64_t seed_cost = 0;
    for (int v = 1; v < n1; v++)
      if (seed_active[v]) seed_cost += p->cost[seed_pedge[v]];
    if (bound_of(cb.bound) >= seed_cost) {
      memcpy(active, seed_active, (size_t)n1);
      for (int v = 1; v < n1; v++)
        if (seed_active[v]) pedge[v] = seed_pedge[v];
      info->status = ETO_SEL_ILP_OPTIMAL;
      info->bound = seed_cost;
      st = ETO_OK;
      goto out;
    }
  }

  glp_smcp smcp;
  glp_init_smcp(&smcp);
  smcp.msg_lev = GLP_MSG_OFF;
  smcp.tm_lim = ms_of(time_limit - (eto_now() - t0));
  int ret = glp_simplex(P, &smcp);
  int have_mip = 0;
  if (ret == 0 && glp_get_status(P) == GLP_OPT) {
    if (glp_get_obj_val(P) > cb.bound) cb.bound = glp_get_obj_val(P);
    glp_iocp iocp;
    glp_init_iocp(&iocp);
    iocp.msg_lev = GLP_MSG_OFF;
    iocp.presolve = GLP_OFF;
    iocp.cb_func = ilp_callback;
    iocp.cb_info = &cb;
    iocp.tm_lim = ms_of(time_limit - (eto_now() - t0));
    ret = glp_intopt(P, &iocp);
    if (ret != 0 && ret != GLP_ETMLIM) {
      sel_set_err(g, -1, "ILP: GLPK glp_intopt failed with code %d", ret);
      st = ETO_ERR_UNSUPPORTED;
      goto out;
    }
    int ms = glp_mip_status(P);
    have_mip = ms == GLP_OPT || ms == GLP_FEAS;
    info->status = ret == 0 && ms == GLP_OPT ? ETO_SEL_ILP_OPTIMAL : ETO_SEL_ILP_TIME_LIMIT;
  } else if (ret != 0 && ret != GLP_ETMLIM && ret != GLP_EITLIM) {
    sel_set_err(g, -1, "ILP: GLPK glp_simplex failed with code %d", ret);
    st = ETO_ERR_UNSUPPORTED;
    goto out;
  } else {
    info->status = ETO_SEL_ILP_TIME_LIMIT;
  }
  info->bound = bound_of(cb.bound);

  int ok = 0;
  if (have_mip) {
    /* read the x arcs, then keep what hangs from the root */
    for (int v = 0; v < n1; v++) chosen[v] = -1;
    for (int j = 1; j <= np; j++)
      if (glp_mip_col_val(P, j) > 0.5) chosen[p->to[md.rep[j - 1]]] = md.rep[j - 1];
    memset(active, 0, (size_t)n1);
    active[0] = 1;
    for (int changed = 1; changed;) { /* fixed point: n is small where the ILP runs */
      changed = 0;
      for (int v = 1; v < n1; v++) {
        if (!active[v] && chosen[v] >= 0 && active[p->from[chosen[v]]]) {
          active[v] = 1;
          pedge[v] = chosen[v];
          changed = 1;
        }
      }
    }
    ok = 1;
    for (int v = 1; v < n1; v++)
      if (md.req[v] && !active[v]) ok = 0;
  }
  if (!ok) {
    if (!seed) {
      sel_set_err(g, -1, "ILP: no tree found within %.3g s", time_limit);
      st = ETO_ERR_UNSUPPORTED;
      goto out;
    }
    memcpy(active, seed_active, (size_t)n1);
    for (int v = 1; v < n1; v++)
      if (seed_active[v]) pedge[v] = seed_pedge[v];
    if (info->status == ETO_SEL_ILP_OPTIMAL) info->status = ETO_SEL_ILP_TIME_LIMIT;
  }
  st = ETO_OK;
out:
  if (st == ETO_ERR_NOMEM) sel_set_err(g, -1, "ILP: out of memory");
  if (P) glp_delete_prob(P);
  glp_term_out(term_prev);
  model_free(&md);
  sep_free(&sep);
  free(seed);
  free(chosen);
  return st;
}
