/* vendor.h — the references generated kernels are judged against (bench only, never a library dependency):
 * OpenBLAS sgemm, oneDNN convolution, and the machine's fp32 FMA peak. Every function times with the same
 * protocol as etotune's measurer: warm-up, repeats of >= min_seconds, median of the per-run means. */
#ifndef ETO_BENCH_VENDOR_H
#define ETO_BENCH_VENDOR_H

#include <stdint.h>

/* Seconds per C[M,N] = A[M,K] * B[K,N] (row-major) with OpenBLAS on `threads` threads; < 0 on failure. */
double bench_openblas_sgemm(int64_t m, int64_t n, int64_t k, int threads, double min_seconds);

/* oneDNN forward convolution (NCHW data, OIHW weights) on `threads` threads. Sets *with_reorders to the time
 * including the NCHW <-> preferred-layout reorders of input and output (weights reordered once, outside the
 * timing) and returns the convolution alone; < 0 on failure. */
double bench_onednn_conv2d(int64_t n, int64_t c, int64_t h, int64_t w, int64_t k, int64_t r, int64_t s, int64_t stride,
                           int64_t pad, int threads, double min_seconds, double *with_reorders);

/* oneDNN matmul C[b,M,N] = A[b,M,K] x B[b,K,N] (row-major, plain layouts) on `threads` threads; < 0 on failure. */
double bench_onednn_matmul(int64_t b, int64_t m, int64_t n, int64_t k, int threads, double min_seconds);

/* Measured fp32 FMA peak in GFLOP/s of `threads` threads (independent FMA chains on full-width vectors). */
double bench_fma_peak(int threads);

#endif
