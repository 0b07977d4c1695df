/* family.c — families of operators (the operators of one `let` line: one kind, one name=, keys that differ only
 * in one value) and the representative values family tuning keeps (op.h). */
#include <stdlib.h>
#include <string.h>

#include "op.h"

int64_t eto_op_family_bucket(int64_t v) {
  if (v <= 16) return v < 1 ? 1 : v;
  int64_t p = 16; /* p < v <= 2p */
  while (2 * p < v) p *= 2;
  int64_t step = p / 4;
  return (v + step - 1) / step * step;
}

int eto_op_family_representative(int64_t v) { return v >= 1 && eto_op_family_bucket(v) == v; }

/* 1 when a and b are of one kind and name and have the same non-key fields (stride, pad, epilogue...). */
static int same_group(const eto_op *a, const eto_op *b) {
  if (a->kind != b->kind || !a->name[0] || strcmp(a->name, b->name) != 0) return 0;
  if (a->nspatial != b->nspatial || a->bias != b->bias || a->relu != b->relu) return 0;
  return memcmp(a->stride, b->stride, sizeof a->stride) == 0 && memcmp(a->pad, b->pad, sizeof a->pad) == 0 &&
         memcmp(a->dilation, b->dilation, sizeof a->dilation) == 0 &&
         memcmp(a->output_padding, b->output_padding, sizeof a->output_padding) == 0;
}

typedef struct {
  int64_t value;
  int index;
} valued;

static int by_value(const void *x, const void *y) {
  int64_t a = ((const valued *)x)->value, b = ((const valued *)y)->value;
  return (a > b) - (a < b);
}

/* Fills f from the group's members idx[0..m-1] (sorted by value in place): the varying keys; 0, -1 when the keys
 * vary in more than one value (then f is not a family), -2 when out of memory. */
static int family_of(const eto_op *ops, int *idx, int m, eto_op_family *f) {
  memset(f, 0, sizeof *f);
  for (int k = 0; k < ETO_KEY_COUNT; k++)
    for (int i = 1; i < m; i++)
      if (ops[idx[i]].v[k] != ops[idx[0]].v[k]) {
        f->keys[f->nkeys++] = k;
        break;
      }
  if (f->nkeys == 0) return -1;
  for (int i = 0; i < m; i++)
    for (int q = 1; q < f->nkeys; q++)
      if (ops[idx[i]].v[f->keys[q]] != ops[idx[i]].v[f->keys[0]]) return -1;
  valued *vs = malloc(sizeof *vs * (size_t)m);
  if (!vs) return -2;
  for (int i = 0; i < m; i++) vs[i] = (valued){ops[idx[i]].v[f->keys[0]], idx[i]};
  qsort(vs, (size_t)m, sizeof *vs, by_value);
  for (int i = 0; i < m; i++) idx[i] = vs[i].index;
  free(vs);
  f->member = idx;
  f->count = m;
  return 0;
}

int eto_op_families(const eto_op *ops, int n, eto_op_family **out) {
  *out = NULL;
  int *group = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1)); /* group leader of each op, -1: none yet */
  eto_op_family *fs = calloc((size_t)(n > 0 ? n : 1), sizeof *fs);
  if (!group || !fs) {
    free(group);
    free(fs);
    return -1;
  }
  for (int i = 0; i < n; i++) group[i] = -1;
  int count = 0;
  for (int i = 0; i < n; i++) {
    if (group[i] >= 0 || !ops[i].name[0]) continue;
    int m = 0;
    for (int j = i; j < n; j++)
      if (group[j] < 0 && same_group(&ops[i], &ops[j])) {
        group[j] = i;
        m++;
      }
    if (m < 2) continue;
    int *idx = malloc(sizeof(int) * (size_t)m);
    if (!idx) {
      eto_op_families_free(fs, count);
      free(group);
      return -1;
    }
    m = 0;
    for (int j = i; j < n; j++)
      if (group[j] == i) idx[m++] = j;
    int rc = family_of(ops, idx, m, &fs[count]);
    if (rc != 0) {
      free(idx);
      if (rc == -1) continue;
      eto_op_families_free(fs, count);
      free(group);
      return -1;
    }
    count++;
  }
  free(group);
  *out = fs;
  return count;
}

int64_t eto_op_family_value(const eto_op *ops, const eto_op_family *f, int i) {
  return ops[f->member[i]].v[f->keys[0]];
}

void eto_op_families_free(eto_op_family *f, int count) {
  if (!f) return;
  for (int i = 0; i < count; i++) free(f[i].member);
  free(f);
}
