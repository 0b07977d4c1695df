/* Families of `let` lines (op.h): the representative values against brute force over 1..4096, and the families
 * found in examples/bert_base_dynamic.list and in small lists (two variables, unnamed lines, merged shapes). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "op.h"

static int families_of(const char *text, eto_oplist **l, eto_op **ops, eto_op_family **fs) {
  char msg[1024];
  *ops = NULL;
  *fs = NULL;
  if (eto_oplist_parse("t", text, strlen(text), l, msg, sizeof msg) != ETO_OK) return -1;
  int n = eto_oplist_count(*l);
  *ops = malloc(sizeof **ops * (size_t)n);
  for (int i = 0; i < n; i++) (*ops)[i] = *eto_oplist_get(*l, i);
  return eto_op_families(*ops, n, fs);
}

int main(int argc, char **argv) {
  /* brute force: the representative of v is the smallest representative >= v, and v >= 0.8x it above 16 */
  int reps = 0;
  for (int64_t v = 1; v <= 4096; v++) {
    int64_t b = eto_op_family_bucket(v);
    CHECK(b >= v && eto_op_family_representative(b), "bucket(%lld) = %lld", (long long)v, (long long)b);
    for (int64_t w = v; w < b; w++) CHECK(!eto_op_family_representative(w), "%lld skipped for %lld", (long long)w, (long long)v);
    if (v > 16) CHECK(v * 5 >= b * 4, "v %lld < 0.8 x %lld", (long long)v, (long long)b);
    if (v <= 512) reps += eto_op_family_representative(v);
  }
  CHECK(reps == 36, "%d representatives in 1..512, expected 36", reps);

  eto_oplist *l = NULL;
  eto_op *ops = NULL;
  eto_op_family *fs = NULL;
  /* one variable in two keys; a second variable makes no family; an unnamed line none either */
  int nf = families_of("let S=1..8\nlet T={2,3}\n"
                       "batch_matmul b=2 m=S n=S k=4 name=sq\n"
                       "matmul m=S n=T k=4 name=two\n"
                       "matmul m=S n=3 k=5\n",
                       &l, &ops, &fs);
  CHECK(nf == 1, "%d families, expected 1", nf);
  if (nf == 1) {
    CHECK(fs[0].count == 8 && fs[0].nkeys == 2 && fs[0].keys[0] == ETO_KEY_M && fs[0].keys[1] == ETO_KEY_N,
          "sq: %d members, %d keys", fs[0].count, fs[0].nkeys);
    for (int i = 0; i < fs[0].count; i++)
      CHECK(eto_op_family_value(ops, &fs[0], i) == i + 1 && strcmp(ops[fs[0].member[i]].name, "sq") == 0,
            "member %d: value %lld", i, (long long)eto_op_family_value(ops, &fs[0], i));
  }
  eto_op_families_free(fs, nf);
  free(ops);
  eto_oplist_free(l);

  /* the dynamic BERT list: five families, one member fewer for attn_context (S=64 merges with attn_scores) */
  if (argc > 1) {
    char path[1024], msg[1024];
    snprintf(path, sizeof path, "%s/bert_base_dynamic.list", argv[1]);
    CHECK(eto_oplist_load(path, &l, msg, sizeof msg) == ETO_OK, "%s", msg);
    int n = eto_oplist_count(l);
    ops = malloc(sizeof *ops * (size_t)n);
    for (int i = 0; i < n; i++) ops[i] = *eto_oplist_get(l, i);
    nf = eto_op_families(ops, n, &fs);
    CHECK(nf == 5, "%d families in bert_base_dynamic.list", nf);
    int total = 0;
    for (int f = 0; f < nf; f++) {
      total += fs[f].count;
      CHECK(eto_op_family_value(ops, &fs[f], 0) == 1 && eto_op_family_value(ops, &fs[f], fs[f].count - 1) == 512,
            "family %d: values %lld..%lld", f, (long long)eto_op_family_value(ops, &fs[f], 0),
            (long long)eto_op_family_value(ops, &fs[f], fs[f].count - 1));
    }
    CHECK(total == n && n == 2559, "%d members of %d operators", total, n);
    eto_op_families_free(fs, nf);
    free(ops);
    eto_oplist_free(l);
  }
  return check_result();
}
