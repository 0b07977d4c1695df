/* gpusim.h — test-only executor of GPU-lowered loop IR (eto_kernel_interpret refuses gpu kernels because
 * their threads must run concurrently).
 *
 * Model: the statements outside THREAD loops are the same for every thread of a block (loops over reduction
 * steps, barriers); a THREAD loop is a phase that every thread executes completely before the next statement.
 * This is what a GPU does when barriers separate the phases — and the simulator checks that they do: every
 * shared-memory element remembers the barrier epoch and thread of its last write and of its reads, and a read
 * of another thread's write from the same epoch (RAW), a write over another thread's read or write from the
 * same epoch (WAR, WAW), or a read of an element never written is reported. LOCAL and REG buffers are per
 * thread and must be written before they are read; every output element must be written exactly once; a
 * barrier inside a THREAD loop, a store outside one (with more than one thread), or THREAD loops of different
 * extents are errors.
 *
 * It also checks the CUDA printer's analyses on the real execution: every integer expression stays inside the
 * bounds eto_cuda_expr_range claims (which decide `int` indices and plain `/` and `%`), and in every VECTOR
 * loop the printer emits as one float2/float4 access (eto_cuda_fetch_vector), the guards agree over the lanes
 * and both indices are contiguous and aligned. */
#ifndef ETO_TESTS_CUDA_GPUSIM_H
#define ETO_TESTS_CUDA_GPUSIM_H

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen.h"
#include "measure.h"

typedef struct {
  const void *key;
  int64_t lo, hi;
} gs_range;

typedef struct {
  const eto_kernel *k;
  int64_t vars[ETO_KERNEL_MAX_VARS];
  float *mem[ETO_KERNEL_MAX_BUFS];
  unsigned char *init[ETO_KERNEL_MAX_BUFS];                       /* per-thread buffers: written yet? */
  int64_t *w_ep[ETO_KERNEL_MAX_BUFS], *w_th[ETO_KERNEL_MAX_BUFS]; /* shared: last write (epoch, thread) */
  int64_t *r_ep[ETO_KERNEL_MAX_BUFS],
      *r_th[ETO_KERNEL_MAX_BUFS]; /* shared: reads (epoch, thread or -2 = several) */
  int *writes;                    /* per output element */
  int out_buf;
  int64_t tid, epoch;
  gs_range *ranges;
  size_t nranges_cap;
  const eto_stmt *vloop[64];
  int nvloop;
  long vec_execs, range_checks;
  int errors;
  char err[512];
} gsim;

static void gs_fail(gsim *g, const char *fmt, ...) {
  if (g->errors++ == 0) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->err, sizeof g->err, fmt, ap);
    va_end(ap);
  }
}

/* ---- static ranges, keyed by expression node ---- */

static size_t gs_hash(const void *p, size_t cap) {
  return ((uintptr_t)p >> 4) * 11400714819323198485ull & (cap - 1);
}

static gs_range *gs_slot(gsim *g, const void *key) {
  size_t i = gs_hash(key, g->nranges_cap);
  while (g->ranges[i].key && g->ranges[i].key != key) i = (i + 1) & (g->nranges_cap - 1);
  return &g->ranges[i];
}

static size_t gs_count_expr(const eto_expr *e) {
  if (!e) return 0;
  return 1 + (e->op == ETO_X_INT || e->op == ETO_X_VAR || e->op == ETO_X_FLOAT
                  ? 0
                  : gs_count_expr(e->a) + gs_count_expr(e->b) + gs_count_expr(e->c));
}

static size_t gs_count_stmt(const eto_stmt *s) {
  size_t n = 0;
  switch (s->kind) {
  case ETO_S_SEQ:
    for (int i = 0; i < s->n; i++) n += gs_count_stmt(s->items[i]);
    return n;
  case ETO_S_FOR:
    return gs_count_stmt(s->body);
  case ETO_S_IF:
    return gs_count_expr(s->cond) + gs_count_stmt(s->body);
  case ETO_S_STORE:
    return gs_count_expr(s->index) + gs_count_expr(s->value);
  default:
    return 0;
  }
}

static void gs_add_expr(gsim *g, const eto_expr *e) {
  if (!e) return;
  if (e->op <= ETO_X_AND) {
    gs_range *r = gs_slot(g, e);
    if (!r->key) {
      r->key = e;
      eto_cuda_expr_range(g->k, e, &r->lo, &r->hi);
    }
  }
  if (e->op == ETO_X_INT || e->op == ETO_X_VAR || e->op == ETO_X_FLOAT) return;
  gs_add_expr(g, e->a);
  if (e->op != ETO_X_LOAD && e->op != ETO_X_FSQRT) gs_add_expr(g, e->b);
  if (e->op == ETO_X_LOAD) gs_add_expr(g, e->c);
}

static void gs_add_stmt(gsim *g, const eto_stmt *s) {
  switch (s->kind) {
  case ETO_S_SEQ:
    for (int i = 0; i < s->n; i++) gs_add_stmt(g, s->items[i]);
    return;
  case ETO_S_FOR:
    if (s->loop == ETO_LOOP_THREAD && s->extent != g->k->threads)
      gs_fail(g, "THREAD loop of extent %lld in a kernel of %lld threads", (long long)s->extent,
              (long long)g->k->threads);
    if (eto_cuda_fetch_vector(g->k, s) && g->nvloop < 64) g->vloop[g->nvloop++] = s;
    gs_add_stmt(g, s->body);
    return;
  case ETO_S_IF:
    gs_add_expr(g, s->cond);
    gs_add_stmt(g, s->body);
    return;
  case ETO_S_STORE:
    gs_add_expr(g, s->index);
    gs_add_expr(g, s->value);
    return;
  default:
    return;
  }
}

/* ---- evaluation ---- */

static int64_t gs_fdiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
  return q;
}

static int64_t gs_eval_i(gsim *g, const eto_expr *e);

static int64_t gs_cur(gsim *g, int b) {
  eto_buf_scope sc = g->k->buf[b].scope;
  if ((sc == ETO_BUF_LOCAL || sc == ETO_BUF_REG) && g->tid < 0 && g->k->threads > 1)
    gs_fail(g, "per-thread buffer %s used outside a THREAD loop", g->k->buf[b].name);
  return g->tid >= 0 ? g->tid : 0;
}

static float gs_read(gsim *g, int b, int64_t i) {
  const eto_buffer *B = &g->k->buf[b];
  if (i < 0 || i >= B->size) {
    gs_fail(g, "read %s[%lld] out of bounds (size %lld)", B->name, (long long)i, (long long)B->size);
    return 0.0f;
  }
  int64_t t = gs_cur(g, b);
  switch (B->scope) {
  case ETO_BUF_SHARED:
    if (g->w_ep[b][i] < 0)
      gs_fail(g, "thread %lld reads %s[%lld], never written", (long long)t, B->name, (long long)i);
    else if (g->w_ep[b][i] == g->epoch && g->w_th[b][i] != t)
      gs_fail(g, "race: thread %lld reads %s[%lld] written by thread %lld with no barrier between",
              (long long)t, B->name, (long long)i, (long long)g->w_th[b][i]);
    if (g->r_ep[b][i] != g->epoch) {
      g->r_ep[b][i] = g->epoch;
      g->r_th[b][i] = t;
    } else if (g->r_th[b][i] != t) {
      g->r_th[b][i] = -2;
    }
    return g->mem[b][i];
  case ETO_BUF_LOCAL:
  case ETO_BUF_REG:
    if (!g->init[b][t * B->size + i])
      gs_fail(g, "thread %lld reads %s[%lld] before writing it", (long long)t, B->name, (long long)i);
    return g->mem[b][t * B->size + i];
  case ETO_BUF_OUTPUT:
    gs_fail(g, "the output is read");
    return g->mem[b][i];
  default:
    return g->mem[b][i];
  }
}

static void gs_write(gsim *g, int b, int64_t i, float v) {
  const eto_buffer *B = &g->k->buf[b];
  if (i < 0 || i >= B->size) {
    gs_fail(g, "write %s[%lld] out of bounds (size %lld)", B->name, (long long)i, (long long)B->size);
    return;
  }
  if (g->tid < 0 && g->k->threads > 1 && B->scope != ETO_BUF_LOCAL && B->scope != ETO_BUF_REG)
    gs_fail(g, "store to %s outside a THREAD loop: every thread of the block would execute it", B->name);
  int64_t t = gs_cur(g, b);
  switch (B->scope) {
  case ETO_BUF_SHARED:
    if (g->w_ep[b][i] == g->epoch && g->w_th[b][i] != t)
      gs_fail(g, "race: threads %lld and %lld write %s[%lld] with no barrier between",
              (long long)g->w_th[b][i], (long long)t, B->name, (long long)i);
    if (g->r_ep[b][i] == g->epoch && g->r_th[b][i] != t)
      gs_fail(g, "race: thread %lld overwrites %s[%lld] that another thread read with no barrier between",
              (long long)t, B->name, (long long)i);
    g->w_ep[b][i] = g->epoch;
    g->w_th[b][i] = t;
    g->mem[b][i] = v;
    return;
  case ETO_BUF_LOCAL:
  case ETO_BUF_REG:
    g->init[b][t * B->size + i] = 1;
    g->mem[b][t * B->size + i] = v;
    return;
  case ETO_BUF_OUTPUT:
    g->writes[i]++;
    g->mem[b][i] = v;
    return;
  default:
    gs_fail(g, "store into input %s", B->name);
    return;
  }
}

static float gs_eval_f(gsim *g, const eto_expr *e) {
  switch (e->op) {
  case ETO_X_FLOAT:
    return e->fval;
  case ETO_X_LOAD:
    if (e->c && !gs_eval_i(g, e->c)) return 0.0f;
    return gs_read(g, e->buf, gs_eval_i(g, e->a));
  case ETO_X_FADD:
    return gs_eval_f(g, e->a) + gs_eval_f(g, e->b);
  case ETO_X_FMUL:
    return gs_eval_f(g, e->a) * gs_eval_f(g, e->b);
  case ETO_X_FMAX:
    return fmaxf(gs_eval_f(g, e->a), gs_eval_f(g, e->b));
  case ETO_X_FSQRT:
    return sqrtf(gs_eval_f(g, e->a));
  default:
    gs_fail(g, "integer expression %d used as float", (int)e->op);
    return 0.0f;
  }
}

static int64_t gs_eval_raw(gsim *g, const eto_expr *e) {
  switch (e->op) {
  case ETO_X_INT:
    return e->ival;
  case ETO_X_VAR:
    return g->vars[e->var];
  case ETO_X_ADD:
    return gs_eval_i(g, e->a) + gs_eval_i(g, e->b);
  case ETO_X_SUB:
    return gs_eval_i(g, e->a) - gs_eval_i(g, e->b);
  case ETO_X_MUL:
    return gs_eval_i(g, e->a) * gs_eval_i(g, e->b);
  case ETO_X_DIV:
  case ETO_X_MOD: {
    int64_t a = gs_eval_i(g, e->a), b = gs_eval_i(g, e->b);
    if (b == 0) {
      gs_fail(g, "division by zero");
      return 0;
    }
    int64_t q = gs_fdiv(a, b);
    return e->op == ETO_X_DIV ? q : a - q * b;
  }
  case ETO_X_MIN: {
    int64_t a = gs_eval_i(g, e->a), b = gs_eval_i(g, e->b);
    return a < b ? a : b;
  }
  case ETO_X_MAX: {
    int64_t a = gs_eval_i(g, e->a), b = gs_eval_i(g, e->b);
    return a > b ? a : b;
  }
  case ETO_X_LT:
    return gs_eval_i(g, e->a) < gs_eval_i(g, e->b);
  case ETO_X_LE:
    return gs_eval_i(g, e->a) <= gs_eval_i(g, e->b);
  case ETO_X_EQ:
    return gs_eval_i(g, e->a) == gs_eval_i(g, e->b);
  case ETO_X_AND:
    return gs_eval_i(g, e->a) && gs_eval_i(g, e->b);
  default:
    gs_fail(g, "float expression %d used as integer", (int)e->op);
    return 0;
  }
}

static int64_t gs_eval_i(gsim *g, const eto_expr *e) {
  int64_t v = gs_eval_raw(g, e);
  const gs_range *r = gs_slot(g, e);
  if (r->key) {
    g->range_checks++;
    if (v < r->lo || v > r->hi)
      gs_fail(g, "an integer expression evaluates to %lld outside its static range [%lld, %lld]",
              (long long)v, (long long)r->lo, (long long)r->hi);
  }
  return v;
}

/* The printer emits loop s as one vector access: verify it on this execution. */
static void gs_check_vector(gsim *g, const eto_stmt *s) {
  const eto_stmt *b = s->body;
  const eto_expr *conds[8];
  int nc = 0;
  while ((b->kind == ETO_S_IF && nc < 8) || (b->kind == ETO_S_SEQ && b->n == 1)) {
    if (b->kind == ETO_S_IF) conds[nc++] = b->cond;
    b = b->kind == ETO_S_IF ? b->body : b->items[0];
  }
  if (b->kind != ETO_S_STORE || b->value->op != ETO_X_LOAD) {
    gs_fail(g, "a vectorized fetch loop has an unexpected body");
    return;
  }
  int64_t V = s->extent, c0[8] = {0}, g0 = 0, si0 = 0, li0 = 0;
  for (int64_t l = 0; l < V; l++) {
    g->vars[s->var] = l;
    for (int i = 0; i < nc; i++) {
      int64_t c = gs_eval_i(g, conds[i]) != 0;
      if (l == 0)
        c0[i] = c;
      else if (c != c0[i])
        gs_fail(g, "vectorized fetch: condition differs between lanes 0 and %lld", (long long)l);
    }
    int64_t gd = b->value->c ? gs_eval_i(g, b->value->c) != 0 : 1;
    int64_t si = gs_eval_i(g, b->index), li = gs_eval_i(g, b->value->a);
    if (l == 0) {
      g0 = gd;
      si0 = si;
      li0 = li;
      if (((si % V) + V) % V != 0 || ((li % V) + V) % V != 0)
        gs_fail(g, "vectorized fetch: lane 0 indices %lld (shared) and %lld (global) are not %lld-aligned",
                (long long)si, (long long)li, (long long)V);
    } else if (gd != g0) {
      gs_fail(g, "vectorized fetch: load guard differs between lanes 0 and %lld", (long long)l);
    } else if (si != si0 + l || li != li0 + l) {
      gs_fail(g, "vectorized fetch: lane %lld indices %lld, %lld are not contiguous with %lld, %lld",
              (long long)l, (long long)si, (long long)li, (long long)si0, (long long)li0);
    }
  }
  g->vec_execs++;
}

static void gs_exec(gsim *g, const eto_stmt *s) {
  if (g->errors) return;
  switch (s->kind) {
  case ETO_S_SEQ:
    for (int i = 0; i < s->n; i++) gs_exec(g, s->items[i]);
    return;
  case ETO_S_FOR:
    if (s->loop == ETO_LOOP_THREAD) {
      if (g->tid >= 0) {
        gs_fail(g, "nested THREAD loops");
        return;
      }
      for (int64_t t = 0; t < s->extent && !g->errors; t++) {
        g->tid = t;
        g->vars[s->var] = t;
        gs_exec(g, s->body);
      }
      g->tid = -1;
      g->vars[s->var] = 0; /* outside its loop a variable reads 0, as in the printed code's scopes */
      return;
    }
    if (s->loop == ETO_LOOP_VECTOR)
      for (int i = 0; i < g->nvloop; i++)
        if (g->vloop[i] == s) gs_check_vector(g, s);
    for (int64_t i = 0; i < s->extent && !g->errors; i++) {
      g->vars[s->var] = i;
      gs_exec(g, s->body);
    }
    g->vars[s->var] = 0;
    return;
  case ETO_S_IF:
    if (gs_eval_i(g, s->cond)) gs_exec(g, s->body);
    return;
  case ETO_S_STORE: {
    int64_t i = gs_eval_i(g, s->index);
    float v = gs_eval_f(g, s->value);
    gs_write(g, s->buf, i, v);
    return;
  }
  case ETO_S_PREFETCH: gs_fail(g, "a prefetch in a GPU kernel"); return;
  case ETO_S_BARRIER:
    if (g->tid >= 0) gs_fail(g, "barrier inside a THREAD loop");
    g->epoch++;
    return;
  }
}

/* Runs k (lowered with gpu = 1) on args (inputs, bias, output). Returns 0, or -1 with the first error in err.
 */
static int gsim_run(const eto_kernel *k, float *const *args, char *err, size_t cap, long *vec_execs,
                    long *range_checks) {
  gsim *g = calloc(1, sizeof *g);
  g->k = k;
  g->tid = -1;
  g->out_buf = -1;
  size_t n = gs_count_stmt(k->body) * 2 + 16, cap2 = 16;
  while (cap2 < n) cap2 *= 2;
  g->nranges_cap = cap2;
  g->ranges = calloc(cap2, sizeof *g->ranges);
  gs_add_stmt(g, k->body);
  if (!k->gpu) gs_fail(g, "kernel not lowered for a GPU");
  int64_t T = k->threads > 0 ? k->threads : 1;
  for (int b = 0; b < k->nbufs; b++) {
    const eto_buffer *B = &k->buf[b];
    size_t sz = (size_t)B->size;
    switch (B->scope) {
    case ETO_BUF_INPUT:
      g->mem[b] = args[B->arg];
      break;
    case ETO_BUF_OUTPUT:
      g->mem[b] = args[B->arg];
      g->out_buf = b;
      g->writes = calloc(sz ? sz : 1, sizeof(int));
      break;
    case ETO_BUF_SHARED:
      g->mem[b] = malloc(sizeof(float) * (sz ? sz : 1));
      g->w_ep[b] = malloc(sizeof(int64_t) * (sz ? sz : 1));
      g->w_th[b] = malloc(sizeof(int64_t) * (sz ? sz : 1));
      g->r_ep[b] = malloc(sizeof(int64_t) * (sz ? sz : 1));
      g->r_th[b] = malloc(sizeof(int64_t) * (sz ? sz : 1));
      break;
    default:
      g->mem[b] = malloc(sizeof(float) * (sz ? sz : 1) * (size_t)T);
      g->init[b] = malloc((sz ? sz : 1) * (size_t)T);
      break;
    }
  }
  for (int64_t blk = 0; blk < k->blocks && !g->errors; blk++) {
    for (int b = 0; b < k->nbufs; b++) {
      const eto_buffer *B = &k->buf[b];
      if (B->scope == ETO_BUF_SHARED)
        for (int64_t i = 0; i < B->size; i++) {
          g->mem[b][i] = NAN;
          g->w_ep[b][i] = g->r_ep[b][i] = -1;
        }
      else if (B->scope == ETO_BUF_LOCAL || B->scope == ETO_BUF_REG) {
        for (int64_t i = 0; i < B->size * T; i++) g->mem[b][i] = NAN;
        memset(g->init[b], 0, (size_t)(B->size * T));
      }
    }
    memset(g->vars, 0, sizeof g->vars);
    g->vars[0] = blk;
    g->epoch = 0;
    gs_exec(g, k->body);
  }
  if (!g->errors && g->out_buf >= 0)
    for (int64_t i = 0; i < k->buf[g->out_buf].size; i++)
      if (g->writes[i] != 1) {
        gs_fail(g, "output element %lld written %d times", (long long)i, g->writes[i]);
        break;
      }
  int rc = g->errors ? -1 : 0;
  if (err && cap) snprintf(err, cap, "%s", g->err);
  if (vec_execs) *vec_execs += g->vec_execs;
  if (range_checks) *range_checks += g->range_checks;
  for (int b = 0; b < k->nbufs; b++) {
    if (k->buf[b].scope > ETO_BUF_OUTPUT) free(g->mem[b]);
    free(g->init[b]);
    free(g->w_ep[b]);
    free(g->w_th[b]);
    free(g->r_ep[b]);
    free(g->r_th[b]);
  }
  free(g->writes);
  free(g->ranges);
  free(g);
  return rc;
}

#endif
