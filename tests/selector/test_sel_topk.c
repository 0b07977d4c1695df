/* test_sel_topk — the Selective Tuning baseline's plan (docs/architecture.md §8): split-candidate counts and overlaps
 * against brute-force enumeration of the tile tuples, operator similarities as products of those overlaps,
 * clustering on hand-made lists with hand-computed answers (transitive clusters, an operator in two cliques,
 * ties), cached operators, kinds never mixed, determinism, and every shipped example list of at most 1000
 * operators (argv[1]: the examples directory) planned with every operator in the plan. Nothing is measured. */
#define _GNU_SOURCE /* mkdtemp */
#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cache.h"
#include "check.h"
#include "test_op.h"
#include "schedule.h"
#include "selector.h"

/* ---- brute-force oracle: enumerate the ordered k-tuples of positive integers whose product divides n ---- */

static int64_t bf_tuples(int64_t n, int64_t prod, int k, int64_t also) {
  if (k == 0) return n % prod == 0 && (also == 0 || also % prod == 0);
  int64_t c = 0;
  for (int64_t f = 1; prod * f <= n; f++)
    if (n % (prod * f) == 0) c += bf_tuples(n, prod * f, k - 1, also);
  return c;
}

/* |A∩B|/|A∪B| by enumeration: A∩B are the tuples of a whose product also divides b. */
static double bf_overlap(int64_t a, int64_t b, int k) {
  double ca = (double)bf_tuples(a, 1, k, 0), cb = (double)bf_tuples(b, 1, k, 0);
  double both = (double)bf_tuples(a, 1, k, b);
  return both / (ca + cb - both);
}

/* The operators of a list text, in list order; *n receives the count. Caller frees. */
static eto_op *ops_of(const char *text, int *n) {
  eto_oplist *l = NULL;
  char msg[512];
  *n = 0;
  if (eto_oplist_parse("t", text, strlen(text), &l, msg, sizeof msg) != ETO_OK) {
    CHECK(0, "%s", msg);
    return NULL;
  }
  *n = eto_oplist_count(l);
  eto_op *ops = calloc((size_t)*n + 1, sizeof *ops);
  for (int i = 0; i < *n; i++) ops[i] = *eto_oplist_get(l, i);
  eto_oplist_free(l);
  return ops;
}

static eto_sel_plan *plan_of(const eto_op *ops, int n, const eto_target *t, eto_cache *cache, int64_t budget) {
  eto_sel_plan_opts o = {.full_budget = budget};
  eto_sel_plan *p = NULL;
  char msg[512];
  eto_status st = eto_sel_topk_plan_build(ops, n, t, cache, &o, &p, msg, sizeof msg);
  CHECK(st == ETO_OK && p, "topk plan: %s", msg);
  return p;
}

/* Structural facts every topk plan must have: every list operator in the plan, parents first in the order,
 * representatives (and cached operators) at the root, members one hop below their cluster's representative
 * with cost K, kinds and signatures never mixed, and the totals adding up. */
static void check_plan_shape(const eto_sel_plan *p, const eto_target *t, int64_t budget, const char *what) {
  CHECK(p->topk == 1 && p->n == p->nops && p->norder == p->nops, "%s: topk %d n %d nops %d norder %d", what, p->topk,
        p->n, p->nops, p->norder);
  int *seen = calloc((size_t)p->n + 1, sizeof(int)), reps = 0, members = 0, cached = 0;
  double est = 0;
  for (int k = 0; k < p->norder; k++) {
    int i = p->order[k];
    const eto_sel_plan_node *n = &p->node[i];
    CHECK(i >= 0 && i < p->n && !seen[i], "%s: order entry %d", what, i);
    seen[i] = 1;
    CHECK(n->in_plan && n->origin == ETO_PLAN_LIST, "%s: node %d not a list operator in the plan", what, i + 1);
    est += n->est_trials;
    if (n->cached) {
      cached++;
      CHECK(n->parent < 0 && n->cluster == -1 && n->est_trials == 0, "%s: cached node %d", what, i + 1);
    } else if (n->parent < 0) {
      reps++;
      CHECK(n->est_trials == (double)budget && n->cluster >= 0, "%s: representative %d", what, i + 1);
    } else {
      members++;
      const eto_sel_plan_node *r = &p->node[n->parent];
      CHECK(seen[n->parent], "%s: node %d before its parent", what, i + 1);
      CHECK(r->parent < 0 && !r->cached && r->cluster == n->cluster, "%s: node %d's parent is no representative of its "
            "cluster", what, i + 1);
      CHECK(n->est_trials == ETO_SEL_TOPK_K, "%s: member %d est %g", what, i + 1, n->est_trials);
      CHECK(eto_op_reuse_kind(n->op.kind) == eto_op_reuse_kind(r->op.kind), "%s: node %d mixes kinds", what, i + 1);
      double s = eto_sel_topk_similarity(&n->op, &r->op, t);
      CHECK(s >= ETO_SEL_TOPK_MIN_SIMILARITY, "%s: node %d is not similar to its representative (%g)", what, i + 1, s);
    }
  }
  CHECK(reps == p->nclusters, "%s: %d representatives, %d clusters", what, reps, p->nclusters);
  CHECK(reps + members + cached == p->nops, "%s: counts", what);
  CHECK(fabs(est - p->est_total) < 1e-9 && p->est_total == (double)reps * (double)budget + ETO_SEL_TOPK_K * members,
        "%s: est_total %g", what, p->est_total);
  CHECK(p->full_total == (double)(p->nops - cached) * (double)budget, "%s: full_total %g", what, p->full_total);
  CHECK(p->tree.n == p->nops && p->tree.cost == (int64_t)p->est_total, "%s: tree cost %lld", what,
        (long long)p->tree.cost);
  free(seen);
}

static int same_plan(const eto_sel_plan *a, const eto_sel_plan *b) {
  if (a->n != b->n || a->norder != b->norder || a->nclusters != b->nclusters || a->pairs != b->pairs) return 0;
  for (int i = 0; i < a->n; i++)
    if (a->node[i].parent != b->node[i].parent || a->node[i].cluster != b->node[i].cluster ||
        a->node[i].sim_sum != b->node[i].sim_sum)
      return 0;
  for (int k = 0; k < a->norder; k++)
    if (a->order[k] != b->order[k]) return 0;
  return 1;
}

static void test_counts(void) {
  for (int k = 0; k <= 4; k++)
    for (int64_t n = 1; n <= 130; n++) {
      int64_t bf = bf_tuples(n, 1, k, 0);
      CHECK(eto_sel_topk_split_count(n, k) == (uint64_t)bf, "count(%lld, %d) = %llu, enumeration %lld", (long long)n, k,
            (unsigned long long)eto_sel_topk_split_count(n, k), (long long)bf);
    }
  CHECK(eto_sel_topk_split_count(64, 4) == 210 && eto_sel_topk_split_count(48, 4) == 350, "64, 48");
  CHECK(eto_sel_topk_split_count(0, 2) == 0 && eto_sel_topk_split_count(5, -1) == 0, "bad arguments");
  /* 64 vs 48: the common tuples are those of gcd 16 (70 of 4 factors): 70 / (210 + 350 - 70) = 1/7 */
  const int64_t pairs[][2] = {{64, 48}, {48, 64}, {64, 64}, {12, 18}, {7, 11}, {96, 128}, {1, 30}, {100, 75}};
  for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
    for (int k = 0; k <= 4; k++) {
      double want = bf_overlap(pairs[i][0], pairs[i][1], k), got = eto_sel_topk_split_overlap(pairs[i][0], pairs[i][1], k);
      CHECK(fabs(want - got) < 1e-12, "overlap(%lld, %lld, %d) = %g, enumeration %g", (long long)pairs[i][0],
            (long long)pairs[i][1], k, got, want);
    }
  CHECK(fabs(eto_sel_topk_split_overlap(64, 48, 4) - 1.0 / 7) < 1e-12, "64 vs 48 is 1/7");
}

static void test_similarity(const eto_target *t) {
  eto_op a = test_op("matmul m=64 n=64 k=64\n"), m48 = test_op("matmul m=48 n=64 k=64\n");
  eto_op all48 = test_op("matmul m=48 n=48 k=48\n"), bmm = test_op("batch_matmul b=4 m=64 n=64 k=64\n");
  eto_op nrm = test_op("norm b=1 m=64 n=64\n");
  eto_op c1 = test_op("conv2d n=1 c=64 h=28 w=28 k=64 r=3 s=3 pad=1\n"), c0 = test_op("conv2d n=1 c=64 h=28 w=28 k=64 r=3 s=3\n");
  eto_op c2 = test_op("conv2d n=1 c=32 h=28 w=28 k=64 r=3 s=3 pad=1\n");
  CHECK(eto_sel_topk_similarity(&a, &a, t) == 1, "matmul 64^3 vs itself: %g", eto_sel_topk_similarity(&a, &a, t));
  /* matmul's nest is [1, M, N]·[K], multi-level tiling: 4 inner factors per space loop, 2 per reduction */
  double s = eto_sel_topk_similarity(&a, &m48, t);
  CHECK(fabs(s - bf_overlap(64, 48, 4)) < 1e-12, "m 64 vs 48: %g, want %g", s, bf_overlap(64, 48, 4));
  double want = bf_overlap(64, 48, 4) * bf_overlap(64, 48, 4) * bf_overlap(64, 48, 2);
  s = eto_sel_topk_similarity(&a, &all48, t);
  CHECK(fabs(s - want) < 1e-12 && s < ETO_SEL_TOPK_MIN_SIMILARITY, "64^3 vs 48^3: %g, want %g", s, want);
  CHECK(s == eto_sel_topk_similarity(&all48, &a, t), "symmetric");
  s = eto_sel_topk_similarity(&a, &bmm, t);
  CHECK(fabs(s - bf_overlap(1, 4, 4)) < 1e-12, "matmul vs batch_matmul b=4: %g, want %g", s, bf_overlap(1, 4, 4));
  CHECK(eto_sel_topk_similarity(&a, &nrm, t) == 0, "different kinds");
  CHECK(eto_sel_topk_similarity(&c1, &c0, t) == 0, "different signatures (padding)");
  s = eto_sel_topk_similarity(&c1, &c2, t);
  CHECK(fabs(s - bf_overlap(64, 32, 2)) < 1e-12, "conv2d c 64 vs 32 (reduction rc): %g, want %g", s, bf_overlap(64, 32, 2));
}

static void test_clusters(const eto_target *t) {
  /* B, C, A are pairwise similar (A-B 0.78, A-C 0.64, B-C 0.49): one cluster, A most similar in sum; E, D are
   * similar (0.71) and dissimilar to the others (< 0.0062): a cluster whose two sums tie, so E (lower index). */
  int n;
  eto_op *ops = ops_of("matmul m=64 n=64 k=128\n"  /* B */
                       "matmul m=128 n=64 k=64\n"  /* C */
                       "matmul m=64 n=64 k=64\n"   /* A */
                       "matmul m=48 n=48 k=96\n"   /* E */
                       "matmul m=48 n=48 k=48\n",  /* D */
                       &n);
  CHECK(n == 5, "list of 5: %d", n);
  eto_sel_plan *p = plan_of(ops, n, t, NULL, 500);
  if (p) {
    check_plan_shape(p, t, 500, "transitive");
    CHECK(p->nclusters == 2 && p->pairs == 4, "clusters %d, pairs %d", p->nclusters, p->pairs);
    CHECK(p->node[0].parent == 2 && p->node[1].parent == 2 && p->node[2].parent == -1, "A is the representative: %d %d %d",
          p->node[0].parent, p->node[1].parent, p->node[2].parent);
    CHECK(p->node[3].parent == -1 && p->node[4].parent == 3, "E represents D: %d %d", p->node[3].parent, p->node[4].parent);
    CHECK(p->node[0].cluster == 0 && p->node[1].cluster == 0 && p->node[2].cluster == 0 && p->node[3].cluster == 1 &&
              p->node[4].cluster == 1,
          "cluster ids");
    double ab = eto_sel_topk_similarity(&ops[2], &ops[0], t), ac = eto_sel_topk_similarity(&ops[2], &ops[1], t);
    CHECK(fabs(p->node[2].sim_sum - (ab + ac)) < 1e-12, "A's similarity sum %g", p->node[2].sim_sum);
    CHECK(p->est_total == 2 * 500 + 3 * ETO_SEL_TOPK_K, "est_total %g", p->est_total);
    CHECK(p->order[0] == 2 && p->order[1] == 3, "representatives first: %d %d", p->order[0], p->order[1]);
    eto_sel_plan *q = plan_of(ops, n, t, NULL, 500);
    CHECK(q && same_plan(p, q), "not deterministic");
    eto_sel_plan_free(q);
    /* the printers cope */
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    eto_sel_plan_print_text(p, f);
    CHECK(eto_sel_plan_print_json(p, f) == ETO_OK && eto_sel_plan_print_dot(p, f) == ETO_OK, "printers");
    fclose(f);
    CHECK(buf && strstr(buf, "2 clusters") && strstr(buf, "topk") && strstr(buf, "\"mode\":\t\"topk\"") &&
              strstr(buf, "digraph"),
          "printed plan:\n%s", buf ? buf : "");
    free(buf);
  }
  eto_sel_plan_free(p);
  free(ops);

  /* an operator in two cliques: Z-Y 0.037, Y-X 0.14, X-Z 0.0053 (not connected): cliques {Y,Z} and {X,Y}; Y
   * joins {X,Y} (the larger sum), Z stays alone; X and Y tie, so Y (lower index) represents. */
  ops = ops_of("matmul m=48 n=48 k=48\n" /* Z */
               "matmul m=64 n=48 k=64\n" /* Y */
               "matmul m=64 n=64 k=64\n" /* X */,
               &n);
  p = plan_of(ops, n, t, NULL, 1000);
  if (p) {
    check_plan_shape(p, t, 1000, "two cliques");
    CHECK(p->pairs == 2 && p->nclusters == 2, "pairs %d clusters %d", p->pairs, p->nclusters);
    CHECK(p->node[0].parent == -1 && p->node[0].cluster == 0 && p->node[0].sim_sum == 0, "Z alone");
    CHECK(p->node[1].parent == -1 && p->node[2].parent == 1 && p->node[1].cluster == 1 && p->node[2].cluster == 1,
          "Y represents X: parents %d %d", p->node[1].parent, p->node[2].parent);
  }
  eto_sel_plan_free(p);
  free(ops);

  /* one operator per kind: no similarities, every operator its own cluster */
  ops = ops_of("matmul m=128 n=128 k=128\n"
               "conv2d n=1 c=64 h=28 w=28 k=64 r=3 s=3 pad=1\n"
               "depthwise_conv2d n=1 c=64 h=28 w=28 r=3 s=3 pad=1\n"
               "norm b=1 m=256 n=256\n"
               "conv1d n=1 c=64 l=128 k=64 r=3 pad=1\n",
               &n);
  CHECK(n == 5, "kinds list: %d", n);
  p = plan_of(ops, n, t, NULL, 1000);
  if (p) {
    check_plan_shape(p, t, 1000, "kinds");
    CHECK(p->nclusters == n && p->pairs == 0, "one cluster per operator: %d clusters, %d pairs", p->nclusters, p->pairs);
  }
  eto_sel_plan_free(p);
  free(ops);

  /* several operators of several kinds: at most one cluster per kind here (each kind's are all similar) */
  ops = ops_of("norm b=1 m=256 n=256\n"
               "matmul m=128 n=256 k=256\n"
               "conv2d n=1 c=64 h=28 w=28 k=64 r=3 s=3 pad=1\n"
               "norm b=1 m=256 n=512\n"
               "batch_matmul b=2 m=128 n=256 k=256\n"
               "conv2d n=1 c=128 h=28 w=28 k=64 r=3 s=3 pad=1\n"
               "matmul m=128 n=512 k=256\n",
               &n);
  p = plan_of(ops, n, t, NULL, 1000);
  if (p) {
    check_plan_shape(p, t, 1000, "mixed kinds");
    CHECK(p->nclusters == 3, "3 kinds (matmul counts as batch_matmul), %d clusters", p->nclusters);
    CHECK(p->node[0].cluster == p->node[3].cluster && p->node[1].cluster == p->node[4].cluster &&
              p->node[1].cluster == p->node[6].cluster && p->node[2].cluster == p->node[5].cluster,
          "clusters by kind");
  }
  eto_sel_plan_free(p);
  free(ops);

  /* empty list */
  p = plan_of(NULL, 0, t, NULL, 1000);
  CHECK(p && p->norder == 0 && p->nclusters == 0 && p->est_total == 0, "empty list");
  eto_sel_plan_free(p);
}

/* A cached list operator costs nothing, is a root child and is not clustered; the rest cluster without it. */
static void test_cached(const eto_target *t) {
  char dir[] = "/tmp/test_sel_topk_XXXXXX";
  if (!mkdtemp(dir)) {
    CHECK(0, "mkdtemp");
    return;
  }
  char path[600];
  snprintf(path, sizeof path, "%s/db", dir);
  eto_cache *c = NULL;
  CHECK(eto_cache_open(path, NULL, &c) == ETO_CACHE_OK, "open %s", path);
  int n;
  eto_op *ops = ops_of("matmul m=64 n=64 k=128\n"
                       "matmul m=128 n=64 k=64\n"
                       "matmul m=64 n=64 k=64\n",
                       &n);
  char key[512], sig[512];
  eto_op_key(&ops[2], key, sizeof key);
  eto_compute comp;
  eto_op_compute(&ops[2], &comp);
  eto_sched_signature(&comp, t, sig, sizeof sig);
  eto_cache_best b = {.fingerprint = (char *)t->fingerprint, .workload = key, .kind = "matmul", .signature = sig,
                      .recipe = "v1 mlt s=1.1.1.1.1/1.1.8.2.4/1.1.8.1.8 r=8.4.2 u=16 v=1.1",
                      .latency = {.median_s = 1e-4, .min_s = 1e-4, .max_s = 1e-4, .repeats = 3},
                      .method = ETO_CACHE_METHOD_FULL, .trials = 1};
  CHECK(c && eto_cache_put_best(c, &b, NULL) == ETO_CACHE_OK, "put best: %s", eto_cache_errmsg(c));
  eto_sel_plan *p = plan_of(ops, n, t, c, 1000);
  if (p) {
    check_plan_shape(p, t, 1000, "cached");
    CHECK(p->node[2].cached && p->node[2].parent == -1 && p->node[2].cluster == -1, "A cached");
    CHECK(p->nclusters == 1 && p->node[0].parent == -1 && p->node[1].parent == 0, "B represents C: %d %d",
          p->node[0].parent, p->node[1].parent);
    CHECK(p->est_total == 1000 + ETO_SEL_TOPK_K && p->full_total == 2000, "totals %g %g", p->est_total, p->full_total);
  }
  eto_sel_plan_free(p);
  free(ops);
  eto_cache_close(c);
  char cmd[700];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  CHECK(system(cmd) == 0, "rm");
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Example lists of more operators than this (bert_base_dynamic.list, 2559) are not planned here: their
 * clique enumeration stops at ETO_SEL_TOPK_MAX_CLIQUES after tens of seconds. */
enum { TOPK_EXAMPLE_MAX = 1000 };

static void test_examples(const eto_target *t, const char *dir) {
  DIR *d = opendir(dir);
  CHECK(d != NULL, "examples directory %s", dir);
  if (!d) return;
  char *names[256];
  int nn = 0;
  struct dirent *e;
  while ((e = readdir(d)) && nn < 256) {
    size_t l = strlen(e->d_name);
    if (l > 5 && strcmp(e->d_name + l - 5, ".list") == 0) names[nn++] = strdup(e->d_name);
  }
  closedir(d);
  qsort(names, (size_t)nn, sizeof *names, cmp_str);
  CHECK(nn >= 1, "no example lists in %s", dir);
  for (int k = 0; k < nn; k++) {
    char path[1024], msg[4096];
    snprintf(path, sizeof path, "%s/%s", dir, names[k]);
    eto_oplist *l = NULL;
    if (eto_oplist_load(path, &l, msg, sizeof msg) != ETO_OK) {
      CHECK(0, "%s: %s", path, msg);
      free(names[k]);
      continue;
    }
    int n = eto_oplist_count(l);
    if (n > TOPK_EXAMPLE_MAX) { /* dynamic-shape families: the similarity graph has over 10^6 maximal cliques */
      printf("%-20s %3d operators: skipped (the baseline plans lists of at most %d)\n", names[k], n, TOPK_EXAMPLE_MAX);
      eto_oplist_free(l);
      free(names[k]);
      continue;
    }
    eto_op *ops = calloc((size_t)n + 1, sizeof *ops);
    for (int i = 0; i < n; i++) ops[i] = *eto_oplist_get(l, i);
    eto_sel_plan *p = plan_of(ops, n, t, NULL, 1000), *q = plan_of(ops, n, t, NULL, 1000);
    if (p && q) {
      check_plan_shape(p, t, 1000, names[k]);
      CHECK(p->nops == n, "%s: %d of %d operators", names[k], p->nops, n);
      CHECK(p->nclusters >= 1 && p->nclusters <= n && p->est_total <= p->full_total, "%s: %d clusters, %g of %g",
            names[k], p->nclusters, p->est_total, p->full_total);
      CHECK(same_plan(p, q), "%s: not deterministic", names[k]);
      for (int i = 0; i < n; i++) CHECK(strcmp(p->node[i].key, "") != 0 && p->node[i].op.kind == ops[i].kind, "%s", names[k]);
      printf("%-20s %3d operators, %3d clusters, %4d similar pairs, %6.0f estimated trials (full %6.0f)\n", names[k], n,
             p->nclusters, p->pairs, p->est_total, p->full_total);
    }
    eto_sel_plan_free(p);
    eto_sel_plan_free(q);
    free(ops);
    eto_oplist_free(l);
    free(names[k]);
  }
}

int main(int argc, char **argv) {
  eto_target t;
  eto_target_cpu(2, &t);
  test_counts();
  test_similarity(&t);
  test_clusters(&t);
  test_cached(&t);
  if (argc > 1) test_examples(&t, argv[1]);
  else CHECK(0, "usage: test_sel_topk EXAMPLES_DIR");
  return check_result();
}
