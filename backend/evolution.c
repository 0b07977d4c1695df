/* evolution.c — one search round of Ansor's SketchPolicy for one task:
 *   1. SampleInitPopulation: random programs of random sketches, in batches of `population`, keeping the
 *      valid unique ones, until at least init_min_population (the target halves after 5 fruitless batches);
 *   2. the best measured programs join (up to use_measured_ratio of the population);
 *   3. EvolutionarySearch: score the population with the cost model, keep a heap of the 2·n best programs
 *      never measured, then breed the next generation by roulette selection on the scores and mutation
 *      (probability mutation_prob; rules by weight: tile size — or OpEvo's q-random walk —, unroll step,
 *      vector length); `generations` times (3 while the model is the random stand-in);
 *   4. PickStatesWithEpsGreedy: the heap's best first, and eps_greedy of the batch from random members of
 *      the initial population; programs measured before are skipped.
 * Mutation results are validated against the target; an invalid result counts as a failed mutation. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "backend_internal.h"

/* ---- the levels each sketch uses ---- */

static const int used_space[ETO_SKETCH_COUNT][ETO_SPACE_LEVELS + 1] = {
    /* count, levels... */
    [ETO_SKETCH_MULTI_LEVEL] = {5, 0, 1, 2, 3, 4},
    [ETO_SKETCH_CROSS_THREAD] = {2, 0, 4},
    [ETO_SKETCH_TWO_LEVEL] = {3, 0, 2, 4},
};
static const int used_reduce[ETO_SKETCH_COUNT][ETO_REDUCE_LEVELS + 1] = {
    [ETO_SKETCH_MULTI_LEVEL] = {3, 0, 1, 2},
    [ETO_SKETCH_CROSS_THREAD] = {3, 0, 1, 2},
    [ETO_SKETCH_TWO_LEVEL] = {0}, /* reductions stay serial: nothing to split */
};

/* A tile-size view of one loop of a program: the factors of its used levels, outermost first. */
typedef struct {
  int64_t *f[ETO_SPACE_LEVELS]; /* pointers into the program */
  int n;                        /* used levels */
  int limited;                  /* index (into f) of the level capped by max_innermost, or -1 */
  int64_t extent;
  int perfect;
} loop_view;

/* Picks a random loop with extent > 1 and at least two used levels. Returns -1 when none. */
static int pick_loop(const eto_compute *c, eto_program *p, eto_rng *rng, loop_view *v) {
  int cand[2 * ETO_MAX_LOOPS], nc = 0;
  const int *us = used_space[p->sketch], *ur = used_reduce[p->sketch];
  for (int i = 0; i < p->nspace; i++)
    if (c->nest.space[i].extent > 1 && us[0] >= 2) cand[nc++] = i;
  for (int j = 0; j < p->nreduce; j++)
    if (c->nest.reduce[j].extent > 1 && ur[0] >= 2) cand[nc++] = ETO_MAX_LOOPS + j;
  if (nc == 0) return -1;
  int k = cand[eto_rng_below(rng, nc)];
  int64_t prod = 1;
  v->limited = -1;
  if (k < ETO_MAX_LOOPS) {
    v->n = us[0];
    for (int l = 0; l < v->n; l++) {
      v->f[l] = &p->stile[k][us[1 + l]];
      if (us[1 + l] == ETO_SPACE_LEVELS - 1) v->limited = l;
    }
    v->extent = c->nest.space[k].extent;
  } else {
    k -= ETO_MAX_LOOPS;
    v->n = ur[0];
    for (int l = 0; l < v->n; l++) {
      v->f[l] = &p->rtile[k][ur[1 + l]];
      if (ur[1 + l] == ETO_REDUCE_LEVELS - 1 && p->sketch == ETO_SKETCH_MULTI_LEVEL) v->limited = l;
    }
    v->extent = c->nest.reduce[k].extent;
  }
  for (int l = 0; l < v->n; l++) prod *= *v->f[l];
  v->perfect = prod == v->extent;
  return 0;
}

/* The product of a loop's levels inside the outermost: its block's extent. */
static int64_t block_extent(const loop_view *v) {
  int64_t inner = 1;
  for (int l = 1; l < v->n; l++) inner *= *v->f[l];
  return inner;
}

/* After moving factors between inner levels of an imperfect loop, the outermost level covers the rest. */
static void fix_outer(loop_view *v) {
  int64_t inner = block_extent(v);
  *v->f[0] = (v->extent + inner - 1) / inner;
}

static int divisors(int64_t n, int64_t *out, int cap) {
  int lo = 0, hi = 0;
  int64_t big[64];
  for (int64_t d = 1; d * d <= n; d++) {
    if (n % d) continue;
    if (lo < cap) out[lo++] = d;
    if (d != n / d && hi < 64) big[hi++] = n / d;
  }
  for (int i = hi - 1; i >= 0 && lo < cap; i--) out[lo++] = big[i];
  return lo;
}

static void permutation(int n, int *perm, eto_rng *rng) {
  for (int i = 0; i < n; i++) perm[i] = i;
  for (int i = n - 1; i > 0; i--) {
    int j = (int)eto_rng_below(rng, i + 1);
    int x = perm[i];
    perm[i] = perm[j];
    perm[j] = x;
  }
}

/* An imperfect loop's block resized: a random inner level divided by a random divisor > 1 of its factor, or
 * multiplied by 2 or 3 where the inner product stays within the extent (and the innermost level within
 * max_innermost); the outermost level then covers the rest (fix_outer). Trades between inner levels keep the
 * block's extent, which a transplant took from another operator: RESULTS AI.4, 272's search kept 285's (320's)
 * 160-row blocks, 1.18x its work, for 150 trials. Returns -1 when the level drawn cannot change. */
static int resize_block(const eto_target *t, loop_view *v, eto_rng *rng) {
  int l = 1 + (int)eto_rng_below(rng, v->n - 1);
  int64_t inner = block_extent(v), *f = v->f[l];
  if (eto_rng_below(rng, 2) == 0) {
    if (*f <= 1) return -1;
    int64_t divs[256];
    int nd = divisors(*f, divs, 256);
    *f /= divs[1 + eto_rng_below(rng, nd - 1)];
  } else {
    int64_t q = 2 + (int64_t)eto_rng_below(rng, 2);
    if (inner * q > v->extent || (l == v->limited && *f * q > t->max_innermost)) return -1;
    *f *= q;
  }
  fix_outer(v);
  return 0;
}

/* Ansor's MutateTileSize: in a random order of the loop's levels, take the first level with a factor > 1,
 * divide it by a random divisor > 1 and multiply the next level in that order by it (the innermost level
 * stays within max_innermost). Imperfect loops trade between inner levels, or (half of the time) resize their
 * block (resize_block). */
int eto_mutate_tile(const eto_compute *c, const eto_target *t, eto_program *p, eto_rng *rng) {
  loop_view v;
  if (pick_loop(c, p, rng, &v) != 0) return -1;
  if (!v.perfect && v.n >= 2 && eto_rng_below(rng, 2) == 0) return resize_block(t, &v, rng);
  int first = v.perfect ? 0 : 1;
  int n = v.n - first;
  if (n < 2) return -1;
  int perm[ETO_SPACE_LEVELS];
  permutation(n, perm, rng);
  int64_t divs[256];
  for (int i = 0; i < n; i++) {
    int src = first + perm[i], dst = first + perm[(i + 1) % n];
    int64_t len = *v.f[src];
    if (len <= 1) continue;
    int nd = divisors(len, divs, 256);
    int64_t factor;
    if (dst == v.limited) {
      int maxk = nd - 1;
      while (maxk >= 1 && divs[maxk] * *v.f[dst] > t->max_innermost) maxk--;
      if (maxk == 0) continue;
      factor = divs[1 + eto_rng_below(rng, maxk)];
    } else {
      factor = divs[1 + eto_rng_below(rng, nd - 1)];
    }
    *v.f[src] /= factor;
    *v.f[dst] *= factor;
    if (!v.perfect) fix_outer(&v);
    return 0;
  }
  return -1;
}

static int smallest_prime_factor_at(int64_t n, int pick, int64_t *out) {
  /* the pick-th prime factor of n, with multiplicity (pick < number of prime factors) */
  int k = 0;
  for (int64_t d = 2; d * d <= n; d++)
    while (n % d == 0) {
      if (k++ == pick) {
        *out = d;
        return 0;
      }
      n /= d;
    }
  if (n > 1 && k == pick) {
    *out = n;
    return 0;
  }
  return -1;
}

static int count_prime_factors(int64_t n) {
  int k = 0;
  for (int64_t d = 2; d * d <= n; d++)
    while (n % d == 0) {
      k++;
      n /= d;
    }
  return k + (n > 1);
}

/* One step on OpEvo's factor topology: move one prime factor of a random level to another level. */
static int walk_step(const eto_target *t, loop_view *v, int first, eto_rng *rng) {
  int src_c[ETO_SPACE_LEVELS], ns = 0;
  for (int l = first; l < v->n; l++)
    if (*v->f[l] > 1) src_c[ns++] = l;
  if (ns == 0) return -1;
  int src = src_c[eto_rng_below(rng, ns)];
  int64_t prime;
  if (smallest_prime_factor_at(*v->f[src], (int)eto_rng_below(rng, count_prime_factors(*v->f[src])),
                               &prime) != 0)
    return -1;
  int dst_c[ETO_SPACE_LEVELS], nd = 0;
  for (int l = first; l < v->n; l++)
    if (l != src && !(l == v->limited && *v->f[l] * prime > t->max_innermost)) dst_c[nd++] = l;
  if (nd == 0) return -1;
  int dst = dst_c[eto_rng_below(rng, nd)];
  *v->f[src] /= prime;
  *v->f[dst] *= prime;
  return 0;
}

/* OpEvo's q-random walk: at least one step between adjacent factorizations (those that differ by one prime
 * factor moved between two levels), then each further step with probability q. */
int eto_mutate_qwalk(const eto_compute *c, const eto_target *t, eto_program *p, double q, eto_rng *rng) {
  loop_view v;
  if (pick_loop(c, p, rng, &v) != 0) return -1;
  int first = v.perfect ? 0 : 1;
  if (v.n - first < 2) return -1;
  int64_t start[ETO_SPACE_LEVELS];
  for (int l = 0; l < v.n; l++) start[l] = *v.f[l];
  if (walk_step(t, &v, first, rng) != 0) return -1;
  for (int steps = 1; steps < 64; steps++) {
    int back = 1; /* a walk that came back to its start is no mutation: keep walking */
    for (int l = 0; l < v.n; l++) back &= start[l] == *v.f[l];
    if (!back && eto_rng_unit(rng) >= q) break;
    if (walk_step(t, &v, first, rng) != 0) break;
  }
  if (!v.perfect) fix_outer(&v);
  return 0;
}

/* One of the n options other than value (uniformly; value not among them counts as options[0]). */
static int other_option(const int *options, int n, int value, eto_rng *rng) {
  int cur = 0;
  for (int k = 0; k < n; k++)
    if (options[k] == value) cur = k;
  int k = (int)eto_rng_below(rng, n - 1);
  return options[k >= cur ? k + 1 : k];
}

int eto_mutate_unroll(eto_program *p, eto_rng *rng) {
  p->unroll = other_option(eto_unroll_options, ETO_NUM_UNROLL, p->unroll, rng);
  return 0;
}

int eto_mutate_vec(const eto_compute *c, eto_program *p, eto_rng *rng) {
  static const int vecs[3] = {1, 2, 4};
  if (p->sketch != ETO_SKETCH_MULTI_LEVEL || c->ninputs < 1) return -1;
  int i = (int)eto_rng_below(rng, c->ninputs);
  p->vec[i] = other_option(vecs, 3, p->vec[i], rng);
  return 0;
}

int eto_mutate_direct(const eto_compute *c, const eto_target *t, eto_program *p, eto_rng *rng) {
  if (p->sketch != ETO_SKETCH_MULTI_LEVEL || !t->direct_reads) return -1;
  int ok[ETO_MAX_INPUTS], n = 0; /* the inputs a search may read directly (eto_sched_candidate_ok) */
  for (int j = 0; j < c->ninputs; j++)
    if (eto_sched_direct_ok(c, t, p, j) || p->direct[j]) ok[n++] = j;
  if (n == 0) return -1;
  /* a direct read that the compute may prefetch: half of the time, another prefetch distance */
  if (eto_sched_prefetch_any(c, t, p) && eto_rng_below(rng, 2) == 0) {
    p->prefetch = other_option(eto_prefetch_options, ETO_NUM_PREFETCH, p->prefetch, rng);
    return 0;
  }
  int i = ok[eto_rng_below(rng, n)];
  p->direct[i] = !p->direct[i];
  p->vec[i] = 1;
  return 0;
}

/* ---- initial population ---- */

int eto_evo_sample_population(const eto_compute *c, const eto_target *t, const eto_sketch_set *sk,
                              const eto_backend_opts *o, eto_rng *rng, eto_program *out, int cap) {
  eto_progset seen = {0};
  eto_sample_opts so = {.imperfect = o->imperfect};
  int count = 0, target = o->init_min_population > 0 ? o->init_min_population : 1, unchanged = 0;
  int batch = o->population > 0 ? o->population : 1;
  if (target > cap) target = cap;
  while (count < target && sk->count > 0) {
    int found = 0;
    for (int i = 0; i < batch && count < cap; i++) {
      eto_program p;
      eto_sched_sample(c, t, sk->kind[eto_rng_below(rng, sk->count)], &so, rng, &p);
      if (eto_sched_candidate_ok(c, t, &p, NULL, 0) != 0) continue;
      int r = eto_progset_add(&seen, eto_program_hash(&p));
      if (r < 0) {
        eto_progset_clear(&seen);
        return -1;
      }
      if (r == 0) continue;
      out[count++] = p;
      found = 1;
    }
    if (count >= cap) break;
    unchanged = found ? 0 : unchanged + 1;
    if (unchanged == 5) { /* Ansor: too many failures or duplicates, lower the target */
      if (target <= 1) break;
      target /= 2;
      unchanged = 0;
    }
  }
  eto_progset_clear(&seen);
  return count;
}

/* ---- evolutionary search ---- */

typedef struct {
  eto_program prog;
  float score;
  uint64_t hash;
} heap_item;

/* min-heap on score */
static void heap_up(heap_item *h, int i) {
  while (i > 0) {
    int parent = (i - 1) / 2;
    if (h[parent].score <= h[i].score) break;
    heap_item x = h[parent];
    h[parent] = h[i];
    h[i] = x;
    i = parent;
  }
}

static void heap_down(heap_item *h, int n, int i) {
  for (;;) {
    int l = 2 * i + 1, r = l + 1, m = i;
    if (l < n && h[l].score < h[m].score) m = l;
    if (r < n && h[r].score < h[m].score) m = r;
    if (m == i) return;
    heap_item x = h[m];
    h[m] = h[i];
    h[i] = x;
    i = m;
  }
}

static int by_score_desc(const void *a, const void *b) {
  float x = ((const heap_item *)a)->score, y = ((const heap_item *)b)->score;
  return (x < y) - (x > y);
}

/* Roulette choice over prefix sums (uniform when every score is <= 0). */
static int roulette(const double *prefix, int n, eto_rng *rng) {
  if (prefix[n - 1] <= 0) return (int)eto_rng_below(rng, n);
  double x = eto_rng_unit(rng) * prefix[n - 1];
  int lo = 0, hi = n - 1;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (prefix[mid] > x)
      hi = mid;
    else
      lo = mid + 1;
  }
  return lo;
}

typedef struct {
  eto_task *tk;
  const eto_target *t;
  eto_cost_model *model;
  const eto_backend_opts *o;
  eto_evo_stats *stats;
  float *rows; /* population × features */
  float *scores;
} evo_ctx;

static int score_population(evo_ctx *x, const eto_program *pop, int n) {
  for (int i = 0; i < n; i++)
    eto_cost_features(&x->tk->c, x->t, &pop[i], x->rows + (size_t)i * ETO_COST_NFEATURES);
  if (eto_cost_model_predict(x->model, x->rows, n, x->scores) != ETO_OK) {
    /* a failing booster must not stop the search: fall back to random scores for this batch */
    for (int i = 0; i < n; i++) x->scores[i] = (float)eto_rng_unit(&x->tk->rng);
  }
  return 0;
}

/* Applies one mutation rule chosen by weight. Returns 0 when the result is valid. */
static int mutate(evo_ctx *x, eto_program *p) {
  const eto_backend_opts *o = x->o;
  double w[3] = {o->weight_tile, o->weight_unroll, o->weight_vec};
  double total = w[0] + w[1] + w[2];
  double r = eto_rng_unit(&x->tk->rng) * (total > 0 ? total : 1);
  int rule = r < w[0] ? 0 : (r < w[0] + w[1] ? 1 : 2);
  int rc;
  if (rule == 0)
    rc = o->qwalk ? eto_mutate_qwalk(&x->tk->c, x->t, p, o->qwalk_q, &x->tk->rng)
                  : eto_mutate_tile(&x->tk->c, x->t, p, &x->tk->rng);
  else if (rule == 1)
    rc = eto_mutate_unroll(p, &x->tk->rng);
  else if (x->t->direct_reads && eto_rng_below(&x->tk->rng, 2)) /* the fetch rule: tile copy or not */
    rc = eto_mutate_direct(&x->tk->c, x->t, p, &x->tk->rng);
  else
    rc = eto_mutate_vec(&x->tk->c, p, &x->tk->rng);
  if (rc != 0) return -1;
  eto_sched_prefetch_fix(&x->tk->c, x->t, p); /* a tile or a fetch changed: no prefetch without its direct read */
  return eto_sched_candidate_ok(&x->tk->c, x->t, p, NULL, 0);
}

/* Returns the number of programs written to best (capacity out_size), best first; -1 on out of memory. */
static int evolutionary_search(evo_ctx *x, const eto_program *init, int ninit, int out_size,
                               heap_item *heap) {
  const eto_backend_opts *o = x->o;
  int population = o->population > 0 ? o->population : 1;
  int generations = o->generations;
  if (!eto_cost_model_trained(x->model) && generations > 3) generations = 3; /* Ansor, random model */
  int cap = ninit > population ? ninit : population;
  eto_program *now = malloc(sizeof *now * (size_t)cap), *next = malloc(sizeof *next * (size_t)cap);
  double *prefix = malloc(sizeof *prefix * (size_t)cap);
  if (!now || !next || !prefix) {
    free(now);
    free(next);
    free(prefix);
    return -1;
  }
  memcpy(now, init, sizeof *now * (size_t)ninit);
  int nnow = ninit, nheap = 0;
  for (int k = 0; k <= generations && nnow > 0; k++) {
    score_population(x, now, nnow);
    for (int i = 0; i < nnow; i++) {
      uint64_t h = eto_program_hash(&now[i]);
      if (eto_progset_has(&x->tk->measured, h)) continue;
      int in = 0;
      for (int j = 0; j < nheap && !in; j++) in = heap[j].hash == h;
      if (in) continue;
      if (nheap < out_size) {
        heap[nheap] = (heap_item){now[i], x->scores[i], h};
        heap_up(heap, nheap++);
      } else if (out_size > 0 && x->scores[i] > heap[0].score) {
        heap[0] = (heap_item){now[i], x->scores[i], h};
        heap_down(heap, nheap, 0);
      }
    }
    if (k == generations) break;
    double sum = 0;
    for (int i = 0; i < nnow; i++) {
      sum += x->scores[i] > 0 ? x->scores[i] : 0;
      prefix[i] = sum;
    }
    int nnext = 0;
    long attempts = 0, max_attempts = 20L * population;
    while (nnext < population && attempts++ < max_attempts) {
      eto_program child = now[roulette(prefix, nnow, &x->tk->rng)];
      if (eto_rng_unit(&x->tk->rng) < o->mutation_prob) {
        if (mutate(x, &child) == 0) {
          next[nnext++] = child;
          x->stats->mutations_ok++;
        } else {
          x->stats->mutations_failed++;
        }
      } else {
        next[nnext++] = child;
      }
    }
    eto_program *tmp = now;
    now = next;
    next = tmp;
    nnow = nnext;
    x->stats->evolved += nnext;
  }
  free(now);
  free(next);
  free(prefix);
  qsort(heap, (size_t)nheap, sizeof *heap, by_score_desc);
  return nheap;
}

/* Ansor's ordering of measured programs: fastest first, failures (infinite cost) last. */
typedef struct {
  double cost;
  int index;
} ranked;

static int by_cost(const void *a, const void *b) {
  const ranked *x = a, *y = b;
  if (x->cost != y->cost) return (x->cost > y->cost) - (x->cost < y->cost);
  return (x->index > y->index) - (x->index < y->index);
}

int eto_evo_round(eto_task *tk, const eto_target *t, eto_cost_model *model, const eto_backend_opts *o, int n,
                  eto_program *out, eto_evo_stats *stats) {
  double t0 = eto_now();
  memset(stats, 0, sizeof *stats);
  if (n <= 0) return 0;
  int population = o->population > 0 ? o->population : 1;
  int use_measured = (int)(o->use_measured_ratio * population);
  if (use_measured > tk->nhist) use_measured = tk->nhist;
  int cap = population + use_measured;
  int out_size = 2 * n;
  eto_program *init = malloc(sizeof *init * (size_t)cap);
  heap_item *heap = malloc(sizeof *heap * (size_t)out_size);
  ranked *order = malloc(sizeof *order * (size_t)(tk->nhist > 0 ? tk->nhist : 1));
  int rows_cap = cap > population ? cap : population;
  evo_ctx x = {tk,
               t,
               model,
               o,
               stats,
               malloc(sizeof(float) * ETO_COST_NFEATURES * (size_t)rows_cap),
               malloc(sizeof(float) * (size_t)rows_cap)};
  eto_progset picked = {0};
  int result = -1;
  if (!init || !heap || !order || !x.rows || !x.scores) goto out;

  int ninit = eto_evo_sample_population(&tk->c, t, &tk->sketches, o, &tk->rng, init, population);
  if (ninit < 0) goto out;
  stats->init_population = ninit;
  for (int i = 0; i < tk->nhist; i++) order[i] = (ranked){tk->hist[i].cost, i};
  qsort(order, (size_t)tk->nhist, sizeof *order, by_cost);
  for (int i = 0; i < use_measured; i++) init[ninit++] = tk->hist[order[i].index].prog;
  if (ninit == 0) {
    result = 0;
    goto out;
  }

  int nrandom = (int)(o->eps_greedy * n);
  int nrand_states = 3 * nrandom;
  eto_program *random_states = malloc(sizeof *random_states * (size_t)(nrand_states > 0 ? nrand_states : 1));
  if (!random_states) goto out;
  for (int i = 0; i < nrand_states; i++) random_states[i] = init[eto_rng_below(&tk->rng, ninit)];

  int nbest = evolutionary_search(&x, init, ninit, out_size, heap);
  if (nbest < 0) {
    free(random_states);
    goto out;
  }

  /* PickStatesWithEpsGreedy */
  int ngood = n - nrandom, count = 0, ob = 0, orand = 0;
  while (count < n) {
    const eto_program *p;
    int has_best = ob < nbest, has_random = orand < nrand_states;
    if (count < ngood) {
      if (has_best)
        p = &heap[ob++].prog;
      else if (has_random)
        p = &random_states[orand++];
      else
        break;
    } else {
      if (has_random)
        p = &random_states[orand++];
      else if (has_best)
        p = &heap[ob++].prog;
      else
        break;
    }
    uint64_t h = eto_program_hash(p);
    if (eto_progset_has(&tk->measured, h)) continue;
    int r = eto_progset_add(&picked, h);
    if (r < 0) {
      free(random_states);
      goto out;
    }
    if (r == 0) continue;
    out[count++] = *p;
  }
  free(random_states);
  result = count;
out:
  eto_progset_clear(&picked);
  free(init);
  free(heap);
  free(order);
  free(x.rows);
  free(x.scores);
  stats->search_seconds = eto_now() - t0;
  return result;
}
