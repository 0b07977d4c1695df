/* mock_libcuda.c — TEST ONLY: a stand-in for the CUDA driver, built as libcuda.so.1 in a directory that only
 * the cuda.*.mock tests put on LD_LIBRARY_PATH. It exercises the code that loads the driver with dlopen, the
 * worker protocol, argument marshalling, the check and the timing loop on machines without a GPU. It cannot
 * run CUBIN code: a launch validates its configuration and arguments and writes the reference output of the
 * operator named by ETO_MOCK_CUDA_OP (an operators.list line), so its "latencies" are those of the CPU
 * reference and mean nothing; nothing measured through it is ever stored. Knobs: ETO_MOCK_CUDA_NO_DEVICE=1
 * (cuInit fails with CUDA_ERROR_NO_DEVICE), ETO_MOCK_CUDA_LAUNCH_FAIL=1 (launches fail with
 * CUDA_ERROR_LAUNCH_FAILED). */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "op.h"

#define EXPORT __attribute__((visibility("default")))

typedef int CUresult;
enum {
  OK = 0,
  ERR_INVALID_VALUE = 1,
  ERR_NOT_INITIALIZED = 3,
  ERR_NO_DEVICE = 100,
  ERR_INVALID_IMAGE = 200,
  ERR_NOT_FOUND = 500,
  ERR_LAUNCH_FAILED = 719,
};

static int initialized;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int knob(const char *name) {
  const char *v = getenv(name);
  return v && *v && strcmp(v, "0") != 0;
}

EXPORT CUresult cuInit(unsigned flags) {
  if (getenv("ETO_MOCK_CUDA_TRACE")) fprintf(stderr, "mock: cuInit(%u)\n", flags);
  if (flags != 0) return ERR_INVALID_VALUE;
  if (knob("ETO_MOCK_CUDA_NO_DEVICE")) return ERR_NO_DEVICE;
  initialized = 1;
  return OK;
}

/* NVRTC itself (13.0) loads libcuda.so.1 when it can, calls cuInit and asks for an export table: decline. */
EXPORT CUresult cuGetExportTable(const void **table, const void *uuid) {
  (void)uuid;
  if (getenv("ETO_MOCK_CUDA_TRACE")) fprintf(stderr, "mock: cuGetExportTable\n");
  *table = NULL;
  return ERR_NOT_FOUND;
}

EXPORT CUresult cuDriverGetVersion(int *v) {
  *v = 12040;
  return OK;
}

EXPORT CUresult cuDeviceGetCount(int *n) {
  if (!initialized) return ERR_NOT_INITIALIZED;
  *n = 1;
  return OK;
}

EXPORT CUresult cuDeviceGet(int *d, int ordinal) {
  if (!initialized) return ERR_NOT_INITIALIZED;
  if (ordinal != 0) return ERR_INVALID_VALUE;
  *d = 0;
  return OK;
}

EXPORT CUresult cuDeviceGetName(char *name, int len, int dev) {
  if (dev != 0 || len < 1) return ERR_INVALID_VALUE;
  strncpy(name, "etotune mock driver (test only)", (size_t)len - 1);
  name[len - 1] = 0;
  return OK;
}

EXPORT CUresult cuDeviceGetAttribute(int *v, int attr, int dev) {
  if (dev != 0) return ERR_INVALID_VALUE;
  switch (attr) {
  case 1:
    *v = 1024;
    return OK; /* max threads per block */
  case 8:
    *v = 49152;
    return OK; /* shared memory per block */
  case 10:
    *v = 32;
    return OK; /* warp size */
  case 12:
    *v = 65536;
    return OK; /* registers per block */
  case 16:
    *v = 2;
    return OK; /* SMs */
  case 75:
    *v = 8;
    return OK; /* compute capability 8.0 */
  case 76:
    *v = 0;
    return OK;
  default:
    return ERR_INVALID_VALUE;
  }
}

EXPORT CUresult cuDeviceTotalMem_v2(size_t *bytes, int dev) {
  *bytes = (size_t)1 << 30;
  return dev == 0 ? OK : ERR_INVALID_VALUE;
}

static int ctx_token;

EXPORT CUresult cuDevicePrimaryCtxRetain(void **ctx, int dev) {
  if (!initialized || dev != 0) return ERR_INVALID_VALUE;
  *ctx = &ctx_token;
  return OK;
}

EXPORT CUresult cuDevicePrimaryCtxRelease_v2(int dev) { return dev == 0 ? OK : ERR_INVALID_VALUE; }
EXPORT CUresult cuCtxSetCurrent(void *ctx) { return ctx == &ctx_token ? OK : ERR_INVALID_VALUE; }
EXPORT CUresult cuCtxSynchronize(void) { return OK; }

EXPORT CUresult cuMemAlloc_v2(unsigned long long *p, size_t bytes) {
  void *m = aligned_alloc(256, (bytes + 255) / 256 * 256);
  if (!m) return 2; /* CUDA_ERROR_OUT_OF_MEMORY */
  *p = (unsigned long long)(uintptr_t)m;
  return OK;
}

EXPORT CUresult cuMemFree_v2(unsigned long long p) {
  free((void *)(uintptr_t)p);
  return OK;
}

EXPORT CUresult cuMemcpyHtoD_v2(unsigned long long dst, const void *src, size_t n) {
  memcpy((void *)(uintptr_t)dst, src, n);
  return OK;
}

EXPORT CUresult cuMemcpyDtoH_v2(void *dst, unsigned long long src, size_t n) {
  memcpy(dst, (const void *)(uintptr_t)src, n);
  return OK;
}

EXPORT CUresult cuMemsetD32_v2(unsigned long long dst, unsigned v, size_t n) {
  unsigned *p = (unsigned *)(uintptr_t)dst;
  for (size_t i = 0; i < n; i++) p[i] = v;
  return OK;
}

typedef struct {
  unsigned char *image;
  size_t size;
  char name[128];
} module;

/* A CUBIN is an ELF file whose section headers come last: its size is e_shoff + e_shnum * e_shentsize. */
EXPORT CUresult cuModuleLoadData(void **mod, const void *image) {
  const unsigned char *p = image;
  if (!p ||
      memcmp(p,
             "\x7f"
             "ELF",
             4) != 0 ||
      p[4] != 2)
    return ERR_INVALID_IMAGE;
  uint64_t shoff;
  uint16_t shentsize, shnum;
  memcpy(&shoff, p + 0x28, 8);
  memcpy(&shentsize, p + 0x3a, 2);
  memcpy(&shnum, p + 0x3c, 2);
  size_t size = (size_t)(shoff + (uint64_t)shnum * shentsize);
  if (size < 64 || size > ((size_t)64 << 20)) return ERR_INVALID_IMAGE;
  module *m = calloc(1, sizeof *m);
  m->image = malloc(size);
  memcpy(m->image, p, size);
  m->size = size;
  *mod = m;
  return OK;
}

EXPORT CUresult cuModuleUnload(void *mod) {
  module *m = mod;
  if (!m) return ERR_INVALID_VALUE;
  free(m->image);
  free(m);
  return OK;
}

EXPORT CUresult cuModuleGetFunction(void **fn, void *mod, const char *name) {
  module *m = mod;
  if (!m || !name || !*name) return ERR_INVALID_VALUE;
  size_t n = strlen(name) + 1; /* the symbol, NUL-terminated, in the string table */
  if (!memmem(m->image, m->size, name, n)) return ERR_NOT_FOUND;
  snprintf(m->name, sizeof m->name, "%s", name);
  *fn = m;
  return OK;
}

EXPORT CUresult cuLaunchKernel(void *fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                               unsigned bz, unsigned smem, void *stream, void **params, void **extra) {
  if (!fn || gx < 1 || gy != 1 || gz != 1 || bx < 1 || bx > 1024 || by != 1 || bz != 1 || smem != 0 ||
      stream || !params || extra)
    return ERR_INVALID_VALUE;
  if (knob("ETO_MOCK_CUDA_LAUNCH_FAIL")) return ERR_LAUNCH_FAILED;
  static char line[512];
  static eto_op op;
  const char *want = getenv("ETO_MOCK_CUDA_OP");
  if (!want) return ERR_INVALID_VALUE;
  if (strcmp(want, line) != 0) {
    eto_oplist *l = NULL;
    if (eto_oplist_parse("ETO_MOCK_CUDA_OP", want, strlen(want), &l, NULL, 0) != ETO_OK)
      return ERR_INVALID_VALUE;
    op = *eto_oplist_get(l, 0);
    eto_oplist_free(l);
    snprintf(line, sizeof line, "%s", want);
  }
  int nin = eto_op_num_inputs(&op);
  const float *in[4];
  for (int i = 0; i < nin; i++) in[i] = (const float *)(uintptr_t) * (unsigned long long *)params[i];
  float *out = (float *)(uintptr_t) * (unsigned long long *)params[nin];
  eto_op_reference(&op, in, out);
  return OK;
}

EXPORT CUresult cuEventCreate(void **ev, unsigned flags) {
  (void)flags;
  *ev = calloc(1, sizeof(double));
  return *ev ? OK : 2;
}

EXPORT CUresult cuEventRecord(void *ev, void *stream) {
  if (!ev || stream) return ERR_INVALID_VALUE;
  *(double *)ev = now();
  return OK;
}

EXPORT CUresult cuEventSynchronize(void *ev) { return ev ? OK : ERR_INVALID_VALUE; }

EXPORT CUresult cuEventElapsedTime_v2(float *ms, void *a, void *b) {
  if (!a || !b) return ERR_INVALID_VALUE;
  *ms = (float)((*(double *)b - *(double *)a) * 1e3);
  return OK;
}

EXPORT CUresult cuEventDestroy_v2(void *ev) {
  free(ev);
  return OK;
}

EXPORT CUresult cuGetErrorName(CUresult r, const char **s) {
  switch (r) {
  case OK:
    *s = "CUDA_SUCCESS";
    break;
  case ERR_INVALID_VALUE:
    *s = "CUDA_ERROR_INVALID_VALUE";
    break;
  case ERR_NO_DEVICE:
    *s = "CUDA_ERROR_NO_DEVICE";
    break;
  case ERR_INVALID_IMAGE:
    *s = "CUDA_ERROR_INVALID_IMAGE";
    break;
  case ERR_NOT_FOUND:
    *s = "CUDA_ERROR_NOT_FOUND";
    break;
  case ERR_LAUNCH_FAILED:
    *s = "CUDA_ERROR_LAUNCH_FAILED";
    break;
  default:
    *s = "CUDA_ERROR_UNKNOWN";
    break;
  }
  return OK;
}

EXPORT CUresult cuGetErrorString(CUresult r, const char **s) {
  *s = r == ERR_NO_DEVICE ? "no CUDA-capable device is detected (mock)" : "mock driver error";
  return OK;
}
