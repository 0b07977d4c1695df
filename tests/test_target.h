/* test_target.h — the CPU target of the tests whose recipes were found on AVX-512 hosts (register tiles of up to
 * 512 accumulators, 16 lanes): test_target_cpu is this host (its cores, model and fingerprint) with AVX-512's vector
 * width and register-tile limit where the host has less, so that those recipes stay valid and lower to the same
 * 16-wide IR on every CI host. Their kernels still run here: LLVM splits a 16-wide vector into the host's registers
 * (two ymm with AVX2). The product itself sizes the space by the host (eto_target_cpu; the shell tests use it). */
#ifndef ETO_TESTS_TEST_TARGET_H
#define ETO_TESTS_TEST_TARGET_H

#include "target.h"

static inline void test_target_cpu(int threads, eto_target *t) {
  eto_target_cpu(threads, t);
  if (t->vector_bits >= 512) return;
  t->vector_bits = 512;
  t->warp_size = 16;
  t->max_thread_tile = 16 * 32;
}

#endif
