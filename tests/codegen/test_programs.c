/* Every operator kind x random valid programs of every sketch (perfect and imperfect tiles): the lowered
 * kernel, interpreted and JIT-compiled with LLVM, matches the operator's reference kernel. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "codegen.h"
#include "kernel_util.h"
#include "test_target.h"

/* Lowers p for c, runs the kernel in the interpreter (which checks every access is in bounds) and JIT-compiled, and
 * compares both outputs with the reference in io. */
static void check_program(const eto_compute *c, const eto_program *p, const eto_target *tgt, const char *key,
                          test_io *io, eto_jit *jit, eto_pool *pool) {
  char recipe[ETO_RECIPE_MAX], msg[2048];
  eto_program_format(p, recipe, sizeof recipe);
  eto_kernel *k = NULL;
  eto_lower_opts lo = {.lanes = tgt->warp_size};
  eto_status st = eto_lower(c, p, &lo, &k, msg, sizeof msg);
  CHECK(st == ETO_OK, "%s %s: lower: %s", key, recipe, msg);
  if (st != ETO_OK) return;
  for (int mode = 0; mode < 2; mode++) {
    test_io_clear(io);
    if (mode == 0) {
      st = eto_kernel_interpret(k, io->buf);
      CHECK(st == ETO_OK, "%s %s: interpreter out of bounds", key, recipe);
    } else {
      eto_compiled *cc = NULL;
      st = eto_jit_compile(jit, k, &cc, msg, sizeof msg);
      CHECK(st == ETO_OK, "%s %s: compile: %s", key, recipe, msg);
      if (st != ETO_OK) continue;
      eto_pool_run(pool, eto_compiled_fn(cc), io->buf, k->blocks);
      eto_compiled_free(cc);
    }
    int64_t j = test_io_mismatch(io, NULL);
    int bad = j >= 0;
    CHECK(!bad, "%s %s (%s): out[%lld] = %g, reference %g", key, recipe, mode ? "llvm" : "interp", (long long)j,
          bad ? io->buf[io->nin][j] : 0.0, bad ? io->ref[j] : 0.0);
    if (bad && getenv("ETO_TEST_DUMP")) eto_kernel_print(k, stderr);
  }
  eto_kernel_free(k);
}

/* Imperfect tiles whose last block moves back to end at the extent (lower.c shift_space: multi-level tiling on the
 * CPU; a valid program's block never exceeds its extent): on both space axes of a batched product (37 = 5 blocks of 8
 * rows, 35 = 3 blocks of 16 lanes), on its rows only with a direct read, and on a convolution's two image axes
 * (13 = 3 blocks of 5 rows, 2 of 8 columns), where the moved blocks' inputs are read from tiles. */
static const struct {
  const char *line, *recipe;
} shifted[] = {
    {"batch_matmul b=2 m=37 n=35 k=16", "v1 mlt s=2.1.1.1.1/5.1.1.8.1/3.1.1.1.16 r=4.2.2 u=64 v=1.1"},
    {"batch_matmul b=2 m=37 n=32 k=16", "v1 mlt s=1.2.1.1.1/5.1.2.4.1/2.1.1.1.16 r=2.4.2 u=0 v=1.1 d=1.1"},
    {"conv2d n=1 c=8 h=13 w=13 k=24 r=3 s=3 pad=1", "v1 mlt s=1.1.1.1.1/3.1.1.1.8/3.1.1.5.1/2.1.1.1.8 r=8.1.1/1.3.1/3.1.1 u=64 v=1.1"},
};

int main(void) {
  eto_oplist *list = NULL;
  char msg[2048];
  eto_status st = eto_oplist_parse("programs.list", test_kernel_ops, strlen(test_kernel_ops), &list, msg, sizeof msg);
  CHECK(st == ETO_OK, "parse: %s", msg);
  if (st != ETO_OK) return check_result();
  eto_target tgt;
  test_target_cpu(2, &tgt);
  eto_jit *jit = NULL;
  st = eto_jit_create(&jit, msg, sizeof msg);
  CHECK(st == ETO_OK, "jit: %s", msg);
  eto_pool *pool = eto_pool_create(2);
  eto_rng rng;
  eto_rng_seed(&rng, 42);
  int total = 0;
  for (int oi = 0; oi < eto_oplist_count(list); oi++) {
    const eto_op *op = eto_oplist_get(list, oi);
    eto_compute c;
    eto_op_compute(op, &c);
    test_io io;
    test_io_init(op, 42 + (uint64_t)oi, &io);
    eto_sketch_set set;
    eto_sched_sketches(&c, &tgt, &set);
    char key[256];
    eto_op_key(op, key, sizeof key);
    for (int sk = 0; sk < set.count; sk++) {
      for (int trial = 0; trial < (set.count > 1 ? 12 : 20); trial++) {
        eto_sample_opts so = {.imperfect = trial % 3 == 2};
        eto_program p;
        int found = 0;
        for (int tries = 0; tries < 200 && !found; tries++) {
          eto_sched_sample(&c, &tgt, set.kind[sk], &so, &rng, &p);
          found = eto_sched_validate(&c, &tgt, &p, NULL, 0) == 0;
        }
        CHECK(found, "%s: no valid %s program", key, eto_sketch_name(set.kind[sk]));
        if (!found) continue;
        check_program(&c, &p, &tgt, key, &io, jit, pool);
        total++;
      }
    }
    test_io_free(&io);
  }
  for (size_t i = 0; i < sizeof shifted / sizeof shifted[0]; i++) {
    eto_oplist *one = NULL;
    eto_program p;
    st = eto_oplist_parse("shifted.list", shifted[i].line, strlen(shifted[i].line), &one, msg, sizeof msg);
    int ok = st == ETO_OK && eto_program_parse(shifted[i].recipe, &p, msg, sizeof msg) == 0;
    CHECK(ok, "%s: %s", shifted[i].line, msg);
    if (!ok) {
      eto_oplist_free(one);
      continue;
    }
    const eto_op *op = eto_oplist_get(one, 0);
    eto_compute c;
    eto_op_compute(op, &c);
    CHECK(eto_sched_validate(&c, &tgt, &p, msg, sizeof msg) == 0, "%s %s: %s", shifted[i].line, shifted[i].recipe,
          msg);
    test_io io;
    test_io_init(op, 7, &io);
    check_program(&c, &p, &tgt, shifted[i].line, &io, jit, pool);
    test_io_free(&io);
    eto_oplist_free(one);
    total++;
  }
  printf("%d programs checked\n", total);
  eto_pool_free(pool);
  eto_jit_free(jit);
  eto_oplist_free(list);
  return check_result();
}
