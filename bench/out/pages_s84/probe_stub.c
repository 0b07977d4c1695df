/* BK.1 probe: what measure.c needs from files the probe does not link: the two implementation tables (never used) and worker.c's input values (a copy) */
#include "schedule.h"
const void *eto_measure_cpu_impl, *eto_measure_cuda_impl;
float eto_measure_frand(eto_rng *r) { return (float)((double)(eto_rng_next(r) >> 11) / 9007199254740992.0 * 2.0 - 1.0); }
