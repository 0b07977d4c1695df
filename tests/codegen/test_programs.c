/* Every operator kind x random valid programs of every sketch (perfect and imperfect tiles): the lowered
 * kernel, interpreted and JIT-compiled with LLVM, matches the operator's reference kernel. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "codegen.h"

static const char *const ops_text =
    "matmul m=12 n=20 k=9\n"
    "matmul m=16 n=32 k=24 bias=1 relu=1\n"
    "batch_matmul b=3 m=8 n=12 k=10\n"
    "conv1d n=2 c=3 l=17 k=4 r=3 stride=2 pad=1 dilation=2\n"
    "conv2d n=1 c=4 h=9 w=9 k=6 r=3 s=3 pad=1 bias=1 relu=1\n"
    "conv2d n=2 c=3 h=11 w=10 k=4 r=3 s=2 stride=2,1 pad=1,0 dilation=1,2\n"
    "conv3d n=1 c=2 d=5 h=6 w=6 k=3 t=3 r=3 s=3 pad=1\n"
    "group_conv2d n=1 c=8 h=7 w=7 k=12 r=3 s=3 groups=4 pad=1\n"
    "depthwise_conv2d n=1 c=6 h=9 w=9 r=3 s=3 stride=2 pad=1 multiplier=2\n"
    "conv2d_transpose n=1 c=4 h=5 w=6 k=3 r=3 s=3 stride=2 pad=1 output_padding=1\n"
    "capsule_conv2d n=1 h=6 w=6 c=3 k=4 r=3 s=3 capsule=2 stride=2 pad=1\n"
    "norm b=3 m=7 n=9\n"
    "norm b=1 m=64 n=48\n";

static float frand(eto_rng *r) { return (float)((double)(eto_rng_next(r) >> 11) / 9007199254740992.0 * 2.0 - 1.0); }

int main(void) {
  eto_oplist *list = NULL;
  char msg[2048];
  eto_status st = eto_oplist_parse("programs.list", ops_text, strlen(ops_text), &list, msg, sizeof msg);
  CHECK(st == ETO_OK, "parse: %s", msg);
  if (st != ETO_OK) return check_result();
  eto_target tgt;
  eto_target_cpu(2, &tgt);
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
    int nin = eto_op_num_inputs(op);
    float *bufs[4];
    for (int i = 0; i < nin; i++) {
      eto_shape sh;
      eto_op_input_shape(op, i, &sh);
      int64_t n = eto_shape_size(&sh);
      bufs[i] = malloc(sizeof(float) * n);
      for (int64_t j = 0; j < n; j++) bufs[i][j] = frand(&rng);
    }
    eto_shape osh;
    eto_op_output_shape(op, &osh);
    int64_t on = eto_shape_size(&osh);
    float *ref = malloc(sizeof(float) * on), *out = malloc(sizeof(float) * on);
    eto_op_reference(op, (const float *const *)bufs, ref);
    bufs[nin] = out;
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
        char recipe[ETO_RECIPE_MAX];
        eto_program_format(&p, recipe, sizeof recipe);
        eto_kernel *k = NULL;
        eto_lower_opts lo = {.lanes = tgt.warp_size};
        st = eto_lower(&c, &p, &lo, &k, msg, sizeof msg);
        CHECK(st == ETO_OK, "%s %s: lower: %s", key, recipe, msg);
        if (st != ETO_OK) continue;
        for (int mode = 0; mode < 2; mode++) {
          for (int64_t j = 0; j < on; j++) out[j] = NAN;
          if (mode == 0) {
            st = eto_kernel_interpret(k, bufs);
            CHECK(st == ETO_OK, "%s %s: interpreter out of bounds", key, recipe);
          } else {
            eto_compiled *cc = NULL;
            st = eto_jit_compile(jit, k, &cc, msg, sizeof msg);
            CHECK(st == ETO_OK, "%s %s: compile: %s", key, recipe, msg);
            if (st != ETO_OK) continue;
            eto_pool_run(pool, eto_compiled_fn(cc), bufs, k->blocks);
            eto_compiled_free(cc);
          }
          int bad = 0;
          for (int64_t j = 0; j < on && !bad; j++) {
            if (!(fabsf(out[j] - ref[j]) <= 1e-4f * (1.0f + fabsf(ref[j])))) {
              CHECK(0, "%s %s (%s): out[%lld] = %g, reference %g", key, recipe, mode ? "llvm" : "interp", (long long)j,
                    out[j], ref[j]);
              bad = 1;
            }
          }
          if (bad && getenv("ETO_TEST_DUMP")) eto_kernel_print(k, stderr);
        }
        eto_kernel_free(k);
        total++;
      }
    }
    for (int i = 0; i <= nin; i++) free(bufs[i]);
    free(ref);
  }
  printf("%d programs checked\n", total);
  eto_pool_free(pool);
  eto_jit_free(jit);
  eto_oplist_free(list);
  return check_result();
}
