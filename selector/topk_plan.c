/* topk_plan.c — the Selective Tuning baseline's plan (docs/architecture.md §8): knob-overlap similarity of operators,
 * maximal-clique clustering (Bron–Kerbosch with pivoting), one representative per cluster for the full
 * search and TopK for the other members. The result is an eto_sel_plan with topk = 1, so the plan printers
 * and the driver (driver/driver.h) serve both kinds of plans. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cache.h"
#include "schedule.h"
#include "selector.h"

/* ---- similarity ---- */

/* C(e + k, k), exact for the small e and k of tile splits. */
static uint64_t binom(int64_t e, int k) {
  uint64_t c = 1;
  for (int i = 1; i <= k; i++) c = c * (uint64_t)(e + i) / (uint64_t)i; /* exact: C(e+i, i) at every step */
  return c;
}

/* The ordered inner-tuples whose product divides n are the ordered (inner + 1)-factorizations of n
 * (the outermost factor takes the rest): multiplicative, C(e + inner, inner) for each prime power p^e of n. */
uint64_t eto_sel_topk_split_count(int64_t extent, int inner) {
  if (extent < 1 || inner < 0) return 0;
  uint64_t count = 1;
  int64_t n = extent;
  for (int64_t p = 2; p <= n / p; p++) {
    int64_t e = 0;
    while (n % p == 0) {
      n /= p;
      e++;
    }
    if (e) count *= binom(e, inner);
  }
  if (n > 1) count *= binom(1, inner);
  return count;
}

double eto_sel_topk_split_overlap(int64_t a, int64_t b, int inner) {
  if (a < 1 || b < 1 || inner < 0) return 0;
  double ca = (double)eto_sel_topk_split_count(a, inner), cb = (double)eto_sel_topk_split_count(b, inner);
  double both = (double)eto_sel_topk_split_count(eto_gcd64(a, b), inner);
  return both / (ca + cb - both);
}

/* What the similarity needs of one operator, computed once. */
typedef struct {
  eto_op_kind kind; /* reuse kind */
  char sig[256];
  eto_loop_nest nest;
  int space_inner, reduce_inner; /* inner tile levels of the first sketch */
} op_info;

static void info_of(const eto_op *op, const eto_target *t, op_info *out) {
  memset(out, 0, sizeof *out);
  eto_compute c;
  eto_op_compute(op, &c);
  out->kind = eto_op_reuse_kind(op->kind);
  eto_sched_signature(&c, t, out->sig, sizeof out->sig);
  out->nest = c.nest;
  eto_sketch_set set;
  eto_sched_sketches(&c, t, &set);
  switch (set.kind[0]) { /* the levels of schedule.h that a program chooses (S0 and R0 follow from the rest) */
  case ETO_SKETCH_MULTI_LEVEL: out->space_inner = ETO_SPACE_LEVELS - 1, out->reduce_inner = ETO_REDUCE_LEVELS - 1; break;
  case ETO_SKETCH_CROSS_THREAD: out->space_inner = 1, out->reduce_inner = 2; break; /* S4; R1, R2 */
  default: out->space_inner = 2, out->reduce_inner = 0; break;                       /* S2, S4; serial */
  }
}

static double info_similarity(const op_info *a, const op_info *b) {
  if (a->kind != b->kind || strcmp(a->sig, b->sig) != 0) return 0;
  if (a->nest.nspace != b->nest.nspace || a->nest.nreduce != b->nest.nreduce) return 0;
  double s = 1; /* the unroll knob: the same options everywhere, overlap 1 */
  for (int i = 0; i < a->nest.nspace; i++)
    s *= eto_sel_topk_split_overlap(a->nest.space[i].extent, b->nest.space[i].extent, a->space_inner);
  for (int j = 0; j < a->nest.nreduce; j++)
    s *= eto_sel_topk_split_overlap(a->nest.reduce[j].extent, b->nest.reduce[j].extent, a->reduce_inner);
  return s;
}

double eto_sel_topk_similarity(const eto_op *a, const eto_op *b, const eto_target *t) {
  op_info ia, ib;
  info_of(a, t, &ia);
  info_of(b, t, &ib);
  return info_similarity(&ia, &ib);
}

/* ---- maximal cliques: Bron–Kerbosch with pivoting (Tomita's pivot: most neighbours in P) ---- */

typedef struct {
  int n, words;
  const uint64_t *adj; /* [n * words] adjacency bitsets, no self-loops */
  int *r, nr;          /* the growing clique */
  int *members, nmembers, cap_members; /* found cliques, flat */
  int *start, ncliques, cap_cliques;   /* clique c = members[start[c] .. start[c + 1]) */
  int err;                             /* 1: out of memory, 2: too many cliques */
} bk_state;

static int popcount_and(const uint64_t *a, const uint64_t *b, int words) {
  int c = 0;
  for (int w = 0; w < words; w++) c += __builtin_popcountll(a[w] & b[w]);
  return c;
}

static int bk_report(bk_state *s) {
  if (s->ncliques >= ETO_SEL_TOPK_MAX_CLIQUES) return s->err = 2;
  if (s->ncliques + 2 > s->cap_cliques) {
    int cap = s->cap_cliques ? 2 * s->cap_cliques : 64;
    int *p = realloc(s->start, sizeof *p * (size_t)cap);
    if (!p) return s->err = 1;
    s->start = p;
    s->cap_cliques = cap;
  }
  if (s->nmembers + s->nr > s->cap_members) {
    int cap = s->cap_members ? 2 * s->cap_members : 256;
    while (cap < s->nmembers + s->nr) cap *= 2;
    int *p = realloc(s->members, sizeof *p * (size_t)cap);
    if (!p) return s->err = 1;
    s->members = p;
    s->cap_members = cap;
  }
  if (s->ncliques == 0) s->start[0] = 0;
  memcpy(s->members + s->nmembers, s->r, sizeof(int) * (size_t)s->nr);
  s->nmembers += s->nr;
  s->start[++s->ncliques] = s->nmembers;
  return 0;
}

/* P and X are this level's sets; they are consumed (P shrinks, X grows) as in the textbook algorithm. */
static void bk(bk_state *s, uint64_t *P, uint64_t *X) {
  int W = s->words, emptyp = 1, emptyx = 1;
  for (int w = 0; w < W; w++) {
    emptyp &= P[w] == 0;
    emptyx &= X[w] == 0;
  }
  if (emptyp) {
    if (emptyx) bk_report(s);
    return;
  }
  int pivot = -1, best = -1;
  for (int u = 0; u < s->n; u++) {
    if (!((P[u / 64] | X[u / 64]) >> (u % 64) & 1)) continue;
    int c = popcount_and(P, s->adj + (size_t)u * W, W);
    if (c > best) best = c, pivot = u;
  }
  uint64_t *nxt = malloc(sizeof(uint64_t) * 2 * (size_t)W);
  if (!nxt) {
    s->err = 1;
    return;
  }
  const uint64_t *np = s->adj + (size_t)pivot * W;
  for (int v = 0; v < s->n && !s->err; v++) {
    uint64_t bit = (uint64_t)1 << (v % 64);
    if (!(P[v / 64] & bit) || (np[v / 64] & bit)) continue;
    const uint64_t *nv = s->adj + (size_t)v * W;
    for (int w = 0; w < W; w++) {
      nxt[w] = P[w] & nv[w];
      nxt[W + w] = X[w] & nv[w];
    }
    s->r[s->nr++] = v;
    bk(s, nxt, nxt + W);
    s->nr--;
    P[v / 64] &= ~bit;
    X[v / 64] |= bit;
  }
  free(nxt);
}

typedef struct {
  const int *m;
  int len;
} clique_ref;

static int cmp_int(const void *x, const void *y) {
  int a = *(const int *)x, b = *(const int *)y;
  return (a > b) - (a < b);
}

static int cmp_clique(const void *x, const void *y) {
  const clique_ref *a = x, *b = y;
  for (int i = 0; i < a->len && i < b->len; i++)
    if (a->m[i] != b->m[i]) return a->m[i] < b->m[i] ? -1 : 1;
  return (a->len > b->len) - (a->len < b->len);
}

/* Clusters the n operators whose similarity matrix is sim[n * n]: cluster[v] (0, 1, ... by smallest member),
 * rep[c] the representative of cluster c, sum[v] v's similarity sum within its cluster. Returns the number of
 * clusters, -1 when out of memory, -2 when there are too many maximal cliques. */
static int cluster_ops(int n, const double *sim, int *cluster, int *rep, double *sum) {
  if (n == 0) return 0;
  int W = (n + 63) / 64;
  bk_state s = {.n = n, .words = W};
  uint64_t *adj = calloc((size_t)n * W, sizeof *adj);
  uint64_t *px = calloc(2 * (size_t)W, sizeof *px);
  s.r = malloc(sizeof(int) * (size_t)n);
  int *choice = malloc(sizeof(int) * (size_t)n);
  double *best = malloc(sizeof(double) * (size_t)n);
  clique_ref *refs = NULL;
  int *cl = NULL, nclusters = -1; /* cl[c]: the cluster made of clique c's joiners, -1 if none yet */
  if (!adj || !px || !s.r || !choice || !best) goto out;
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++)
      if (a != b && sim[(size_t)a * n + b] >= ETO_SEL_TOPK_MIN_SIMILARITY) adj[(size_t)a * W + b / 64] |= (uint64_t)1 << (b % 64);
  s.adj = adj;
  for (int v = 0; v < n; v++) px[v / 64] |= (uint64_t)1 << (v % 64);
  bk(&s, px, px + W);
  if (s.err) {
    nclusters = s.err == 2 ? -2 : -1;
    goto out;
  }
  refs = malloc(sizeof *refs * (size_t)s.ncliques);
  cl = malloc(sizeof(int) * ((size_t)s.ncliques + 1));
  if (!refs || !cl) goto out;
  for (int c = 0; c < s.ncliques; c++) {
    refs[c].m = s.members + s.start[c];
    refs[c].len = s.start[c + 1] - s.start[c];
    qsort(s.members + s.start[c], (size_t)refs[c].len, sizeof(int), cmp_int);
  }
  qsort(refs, (size_t)s.ncliques, sizeof *refs, cmp_clique); /* a canonical order for ties */
  /* each operator joins the clique it is most similar to in sum (the first in canonical order on ties) */
  for (int v = 0; v < n; v++) choice[v] = -1, best[v] = -1;
  for (int c = 0; c < s.ncliques; c++)
    for (int i = 0; i < refs[c].len; i++) {
      int v = refs[c].m[i];
      double t = 0;
      for (int j = 0; j < refs[c].len; j++)
        if (j != i) t += sim[(size_t)v * n + refs[c].m[j]];
      if (t > best[v]) best[v] = t, choice[v] = c;
    }
  for (int c = 0; c < s.ncliques; c++) cl[c] = -1;
  nclusters = 0;
  for (int v = 0; v < n; v++) {
    int c = choice[v];
    if (cl[c] < 0) cl[c] = nclusters++;
    cluster[v] = cl[c];
  }
  /* representative: highest similarity sum to the other members (lowest index on ties) */
  for (int c = 0; c < nclusters; c++) rep[c] = -1;
  for (int v = 0; v < n; v++) {
    sum[v] = 0;
    for (int u = 0; u < n; u++)
      if (u != v && cluster[u] == cluster[v]) sum[v] += sim[(size_t)v * n + u];
    int c = cluster[v];
    if (rep[c] < 0 || sum[v] > sum[rep[c]]) rep[c] = v;
  }
out:
  free(adj);
  free(px);
  free(s.r);
  free(s.members);
  free(s.start);
  free(choice);
  free(best);
  free(refs);
  free(cl);
  return nclusters;
}

/* ---- the plan ---- */

eto_status eto_sel_topk_plan_build(const eto_op *ops, int nops, const eto_target *t, struct eto_cache *cache,
                                   const eto_sel_plan_opts *opts, eto_sel_plan **out, char *msg, int cap) {
  if (out) *out = NULL;
  if (!out || !t || nops < 0 || (nops > 0 && !ops)) {
    snprintf(msg, cap, "selector: bad arguments to the TopK plan");
    return ETO_ERR_INVALID;
  }
  int64_t full_budget = opts && opts->full_budget > 0 ? opts->full_budget : 1000;
  double t0 = eto_now();
  eto_sel_plan *p = calloc(1, sizeof *p);
  op_info *info = calloc((size_t)nops + 1, sizeof *info);
  int *uidx = calloc((size_t)nops + 1, sizeof(int)); /* uncached operator u -> list index */
  int *cluster = calloc((size_t)nops + 1, sizeof(int)), *rep = calloc((size_t)nops + 1, sizeof(int));
  double *sum = calloc((size_t)nops + 1, sizeof(double));
  double *sim = NULL;
  int *ord = NULL;
  eto_status st = ETO_ERR_NOMEM;
  snprintf(msg, cap, "out of memory");
  if (!p || !info || !uidx || !cluster || !rep || !sum) goto fail;
  p->topk = 1;
  p->n = p->nops = nops;
  p->node = calloc((size_t)nops + 1, sizeof *p->node);
  p->order = calloc((size_t)nops + 1, sizeof(int));
  ord = calloc((size_t)nops + 1, sizeof(int));
  if (!p->node || !p->order || !ord || eto_sel_graph_create(&p->graph) != ETO_OK) goto fail;
  int nu = 0;
  for (int i = 0; i < nops; i++) {
    eto_sel_plan_node *d = &p->node[i];
    d->op = ops[i];
    eto_op_key(&ops[i], d->key, sizeof d->key);
    d->origin = ETO_PLAN_LIST;
    d->parent = -1;
    d->cluster = -1;
    if (cache) {
      eto_cache_best b;
      d->cached = eto_cache_get_best(cache, t->fingerprint, d->key, &b) == ETO_CACHE_OK;
      if (d->cached) eto_cache_best_clear(&b);
    }
    if (d->cached) continue; /* already tuned: nothing to cluster */
    info_of(&ops[i], t, &info[nu]);
    uidx[nu++] = i;
  }
  sim = calloc((size_t)nu * (size_t)nu + 1, sizeof *sim);
  if (!sim) goto fail;
  for (int a = 0; a < nu; a++) {
    sim[(size_t)a * nu + a] = 1;
    for (int b = a + 1; b < nu; b++) {
      double s = info_similarity(&info[a], &info[b]);
      sim[(size_t)a * nu + b] = sim[(size_t)b * nu + a] = s;
      if (s >= ETO_SEL_TOPK_MIN_SIMILARITY) p->pairs++;
    }
  }
  int nc = cluster_ops(nu, sim, cluster, rep, sum);
  if (nc < 0) {
    if (nc == -2) {
      st = ETO_ERR_LIMIT;
      snprintf(msg, cap, "selector: more than %d maximal cliques of similar operators", ETO_SEL_TOPK_MAX_CLIQUES);
    }
    goto fail;
  }
  p->nclusters = nc;
  for (int u = 0; u < nu; u++) {
    eto_sel_plan_node *d = &p->node[uidx[u]];
    d->cluster = cluster[u];
    d->sim_sum = sum[u];
  }
  /* the graph holds exactly the plan's edges, so its only arborescence is the plan */
  for (int i = 0; i < nops; i++) eto_sel_graph_add_node(p->graph, ETO_SEL_REQUIRED, NULL);
  for (int u = 0; u < nu; u++) {
    int r = rep[cluster[u]];
    eto_status e = r == u ? eto_sel_graph_add_edge(p->graph, ETO_SEL_ROOT, uidx[u] + 1, full_budget, NULL)
                          : eto_sel_graph_add_edge(p->graph, uidx[r] + 1, uidx[u] + 1, ETO_SEL_TOPK_K, NULL);
    if (e != ETO_OK) goto fail;
  }
  for (int i = 0; i < nops; i++)
    if (p->node[i].cached && eto_sel_graph_add_edge(p->graph, ETO_SEL_ROOT, i + 1, 0, NULL) != ETO_OK) goto fail;
  p->build_seconds = eto_now() - t0;
  eto_sel_solve_opts so = {.solver = ETO_SEL_ARBORESCENCE};
  st = eto_sel_solve(p->graph, &so, &p->tree);
  if (st != ETO_OK) {
    snprintf(msg, cap, "selector: %s", eto_sel_graph_errmsg(p->graph));
    goto fail;
  }
  int cnt = eto_sel_tree_order(&p->tree, ord);
  for (int k = 0; k < cnt; k++) {
    int v = ord[k];
    eto_sel_plan_node *nd = &p->node[v - 1];
    nd->in_plan = 1;
    nd->parent = p->tree.parent[v] > 0 ? p->tree.parent[v] - 1 : -1;
    int64_t c = 0;
    eto_sel_graph_edge(p->graph, p->tree.edge[v], NULL, NULL, &c);
    nd->est_trials = (double)c;
    p->est_total += (double)c;
    p->order[p->norder++] = v - 1;
  }
  for (int i = 0; i < nops; i++)
    if (!p->node[i].cached) p->full_total += (double)full_budget;
  if (msg && cap > 0) msg[0] = '\0';
  *out = p;
  p = NULL;
  st = ETO_OK;
fail:
  eto_sel_plan_free(p);
  free(info);
  free(uidx);
  free(cluster);
  free(rep);
  free(sum);
  free(sim);
  free(ord);
  return st;
}
