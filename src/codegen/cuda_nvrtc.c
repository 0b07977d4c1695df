/* cuda_nvrtc.c — CUDA C -> CUBIN (the binary and its log), or -> PTX, with NVRTC. Built with NVRTC where
 * the CUDA toolkit was found (ETO_HAVE_NVRTC); without it, eto_cuda_compile and eto_cuda_compile_ptx say so
 * and eto_cuda_nvrtc_version is -1. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef ETO_HAVE_NVRTC
#include <nvrtc.h>
#endif

#include "codegen.h"

struct eto_cuda_binary {
  char *cubin;
  size_t cubin_size;
  char *log;
  double seconds;
};

#ifdef ETO_HAVE_NVRTC

int eto_cuda_nvrtc_version(void) {
  int major = 0, minor = 0;
  if (nvrtcVersion(&major, &minor) != NVRTC_SUCCESS) return -1;
  return major * 1000 + minor * 10;
}

/* "sm_80", "sm_90a": the real architectures NVRTC can produce a CUBIN for (compute_XX gives PTX only). */
static int valid_arch(const char *a) {
  if (strncmp(a, "sm_", 3) != 0 || !(a[3] >= '0' && a[3] <= '9')) return 0;
  const char *p = a + 3;
  while (*p >= '0' && *p <= '9') p++;
  return *p == 0 || ((*p == 'a' || *p == 'f') && p[1] == 0);
}

/* First lines of a log, on one line, for a short message. */
static void log_excerpt(const char *log, char *buf, int cap) {
  int n = 0;
  if (cap <= 0) return;
  buf[0] = 0;
  for (const char *p = log; *p && n < cap - 1; p++) {
    char ch = *p == '\n' ? ' ' : *p;
    if (ch == ' ' && n > 0 && buf[n - 1] == ' ') continue;
    buf[n++] = ch;
  }
  while (n > 0 && buf[n - 1] == ' ') n--;
  buf[n] = 0;
}

/* Creates and compiles an NVRTC program for opts (arch, --maxrregcount): for the real architecture sm_XX with
 * the ptxas verbose log (a CUBIN), or with ptx != 0 for its virtual architecture compute_XX (PTX). On ETO_OK
 * *prog is compiled (the caller destroys it). *log receives the NVRTC log (malloc'ed; "" when NVRTC did not
 * run; NULL only with ETO_ERR_NOMEM), compiled or not; on failure *prog is destroyed. */
static eto_status nvrtc_build(const char *source, const eto_cuda_compile_opts *opts, int ptx, nvrtcProgram *prog,
                              char **log, double *seconds, char *msg, int cap) {
  const char *arch = opts && opts->arch ? opts->arch : "sm_80";
  *log = NULL;
  if (!valid_arch(arch)) {
    *log = strdup("");
    if (msg) snprintf(msg, cap, "'%s' is not a real CUDA architecture (expected sm_XX, e.g. sm_80)", arch);
    return *log ? ETO_ERR_INVALID : ETO_ERR_NOMEM;
  }
  char archopt[64], regopt[64];
  /* the virtual architecture of sm_XX[a|f]: PTX the driver compiles for that GPU (and later ones without a
   * suffix) */
  snprintf(archopt, sizeof archopt, "--gpu-architecture=%s%s", ptx ? "compute_" : "", ptx ? arch + 3 : arch);
  const char *o[4] = {archopt, "-default-device"};
  int no = 2;
  if (!ptx) o[no++] = "--ptxas-options=-v";
  if (opts && opts->max_registers > 0) {
    snprintf(regopt, sizeof regopt, "--maxrregcount=%d", opts->max_registers);
    o[no++] = regopt;
  }
  nvrtcResult r = nvrtcCreateProgram(prog, source, "etotune.cu", 0, NULL, NULL);
  if (r != NVRTC_SUCCESS) {
    *log = strdup("");
    if (msg) snprintf(msg, cap, "nvrtcCreateProgram: %s", nvrtcGetErrorString(r));
    return r == NVRTC_ERROR_OUT_OF_MEMORY || !*log ? ETO_ERR_NOMEM : ETO_ERR_INVALID;
  }
  double t0 = eto_now();
  r = nvrtcCompileProgram(*prog, no, o);
  if (seconds) *seconds = eto_now() - t0;
  size_t lsz = 0;
  if (nvrtcGetProgramLogSize(*prog, &lsz) != NVRTC_SUCCESS) lsz = 0;
  *log = malloc(lsz + 1);
  if (!*log) {
    nvrtcDestroyProgram(prog);
    return ETO_ERR_NOMEM;
  }
  (*log)[0] = 0;
  if (lsz > 0 && nvrtcGetProgramLog(*prog, *log) != NVRTC_SUCCESS) (*log)[0] = 0;
  (*log)[lsz] = 0;
  if (r == NVRTC_SUCCESS) return ETO_OK;
  if (msg) {
    char ex[384], sup[192] = "";
    log_excerpt(*log, ex, sizeof ex);
    int na = 0, archs[64];
    if (r == NVRTC_ERROR_INVALID_OPTION && nvrtcGetNumSupportedArchs(&na) == NVRTC_SUCCESS && na > 0 &&
        na <= 64 && nvrtcGetSupportedArchs(archs) == NVRTC_SUCCESS) {
      int n = snprintf(sup, sizeof sup, " (this NVRTC supports");
      for (int i = 0; i < na && n < (int)sizeof sup - 12; i++)
        n += snprintf(sup + n, sizeof sup - n, " sm_%d", archs[i]);
      snprintf(sup + n, sizeof sup - n, ")");
    }
    snprintf(msg, cap, "NVRTC (%s): %s: %s%s", arch, nvrtcGetErrorString(r), ex, sup);
  }
  nvrtcDestroyProgram(prog);
  return r == NVRTC_ERROR_OUT_OF_MEMORY ? ETO_ERR_NOMEM : ETO_ERR_INVALID;
}

eto_status eto_cuda_compile(const char *source, const eto_cuda_compile_opts *opts, eto_cuda_binary **out,
                            char *msg, int cap) {
  *out = NULL;
  if (msg && cap > 0) msg[0] = 0;
  eto_cuda_binary *b = calloc(1, sizeof *b);
  if (!b) return ETO_ERR_NOMEM;
  *out = b;
  nvrtcProgram prog;
  eto_status st = nvrtc_build(source, opts, 0, &prog, &b->log, &b->seconds, msg, cap);
  if (st != ETO_OK) return st;
  const char *arch = opts && opts->arch ? opts->arch : "sm_80";
  size_t csz = 0;
  if (nvrtcGetCUBINSize(prog, &csz) != NVRTC_SUCCESS || csz == 0) {
    if (msg) snprintf(msg, cap, "NVRTC produced no CUBIN for %s", arch);
    nvrtcDestroyProgram(&prog);
    return ETO_ERR_INVALID;
  }
  b->cubin = malloc(csz);
  if (!b->cubin) {
    nvrtcDestroyProgram(&prog);
    return ETO_ERR_NOMEM;
  }
  if (nvrtcGetCUBIN(prog, b->cubin) != NVRTC_SUCCESS) {
    if (msg) snprintf(msg, cap, "nvrtcGetCUBIN failed");
    free(b->cubin);
    b->cubin = NULL;
    nvrtcDestroyProgram(&prog);
    return ETO_ERR_INVALID;
  }
  b->cubin_size = csz;
  nvrtcDestroyProgram(&prog);
  return ETO_OK;
}

eto_status eto_cuda_compile_ptx(const char *source, const eto_cuda_compile_opts *opts, char **ptx, char *msg,
                                int cap) {
  *ptx = NULL;
  if (msg && cap > 0) msg[0] = 0;
  nvrtcProgram prog;
  char *log = NULL;
  eto_status st = nvrtc_build(source, opts, 1, &prog, &log, NULL, msg, cap);
  free(log);
  if (st != ETO_OK) return st;
  size_t n = 0;
  if (nvrtcGetPTXSize(prog, &n) != NVRTC_SUCCESS || n == 0) {
    if (msg) snprintf(msg, cap, "NVRTC produced no PTX for %s", opts && opts->arch ? opts->arch : "sm_80");
    nvrtcDestroyProgram(&prog);
    return ETO_ERR_INVALID;
  }
  *ptx = malloc(n + 1);
  if (!*ptx) {
    nvrtcDestroyProgram(&prog);
    return ETO_ERR_NOMEM;
  }
  if (nvrtcGetPTX(prog, *ptx) != NVRTC_SUCCESS) {
    if (msg) snprintf(msg, cap, "nvrtcGetPTX failed");
    free(*ptx);
    *ptx = NULL;
    nvrtcDestroyProgram(&prog);
    return ETO_ERR_INVALID;
  }
  (*ptx)[n] = 0;
  nvrtcDestroyProgram(&prog);
  return ETO_OK;
}

#else

int eto_cuda_nvrtc_version(void) { return -1; }

eto_status eto_cuda_compile(const char *source, const eto_cuda_compile_opts *opts, eto_cuda_binary **out,
                            char *msg, int cap) {
  (void)source;
  (void)opts;
  *out = NULL;
  if (msg) snprintf(msg, cap, "this build has no NVRTC (the CUDA toolkit was not found at build time)");
  return ETO_ERR_UNSUPPORTED;
}

eto_status eto_cuda_compile_ptx(const char *source, const eto_cuda_compile_opts *opts, char **ptx, char *msg,
                                int cap) {
  (void)source;
  (void)opts;
  *ptx = NULL;
  if (msg) snprintf(msg, cap, "this build has no NVRTC (the CUDA toolkit was not found at build time)");
  return ETO_ERR_UNSUPPORTED;
}

#endif

const void *eto_cuda_binary_cubin(const eto_cuda_binary *b, size_t *size) {
  *size = b->cubin ? b->cubin_size : 0;
  return b->cubin;
}

const char *eto_cuda_binary_log(const eto_cuda_binary *b) { return b->log ? b->log : ""; }

double eto_cuda_binary_seconds(const eto_cuda_binary *b) { return b->seconds; }

void eto_cuda_binary_free(eto_cuda_binary *b) {
  if (!b) return;
  free(b->cubin);
  free(b->log);
  free(b);
}

