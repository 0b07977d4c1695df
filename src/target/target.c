/* target.c — host CPU detection and the table of known CUDA architectures. */
#include "target.h"
#include "base.h"

#include <llvm-c/Core.h>
#include <llvm-c/TargetMachine.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char host_features[4096];

const char *eto_target_cpu_features(void) {
  if (!host_features[0]) {
    char *f = LLVMGetHostCPUFeatures();
    snprintf(host_features, sizeof host_features, "%s", f ? f : "");
    LLVMDisposeMessage(f);
  }
  return host_features;
}

static void cpu_model(char *buf, size_t cap) {
  snprintf(buf, cap, "unknown cpu");
  FILE *f = fopen("/proc/cpuinfo", "r");
  if (!f) return;
  char line[512];
  while (fgets(line, sizeof line, f)) {
    if (strncmp(line, "model name", 10) == 0) {
      char *p = strchr(line, ':');
      if (p) {
        p++;
        while (*p == ' ') p++;
        p[strcspn(p, "\n")] = 0;
        snprintf(buf, cap, "%s", p);
      }
      break;
    }
  }
  fclose(f);
}

static int has_feature(const char *features, const char *name) {
  size_t n = strlen(name);
  for (const char *p = features; (p = strstr(p, name)) != NULL; p += n) {
    if (p > features && p[-1] == '+' && (p[n] == ',' || p[n] == 0)) return 1;
  }
  return 0;
}

static void fingerprint(eto_target *t, const char *extra) {
  char buf[64];
  uint64_t h = ETO_HASH_SEED;
  h = eto_hash_str(h, t->name);
  h = eto_hash_str(h, t->model);
  h = eto_hash_str(h, t->arch);
  h = eto_hash_str(h, extra);
  snprintf(buf, sizeof buf, "|cores=%d|codegen=%d", t->cores, ETO_CODEGEN_VERSION);
  h = eto_hash_str(h, buf);
  snprintf(t->fingerprint, sizeof t->fingerprint, "%016llx", (unsigned long long)h);
}

void eto_target_cpu(int threads, eto_target *out) {
  memset(out, 0, sizeof *out);
  out->kind = ETO_TARGET_CPU;
  snprintf(out->name, sizeof out->name, "cpu");
  cpu_model(out->model, sizeof out->model);
  char *cpu = LLVMGetHostCPUName();
  snprintf(out->arch, sizeof out->arch, "%s", cpu ? cpu : "generic");
  LLVMDisposeMessage(cpu);
  const char *feat = eto_target_cpu_features();
  long online = sysconf(_SC_NPROCESSORS_ONLN);
  out->cores = threads > 0 ? threads : (online > 0 ? (int)online : 1);
  out->vector_bits = has_feature(feat, "avx512f") ? 512 : has_feature(feat, "avx") ? 256 : 128;
  out->line_bytes = 64;
  out->warp_size = out->vector_bits / 32;
  out->banks = 0;
  out->max_threads_per_block = 1024;
  out->min_threads_per_block = 1;
  out->max_shared_bytes = 512 * 1024; /* block-local tiles should stay in L2 */
  out->max_vthreads = 8;
  /* accumulators per thread: at most the vector register file (16 registers with AVX2, 32 with AVX-512) */
  out->max_thread_tile = out->warp_size * (out->vector_bits >= 512 ? 32 : 16);
  out->max_innermost = 64;
  out->max_straight_line = 4096;
  out->regs_per_thread = 0;
  out->direct_reads = 1;
  fingerprint(out, feat);
  snprintf(out->description, sizeof out->description,
           "cpu: %s (llvm %s), %d cores used, %d-bit SIMD, codegen v%d", out->model, out->arch, out->cores,
           out->vector_bits, ETO_CODEGEN_VERSION);
}

/* Known CUDA architectures: the limits that do not need a device to be read. */
static const struct {
  const char *arch;
  int smem_per_block; /* bytes, default (non opt-in) limit */
  int regs_per_thread;
  int sm_count; /* of the reference part, used when no device is present */
  const char *reference_part;
} cuda_archs[] = {
    {"sm_70", 48 * 1024, 255, 80, "Tesla V100"},
    {"sm_75", 48 * 1024, 255, 40, "Tesla T4"},
    {"sm_80", 48 * 1024, 255, 108, "A100"},
    {"sm_86", 48 * 1024, 255, 84, "RTX 3090"},
    {"sm_89", 48 * 1024, 255, 128, "RTX 4090"},
    {"sm_90", 48 * 1024, 255, 132, "H100"},
};

int eto_target_cuda(const char *arch, const char *device_name, int sm_count, eto_target *out) {
  memset(out, 0, sizeof *out);
  for (size_t i = 0; i < sizeof cuda_archs / sizeof cuda_archs[0]; i++) {
    if (strcmp(cuda_archs[i].arch, arch) != 0) continue;
    out->kind = ETO_TARGET_CUDA;
    snprintf(out->name, sizeof out->name, "cuda");
    snprintf(out->model, sizeof out->model, "%s", device_name ? device_name : cuda_archs[i].reference_part);
    snprintf(out->arch, sizeof out->arch, "%s", arch);
    out->cores = sm_count > 0 ? sm_count : cuda_archs[i].sm_count;
    out->vector_bits = 32 * 32;
    out->line_bytes = 32;
    out->warp_size = 32;
    out->banks = 32;
    out->max_threads_per_block = 1024;
    out->min_threads_per_block = 32;
    out->max_shared_bytes = cuda_archs[i].smem_per_block;
    out->max_vthreads = 8;
    out->max_thread_tile = 256;
    out->max_innermost = 64;
    out->regs_per_thread = cuda_archs[i].regs_per_thread;
    fingerprint(out, device_name ? "device" : "no-device");
    snprintf(out->description, sizeof out->description, "cuda: %s (%s), %d SMs, codegen v%d", out->model,
             arch, out->cores, ETO_CODEGEN_VERSION);
    return 0;
  }
  return -1;
}
