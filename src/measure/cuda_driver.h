/* cuda_driver.h — private to src/measure: the in-process CUDA driver runner (cuda_driver.c), loaded with dlopen.
 * Only worker and probe child processes use it (see measure.h: the calling process never initializes the
 * driver). */
#ifndef ETO_CUDA_DRIVER_H
#define ETO_CUDA_DRIVER_H

#include <stddef.h>

#include "measure.h"

typedef struct cuda_rt cuda_rt;
typedef unsigned long long cuda_dptr;
typedef void *cuda_module;
typedef void *cuda_function;

/* Loads libcuda.so.1, initializes the driver, opens device `ordinal` and makes its primary context current.
 * Fills *info. Returns ETO_OK, ETO_ERR_UNSUPPORTED (no driver, cuInit failed, no such device) or another
 * error, with the reason in msg. *out is NULL on failure. */
eto_status cuda_rt_open(int ordinal, cuda_rt **out, eto_cuda_device_info *info, char *msg, int cap);
/* Releases the context and unloads the driver; NULL is a no-op. */
void cuda_rt_close(cuda_rt *rt);

/* Each call below returns 0, or -1 with "cuName: CUDA_ERROR_X: description" in msg. */
int cuda_rt_alloc(cuda_rt *rt, size_t bytes, cuda_dptr *out, char *msg, int cap);
void cuda_rt_free(cuda_rt *rt, cuda_dptr p);
int cuda_rt_htod(cuda_rt *rt, cuda_dptr dst, const void *src, size_t bytes, char *msg, int cap);
int cuda_rt_dtoh(cuda_rt *rt, void *dst, cuda_dptr src, size_t bytes, char *msg, int cap);
int cuda_rt_memset32(cuda_rt *rt, cuda_dptr dst, unsigned value, size_t count, char *msg, int cap);
/* Loads a CUBIN and looks up entry function `name`. */
int cuda_rt_load(cuda_rt *rt, const void *cubin, const char *name, cuda_module *mod, cuda_function *fn,
                 char *msg, int cap);
void cuda_rt_unload(cuda_rt *rt, cuda_module mod);
/* Launches fn `runs` times on the default stream (grid blocks x 1 x 1, block threads x 1 x 1, params = array
 * of pointers to the arguments) and waits. When seconds is not NULL, the launches are bracketed by events and
 * *seconds receives the elapsed time of all of them. */
int cuda_rt_run(cuda_rt *rt, cuda_function fn, long long blocks, long long threads, void **params,
                long long runs, double *seconds, char *msg, int cap);

#endif
