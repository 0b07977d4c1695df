/* tune_one.c — example (b) of examples/embed: a C program that links the installed etotune library and tunes
 * one operator from code: a 256x256x256 matmul, 64 trials of the full search, on this machine's CPU, without a
 * cache (nothing stored). It prints the best program and its measured latency.
 *
 *   cc tune_one.c $(pkg-config --cflags --libs etotune) -o tune_one     (pkg-config: PREFIX/lib/pkgconfig)
 *   or CMake: find_package(etotune) and target_link_libraries(tune_one etotune::etotune) (CMakeLists.txt here)
 *   ./tune_one [TRIALS]
 * Exit status 0 when the operator was tuned (every program the search keeps was checked against the reference
 * kernel by the measurer), 1 otherwise. */
#include <stdio.h>
#include <stdlib.h>

#include <etotune/etotune.h>

int main(int argc, char **argv) {
  int trials = argc > 1 ? atoi(argv[1]) : 64;
  char msg[1024];
  printf("etotune %s\n", etotune_version());

  /* the operator, from its workload key (as the cache names it) */
  eto_op op;
  if (eto_op_from_key("matmul:m=256,n=256,k=256;dtype=float32", &op, msg, sizeof msg) != ETO_OK) {
    fprintf(stderr, "operator: %s\n", msg);
    return 1;
  }
  /* this machine's CPU, all cores */
  eto_target t;
  if (eto_measure_machine_target(ETO_TARGET_CPU, 0, &t, msg, sizeof msg) != ETO_OK) {
    fprintf(stderr, "target: %s\n", msg);
    return 1;
  }
  eto_backend_opts o;
  eto_backend_opts_default(&o);
  o.trials_per_op = trials;
  o.measures_per_round = 16;
  o.seed = 1;
  o.measure.min_repeat_seconds = 0.01;

  eto_backend_report r;
  eto_status st = eto_backend_tune(&op, 1, &t, NULL, &o, NULL, NULL, &r, msg, sizeof msg);
  if (st != ETO_OK) {
    fprintf(stderr, "tune: %s: %s\n", eto_status_name(st), msg);
    return 1;
  }
  const eto_backend_op_result *x = &r.ops[0];
  int ok = x->status == ETO_BACKEND_OP_TUNED;
  printf("%s: %s after %lld trials\n", x->workload, eto_backend_op_status_name(x->status), (long long)x->trials);
  if (ok) printf("best: %.4f ms, %.1f GFLOP/s\nprogram: %s\n", x->latency * 1e3, x->gflops, x->recipe);
  else printf("why: %s\n", x->message);
  eto_backend_report_free(&r);
  return ok ? 0 : 1;
}
