/* arborescence.c — minimum-cost arborescence (Tarjan 1977, with Camerini et al.'s correction), O(E log V).
 *
 * Every non-root node keeps a leftist heap of its entering edges keyed by (reduced cost, edge index); a whole
 * heap's costs can be lowered at once by a lazy tag. Starting from each unfinished node we walk backwards
 * along cheapest entering edges. Choosing edge e into super-node x lowers all other edges into x by e's
 * reduced cost, so "swap e for another edge into x" costs exactly the other edge's new key. The walk ends at
 * a finished node (one already connected to the root); when it meets itself, the cycle is contracted into a
 * new super-node whose heap is the meld of its members' heaps. Super-nodes get fresh ids above the original
 * ones, so the contraction forest has larger ids on top; the tree is recovered top-down: a super-node's
 * entering edge replaces the cycle edge of the member it enters, every other member keeps its cycle edge.
 *
 * Ties are broken by edge index (heaps compare (key, index), and a lazy tag shifts all keys of a heap alike),
 * so the result depends only on the input. Zero-cost cycles are contracted like any other.
 */
#include <stdlib.h>

#include "sel_internal.h"

struct sel_arb {
  int n1, m;
  int *in_start;  /* [n1 + 1] entering edges of each node ... */
  int *in_sorted; /* [m] ... by increasing (cost, index): a sorted chain is already a leftist heap */
  /* per edge: leftist heap node */
  int64_t *key, *tag;
  int *lc, *rc, *rk;
  /* per id (original nodes 0..n1-1, super-nodes above) */
  int *uf;              /* union-find parent (the enclosing super-node, path-compressed) */
  int *cpar;            /* contraction forest parent, -1 on top */
  int *heap;            /* heap of entering edges, -1 when empty */
  int *in_edge;         /* edge chosen when the id was last on the walk */
  int *use;             /* edge entering the id in the final tree */
  int *minnode;         /* smallest original node inside the id */
  unsigned char *state; /* 0 new, 1 on the current walk, 2 connected to the root, 3 contracted */
  unsigned char *assigned;
  int *path;
};

typedef struct {
  int64_t cost;
  int e;
} edge_key;

static int edge_key_cmp(const void *x, const void *y) {
  const edge_key *a = x, *b = y;
  if (a->cost != b->cost) return a->cost < b->cost ? -1 : 1;
  return (a->e > b->e) - (a->e < b->e);
}

sel_arb *sel_arb_create(const sel_prob *p) {
  sel_arb *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  int n1 = p->n1, m = p->m;
  size_t ids = 2 * (size_t)n1 + 1, ne = (size_t)m + 1;
  w->n1 = n1;
  w->m = m;
  w->in_start = calloc((size_t)n1 + 1, sizeof(int));
  w->in_sorted = malloc(ne * sizeof(int));
  edge_key *tmp = malloc(ne * sizeof *tmp);
  if (!w->in_start || !w->in_sorted || !tmp) {
    free(tmp);
    sel_arb_free(w);
    return NULL;
  }
  for (int e = 0; e < m; e++) w->in_start[p->to[e] + 1]++;
  for (int v = 0; v < n1; v++) w->in_start[v + 1] += w->in_start[v];
  for (int e = 0; e < m; e++) { /* bucket by head; within a bucket, then sort */
    int v = p->to[e];
    tmp[w->in_start[v]] = (edge_key){p->cost[e], e};
    w->in_start[v]++;
  }
  for (int v = n1; v > 0; v--) w->in_start[v] = w->in_start[v - 1];
  w->in_start[0] = 0;
  for (int v = 0; v < n1; v++)
    qsort(tmp + w->in_start[v], (size_t)(w->in_start[v + 1] - w->in_start[v]), sizeof *tmp, edge_key_cmp);
  for (int e = 0; e < m; e++) w->in_sorted[e] = tmp[e].e;
  free(tmp);
  w->key = malloc(ne * sizeof *w->key);
  w->tag = malloc(ne * sizeof *w->tag);
  w->lc = malloc(ne * sizeof(int));
  w->rc = malloc(ne * sizeof(int));
  w->rk = malloc(ne * sizeof(int));
  w->uf = malloc(ids * sizeof(int));
  w->cpar = malloc(ids * sizeof(int));
  w->heap = malloc(ids * sizeof(int));
  w->in_edge = malloc(ids * sizeof(int));
  w->use = malloc(ids * sizeof(int));
  w->minnode = malloc(ids * sizeof(int));
  w->state = malloc(ids);
  w->assigned = malloc(ids);
  w->path = malloc(ids * sizeof(int));
  if (!w->key || !w->tag || !w->lc || !w->rc || !w->rk || !w->uf || !w->cpar || !w->heap || !w->in_edge ||
      !w->use || !w->minnode || !w->state || !w->assigned || !w->path) {
    sel_arb_free(w);
    return NULL;
  }
  return w;
}

void sel_arb_free(sel_arb *w) {
  if (!w) return;
  free(w->in_start);
  free(w->in_sorted);
  free(w->key);
  free(w->tag);
  free(w->lc);
  free(w->rc);
  free(w->rk);
  free(w->uf);
  free(w->cpar);
  free(w->heap);
  free(w->in_edge);
  free(w->use);
  free(w->minnode);
  free(w->state);
  free(w->assigned);
  free(w->path);
  free(w);
}

/* ---- leftist heap with a lazy additive tag (the tag is already applied to the node's own key) ---- */

static void heap_add(sel_arb *w, int h, int64_t d) {
  if (h < 0) return;
  w->key[h] += d;
  w->tag[h] += d;
}

static void heap_push(sel_arb *w, int h) {
  if (w->tag[h]) {
    heap_add(w, w->lc[h], w->tag[h]);
    heap_add(w, w->rc[h], w->tag[h]);
    w->tag[h] = 0;
  }
}

static int heap_less(const sel_arb *w, int a, int b) {
  return w->key[a] < w->key[b] || (w->key[a] == w->key[b] && a < b);
}

static int heap_rank(const sel_arb *w, int h) { return h < 0 ? 0 : w->rk[h]; }

/* Recursion depth is bounded by the right-spine lengths, O(log size) for leftist heaps. */
static int heap_meld(sel_arb *w, int a, int b) {
  if (a < 0) return b;
  if (b < 0) return a;
  if (heap_less(w, b, a)) {
    int t = a;
    a = b;
    b = t;
  }
  heap_push(w, a);
  w->rc[a] = heap_meld(w, w->rc[a], b);
  if (heap_rank(w, w->lc[a]) < heap_rank(w, w->rc[a])) {
    int t = w->lc[a];
    w->lc[a] = w->rc[a];
    w->rc[a] = t;
  }
  w->rk[a] = heap_rank(w, w->rc[a]) + 1;
  return a;
}

static int heap_pop(sel_arb *w, int h) {
  heap_push(w, h);
  return heap_meld(w, w->lc[h], w->rc[h]);
}

static int uf_find(sel_arb *w, int x) {
  int r = x;
  while (w->uf[r] != r) r = w->uf[r];
  while (w->uf[x] != r) {
    int nx = w->uf[x];
    w->uf[x] = r;
    x = nx;
  }
  return r;
}

/* Node v (an operator node, or a super-node made by a contraction) as it starts: its own set, no parent, no
 * entering edges yet, unvisited; minnode its smallest original node (a super-node's is lowered as its members
 * join). */
static void node_init(sel_arb *w, int v, int minnode) {
  w->uf[v] = v;
  w->cpar[v] = -1;
  w->heap[v] = -1;
  w->in_edge[v] = -1;
  w->minnode[v] = minnode;
  w->state[v] = 0;
  w->assigned[v] = 0;
}

int64_t sel_arb_solve(sel_arb *w, const sel_prob *p, const unsigned char *active, int *pedge, int *bad) {
  int n1 = p->n1, next_id = n1;
  for (int v = 0; v < n1; v++) node_init(w, v, v);
  w->state[0] = 2;
  /* each active node's heap: its active entering edges as a chain in (cost, index) order (left children,
   * rank 1 everywhere), built back to front */
  for (int v = 1; v < n1; v++) {
    if (!active[v]) continue;
    for (int i = w->in_start[v + 1] - 1; i >= w->in_start[v]; i--) {
      int e = w->in_sorted[i];
      if (!active[p->from[e]]) continue;
      w->key[e] = p->cost[e];
      w->tag[e] = 0;
      w->lc[e] = w->heap[v];
      w->rc[e] = -1;
      w->rk[e] = 1;
      w->heap[v] = e;
    }
  }

  for (int s = 1; s < n1; s++) {
    if (!active[s]) continue;
    int cur = uf_find(w, s);
    if (w->state[cur] != 0) continue;
    int top = 0;
    for (;;) {
      w->state[cur] = 1;
      w->path[top++] = cur;
      int e = -1;
      while (w->heap[cur] >= 0) {
        int h = w->heap[cur];
        if (uf_find(w, p->from[h]) == cur) { /* became internal to cur by a contraction */
          w->heap[cur] = heap_pop(w, h);
          continue;
        }
        e = h;
        break;
      }
      if (e < 0) {
        if (bad) *bad = w->minnode[cur];
        return -1;
      }
      int64_t rc = w->key[e];
      w->heap[cur] = heap_pop(w, e);
      heap_add(w, w->heap[cur], -rc);
      w->in_edge[cur] = e;
      int u = uf_find(w, p->from[e]);
      if (w->state[u] == 2) {
        while (top > 0) w->state[w->path[--top]] = 2;
        break;
      }
      if (w->state[u] == 0) {
        cur = u;
        continue;
      }
      /* u is on the walk: contract the cycle u .. cur into a new super-node c */
      int c = next_id++;
      node_init(w, c, n1);
      int x;
      do {
        x = w->path[--top];
        w->uf[x] = c;
        w->cpar[x] = c;
        w->state[x] = 3;
        w->heap[c] = heap_meld(w, w->heap[c], w->heap[x]);
        w->heap[x] = -1;
        if (w->minnode[x] < w->minnode[c]) w->minnode[c] = w->minnode[x];
      } while (x != u);
      cur = c;
    }
  }

  /* Expand top-down: ids in decreasing order visit a super-node before its members. An unassigned id keeps
   * its own chosen edge, which enters one original node inside it; every id on the way from that node up to
   * the id is entered by the same edge. */
  for (int x = next_id - 1; x >= 1; x--) {
    if (x < n1 && !active[x]) continue;
    if (w->assigned[x]) continue;
    int e = w->in_edge[x];
    w->use[x] = e;
    for (int y = p->to[e]; y != x; y = w->cpar[y]) {
      w->use[y] = e;
      w->assigned[y] = 1;
    }
  }
  int64_t total = 0;
  for (int v = 1; v < n1; v++) {
    if (!active[v]) continue;
    pedge[v] = w->use[v];
    total += p->cost[w->use[v]];
  }
  return total;
}
