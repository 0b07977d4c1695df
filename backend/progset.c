/* progset.c — an open-addressing set of program hashes (the measured set, the evolution heap's members),
 * plus the small helpers every backend file uses (uniform doubles, the clock). */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backend_internal.h"

/* FNV-1a over the recipe text: the recipe is the program's identity in the cache, so two programs with one
 * recipe are one program. */
uint64_t eto_program_hash(const eto_program *p) {
  char buf[ETO_RECIPE_MAX];
  eto_program_format(p, buf, sizeof buf);
  uint64_t h = eto_hash_str(ETO_HASH_SEED, buf);
  return h ? h : 1;
}

static int grow(eto_progset *s) {
  size_t cap = s->cap ? s->cap * 2 : 256;
  uint64_t *slot = calloc(cap, sizeof *slot);
  if (!slot) return -1;
  for (size_t i = 0; i < s->cap; i++) {
    uint64_t h = s->slot[i];
    if (!h) continue;
    size_t j = (size_t)(h & (cap - 1));
    while (slot[j]) j = (j + 1) & (cap - 1);
    slot[j] = h;
  }
  free(s->slot);
  s->slot = slot;
  s->cap = cap;
  return 0;
}

int eto_progset_has(const eto_progset *s, uint64_t h) {
  if (!s->cap) return 0;
  if (!h) h = 1;
  for (size_t j = (size_t)(h & (s->cap - 1));; j = (j + 1) & (s->cap - 1)) {
    if (s->slot[j] == h) return 1;
    if (!s->slot[j]) return 0;
  }
}

int eto_progset_add(eto_progset *s, uint64_t h) {
  if (!h) h = 1;
  if ((s->count + 1) * 2 > s->cap && grow(s) != 0) return -1;
  size_t j = (size_t)(h & (s->cap - 1));
  while (s->slot[j]) {
    if (s->slot[j] == h) return 0;
    j = (j + 1) & (s->cap - 1);
  }
  s->slot[j] = h;
  s->count++;
  return 1;
}

void eto_progset_clear(eto_progset *s) {
  free(s->slot);
  memset(s, 0, sizeof *s);
}

double eto_rng_unit(eto_rng *r) { return (double)(eto_rng_next(r) >> 11) / 9007199254740992.0; }

