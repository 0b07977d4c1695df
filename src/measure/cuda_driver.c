/* cuda_driver.c — the CUDA driver API loaded at run time with dlopen("libcuda.so.1"). The binary never links
 * libcuda (the toolkit's stub would make it fail to start on machines without a driver), so the few entry
 * points used are declared here with their stable ABI (the versioned symbol names of cuda.h, plain C types).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_driver.h"

typedef int cu_result; /* CUresult: 0 = CUDA_SUCCESS */
typedef int cu_device;
typedef void *cu_context;
typedef void *cu_event;

/* CUdevice_attribute values (cuda.h; stable since CUDA 2-6). */
enum {
  CU_ATTR_MAX_THREADS_PER_BLOCK = 1,
  CU_ATTR_MAX_SHARED_MEMORY_PER_BLOCK = 8,
  CU_ATTR_WARP_SIZE = 10,
  CU_ATTR_MAX_REGISTERS_PER_BLOCK = 12,
  CU_ATTR_MULTIPROCESSOR_COUNT = 16,
  CU_ATTR_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_ATTR_COMPUTE_CAPABILITY_MINOR = 76,
};

typedef struct {
  cu_result (*init)(unsigned);
  cu_result (*driver_version)(int *);
  cu_result (*device_count)(int *);
  cu_result (*device_get)(cu_device *, int);
  cu_result (*device_name)(char *, int, cu_device);
  cu_result (*device_attr)(int *, int, cu_device);
  cu_result (*device_mem)(size_t *, cu_device);
  cu_result (*ctx_retain)(cu_context *, cu_device);
  cu_result (*ctx_release)(cu_device);
  cu_result (*ctx_set)(cu_context);
  cu_result (*ctx_sync)(void);
  cu_result (*mem_alloc)(cuda_dptr *, size_t);
  cu_result (*mem_free)(cuda_dptr);
  cu_result (*htod)(cuda_dptr, const void *, size_t);
  cu_result (*dtoh)(void *, cuda_dptr, size_t);
  cu_result (*memset32)(cuda_dptr, unsigned, size_t);
  cu_result (*mod_load)(cuda_module *, const void *);
  cu_result (*mod_unload)(cuda_module);
  cu_result (*mod_func)(cuda_function *, cuda_module, const char *);
  cu_result (*launch)(cuda_function, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                      void *, void **, void **);
  cu_result (*ev_create)(cu_event *, unsigned);
  cu_result (*ev_record)(cu_event, void *);
  cu_result (*ev_sync)(cu_event);
  cu_result (*ev_elapsed)(float *, cu_event, cu_event);
  cu_result (*ev_destroy)(cu_event);
  cu_result (*err_name)(cu_result, const char **);
  cu_result (*err_string)(cu_result, const char **);
} cu_api;

/* Entry points: symbol names in order of preference (the _v2 ABIs of cuda.h first). */
static const struct {
  size_t offset;
  const char *sym[2];
} api_table[] = {
    {offsetof(cu_api, init), {"cuInit", NULL}},
    {offsetof(cu_api, driver_version), {"cuDriverGetVersion", NULL}},
    {offsetof(cu_api, device_count), {"cuDeviceGetCount", NULL}},
    {offsetof(cu_api, device_get), {"cuDeviceGet", NULL}},
    {offsetof(cu_api, device_name), {"cuDeviceGetName", NULL}},
    {offsetof(cu_api, device_attr), {"cuDeviceGetAttribute", NULL}},
    {offsetof(cu_api, device_mem), {"cuDeviceTotalMem_v2", NULL}},
    {offsetof(cu_api, ctx_retain), {"cuDevicePrimaryCtxRetain", NULL}},
    {offsetof(cu_api, ctx_release), {"cuDevicePrimaryCtxRelease_v2", "cuDevicePrimaryCtxRelease"}},
    {offsetof(cu_api, ctx_set), {"cuCtxSetCurrent", NULL}},
    {offsetof(cu_api, ctx_sync), {"cuCtxSynchronize", NULL}},
    {offsetof(cu_api, mem_alloc), {"cuMemAlloc_v2", NULL}},
    {offsetof(cu_api, mem_free), {"cuMemFree_v2", NULL}},
    {offsetof(cu_api, htod), {"cuMemcpyHtoD_v2", NULL}},
    {offsetof(cu_api, dtoh), {"cuMemcpyDtoH_v2", NULL}},
    {offsetof(cu_api, memset32), {"cuMemsetD32_v2", NULL}},
    {offsetof(cu_api, mod_load), {"cuModuleLoadData", NULL}},
    {offsetof(cu_api, mod_unload), {"cuModuleUnload", NULL}},
    {offsetof(cu_api, mod_func), {"cuModuleGetFunction", NULL}},
    {offsetof(cu_api, launch), {"cuLaunchKernel", NULL}},
    {offsetof(cu_api, ev_create), {"cuEventCreate", NULL}},
    {offsetof(cu_api, ev_record), {"cuEventRecord", NULL}},
    {offsetof(cu_api, ev_sync), {"cuEventSynchronize", NULL}},
    {offsetof(cu_api, ev_elapsed), {"cuEventElapsedTime_v2", "cuEventElapsedTime"}},
    {offsetof(cu_api, ev_destroy), {"cuEventDestroy_v2", "cuEventDestroy"}},
    {offsetof(cu_api, err_name), {"cuGetErrorName", NULL}},
    {offsetof(cu_api, err_string), {"cuGetErrorString", NULL}},
};
_Static_assert(sizeof api_table / sizeof api_table[0] == sizeof(cu_api) / sizeof(void (*)(void)),
               "one table row per driver entry point");

struct cuda_rt {
  void *lib;
  cu_api api;
  cu_device dev;
  cu_context ctx;
  int have_ctx;
};

static void cu_error(const cuda_rt *rt, const char *call, cu_result r, char *msg, int cap) {
  const char *name = NULL, *text = NULL;
  if (rt->api.err_name) rt->api.err_name(r, &name);
  if (rt->api.err_string) rt->api.err_string(r, &text);
  if (msg && cap > 0)
    snprintf(msg, cap, "%s: %s (%d): %s", call, name ? name : "CUDA_ERROR", r,
             text ? text : "no description");
}

#define CU(rt, call, args, msg, cap)                                                                         \
  do {                                                                                                       \
    cu_result r_ = (rt)->api.call args;                                                                      \
    if (r_ != 0) {                                                                                           \
      cu_error((rt), #call, r_, (msg), (cap));                                                               \
      return -1;                                                                                             \
    }                                                                                                        \
  } while (0)

static const char not_measured[] = "kernels can be compiled and checked, not measured";

eto_status cuda_rt_open(int ordinal, cuda_rt **out, eto_cuda_device_info *info, char *msg, int cap) {
  *out = NULL;
  memset(info, 0, sizeof *info);
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char *e = dlerror();
    snprintf(msg, cap, "no CUDA driver (libcuda.so.1 not found: %s): %s", e ? e : "?", not_measured);
    return ETO_ERR_UNSUPPORTED;
  }
  cuda_rt *rt = calloc(1, sizeof *rt);
  if (!rt) {
    dlclose(lib);
    return ETO_ERR_NOMEM;
  }
  rt->lib = lib;
  for (size_t i = 0; i < sizeof api_table / sizeof api_table[0]; i++) {
    void *f = NULL;
    for (int j = 0; j < 2 && !f && api_table[i].sym[j]; j++) f = dlsym(lib, api_table[i].sym[j]);
    if (!f) {
      snprintf(msg, cap, "the CUDA driver lacks %s (too old?): %s", api_table[i].sym[0], not_measured);
      cuda_rt_close(rt);
      return ETO_ERR_UNSUPPORTED;
    }
    memcpy((char *)&rt->api + api_table[i].offset, &f, sizeof f);
  }
  char why[256];
  cu_result r = rt->api.init(0);
  if (r != 0) {
    cu_error(rt, "cuInit", r, why, sizeof why);
    snprintf(msg, cap, "the CUDA driver cannot be initialized (%s): %s", why, not_measured);
    cuda_rt_close(rt);
    return ETO_ERR_UNSUPPORTED;
  }
  int n = 0;
  if (rt->api.device_count(&n) != 0 || n <= ordinal || ordinal < 0) {
    snprintf(msg, cap, "no CUDA device %d (%d present): %s", ordinal, n, not_measured);
    cuda_rt_close(rt);
    return ETO_ERR_UNSUPPORTED;
  }
  if ((r = rt->api.device_get(&rt->dev, ordinal)) != 0 || (r = rt->api.ctx_retain(&rt->ctx, rt->dev)) != 0) {
    cu_error(rt, "cuDevicePrimaryCtxRetain", r, why, sizeof why);
    snprintf(msg, cap, "CUDA device %d cannot be used (%s): %s", ordinal, why, not_measured);
    cuda_rt_close(rt);
    return ETO_ERR_UNSUPPORTED;
  }
  rt->have_ctx = 1;
  if ((r = rt->api.ctx_set(rt->ctx)) != 0) {
    cu_error(rt, "cuCtxSetCurrent", r, why, sizeof why);
    snprintf(msg, cap, "CUDA device %d cannot be used (%s): %s", ordinal, why, not_measured);
    cuda_rt_close(rt);
    return ETO_ERR_UNSUPPORTED;
  }
  rt->api.device_name(info->name, (int)sizeof info->name, rt->dev);
  info->name[sizeof info->name - 1] = 0;
  static const struct {
    int attr;
    size_t offset;
  } attrs[] = {
      {CU_ATTR_COMPUTE_CAPABILITY_MAJOR, offsetof(eto_cuda_device_info, cc_major)},
      {CU_ATTR_COMPUTE_CAPABILITY_MINOR, offsetof(eto_cuda_device_info, cc_minor)},
      {CU_ATTR_MULTIPROCESSOR_COUNT, offsetof(eto_cuda_device_info, sm_count)},
      {CU_ATTR_MAX_THREADS_PER_BLOCK, offsetof(eto_cuda_device_info, max_threads_per_block)},
      {CU_ATTR_WARP_SIZE, offsetof(eto_cuda_device_info, warp_size)},
      {CU_ATTR_MAX_REGISTERS_PER_BLOCK, offsetof(eto_cuda_device_info, regs_per_block)},
  };
  for (size_t i = 0; i < sizeof attrs / sizeof attrs[0]; i++) {
    int v = 0;
    rt->api.device_attr(&v, attrs[i].attr, rt->dev);
    memcpy((char *)info + attrs[i].offset, &v, sizeof v);
  }
  int smem = 0;
  rt->api.device_attr(&smem, CU_ATTR_MAX_SHARED_MEMORY_PER_BLOCK, rt->dev);
  info->smem_per_block = smem;
  size_t mem = 0;
  rt->api.device_mem(&mem, rt->dev);
  info->total_mem = (int64_t)mem;
  rt->api.driver_version(&info->driver_version);
  snprintf(info->arch, sizeof info->arch, "sm_%d%d", info->cc_major, info->cc_minor);
  *out = rt;
  return ETO_OK;
}

void cuda_rt_close(cuda_rt *rt) {
  if (!rt) return;
  if (rt->have_ctx) rt->api.ctx_release(rt->dev);
  dlclose(rt->lib);
  free(rt);
}

int cuda_rt_alloc(cuda_rt *rt, size_t bytes, cuda_dptr *out, char *msg, int cap) {
  *out = 0;
  CU(rt, mem_alloc, (out, bytes ? bytes : 4), msg, cap);
  return 0;
}

void cuda_rt_free(cuda_rt *rt, cuda_dptr p) {
  if (p) rt->api.mem_free(p);
}

int cuda_rt_htod(cuda_rt *rt, cuda_dptr dst, const void *src, size_t bytes, char *msg, int cap) {
  CU(rt, htod, (dst, src, bytes), msg, cap);
  return 0;
}

int cuda_rt_dtoh(cuda_rt *rt, void *dst, cuda_dptr src, size_t bytes, char *msg, int cap) {
  CU(rt, dtoh, (dst, src, bytes), msg, cap);
  return 0;
}

int cuda_rt_memset32(cuda_rt *rt, cuda_dptr dst, unsigned value, size_t count, char *msg, int cap) {
  CU(rt, memset32, (dst, value, count), msg, cap);
  return 0;
}

int cuda_rt_load(cuda_rt *rt, const void *cubin, const char *name, cuda_module *mod, cuda_function *fn,
                 char *msg, int cap) {
  *mod = NULL;
  *fn = NULL;
  CU(rt, mod_load, (mod, cubin), msg, cap);
  cu_result r = rt->api.mod_func(fn, *mod, name);
  if (r != 0) {
    cu_error(rt, "cuModuleGetFunction", r, msg, cap);
    rt->api.mod_unload(*mod);
    *mod = NULL;
    return -1;
  }
  return 0;
}

void cuda_rt_unload(cuda_rt *rt, cuda_module mod) {
  if (mod) rt->api.mod_unload(mod);
}

int cuda_rt_run(cuda_rt *rt, cuda_function fn, long long blocks, long long threads, void **params,
                long long runs, double *seconds, char *msg, int cap) {
  cu_event ev[2] = {NULL, NULL};
  int rc = -1;
  cu_result r;
  if (seconds) {
    *seconds = 0;
    if ((r = rt->api.ev_create(&ev[0], 0)) != 0 || (r = rt->api.ev_create(&ev[1], 0)) != 0) {
      cu_error(rt, "cuEventCreate", r, msg, cap);
      goto done;
    }
    if ((r = rt->api.ev_record(ev[0], NULL)) != 0) {
      cu_error(rt, "cuEventRecord", r, msg, cap);
      goto done;
    }
  }
  for (long long i = 0; i < runs; i++) {
    r = rt->api.launch(fn, (unsigned)blocks, 1, 1, (unsigned)threads, 1, 1, 0, NULL, params, NULL);
    if (r != 0) {
      cu_error(rt, "cuLaunchKernel", r, msg, cap);
      goto done;
    }
  }
  if (seconds) {
    float ms = 0;
    if ((r = rt->api.ev_record(ev[1], NULL)) != 0) {
      cu_error(rt, "cuEventRecord", r, msg, cap);
      goto done;
    }
    if ((r = rt->api.ev_sync(ev[1])) != 0) {
      cu_error(rt, "cuEventSynchronize", r, msg, cap);
      goto done;
    }
    if ((r = rt->api.ev_elapsed(&ms, ev[0], ev[1])) != 0) {
      cu_error(rt, "cuEventElapsedTime", r, msg, cap);
      goto done;
    }
    *seconds = ms * 1e-3;
  }
  if ((r = rt->api.ctx_sync()) != 0) {
    cu_error(rt, "cuCtxSynchronize", r, msg, cap);
    goto done;
  }
  rc = 0;
done:
  for (int i = 0; i < 2; i++)
    if (ev[i]) rt->api.ev_destroy(ev[i]);
  return rc;
}
