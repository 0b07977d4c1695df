/* rng.c — the seeded PRNG every random choice of etotune goes through (splitmix64 seeding, xorshift128+). */
#include "schedule.h"

static uint64_t splitmix(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

void eto_rng_seed(eto_rng *r, uint64_t seed) {
  r->s[0] = splitmix(&seed);
  r->s[1] = splitmix(&seed);
  if (!r->s[0] && !r->s[1]) r->s[1] = 1;
}

uint64_t eto_rng_next(eto_rng *r) {
  uint64_t s1 = r->s[0];
  const uint64_t s0 = r->s[1];
  r->s[0] = s0;
  s1 ^= s1 << 23;
  r->s[1] = s1 ^ s0 ^ (s1 >> 17) ^ (s0 >> 26);
  return r->s[1] + s0;
}

int64_t eto_rng_below(eto_rng *r, int64_t n) {
  if (n <= 1) return 0;
  return (int64_t)(eto_rng_next(r) % (uint64_t)n);
}
