/* cuda_runtime.c — the host runtime of an exported CUDA kernel set (etotune export --target cuda).
 *
 * This file is not part of libeto_export: `etotune export --target cuda` copies it (embedded as a string at build
 * time) into DIR/<name>_host.c, after the generated definitions it uses and before the generated launch
 * functions, which are the only non-static names. So it may only use C11, POSIX (dlopen, threads), the types of
 * <cuda.h>, and what the generated code defines before it:
 *   ETO_CU_NKERNELS                          number of kernels
 *   eto_cu_ptx[]                             PTX of every kernel (one module): its lines, then NULL (a
 *                                            string literal per line keeps each within ISO C's 4095 characters)
 *   eto_cu_kernel_names[ETO_CU_NKERNELS]     their entry names
 *   ETO_CU_NAME                              the export's name, for messages
 *
 * The scheme of src/measure/cuda_driver.c, not its code: the driver, libcuda.so.1, is opened with dlopen at the
 * first call, so that a program using the export links and starts where no driver is installed (the call then
 * fails with ENODEV and a message); cuInit; the context current on the calling thread, or else device 0's
 * primary context (the one the CUDA runtime uses, so pointers from cudaMalloc are valid in it); the PTX loaded
 * once with cuModuleLoadData (the driver compiles it for the GPU); one CUfunction per kernel; cuLaunchKernel on
 * the default stream. Errors are errno values with a message per thread (eto_cu_last_error).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <cuda.h>
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef ETO_CU_CHECK /* etotune's own build compiles this file alone, with stand-ins for the generated part */
#define ETO_CU_NKERNELS 1
#define ETO_CU_NAME "check"
static const char *const eto_cu_ptx[] = {"", NULL};
static const char *const eto_cu_kernel_names[ETO_CU_NKERNELS] = {"check_kernel"};
#endif

typedef struct {
  CUresult (*init)(unsigned int);
  CUresult (*device_count)(int *);
  CUresult (*device_get)(CUdevice *, int);
  CUresult (*primary_retain)(CUcontext *, CUdevice);
  CUresult (*primary_release)(CUdevice);
  CUresult (*ctx_get)(CUcontext *);
  CUresult (*ctx_set)(CUcontext);
  CUresult (*module_load)(CUmodule *, const void *);
  CUresult (*module_unload)(CUmodule);
  CUresult (*module_function)(CUfunction *, CUmodule, const char *);
  CUresult (*launch)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, CUstream,
                     void **, void **);
  CUresult (*error_name)(CUresult, const char **);
  CUresult (*error_string)(CUresult, const char **);
} eto_cu_api;

/* The driver's entry points by their exported names (cuda.h maps some names to _v2 versions with macros). */
static const struct {
  size_t offset;
  const char *symbol;
} eto_cu_symbols[] = {
    {offsetof(eto_cu_api, init), "cuInit"},
    {offsetof(eto_cu_api, device_count), "cuDeviceGetCount"},
    {offsetof(eto_cu_api, device_get), "cuDeviceGet"},
    {offsetof(eto_cu_api, primary_retain), "cuDevicePrimaryCtxRetain"},
    {offsetof(eto_cu_api, primary_release), "cuDevicePrimaryCtxRelease_v2"},
    {offsetof(eto_cu_api, ctx_get), "cuCtxGetCurrent"},
    {offsetof(eto_cu_api, ctx_set), "cuCtxSetCurrent"},
    {offsetof(eto_cu_api, module_load), "cuModuleLoadData"},
    {offsetof(eto_cu_api, module_unload), "cuModuleUnload"},
    {offsetof(eto_cu_api, module_function), "cuModuleGetFunction"},
    {offsetof(eto_cu_api, launch), "cuLaunchKernel"},
    {offsetof(eto_cu_api, error_name), "cuGetErrorName"},
    {offsetof(eto_cu_api, error_string), "cuGetErrorString"},
};

typedef struct {
  pthread_mutex_t mu;
  void *lib;  /* libcuda.so.1, kept open once loaded */
  eto_cu_api api;
  int ready;  /* module loaded, functions found */
  int retained; /* ctx is device dev's primary context, retained here */
  CUdevice dev;
  CUcontext ctx;
  CUmodule mod;
  CUfunction fn[ETO_CU_NKERNELS];
} eto_cu_state;

static eto_cu_state eto_cu = {.mu = PTHREAD_MUTEX_INITIALIZER};
static _Thread_local char eto_cu_msg[512]; /* the last failure on this thread */

static int eto_cu_fail(int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = snprintf(eto_cu_msg, sizeof eto_cu_msg, "%s: ", ETO_CU_NAME);
  vsnprintf(eto_cu_msg + n, sizeof eto_cu_msg - (size_t)n, fmt, ap);
  va_end(ap);
  return code;
}

/* A failed driver call: ENODEV when the driver says there is no usable device (or it is the toolkit's stub
 * library), else EIO; the message names the call and the driver's error. */
static int eto_cu_driver_fail(const char *call, CUresult r) {
  const char *name = NULL, *text = NULL;
  char number[32];
  if (eto_cu.api.error_name(r, &name) != CUDA_SUCCESS || !name) {
    snprintf(number, sizeof number, "CUDA error %d", (int)r);
    name = number;
  }
  if (eto_cu.api.error_string(r, &text) != CUDA_SUCCESS) text = NULL;
  /* 34: CUDA_ERROR_STUB_LIBRARY, named in cuda.h >= 11.1 */
  int stub = r == (CUresult)34, nodev = stub || r == CUDA_ERROR_NO_DEVICE;
  const char *hint = stub ? " (libcuda.so.1 is the CUDA toolkit's stub library, not a driver)"
                     : r == CUDA_ERROR_UNSUPPORTED_PTX_VERSION
                         ? " (the driver is older than the NVRTC that made the PTX: update the driver)"
                         : "";
  return eto_cu_fail(nodev ? ENODEV : EIO, "%s failed: %s%s%s%s%s%s", call, nodev ? "no CUDA device: " : "", name,
                     text ? " (" : "", text ? text : "", text ? ")" : "", hint);
}

/* Undoes eto_cu_load (the library stays open). Called with the lock held. */
static void eto_cu_unload(void) {
  if (eto_cu.mod) eto_cu.api.module_unload(eto_cu.mod);
  if (eto_cu.retained) eto_cu.api.primary_release(eto_cu.dev);
  eto_cu.mod = NULL;
  eto_cu.ctx = NULL;
  eto_cu.retained = 0;
  eto_cu.ready = 0;
}

/* Opens the driver, picks the context and loads the module. Called with the lock held; 0 or an errno value. */
static int eto_cu_load(void) {
  if (eto_cu.ready) return 0;
  if (!eto_cu.lib) {
    void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
      const char *e = dlerror();
      return eto_cu_fail(ENODEV, "no CUDA device: the CUDA driver libcuda.so.1 cannot be loaded (%s)",
                         e ? e : "not found");
    }
    eto_cu_api api;
    for (size_t i = 0; i < sizeof eto_cu_symbols / sizeof eto_cu_symbols[0]; i++) {
      void *sym = dlsym(lib, eto_cu_symbols[i].symbol);
      if (!sym) {
        dlclose(lib);
        return eto_cu_fail(ENODEV, "the CUDA driver libcuda.so.1 lacks %s (too old)", eto_cu_symbols[i].symbol);
      }
      memcpy((char *)&api + eto_cu_symbols[i].offset, &sym, sizeof sym);
    }
    eto_cu.api = api;
    eto_cu.lib = lib;
  }
  const eto_cu_api *a = &eto_cu.api;
  CUresult r = a->init(0);
  if (r != CUDA_SUCCESS) return eto_cu_driver_fail("cuInit", r);
  CUcontext cur = NULL;
  if ((r = a->ctx_get(&cur)) != CUDA_SUCCESS) return eto_cu_driver_fail("cuCtxGetCurrent", r);
  if (cur) {
    eto_cu.ctx = cur;
  } else {
    int n = 0;
    if ((r = a->device_count(&n)) != CUDA_SUCCESS) return eto_cu_driver_fail("cuDeviceGetCount", r);
    if (n < 1) return eto_cu_fail(ENODEV, "no CUDA device (the driver found none)");
    if ((r = a->device_get(&eto_cu.dev, 0)) != CUDA_SUCCESS) return eto_cu_driver_fail("cuDeviceGet", r);
    if ((r = a->primary_retain(&eto_cu.ctx, eto_cu.dev)) != CUDA_SUCCESS)
      return eto_cu_driver_fail("cuDevicePrimaryCtxRetain", r);
    eto_cu.retained = 1;
    if ((r = a->ctx_set(eto_cu.ctx)) != CUDA_SUCCESS) {
      eto_cu_unload();
      return eto_cu_driver_fail("cuCtxSetCurrent", r);
    }
  }
  size_t size = 1;
  for (int i = 0; eto_cu_ptx[i]; i++) size += strlen(eto_cu_ptx[i]);
  char *image = malloc(size), *end = image;
  if (!image) {
    eto_cu_unload();
    return eto_cu_fail(ENOMEM, "out of memory for the PTX (%zu bytes)", size);
  }
  for (int i = 0; eto_cu_ptx[i]; i++) {
    size_t n = strlen(eto_cu_ptx[i]);
    memcpy(end, eto_cu_ptx[i], n);
    end += n;
  }
  *end = 0;
  r = a->module_load(&eto_cu.mod, image); /* the driver keeps its own copy */
  free(image);
  if (r != CUDA_SUCCESS) {
    eto_cu.mod = NULL;
    eto_cu_unload();
    return eto_cu_driver_fail("cuModuleLoadData (the embedded PTX)", r);
  }
  for (int k = 0; k < ETO_CU_NKERNELS; k++)
    if ((r = a->module_function(&eto_cu.fn[k], eto_cu.mod, eto_cu_kernel_names[k])) != CUDA_SUCCESS) {
      eto_cu_unload();
      char call[256];
      snprintf(call, sizeof call, "cuModuleGetFunction(%s)", eto_cu_kernel_names[k]);
      return eto_cu_driver_fail(call, r);
    }
  eto_cu.ready = 1;
  return 0;
}

static int eto_cu_init(void) {
  pthread_mutex_lock(&eto_cu.mu);
  int rc = eto_cu_load();
  pthread_mutex_unlock(&eto_cu.mu);
  return rc;
}

static void eto_cu_shutdown(void) {
  pthread_mutex_lock(&eto_cu.mu);
  if (eto_cu.ready) eto_cu_unload();
  pthread_mutex_unlock(&eto_cu.mu);
}

static const char *eto_cu_last_error(void) { return eto_cu_msg; }

/* Launches kernel k with grid (blocks, 1, 1) and block (threads, 1, 1) on the default stream of the context the
 * module was loaded into (made current on this thread when none is). 0 or an errno value. */
static int eto_cu_launch(int k, unsigned blocks, unsigned threads, void **params) {
  pthread_mutex_lock(&eto_cu.mu);
  int rc = eto_cu_load();
  CUfunction fn = eto_cu.fn[k];
  CUcontext ctx = eto_cu.ctx;
  pthread_mutex_unlock(&eto_cu.mu);
  if (rc != 0) return rc;
  const eto_cu_api *a = &eto_cu.api;
  CUcontext cur = NULL;
  CUresult r = a->ctx_get(&cur);
  if (r != CUDA_SUCCESS) return eto_cu_driver_fail("cuCtxGetCurrent", r);
  if (!cur) {
    if ((r = a->ctx_set(ctx)) != CUDA_SUCCESS) return eto_cu_driver_fail("cuCtxSetCurrent", r);
  } else if (cur != ctx) {
    return eto_cu_fail(EINVAL, "another CUDA context is current on this thread than the one the kernels were "
                               "loaded into (at the first call or %s_init)",
                       ETO_CU_NAME);
  }
  r = a->launch(fn, blocks, 1, 1, threads, 1, 1, 0, NULL, params, NULL);
  if (r != CUDA_SUCCESS) {
    char call[256];
    snprintf(call, sizeof call, "cuLaunchKernel(%s)", eto_cu_kernel_names[k]);
    return eto_cu_driver_fail(call, r);
  }
  return 0;
}
