/* The schedule space: recipes round-trip exactly; validation rejects every limit violation with a reason
 * that names it; sampling is seeded and uniform enough to reach every sketch; features match a hand-worked
 * program (the ETO paper's S*β, docs/architecture.md §7). */
#include <string.h>

#include "check.h"
#include "test_op.h"
#include "test_target.h"
#include "schedule.h"

static void expect_invalid(const eto_compute *c, const eto_target *t, const char *recipe, const char *reason) {
  eto_program p;
  char why[256];
  CHECK(eto_program_parse(recipe, &p, why, sizeof why) == 0, "%s: %s", recipe, why);
  why[0] = 0;
  CHECK(eto_sched_validate(c, t, &p, why, sizeof why) != 0, "%s accepted", recipe);
  CHECK(strstr(why, reason) != NULL, "%s: reason '%s' does not mention '%s'", recipe, why, reason);
}

int main(void) {
  eto_target cpu, gpu;
  test_target_cpu(2, &cpu);
  CHECK(eto_target_cuda("sm_80", NULL, 0, &gpu) == 0, "sm_80 unknown");

  /* the paper's β: conv2d 1x512x28x28, 128 filters 1x1, and its best program S*β */
  eto_op beta = test_op("conv2d n=1 c=512 h=28 w=28 k=128 r=1 s=1\n");
  eto_compute cb;
  eto_op_compute(&beta, &cb);
  const char *sbeta = "v1 mlt s=1.1.1.1.1/4.1.8.2.2/14.1.1.1.2/1.1.28.1.1 r=4.64.2/1.1.1/1.1.1 u=1024 v=1.1";
  eto_program p;
  char why[256], back[ETO_RECIPE_MAX];
  CHECK(eto_program_parse(sbeta, &p, why, sizeof why) == 0, "%s", why);
  eto_program_format(&p, back, sizeof back);
  CHECK(strcmp(back, sbeta) == 0, "round trip: %s", back);
  CHECK(eto_sched_validate(&cb, &gpu, &p, why, sizeof why) == 0, "S*beta invalid on sm_80: %s", why);
  eto_features f;
  eto_sched_features(&cb, &p, &f);
  CHECK(f.blocks == 56, "B = %lld", (long long)f.blocks);
  CHECK(f.threads_per_block == 224 && f.total_threads == 56 * 224, "T = %lld", (long long)f.total_threads);
  CHECK(f.smem_per_block == 11264 && f.total_smem == 56 * 11264, "M per block = %lld", (long long)f.smem_per_block);
  CHECK(f.smem_in[0] == 7168 && f.smem_in[1] == 4096, "smem data %lld kernel %lld", (long long)f.smem_in[0],
        (long long)f.smem_in[1]);
  CHECK(f.bshape[0] == 1 && f.bshape[1] == 32 && f.bshape[2] == 2 && f.bshape[3] == 28, "BShape");
  CHECK(f.tshape_t[1] == 4 && f.tshape_t[2] == 2 && f.tshape_t[3] == 1, "per-thread tile");
  CHECK(f.lshape[0] == 4 && f.lshape[1] == 1 && f.lshape[2] == 1, "LShape");

  /* every limit violation is rejected with its reason */
  expect_invalid(&cb, &gpu, "v1 mlt s=1.1.1.1.1/1.1.128.1.1/14.1.1.1.2/1.1.28.1.1 r=4.64.2/1.1.1/1.1.1 u=0 v=1.1",
                 "threads per block");
  expect_invalid(&cb, &gpu, "v1 mlt s=1.1.1.1.1/1.4.8.2.2/14.1.1.1.2/1.4.7.1.1 r=4.64.2/1.1.1/1.1.1 u=0 v=1.1",
                 "virtual threads");
  expect_invalid(&cb, &cpu, "v1 mlt s=1.1.1.1.1/1.1.1.2.64/14.1.1.1.2/1.1.7.4.1 r=4.64.2/1.1.1/1.1.1 u=0 v=1.1",
                 "accumulators per thread");
  expect_invalid(&cb, &gpu, "v1 mlt s=1.1.1.1.1/1.1.32.2.2/1.1.1.1.28/1.1.28.1.1 r=1.512.1/1.1.1/1.1.1 u=0 v=1.1",
                 "shared memory");
  expect_invalid(&cb, &gpu, "v1 mlt s=1.1.1.1.1/4.1.8.2.2/14.1.1.1.2/1.1.28.1.1 r=4.64.2/1.1.1/1.1.1 u=7 v=1.1",
                 "unroll");
  expect_invalid(&cb, &gpu, "v1 mlt s=1.1.1.1.1/4.1.8.2.2/14.1.1.1.2/1.1.28.1.1 r=4.64.2/1.1.1/1.1.1 u=0 v=3.1",
                 "vector length");
  expect_invalid(&cb, &gpu, "v1 mlt s=1.1.1.1.1/4.1.8.2.2/7.1.1.1.2/1.1.28.1.1 r=4.64.2/1.1.1/1.1.1 u=0 v=1.1",
                 "do not cover");
  expect_invalid(&cb, &gpu, "v1 mlt s=1.1.1.1.1/4.1.8.2.2/14.1.1.1.2 r=4.64.2/1.1.1/1.1.1 u=0 v=1.1", "loops");
  expect_invalid(&cb, &gpu, "v1 mlt s=1.1.1.1.1/4.1.8.2.2/14.1.1.1.2/1.1.28.1.1 r=1.4.128/1.1.1/1.1.1 u=0 v=1.1",
                 "innermost");
  expect_invalid(&cb, &gpu, "v1 mlt s=1.1.1.1.1/2.1.1.2.32/14.1.1.1.2/28.1.1.1.1 r=4.64.2/1.1.1/1.1.1 u=0 v=1.1",
                 "a warp");
  expect_invalid(&cb, &gpu, "v1 two s=1.1.1.1.1/4.1.8.2.2/14.1.1.1.2/1.1.28.1.1 r=1.1.512/1.1.1/1.1.1 u=0 v=1.1", "must be 1");
  /* a direct read (d=): written only when set, round-trips, no tile of that input, the CPU only, no fetch vector */
  const char *sdirect = "v1 mlt s=1.1.1.1.1/4.1.8.2.2/14.1.1.1.2/1.1.28.1.1 r=4.64.2/1.1.1/1.1.1 u=1024 v=1.1 d=0.1";
  CHECK(eto_program_parse(sdirect, &p, why, sizeof why) == 0 && p.direct[0] == 0 && p.direct[1] == 1, "%s", why);
  eto_program_format(&p, back, sizeof back);
  CHECK(strcmp(back, sdirect) == 0, "round trip: %s", back);
  CHECK(eto_sched_validate(&cb, &cpu, &p, why, sizeof why) == 0, "d=0.1 invalid on the CPU: %s", why);
  eto_sched_features(&cb, &p, &f);
  CHECK(f.smem_in[0] == 7168 && f.smem_in[1] == 0, "direct: smem data %lld kernel %lld", (long long)f.smem_in[0],
        (long long)f.smem_in[1]);
  expect_invalid(&cb, &gpu, sdirect, "on the CPU");
  expect_invalid(&cb, &cpu, "v1 mlt s=1.1.1.1.1/4.1.8.2.2/14.1.1.1.2/1.1.28.1.1 r=4.64.2/1.1.1/1.1.1 u=0 v=1.2 d=0.1",
                 "no fetch vector");
  CHECK(eto_program_parse("v1 mlt s=1.1.1.1.1 r=1.1.1 u=0 v=1.1 d=2.0", &p, why, sizeof why) != 0, "d=2.0 accepted");
  /* a search reads directly only an input that few thread tiles read: a dense layer's weights at m = 32 with 8 rows
   * per thread tile (4 tiles) or with 1 (32 tiles, ETO_DIRECT_MAX_REUSE), not at m = 64 with 1 (64) */
  _Static_assert(ETO_DIRECT_MAX_REUSE == 32, "the cases below sit on both sides of the limit");
  eto_op d8 = test_op("matmul m=8 n=64 k=32\n"), d32 = test_op("matmul m=32 n=64 k=32\n"),
         d64 = test_op("matmul m=64 n=64 k=32\n");
  eto_compute c8, c32, c64;
  eto_op_compute(&d8, &c8);
  eto_op_compute(&d32, &c32);
  eto_op_compute(&d64, &c64);
  CHECK(eto_sched_input_reuse(&c8, 0) == 64 && eto_sched_input_reuse(&c8, 1) == 8 &&
            eto_sched_input_reuse(&c32, 1) == 32, "reuse %lld %lld %lld", (long long)eto_sched_input_reuse(&c8, 0),
        (long long)eto_sched_input_reuse(&c8, 1), (long long)eto_sched_input_reuse(&c32, 1));
  const char *w8 = "v1 mlt s=1.1.1.1.1/1.1.1.1.8/4.1.1.1.16 r=1.16.2 u=1024 v=1.1 d=0.1";
  const char *w32 = "v1 mlt s=1.1.1.1.1/4.1.1.1.8/4.1.1.1.16 r=1.16.2 u=1024 v=1.1 d=0.1";
  const char *w32t = "v1 mlt s=1.1.1.1.1/4.1.8.1.1/4.1.1.1.16 r=1.16.2 u=1024 v=1.1 d=0.1";
  const char *w64t = "v1 mlt s=1.1.1.1.1/8.1.8.1.1/4.1.1.1.16 r=1.16.2 u=1024 v=1.1 d=0.1";
  CHECK(eto_program_parse(w8, &p, why, sizeof why) == 0 && eto_sched_candidate_ok(&c8, &cpu, &p, why, sizeof why) == 0,
        "%s: %s", w8, why);
  CHECK(eto_program_parse(w32, &p, why, sizeof why) == 0 && eto_sched_tile_reuse(&c32, &p, 1) == 4 &&
            eto_sched_tile_reuse(&c32, &p, 0) == 4 && eto_sched_candidate_ok(&c32, &cpu, &p, why, sizeof why) == 0,
        "%s: tiles %lld: %s", w32, (long long)eto_sched_tile_reuse(&c32, &p, 1), why);
  CHECK(eto_program_parse(w32t, &p, why, sizeof why) == 0 && eto_sched_tile_reuse(&c32, &p, 1) == 32 &&
            eto_sched_candidate_ok(&c32, &cpu, &p, why, sizeof why) == 0,
        "%s: tiles %lld: %s", w32t, (long long)eto_sched_tile_reuse(&c32, &p, 1), why);
  CHECK(eto_program_parse(w64t, &p, why, sizeof why) == 0 && eto_sched_validate(&c64, &cpu, &p, why, sizeof why) == 0,
        "%s: %s", w64t, why);
  why[0] = 0;
  CHECK(eto_sched_candidate_ok(&c64, &cpu, &p, why, sizeof why) != 0 && strstr(why, "read by 64 thread tiles"),
        "%s: '%s'", w64t, why);
  CHECK(eto_program_parse("v1 mlt s=1.2 r=1.1.1 u=0 v=1.1", &p, why, sizeof why) != 0, "short tile accepted");
  CHECK(eto_program_parse("v2 mlt s=1.1.1.1.1 r=1.1.1 u=0 v=1.1", &p, why, sizeof why) != 0, "unknown version accepted");

  /* random programs: valid, seeded, round-trip, every sketch reached */
  static const char *const lines[] = {
      "conv2d n=1 c=64 h=56 w=56 k=64 r=3 s=3 pad=1\n", "matmul m=1 n=1000 k=1280\n", "norm b=16 m=256 n=256\n",
      "capsule_conv2d n=1 h=16 w=16 c=32 k=32 r=3 s=3 capsule=4 stride=2 pad=1\n"};
  for (size_t li = 0; li < sizeof lines / sizeof lines[0]; li++) {
    eto_op op = test_op(lines[li]);
    eto_compute c;
    eto_op_compute(&op, &c);
    eto_sketch_set set;
    eto_sched_sketches(&c, &cpu, &set);
    int seen[ETO_SKETCH_COUNT] = {0};
    eto_rng a, b;
    eto_rng_seed(&a, 5);
    eto_rng_seed(&b, 5);
    for (int i = 0; i < 200; i++) {
      eto_sample_opts so = {.imperfect = i % 2};
      eto_program x, y;
      CHECK(eto_sched_sample_valid(&c, &cpu, &so, &a, 0, &x) == 0, "%s: no valid program", lines[li]);
      eto_sched_sample_valid(&c, &cpu, &so, &b, 0, &y);
      CHECK(memcmp(&x, &y, sizeof x) == 0, "sampling is not deterministic for a seed");
      seen[x.sketch] = 1;
      char r1[ETO_RECIPE_MAX], r2[ETO_RECIPE_MAX];
      eto_program_format(&x, r1, sizeof r1);
      CHECK(eto_program_parse(r1, &y, why, sizeof why) == 0, "%s: %s", r1, why);
      eto_program_format(&y, r2, sizeof r2);
      CHECK(strcmp(r1, r2) == 0 && memcmp(&x, &y, sizeof x) == 0, "round trip %s -> %s", r1, r2);
    }
    for (int k = 0; k < set.count; k++) CHECK(seen[set.kind[k]], "%s: sketch %s never sampled", lines[li], eto_sketch_name(set.kind[k]));
  }
  /* sketch rules: norm has no data reuse; a small-space, large-reduction matmul also gets cross-thread reduction */
  eto_op norm = test_op("norm b=1 m=512 n=512\n"), gemv = test_op("matmul m=1 n=1000 k=1280\n");
  eto_compute cn, cg;
  eto_op_compute(&norm, &cn);
  eto_op_compute(&gemv, &cg);
  char sig[256];
  eto_sched_signature(&cn, &cpu, sig, sizeof sig);
  CHECK(strstr(sig, "mlt") == NULL && strstr(sig, "ctr") && strstr(sig, "two"), "norm signature %s", sig);
  eto_sched_signature(&cg, &cpu, sig, sizeof sig);
  CHECK(strstr(sig, "mlt") && strstr(sig, "ctr"), "gemv signature %s", sig);
  eto_sched_signature(&cb, &cpu, sig, sizeof sig);
  CHECK(strcmp(sig, "mlt(in0,in1)") == 0, "1x1 conv signature %s", sig);
  /* what a search may propose: a 16x16 register tile with 48 reduction steps unrolled into it (12288 statements,
   * over LLVM's 10 s build timeout) is valid but no candidate; the same with 16 steps (4096) or with the steps left
   * a loop (u=16: S4 x R2 = 48 > 16, 256 statements) is both */
  {
    eto_op ffn = test_op("matmul m=128 n=3072 k=768\n");
    eto_compute cf;
    eto_op_compute(&ffn, &cf);
    static const struct {
      const char *recipe;
      int candidate;
    } cases[] = {
        {"v1 mlt s=1.1.1.1.1/4.1.2.16.1/24.1.8.16.1 r=2.8.48 u=64 v=2.1", 0},
        {"v1 mlt s=1.1.1.1.1/4.1.2.16.1/24.1.8.16.1 r=6.8.16 u=64 v=2.1", 1},
        {"v1 mlt s=1.1.1.1.1/4.1.2.16.1/24.1.8.16.1 r=2.8.48 u=16 v=2.1", 1},
    };
    for (int i = 0; i < 3; i++) {
      CHECK(eto_program_parse(cases[i].recipe, &p, why, sizeof why) == 0, "%s: %s", cases[i].recipe, why);
      CHECK(eto_sched_validate(&cf, &cpu, &p, why, sizeof why) == 0, "%s invalid: %s", cases[i].recipe, why);
      why[0] = 0;
      int ok = eto_sched_candidate_ok(&cf, &cpu, &p, why, sizeof why) == 0;
      CHECK(ok == cases[i].candidate, "%s: candidate %d, expected %d (%s)", cases[i].recipe, ok, cases[i].candidate, why);
      if (!ok) CHECK(strstr(why, "straight-line block of 12288 statements > limit 4096") != NULL, "reason: %s", why);
    }
  }
  return check_result();
}
