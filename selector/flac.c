/* flac.c — Greedy_FLAC (Watel & Weisser, "A practical greedy approximation for the directed Steiner tree
 * problem", J. Comb. Optim. 32(4), 2016), written from the paper's description and docs/architecture.md §8.
 *
 * FLAC: every terminal pours flow backwards into its entering arcs at 1 unit/s. An arc holds as much flow as
 * its cost; all unsaturated arcs entering a node fill at the same rate, so they saturate in order of cost. A
 * node linked to k terminals by paths of saturated arcs fills its entering arcs at k units/s. When arc (u, v)
 * saturates, u (and every node upstream of u along saturated arcs) becomes linked to v's terminals — unless
 * one of those nodes is already linked to one of them: the arc would give that terminal a second path, so it
 * is skipped. FLAC stops when an arc leaving the root saturates, and returns that arc plus the saturated arcs
 * below it: a tree whose cost per terminal is low. Greedy_FLAC: run FLAC, set the returned tree's arcs to
 * cost 0, drop the terminals it reached, repeat until no terminal is left. The union of the trees spans every
 * terminal (it need not be a tree; the caller re-solves an arborescence on its nodes).
 *
 * Events are kept in a binary heap of nodes keyed by (time the node's next entering arc saturates, root arcs
 * first, node id), so equal-time events are ordered deterministically. Each node's entering arcs are sorted
 * by (current cost, root arcs first, edge index). The terminals reached by a node are a bitset over this
 * round's terminals.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "sel_internal.h"

/* The terminal bitsets take nodes × terminals / 8 bytes (2000 × 2000: 0.5 MB); past this, Greedy_FLAC is
 * skipped and the improvement starts from every usable node. */
#define FLAC_MAX_BITSET_BYTES ((size_t)1 << 29)

typedef struct {
  const sel_prob *p;
  int n1, m;
  int64_t *cost;           /* [m] working costs (tree arcs drop to 0) */
  int *in_start, *in_list; /* entering arcs of each node, sorted */
  /* per node */
  double *filled, *stamp; /* flow in each unsaturated entering arc, as of time stamp */
  int *rate;              /* terminals linked to the node */
  int *next;              /* position of the next arc to saturate in the node's in_list */
  int *sat_in, *sat_out;  /* heads of the lists of saturated arcs entering / leaving the node */
  int *hpos;              /* position in the heap, -1 if absent */
  double *htime;
  unsigned char *hroot; /* 0 if the next arc leaves the root */
  int *mark, epoch;
  int *term_bit; /* bit of the node among this round's terminals, -1 */
  unsigned char *reached, *touched_flag, *dirty;
  int *touched, ntouched;
  uint64_t *src; /* [n1 * words] */
  int words;
  /* per arc */
  int *sat_in_nx, *sat_out_nx;
  unsigned char *in_union;
  /* scratch */
  int *heap, hsize;
  int *queue;
  int *tree, ntree;
  int *terms, nterms;
} flac;

/* ---- event heap ---- */

static int ev_less(const flac *f, int a, int b) {
  if (f->htime[a] != f->htime[b]) return f->htime[a] < f->htime[b];
  if (f->hroot[a] != f->hroot[b]) return f->hroot[a] < f->hroot[b];
  return a < b;
}

static void ev_set(flac *f, int i, int v) {
  f->heap[i] = v;
  f->hpos[v] = i;
}

static void ev_up(flac *f, int i) {
  int v = f->heap[i];
  while (i > 0) {
    int pi = (i - 1) / 2;
    if (!ev_less(f, v, f->heap[pi])) break;
    ev_set(f, i, f->heap[pi]);
    i = pi;
  }
  ev_set(f, i, v);
}

static void ev_down(flac *f, int i) {
  int v = f->heap[i];
  for (;;) {
    int c = 2 * i + 1;
    if (c >= f->hsize) break;
    if (c + 1 < f->hsize && ev_less(f, f->heap[c + 1], f->heap[c])) c++;
    if (!ev_less(f, f->heap[c], v)) break;
    ev_set(f, i, f->heap[c]);
    i = c;
  }
  ev_set(f, i, v);
}

static void ev_remove(flac *f, int v) {
  int i = f->hpos[v];
  if (i < 0) return;
  f->hpos[v] = -1;
  f->hsize--;
  if (i == f->hsize) return;
  int x = f->heap[f->hsize];
  ev_set(f, i, x);
  ev_up(f, i);
  ev_down(f, f->hpos[x]);
}

static void ev_update(flac *f, int v) {
  int i = f->hpos[v];
  if (i < 0) {
    i = f->hsize++;
    ev_set(f, i, v);
  }
  ev_up(f, i);
  ev_down(f, f->hpos[v]);
}

/* ---- node state ---- */

static void touch(flac *f, int v) {
  if (f->touched_flag[v]) return;
  f->touched_flag[v] = 1;
  f->touched[f->ntouched++] = v;
}

/* Schedules v's next arc to saturate, given its flow as of stamp[v] == t. */
static void schedule(flac *f, int v, double t) {
  int k = f->in_start[v] + f->next[v];
  if (k >= f->in_start[v + 1]) {
    ev_remove(f, v);
    return;
  }
  int a = f->in_list[k];
  double dt = ((double)f->cost[a] - f->filled[v]) / (double)f->rate[v];
  f->htime[v] = t + (dt > 0 ? dt : 0);
  f->hroot[v] = f->p->from[a] != ETO_SEL_ROOT;
  ev_update(f, v);
}

static uint64_t *src_of(flac *f, int v) { return f->src + (size_t)v * (size_t)f->words; }

/* Would saturating (u, v) link some node upstream of u (u included) to one of v's terminals twice? */
static void next_epoch(flac *f) {
  if (f->epoch == INT_MAX) {
    memset(f->mark, 0, (size_t)f->n1 * sizeof(int));
    f->epoch = 0;
  }
  f->epoch++;
}

/* Starts a breadth-first walk from u: a new epoch, u marked and queued. Returns the queue's length (1). */
static int bfs_start(flac *f, int u) {
  next_epoch(f);
  f->mark[u] = f->epoch;
  f->queue[0] = u;
  return 1;
}

static int has_conflict(flac *f, int u, int v) {
  const uint64_t *sv = src_of(f, v);
  int head = 0, tail = bfs_start(f, u);
  while (head < tail) {
    int w = f->queue[head++];
    const uint64_t *sw = src_of(f, w);
    for (int i = 0; i < f->words; i++)
      if (sw[i] & sv[i]) return 1;
    for (int a = f->sat_in[w]; a >= 0; a = f->sat_in_nx[a]) {
      int x = f->p->from[a];
      if (f->mark[x] != f->epoch) {
        f->mark[x] = f->epoch;
        f->queue[tail++] = x;
      }
    }
  }
  return 0;
}

/* Saturates (u, v) at time t: u and everything upstream of it along saturated arcs take on v's terminals. */
static void saturate(flac *f, int a, int u, int v, double t) {
  f->sat_in_nx[a] = f->sat_in[v];
  f->sat_in[v] = a;
  f->sat_out_nx[a] = f->sat_out[u];
  f->sat_out[u] = a;
  const uint64_t *sv = src_of(f, v);
  int dr = f->rate[v];
  int head = 0, tail = bfs_start(f, u);
  while (head < tail) {
    int w = f->queue[head++];
    uint64_t *sw = src_of(f, w);
    for (int i = 0; i < f->words; i++) sw[i] |= sv[i];
    if (f->rate[w] > 0) {
      f->filled[w] += (double)f->rate[w] * (t - f->stamp[w]);
    } else {
      touch(f, w);
      f->filled[w] = 0;
      f->next[w] = 0;
    }
    f->stamp[w] = t;
    f->rate[w] += dr;
    schedule(f, w, t);
    for (int b = f->sat_in[w]; b >= 0; b = f->sat_in_nx[b]) {
      int x = f->p->from[b];
      if (f->mark[x] != f->epoch) {
        f->mark[x] = f->epoch;
        f->queue[tail++] = x;
      }
    }
  }
}

/* Clears the state of every node the last round touched. */
static void reset(flac *f) {
  for (int i = 0; i < f->ntouched; i++) {
    int v = f->touched[i];
    f->touched_flag[v] = 0;
    f->rate[v] = 0;
    f->next[v] = 0;
    f->filled[v] = 0;
    f->stamp[v] = 0;
    f->sat_in[v] = f->sat_out[v] = -1;
    f->term_bit[v] = -1;
    if (f->hpos[v] >= 0) f->hpos[v] = -1;
    memset(src_of(f, v), 0, (size_t)f->words * sizeof(uint64_t));
  }
  f->ntouched = 0;
  f->hsize = 0;
}

/* One FLAC round over the current terminals. Fills f->tree and f->reached; returns 0, or 1 if stuck. */
static int flac_round(flac *f) {
  reset(f);
  f->words = (f->nterms + 63) / 64;
  for (int i = 0; i < f->nterms; i++) {
    int v = f->terms[i];
    touch(f, v);
    f->term_bit[v] = i;
    src_of(f, v)[i / 64] |= (uint64_t)1 << (i % 64);
    f->rate[v] = 1;
    schedule(f, v, 0.0);
  }
  double t = 0;
  /* each arc saturates or is skipped at most once per round: more events than arcs means a broken invariant
   */
  for (long events = 0; f->hsize > 0; events++) {
    if (events > (long)f->m + f->n1) return 1;
    int v = f->heap[0];
    if (f->htime[v] > t) t = f->htime[v];
    int a = f->in_list[f->in_start[v] + f->next[v]];
    int u = f->p->from[a];
    f->filled[v] = (double)f->cost[a];
    f->stamp[v] = t;
    f->next[v]++;
    if (u == ETO_SEL_ROOT) {
      /* the tree: a, then the saturated arcs below v */
      f->ntree = 0;
      f->tree[f->ntree++] = a;
      int head = 0, tail = bfs_start(f, v);
      while (head < tail) {
        int w = f->queue[head++];
        if (f->term_bit[w] >= 0) f->reached[w] = 1;
        for (int b = f->sat_out[w]; b >= 0; b = f->sat_out_nx[b]) {
          int x = f->p->to[b];
          if (f->mark[x] == f->epoch) continue;
          f->mark[x] = f->epoch;
          f->tree[f->ntree++] = b;
          f->queue[tail++] = x;
        }
      }
      return 0;
    }
    int conflict = has_conflict(f, u, v);
    schedule(f, v, t);
    if (!conflict) saturate(f, a, u, v, t);
  }
  return 1;
}

/* ---- arc order ---- */

typedef struct {
  int64_t cost;
  int notroot;
  int arc;
} arc_key;

static int arc_key_cmp(const void *x, const void *y) {
  const arc_key *a = x, *b = y;
  if (a->cost != b->cost) return a->cost < b->cost ? -1 : 1;
  if (a->notroot != b->notroot) return a->notroot - b->notroot;
  return (a->arc > b->arc) - (a->arc < b->arc);
}

static void sort_in(flac *f, int v, arc_key *tmp) {
  int s = f->in_start[v], e = f->in_start[v + 1];
  for (int i = s; i < e; i++) {
    int a = f->in_list[i];
    tmp[i - s] = (arc_key){f->cost[a], f->p->from[a] != ETO_SEL_ROOT, a};
  }
  qsort(tmp, (size_t)(e - s), sizeof *tmp, arc_key_cmp);
  for (int i = s; i < e; i++) f->in_list[i] = tmp[i - s].arc;
}

static void flac_free(flac *f) {
  free(f->cost);
  free(f->in_start);
  free(f->in_list);
  free(f->filled);
  free(f->stamp);
  free(f->rate);
  free(f->next);
  free(f->sat_in);
  free(f->sat_out);
  free(f->hpos);
  free(f->htime);
  free(f->hroot);
  free(f->mark);
  free(f->term_bit);
  free(f->reached);
  free(f->touched_flag);
  free(f->dirty);
  free(f->touched);
  free(f->src);
  free(f->sat_in_nx);
  free(f->sat_out_nx);
  free(f->in_union);
  free(f->heap);
  free(f->queue);
  free(f->tree);
  free(f->terms);
}

int sel_greedy_flac(const sel_prob *p, unsigned char *used, int64_t *union_cost) {
  flac F, *f = &F;
  memset(f, 0, sizeof F);
  int n1 = p->n1, m = p->m, rc = -1;
  size_t N = (size_t)n1, M = (size_t)m + 1;
  arc_key *tmp = NULL;
  f->p = p;
  f->n1 = n1;
  f->m = m;
  f->words = (p->nreq + 63) / 64;
  if (N * (size_t)f->words * sizeof(uint64_t) > FLAC_MAX_BITSET_BYTES)
    return 1; /* too big: caller falls back */
  f->cost = malloc(M * sizeof(int64_t));
  f->in_start = calloc(N + 1, sizeof(int));
  f->in_list = malloc(M * sizeof(int));
  f->filled = calloc(N, sizeof(double));
  f->stamp = calloc(N, sizeof(double));
  f->rate = calloc(N, sizeof(int));
  f->next = calloc(N, sizeof(int));
  f->sat_in = malloc(N * sizeof(int));
  f->sat_out = malloc(N * sizeof(int));
  f->hpos = malloc(N * sizeof(int));
  f->htime = calloc(N, sizeof(double));
  f->hroot = calloc(N, 1);
  f->mark = calloc(N, sizeof(int));
  f->term_bit = malloc(N * sizeof(int));
  f->reached = calloc(N, 1);
  f->touched_flag = calloc(N, 1);
  f->dirty = calloc(N, 1);
  f->touched = malloc(N * sizeof(int));
  f->src = calloc(N * (size_t)(f->words > 0 ? f->words : 1), sizeof(uint64_t));
  f->sat_in_nx = malloc(M * sizeof(int));
  f->sat_out_nx = malloc(M * sizeof(int));
  f->in_union = calloc(M, 1);
  f->heap = malloc(N * sizeof(int));
  f->queue = malloc(N * sizeof(int));
  f->tree = malloc(N * sizeof(int));
  f->terms = malloc(N * sizeof(int));
  if (!f->cost || !f->in_start || !f->in_list || !f->filled || !f->stamp || !f->rate || !f->next ||
      !f->sat_in || !f->sat_out || !f->hpos || !f->htime || !f->hroot || !f->mark || !f->term_bit ||
      !f->reached || !f->touched_flag || !f->dirty || !f->touched || !f->src || !f->sat_in_nx ||
      !f->sat_out_nx || !f->in_union || !f->heap || !f->queue || !f->tree || !f->terms)
    goto out;
  for (int v = 0; v < n1; v++) {
    f->sat_in[v] = f->sat_out[v] = -1;
    f->hpos[v] = -1;
    f->term_bit[v] = -1;
  }
  int maxdeg = 0;
  for (int a = 0; a < m; a++) {
    f->cost[a] = p->cost[a];
    f->in_start[p->to[a] + 1]++;
  }
  for (int v = 0; v < n1; v++) {
    if (f->in_start[v + 1] > maxdeg) maxdeg = f->in_start[v + 1];
    f->in_start[v + 1] += f->in_start[v];
  }
  for (int a = 0; a < m; a++) f->in_list[f->in_start[p->to[a]]++] = a;
  for (int v = n1; v > 0; v--) f->in_start[v] = f->in_start[v - 1];
  f->in_start[0] = 0;
  tmp = malloc(((size_t)maxdeg + 1) * sizeof *tmp);
  if (!tmp) goto out;
  for (int v = 1; v < n1; v++) sort_in(f, v, tmp);

  *union_cost = 0;
  used[0] = 1;
  /* Terminals with a zero-cost arc from the root: FLAC would take each of them alone, at time 0, in rounds of
   * their own (root arcs first on ties); do those rounds at once. */
  for (int v = 1; v < n1; v++) {
    if (p->role[v] != SEL_REQ) continue;
    int first = f->in_start[v + 1] > f->in_start[v] ? f->in_list[f->in_start[v]] : -1;
    if (first >= 0 && f->cost[first] == 0 && p->from[first] == ETO_SEL_ROOT) {
      f->in_union[first] = 1;
      used[v] = 1;
    } else {
      f->terms[f->nterms++] = v;
    }
  }
  while (f->nterms > 0) {
    if (flac_round(f)) {
      rc = 1;
      goto out;
    }
    for (int i = 0; i < f->ntree; i++) {
      int a = f->tree[i];
      used[p->from[a]] = used[p->to[a]] = 1;
      if (!f->in_union[a]) {
        f->in_union[a] = 1;
        *union_cost += p->cost[a];
      }
      if (f->cost[a] != 0) {
        f->cost[a] = 0;
        f->dirty[p->to[a]] = 1;
      }
    }
    int k = 0;
    for (int i = 0; i < f->nterms; i++) {
      int v = f->terms[i];
      if (f->reached[v])
        f->reached[v] = 0;
      else
        f->terms[k++] = v;
    }
    if (k == f->nterms) { /* a tree that reached no terminal: cannot happen, but never loop on it */
      rc = 1;
      goto out;
    }
    f->nterms = k;
    for (int i = 0; i < f->ntree; i++) {
      int v = p->to[f->tree[i]];
      if (f->dirty[v]) {
        f->dirty[v] = 0;
        sort_in(f, v, tmp);
      }
    }
  }
  rc = 0;
out:
  free(tmp);
  flac_free(f);
  return rc;
}
