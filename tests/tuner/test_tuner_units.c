/* Tuner helpers against hand-worked cases: the divisor-range rule (inside, extension, mirrored, nothing
 * inside), the block / thread / fetch ranges, global-memory lines of a block (cuda and cpu line sizes,
 * padding), TShape costs and fills, what each unroll step unrolls (checked against eto_lower on random
 * programs of every kind and sketch), the register estimate and default unroll, vector options, adapt, and
 * the estimator (deterministic for a seed, fast). The paper's Example 3 numbers are in test_tuner_paper.c. */
#include <time.h>

#include "lower.h"
#include "test_target.h"
#include "tuner_test_util.h"

static tun_ratio q(int64_t n, int64_t d) { return tun_ratio_make(n, d); }

static void expect_range(int64_t n, tun_ratio first, tun_ratio upper, const int64_t *want, int nwant,
                         const char *what) {
  int64_t got[TUN_MAX_RANGE];
  int k = tun_divisor_range(n, first, upper, got, TUN_MAX_RANGE);
  CHECK(lists_equal(got, k, want, nwant), "%s: got %s, want %s", what, list_str(got, k),
        list_str(want, nwant));
}

static void test_divisor_range(void) {
  int64_t d[64];
  CHECK(tun_divisors(100352, d, 64) == 36 && d[0] == 1 && d[35] == 100352,
        "100352 = 2^11 * 7^2 has 36 divisors");
  CHECK(tun_divisors(1, d, 64) == 1 && d[0] == 1, "divisors of 1");
  /* divisors of 12: 1 2 3 4 6 12 */
  expect_range(12, q(1, 1), q(5, 1), (int64_t[]){1, 2, 3, 4, 6}, 5, "6/5 <= 5/4: extend to 6");
  expect_range(12, q(1, 1), q(9, 2), (int64_t[]){1, 2, 3, 4}, 4, "6/4.5 > 4.5/4: no extension");
  expect_range(12, q(1, 1), q(4, 1), (int64_t[]){1, 2, 3, 4}, 4, "upper reached: no extension");
  expect_range(12, q(7, 1), q(10, 1), (int64_t[]){12}, 1, "nothing inside: nearest beyond upper");
  expect_range(12, q(13, 1), q(20, 1), NULL, 0, "nothing inside or beyond");
  expect_range(12, q(12, 1), q(5, 1), (int64_t[]){6, 12}, 2, "mirrored: 4/5 < 5/6, no extension");
  expect_range(12, q(12, 1), q(9, 2), (int64_t[]){4, 6, 12}, 3, "mirrored: 4/4.5 >= 4.5/6, extend to 4");
  expect_range(12, q(10, 1), q(7, 1), (int64_t[]){6}, 1, "mirrored, nothing inside: nearest below");
  expect_range(100352, q(112, 1), q(28, 1), (int64_t[]){28, 32, 49, 56, 64, 98, 112}, 7,
               "Example 3 block range");
  CHECK(tun_ratio_cmp(q(1, 3), q(2, 6)) == 0 && tun_ratio_cmp(q(1, 3), q(1, 2)) < 0, "ratio compare");
}

/* The paper's Example 3: α and β's compute descriptions and their pair (α reusing β). */
static void ex3_pair(eto_compute *a, eto_compute *b, tun_pair *pp) {
  eto_op beta = test_op(EX3_BETA), alpha = test_op(EX3_ALPHA);
  eto_op_compute(&alpha, a);
  eto_op_compute(&beta, b);
  tun_pair_init(a, b, pp);
}

static void test_block_range(void) {
  eto_compute a, b;
  tun_pair pp;
  ex3_pair(&a, &b, &pp);
  int64_t got[TUN_MAX_RANGE];
  int n = tun_block_range(&pp, 56, got, TUN_MAX_RANGE);
  CHECK(lists_equal(got, n, (int64_t[]){28, 32, 49, 56, 64, 98, 112}, 7), "Example 3: %s", list_str(got, n));
  /* the other direction (α = 512 channels reusing β = 256 with 56 blocks): the same bounds, swapped */
  tun_pair_init(&b, &a, &pp);
  n = tun_block_range(&pp, 56, got, TUN_MAX_RANGE);
  CHECK(lists_equal(got, n, (int64_t[]){28, 32, 49, 56, 64, 98, 112}, 7), "reversed pair: %s",
        list_str(got, n));
  /* equal reductions, α 4x larger output (56x56): [56, 224] plus one divisor beyond 224 (256 = 2^8) */
  eto_op big = test_op("conv2d n=1 c=512 h=56 w=56 k=128 r=1 s=1\n");
  eto_compute g;
  eto_op_compute(&big, &g);
  tun_pair_init(&g, &b, &pp);
  n = tun_block_range(&pp, 56, got, TUN_MAX_RANGE);
  CHECK(lists_equal(got, n, (int64_t[]){56, 64, 98, 112, 128, 196, 224, 256}, 8),
        "equal reductions, larger: %s", list_str(got, n));
  /* equal reductions, α 4x smaller output than β: [14, 56] plus one divisor below 14 (8) */
  tun_pair_init(&b, &g, &pp);
  n = tun_block_range(&pp, 56, got, TUN_MAX_RANGE);
  CHECK(lists_equal(got, n, (int64_t[]){8, 14, 16, 28, 32, 49, 56}, 7), "equal reductions, smaller: %s",
        list_str(got, n));
}

static void test_thread_and_fetch_range(void) {
  eto_target gpu, cpu;
  CHECK(eto_target_cuda("sm_70", NULL, 0, &gpu) == 0, "sm_70");
  test_target_cpu(2, &cpu);
  eto_compute a, b;
  tun_pair pp;
  ex3_pair(&a, &b, &pp);
  int64_t got[TUN_MAX_RANGE];
  /* T_β = 56·224; for B = 56 the block tile is 1792: threads per block in [112, 224] */
  int n = tun_thread_range(&pp, &gpu, 56 * 224, 56, 1792, got, TUN_MAX_RANGE);
  CHECK(lists_equal(got, n, (int64_t[]){112, 128, 224}, 3), "Example 3 T for B=56: %s", list_str(got, n));
  /* B = 28 (tile 3584): [224, 448]; B = 112 (tile 896): [56, 112] */
  n = tun_thread_range(&pp, &gpu, 56 * 224, 28, 3584, got, TUN_MAX_RANGE);
  CHECK(lists_equal(got, n, (int64_t[]){224, 256, 448}, 3), "B=28: %s", list_str(got, n));
  n = tun_thread_range(&pp, &gpu, 56 * 224, 112, 896, got, TUN_MAX_RANGE);
  CHECK(lists_equal(got, n, (int64_t[]){56, 64, 112}, 3), "B=112: %s", list_str(got, n));
  /* limits: a per-block range above 1024 is dropped on the gpu; below a warp too */
  n = tun_thread_range(&pp, &gpu, 56 * 2048, 56, 1792 * 4, got, TUN_MAX_RANGE);
  for (int i = 0; i < n; i++) CHECK(got[i] <= 1024, "thread count %lld above the limit", (long long)got[i]);
  n = tun_thread_range(&pp, &gpu, 56 * 8, 56, 1792, got, TUN_MAX_RANGE);
  CHECK(n == 0, "below a warp kept: %s", list_str(got, n));
  n = tun_thread_range(&pp, &cpu, 56 * 8, 56, 1792, got, TUN_MAX_RANGE);
  CHECK(lists_equal(got, n, (int64_t[]){4, 7, 8}, 3), "cpu has no warp minimum: %s", list_str(got, n));

  /* fetches: B=56, BShape [1,32,2,28], one fetch = 256·2·28 + 32·256 = 22528 elements; S_β = 11264, F_β = 4
   */
  int64_t bshape[ETO_MAX_LOOPS] = {1, 32, 2, 28}, rfull[ETO_MAX_LOOPS] = {256, 1, 1};
  int64_t one = tun_smem_per_fetch(&a, bshape, rfull);
  CHECK(one == 22528, "one-fetch smem %lld", (long long)one);
  CHECK(tun_default_fetch(256, 4, one, 11264) == 2, "default fetch %lld (LShape [2,1,1])",
        (long long)tun_default_fetch(256, 4, one, 11264));
  n = tun_fetch_range(&pp, 256, one, 56, 56 * 11264, got, TUN_MAX_RANGE);
  CHECK(lists_equal(got, n, (int64_t[]){2, 4}, 2), "M range fetches: %s", list_str(got, n));
  /* larger shared memory per fetch than β's: the default rounds toward more fetches (max of [F_β, F*]) */
  CHECK(tun_default_fetch(256, 4, 3 * 11264 * 4, 11264) == 16, "F*=12: range {4,8,16}, max 16");
  CHECK(tun_default_fetch(256, 4, 11264 * 5, 11264) == 4, "F*=5: {4} (8/5 > 5/4), max 4");
  n = tun_fetch_range_estimate(&pp, 256, 4, got, TUN_MAX_RANGE);
  CHECK(lists_equal(got, n, (int64_t[]){2, 4}, 2), "estimator fetches: %s", list_str(got, n));
  CHECK(tun_load_loop(&a) == 0, "conv2d loads along rc");
  eto_op dw = test_op("depthwise_conv2d n=1 c=8 h=12 w=12 r=3 s=3\n"),
         cap = test_op("capsule_conv2d n=1 h=6 w=6 c=4 k=4 r=3 s=3 capsule=2\n");
  eto_compute cd, cc;
  eto_op_compute(&dw, &cd);
  eto_op_compute(&cap, &cc);
  CHECK(tun_load_loop(&cd) == 0, "depthwise: the first reduction loop");
  CHECK(tun_load_loop(&cc) == 3, "capsule: rc is the fourth reduction loop");
}

static void test_lines(void) {
  eto_target gpu, cpu;
  eto_target_cuda("sm_70", NULL, 0, &gpu);
  test_target_cpu(2, &cpu);
  /* matmul [1,4,16]·[8]: A rows of 8 floats, 4 rows contiguous (128 B); B 8 rows of 16 floats (512 B) */
  eto_op mm = test_op("matmul m=4 n=16 k=8\n");
  eto_compute c;
  eto_op_compute(&mm, &c);
  int64_t tile[ETO_MAX_LOOPS] = {1, 4, 16};
  CHECK(tun_block_lines(&c, 64, tile) == 2 + 8, "cpu lines %lld", (long long)tun_block_lines(&c, 64, tile));
  CHECK(tun_block_lines(&c, 32, tile) == 4 + 16, "cuda lines %lld", (long long)tun_block_lines(&c, 32, tile));
  /* a 2x8 corner of A (rows of 8 floats start 32 B apart) and of B: 2 rows and 8 rows of 8 floats */
  int64_t corner[ETO_MAX_LOOPS] = {1, 2, 8};
  CHECK(tun_block_lines(&c, 32, corner) == 2 + 8, "corner lines %lld",
        (long long)tun_block_lines(&c, 32, corner));
  /* padding loads nothing: 4x4 input, 3x3 kernel, pad 1: 16 + 9 floats -> 2 + 2 lines of 32 B */
  eto_op pad = test_op("conv2d n=1 c=1 h=4 w=4 k=1 r=3 s=3 pad=1\n");
  eto_op_compute(&pad, &c);
  int64_t full[ETO_MAX_LOOPS] = {1, 1, 4, 4};
  CHECK(tun_block_lines(&c, 32, full) == 4, "padded lines %lld", (long long)tun_block_lines(&c, 32, full));
  int64_t corner1[ETO_MAX_LOOPS] = {1, 1, 1, 1}; /* output (0,0) reads input elements 0, 1, 4, 5: one line */
  CHECK(tun_block_lines(&c, 32, corner1) == 1 + 2, "corner of padded %lld",
        (long long)tun_block_lines(&c, 32, corner1));

  /* best BShape: lexicographically smallest among equal costs; a block count that does not divide fails */
  eto_op_compute(&mm, &c);
  int64_t bs[ETO_MAX_LOOPS], lines = 0;
  CHECK(tun_best_bshape(&c, &gpu, 4, bs, &lines) == 0, "bshape");
  CHECK(tun_block_lines(&c, 32, bs) == lines, "reported cost");
  int64_t other[ETO_MAX_LOOPS] = {1, 1, 4};
  for (int64_t m = 1; m <= 4; m *= 2) { /* brute force over the tiles of 16 elements */
    other[1] = m;
    other[2] = 16 / m;
    if (other[2] > 16) continue;
    CHECK(tun_block_lines(&c, 32, other) >= lines, "tile [1,%lld,%lld] beats the chosen one", (long long)m,
          (long long)other[2]);
  }
  CHECK(tun_best_bshape(&c, &gpu, 3, bs, NULL) != 0, "3 does not divide 64");
}

static void test_tshape_cpu(void) {
  eto_target cpu;
  test_target_cpu(2, &cpu);
  int lanes = cpu.warp_size;
  /* matmul block 8 x (4·lanes), 1 thread: a wide tile along N wins over a tall one */
  char line[128];
  snprintf(line, sizeof line, "matmul m=8 n=%d k=16\n", 4 * lanes);
  eto_op mm = test_op(line);
  eto_compute c;
  eto_op_compute(&mm, &c);
  int64_t bshape[ETO_MAX_LOOPS] = {1, 8, 4 * lanes}, rfetch[ETO_MAX_LOOPS] = {16};
  tun_tshape ts;
  CHECK(tun_best_tshape(&c, &cpu, bshape, 2, rfetch, &ts) == 0, "a split exists");
  CHECK(ts.it[2] % lanes == 0, "per-thread width %lld not a multiple of %d lanes", (long long)ts.it[2],
        lanes);
  tun_tshape narrow = {.th = {1, 1, 2}, .vt = {1, 1, 1}}, wide = {.th = {1, 2, 1}, .vt = {1, 1, 1}};
  tun_tshape_cost(&c, &cpu, bshape, rfetch, &narrow);
  tun_tshape_cost(&c, &cpu, bshape, rfetch, &wide);
  /* narrow: 8 x 2L: 8·2 FMAs + 8 A + 2 B = 26 per 16L outputs; wide: 4 x 4L: 16 + 4 + 4 = 24 per 16L */
  CHECK(narrow.cost_num == 26 && narrow.cost_den == 16 * lanes, "narrow cost %lld/%lld",
        (long long)narrow.cost_num, (long long)narrow.cost_den);
  CHECK(wide.cost_num == 24 && wide.cost_den == 16 * lanes, "wide cost %lld/%lld", (long long)wide.cost_num,
        (long long)wide.cost_den);
  /* the cpu fill keeps the last axis whole in S4 (the vector loop), other axes in S3 */
  int64_t fetch[ETO_MAX_LOOPS] = {1};
  eto_program p;
  tun_fill_program(&c, &cpu, bshape, &wide, fetch, &p);
  CHECK(p.stile[2][4] == 4 * lanes || (4 * lanes > 64 && p.stile[2][4] % lanes == 0), "S4 of N = %lld",
        (long long)p.stile[2][4]);
  CHECK(p.stile[1][3] == 4 && p.stile[1][4] == 1, "M in S3");
  CHECK(p.rtile[0][0] == 1 && p.rtile[0][1] == 8 && p.rtile[0][2] == 2, "k: R2 = smallest prime factor");
  CHECK(eto_sched_validate(&c, &cpu, &p, NULL, 0) == 0, "filled program valid");
}

/* Collects, from a lowered kernel, the unroll mask the lowering applied (see tun_unroll_mask). */
static void lowered_mask(const eto_kernel *k, const eto_stmt *s, eto_sketch_kind sk, unsigned *mask) {
  if (!s) return;
  if (s->kind == ETO_S_SEQ) {
    for (int i = 0; i < s->n; i++) lowered_mask(k, s->items[i], sk, mask);
    return;
  }
  if (s->kind == ETO_S_IF) {
    lowered_mask(k, s->body, sk, mask);
    return;
  }
  if (s->kind != ETO_S_FOR) return;
  const char *name = k->var_name[s->var];
  int j = -1;
  if (s->loop == ETO_LOOP_UNROLL) {
    if (sk == ETO_SKETCH_MULTI_LEVEL && strncmp(name, "r2_", 3) == 0) *mask |= 1u;
    if (sk == ETO_SKETCH_MULTI_LEVEL && strncmp(name, "r1_", 3) == 0) *mask |= 2u;
    if (sk == ETO_SKETCH_CROSS_THREAD && sscanf(name, "r1_%d", &j) == 1) *mask |= 1u << j;
    if (sk == ETO_SKETCH_TWO_LEVEL && name[0] == 'r' && sscanf(name + 1, "%d", &j) == 1 && !strchr(name, '_'))
      *mask |= 1u << j;
  }
  lowered_mask(k, s->body, sk, mask);
}

static void test_unroll_against_lowering(void) {
  static const char *const lines[] = {
      "matmul m=64 n=48 k=32\n",
      "conv2d n=1 c=16 h=14 w=14 k=32 r=3 s=3 pad=1\n",
      "capsule_conv2d n=1 h=6 w=6 c=4 k=4 r=3 s=3 capsule=2\n",
      "norm b=4 m=16 n=32\n",
      "norm b=512 m=4 n=4\n",
      "depthwise_conv2d n=1 c=8 h=12 w=12 r=3 s=3 multiplier=2 pad=1\n",
  };
  eto_target cpu;
  test_target_cpu(2, &cpu);
  eto_rng rng;
  eto_rng_seed(&rng, 11);
  int checked = 0;
  for (size_t l = 0; l < sizeof lines / sizeof lines[0]; l++) {
    eto_op op = test_op(lines[l]);
    eto_compute c;
    eto_op_compute(&op, &c);
    eto_sketch_set set;
    eto_sched_sketches(&c, &cpu, &set);
    for (int s = 0; s < set.count; s++) {
      for (int n = 0; n < 12; n++) {
        eto_program p;
        eto_sched_sample(&c, &cpu, set.kind[s], NULL, &rng, &p);
        for (int u = 0; u < ETO_NUM_UNROLL; u++) {
          p.unroll = eto_unroll_options[u];
          eto_kernel *k = NULL;
          eto_lower_opts lo = {.lanes = cpu.warp_size};
          if (eto_lower(&c, &p, &lo, &k, NULL, 0) != ETO_OK) continue;
          unsigned got = 0;
          lowered_mask(k, k->body, p.sketch, &got);
          unsigned want = tun_unroll_mask(&p, p.unroll);
          char recipe[ETO_RECIPE_MAX];
          eto_program_format(&p, recipe, sizeof recipe);
          CHECK(got == want, "%s %s: lowering unrolls %#x, tun_unroll_mask says %#x", lines[l], recipe, got,
                want);
          checked++;
          eto_kernel_free(k);
        }
      }
    }
  }
  CHECK(checked > 300, "only %d programs lowered", checked);
}

static void test_registers_and_unroll(void) {
  eto_op mm = test_op("matmul m=64 n=64 k=16\n");
  eto_compute c;
  eto_op_compute(&mm, &c);
  /* S3·S4 = [1,2,4] (S3 [1,1,2], S4 [1,2,2]); k = 2 fetches x R1 4 x R2 2 */
  eto_program p = test_recipe("v1 mlt s=1.1.1.1.1/32.1.1.1.2/16.1.1.2.2 r=2.4.2 u=16 v=1.1");
  CHECK(tun_unroll_mask(&p, 0) == 0 && tun_unroll_mask(&p, 16) == 1 && tun_unroll_mask(&p, 64) == 3, "masks");
  /* step 16: R2 unrolled: region [1,2,4] x k 2: A 2·2 + B 2·4 + 8 accumulators */
  CHECK(tun_reg_estimate(&c, &p, 16) == 20, "regs(16) = %lld", (long long)tun_reg_estimate(&c, &p, 16));
  /* step 64: R1 too: k 8: A 16 + B 32 + 8 */
  CHECK(tun_reg_estimate(&c, &p, 64) == 56, "regs(64) = %lld", (long long)tun_reg_estimate(&c, &p, 64));
  /* step 0: S4 alone [1,2,2], one k: A 2 + B 2 + 8 */
  CHECK(tun_reg_estimate(&c, &p, 0) == 12, "regs(0) = %lld", (long long)tun_reg_estimate(&c, &p, 0));
  CHECK(tun_default_unroll(&c, &p, 20) == 16, "target 20: 16 (56 is farther than 20)");
  CHECK(tun_default_unroll(&c, &p, 40) == 64, "target 40: 64 (closer than 16)");
  CHECK(tun_default_unroll(&c, &p, 10) == 16, "target below every estimate: the first step that unrolls");
  CHECK(tun_default_unroll(&c, &p, 100) == 1024, "target above every estimate: the largest step");
  int steps[ETO_NUM_UNROLL];
  int n = tun_unroll_options(&p, steps); /* from 16 (mask 1): 0 (mask 0), 64 (mask 3); 512, 1024 repeat 64 */
  CHECK(n == 2 && steps[0] == 0 && steps[1] == 64, "options from 16: %d", n);
  p.unroll = 1024;
  n = tun_unroll_options(&p, steps);
  CHECK(n == 2 && steps[0] == 0 && steps[1] == 16, "options from 1024: %d", n);
}

static void test_vectors(void) {
  eto_target cpu;
  test_target_cpu(2, &cpu);
  int lanes = cpu.warp_size;
  char line[128], recipe[256];
  snprintf(line, sizeof line, "matmul m=16 n=%d k=%d\n", 8 * lanes, 4 * lanes);
  eto_op mm = test_op(line);
  eto_compute c;
  eto_op_compute(&mm, &c);
  /* A tile 16 x 4L per fetch (rows of 4 vectors: 2 and 4 divide), B tile 4L x 2L (rows of 2: only 2) */
  snprintf(recipe, sizeof recipe, "v1 mlt s=1.1.1.1.1/1.1.4.4.1/4.1.1.1.%d r=1.%d.4 u=0 v=1.1", 2 * lanes,
           lanes);
  eto_program p = test_recipe(recipe);
  int v[2];
  int n = tun_vec_options(&c, &cpu, &p, 0, v);
  CHECK(n == 2 && v[0] == 2 && v[1] == 4, "A: %d options", n);
  n = tun_vec_options(&c, &cpu, &p, 1, v);
  CHECK(n == 1 && v[0] == 2, "B: %d options", n);
}

static void test_adapt(void) {
  eto_op a = test_op("matmul m=64 n=128 k=64\n"), b = test_op("matmul m=64 n=96 k=64\n");
  eto_compute ca, cb;
  eto_op_compute(&a, &ca);
  eto_op_compute(&b, &cb);
  eto_program p = test_recipe("v1 mlt s=1.1.1.1.1/4.1.4.2.2/4.2.2.1.4 r=8.2.4 u=64 v=2.1"), out;
  CHECK(eto_tuner_adapt(&ca, &p, &out) == 0, "16 divides 128");
  CHECK(out.stile[2][0] == 8 && out.stile[1][0] == 4 && out.rtile[0][0] == 8 && out.unroll == 64 &&
            out.vec[0] == 2,
        "S0 recomputed, the rest kept");
  eto_program s = test_recipe("v1 mlt s=1.1.1.1.1/4.1.4.2.2/2.3.2.2.4 r=8.2.4 u=64 v=1.1");
  CHECK(eto_tuner_adapt(&ca, &s, &out) != 0, "inner 48 does not divide 128");
  CHECK(eto_tuner_adapt(&cb, &s, &out) == 0 && out.stile[2][0] == 2, "inner 48 divides 96");
}

static void test_estimate(void) {
  eto_target gpu, cpu;
  eto_target_cuda("sm_70", NULL, 0, &gpu);
  test_target_cpu(2, &cpu);
  eto_op beta = test_op(EX3_BETA), alpha = test_op(EX3_ALPHA);
  double e1 = -1, e2 = -1, e3 = -1;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  CHECK(eto_tuner_estimate(&alpha, &beta, &gpu, 1, &e1) == ETO_OK, "estimate");
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) * 1e-6;
  CHECK(eto_tuner_estimate(&alpha, &beta, &gpu, 1, &e2) == ETO_OK && e1 == e2, "deterministic: %g vs %g", e1,
        e2);
  int differs = 0;
  for (uint64_t s = 2; s < 12; s++) {
    CHECK(eto_tuner_estimate(&alpha, &beta, &gpu, s, &e3) == ETO_OK, "seed %llu", (unsigned long long)s);
    differs |= e3 != e1;
    CHECK(e3 > 0 && e3 < 1000, "seed %llu: %g trials", (unsigned long long)s, e3);
  }
  CHECK(differs, "the seed changes the samples");
  printf("Example 3 estimate (seed 1): %.1f trials, %.2f ms\n", e1, ms);
  CHECK(ms < 50, "estimate took %.2f ms", ms);
  eto_op norm = test_op("norm b=4 m=16 n=32\n"), norm2 = test_op("norm b=4 m=32 n=32\n");
  CHECK(eto_tuner_estimate(&norm2, &norm, &cpu, 1, &e3) == ETO_OK && e3 > 0, "norm pair %g", e3);
  eto_op mm = test_op("matmul m=64 n=64 k=64\n");
  CHECK(eto_tuner_estimate(&mm, &norm, &cpu, 1, &e3) == ETO_ERR_INVALID, "different kinds rejected");

  /* the enumeration estimate: with the paper's S*β on sm_70, the 7 block counts of α's range each measure at
   * least their round 1 and at most 3 thread counts + 2 fetch counts + 2 unroll steps + 2 x 2 vector lengths
   */
  eto_program sb = test_recipe(EX3_SBETA);
  double n1 = -1, n2 = -1;
  CHECK(eto_tuner_estimate_enum(&alpha, &beta, &gpu, &sb, 1, 0, &n1) == ETO_OK, "enumeration with S*β");
  CHECK(n1 >= 7 && n1 <= 7 * (3 + 2 + 2 + 4), "enumeration with S*β: %g trials", n1);
  CHECK(eto_tuner_estimate_enum(&alpha, &beta, &gpu, &sb, 1, 0, &n2) == ETO_OK && n1 == n2,
        "repeatable: %g vs %g", n1, n2);
  CHECK(eto_tuner_estimate_enum(&alpha, &beta, &cpu, NULL, 3, 4, &n1) == ETO_OK && n1 > 0,
        "sampled β programs");
  CHECK(eto_tuner_estimate_enum(&alpha, &beta, &cpu, NULL, 3, 4, &n2) == ETO_OK && n1 == n2,
        "deterministic: %g vs %g", n1, n2);
  CHECK(eto_tuner_estimate_enum(&mm, &norm, &cpu, NULL, 1, 2, &n1) == ETO_ERR_INVALID,
        "different kinds rejected");
}

/* A synthetic measurement for dry runs: the estimate's stand-in, logging sketches and validity. */
typedef struct {
  const eto_compute *c;
  const eto_target *t;
  eto_sketch_kind sketch;
  int wrong_sketch, invalid, calls;
} dry_ctx;

static void dry_measure(void *user, const eto_program *p, eto_measure_result *out) {
  dry_ctx *d = user;
  tun_stand_in(NULL, p, out);
  d->calls++;
  d->wrong_sketch += p->sketch != d->sketch;
  d->invalid += eto_sched_validate(d->c, d->t, p, NULL, 0) != 0;
}

/* Every kind and every sketch of β, on both targets, without measuring: the tuner keeps S*β's sketch, only
 * ever measures valid programs, uses rounds 1 and 3 alone for the simplified variants, and the round-1
 * count of those equals the thread ranges of the block counts. */
static void test_dry_runs(void) {
  static const char *const pairs[][2] = {
      {"matmul m=64 n=96 k=32\n", "matmul m=64 n=48 k=32\n"},
      {"batch_matmul b=4 m=16 n=32 k=16\n", "batch_matmul b=4 m=16 n=32 k=8\n"},
      {"conv1d n=2 c=8 l=30 k=16 r=3 stride=2 pad=1\n", "conv1d n=2 c=8 l=30 k=8 r=3 stride=2 pad=1\n"},
      {"conv2d n=1 c=32 h=14 w=14 k=32 r=3 s=3 pad=1\n", "conv2d n=1 c=16 h=14 w=14 k=32 r=3 s=3 pad=1\n"},
      {"conv3d n=1 c=4 d=6 h=6 w=6 k=8 t=3 r=3 s=3\n", "conv3d n=1 c=4 d=6 h=6 w=6 k=4 t=3 r=3 s=3\n"},
      {"group_conv2d n=1 c=16 h=8 w=8 k=16 r=3 s=3 groups=4 pad=1\n",
       "group_conv2d n=1 c=16 h=8 w=8 k=32 r=3 s=3 groups=4 pad=1\n"},
      {"depthwise_conv2d n=1 c=16 h=12 w=12 r=3 s=3 pad=1\n",
       "depthwise_conv2d n=1 c=8 h=12 w=12 r=3 s=3 pad=1\n"},
      {"conv2d_transpose n=1 c=8 h=7 w=7 k=8 r=3 s=3 stride=2 pad=1 output_padding=1\n",
       "conv2d_transpose n=1 c=8 h=7 w=7 k=4 r=3 s=3 stride=2 pad=1 output_padding=1\n"},
      {"capsule_conv2d n=1 h=6 w=6 c=8 k=4 r=3 s=3 capsule=2\n",
       "capsule_conv2d n=1 h=6 w=6 c=4 k=4 r=3 s=3 capsule=2\n"},
      {"norm b=4 m=32 n=32\n", "norm b=4 m=16 n=32\n"},
      {"norm b=512 m=8 n=4\n", "norm b=512 m=4 n=4\n"},
  };
  eto_target targets[2];
  test_target_cpu(2, &targets[0]);
  eto_target_cuda("sm_80", NULL, 0, &targets[1]);
  eto_rng rng;
  eto_rng_seed(&rng, 21);
  int runs = 0, simple = 0;
  for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
    eto_op alpha = test_op(pairs[i][0]), beta = test_op(pairs[i][1]);
    eto_compute ca, cb;
    eto_op_compute(&alpha, &ca);
    eto_op_compute(&beta, &cb);
    for (int ti = 0; ti < 2; ti++) {
      const eto_target *t = &targets[ti];
      eto_sketch_set set;
      eto_sched_sketches(&cb, t, &set);
      for (int s = 0; s < set.count; s++) {
        eto_program sb;
        int found = 0;
        for (int k = 0; k < 2000 && !found; k++) {
          eto_sched_sample(&cb, t, set.kind[s], NULL, &rng, &sb);
          found = eto_sched_validate(&cb, t, &sb, NULL, 0) == 0;
        }
        if (!found) continue;
        dry_ctx d = {.c = &ca, .t = t, .sketch = set.kind[s]};
        eto_tuner_opts o = {.measure = dry_measure, .measure_user = &d};
        eto_tuner_result res;
        CHECK(eto_tuner_run(&alpha, &beta, &sb, t, NULL, NULL, &o, NULL, NULL, &res) == ETO_OK, "%s: %s",
              pairs[i][0], res.message);
        runs++;
        CHECK(d.calls == res.trials && d.wrong_sketch == 0 && d.invalid == 0,
              "%s %s %s: %d calls, %d other sketch, %d invalid", pairs[i][0], t->name,
              eto_sketch_name(set.kind[s]), d.calls, d.wrong_sketch, d.invalid);
        CHECK(res.trials <= 2000, "%s: %d trials", pairs[i][0], res.trials);
        if (set.kind[s] == ETO_SKETCH_MULTI_LEVEL) continue;
        simple++;
        CHECK(res.round_trials[2] == 0 && res.round_trials[4] == 0,
              "%s %s: rounds 2/4 in the simplified variant", pairs[i][0], eto_sketch_name(set.kind[s]));
        eto_features fb;
        eto_sched_features(&cb, &sb, &fb);
        tun_pair pp;
        tun_pair_init(&ca, &cb, &pp);
        int expect = 0;
        for (int b = 0; b < res.nblocks; b++) {
          int64_t bs[ETO_MAX_LOOPS], th[TUN_MAX_RANGE], tile = 1;
          if (tun_best_bshape(&ca, t, res.blocks[b], bs, NULL) != 0) continue;
          for (int k = 0; k < ca.nest.nspace; k++) tile *= bs[k];
          expect += tun_thread_range(&pp, t, fb.total_threads, res.blocks[b],
                                     set.kind[s] == ETO_SKETCH_CROSS_THREAD ? pp.reduce_a : tile, th,
                                     TUN_MAX_RANGE);
        }
        CHECK(res.round_candidates[1] == expect, "%s %s: round 1 enumerated %d, thread ranges hold %d",
              pairs[i][0], eto_sketch_name(set.kind[s]), res.round_candidates[1], expect);
      }
    }
  }
  printf("dry runs: %d (%d of the simplified variant)\n", runs, simple);
  CHECK(runs >= 20 && simple >= 4, "%d dry runs, %d simplified", runs, simple);
}

/* ResNet-50's bridge conv 1024x512 at 7x7 reused from the 28x28 stride-2 list operator (bench_reproduce at
 * 1000 trials, 2026-11-23): the default fetch count of every block count put a block's shared memory just
 * over the CPU limit (512 KiB), so round 1 had no valid candidate and the plan fell back to a 1000-trial full
 * search. The fetch count is now raised until it fits: the tuner measures, and only valid programs. */
static void test_fetch_fits_limit(void) {
  eto_op alpha = test_op("conv2d n=1 c=512 h=7 w=7 k=1024 r=1 s=1\n");
  eto_op beta = test_op("conv2d n=1 c=512 h=28 w=28 k=1024 r=1 s=1 stride=2\n");
  eto_compute ca, cb;
  eto_op_compute(&alpha, &ca);
  eto_op_compute(&beta, &cb);
  eto_target t;
  test_target_cpu(2, &t);
  eto_program sb;
  char why[256];
  CHECK(eto_program_parse("v1 mlt s=1.1.1.1.1/4.2.32.4.1/1.1.1.7.2/1.1.7.1.2 r=4.4.32/1.1.1/1.1.1 u=16 v=4.4",
                          &sb, why, sizeof why) == 0 &&
            eto_sched_validate(&cb, &t, &sb, why, sizeof why) == 0,
        "S*beta: %s", why);
  dry_ctx d = {.c = &ca, .t = &t, .sketch = ETO_SKETCH_MULTI_LEVEL};
  eto_tuner_opts o = {.measure = dry_measure, .measure_user = &d};
  eto_tuner_result res;
  CHECK(eto_tuner_run(&alpha, &beta, &sb, &t, NULL, NULL, &o, NULL, NULL, &res) == ETO_OK, "%s", res.message);
  CHECK(res.trials > 0 && d.calls == res.trials && d.invalid == 0, "%d trials, %d calls, %d invalid: %s",
        res.trials, d.calls, d.invalid, res.message);
  /* the fit itself: k-tile 1024 x 128 channels per fetch is 3 KiB over the limit, 64 channels fit */
  int64_t bshape[4] = {1, 1024, 1, 7};
  int la = tun_load_loop(&ca);
  CHECK(tun_fit_fetch(&ca, &t, bshape, la, 4) == 8 && tun_fit_fetch(&ca, &t, bshape, la, 16) == 16,
        "fit 4 -> %lld, 16 -> %lld", (long long)tun_fit_fetch(&ca, &t, bshape, la, 4),
        (long long)tun_fit_fetch(&ca, &t, bshape, la, 16));
}

/* β reads every input directly (the CPU's d=1.1: no tile staged, so no shared memory): ETO's default fetch count
 * matches β's shared memory per fetch, which is 0, so every block count was skipped and the edge fell back to a
 * full search (CI, 2026-11-28: selector.eto_run's source found such a program; 1% of random programs of this
 * pair). The default is now the divisor nearest β's fetch count, and round 2 (the M range) is skipped. */
static void test_direct_beta(void) {
  CHECK(tun_default_fetch(32, 16, 2048, 0) == 16 && tun_default_fetch(32, 6, 2048, 0) == 8 &&
            tun_default_fetch(32, 7, 2048, 0) == 8 && tun_default_fetch(32, 64, 2048, 0) == 32 &&
            tun_default_fetch(24, 5, 100, 0) == 6 && tun_default_fetch(24, 9, 100, 0) == 8,
        "no smem: nearest divisor by ratio 16->%lld 6->%lld 7->%lld 64->%lld, of 24: 5->%lld 9->%lld",
        (long long)tun_default_fetch(32, 16, 2048, 0), (long long)tun_default_fetch(32, 6, 2048, 0),
        (long long)tun_default_fetch(32, 7, 2048, 0), (long long)tun_default_fetch(32, 64, 2048, 0),
        (long long)tun_default_fetch(24, 5, 100, 0), (long long)tun_default_fetch(24, 9, 100, 0));
  eto_op alpha = test_op("matmul m=32 n=32 k=32\n"), beta = test_op("matmul m=32 n=64 k=32\n");
  eto_compute ca, cb;
  eto_op_compute(&alpha, &ca);
  eto_op_compute(&beta, &cb);
  eto_target t;
  test_target_cpu(1, &t);
  eto_program sb = test_recipe("v1 mlt s=1.1.1.1.1/1.4.1.8.1/1.1.8.2.4 r=16.1.2 u=16 v=1.1 d=1.1");
  char why[256];
  CHECK(eto_sched_validate(&cb, &t, &sb, why, sizeof why) == 0, "S*beta: %s", why);
  eto_features fb;
  eto_sched_features(&cb, &sb, &fb);
  CHECK(fb.total_smem == 0, "S*beta stages %lld elements", (long long)fb.total_smem);
  dry_ctx d = {.c = &ca, .t = &t, .sketch = ETO_SKETCH_MULTI_LEVEL};
  eto_tuner_opts o = {.measure = dry_measure, .measure_user = &d};
  eto_tuner_result res;
  CHECK(eto_tuner_run(&alpha, &beta, &sb, &t, NULL, NULL, &o, NULL, NULL, &res) == ETO_OK, "%s", res.message);
  CHECK(res.found && res.trials > 0 && d.invalid == 0 && res.round_candidates[2] == 0,
        "found %d, %d trials, %d invalid, %d round-2 candidates: %s", res.found, res.trials, d.invalid,
        res.round_candidates[2], res.message);
}

/* Every candidate fails: ETO's rounds find nothing, and eto_tuner_run says so (found = 0) after its own rounds. It
 * used to fall back to a full search there, which met the engine without a cost model (this policy wants none)
 * and crashed bench_pairs on a capsule pair (2026-11-26). */
static void failing_measure(void *user, const eto_program *p, eto_measure_result *out) {
  (void)p;
  (*(int *)user)++;
  out->error = ETO_MEASURE_RUNTIME;
  snprintf(out->message, sizeof out->message, "test: every run fails");
}

static void test_finds_nothing(void) {
  eto_op alpha = test_op("matmul m=64 n=96 k=32\n"), beta = test_op("matmul m=64 n=48 k=32\n");
  eto_compute cb;
  eto_op_compute(&beta, &cb);
  eto_target t;
  test_target_cpu(2, &t);
  eto_rng rng;
  eto_rng_seed(&rng, 3);
  eto_program sb;
  CHECK(eto_sched_sample_valid(&cb, &t, NULL, &rng, 0, &sb) == 0, "no program of beta");
  int calls = 0;
  eto_tuner_opts o = {.measure = failing_measure, .measure_user = &calls};
  eto_tuner_result res;
  CHECK(eto_tuner_run(&alpha, &beta, &sb, &t, NULL, NULL, &o, NULL, NULL, &res) == ETO_OK, "%s", res.message);
  CHECK(!res.found && res.trials == calls && calls > 0 && calls < 1000,
        "found %d after %d trials (%d calls): %s", res.found, res.trials, calls, res.message);
}

int main(void) {
  test_finds_nothing();
  test_divisor_range();
  test_block_range();
  test_thread_and_fetch_range();
  test_lines();
  test_tshape_cpu();
  test_unroll_against_lowering();
  test_registers_and_unroll();
  test_vectors();
  test_adapt();
  test_estimate();
  test_dry_runs();
  test_fetch_fits_limit();
  test_direct_beta();
  return check_result();
}
