/* target.h — descriptors of the devices etotune tunes for, and their fingerprints.
 *
 * A target descriptor carries the limits the schedule space is validated against (threads per block,
 * shared memory per block, virtual threads, per-thread register tile) and the constants the reuse tuner's
 * cost hooks use (cache line / global-memory line, SIMD width or warp size, banks). Its fingerprint is a
 * hex digest of everything that changes measured results (CPU model, features, core count, GPU name/SM,
 * code generator version); the cache keys every record by it.
 */
#ifndef ETO_TARGET_H
#define ETO_TARGET_H

#include <stdint.h>

/* Bumped whenever generated code can change for the same program: cached results of another version are
 * never reused silently. 5: a CPU register tile without S4 factors is lowered with a vector loop (src/lower).
 * 6: that vector loop, and one of a program's S4 factor that is a multiple of the lanes, runs the largest power of
 * two that divides its columns, the rest unrolled around it (48 columns of 16 lanes: 3 x 16, where 5 made one loop of
 * 48). 7: also a vector loop wider than the lanes but no multiple of them, where that power is at least half the
 * lanes (56: 7 x 8). */
#define ETO_CODEGEN_VERSION 7

typedef enum { ETO_TARGET_CPU, ETO_TARGET_CUDA } eto_target_kind;

typedef struct eto_target {
  eto_target_kind kind;
  char name[8];                  /* "cpu" or "cuda" */
  char model[128];               /* CPU model name or GPU name */
  char arch[64];                 /* LLVM host CPU name ("skylake-avx512") or "sm_80" */
  int cores;                     /* CPU cores used for blocks; GPU SM count */
  int vector_bits;               /* CPU SIMD width in bits (512 with AVX-512); 32*32 for a GPU warp */
  int line_bytes;                /* cache line (CPU) or global-memory transaction (GPU, 32) */
  int warp_size;                 /* 32 on GPU; SIMD lanes of float32 on the CPU */
  int banks;                     /* shared-memory banks (32 on GPU); 0 on the CPU */
  int max_threads_per_block;
  int min_threads_per_block;     /* GPU: a warp unless the whole space is smaller; CPU: 1 */
  int64_t max_shared_bytes;      /* shared memory (GPU) or block-local tile storage (CPU) per block */
  int max_vthreads;              /* virtual threads per block (Ansor: 8) */
  int max_thread_tile;           /* accumulators per thread (register tile) */
  int max_innermost;             /* largest innermost split factor (Ansor: 64) */
  int max_straight_line;         /* CPU: statements of a multi-level program's innermost straight-line block (its
                                    register tile times the reduction steps unrolled into it); LLVM's time grows
                                    faster than the block (4096: ~1 s, 8192: ~9 s, 12288: over the 10 s build
                                    timeout). 0 = no limit (GPU) */
  int regs_per_thread;           /* GPU register limit; 0 on the CPU */
  int direct_reads;              /* a multi-level program may read an input without a tile copy (eto_program.direct):
                                    1 on the CPU, 0 on a GPU */
  char fingerprint[17];          /* 16 hex digits */
  char description[512];         /* human-readable summary, also stored in the cache's meta db */
} eto_target;

/* Detects the host CPU (model from /proc/cpuinfo, LLVM's host CPU name and features, online cores) and
 * fills *out. threads <= 0 means all online cores. Never fails: unknown fields get safe defaults. */
void eto_target_cpu(int threads, eto_target *out);

/* Fills *out for a CUDA architecture from a table of known ones ("sm_70", "sm_75", "sm_80", "sm_86",
 * "sm_89", "sm_90"). Returns 0, or -1 when the architecture is unknown. device_name may be NULL. */
int eto_target_cuda(const char *arch, const char *device_name, int sm_count, eto_target *out);

/* LLVM host CPU features string ("+avx512f,+fma,...") used by the fingerprint and the code generator.
 * Returned string is static and valid for the process lifetime. */
const char *eto_target_cpu_features(void);

#endif
