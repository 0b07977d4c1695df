/* experiment: a program's time in a fresh measurer vs after other programs (as in a search) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "measure.h"
#include "op.h"
#include "schedule.h"
#include "target.h"
int main(int argc, char **argv) {
  const char *recipe = argv[1];
  int before = atoi(argv[2]), batch = argc > 3 ? atoi(argv[3]) : 0, setbest = argc > 4 ? atoi(argv[4]) : 0;
  eto_oplist *l = NULL; char msg[512];
  const char *text = "matmul m=128 n=768 k=768\n";
  if (eto_oplist_parse("x", text, strlen(text), &l, msg, sizeof msg) != ETO_OK) { fprintf(stderr, "%s\n", msg); return 1; }
  const eto_op *op = eto_oplist_get(l, 0);
  eto_compute c; eto_op_compute(op, &c);
  eto_target t; eto_target_cpu(2, &t);
  eto_measure_opts o; eto_measure_opts_default(&o); o.threads = 2;
  eto_measurer *m = NULL;
  if (eto_measurer_create(op, &t, &o, &m, msg, sizeof msg) != ETO_OK) { fprintf(stderr, "%s\n", msg); return 1; }
  eto_program p; if (eto_program_parse(recipe, &p, msg, sizeof msg) != 0) { fprintf(stderr, "%s\n", msg); return 1; }
  eto_rng rng; eto_rng_seed(&rng, 3);
  eto_program ps[64]; eto_measure_result rs[64];
  for (int i = 0; i < before; i++) eto_sched_sample_valid(&c, &t, NULL, &rng, 0, &ps[i]);
  if (before) eto_measurer_run_batch(m, ps, before, rs);
  if (setbest) eto_measurer_set_best(m, setbest * 1e-6);
  for (int k = 0; k < 3; k++) {
    eto_measure_result r;
    if (batch) { ps[0] = p; ps[1] = p; eto_measure_result rr[2]; eto_measurer_run_batch(m, ps, 1, rr); r = rr[0]; }
    else eto_measurer_run(m, &p, &r);
    printf("before %d batch %d setbest %d: %s %.1f GFLOP/s screened %d\n", before, batch, setbest, eto_measure_error_name(r.error), r.gflops, r.screened);
  }
  eto_measurer_free(m);
  return 0;
}
