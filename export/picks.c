/* picks.c — which tuned member serves each value s of a family's dispatch function (docs/architecture.md §11).
 *
 * s's candidates: s's own member (its fixed kernel) where s is tuned, and the dynamic kernels of the members above
 * s (export.c compiles them: the member's program with s as a run-time extent). A cost model ranks the dynamic
 * kernels: a member's cached latency scaled by the share of its work it still does at s. With
 * ETO_EXPORT_PICKS_MEASURED (the default) the model only shortlists: s's own member and the model's best
 * PICK_CANDS dynamic kernels within 2s + 16 are JIT-compiled, run at s on this machine (the export's target) and
 * timed, interleaved, samples disturbed by other processes taken again, and the fastest median serves s. With
 * ETO_EXPORT_PICKS_MODEL the model's best within 1.5s + 8 serves s unless s is tuned. The model scales flops and
 * misses what the partial blocks of a kernel cost at s and how far a tuned latency is from the kernel's time outside
 * the search's measurer (bench/RESULTS.md K.3, L.1). Where the variable only stacks rows, a measured pick may also
 * be a split: the largest member below s on its rows and the rest served as that smaller value is, when the two
 * values' measured times sum to clearly less than s's fastest kernel and the split, timed as the dispatch runs it
 * beside that kernel, is clearly faster too (the three times may come from different moments or, after
 * --picks-from, different runs: bench/RESULTS.md BB.1).
 *
 * Measured picks also say how well each value is served: the pick's time at s (every s that a kernel runs without
 * padded copies is timed, also where it has one candidate only). A value whose throughput (s^k per second, k the keys
 * equal to the variable: the work scales so) is under PICK_WEAK_SHARE of the best throughput of a smaller value of
 * at least 1 / PICK_WEAK_WORK of its work is weak: a larger problem runs at least as well per unit of work as a
 * smaller one where the kernels are good (the rows of a dense layer split into smaller calls), while much smaller
 * ones run from a core's caches (bench/RESULTS.md AJ.4, AK.2). So is a value that takes longer than PICK_WEAK_SHARE
 * of a larger one's time: the smaller problem is part of the larger one. Only this judges a family's smallest values,
 * which have no smaller value to compare with (bench/RESULTS.md V.2: FFN down at s = 1-3 served at 0.43-0.48 of
 * oneDNN by a kernel slower than the one of s = 4, and not weak). A value served in under PICK_CALL_S
 * (eto_export_opts.weak_floor_us) is not judged: its time is the call's fixed cost (bench/RESULTS.md Q.1 found the
 * attention at s = 2-10 flagged, and refining their kernels gained nothing). export.c lists the operators of the
 * weak values in weak.list, to be tuned as members of their own (a tuned member: searched further, etotune tune
 * --refine) and exported again (docs/architecture.md §11). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export_internal.h"

/* The fixed cost of a call (thread pool, block loop) that a dynamic kernel pays however little of it runs, and what
 * its partial blocks' guards cost (bench_dynamic: the 512 scores kernel at S = 400..511 ran at 0.87-0.99 of its
 * time scaled by the work, 0.91 in the mean). */
#define PICK_CALL_S (ETO_EXPORT_CALL_US * 1e-6)
#define PICK_PARTIAL 1.1
#define PICK_MAX_VALUE 65536 /* the largest tuned value a family's table of picks goes up to */
#define PICK_CANDS 4         /* measured: dynamic kernels timed at s besides s's own member */
#define PICK_MAX_CANDS (2 * PICK_CANDS + 2) /* s's own member, PICK_CANDS dynamic kernels and the second ones of those
                                             * that have one, and a larger value's kernel (retime) */
#define PICK_ROUNDS 5        /* measured: timed samples of each candidate at s, interleaved */
#define PICK_EARLY_ROUNDS 3  /* measured: after this many rounds, candidates already apart take no more (settled) */
#define PICK_SAMPLE_S 200e-6 /* measured: a sample repeats the call until it lasts about this long */
#define PICK_WARM_S 1e-3     /* a first call under this is followed by two more, the fastest sizing the samples */
#define PICK_OWN_MARGIN 1.02 /* measured: s's own member keeps s unless another one is faster by more than this */
#define PICK_LOST 0.01      /* a sample in which other tasks took over this share of the pool's time was disturbed */
#define PICK_SLICE_S 500e-6 /* measured: a call this much over twice a sample's fastest was disturbed (sample) */
#define PICK_DROP 1.25        /* measured: after two rounds, a candidate whose fastest sample is over this times another
                              * one's slowest (both clean) is timed no further */
#define PICK_SPLIT_MARGIN 1.05 /* measured: rows split between two calls serve s when their times' sum is faster than
                                * s's fastest kernel by more than this */
#define PICK_DRIFT 1.25      /* measured: a value partly timed (--picks-from) whose incumbent now takes over this times
                              * its earlier time, plus a call's fixed cost (a few-us kernel's noise), is timed in full
                              * (time_value) */
#define PICK_RETIME_SHARE 0.25 /* the retime takes at most this share of the time the family's picks took before it */
#define PICK_TRIES 16        /* measured: a sample that other processes disturbed is taken again, up to this often */
#define PICK_BUSY_SHARE 0.05 /* measured: a family whose samples were still disturbed more often is reported busy */
#define PICK_MAX_BYTES ((size_t)1 << 30) /* measured: a family whose tensors at its largest value take more keeps
                                          * the model's picks (said on the progress stream) */

/* Work up to s along an axis done in steps of g, or in whole blocks of b where s >= b > 0 (the block that crosses s
 * moves back to end at s and runs whole: it repeats the outputs it overlaps). */
static double axis_work(int64_t s, int64_t g, int64_t b) {
  if (b > 0 && s >= b) return (double)((s + b - 1) / b * b);
  return (double)((s + g - 1) / g * g);
}

/* What member m's dynamic kernel is expected to take at s < its value: its measured latency, less the fixed cost,
 * scaled by the share of its work it still does at s (its dynamic axes up to s in whole thread tiles, reduction
 * steps or moved blocks (axis_work), of the same up to its value) and by PICK_PARTIAL, plus the fixed cost. */
static double pick_cost(const eto_export_item *m, int64_t s) {
  double lat = m->e.latency_s;
  if (!(lat > 0)) return INFINITY;
  double fixed = lat < PICK_CALL_S ? lat : PICK_CALL_S, share = 1;
  for (int a = 0; a < m->ngran; a++)
    share *= axis_work(s, m->gran[a], m->gran_block[a]) / axis_work(m->value, m->gran[a], m->gran_block[a]);
  return fixed + (lat - fixed) * share * PICK_PARTIAL;
}

/* The members above s (from lo, the first whose value is >= s, excluding s's own) with a dynamic kernel and a
 * value up to reach, best model cost first: up to max of them into cand; returns how many. */
static int shortlist(const eto_export_plan *p, const eto_export_family *F, int lo, int64_t s, int64_t reach, int *cand,
                     int max) {
  double cost[PICK_CANDS + 1];
  int n = 0;
  for (int j = lo; j < F->n && eto_export_fvalue(p, F, j) <= reach; j++) {
    const eto_export_item *m = &p->items[F->item[j]];
    if (!m->dyn || m->value == s) continue;
    double c = pick_cost(m, s);
    if (!isfinite(c)) continue; /* no latency to scale */
    int at = n < max ? n++ : max; /* insertion into the sorted shortlist; max: past its end */
    while (at > 0 && c < cost[at - 1]) {
      if (at < max) {
        cost[at] = cost[at - 1];
        cand[at] = cand[at - 1];
      }
      at--;
    }
    if (at < max) {
      cost[at] = c;
      cand[at] = j;
    }
  }
  return n;
}

/* The cost model's pick for s (lo: the first member whose value is >= s): s's own member; else the best dynamic kernel
 * above s up to 1.5s + 8 (the model scales flops and is not trusted far away: a dense layer at s = 1 run by the 14-row
 * kernel still reads all the weights, RESULTS G.3); else, with no dynamic kernel in reach, lo on padded copies. */
static int model_pick(const eto_export_plan *p, const eto_export_family *F, int lo, int64_t s) {
  int best;
  return eto_export_fvalue(p, F, lo) == s ? lo : shortlist(p, F, lo, s, s + s / 2 + 8, &best, 1) ? best : lo;
}

/* ---- measured picks ---- */

/* The candidates the measured picks time at s, into cand (room for PICK_MAX_CANDS): s's own member first where s is
 * tuned (*own = 1), the model's best PICK_CANDS dynamic kernels up to 2s + 16, and the second dynamic kernels (direct
 * reads kept: j + F->n) of those that have one; with none of them, lo's dynamic kernel (the model's pick, out of the
 * shortlist's reach). 0: s runs on padded copies, not timed. */
static int candidates(const eto_export_plan *p, const eto_export_family *F, int lo, int64_t s, int *cand, int *own) {
  *own = eto_export_fvalue(p, F, lo) == s;
  cand[0] = lo;
  int n = *own + shortlist(p, F, lo, s, 2 * s + 16, cand + *own, PICK_CANDS);
  for (int c = n - 1; c >= *own; c--)
    if (p->items[F->item[cand[c]]].dynd) cand[n++] = cand[c] + F->n;
  if (n == 0 && p->items[F->item[lo]].dyn) cand[n++] = lo;
  return n;
}

typedef struct {
  eto_jit *jit;
  eto_pool *pool;
  const eto_program *progs;
  eto_compiled **kern[3];  /* per member of the family: its fixed kernel, its dynamic kernel, its second dynamic
                            * kernel (direct reads kept, export_internal.h dynd), compiled when first timed */
  int64_t *blocks[3];
  float *args[ETO_MAX_INPUTS + 3];
  int64_t row[ETO_MAX_INPUTS + 2]; /* floats per row of each argument, 0 where the variable is not its dimension
                                    * (eto_export_row_floats: a split's second call starts that many rows on) */
  int64_t s; /* what args[nargs] points to: the dynamic kernels' run-time extent */
  long samples, disturbed; /* samples taken; those still disturbed after their tries (sample) */
  long dropped;            /* candidates timed no further (fastest, PICK_DROP) */
} bench;

/* What candidate code c (member j = c % n, or its second dynamic kernel when n <= c < 2n; not a split) runs at s: 0
 * its fixed kernel (s is its value), 1 its dynamic kernel, 2 its second dynamic kernel. */
static int kind_of(const eto_export_plan *p, const eto_export_family *F, int c, int64_t s) {
  return c >= F->n ? 2 : eto_export_fvalue(p, F, c) != s;
}

/* Compiles member j's kernel of this kind (kind_of), once. */
static eto_status compiled(bench *b, const eto_export_plan *p, const eto_export_family *F, int j, int kind, char *msg,
                           int cap) {
  eto_compiled **slot = &b->kern[kind][j];
  if (*slot) return ETO_OK;
  eto_kernel *k = NULL;
  char why[512];
  eto_status st = eto_export_lower_member(p, F, j, kind, b->progs, &k, why, sizeof why);
  if (st == ETO_OK) {
    b->blocks[kind][j] = k->blocks;
    st = eto_jit_compile(b->jit, k, slot, why, sizeof why);
  }
  eto_kernel_free(k);
  if (st != ETO_OK) snprintf(msg, cap, "%s: timing the dispatch's kernels: %s", p->items[F->item[j]].e.key, why);
  return st;
}

/* Compiles what candidate code c runs at s: its kernel, or for a split (c = j + 2n: member j's value u of rows served
 * as u is, the other s - u rows as s - u is, F->pick of both final by then) the kernels of both parts. */
static eto_status prepare(bench *b, const eto_export_plan *p, const eto_export_family *F, int c, int64_t s, char *msg,
                          int cap) {
  if (c < 2 * F->n) return compiled(b, p, F, c % F->n, kind_of(p, F, c, s), msg, cap);
  int64_t u = eto_export_fvalue(p, F, c - 2 * F->n);
  eto_status st = prepare(b, p, F, F->pick[u], u, msg, cap);
  return st == ETO_OK ? prepare(b, p, F, F->pick[s - u], s - u, msg, cap) : st;
}

/* One call of candidate code c at s on the rows from `off` on, as the dispatch function makes it: a split is its two
 * calls, the second on row-offset pointers (bench.row). */
static void run_code(bench *b, const eto_export_plan *p, const eto_export_family *F, int c, int64_t s, int64_t off) {
  if (c >= 2 * F->n) {
    int64_t u = eto_export_fvalue(p, F, c - 2 * F->n);
    run_code(b, p, F, F->pick[u], u, off);
    run_code(b, p, F, F->pick[s - u], s - u, off + u);
    return;
  }
  int kind = kind_of(p, F, c, s), j = c % F->n;
  float *shifted[ETO_MAX_INPUTS + 3], **args = b->args; /* off rows on: a split's second call */
  if (off) {
    for (int a = 0; a < F->nargs; a++) shifted[a] = b->args[a] + off * b->row[a];
    shifted[F->nargs] = b->args[F->nargs]; /* &b->s */
    args = shifted;
  }
  b->s = s;
  eto_pool_run(b->pool, eto_compiled_fn(b->kern[kind][j]), args, b->blocks[kind][j]);
}

/* The share of the pool's cores' time over a timed loop that other tasks took: threads x wall time less the CPU time
 * its threads ran (eto_pool_cpu_seconds; they spin between calls, so on a quiet machine none is lost). A count of
 * involuntary context switches used to judge this: any switch, however short, made the sample be taken again, and
 * a sample of two 20 ms calls almost always saw one (the picks of FFN down at s = 1..512 took 2.1 tries a sample). */
static double lost_share(const bench *b, double wall, double cpu) {
  double have = eto_pool_threads(b->pool) * wall;
  return have > 0 ? (have - cpu) / have : 0;
}

/* 1 when a sample's slowest call took over twice its fastest plus PICK_SLICE_S: another process stretched it
 * (sample). */
static int stretched(double fast, double slow) {
  return slow > 2 * fast + PICK_SLICE_S;
}

/* reps calls of candidate c's kernel at s, each timed: returns seconds per call; the fastest call into *fast, the
 * slowest into *slow. Stops early at a stretched call (disturbed, see sample: the rest would be taken again anyway,
 * and beside busy processes each call can wait a time slice for a core). */
static double time_calls(bench *b, const eto_export_plan *p, const eto_export_family *F, int c, int64_t s, int reps,
                         double *fast, double *slow) {
  *fast = INFINITY;
  *slow = 0;
  double start = eto_now(), t0 = start, t1 = start;
  for (int r = 0; r < reps; r++) {
    run_code(b, p, F, c, s, 0);
    t1 = eto_now();
    if (t1 - t0 < *fast) *fast = t1 - t0;
    if (t1 - t0 > *slow) *slow = t1 - t0;
    t0 = t1;
    if (stretched(*fast, *slow)) return (t1 - start) / (r + 1);
  }
  return (t1 - start) / reps;
}

/* One sample of candidate c at s: seconds per call over reps calls, undisturbed. Another process that takes a core
 * from one of the pool's threads stretches the calls it falls in by its time slice (a millisecond or more;
 * export.picks: beside two busy processes such samples chose a kernel 10x slower). A sample where other tasks took
 * over PICK_LOST of the pool's time (lost_share: a stretch of at most 2 PICK_LOST of its mean) or one call took over
 * twice the fastest plus PICK_SLICE_S is taken again, up to PICK_TRIES times; then the fastest try counts,
 * b->disturbed, and *clean is 0 (else 1). While more than PICK_BUSY_SHARE of the samples so far stayed disturbed, the
 * machine is busy (the family will say so) and a sample gets one try: retries would not help, and beside busy
 * processes they made export.picks take over 120 s (bench/RESULTS.md T.1). The mean, not the fastest call: the fastest
 * call favours a kernel whose calls vary (at a few rows, a larger member's dynamic kernel over s's own fixed one,
 * slower in the mean: bench/RESULTS.md N.2). */
static double sample(bench *b, const eto_export_plan *p, const eto_export_family *F, int c, int64_t s, int reps,
                     int *clean) {
  double best = INFINITY;
  int tries = b->disturbed > PICK_BUSY_SHARE * (double)b->samples ? 1 : PICK_TRIES;
  b->samples++;
  *clean = 1;
  for (int k = 0; k < tries; k++) {
    double w0 = eto_now(), c0 = eto_pool_cpu_seconds(b->pool), fast, slow;
    double t = time_calls(b, p, F, c, s, reps, &fast, &slow);
    double lost = lost_share(b, eto_now() - w0, eto_pool_cpu_seconds(b->pool) - c0);
    if (lost <= PICK_LOST && !stretched(fast, slow)) return t;
    if (t < best) best = t;
  }
  b->disturbed++;
  *clean = 0;
  return best;
}

/* 1 when the candidates still timed (out[c] == 0) are settled after their samples so far (t[c], nt[c] of them,
 * nclean[c] clean): one is left, or the fastest one's slowest sample is under every other's fastest, all of them
 * clean: more rounds would not change the pick (fastest). */
static int settled(double t[][PICK_ROUNDS], const int *nt, const int *nclean, const int *out, int n) {
  int live = 0, lead = -1;
  for (int c = 0; c < n; c++) live += !out[c];
  if (live <= 1) return 1; /* its median of PICK_EARLY_ROUNDS samples is its time at s */
  double lead_max = INFINITY;
  for (int c = 0; c < n; c++) {
    if (out[c]) continue;
    if (nclean[c] != nt[c]) return 0;
    double mx = 0;
    for (int r = 0; r < nt[c]; r++) mx = fmax(mx, t[c][r]);
    if (mx < lead_max) {
      lead_max = mx;
      lead = c;
    }
  }
  for (int c = 0; c < n; c++)
    for (int r = 0; !out[c] && c != lead && r < nt[c]; r++)
      if (t[c][r] <= lead_max) return 0;
  return 1;
}

/* Times the candidates n of s (cand[0] may be s's own member: own = 1) and returns the fastest: PICK_ROUNDS samples
 * each (sample), interleaved so that a slow spell of the machine hits all of them, the median of each compared: of
 * its clean samples where it has any (a sample that stayed disturbed is a short kernel's calls stretched by another
 * process's time slice: beside busy processes, two such samples of a 15 us kernel made its median 10x its time and
 * lost it s = 48 to a 147 us kernel, export.picks), else the fastest. After two rounds, a candidate clearly slower
 * than another (PICK_DROP: its fastest clean sample against the other's slowest, both all clean) takes no more
 * samples: most of the time of large families' picks went to such candidates (bench/RESULTS.md T.4). After
 * PICK_EARLY_ROUNDS rounds, candidates already settled (one left, or apart: settled) take no more: after a repair the
 * samples went mostly to the two or three close ones, and a lone candidate's five samples only refined its time
 * (bench/RESULTS.md AU.2: 6% fewer samples in an export after a repair). Each one's median into meds when not NULL. */
static eto_status fastest(bench *b, const eto_export_plan *p, const eto_export_family *F, int64_t s, const int *cand,
                          int n, int own, int *best, double *best_s, double *meds, char *msg, int cap) {
  double t[PICK_MAX_CANDS][PICK_ROUNDS], med[PICK_MAX_CANDS];
  int reps[PICK_MAX_CANDS];
  for (int c = 0; c < n; c++) {
    eto_status st = prepare(b, p, F, cand[c], s, msg, cap);
    if (st != ETO_OK) return st;
    double fast, slow, once = time_calls(b, p, F, cand[c], s, 1, &fast, &slow); /* also the warm-up */
    /* a kernel's first call pays its new code's page faults: s's own fixed kernel runs at s only, so its first call
     * sized its samples, and at a few us a call they came out a few calls long against the others' dozens, each
     * with the cost of the switch from the other kernels in it (bench/RESULTS.md AK.3) */
    if (once < PICK_WARM_S) {
      time_calls(b, p, F, cand[c], s, 2, &fast, &slow);
      once = fmin(once, fast);
    }
    /* two calls at least: a call stretched by a worker that waited for a core shows beside the other (sample) */
    reps[c] = 2 * once >= PICK_SAMPLE_S ? 2 : once * 1000 < PICK_SAMPLE_S ? 1000 : (int)ceil(PICK_SAMPLE_S / once);
  }
  int nclean[PICK_MAX_CANDS] = {0}, nt[PICK_MAX_CANDS] = {0}, out[PICK_MAX_CANDS] = {0};
  double tclean[PICK_MAX_CANDS][PICK_ROUNDS];
  for (int r = 0; r < PICK_ROUNDS; r++) {
    for (int c = 0; c < n; c++) {
      if (out[c]) continue;
      int clean;
      t[c][nt[c]++] = sample(b, p, F, cand[c], s, reps[c], &clean);
      if (clean) tclean[c][nclean[c]++] = t[c][nt[c] - 1];
    }
    if (r == PICK_EARLY_ROUNDS - 1 && settled(t, nt, nclean, out, n)) break;
    if (r != 1) continue;
    for (int c = 0; c < n; c++) /* c and l with two clean samples each; the one whose slowest is least stays */
      for (int l = 0; l < n && !out[c] && nclean[c] == 2; l++)
        if (l != c && !out[l] && nclean[l] == 2 && fmin(t[c][0], t[c][1]) > PICK_DROP * fmax(t[l][0], t[l][1])) {
          out[c] = 1;
          b->dropped++;
        }
  }
  int k = 0;
  for (int c = 0; c < n; c++) {
    if (nclean[c]) {
      med[c] = eto_median(tclean[c], nclean[c]);
    } else {
      med[c] = t[c][0];
      for (int r = 1; r < nt[c]; r++) med[c] = fmin(med[c], t[c][r]);
    }
    if (med[c] < med[k]) k = c;
  }
  if (own && med[0] <= med[k] * PICK_OWN_MARGIN) k = 0;
  *best = cand[k];
  *best_s = med[k];
  if (meds) memcpy(meds, med, sizeof(double) * (size_t)n);
  return ETO_OK;
}

static void bench_free(bench *b, int n, int nargs) {
  for (int kind = 0; kind < 3; kind++) {
    for (int j = 0; j < n && b->kern[kind]; j++) eto_compiled_free(b->kern[kind][j]);
    free(b->kern[kind]);
    free(b->blocks[kind]);
  }
  for (int a = 0; a < nargs; a++) free(b->args[a]);
  eto_pool_free(b->pool);
}

/* Floats of argument a of family F at its largest value. */
static size_t arg_floats(const eto_export_plan *p, const eto_export_family *F, int a) {
  int64_t max = eto_export_fvalue(p, F, F->n - 1);
  size_t n = 1;
  for (int d = 0; d < F->rank[a]; d++) n *= (size_t)(F->dim[a][d] < 0 ? max : F->dim[a][d]);
  return n;
}

/* Bytes of the family's tensors at its largest value. */
static size_t family_bytes(const eto_export_plan *p, const eto_export_family *F) {
  size_t total = 0;
  for (int a = 0; a < F->nargs; a++) total += (arg_floats(p, F, a) * sizeof(float) + 63) / 64 * 64;
  return total;
}

/* The family's tensors at its largest value (every value's fit in them), inputs filled with numbers in [-1, 1). */
static eto_status bench_init(bench *b, const eto_export_plan *p, const eto_export_family *F, eto_jit *jit,
                             const eto_program *progs) {
  memset(b, 0, sizeof *b);
  b->jit = jit;
  b->progs = progs;
  for (int kind = 0; kind < 3; kind++) {
    b->kern[kind] = calloc((size_t)F->n, sizeof *b->kern[kind]);
    b->blocks[kind] = calloc((size_t)F->n, sizeof *b->blocks[kind]);
    if (!b->kern[kind] || !b->blocks[kind]) return ETO_ERR_NOMEM;
  }
  b->pool = eto_pool_create(p->t->cores);
  if (!b->pool) return ETO_ERR_NOMEM;
  uint32_t x = 12345;
  for (int a = 0; a < F->nargs; a++) {
    size_t n = arg_floats(p, F, a);
    b->row[a] = eto_export_row_floats(F, a);
    /* new pages, huge ones, whatever the export timed before (the families before it): each value's candidates on
     * the pages bench_dispatch gives both sides by default */
    if (!(b->args[a] = eto_buffer_alloc_fresh(n * sizeof(float)))) return ETO_ERR_NOMEM;
    for (size_t i = 0; i < n; i++) {
      x = x * 1664525u + 1013904223u;
      b->args[a][i] = a < F->nargs - 1 ? (float)(x >> 8) / (float)(1u << 23) - 1.0f : 0.0f;
    }
  }
  b->args[F->nargs] = (float *)(void *)&b->s;
  return ETO_OK;
}

/* 1 when value s was timed and is judged (eto_export_weak_values). */
static int judged(const double *served, int64_t s, double min_seconds) {
  return served[s] > 0 && served[s] >= min_seconds;
}

/* Value s's throughput: its work (s^nkeys) per second. */
static double throughput(const double *served, int64_t s, int nkeys) {
  return pow((double)s, nkeys) / served[s];
}

int eto_export_weak_values(const double *served, int64_t max, int nkeys, double share, double min_seconds,
                           eto_export_weak *weak) {
  int64_t *above = malloc(sizeof *above * (size_t)(max + 2)); /* above[s]: the value over s of the shortest time */
  int64_t *win = malloc(sizeof *win * (size_t)(max + 1));     /* the smaller values in s's window, by throughput */
  if (!above || !win) {
    free(above);
    free(win);
    return -1;
  }
  above[max + 1] = above[max] = 0;
  for (int64_t s = max; s > 1; s--)
    above[s - 1] = judged(served, s, min_seconds) && (!above[s] || served[s] < served[above[s]]) ? s : above[s];
  /* the window of s: the smaller values whose work is at least 1 / PICK_WEAK_WORK of s's, i.e. from
   * s x PICK_WEAK_WORK^(-1/nkeys); win[head..tail) holds its timed values by decreasing throughput (a monotonic
   * queue: the window's lower end never moves down) */
  double reach = pow(PICK_WEAK_WORK, -1.0 / (nkeys > 0 ? nkeys : 1));
  int64_t head = 0, tail = 0;
  int n = 0;
  for (int64_t s = 1; s <= max; s++) {
    if (!judged(served, s, min_seconds)) continue;
    int64_t lo = (int64_t)ceil((double)s * reach - 1e-9);
    while (head < tail && win[head] < lo) head++;
    double thr = throughput(served, s, nkeys), best = head < tail ? throughput(served, win[head], nkeys) : 0;
    double by_smaller = best > 0 ? thr / best : INFINITY;
    double by_larger = above[s] ? served[above[s]] / served[s] : INFINITY;
    if (by_larger < share && by_larger < by_smaller) weak[n++] = (eto_export_weak){s, by_larger, above[s]};
    else if (by_smaller < share) weak[n++] = (eto_export_weak){s, by_smaller, win[head]};
    while (tail > head && throughput(served, win[tail - 1], nkeys) <= thr) tail--;
    win[tail++] = s;
  }
  free(above);
  free(win);
  return n;
}

_Static_assert(PICK_MAX_CANDS <= ETO_EXPORT_TIMED_MAX, "the manifest keeps every candidate timed at s");

/* The candidates timed at s (cand, n codes) and their median seconds, kept for the manifest's "timed" (a later
 * export's --picks-from). */
static void keep_timed(eto_export_family *F, int64_t s, const int *cand, const double *secs, int n) {
  memcpy(F->tcand + s * ETO_EXPORT_TIMED_MAX, cand, sizeof(int) * (size_t)n);
  memcpy(F->tcand_s + s * ETO_EXPORT_TIMED_MAX, secs, sizeof(double) * (size_t)n);
  F->ntcand[s] = (unsigned char)n;
}

/* Times s's candidates (cand, n codes; own: cand[0] is s's own member) into F->pick[s] and F->served[s]. With an
 * earlier export's times (prior, --picks-from) of some of them whose programs are unchanged, only the others are
 * timed, beside the fastest of those (the incumbent, timed again so that it is compared in the same run: the machine's
 * speed drifts between runs), and the stored times of the rest stand for them in the manifest (they lost to the
 * incumbent then); *partial = 1. Unless the incumbent now takes over PICK_DRIFT times its time then (plus
 * PICK_CALL_S): the others'
 * times then say nothing of now (bench/RESULTS.md BB.1: the projection's 15-21 re-timed at 1.8x their earlier times
 * in a slow spell, and 15 + 1 rows, timed then, split 16), and all of s's candidates are timed
 * (F->picks_drifted). A repair re-tunes a few members, so most values have one or two new candidates of
 * five or more (bench/RESULTS.md AT.2: 86% of values had a changed candidate after a repair). */
static eto_status time_value(bench *b, const eto_export_plan *p, eto_export_family *F, const eto_export_prior *prior,
                             int64_t s, const int *cand, int n, int own, int *partial, char *msg, int cap) {
  int known[ETO_EXPORT_TIMED_MAX], tc[ETO_EXPORT_TIMED_MAX], tn = 0, town = 0, inc = -1;
  double ksec[ETO_EXPORT_TIMED_MAX], tsec[ETO_EXPORT_TIMED_MAX];
  int nk = eto_export_prior_known(prior, p, F, s, known, ksec);
  for (int k = 0; k < nk; k++)
    if (ksec[k] > 0 && (inc < 0 || ksec[k] < ksec[inc])) inc = k;
  *partial = inc >= 0;
  if (!*partial) {
    eto_status st = fastest(b, p, F, s, cand, n, own, &F->pick[s], &F->served[s], tsec, msg, cap);
    if (st == ETO_OK) keep_timed(F, s, cand, tsec, n);
    return st;
  }
  for (int c = 0; c < n; c++) { /* the candidates not timed then (s's own member first) and the incumbent */
    int seen = 0;
    for (int k = 0; k < nk && !seen; k++) seen = known[k] == cand[c] && k != inc;
    if (seen) continue;
    town |= own && c == 0;
    tc[tn++] = cand[c];
  }
  int have_inc = 0;
  for (int c = 0; c < tn; c++) have_inc |= tc[c] == known[inc];
  if (!have_inc) tc[tn++] = known[inc];
  eto_status st = fastest(b, p, F, s, tc, tn, town, &F->pick[s], &F->served[s], tsec, msg, cap);
  if (st != ETO_OK) return st;
  for (int c = 0; c < tn; c++) /* the incumbent far slower than then: the machine (or a slow spell in either run) */
    if (tc[c] == known[inc] && tsec[c] > PICK_DRIFT * ksec[inc] + PICK_CALL_S) {
      *partial = 0;
      F->picks_drifted++;
      st = fastest(b, p, F, s, cand, n, own, &F->pick[s], &F->served[s], tsec, msg, cap);
      if (st == ETO_OK) keep_timed(F, s, cand, tsec, n);
      return st;
    }
  for (int k = 0; k < nk && tn < ETO_EXPORT_TIMED_MAX; k++) { /* the others, with their times then */
    int seen = 0;
    for (int c = 0; c < tn && !seen; c++) seen = tc[c] == known[k];
    if (!seen) {
      tc[tn] = known[k];
      tsec[tn++] = ksec[k];
    }
  }
  keep_timed(F, s, tc, tsec, tn);
  return ETO_OK;
}

static int by_share(const void *x, const void *y) {
  double a = ((const eto_export_weak *)x)->share, b = ((const eto_export_weak *)y)->share;
  return (a > b) - (a < b);
}

/* Times again each value s that takes longer than PICK_WEAK_SHARE of a larger value t's time (a weak value by time,
 * eto_export_weak_values), now with t's kernel among its candidates (t's own fixed kernel as its dynamic one at s):
 * more work in less time is a kernel that s's shortlist missed (t beyond 2s + 16, or the cost model ranked it low)
 * or s was timed in a slow spell of the machine (bench/RESULTS.md W.1: in one export of three, FFN down at s = 1-3
 * ran at twice its time, and a slower kernel won them). The lowest share first, for budget_s seconds at most (a large
 * layer's values take up to a second each). Skips s where both s's pick and t's came from an earlier export (reused,
 * --picks-from): their times are the ones after that export's retime. Counts them into F->picks_retimed and those
 * that t's kernel now serves into F->picks_retimed_changed; leaves F->weak in share order (computed again after). */
static eto_status retime(bench *b, eto_export_plan *p, eto_export_family *F, int64_t max, double floor_s,
                         double budget_s, const unsigned char *reused, char *msg, int cap) {
  int nw = eto_export_weak_values(F->served, max, F->nkeys, PICK_WEAK_SHARE, floor_s, F->weak);
  if (nw < 0) return ETO_ERR_NOMEM;
  qsort(F->weak, (size_t)nw, sizeof *F->weak, by_share);
  double t0 = eto_now();
  for (int w = 0; w < nw && eto_now() - t0 < budget_s; w++) {
    int64_t s = F->weak[w].s, t = F->weak[w].than;
    int k = F->pick[t]; /* t's kernel: j (j's fixed kernel at t, its dynamic one at s), or j + F->n (its second) */
    if (t < s || k >= 2 * F->n || F->pick[s] >= 2 * F->n || (k < F->n && !p->items[F->item[k]].dyn)) continue;
    if (reused[s] && reused[t]) continue; /* both from --picks-from: the earlier export's retime saw this pair */
    int lo = 0;
    while (eto_export_fvalue(p, F, lo) < s) lo++;
    int own, cand[PICK_MAX_CANDS], n = candidates(p, F, lo, s, cand, &own), before = F->pick[s], known = 0;
    for (int c = 0; c < n; c++) known |= cand[c] == k; /* not s's own fixed kernel: k's member is above s */
    if (known && before != k) continue; /* timed against it already and slower: s is weak, not mistimed */
    if (!known) cand[n++] = k;
    double secs[PICK_MAX_CANDS];
    eto_status st = fastest(b, p, F, s, cand, n, own, &F->pick[s], &F->served[s], secs, msg, cap);
    if (st != ETO_OK) return st;
    keep_timed(F, s, cand, secs, n);
    int model = model_pick(p, F, lo, s);
    F->picks_differ += (F->pick[s] != model) - (before != model);
    F->picks_retimed++;
    F->picks_retimed_changed += F->pick[s] == k && before != k;
  }
  return ETO_OK;
}

/* Times s's pick (F->pick[s], not a split) and the split `code` (j + 2n) side by side (fastest: interleaved samples,
 * disturbed ones taken again): their medians into *whole and *split. */
static eto_status confirm_split(bench *b, const eto_export_plan *p, const eto_export_family *F, int64_t s, int code,
                                double *whole, double *split, char *msg, int cap) {
  int cand[2] = {F->pick[s], code}, best;
  double meds[2], best_s;
  eto_status st = fastest(b, p, F, s, cand, 2, 0, &best, &best_s, meds, msg, cap);
  *whole = meds[0];
  *split = meds[1];
  return st;
}

int eto_export_picks_busy(const eto_export_family *F) {
  return F->picks_disturbed > PICK_BUSY_SHARE * (double)F->picks_samples;
}

eto_status eto_export_family_picks(eto_export_plan *p, const eto_program *progs, char *msg, int cap) {
  eto_jit *jit = NULL;
  eto_status st = ETO_OK;
  void *prior_root = p->o->picks == ETO_EXPORT_PICKS_MEASURED && p->o->picks_from
                         ? eto_export_prior_open(p->o->picks_from, p->t, p->o->progress)
                         : NULL;
  for (int f = 0; f < p->nfam && st == ETO_OK; f++) {
    eto_export_family *F = &p->fam[f];
    int ndyn = 0;
    for (int j = 0; j < F->n; j++) ndyn += p->items[F->item[j]].dyn;
    if (!F->dispatch || !ndyn) continue;
    int64_t max = eto_export_fvalue(p, F, F->n - 1);
    if (max > PICK_MAX_VALUE || F->n > 32767) continue; /* no table: the nearest dynamic kernel above s */
    if (!(F->pick = malloc(sizeof(int) * (size_t)(max + 1)))) {
      st = ETO_ERR_NOMEM;
      break;
    }
    F->pick[0] = 0;
    F->picks_differ = F->picks_retimed = F->picks_retimed_changed = F->picks_split = F->picks_reused = F->picks_partial = 0;
    F->picks_split_rejected = F->picks_split_reused = F->picks_drifted = 0;
    bench b = {0};
    double t0 = eto_now();
    int measured = p->o->picks == ETO_EXPORT_PICKS_MEASURED;
    if (measured && family_bytes(p, F) > PICK_MAX_BYTES) {
      measured = 0;
      if (p->o->progress)
        fprintf(p->o->progress, "%s: its tensors at s = %lld take over %zu MiB: the cost model picks its kernels\n",
                F->function, (long long)max, PICK_MAX_BYTES >> 20);
    }
    if (measured && p->o->progress)
      fprintf(p->o->progress, "%s: timing the kernels that may serve s = 1..%lld on this machine (--picks model: "
              "skip)\n", F->function, (long long)max);
    if (measured && !jit) st = eto_jit_create(&jit, msg, cap);
    if (measured && st == ETO_OK) st = bench_init(&b, p, F, jit, progs);
    if (measured && st == ETO_OK &&
        (!(F->served = calloc((size_t)(max + 1), sizeof *F->served)) ||
         !(F->timed = calloc((size_t)(max + 1), sizeof *F->timed)) ||
         !(F->timed_s = calloc((size_t)(max + 1), sizeof *F->timed_s)) ||
         !(F->split_u = calloc((size_t)(max + 1), sizeof *F->split_u)) ||
         !(F->split_s = calloc((size_t)(max + 1), sizeof *F->split_s)) ||
         !(F->tcand = malloc(sizeof *F->tcand * (size_t)(max + 1) * ETO_EXPORT_TIMED_MAX)) ||
         !(F->ntcand = calloc((size_t)(max + 1), sizeof *F->ntcand)) ||
         !(F->tcand_s = calloc((size_t)(max + 1) * ETO_EXPORT_TIMED_MAX, sizeof *F->tcand_s))))
      st = ETO_ERR_NOMEM;
    eto_export_prior prior = {0};
    unsigned char *reused = measured ? calloc((size_t)(max + 1), 1) : NULL; /* s's pick from --picks-from */
    if (measured && !reused) st = ETO_ERR_NOMEM;
    if (measured && st == ETO_OK && prior_root && eto_export_prior_load(prior_root, F, max, &prior) < 0)
      st = ETO_ERR_NOMEM;
    if (measured && st == ETO_OK) eto_pool_spin(b.pool, 1); /* a sleeping pool's wake-up (~80 us) is no kernel's */
    int lo = 0; /* the first member whose value is >= s */
    int split_ok = eto_export_row_chunks(F) && 3 * F->n <= 65535; /* the table's codes fit in unsigned short */
    for (int64_t s = 1; s <= max && st == ETO_OK; s++) {
      while (eto_export_fvalue(p, F, lo) < s) lo++;
      int model = F->pick[s] = model_pick(p, F, lo, s), own, cand[PICK_MAX_CANDS];
      if (!measured) continue;
      int n = candidates(p, F, lo, s, cand, &own);
      if (n == 0) continue; /* served on padded copies: not timed */
      /* a single candidate is timed too: its time at s tells how well s is served (weak values, below); the
       * candidates that an earlier export timed (--picks-from) are not timed again */
      if (eto_export_prior_pick(&prior, p, F, s, cand, n, &F->pick[s], &F->served[s])) {
        F->picks_reused++;
        reused[s] = 1;
      } else {
        int partial;
        st = time_value(&b, p, F, &prior, s, cand, n, own, &partial, msg, cap);
        F->picks_partial += partial;
      }
      F->picks_differ += F->pick[s] != model;
    }
    double floor_s = p->o->weak_floor_us < 0 ? 0 : p->o->weak_floor_us == 0 ? PICK_CALL_S : p->o->weak_floor_us * 1e-6;
    if (measured && st == ETO_OK && !(F->weak = malloc(sizeof *F->weak * (size_t)(max + 1)))) st = ETO_ERR_NOMEM;
    if (measured && st == ETO_OK)
      st = retime(&b, p, F, max, floor_s, PICK_RETIME_SHARE * (eto_now() - t0), reused, msg, cap);
    /* the times kept for a later export (--picks-from), then the splits: rows stacked (matmul m=s), the largest
     * member u below s on u rows, served as u is, and the other s - u rows as s - u is (bench/RESULTS.md X.2: the
     * projection at 500, 448's kernel and 56's at 52 rows, 1.35x faster than 512's dynamic kernel). Where the two
     * values' times sum to under s's by PICK_SPLIT_MARGIN, the split (its two calls) is timed beside s's pick and
     * serves s only if it is faster by that margin there too (confirm_split): the three times were taken at
     * different moments, after --picks-from in different runs, and a slow spell in s's made splits that ran at 0.71-0.79
     * of oneDNN (bench/RESULTS.md BB.1). An export that reuses s, u and s - u (--picks-from) takes the decision and
     * both times from the earlier one's confirmation, so that it splits as that one did. */
    lo = 0;
    for (int64_t s = 1; measured && st == ETO_OK && s <= max; s++) {
      while (eto_export_fvalue(p, F, lo) < s) lo++;
      if (F->served[s] <= 0) continue; /* served on padded copies */
      F->timed[s] = F->pick[s];
      F->timed_s[s] = F->served[s];
      int64_t u = lo > 0 ? eto_export_fvalue(p, F, lo - 1) : 0;
      if (!(split_ok && u > 0 && F->served[u] > 0 && F->served[s - u] > 0)) continue;
      /* the earlier export's decision first: its sum saw s's time before that confirmation, the manifest keeps after */
      double whole, split;
      int stored = reused[s] && reused[u] && reused[s - u] && eto_export_prior_split(&prior, s, u, &whole, &split);
      if (!stored && !((F->served[u] + F->served[s - u]) * PICK_SPLIT_MARGIN < F->served[s])) continue;
      if (stored) {
        F->picks_split_reused++;
      } else {
        st = confirm_split(&b, p, F, s, lo - 1 + 2 * F->n, &whole, &split, msg, cap);
        if (st != ETO_OK) break;
      }
      F->split_u[s] = u;
      F->split_s[s] = split;
      F->timed_s[s] = F->served[s] = whole; /* s's pick timed again beside the split */
      if (!(split * PICK_SPLIT_MARGIN < whole)) {
        F->picks_split_rejected++;
        continue;
      }
      int model = model_pick(p, F, lo, s);
      F->picks_differ += (F->pick[s] == model); /* the split differs from the model's pick */
      F->pick[s] = lo - 1 + 2 * F->n;
      F->served[s] = split;
      F->picks_split++;
    }
    free(reused);
    eto_export_prior_free(&prior);
    if (measured) {
      bench_free(&b, F->n, F->nargs);
      F->picks_measured = 1;
      F->picks_seconds = eto_now() - t0;
      F->picks_samples = b.samples;
      F->picks_disturbed = b.disturbed;
      F->picks_dropped = b.dropped;
      char reused[256] = ""; /* with --picks-from */
      if (prior_root)
        snprintf(reused, sizeof reused, " (%d of them from --picks-from, their candidates unchanged; %d timing only "
                 "their new candidates and the fastest one timed then; %d in full, that one %.2fx slower now)",
                 F->picks_reused, F->picks_partial, F->picks_drifted, PICK_DRIFT);
      if (p->o->progress && st == ETO_OK)
        fprintf(p->o->progress, "%s: %lld picks measured in %.1f s%s, %d of them differ from the cost model's, %d "
                "split their rows between two calls (%d more timed split and not faster); %d values slower than a "
                "larger one timed again with its kernel, which then serves %d of them\n",
                F->function, (long long)max, F->picks_seconds, reused, F->picks_differ, F->picks_split,
                F->picks_split_rejected, F->picks_retimed, F->picks_retimed_changed);
      if (st == ETO_OK) F->nweak = eto_export_weak_values(F->served, max, F->nkeys, PICK_WEAK_SHARE, floor_s, F->weak);
      if (F->nweak < 0) {
        F->nweak = 0;
        st = ETO_ERR_NOMEM;
      }
      if (p->o->progress && st == ETO_OK && F->nweak)
        fprintf(p->o->progress, "%s: %d values run under %.2f of the throughput of a smaller value or slower than a "
                "larger one (the manifest's weak_values)\n", F->function, F->nweak, PICK_WEAK_SHARE);
      if (p->o->progress && st == ETO_OK && eto_export_picks_busy(F))
        fprintf(p->o->progress, "%s: warning: the machine was busy: other processes disturbed %ld of %ld timed samples "
                "(each taken again up to %d times while few were); its picks may serve some values by a slower kernel "
                "(export again on a quiet machine, or --picks model)\n",
                F->function, b.disturbed, b.samples, PICK_TRIES);
    }
  }
  eto_jit_free(jit);
  eto_export_prior_close(prior_root);
  return st;
}
