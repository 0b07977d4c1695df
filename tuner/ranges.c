/* ranges.c — the candidate ranges of the reuse tuner (docs/architecture.md §7): divisors of an extent between
 * two bounds with the ETO artifact's one-divisor extension, and the block / thread / fetch ranges derived
 * from S*β and the iteration-space ratios. Bounds are exact rationals; only the extension's ratio test is
 * floating point (with the artifact's epsilon). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "tuner_internal.h"

#define EPSILON 1e-6

static __int128 gcd128(__int128 a, __int128 b) {
  if (a < 0) a = -a;
  while (b) {
    __int128 t = a % b;
    a = b;
    b = t;
  }
  return a;
}

tun_ratio tun_ratio_make(__int128 num, __int128 den) {
  if (den <= 0) den = 1;
  __int128 g = gcd128(num, den);
  tun_ratio r = {g > 1 ? num / g : num, g > 1 ? den / g : den};
  return r;
}

static int bits128(__int128 x) {
  unsigned __int128 u = x < 0 ? -(unsigned __int128)x : (unsigned __int128)x;
  uint64_t hi = (uint64_t)(u >> 64), lo = (uint64_t)u;
  if (hi) return 128 - __builtin_clzll(hi);
  return lo ? 64 - __builtin_clzll(lo) : 0;
}

int tun_ratio_cmp(tun_ratio a, tun_ratio b) {
  if (bits128(a.num) + bits128(b.den) < 126 && bits128(b.num) + bits128(a.den) < 126) {
    __int128 l = a.num * b.den, r = b.num * a.den;
    return l < r ? -1 : l > r;
  }
  /* products would overflow: sizes this large only arise for huge operators, where 64-bit mantissas suffice
   */
  long double x = (long double)a.num / (long double)a.den, y = (long double)b.num / (long double)b.den;
  return x < y ? -1 : x > y;
}

double tun_ratio_value(tun_ratio a) { return (double)((long double)a.num / (long double)a.den); }

static tun_ratio ratio_int(int64_t v) {
  tun_ratio r = {v, 1};
  return r;
}

/* Divisor lists of recent extents, per thread: the estimator asks for the same few extents thousands of
 * times when a selector builds the plan of a long list. */
#define MEMO_SLOTS 32
#define MEMO_DIVS 192
static __thread struct {
  int64_t n;
  int count;
  int64_t d[MEMO_DIVS];
} memo[MEMO_SLOTS];

static int divisors_uncached(int64_t n, int64_t *out, int cap);

int tun_divisors(int64_t n, int64_t *out, int cap) {
  if (n < 1) return 0;
  unsigned slot = (unsigned)(((uint64_t)n * 0x9E3779B97F4A7C15ull) >> 59) % MEMO_SLOTS;
  if (memo[slot].n == n && memo[slot].count <= cap) {
    for (int i = 0; i < memo[slot].count; i++) out[i] = memo[slot].d[i];
    return memo[slot].count;
  }
  int count = divisors_uncached(n, out, cap);
  if (count < cap && count <= MEMO_DIVS) { /* complete lists only */
    memo[slot].n = n;
    memo[slot].count = count;
    for (int i = 0; i < count; i++) memo[slot].d[i] = out[i];
  }
  return count;
}

static int divisors_uncached(int64_t n, int64_t *out, int cap) {
  int lo = 0, hi = 0;
  int64_t big[TUN_MAX_DIVS];
  for (int64_t d = 1; d <= n / d; d++) {
    if (n % d) continue;
    if (lo < cap) out[lo++] = d;
    if (d != n / d && hi < TUN_MAX_DIVS) big[hi++] = n / d;
  }
  for (int i = hi - 1; i >= 0 && lo < cap; i--) out[lo++] = big[i];
  return lo;
}

int64_t tun_closest_divisor(int64_t n, int64_t f) {
  int64_t best = 1;
  double bd = INFINITY;
  for (int64_t d = 1; d * d <= n; d++) {
    if (n % d) continue;
    int64_t c[2] = {d, n / d};
    for (int k = 0; k < 2; k++) {
      double dist = fabs(log((double)c[k] / (double)(f > 0 ? f : 1)));
      if (dist < bd || (dist == bd && c[k] < best)) {
        bd = dist;
        best = c[k];
      }
    }
  }
  return best;
}

int tun_divisor_range(int64_t n, tun_ratio first, tun_ratio upper, int64_t *out, int cap) {
  int64_t divs[TUN_MAX_DIVS];
  int nd = tun_divisors(n, divs, TUN_MAX_DIVS);
  int sign = tun_ratio_cmp(upper, first) < 0 ? -1 : 1;
  tun_ratio lo = sign > 0 ? first : upper, hi = sign > 0 ? upper : first;
  int count = 0, have_extra = 0;
  int64_t extra = 0; /* the divisor beyond `upper` nearest to it */
  for (int k = 0; k < nd; k++) {
    tun_ratio d = ratio_int(divs[k]);
    if (tun_ratio_cmp(d, lo) >= 0 && tun_ratio_cmp(d, hi) <= 0) {
      if (count < cap) out[count++] = divs[k];
    } else if (sign * tun_ratio_cmp(d, upper) > 0) {
      /* ascending divisors: beyond an upper end the first is the nearest, beyond a lower end the last */
      if (sign > 0 && !have_extra) extra = divs[k], have_extra = 1;
      if (sign < 0) extra = divs[k], have_extra = 1;
    }
  }
  if (!have_extra) return count;
  if (count == 0) {
    if (cap > 0) out[count++] = extra;
    return count;
  }
  int64_t l1 = sign > 0 ? out[count - 1] : out[0]; /* the divisor inside nearest to `upper` */
  if (sign * tun_ratio_cmp(ratio_int(l1), upper) >= 0) return count;
  long double u = (long double)upper.num / (long double)upper.den;
  int add = sign > 0 ? (long double)extra / u <= u / (long double)l1 + EPSILON
                     : (long double)extra / u >= u / (long double)l1 - EPSILON;
  if (add && count < cap) {
    if (sign > 0) {
      out[count++] = extra;
    } else { /* keep ascending order: the extension lies below everything inside */
      for (int k = count; k > 0; k--) out[k] = out[k - 1];
      out[0] = extra;
      count++;
    }
  }
  return count;
}

static int64_t prod_extents(const eto_loop *loops, int n) {
  int64_t p = 1;
  for (int i = 0; i < n; i++) p *= loops[i].extent;
  return p;
}

void tun_pair_init(const eto_compute *a, const eto_compute *b, tun_pair *pp) {
  pp->space_a = prod_extents(a->nest.space, a->nest.nspace);
  pp->reduce_a = prod_extents(a->nest.reduce, a->nest.nreduce);
  pp->space_b = prod_extents(b->nest.space, b->nest.nspace);
  pp->reduce_b = prod_extents(b->nest.reduce, b->nest.nreduce);
}

tun_ratio tun_pair_inc(const tun_pair *pp) {
  return tun_ratio_make((__int128)pp->space_a * pp->reduce_a, (__int128)pp->space_b * pp->reduce_b);
}

static int cmp_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

int tun_block_range(const tun_pair *pp, int64_t blocks_beta, int64_t *out, int cap) {
  /* e1 = B_β·|I(rL_β)|/|I(rL_α)|, e2 = B_β·|I(L_α)|/|I(L_β)| */
  tun_ratio e1 = tun_ratio_make((__int128)blocks_beta * pp->reduce_b, pp->reduce_a);
  tun_ratio inc = tun_pair_inc(pp);
  tun_ratio e2 = tun_ratio_make((__int128)blocks_beta * inc.num, inc.den);
  int larger = tun_ratio_cmp(inc, ratio_int(1)) > 0;
  int n = larger ? tun_divisor_range(pp->space_a, e2, e1, out, cap)
                 : tun_divisor_range(pp->space_a, e1, e2, out, cap);
  if (pp->reduce_a == pp->reduce_b && n < cap) {
    /* equal reductions: one more block count beyond the space-ratio end (the artifact's extra block size) */
    int64_t divs[TUN_MAX_DIVS];
    int nd = tun_divisors(pp->space_a, divs, TUN_MAX_DIVS);
    int64_t extra = 0;
    if (larger) {
      for (int k = 0; k < nd && !extra; k++)
        if (tun_ratio_cmp(ratio_int(divs[k]), e2) > 0) extra = divs[k];
    } else {
      tun_ratio edge = n > 0 ? ratio_int(out[0]) : e2;
      for (int k = 0; k < nd; k++)
        if (tun_ratio_cmp(ratio_int(divs[k]), edge) < 0) extra = divs[k];
    }
    int dup = 0;
    for (int k = 0; k < n; k++) dup |= out[k] == extra;
    if (extra && !dup) out[n++] = extra;
  }
  qsort(out, (size_t)n, sizeof *out, cmp_i64);
  return n;
}

int tun_thread_range(const tun_pair *pp, const eto_target *t, int64_t threads_beta, int64_t blocks_alpha,
                     int64_t divisible, int64_t *out, int cap) {
  tun_ratio inc = tun_pair_inc(pp);
  tun_ratio first = tun_ratio_make(threads_beta, blocks_alpha);
  tun_ratio upper = tun_ratio_make((__int128)threads_beta * inc.num, (__int128)blocks_alpha * inc.den);
  int64_t cand[TUN_MAX_RANGE];
  int n = tun_divisor_range(divisible, first, upper, cand, TUN_MAX_RANGE), k = 0;
  for (int i = 0; i < n; i++) {
    if (cand[i] > t->max_threads_per_block) continue;
    if (cand[i] < t->min_threads_per_block && pp->space_a >= t->min_threads_per_block) continue;
    if (k < cap) out[k++] = cand[i];
  }
  return k;
}

int tun_fetch_range(const tun_pair *pp, int64_t load_extent, int64_t smem_one_fetch, int64_t blocks_alpha,
                    int64_t total_smem_beta, int64_t *out, int cap) {
  /* M(F) = B_α·A/F: F(M_β·inc) = B_α·A/(M_β·inc) is the first bound, F(M_β) = B_α·A/M_β the extension side */
  tun_ratio inc = tun_pair_inc(pp);
  __int128 ba = (__int128)blocks_alpha * smem_one_fetch;
  tun_ratio first = tun_ratio_make(ba * inc.den, (__int128)total_smem_beta * inc.num);
  tun_ratio upper = tun_ratio_make(ba, total_smem_beta);
  return tun_divisor_range(load_extent, first, upper, out, cap);
}

int tun_fetch_range_estimate(const tun_pair *pp, int64_t load_extent, int64_t fetches_beta, int64_t *out,
                             int cap) {
  tun_ratio inc = tun_pair_inc(pp);
  return tun_divisor_range(load_extent, ratio_int(fetches_beta),
                           tun_ratio_make((__int128)fetches_beta * inc.num, inc.den), out, cap);
}
