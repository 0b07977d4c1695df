/* bench_dynamic.c — what a dynamic kernel (eto_lower_opts.grown) costs against the fixed kernel of the same program:
 * the program lowered for the operator at value v, JIT-compiled twice (fixed shape, and with the variable as the
 * run-time extent S), checked against the reference at v and at every S asked for, then timed in one run: the fixed
 * kernel at v, the dynamic one at S = v and at each S. The ideal is the fixed kernel's time scaled by the work
 * (flops at S / flops at v); "vs fixed" is (fixed time x flops(S) / flops(v)) / dynamic time.
 *
 *   build/bench/bench_dynamic --op "batch_matmul b=12 m=S n=S k=64" --value 512 --recipe "v1 mlt ..." \
 *                             --at 511,509,448 [--threads T] [--min-repeat-ms MS]
 *
 * --op is an operator line whose variable is written S. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "bench_pool.h"
#include "bench_util.h"
#include "cli_opt.h"
#include "codegen.h"
#include "measure.h"

/* The operator of line (S replaced by s). */
static int op_at(const char *line, int64_t s, eto_op *out) {
  char text[512], num[32];
  size_t n = 0;
  snprintf(num, sizeof num, "%lld", (long long)s);
  for (const char *q = line; *q && n + 32 < sizeof text; q++) {
    if (*q == 'S' && (q == line || q[-1] == '=')) {
      n += (size_t)snprintf(text + n, sizeof text - n, "%s", num);
    } else {
      text[n++] = *q;
    }
  }
  text[n] = 0;
  eto_oplist *l = NULL;
  char msg[512];
  if (eto_oplist_parse("--op", text, n, &l, msg, sizeof msg) != ETO_OK) {
    fprintf(stderr, "bench_dynamic: %s\n", msg);
    return -1;
  }
  *out = *eto_oplist_get(l, 0);
  eto_oplist_free(l);
  return 0;
}

/* --emit: prints the dynamic kernel as loop IR (c), optimized LLVM IR (llvm) or assembly (asm). */
static int emit_kernel(const eto_compute *c, const eto_program *p, const eto_lower_opts *ld, const char *kind) {
  char msg[2048];
  eto_kernel *k = NULL;
  int code = strcmp(kind, "c") == 0 ? 0 : strcmp(kind, "llvm") == 0 ? 1 : strcmp(kind, "asm") == 0 ? 2 : -1;
  if (code < 0) {
    fprintf(stderr, "bench_dynamic: --emit takes c, llvm or asm\n");
    return 2;
  }
  if (eto_lower(c, p, ld, &k, msg, sizeof msg) != ETO_OK) {
    fprintf(stderr, "bench_dynamic: %s\n", msg);
    return 2;
  }
  char *text = NULL;
  int rc = 0;
  if (code == 0) eto_kernel_print(k, stdout);
  else if (eto_codegen_emit(k, code == 1 ? ETO_EMIT_LLVM_OPT : ETO_EMIT_ASM, &text, msg, sizeof msg) == ETO_OK)
    fputs(text, stdout);
  else {
    fprintf(stderr, "bench_dynamic: %s\n", msg);
    rc = 2;
  }
  free(text);
  eto_kernel_free(k);
  return rc;
}

int main(int argc, char **argv) {
  const char *line = NULL, *recipe = NULL, *at = "", *emit = NULL;
  int value = 0, threads = 0, min_ms = 100, help = 0, keep_direct = 0;
  const eto_cli_def defs[] = {
      {"--help", ETO_CLI_FLAG, &help, 0, 0},
      {"--op", ETO_CLI_STR, &line, 0, 0},
      {"--recipe", ETO_CLI_STR, &recipe, 0, 0},
      {"--value", ETO_CLI_INT, &value, 1, 1 << 20},
      {"--at", ETO_CLI_STR, &at, 0, 0},
      {"--threads", ETO_CLI_INT, &threads, 0, eto_cli_opt_max_threads()},
      {"--min-repeat-ms", ETO_CLI_INT, &min_ms, 1, 100000},
      {"--emit", ETO_CLI_STR, &emit, 0, 0},
      {"--keep-direct", ETO_CLI_FLAG, &keep_direct, 0, 0},
  };
  if (eto_cli_parse("bench_dynamic", "--help", argc, argv, defs, (int)(sizeof defs / sizeof defs[0]), NULL, NULL,
                    NULL) != 0 || help || !line || !recipe || !value) {
    fprintf(help ? stdout : stderr, "usage: bench_dynamic --op LINE_WITH_S --value V --recipe R --at S1,S2,... [--threads T] "
                    "[--min-repeat-ms MS] [--emit c|llvm|asm] [--keep-direct]\n"
                    "--emit prints the dynamic kernel (the loop IR, optimized LLVM IR or assembly) instead of timing\n"
                    "--keep-direct: the dynamic kernel keeps the program's direct reads (the export's <kernel>_dynd)\n");
    return help ? 0 : 2;
  }
  eto_op opv, opg;
  if (op_at(line, value, &opv) != 0 || op_at(line, value + 1, &opg) != 0) return 2;
  eto_compute c, g;
  eto_op_compute(&opv, &c);
  eto_op_compute(&opg, &g);
  eto_program p;
  char msg[2048];
  if (eto_program_parse(recipe, &p, msg, sizeof msg) != 0) {
    fprintf(stderr, "bench_dynamic: --recipe: %s\n", msg);
    return 2;
  }
  eto_target t;
  eto_target_cpu(threads, &t); /* threads 0: every online core (eto_cli_opt_max_threads is 4x that, a limit) */
  int nthreads = t.cores;
  eto_kernel *kf = NULL, *kd = NULL;
  eto_lower_opts lo = {.lanes = t.warp_size};
  eto_lower_opts ld = {.lanes = t.warp_size, .grown = &g, .keep_direct = keep_direct};
  eto_jit *jit = NULL;
  eto_compiled *cf = NULL, *cd = NULL;
  if (emit) return emit_kernel(&c, &p, &ld, emit);
  if (eto_lower(&c, &p, &lo, &kf, msg, sizeof msg) != ETO_OK || eto_lower(&c, &p, &ld, &kd, msg, sizeof msg) != ETO_OK ||
      eto_jit_create(&jit, msg, sizeof msg) != ETO_OK || eto_jit_compile(jit, kf, &cf, msg, sizeof msg) != ETO_OK ||
      eto_jit_compile(jit, kd, &cd, msg, sizeof msg) != ETO_OK) {
    fprintf(stderr, "bench_dynamic: %s\n", msg);
    return 2;
  }
  eto_pool *pool = eto_pool_create(nthreads);
  double min_s = min_ms / 1000.0;
  bench_io dv;
  bench_io_make(&opv, 1, &dv);
  eto_pool_run(pool, eto_compiled_fn(cf), dv.a, kf->blocks);
  int wrong = !bench_io_matches(&dv, dv.ref);
  double tf = bench_time_kernel(pool, eto_compiled_fn(cf), dv.a, kf->blocks, min_s);
  double fv = eto_op_flops(&opv);
  printf("| S | fixed kernel at %d, ms | dynamic kernel at S, ms | ideal ms (fixed x work) | vs fixed |\n"
         "|---|---|---|---|---|\n", value);
  char list[1024];
  snprintf(list, sizeof list, "%d,%s", value, at);
  for (char *q = list; *q;) {
    char *end;
    long long s = strtoll(q, &end, 10);
    if (end == q) break;
    q = *end == ',' ? end + 1 : end;
    if (s < 1 || s > value) {
      fprintf(stderr, "bench_dynamic: S=%lld is outside 1..%d\n", s, value);
      continue;
    }
    eto_op op;
    op_at(line, s, &op);
    bench_io d;
    bench_io_make(&op, 1, &d);
    int64_t sv = s;
    float *args[8] = {0};
    for (int i = 0; i <= d.nin; i++) args[i] = d.a[i];
    args[kd->nargs] = (float *)(void *)&sv;
    eto_pool_run(pool, eto_compiled_fn(cd), args, kd->blocks);
    if (!bench_io_matches(&d, d.ref)) {
      fprintf(stderr, "bench_dynamic: the dynamic kernel at S=%lld is WRONG\n", s);
      wrong++;
    }
    double td = bench_time_kernel(pool, eto_compiled_fn(cd), args, kd->blocks, min_s);
    double ideal = tf * eto_op_flops(&op) / fv;
    printf("| %lld | %.4f | %.4f | %.4f | %.3f |\n", s, tf * 1e3, td * 1e3, ideal * 1e3, ideal / td);
    bench_io_free(&d);
  }
  printf("\n%s; threads %d, repeats of >= %d ms, %s\n", wrong ? "WRONG results" : "every result checked against the reference",
         nthreads, min_ms, recipe);
  bench_io_free(&dv);
  eto_compiled_free(cf);
  eto_compiled_free(cd);
  eto_kernel_free(kf);
  eto_kernel_free(kd);
  eto_jit_free(jit);
  eto_pool_free(pool);
  return wrong ? 1 : 0;
}
