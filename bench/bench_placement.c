/* bench_placement.c — does a kernel's time depend on where its tensors lie in memory? One program of one operator,
 * JIT-compiled once, run on P copies of its tensors (each allocated as the measurer allocates them, eto_buffer_alloc,
 * the earlier copies kept, so each copy gets other physical pages), timed in R rounds that visit the copies in turn:
 * one process, one piece of code, one thread pool; only the memory differs. Prints per copy its median time over the
 * rounds, the spread of its own rounds, and how many of its huge pages the kernel got (/proc/self/smaps).
 *
 *   build/bench/bench_placement --op LINE --recipe R [--copies P] [--rounds N] [--threads T] [--min-repeat-ms MS]
 *                               [--series]
 *
 * --series also prints every round's time of every copy, with the seconds since the first round: with one copy, how
 * the same kernel on the same memory drifts over the minutes of a run (the machine's speed, not the placement).
 *
 * On part AN's host a kernel's time moved by a third between processes minutes apart while one process's repeats
 * agreed within 4% (bench/RESULTS.md AN.2): copies whose medians differ by more than their rounds' spread say the
 * placement of the tensors is one cause. Exit status 1 when a copy's result is wrong. */
#define _GNU_SOURCE
#include <inttypes.h>
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

#define MAX_COPIES 32
#define MAX_ROUNDS 1000

/* KiB of the mapping that holds p backed by transparent huge pages, from /proc/self/smaps; -1 when not found. */
static long huge_kib(const void *p) {
  FILE *f = fopen("/proc/self/smaps", "r");
  if (!f) return -1;
  char line[512];
  int in = 0;
  long kib = -1;
  uintptr_t x = (uintptr_t)p;
  while (fgets(line, sizeof line, f)) {
    uintptr_t lo, hi;
    if (sscanf(line, "%" SCNxPTR "-%" SCNxPTR " ", &lo, &hi) == 2 && strchr(line, '-') < strchr(line, ' ')) {
      in = x >= lo && x < hi;
      continue;
    }
    if (in && sscanf(line, "AnonHugePages: %ld kB", &kib) == 1) break;
  }
  fclose(f);
  return kib;
}

int main(int argc, char **argv) {
  const char *line = NULL, *recipe = NULL;
  int copies = 8, rounds = 7, threads = 0, min_ms = 50, help = 0, series = 0;
  const eto_cli_def defs[] = {
      {"--help", ETO_CLI_FLAG, &help, 0, 0},
      {"--op", ETO_CLI_STR, &line, 0, 0},
      {"--recipe", ETO_CLI_STR, &recipe, 0, 0},
      {"--copies", ETO_CLI_INT, &copies, 1, MAX_COPIES},
      {"--rounds", ETO_CLI_INT, &rounds, 1, MAX_ROUNDS},
      {"--threads", ETO_CLI_INT, &threads, 0, eto_cli_opt_max_threads()},
      {"--min-repeat-ms", ETO_CLI_INT, &min_ms, 1, 100000},
      {"--series", ETO_CLI_FLAG, &series, 0, 0},
  };
  if (eto_cli_parse("bench_placement", "--help", argc, argv, defs, (int)(sizeof defs / sizeof defs[0]), NULL, NULL,
                    NULL) != 0 ||
      help || !line || !recipe) {
    fprintf(help ? stdout : stderr, "usage: bench_placement --op LINE --recipe R [--copies P] [--rounds N] "
                                    "[--threads T] [--min-repeat-ms MS] [--series]\n");
    return help ? 0 : 2;
  }
  char msg[2048];
  eto_oplist *l = NULL;
  if (eto_oplist_parse("--op", line, strlen(line), &l, msg, sizeof msg) != ETO_OK) {
    fprintf(stderr, "bench_placement: %s\n", msg);
    return 2;
  }
  eto_op op = *eto_oplist_get(l, 0);
  eto_oplist_free(l);
  eto_compute c;
  eto_op_compute(&op, &c);
  eto_program p;
  if (eto_program_parse(recipe, &p, msg, sizeof msg) != 0) {
    fprintf(stderr, "bench_placement: --recipe: %s\n", msg);
    return 2;
  }
  eto_target t;
  eto_target_cpu(threads, &t); /* threads 0: every online core */
  int nthreads = t.cores;
  if (eto_sched_validate(&c, &t, &p, msg, sizeof msg) != 0) {
    fprintf(stderr, "bench_placement: --recipe: not a valid program of --op: %s\n", msg);
    return 2;
  }
  eto_lower_opts lo = {.lanes = t.warp_size};
  eto_kernel *k = NULL;
  eto_jit *jit = NULL;
  eto_compiled *cc = NULL;
  if (eto_lower(&c, &p, &lo, &k, msg, sizeof msg) != ETO_OK || eto_jit_create(&jit, msg, sizeof msg) != ETO_OK ||
      eto_jit_compile(jit, k, &cc, msg, sizeof msg) != ETO_OK) {
    fprintf(stderr, "bench_placement: %s\n", msg);
    return 2;
  }
  bench_io cp[MAX_COPIES]; /* every copy holds the same inputs: copy 0's reference checks them all */
  int wrong = 0;
  eto_pool *pool = eto_pool_create(nthreads);
  eto_pool_spin(pool, 1);
  for (int q = 0; q < copies; q++) {
    bench_io_make(&op, q == 0, &cp[q]);
    eto_pool_run(pool, eto_compiled_fn(cc), cp[q].a, k->blocks);
    wrong += !bench_io_matches(&cp[q], cp[0].ref);
  }
  static double t_[MAX_COPIES][MAX_ROUNDS];
  double min_s = min_ms / 1000.0, start = eto_now();
  for (int r = 0; r < rounds; r++)
    for (int q = 0; q < copies; q++) {
      t_[q][r] = bench_time_kernel(pool, eto_compiled_fn(cc), cp[q].a, k->blocks, min_s);
      if (series) printf("round %d copy %d at %.1f s: %.4f ms\n", r, q, eto_now() - start, t_[q][r] * 1e3);
    }
  double flops = eto_op_flops(&op), med[MAX_COPIES], lo_all = INFINITY, hi_all = 0;
  printf("| copy | median ms | GFLOP/s | rounds: min-max ms | its rounds' spread | huge KiB per tensor |\n"
         "|---:|---:|---:|---|---:|---|\n");
  for (int q = 0; q < copies; q++) {
    double v[MAX_ROUNDS], mn = INFINITY, mx = 0;
    for (int r = 0; r < rounds; r++) {
      v[r] = t_[q][r];
      mn = fmin(mn, v[r]);
      mx = fmax(mx, v[r]);
    }
    med[q] = bench_median(v, rounds);
    lo_all = fmin(lo_all, med[q]);
    hi_all = fmax(hi_all, med[q]);
    printf("| %d | %.4f | %.1f | %.4f-%.4f | %.3f |", q, med[q] * 1e3, flops / med[q] * 1e-9, mn * 1e3, mx * 1e3,
           mx / mn);
    for (int i = 0; i <= cp[q].nin; i++) printf(" %ld", huge_kib(cp[q].a[i]));
    printf(" |\n");
  }
  printf("\ncopies' medians: slowest / fastest %.3f; %s; threads %d, %d rounds of 3 repeats of >= %d ms, %s\n",
         hi_all / lo_all, wrong ? "WRONG results" : "every copy's result checked against the reference", nthreads,
         rounds, min_ms, recipe);
  for (int q = 0; q < copies; q++) bench_io_free(&cp[q]);
  eto_pool_free(pool);
  eto_compiled_free(cc);
  eto_kernel_free(k);
  eto_jit_free(jit);
  return wrong ? 1 : 0;
}
