/* plan.c — the optimization-choice graph of an operator list: list operators, cached workloads and
 * bridges as nodes, full-search and reuse edges (costs from the tuner's estimator), solved into a plan. */
#include <cJSON.h>
#include <pthread.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cache.h"
#include "schedule.h"
#include "selector.h"
#include "tuner.h"

typedef struct {
  eto_sel_plan_node *v;
  int n, cap;
} node_vec;

/* Key lookup: an open-addressing hash of node indices by workload key (lists of thousands of operators and
 * their bridges would otherwise spend the build comparing strings). */
typedef struct {
  int *slot; /* node index + 1, 0 = empty */
  size_t cap;
} key_index;

static int find_key(const node_vec *nv, const key_index *ki, const char *key) {
  if (!ki->cap) return -1;
  for (size_t j = eto_hash_str(ETO_HASH_SEED, key) & (ki->cap - 1);; j = (j + 1) & (ki->cap - 1)) {
    int i = ki->slot[j] - 1;
    if (i < 0) return -1;
    if (strcmp(nv->v[i].key, key) == 0) return i;
  }
}

static int index_add(key_index *ki, const node_vec *nv, int i) {
  if (2 * (size_t)(nv->n + 1) > ki->cap) { /* keep the load under 1/2 */
    size_t cap = ki->cap ? 2 * ki->cap : 256;
    while (2 * (size_t)(nv->n + 1) > cap) cap *= 2;
    int *slot = calloc(cap, sizeof *slot);
    if (!slot) return -1;
    free(ki->slot);
    ki->slot = slot;
    ki->cap = cap;
    for (int k = 0; k < nv->n; k++)
      if (k != i) index_add(ki, nv, k);
  }
  size_t j = eto_hash_str(ETO_HASH_SEED, nv->v[i].key) & (ki->cap - 1);
  while (ki->slot[j]) j = (j + 1) & (ki->cap - 1);
  ki->slot[j] = i + 1;
  return 0;
}

static int push(node_vec *nv, key_index *ki, const eto_op *op, eto_sel_node_origin origin, int cached) {
  if (nv->n == nv->cap) {
    nv->cap = nv->cap ? 2 * nv->cap : 32;
    eto_sel_plan_node *v = realloc(nv->v, sizeof *v * (size_t)nv->cap);
    if (!v) return -1;
    nv->v = v;
  }
  eto_sel_plan_node *d = &nv->v[nv->n];
  memset(d, 0, sizeof *d);
  d->op = *op;
  eto_op_key(op, d->key, sizeof d->key);
  d->origin = origin;
  d->cached = cached;
  d->parent = -1;
  nv->n++;
  if (index_add(ki, nv, nv->n - 1) != 0) {
    nv->n--;
    return -1;
  }
  return nv->n - 1;
}

typedef struct {
  int node;
  double dist;
} cand;

#define PLAN_MOVE_WORK 2e7 /* edge visits GREEDY's improvement moves get by default (see eto_sel_plan_build) */

static int cmp_cand(const void *x, const void *y) {
  const cand *a = x, *b = y;
  if (a->dist != b->dist) return a->dist < b->dist ? -1 : 1;
  return a->node - b->node; /* deterministic ties */
}

/* Every extent of x <= y's, or every extent >= (nests of one shape). */
static int dominates(const eto_loop_nest *x, const eto_loop_nest *y) {
  if (x->nspace != y->nspace || x->nreduce != y->nreduce) return 0;
  int le = 1, ge = 1;
  for (int i = 0; i < x->nspace; i++) {
    le &= x->space[i].extent <= y->space[i].extent;
    ge &= x->space[i].extent >= y->space[i].extent;
  }
  for (int i = 0; i < x->nreduce; i++) {
    le &= x->reduce[i].extent <= y->reduce[i].extent;
    ge &= x->reduce[i].extent >= y->reduce[i].extent;
  }
  return le || ge;
}

/* ---- groups: nodes of one kind and signature, sorted by loop-nest volume ----
 * Reuse pairs and bridges only join nodes of one group, and a node's closest sources are its group's nodes
 * nearest in volume; so both searches walk a group's volume order outwards from a node instead of testing
 * every pair of nodes (lists of dynamic shapes have tens of thousands of operators). */

typedef struct {
  int *group;    /* [n] group id of each node: the smallest node index of its group */
  int *order;    /* [n] node indices grouped (groups by id), each group sorted by (logvol, index) */
  int *start;    /* [n] for a group id g: its members are order[start[g] .. start[g] + size[g]) */
  int *size;     /* [n] members of group g (0 when g is not a group id) */
  int *pos;      /* [n] position of each node in order[] */
} group_index;

static void group_index_free(group_index *gi) {
  free(gi->group);
  free(gi->order);
  free(gi->start);
  free(gi->size);
  free(gi->pos);
}

typedef struct {
  double logvol;
  int node;
} vol_key;

static int cmp_vol_key(const void *x, const void *y) {
  const vol_key *a = x, *b = y;
  if (a->logvol != b->logvol) return a->logvol < b->logvol ? -1 : 1;
  return a->node - b->node;
}

/* Groups n nodes by equal (kind[i], sig[i]) with a hash table (kind: the reuse kind for reuse edges, the kind
 * itself for bridges), then sorts each group by logvol. Returns 0, or -1 when out of memory. */
static int group_index_build(int n, const int *kind, const char (*sig)[256], const double *logvol, group_index *gi) {
  memset(gi, 0, sizeof *gi);
  size_t cap = 16;
  while (cap < 2 * (size_t)n) cap *= 2;
  int *slot = calloc(cap, sizeof *slot);
  gi->group = malloc(sizeof(int) * (size_t)(n ? n : 1));
  gi->order = malloc(sizeof(int) * (size_t)(n ? n : 1));
  gi->start = calloc((size_t)(n ? n : 1), sizeof(int));
  gi->size = calloc((size_t)(n ? n : 1), sizeof(int));
  gi->pos = malloc(sizeof(int) * (size_t)(n ? n : 1));
  if (!slot || !gi->group || !gi->order || !gi->start || !gi->size || !gi->pos) {
    free(slot);
    group_index_free(gi);
    return -1;
  }
  for (int i = 0; i < n; i++) {
    uint64_t h = eto_hash_str(ETO_HASH_SEED ^ (uint64_t)kind[i] * 0x9e3779b97f4a7c15ull, sig[i]);
    size_t j = h & (cap - 1);
    for (;; j = (j + 1) & (cap - 1)) {
      int g = slot[j] - 1;
      if (g < 0) {
        slot[j] = i + 1;
        gi->group[i] = i;
        break;
      }
      if (kind[g] == kind[i] && strcmp(sig[g], sig[i]) == 0) {
        gi->group[i] = g;
        break;
      }
    }
    gi->size[gi->group[i]]++;
  }
  free(slot);
  int at = 0;
  for (int g = 0; g < n; g++)
    if (gi->size[g]) gi->start[g] = at, at += gi->size[g];
  int *fill = calloc((size_t)(n ? n : 1), sizeof(int));
  if (!fill) {
    group_index_free(gi);
    return -1;
  }
  for (int i = 0; i < n; i++) {
    int g = gi->group[i];
    gi->order[gi->start[g] + fill[g]++] = i;
  }
  free(fill);
  vol_key *keys = malloc(sizeof *keys * (n > 0 ? (size_t)n : 1));
  if (!keys) {
    group_index_free(gi);
    return -1;
  }
  for (int k = 0; k < n; k++) keys[k] = (vol_key){logvol[gi->order[k]], gi->order[k]};
  for (int g = 0; g < n; g++)
    if (gi->size[g] > 1) qsort(keys + gi->start[g], (size_t)gi->size[g], sizeof *keys, cmp_vol_key);
  for (int k = 0; k < n; k++) gi->order[k] = keys[k].node;
  free(keys);
  for (int k = 0; k < n; k++) gi->pos[gi->order[k]] = k;
  return 0;
}

static double log_volume(const eto_loop_nest *nest) {
  double v = 0;
  for (int d = 0; d < nest->nspace; d++) v += log((double)nest->space[d].extent);
  for (int d = 0; d < nest->nreduce; d++) v += log((double)nest->reduce[d].extent);
  return v;
}

/* ---- reuse-edge estimates, on several threads ---- */

typedef struct {
  const eto_sel_plan *p;
  const eto_target *t;
  const eto_sel_plan_opts *o;
  const group_index *gi;
  const eto_loop_nest *nest;
  const double *logvol;
  const int *gbridges; /* [n] for a group id g: how many of its members are bridges */
  int slots;           /* sources per node: 2 * max_sources (list and cached nodes, then bridges) */
  int *src;      /* [b * slots + k]: the k-th source of b, -1 after the last */
  int64_t *cost; /* its estimated trials, -1 when not an edge (estimator refused, or >= the full budget) */
} est_job;

typedef struct {
  est_job *job;
  int first, step; /* nodes first, first + step, ... */
  int extra_first[8], nextra; /* further stripes (threads that could not start) */
  int reports;                /* the calling thread's worker: reports progress */
  cand *cands;
} est_worker;

/* The sources of b come in two classes, each with its own max_sources slots: list and cached nodes, then
 * bridges. A bridge never takes the place of a list or cached source, so the reuse edges between list and
 * cached nodes are those of the same list planned without bridges, and the bridged graph contains the
 * bridge-free one (the solver's bridge-free incumbent then bounds the plan's cost by the bridge-free plan's). */
static int is_bridge(const eto_sel_plan *p, int i) { return p->node[i].origin == ETO_PLAN_BRIDGE; }

static void estimate_node(est_job *j, cand *cands, int b) {
  const eto_sel_plan *p = j->p;
  int ms = j->o->max_sources;
  int *src = j->src + (size_t)b * (size_t)j->slots;
  int64_t *cost = j->cost + (size_t)b * (size_t)j->slots;
  for (int k = 0; k < j->slots; k++) src[k] = -1;
  if (p->node[b].cached) return; /* nothing is tuned into a cached node */
  /* In each class, the max_sources closest dominating nodes of b's group by |Δ log volume| (ties: lower index):
   * walk the group's volume order outwards from b, nearer side first, and stop once each class has
   * max_sources and the next node on either side is farther than the class's last one found (so every tie is
   * seen), or the class has no member left. Same result as testing every node; the walk only visits the
   * nodes between b and its sources in volume. cands holds the list and cached sources from the front, the
   * bridges from the back. */
  const group_index *gi = j->gi;
  int g = gi->group[b], lo = gi->pos[b] - 1, hi = gi->pos[b] + 1;
  int first = gi->start[g], end = gi->start[g] + gi->size[g];
  int left[2] = {gi->size[g] - j->gbridges[g], j->gbridges[g]}; /* unvisited members of each class, b aside */
  left[is_bridge(p, b)]--;
  int nc[2] = {0, 0};
  double last[2] = {0, 0};
  cand *back = cands + p->n; /* bridges at back[-1], back[-2], ... */
  while (lo >= first || hi < end) {
    double dlo = lo >= first ? fabs(j->logvol[gi->order[lo]] - j->logvol[b]) : INFINITY;
    double dhi = hi < end ? fabs(j->logvol[gi->order[hi]] - j->logvol[b]) : INFINITY;
    double d = dlo <= dhi ? dlo : dhi;
    int done = 1;
    for (int c = 0; c < 2; c++) done &= left[c] == 0 || (nc[c] >= ms && d > last[c]);
    if (done) break;
    int a = dlo <= dhi ? gi->order[lo--] : gi->order[hi++];
    int c = is_bridge(p, a);
    left[c]--;
    if (!dominates(&j->nest[a], &j->nest[b])) continue;
    if (nc[c] >= ms && d > last[c]) continue; /* that class is full */
    cand *slot = c ? &back[-1 - nc[c]] : &cands[nc[c]];
    *slot = (cand){a, d};
    nc[c]++;
    last[c] = d;
  }
  /* each class sorted by (dist, node) and cut to max_sources (ties at the last distance keep the smallest ids);
   * the bridges then follow the list and cached sources */
  qsort(cands, (size_t)nc[0], sizeof *cands, cmp_cand);
  qsort(back - nc[1], (size_t)nc[1], sizeof *cands, cmp_cand);
  if (nc[0] > ms) nc[0] = ms;
  memmove(cands + nc[0], back - nc[1], sizeof *cands * (size_t)(nc[1] > ms ? ms : nc[1]));
  int nall = nc[0] + (nc[1] > ms ? ms : nc[1]);
  for (int k = 0; k < nall; k++) {
    int a = cands[k].node;
    src[k] = a;
    cost[k] = -1;
    double est = 0;
    if (eto_tuner_estimate(&p->node[b].op, &p->node[a].op, j->t, j->o->seed, &est) != ETO_OK) continue;
    est += j->o->reuse_extra;
    if (j->o->reuse_scale > 0) est *= j->o->reuse_scale;
    int64_t c = (int64_t)(est + 0.5);
    if (c < 1) c = 1;
    if (c >= j->o->full_budget) continue; /* never cheaper than a full search */
    cost[k] = c;
  }
}

static void *est_thread(void *arg) {
  est_worker *w = arg;
  for (int s = -1; s < w->nextra; s++) {
    int first = s < 0 ? w->first : w->extra_first[s];
    for (int b = first; b < w->job->p->n; b += w->step) {
      estimate_node(w->job, w->cands, b);
      const eto_sel_plan_opts *o = w->job->o;
      if (w->reports && o->progress && (b / w->step) % 1024 == 0) o->progress(o->progress_user, "edges", b, w->job->p->n);
    }
  }
  return NULL;
}

/* Adds the cached workloads of this target that share kind and signature with some list operator. */
static void add_cached(node_vec *nv, key_index *ki, int nops, const eto_target *t, eto_cache *cache, int max_cached) {
  for (int i = 0; i < nops; i++) {
    eto_compute c;
    eto_op_compute(&nv->v[i].op, &c);
    char sig[512];
    eto_sched_signature(&c, t, sig, sizeof sig);
    eto_op_kind rk = eto_op_reuse_kind(nv->v[i].op.kind);
    for (int k = 0; k < ETO_OP_KIND_COUNT; k++) {
      if (eto_op_reuse_kind((eto_op_kind)k) != rk) continue;
      eto_cache_best_list l = {0};
      eto_cache_list_best(cache, t->fingerprint, eto_op_kind_name((eto_op_kind)k), sig, 0, &l);
      int added = 0;
      for (size_t r = 0; r < l.count && added < max_cached; r++) {
        if (find_key(nv, ki, l.items[r].workload) >= 0) continue;
        eto_op op;
        char msg[256];
        if (eto_op_from_key(l.items[r].workload, &op, msg, sizeof msg) != ETO_OK) continue;
        if (!eto_sel_reuse_pair(&op, &nv->v[i].op, t)) continue;
        op.freq = 0;
        if (push(nv, ki, &op, ETO_PLAN_CACHED, 1) >= 0) added++;
      }
      eto_cache_best_list_free(&l);
    }
  }
}

/* Bridges between pairs of the first `limit` nodes that are of one kind and signature and do not dominate
 * each other (eto_sel_bridge). A group of up to BRIDGE_ALL_PAIRS such nodes tries every pair; in a larger group
 * (dynamic shapes: thousands of operators of one kind) a node pairs with the BRIDGE_WINDOW nodes nearest to it
 * in volume on either side, so pairs and bridges grow linearly with the list instead of quadratically. Pairs
 * are tried in (a, b) index order whatever the grouping, so bridges get the node numbers the all-pairs loop
 * gave them wherever every pair is tried. Returns 0, or -1 when out of memory. */
enum { BRIDGE_ALL_PAIRS = 512, BRIDGE_WINDOW = 32 };

static int cmp_int(const void *x, const void *y) {
  int a = *(const int *)x, b = *(const int *)y;
  return (a > b) - (a < b);
}

static int add_bridges(node_vec *nv, key_index *ki, int limit, const eto_target *t) {
  /* kind, signature and loop nest once per node: most pairs fail these cheap tests */
  char (*bsig)[256] = calloc((size_t)(limit ? limit : 1), sizeof *bsig);
  eto_loop_nest *bnest = calloc((size_t)(limit ? limit : 1), sizeof *bnest);
  double *logvol = calloc((size_t)(limit ? limit : 1), sizeof *logvol);
  int *kind = calloc((size_t)(limit ? limit : 1), sizeof *kind);
  int *partner = malloc(sizeof(int) * (BRIDGE_ALL_PAIRS + 2 * BRIDGE_WINDOW + 1));
  group_index gi = {0};
  int failed = !bsig || !bnest || !logvol || !kind || !partner;
  for (int i = 0; i < limit && !failed; i++) {
    eto_compute c;
    eto_op_compute(&nv->v[i].op, &c);
    eto_sched_signature(&c, t, bsig[i], sizeof bsig[i]);
    bnest[i] = c.nest;
    logvol[i] = log_volume(&c.nest);
    kind[i] = (int)nv->v[i].op.kind;
  }
  if (!failed) failed = group_index_build(limit, kind, (const char(*)[256])bsig, logvol, &gi) != 0;
  for (int a = 0; a < limit && !failed; a++) {
    int g = gi.group[a], first = gi.start[g], end = gi.start[g] + gi.size[g], np = 0;
    if (gi.size[g] > BRIDGE_ALL_PAIRS) {
      first = gi.pos[a] - BRIDGE_WINDOW > first ? gi.pos[a] - BRIDGE_WINDOW : first;
      end = gi.pos[a] + BRIDGE_WINDOW + 1 < end ? gi.pos[a] + BRIDGE_WINDOW + 1 : end;
    }
    for (int k = first; k < end; k++)
      if (gi.order[k] > a) partner[np++] = gi.order[k];
    qsort(partner, (size_t)np, sizeof *partner, cmp_int);
    for (int k = 0; k < np; k++) {
      int b = partner[k];
      if (dominates(&bnest[a], &bnest[b])) continue;
      eto_op br;
      char key[512];
      if (!eto_sel_bridge_shape(&nv->v[a].op, &nv->v[b].op, &br)) continue;
      eto_op_key(&br, key, sizeof key);
      if (find_key(nv, ki, key) >= 0) continue; /* a node already: no need to validate it */
      if (!eto_sel_bridge(&nv->v[a].op, &nv->v[b].op, t, &br)) continue;
      if (push(nv, ki, &br, ETO_PLAN_BRIDGE, 0) < 0) {
        failed = 1;
        break;
      }
    }
  }
  group_index_free(&gi);
  free(bsig);
  free(bnest);
  free(logvol);
  free(kind);
  free(partner);
  return failed ? -1 : 0;
}

eto_status eto_sel_plan_build(const eto_op *ops, int nops, const eto_target *t, struct eto_cache *cache,
                              const eto_sel_plan_opts *opts, eto_sel_plan **out, char *msg, int cap) {
  *out = NULL;
  eto_sel_plan_opts o = opts ? *opts : (eto_sel_plan_opts){.bridges = ETO_BRIDGES_1HOP};
  if (o.full_budget <= 0) o.full_budget = 1000;
  if (!o.seed) o.seed = 1;
  if (o.max_cached <= 0) o.max_cached = 200;
  if (o.max_sources <= 0) o.max_sources = 8;
  if (o.max_sources > ETO_SEL_MAX_SOURCES) {
    snprintf(msg, cap, "selector: max_sources %d is above the limit %d", o.max_sources, ETO_SEL_MAX_SOURCES);
    return ETO_ERR_INVALID;
  }
  double t0 = eto_now();
  node_vec nv = {0};
  key_index ki = {0};
  for (int i = 0; i < nops; i++) {
    int cached = 0;
    if (cache) {
      char key[512];
      eto_op_key(&ops[i], key, sizeof key);
      eto_cache_best b;
      cached = eto_cache_get_best(cache, t->fingerprint, key, &b) == ETO_CACHE_OK;
      if (cached) eto_cache_best_clear(&b);
    }
    if (push(&nv, &ki, &ops[i], ETO_PLAN_LIST, cached) < 0) goto nomem;
  }
  if (cache) add_cached(&nv, &ki, nops, t, cache, o.max_cached);
  if (o.bridges != ETO_BRIDGES_NONE) {
    if (o.progress) o.progress(o.progress_user, "bridges", 0, nv.n);
    if (add_bridges(&nv, &ki, o.bridges == ETO_BRIDGES_ALL ? nv.n : nops, t) != 0) goto nomem;
  }
  free(ki.slot);
  ki.slot = NULL;
  eto_sel_plan *p = calloc(1, sizeof *p);
  if (!p) goto nomem;
  p->n = nv.n;
  p->nops = nops;
  p->node = nv.v;
  if (eto_sel_graph_create(&p->graph) != ETO_OK) {
    eto_sel_plan_free(p);
    return ETO_ERR_NOMEM;
  }
  for (int i = 0; i < p->n; i++) {
    int id;
    /* a cached node is optional with a zero-cost root edge: the solver treats it as required if it helps */
    eto_sel_graph_add_node(p->graph, p->node[i].origin == ETO_PLAN_LIST ? ETO_SEL_REQUIRED : ETO_SEL_OPTIONAL, &id);
    eto_sel_graph_add_edge(p->graph, 0, id, p->node[i].cached ? 0 : o.full_budget, NULL);
  }
  /* reuse edges: signatures and loop nests once per node; for each α only the closest sources (by loop-nest
   * volume) are estimated, so lists of thousands of operators (dynamic shapes) stay fast */
  char (*sig)[256] = calloc((size_t)p->n, sizeof *sig);
  eto_loop_nest *nest = calloc((size_t)p->n, sizeof *nest);
  double *logvol = calloc((size_t)p->n, sizeof(double));
  int *rkind = calloc((size_t)p->n, sizeof(int));
  group_index gi = {0};
  int ok = sig && nest && logvol && rkind;
  for (int i = 0; ok && i < p->n; i++) {
    eto_compute c;
    eto_op_compute(&p->node[i].op, &c);
    eto_sched_signature(&c, t, sig[i], sizeof sig[i]);
    nest[i] = c.nest;
    logvol[i] = log_volume(&c.nest);
    rkind[i] = (int)eto_op_reuse_kind(p->node[i].op.kind);
  }
  /* groups of equal reuse kind and signature, each in volume order */
  if (ok) ok = group_index_build(p->n, rkind, (const char(*)[256])sig, logvol, &gi) == 0;
  free(rkind);
  free(sig);
  if (!ok) {
    free(nest);
    free(logvol);
    eto_sel_plan_free(p);
    return ETO_ERR_NOMEM;
  }
  /* the estimates (most of the build) run on every core; edges are added afterwards in node order, so the
   * graph is the same whatever the thread count */
  int *gbridges = calloc((size_t)(p->n ? p->n : 1), sizeof(int));
  for (int i = 0; gbridges && i < p->n; i++) gbridges[gi.group[i]] += is_bridge(p, i);
  est_job job = {.p = p, .t = t, .o = &o, .gi = &gi, .nest = nest, .logvol = logvol, .gbridges = gbridges};
  job.slots = 2 * o.max_sources;
  job.src = malloc(sizeof(int) * (size_t)p->n * (size_t)job.slots);
  job.cost = malloc(sizeof(int64_t) * (size_t)p->n * (size_t)job.slots);
  long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
  int nthreads = ncpu < 1 ? 1 : ncpu > 8 ? 8 : (int)ncpu;
  if (p->n < 64) nthreads = 1;
  est_worker w[8];
  pthread_t tid[8];
  int started = 0;
  if (job.src && job.cost && gbridges) {
    for (int i = 0; i < nthreads; i++) {
      w[i] = (est_worker){.job = &job, .first = i, .step = nthreads, .cands = calloc((size_t)p->n, sizeof(cand))};
      if (i == 0) w[0].nextra = 0;
      if (!w[i].cands) break;
      if (i > 0 && pthread_create(&tid[i], NULL, est_thread, &w[i]) != 0) {
        free(w[i].cands);
        break;
      }
      started = i + 1;
    }
  }
  if (started > 0) {
    /* stripes of threads that could not start are run by this one */
    for (int i = started; i < nthreads; i++) w[0].extra_first[w[0].nextra++] = i;
    w[0].reports = 1;
    est_thread(&w[0]);
    for (int i = 1; i < started; i++) pthread_join(tid[i], NULL);
    for (int i = 0; i < started; i++) free(w[i].cands);
  }
  free(gbridges);
  if (started == 0) {
    free(job.src);
    free(job.cost);
    free(nest);
    free(logvol);
    group_index_free(&gi);
    eto_sel_plan_free(p);
    return ETO_ERR_NOMEM;
  }
  for (int b = 0; b < p->n; b++)
    for (int k = 0; k < job.slots; k++) {
      int a = job.src[(size_t)b * (size_t)job.slots + (size_t)k];
      if (a < 0) break;
      int64_t cost = job.cost[(size_t)b * (size_t)job.slots + (size_t)k];
      if (cost < 0) continue;
      eto_sel_graph_add_edge(p->graph, a + 1, b + 1, cost, NULL);
      p->pairs++;
    }
  free(job.src);
  free(job.cost);
  free(nest);
  free(logvol);
  group_index_free(&gi);
  p->build_seconds = eto_now() - t0;
  /* GREEDY's add/drop moves solve one arborescence of the whole graph each: on the graphs of dynamic-shape
   * lists (10^5 edges) the default 2000 moves would take most of the plan, so by default the moves are held to
   * about PLAN_MOVE_WORK edge visits; graphs under 10^4 nodes + edges (every shipped list) keep 2000. */
  if (o.solve.improve_evals == 0) {
    double work = (double)eto_sel_graph_edges(p->graph) + p->n + 1;
    if (work * 2000 > PLAN_MOVE_WORK) o.solve.improve_evals = work < PLAN_MOVE_WORK ? (int)(PLAN_MOVE_WORK / work) : 1;
  }
  if (o.progress) o.progress(o.progress_user, "solve", 0, 0);
  eto_status st = eto_sel_solve(p->graph, &o.solve, &p->tree);
  if (st != ETO_OK) {
    snprintf(msg, cap, "selector: %s", eto_sel_graph_errmsg(p->graph));
    eto_sel_plan_free(p);
    return st;
  }
  p->order = calloc((size_t)p->n + 1, sizeof(int));
  if (!p->order) {
    eto_sel_plan_free(p);
    return ETO_ERR_NOMEM;
  }
  int *ord = calloc((size_t)p->n + 1, sizeof(int));
  int cnt = ord ? eto_sel_tree_order(&p->tree, ord) : 0;
  for (int i = 0; i < cnt; i++) {
    int v = ord[i];
    if (v <= 0) continue;
    eto_sel_plan_node *nd = &p->node[v - 1];
    nd->in_plan = 1;
    nd->parent = p->tree.parent[v] > 0 ? p->tree.parent[v] - 1 : -1;
    int64_t c = 0;
    if (p->tree.edge[v] >= 0) {
      int from, to;
      eto_sel_graph_edge(p->graph, p->tree.edge[v], &from, &to, &c);
    }
    nd->est_trials = (double)c;
    p->est_total += (double)c;
    p->order[p->norder++] = v - 1;
  }
  free(ord);
  for (int i = 0; i < nops; i++)
    if (!p->node[i].cached) p->full_total += (double)o.full_budget;
  *out = p;
  return ETO_OK;
nomem:
  free(nv.v);
  free(ki.slot);
  snprintf(msg, cap, "out of memory");
  return ETO_ERR_NOMEM;
}

void eto_sel_plan_free(eto_sel_plan *p) {
  if (!p) return;
  eto_sel_tree_free(&p->tree);
  eto_sel_graph_free(p->graph);
  free(p->node);
  free(p->order);
  free(p);
}

static const char *origin_name(const eto_sel_plan_node *n) {
  return n->origin == ETO_PLAN_LIST ? "list" : n->origin == ETO_PLAN_CACHED ? "cached" : "bridge";
}

static const char *method_of(const eto_sel_plan *p, const eto_sel_plan_node *n) {
  if (n->cached && n->parent < 0) return "cached";
  return n->parent < 0 ? "full" : p->topk ? "topk" : "reuse";
}

void eto_sel_plan_print_text(const eto_sel_plan *p, FILE *f) {
  if (p->topk) {
    fprintf(f, "plan: Selective Tuning baseline, %d list operators in %d clusters (%d similar pairs, similarity >= %g), "
               "TopK with K = %d\n", p->nops, p->nclusters, p->pairs, ETO_SEL_TOPK_MIN_SIMILARITY, ETO_SEL_TOPK_K);
    fprintf(f, "%-4s %-7s %-7s %-6s %9s %-7s %7s  %s\n", "node", "origin", "method", "from", "est.trials", "cluster",
            "sim.sum", "workload");
  } else {
    fprintf(f, "plan: %d list operators, %d nodes in the graph (%d reuse edges), solver %s", p->nops, p->n, p->pairs,
            eto_sel_solver_name(p->tree.solver));
    if (p->tree.optimal)
      fputs(" (optimal)\n", f);
    else if (p->tree.bound >= 0)
      fprintf(f, " (not proven optimal: lower bound %lld, gap %.2f%%)\n", (long long)p->tree.bound, 100.0 * p->tree.gap);
    else
      fputs(" (not proven optimal, no lower bound)\n", f);
    fprintf(f, "%-4s %-7s %-7s %-6s %9s  %s\n", "node", "origin", "method", "from", "est.trials", "workload");
  }
  for (int i = 0; i < p->norder; i++) {
    const eto_sel_plan_node *n = &p->node[p->order[i]];
    char from[16] = "-";
    if (n->parent >= 0) snprintf(from, sizeof from, "%d", n->parent + 1);
    if (p->topk) {
      char cl[16] = "-";
      if (n->cluster >= 0) snprintf(cl, sizeof cl, "%d", n->cluster + 1);
      fprintf(f, "%-4d %-7s %-7s %-6s %9.0f %-7s %7.3f  %s%s%s\n", p->order[i] + 1, origin_name(n), method_of(p, n), from,
              n->est_trials, cl, n->sim_sum, n->key, n->op.name[0] ? "  # " : "", n->op.name);
    } else {
      fprintf(f, "%-4d %-7s %-7s %-6s %9.0f  %s%s%s\n", p->order[i] + 1, origin_name(n), method_of(p, n), from,
              n->est_trials, n->key, n->op.name[0] ? "  # " : "", n->op.name);
    }
  }
  fprintf(f, "estimated trials: %.0f (full search of every uncached list operator: %.0f, %.1fx)\n", p->est_total,
          p->full_total, p->est_total > 0 ? p->full_total / p->est_total : 0.0);
  if (!p->topk && p->tree.bridges > 0 && p->tree.base_cost >= 0)
    fprintf(f, "without bridges: %lld estimated trials (%d candidate bridges; a plan never costs more than without)\n",
            (long long)p->tree.base_cost, p->tree.bridges);
  fprintf(f, "graph built in %.3f s, solved in %.3f s\n", p->build_seconds, p->tree.seconds);
}

eto_status eto_sel_plan_print_json(const eto_sel_plan *p, FILE *f) {
  cJSON *root = cJSON_CreateObject();
  if (!root) return ETO_ERR_NOMEM;
  cJSON_AddStringToObject(root, "mode", p->topk ? "topk" : "eto");
  cJSON_AddStringToObject(root, "solver", eto_sel_solver_name(p->tree.solver));
  cJSON_AddBoolToObject(root, "optimal", p->tree.optimal);
  cJSON_AddNumberToObject(root, "estimated_trials", p->est_total);
  if (!p->topk) {
    /* the solver's proof: a lower bound on the optimum and the gap to it (null when none is known) */
    if (p->tree.bound >= 0) {
      cJSON_AddNumberToObject(root, "lower_bound", (double)p->tree.bound);
      cJSON_AddNumberToObject(root, "gap", p->tree.gap);
    } else {
      cJSON_AddNullToObject(root, "lower_bound");
      cJSON_AddNullToObject(root, "gap");
    }
    cJSON_AddNumberToObject(root, "candidate_bridges", p->tree.bridges);
    if (p->tree.base_cost >= 0)
      cJSON_AddNumberToObject(root, "without_bridges_trials", (double)p->tree.base_cost);
    else
      cJSON_AddNullToObject(root, "without_bridges_trials");
  }
  cJSON_AddNumberToObject(root, "full_search_trials", p->full_total);
  if (p->topk) {
    cJSON_AddNumberToObject(root, "similar_pairs", p->pairs);
    cJSON_AddNumberToObject(root, "clusters", p->nclusters);
    cJSON_AddNumberToObject(root, "topk", ETO_SEL_TOPK_K);
  } else {
    cJSON_AddNumberToObject(root, "reuse_edges", p->pairs);
  }
  cJSON *nodes = cJSON_AddArrayToObject(root, "nodes");
  for (int i = 0; i < p->n; i++) {
    const eto_sel_plan_node *n = &p->node[i];
    cJSON *j = cJSON_CreateObject();
    cJSON_AddNumberToObject(j, "id", i + 1);
    cJSON_AddStringToObject(j, "workload", n->key);
    cJSON_AddStringToObject(j, "origin", origin_name(n));
    cJSON_AddBoolToObject(j, "in_plan", n->in_plan);
    if (n->in_plan) {
      cJSON_AddStringToObject(j, "method", method_of(p, n));
      if (n->parent >= 0) cJSON_AddNumberToObject(j, "from", n->parent + 1);
      cJSON_AddNumberToObject(j, "estimated_trials", n->est_trials);
    }
    if (p->topk && n->cluster >= 0) {
      cJSON_AddNumberToObject(j, "cluster", n->cluster + 1);
      cJSON_AddNumberToObject(j, "similarity_sum", n->sim_sum);
    }
    cJSON_AddItemToArray(nodes, j);
  }
  cJSON *order = cJSON_AddArrayToObject(root, "order");
  for (int i = 0; i < p->norder; i++) cJSON_AddItemToArray(order, cJSON_CreateNumber(p->order[i] + 1));
  char *s = cJSON_Print(root);
  if (s) fprintf(f, "%s\n", s);
  free(s);
  cJSON_Delete(root);
  return ETO_OK;
}

eto_status eto_sel_plan_print_dot(const eto_sel_plan *p, FILE *f) {
  const char **labels = calloc((size_t)p->n + 1, sizeof(char *));
  char (*buf)[600] = calloc((size_t)p->n + 1, sizeof *buf);
  if (!labels || !buf) {
    free(labels);
    free(buf);
    return ETO_ERR_NOMEM;
  }
  labels[0] = "full search";
  for (int i = 0; i < p->n; i++) {
    char cl[32] = "";
    if (p->topk && p->node[i].cluster >= 0) snprintf(cl, sizeof cl, "[cluster %d] ", p->node[i].cluster + 1);
    snprintf(buf[i + 1], sizeof buf[i + 1], "%d %s%s%s", i + 1, p->node[i].cached ? "[cached] " : "", cl, p->node[i].key);
    labels[i + 1] = buf[i + 1];
  }
  eto_status st = eto_sel_tree_format_dot(p->graph, &p->tree, labels, 0, f);
  free(labels);
  free(buf);
  return st;
}
