/* emit_run LIST SO RECIPES — runs kernels that `etotune measure LIST --emit c|llvm|asm` printed and that the
 * test script built into the shared object SO, against the reference kernel. LIST holds one operator;
 * RECIPES holds the recipes of the printed programs, one a line, in order. The symbol of program n is
 * eto_op_symbol(op) with "_n" appended when there are several (as etotune names them): looking it up checks
 * the naming too. Every block of the lowered kernel runs once, on zero-free random inputs, and every output
 * element is compared with the reference (|out - ref| <= 1e-4 (1 + |ref|)). Exit 0 when all match. */
#include <dlfcn.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "codegen.h"
#include "kernel_util.h"


int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: emit_run LIST SO RECIPES\n");
    return 2;
  }
  eto_oplist *list = NULL;
  char msg[2048];
  eto_status st = eto_oplist_load(argv[1], &list, msg, sizeof msg);
  CHECK(st == ETO_OK && eto_oplist_count(list) == 1, "list %s: %s", argv[1], st == ETO_OK ? "not one operator" : msg);
  if (st != ETO_OK) return check_result();
  void *so = dlopen(argv[2], RTLD_NOW | RTLD_LOCAL);
  CHECK(so != NULL, "dlopen %s: %s", argv[2], dlerror());
  FILE *rf = fopen(argv[3], "r");
  CHECK(rf != NULL, "cannot read %s", argv[3]);
  if (!so || !rf) return check_result();
  char recipes[64][ETO_RECIPE_MAX];
  int nrec = 0;
  while (nrec < 64 && fgets(recipes[nrec], sizeof recipes[nrec], rf)) {
    recipes[nrec][strcspn(recipes[nrec], "\n")] = 0;
    if (recipes[nrec][0]) nrec++;
  }
  fclose(rf);
  CHECK(nrec > 0, "no recipes in %s", argv[3]);

  const eto_op *op = eto_oplist_get(list, 0);
  eto_compute c;
  eto_op_compute(op, &c);
  eto_target tgt;
  eto_target_cpu(0, &tgt);
  test_io io;
  test_io_init(op, 7, &io);
  char sym[600];
  int base = eto_op_symbol(op, sym, sizeof sym);
  for (int n = 0; n < nrec; n++) {
    if (nrec > 1) snprintf(sym + base, sizeof sym - (size_t)base, "_%d", n + 1);
    eto_program p;
    eto_kernel *k = NULL;
    eto_lower_opts lo = {.lanes = tgt.warp_size};
    int ok = eto_program_parse(recipes[n], &p, msg, sizeof msg) == 0 &&
             eto_lower(&c, &p, &lo, &k, msg, sizeof msg) == ETO_OK;
    CHECK(ok, "%s: %s", recipes[n], msg);
    if (!ok) continue;
    eto_kernel_fn fn = (eto_kernel_fn)(uintptr_t)dlsym(so, sym);
    CHECK(fn != NULL, "%s: no symbol %s", argv[2], sym);
    if (fn) {
      test_io_clear(&io);
      /* in two ranges, as the thread pool calls it */
      fn(io.buf, 0, k->blocks / 2);
      fn(io.buf, k->blocks / 2, k->blocks);
      int64_t bad = 0, first = test_io_mismatch(&io, &bad);
      CHECK(bad == 0, "%s %s: %lld of %lld outputs wrong, out[%lld] = %g, reference %g", sym, recipes[n],
            (long long)bad, (long long)io.out_n, (long long)first, first >= 0 ? io.buf[io.nin][first] : 0.0,
            first >= 0 ? io.ref[first] : 0.0);
      if (bad == 0) printf("%s: %lld outputs match the reference (%s)\n", sym, (long long)io.out_n, recipes[n]);
    }
    eto_kernel_free(k);
  }
  test_io_free(&io);
  dlclose(so);
  eto_oplist_free(list);
  return check_result();
}
