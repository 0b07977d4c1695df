/* bshape.c — BShape: the output tile of one block with the fewest global-memory lines loaded over the whole
 * reduction (ETO artifact cal_32B_trans with simplify=True: the first block stands for all). Lines are
 * target->line_bytes long (cuda 32, cpu 64); the accessed elements come from the compute description's index
 * expressions mapped to real coordinates, so padding loads nothing. */
#include <stdlib.h>
#include <string.h>

#include "tuner_internal.h"

#define MAX_COMBOS ((int64_t)1 << 24)

static int64_t floordiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

static int cmp_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

static int64_t vals_size(const tun_vals *v) {
  int64_t n = 0;
  for (int k = 0; k < v->n; k++) n += v->len[k];
  return n;
}

/* The idx-th value of a value set (intervals in order). */
static int64_t vals_at(const tun_vals *v, int64_t idx) {
  for (int k = 0; k < v->n; k++) {
    if (idx < v->len[k]) return v->lo[k] + idx;
    idx -= v->len[k];
  }
  return 0;
}

int64_t tun_index_values(const eto_index *ix, const tun_vals *vals, int64_t **out) {
  int vars[ETO_MAX_TERMS], nv = 0;
  for (int t = 0; t < ix->nterms; t++) {
    int seen = 0;
    for (int k = 0; k < nv; k++) seen |= vars[k] == ix->term[t].var;
    if (!seen) vars[nv++] = ix->term[t].var;
  }
  int64_t size[ETO_MAX_TERMS], total = 1;
  for (int k = 0; k < nv; k++) {
    size[k] = vals_size(&vals[vars[k]]);
    if (size[k] <= 0) {
      *out = NULL;
      return 0;
    }
    if (total > MAX_COMBOS / size[k]) return -1;
    total *= size[k];
  }
  int64_t *v = malloc((size_t)total * sizeof *v);
  if (!v) return -1;
  int64_t pos[ETO_MAX_TERMS] = {0}, x[ETO_MAX_TERMS];
  for (int k = 0; k < nv; k++) x[k] = vals_at(&vals[vars[k]], 0);
  for (int64_t n = 0; n < total; n++) {
    int64_t e = ix->offset;
    for (int t = 0; t < ix->nterms; t++) {
      int64_t xv = 0;
      for (int k = 0; k < nv; k++)
        if (vars[k] == ix->term[t].var) xv = x[k];
      e += ix->term[t].coef * floordiv(xv, ix->term[t].div);
    }
    v[n] = e;
    for (int k = nv - 1; k >= 0; k--) { /* odometer over the variables' values */
      if (++pos[k] < size[k]) {
        x[k] = vals_at(&vals[vars[k]], pos[k]);
        break;
      }
      pos[k] = 0;
      x[k] = vals_at(&vals[vars[k]], 0);
    }
  }
  qsort(v, (size_t)total, sizeof *v, cmp_i64);
  int64_t u = 0;
  for (int64_t n = 0; n < total; n++)
    if (u == 0 || v[u - 1] != v[n]) v[u++] = v[n];
  *out = v;
  return u;
}

/* Lines of one input: the Cartesian product of its per-dimension real coordinates, visited in address order
 * (row-major, each coordinate list ascending), innermost dimension as runs of consecutive coordinates. */
static int64_t input_lines(const eto_operand *in, const tun_vals *vals, int64_t elems_per_line) {
  int64_t *coord[ETO_MAX_DIMS] = {0}, ncoord[ETO_MAX_DIMS], stride[ETO_MAX_DIMS];
  int64_t lines = 0;
  int64_t st = 1;
  for (int d = in->rank - 1; d >= 0; d--) {
    stride[d] = st;
    st *= in->shape[d];
  }
  for (int d = 0; d < in->rank; d++) {
    int64_t *v = NULL;
    int64_t n = tun_index_values(&in->index[d], vals, &v);
    if (n < 0) {
      lines = -1;
      goto out;
    }
    int64_t k = 0; /* virtual -> real, keeping only coordinates inside the tensor (still ascending) */
    for (int64_t j = 0; j < n; j++) {
      int64_t r = v[j] - in->pad_lo[d];
      if (r < 0 || r % in->dilate[d]) continue;
      r /= in->dilate[d];
      if (r < in->shape[d]) v[k++] = r;
    }
    coord[d] = v;
    ncoord[d] = k;
    if (k == 0) goto out; /* only padding: nothing is loaded */
  }
  {
    int last = in->rank - 1;
    int64_t pos[ETO_MAX_DIMS] = {0}, last_line = -1;
    for (;;) {
      int64_t base = 0;
      for (int d = 0; d < last; d++) base += coord[d][pos[d]] * stride[d];
      for (int64_t j = 0; j < ncoord[last];) {
        int64_t j1 = j; /* a run of consecutive coordinates */
        while (j1 + 1 < ncoord[last] && coord[last][j1 + 1] == coord[last][j1] + 1) j1++;
        int64_t l0 = (base + coord[last][j]) / elems_per_line, l1 = (base + coord[last][j1]) / elems_per_line;
        lines += l1 - l0 + 1 - (l0 == last_line);
        last_line = l1;
        j = j1 + 1;
      }
      int d = last - 1;
      for (; d >= 0; d--) {
        if (++pos[d] < ncoord[d]) break;
        pos[d] = 0;
      }
      if (d < 0) break;
    }
  }
out:
  for (int d = 0; d < in->rank; d++) free(coord[d]);
  return lines;
}

int64_t tun_block_lines(const eto_compute *c, int line_bytes, const int64_t *bshape) {
  tun_vals vals[2 * ETO_MAX_LOOPS];
  memset(vals, 0, sizeof vals);
  for (int s = 0; s < c->nest.nspace; s++) {
    vals[s].n = 1;
    vals[s].len[0] = bshape[s];
  }
  for (int j = 0; j < c->nest.nreduce; j++) {
    vals[c->nest.nspace + j].n = 1;
    vals[c->nest.nspace + j].len[0] = c->nest.reduce[j].extent;
  }
  int64_t per_line = line_bytes >= 4 ? line_bytes / 4 : 1, total = 0;
  for (int i = 0; i < c->ninputs; i++) {
    int64_t l = input_lines(&c->in[i], vals, per_line);
    if (l < 0) return -1;
    total += l;
  }
  return total;
}

typedef struct {
  const eto_compute *c;
  int line_bytes;
  int64_t divs[ETO_MAX_LOOPS][1024];
  int ndivs[ETO_MAX_LOOPS];
  int64_t cur[ETO_MAX_LOOPS], best[ETO_MAX_LOOPS], best_lines;
  int found;
} bshape_search;

/* Enumerates tiles in lexicographic order (divisors ascending per loop), so the first tile of least cost is
 * the lexicographically smallest one. */
static void search(bshape_search *s, int loop, int64_t rest) {
  int ns = s->c->nest.nspace;
  if (loop == ns - 1) {
    if (s->c->nest.space[loop].extent % rest) return;
    s->cur[loop] = rest;
    int64_t l = tun_block_lines(s->c, s->line_bytes, s->cur);
    if (l >= 0 && (!s->found || l < s->best_lines)) {
      s->found = 1;
      s->best_lines = l;
      memcpy(s->best, s->cur, sizeof s->best);
    }
    return;
  }
  for (int k = 0; k < s->ndivs[loop]; k++) {
    int64_t d = s->divs[loop][k];
    if (rest % d) continue;
    s->cur[loop] = d;
    search(s, loop + 1, rest / d);
  }
}

int tun_best_bshape(const eto_compute *c, const eto_target *t, int64_t blocks, int64_t bshape[ETO_MAX_LOOPS],
                    int64_t *lines) {
  int64_t space = 1;
  for (int s = 0; s < c->nest.nspace; s++) space *= c->nest.space[s].extent;
  if (blocks < 1 || space % blocks || c->nest.nspace == 0) return -1;
  bshape_search *s = calloc(1, sizeof *s);
  if (!s) return -1;
  s->c = c;
  s->line_bytes = t->line_bytes;
  for (int i = 0; i < c->nest.nspace; i++)
    s->ndivs[i] = tun_divisors(c->nest.space[i].extent, s->divs[i], 1024);
  search(s, 0, space / blocks);
  int ok = s->found ? 0 : -1;
  if (s->found) {
    for (int i = 0; i < ETO_MAX_LOOPS; i++) bshape[i] = i < c->nest.nspace ? s->best[i] : 1;
    if (lines) *lines = s->best_lines;
  }
  free(s);
  return ok;
}
