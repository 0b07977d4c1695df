/* bert_dyn.h — 261 tuned tensor kernels exported by etotune 0.1.0 (`etotune export`). Generated: do not edit.
 *
 * Target: cpu: AMD EPYC (llvm znver4), 2 cores used, 512-bit SIMD, codegen v4
 *   (fingerprint 9e0ce406cc6ef5d2). The code is compiled for this CPU and its instruction set extensions; it may not
 *   run on another CPU.
 * Linking: -L<dir> -lbert_dyn -pthread (static libbert_dyn.a or shared libbert_dyn.so); nothing else is needed at run
 *   time (no LLVM, no etotune).
 * Tensors: dense, row-major float32 arrays of the shapes given below. Inputs are only read; the output
 *   is written completely and must not overlap an input. Any float alignment works; the latencies in
 *   the manifest were measured on page-aligned (4096-byte) arrays, those of 64 KiB or more on 2 MiB
 *   transparent huge pages (madvise(MADV_HUGEPAGE)) where the machine has them. An array that is not
 *   64-byte aligned can run up to 1.2x slower (vector loads that split cache lines), one on 4 KiB pages
 *   up to 1.3x (which physical pages it got).
 * Errors: each function returns 0, or EINVAL (errno.h) when a pointer is NULL; nothing else can fail.
 * Threads: a call runs the kernel's blocks on a pool of threads started by the first call (the calling
 *   thread works too); bert_dyn_set_threads sets their number. Idle workers spin briefly after a call, then
 *   sleep. Calls from several threads at once are safe: one of them uses the pool, the others run on
 *   their own thread. Each thread, the caller's included, needs 8192 KiB of stack for block-local tiles.
 */
#ifndef BERT_DYN_H
#define BERT_DYN_H

#ifdef __cplusplus
extern "C" {
#endif

/* Sets the number of threads later calls use: 1 runs every block on the calling thread, 0 means one per
 * online core (the default), at most 256. Stops the current workers (they restart at the next call).
 * Returns 0, or EINVAL for n < 0 or n > 256. Do not call it while a kernel runs. */
int bert_dyn_set_threads(int n);
/* The number of threads the next call uses (the caller included). */
int bert_dyn_threads(void);
/* Stops and joins the workers; the next call starts them again. Unloading the shared library does it too. */
void bert_dyn_shutdown(void);

/* base_b1_dyn.qkvo_proj: matmul:m=1,n=768,k=768;dtype=float32
 *   list line: matmul m=1 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,1,768] input, 768 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,1,768] output, 768 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.1.1/2.1.12.2.16 r=32.24.1 u=64 v=2.1 d=0.1
 *   measured by etotune: 0.0134 ms median, 88.0 GFLOP/s (reuse, 9 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_1(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=2,n=768,k=768;dtype=float32
 *   list line: matmul m=2 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,2,768] input, 1536 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,2,768] output, 1536 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.1.2/6.1.2.4.16 r=16.48.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.0151 ms median, 156.3 GFLOP/s (reuse, 95 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_2(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=3,n=768,k=768;dtype=float32
 *   list line: matmul m=3 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,3,768] input, 2304 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,3,768] output, 2304 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.3.1/12.1.1.2.32 r=32.24.1 u=1024 v=1.1 d=0.1
 *   measured by etotune: 0.01888 ms median, 187.5 GFLOP/s (reuse, 74 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_3(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=4,n=768,k=768;dtype=float32
 *   list line: matmul m=4 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,4,768] input, 3072 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,4,768] output, 3072 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.4.1/12.1.1.4.16 r=24.32.1 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.02346 ms median, 201.1 GFLOP/s (reuse, 41 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_4(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=5,n=768,k=768;dtype=float32
 *   list line: matmul m=5 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,5,768] input, 3840 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,5,768] output, 3840 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.5.1/12.1.1.1.64 r=32.24.1 u=1024 v=2.1 d=0.1
 *   measured by etotune: 0.02726 ms median, 216.4 GFLOP/s (reuse, 57 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_5(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=6,n=768,k=768;dtype=float32
 *   list line: matmul m=6 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,6,768] input, 4608 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,6,768] output, 4608 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.6.1/12.1.1.4.16 r=24.32.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.03217 ms median, 220.0 GFLOP/s (reuse, 57 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_6(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=7,n=768,k=768;dtype=float32
 *   list line: matmul m=7 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,7,768] input, 5376 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,7,768] output, 5376 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.7.1/8.1.3.1.32 r=4.64.3 u=1024 v=2.1 d=0.1
 *   measured by etotune: 0.03916 ms median, 210.9 GFLOP/s (reuse, 40 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_7(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=8,n=768,k=768;dtype=float32
 *   list line: matmul m=8 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,8,768] input, 6144 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,8,768] output, 6144 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.8.1/12.1.2.2.16 r=24.32.1 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.0478 ms median, 197.4 GFLOP/s (reuse, 13 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_8(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=9,n=768,k=768;dtype=float32
 *   list line: matmul m=9 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,9,768] input, 6912 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,9,768] output, 6912 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.9.1/24.1.1.2.16 r=4.192.1 u=64 v=4.1 d=0.1
 *   measured by etotune: 0.0503 ms median, 211.1 GFLOP/s (reuse, 56 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_9(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=10,n=768,k=768;dtype=float32
 *   list line: matmul m=10 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,10,768] input, 7680 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,10,768] output, 7680 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.10.1/12.1.2.2.16 r=3.64.4 u=64 v=2.1 d=0.1
 *   measured by etotune: 0.0552 ms median, 213.7 GFLOP/s (reuse, 44 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_10(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=11,n=768,k=768;dtype=float32
 *   list line: matmul m=11 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,11,768] input, 8448 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,11,768] output, 8448 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.11.1/12.1.2.2.16 r=2.384.1 u=64 v=4.1 d=0.1
 *   measured by etotune: 0.061 ms median, 212.7 GFLOP/s (reuse, 58 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_11(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=12,n=768,k=768;dtype=float32
 *   list line: matmul m=12 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,12,768] input, 9216 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,12,768] output, 9216 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.6.2/24.1.1.2.16 r=4.192.1 u=1024 v=1.1 d=0.1
 *   measured by etotune: 0.06918 ms median, 204.6 GFLOP/s (reuse, 45 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_12(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=13,n=768,k=768;dtype=float32
 *   list line: matmul m=13 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,13,768] input, 9984 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,13,768] output, 9984 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.13.1/48.1.1.1.16 r=96.8.1 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.07146 ms median, 214.6 GFLOP/s (reuse, 43 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_13(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=14,n=768,k=768;dtype=float32
 *   list line: matmul m=14 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,14,768] input, 10752 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,14,768] output, 10752 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.14.1/24.1.1.1.32 r=48.16.1 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.07719 ms median, 214.0 GFLOP/s (reuse, 43 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_14(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=15,n=768,k=768;dtype=float32
 *   list line: matmul m=15 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,15,768] input, 11520 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,15,768] output, 11520 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.15.1/48.1.1.1.16 r=48.4.4 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.08419 ms median, 210.2 GFLOP/s (reuse, 43 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_15(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=16,n=768,k=768;dtype=float32
 *   list line: matmul m=16 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,16,768] input, 12288 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,16,768] output, 12288 floats
 *   program: v1 mlt s=1.1.1.1.1/4.1.1.1.4/12.1.1.2.32 r=3.256.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.08359 ms median, 225.8 GFLOP/s (reuse, 76 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_16(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=17,n=768,k=768;dtype=float32
 *   list line: matmul m=17 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,17,768] input, 13056 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,17,768] output, 13056 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.17.1/48.1.1.1.16 r=48.2.8 u=1024 v=2.1 d=0.1
 *   measured by etotune: 0.09837 ms median, 203.9 GFLOP/s (reuse, 19 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_17(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=20,n=768,k=768;dtype=float32
 *   list line: matmul m=20 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,20,768] input, 15360 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,20,768] output, 15360 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.20.1/48.1.1.1.16 r=48.16.1 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.1185 ms median, 199.2 GFLOP/s (reuse, 12 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_20(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=24,n=768,k=768;dtype=float32
 *   list line: matmul m=24 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,24,768] input, 18432 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,24,768] output, 18432 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.24.1/48.1.1.1.16 r=48.16.1 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.1445 ms median, 195.9 GFLOP/s (reuse, 15 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_24(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=28,n=768,k=768;dtype=float32
 *   list line: matmul m=28 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,28,768] input, 21504 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,28,768] output, 21504 floats
 *   program: v1 mlt s=1.1.1.1.1/2.1.1.14.1/12.1.2.2.16 r=24.32.1 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.1722 ms median, 191.9 GFLOP/s (reuse, 15 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_28(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=32,n=768,k=768;dtype=float32
 *   list line: matmul m=32 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,32,768] input, 24576 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,32,768] output, 24576 floats
 *   program: v1 mlt s=1.1.1.1.1/2.2.1.8.1/12.1.2.2.16 r=24.32.1 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.198 ms median, 190.6 GFLOP/s (reuse, 13 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_32(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=40,n=768,k=768;dtype=float32
 *   list line: matmul m=40 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,40,768] input, 30720 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,40,768] output, 30720 floats
 *   program: v1 mlt s=1.1.1.1.1/8.1.1.5.1/12.1.2.2.16 r=24.32.1 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.2464 ms median, 191.5 GFLOP/s (reuse, 11 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_40(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=48,n=768,k=768;dtype=float32
 *   list line: matmul m=48 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,48,768] input, 36864 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,48,768] output, 36864 floats
 *   program: v1 mlt s=1.1.1.1.1/6.1.1.8.1/8.1.3.2.16 r=24.32.1 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.2878 ms median, 196.8 GFLOP/s (reuse, 31 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_48(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=56,n=768,k=768;dtype=float32
 *   list line: matmul m=56 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,56,768] input, 43008 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,56,768] output, 43008 floats
 *   program: v1 mlt s=1.1.1.1.1/8.1.1.7.1/12.1.2.2.16 r=24.32.1 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.3358 ms median, 196.7 GFLOP/s (reuse, 13 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_56(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=64,n=768,k=768;dtype=float32
 *   list line: matmul m=64 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,64,768] input, 49152 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,64,768] output, 49152 floats
 *   program: v1 mlt s=1.1.1.1.1/16.1.1.4.1/12.1.1.2.32 r=24.32.1 u=1024 v=1.1 d=0.1
 *   measured by etotune: 0.3534 ms median, 213.6 GFLOP/s (reuse, 31 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_64(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=80,n=768,k=768;dtype=float32
 *   list line: matmul m=80 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,80,768] input, 61440 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,80,768] output, 61440 floats
 *   program: v1 mlt s=1.1.1.1.1/5.2.1.8.1/12.1.2.2.16 r=24.32.1 u=16 v=1.1 d=0.1
 *   measured by etotune: 0.4642 ms median, 203.3 GFLOP/s (reuse, 31 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_80(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=96,n=768,k=768;dtype=float32
 *   list line: matmul m=96 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,96,768] input, 73728 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,96,768] output, 73728 floats
 *   program: v1 mlt s=1.1.1.1.1/6.2.1.2.4/12.1.2.2.16 r=3.256.1 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.5298 ms median, 213.7 GFLOP/s (reuse, 34 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_96(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=112,n=768,k=768;dtype=float32
 *   list line: matmul m=112 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,112,768] input, 86016 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,112,768] output, 86016 floats
 *   program: v1 mlt s=1.1.1.1.1/8.2.1.7.1/3.2.8.1.16 r=8.96.1 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.6026 ms median, 219.3 GFLOP/s (reuse, 98 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_112(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=128,n=768,k=768;dtype=float32
 *   list line: matmul m=128 n=768 k=768 freq=480 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,128,768] input, 98304 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,128,768] output, 98304 floats
 *   program: v1 mlt s=1.1.1.1.1/16.1.1.4.2/2.1.12.2.16 r=24.32.1 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.7137 ms median, 211.6 GFLOP/s (reuse, 62 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_128(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=160,n=768,k=768;dtype=float32
 *   list line: matmul m=160 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,160,768] input, 122880 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,160,768] output, 122880 floats
 *   program: v1 mlt s=1.1.1.1.1/10.1.1.16.1/48.1.1.1.16 r=96.4.2 u=512 v=1.1 d=0.1
 *   measured by etotune: 0.8658 ms median, 218.0 GFLOP/s (reuse, 84 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_160(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=192,n=768,k=768;dtype=float32
 *   list line: matmul m=192 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,192,768] input, 147456 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,192,768] output, 147456 floats
 *   program: v1 mlt s=1.1.1.1.1/12.1.1.16.1/48.1.1.1.16 r=96.8.1 u=512 v=1.1 d=0.1
 *   measured by etotune: 1.039 ms median, 218.1 GFLOP/s (reuse, 43 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_192(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=224,n=768,k=768;dtype=float32
 *   list line: matmul m=224 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,224,768] input, 172032 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,224,768] output, 172032 floats
 *   program: v1 mlt s=1.1.1.1.1/16.1.1.14.1/48.1.1.1.16 r=96.8.1 u=512 v=4.1 d=0.1
 *   measured by etotune: 1.212 ms median, 217.9 GFLOP/s (reuse, 83 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_224(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=256,n=768,k=768;dtype=float32
 *   list line: matmul m=256 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,256,768] input, 196608 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,256,768] output, 196608 floats
 *   program: v1 mlt s=1.1.1.1.1/16.1.1.16.1/48.1.1.1.16 r=96.4.2 u=1024 v=1.1 d=0.1
 *   measured by etotune: 1.414 ms median, 213.5 GFLOP/s (reuse, 78 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_256(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=320,n=768,k=768;dtype=float32
 *   list line: matmul m=320 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,320,768] input, 245760 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,320,768] output, 245760 floats
 *   program: v1 mlt s=1.1.1.1.1/14.1.1.2.12/48.1.1.1.16 r=48.2.8 u=512 v=1.1 d=0.1
 *   measured by etotune: 1.885 ms median, 200.3 GFLOP/s (reuse, 65 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_320(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=384,n=768,k=768;dtype=float32
 *   list line: matmul m=384 n=768 k=768 freq=480 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,384,768] input, 294912 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,384,768] output, 294912 floats
 *   program: v1 mlt s=1.1.1.1.1/16.1.1.24.1/2.1.24.1.16 r=12.32.2 u=64 v=2.1 d=0.1
 *   measured by etotune: 2.067 ms median, 219.2 GFLOP/s (reuse, 105 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_384(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=448,n=768,k=768;dtype=float32
 *   list line: matmul m=448 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,448,768] input, 344064 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,448,768] output, 344064 floats
 *   program: v1 mlt s=1.1.1.1.1/16.1.1.28.1/48.1.1.1.16 r=48.16.1 u=512 v=1.1 d=0.1
 *   measured by etotune: 2.605 ms median, 202.9 GFLOP/s (reuse, 31 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_448(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=512,n=768,k=768;dtype=float32
 *   list line: matmul m=512 n=768 k=768 freq=480 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,512,768] input, 393216 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,512,768] output, 393216 floats
 *   program: v1 mlt s=1.1.1.1.1/22.1.1.12.2/48.1.1.1.16 r=48.16.1 u=64 v=1.2
 *   measured by etotune: 3.257 ms median, 185.4 GFLOP/s (reuse, 109 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_512(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=1,n=3072,k=768;dtype=float32
 *   list line: matmul m=1 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,1,768] input, 768 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,1,3072] output, 3072 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.1.1/4.1.24.2.16 r=128.6.1 u=64 v=2.1 d=0.1
 *   measured by etotune: 0.06433 ms median, 73.3 GFLOP/s (reuse, 73 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_1(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=2,n=3072,k=768;dtype=float32
 *   list line: matmul m=2 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,2,768] input, 1536 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,2,3072] output, 6144 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.2.1/4.2.3.4.32 r=24.32.1 u=1024 v=4.1 d=0.1
 *   measured by etotune: 0.07425 ms median, 127.1 GFLOP/s (reuse, 30 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_2(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=3,n=3072,k=768;dtype=float32
 *   list line: matmul m=3 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,3,768] input, 2304 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,3,3072] output, 9216 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.1.3/12.1.2.8.16 r=32.24.1 u=0 v=2.1 d=0.1
 *   measured by etotune: 0.07761 ms median, 182.4 GFLOP/s (reuse, 70 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_3(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=4,n=3072,k=768;dtype=float32
 *   list line: matmul m=4 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,4,768] input, 3072 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,4,3072] output, 12288 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.2.2/48.1.1.4.16 r=24.32.1 u=64 v=2.1 d=0.1
 *   measured by etotune: 0.103 ms median, 183.3 GFLOP/s (reuse, 56 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_4(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=5,n=3072,k=768;dtype=float32
 *   list line: matmul m=5 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,5,768] input, 3840 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,5,3072] output, 15360 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.5.1/4.1.48.1.16 r=64.12.1 u=64 v=2.1 d=0.1
 *   measured by etotune: 0.136 ms median, 173.5 GFLOP/s (reuse, 30 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_5(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=6,n=3072,k=768;dtype=float32
 *   list line: matmul m=6 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,6,768] input, 4608 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,6,3072] output, 18432 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.6.1/48.1.1.4.16 r=24.32.1 u=1024 v=2.1 d=0.1
 *   measured by etotune: 0.1314 ms median, 215.5 GFLOP/s (reuse, 57 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_6(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=7,n=3072,k=768;dtype=float32
 *   list line: matmul m=7 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,7,768] input, 5376 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,7,3072] output, 21504 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.7.1/4.1.24.2.16 r=32.24.1 u=16 v=4.1 d=0.1
 *   measured by etotune: 0.1824 ms median, 181.1 GFLOP/s (reuse, 30 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_7(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=8,n=3072,k=768;dtype=float32
 *   list line: matmul m=8 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,8,768] input, 6144 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,8,3072] output, 24576 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.2.2.2/4.1.12.1.64 r=32.24.1 u=64 v=2.1 d=0.1
 *   measured by etotune: 0.176 ms median, 214.5 GFLOP/s (reuse, 86 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_8(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=9,n=3072,k=768;dtype=float32
 *   list line: matmul m=9 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,9,768] input, 6912 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,9,3072] output, 27648 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.3.3/4.1.48.1.16 r=64.12.1 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.2134 ms median, 199.0 GFLOP/s (reuse, 67 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_9(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=10,n=3072,k=768;dtype=float32
 *   list line: matmul m=10 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,10,768] input, 7680 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,10,3072] output, 30720 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.2.5/96.1.1.2.16 r=4.96.2 u=512 v=2.1 d=0.1
 *   measured by etotune: 0.233 ms median, 202.5 GFLOP/s (reuse, 108 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_10(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=11,n=3072,k=768;dtype=float32
 *   list line: matmul m=11 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,11,768] input, 8448 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,11,3072] output, 33792 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.11.1/4.1.48.1.16 r=32.24.1 u=512 v=4.1 d=0.1
 *   measured by etotune: 0.2456 ms median, 211.3 GFLOP/s (reuse, 72 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_11(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=12,n=3072,k=768;dtype=float32
 *   list line: matmul m=12 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,12,768] input, 9216 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,12,3072] output, 36864 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.12.1/4.1.24.2.16 r=16.24.2 u=64 v=2.1 d=0.1
 *   measured by etotune: 0.2696 ms median, 210.0 GFLOP/s (reuse, 56 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_12(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=13,n=3072,k=768;dtype=float32
 *   list line: matmul m=13 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,13,768] input, 9984 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,13,3072] output, 39936 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.13.1/4.1.24.2.16 r=4.192.1 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.3035 ms median, 202.1 GFLOP/s (reuse, 42 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_13(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=14,n=3072,k=768;dtype=float32
 *   list line: matmul m=14 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,14,768] input, 10752 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,14,3072] output, 43008 floats
 *   program: v1 mlt s=1.1.1.1.1/1.2.1.7.1/4.1.24.2.16 r=32.6.4 u=64 v=2.1 d=0.1
 *   measured by etotune: 0.3269 ms median, 202.1 GFLOP/s (full, 128 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_14(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=15,n=3072,k=768;dtype=float32
 *   list line: matmul m=15 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,15,768] input, 11520 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,15,3072] output, 46080 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.5.3/4.1.48.1.16 r=32.24.1 u=64 v=4.1 d=0.1
 *   measured by etotune: 0.3427 ms median, 206.5 GFLOP/s (reuse, 65 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_15(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=16,n=3072,k=768;dtype=float32
 *   list line: matmul m=16 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,16,768] input, 12288 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,16,3072] output, 49152 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.2.8.1/4.1.24.2.16 r=32.24.1 u=0 v=2.1 d=0.1
 *   measured by etotune: 0.3753 ms median, 201.2 GFLOP/s (reuse, 62 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_16(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=18,n=3072,k=768;dtype=float32
 *   list line: matmul m=18 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,18,768] input, 13824 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,18,3072] output, 55296 floats
 *   program: v1 mlt s=1.1.1.1.1/2.1.1.9.1/4.1.24.1.32 r=32.24.1 u=512 v=2.1 d=0.1
 *   measured by etotune: 0.4046 ms median, 209.9 GFLOP/s (reuse, 21 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_18(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=20,n=3072,k=768;dtype=float32
 *   list line: matmul m=20 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,20,768] input, 15360 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,20,3072] output, 61440 floats
 *   program: v1 mlt s=1.1.1.1.1/2.1.1.5.2/4.1.24.1.32 r=32.8.3 u=512 v=2.1 d=0.1
 *   measured by etotune: 0.4449 ms median, 212.1 GFLOP/s (reuse, 91 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_20(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=21,n=3072,k=768;dtype=float32
 *   list line: matmul m=21 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,21,768] input, 16128 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,21,3072] output, 64512 floats
 *   program: v1 mlt s=1.1.1.1.1/3.1.1.7.1/4.1.24.1.32 r=32.8.3 u=512 v=2.1 d=0.1
 *   measured by etotune: 0.4747 ms median, 208.8 GFLOP/s (reuse, 19 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_21(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=23,n=3072,k=768;dtype=float32
 *   list line: matmul m=23 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,23,768] input, 17664 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,23,3072] output, 70656 floats
 *   program: v1 mlt s=1.1.1.1.1/2.1.1.12.1/4.1.24.2.16 r=32.24.1 u=64 v=2.1 d=0.1
 *   measured by etotune: 0.6329 ms median, 171.5 GFLOP/s (reuse, 13 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_23(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=24,n=3072,k=768;dtype=float32
 *   list line: matmul m=24 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,24,768] input, 18432 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,24,3072] output, 73728 floats
 *   program: v1 mlt s=1.1.1.1.1/2.1.1.12.1/4.1.24.2.16 r=32.24.1 u=64 v=2.1 d=0.1
 *   measured by etotune: 0.59 ms median, 192.0 GFLOP/s (reuse, 16 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_24(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=26,n=3072,k=768;dtype=float32
 *   list line: matmul m=26 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,26,768] input, 19968 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,26,3072] output, 79872 floats
 *   program: v1 mlt s=1.1.1.1.1/2.1.1.13.1/48.1.2.2.16 r=32.24.1 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.6398 ms median, 191.8 GFLOP/s (reuse, 16 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_26(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=28,n=3072,k=768;dtype=float32
 *   list line: matmul m=28 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,28,768] input, 21504 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,28,3072] output, 86016 floats
 *   program: v1 mlt s=1.1.1.1.1/2.1.1.14.1/4.1.24.2.16 r=32.24.1 u=64 v=2.1 d=0.1
 *   measured by etotune: 0.7897 ms median, 167.3 GFLOP/s (reuse, 19 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_28(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=29,n=3072,k=768;dtype=float32
 *   list line: matmul m=29 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,29,768] input, 22272 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,29,3072] output, 89088 floats
 *   program: v1 mlt s=1.1.1.1.1/3.2.1.5.1/4.1.24.2.16 r=32.24.1 u=64 v=2.1 d=0.1
 *   measured by etotune: 0.7053 ms median, 194.0 GFLOP/s (reuse, 14 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_29(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=32,n=3072,k=768;dtype=float32
 *   list line: matmul m=32 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,32,768] input, 24576 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,32,3072] output, 98304 floats
 *   program: v1 mlt s=1.1.1.1.1/2.2.1.8.1/4.1.24.2.16 r=32.24.1 u=64 v=2.1 d=0.1
 *   measured by etotune: 0.9842 ms median, 153.4 GFLOP/s (reuse, 15 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_32(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=40,n=3072,k=768;dtype=float32
 *   list line: matmul m=40 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,40,768] input, 30720 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,40,3072] output, 122880 floats
 *   program: v1 mlt s=1.1.1.1.1/3.1.1.14.1/4.1.24.2.16 r=32.24.1 u=64 v=2.1 d=0.1
 *   measured by etotune: 1.08 ms median, 174.8 GFLOP/s (reuse, 14 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_40(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=48,n=3072,k=768;dtype=float32
 *   list line: matmul m=48 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,48,768] input, 36864 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,48,3072] output, 147456 floats
 *   program: v1 mlt s=1.1.1.1.1/4.2.1.6.1/4.1.24.2.16 r=32.24.1 u=1024 v=2.1 d=0.1
 *   measured by etotune: 1.098 ms median, 206.2 GFLOP/s (reuse, 33 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_48(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=56,n=3072,k=768;dtype=float32
 *   list line: matmul m=56 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,56,768] input, 43008 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,56,3072] output, 172032 floats
 *   program: v1 mlt s=1.1.1.1.1/4.2.1.7.1/4.1.24.2.16 r=16.24.2 u=512 v=1.1 d=0.1
 *   measured by etotune: 1.254 ms median, 210.8 GFLOP/s (reuse, 51 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_56(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=64,n=3072,k=768;dtype=float32
 *   list line: matmul m=64 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,64,768] input, 49152 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,64,3072] output, 196608 floats
 *   program: v1 mlt s=1.1.1.1.1/8.1.1.8.1/4.1.24.2.16 r=32.24.1 u=64 v=2.1 d=0.1
 *   measured by etotune: 1.494 ms median, 202.1 GFLOP/s (reuse, 13 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_64(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=65,n=3072,k=768;dtype=float32
 *   list line: matmul m=65 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,65,768] input, 49920 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,65,3072] output, 199680 floats
 *   program: v1 mlt s=1.1.1.1.1/5.1.1.13.1/4.1.24.2.16 r=32.24.1 u=64 v=4.1 d=0.1
 *   measured by etotune: 1.511 ms median, 203.0 GFLOP/s (reuse, 20 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_65(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=80,n=3072,k=768;dtype=float32
 *   list line: matmul m=80 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,80,768] input, 61440 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,80,3072] output, 245760 floats
 *   program: v1 mlt s=1.1.1.1.1/8.1.1.5.2/4.1.24.2.16 r=32.24.1 u=64 v=2.1 d=0.1
 *   measured by etotune: 1.8 ms median, 209.7 GFLOP/s (reuse, 33 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_80(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=96,n=3072,k=768;dtype=float32
 *   list line: matmul m=96 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,96,768] input, 73728 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,96,3072] output, 294912 floats
 *   program: v1 mlt s=1.1.1.1.1/8.1.1.6.2/4.1.24.2.16 r=16.24.2 u=1024 v=2.1 d=0.1
 *   measured by etotune: 2.128 ms median, 212.9 GFLOP/s (reuse, 103 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_96(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=112,n=3072,k=768;dtype=float32
 *   list line: matmul m=112 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,112,768] input, 86016 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,112,3072] output, 344064 floats
 *   program: v1 mlt s=1.1.1.1.1/8.2.1.7.1/4.1.24.2.16 r=32.24.1 u=16 v=2.1 d=0.1
 *   measured by etotune: 2.529 ms median, 208.9 GFLOP/s (reuse, 29 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_112(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=128,n=3072,k=768;dtype=float32
 *   list line: matmul m=128 n=3072 k=768 freq=120 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,128,768] input, 98304 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,128,3072] output, 393216 floats
 *   program: v1 mlt s=1.1.1.1.1/8.2.1.8.1/8.1.12.1.32 r=16.48.1 u=64 v=1.1 d=0.1
 *   measured by etotune: 2.855 ms median, 211.6 GFLOP/s (reuse, 65 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_128(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=160,n=3072,k=768;dtype=float32
 *   list line: matmul m=160 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,160,768] input, 122880 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,160,3072] output, 491520 floats
 *   program: v1 mlt s=1.1.1.1.1/16.1.1.10.1/8.1.8.3.16 r=8.96.1 u=64 v=4.1 d=0.1
 *   measured by etotune: 3.569 ms median, 211.5 GFLOP/s (reuse, 94 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_160(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=192,n=3072,k=768;dtype=float32
 *   list line: matmul m=192 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,192,768] input, 147456 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,192,3072] output, 589824 floats
 *   program: v1 mlt s=1.1.1.1.1/16.1.1.6.2/4.1.24.2.16 r=16.48.1 u=1024 v=1.1 d=0.1
 *   measured by etotune: 4.244 ms median, 213.4 GFLOP/s (reuse, 80 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_192(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=224,n=3072,k=768;dtype=float32
 *   list line: matmul m=224 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,224,768] input, 172032 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,224,3072] output, 688128 floats
 *   program: v1 mlt s=1.1.1.1.1/16.1.1.14.1/4.1.24.2.16 r=32.24.1 u=64 v=2.1 d=0.1
 *   measured by etotune: 5.125 ms median, 206.2 GFLOP/s (reuse, 9 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_224(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=256,n=3072,k=768;dtype=float32
 *   list line: matmul m=256 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,256,768] input, 196608 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,256,3072] output, 786432 floats
 *   program: v1 mlt s=1.1.1.1.1/8.2.1.16.1/8.1.24.1.16 r=16.48.1 u=512 v=1.1 d=0.1
 *   measured by etotune: 5.662 ms median, 213.4 GFLOP/s (reuse, 114 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_256(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=320,n=3072,k=768;dtype=float32
 *   list line: matmul m=320 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,320,768] input, 245760 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,320,3072] output, 983040 floats
 *   program: v1 mlt s=1.1.1.1.1/20.1.1.16.1/192.1.1.1.16 r=128.3.2 u=64 v=1.1
 *   measured by etotune: 8.464 ms median, 178.4 GFLOP/s (reuse, 12 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_320(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=384,n=3072,k=768;dtype=float32
 *   list line: matmul m=384 n=3072 k=768 freq=120 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,384,768] input, 294912 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,384,3072] output, 1179648 floats
 *   program: v1 mlt s=1.1.1.1.1/32.1.1.12.1/192.1.1.1.16 r=96.8.1 u=512 v=2.4
 *   measured by etotune: 9.427 ms median, 192.2 GFLOP/s (reuse, 239 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_384(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=448,n=3072,k=768;dtype=float32
 *   list line: matmul m=448 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,448,768] input, 344064 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,448,3072] output, 1376256 floats
 *   program: v1 mlt s=1.1.1.1.1/28.1.1.4.4/192.1.1.1.16 r=48.8.2 u=64 v=2.2
 *   measured by etotune: 11.07 ms median, 190.9 GFLOP/s (reuse, 114 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_448(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=512,n=3072,k=768;dtype=float32
 *   list line: matmul m=512 n=3072 k=768 freq=120 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,512,768] input, 393216 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,512,3072] output, 1572864 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.32.16.1/8.1.24.1.16 r=12.64.1 u=1024 v=1.1
 *   measured by etotune: 11.7 ms median, 206.6 GFLOP/s (reuse, 99 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_512(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=1,n=768,k=3072;dtype=float32
 *   list line: matmul m=1 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,1,3072] input, 3072 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,1,768] output, 768 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.1.1/2.1.4.96.1 r=4.64.12 u=64 v=4.1 d=0.1
 *   measured by etotune: 0.06327 ms median, 74.6 GFLOP/s (full, 128 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_1(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=2,n=768,k=3072;dtype=float32
 *   list line: matmul m=2 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,2,3072] input, 6144 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,2,768] output, 1536 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.2.1/12.1.1.4.16 r=48.64.1 u=0 v=1.1 d=0.1
 *   measured by etotune: 0.07315 ms median, 129.0 GFLOP/s (reuse, 62 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_2(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=3,n=768,k=3072;dtype=float32
 *   list line: matmul m=3 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,3,3072] input, 9216 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,3,768] output, 2304 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.1.3/6.1.1.2.64 r=64.48.1 u=512 v=4.1 d=0.1
 *   measured by etotune: 0.08334 ms median, 169.9 GFLOP/s (reuse, 39 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_3(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=4,n=768,k=3072;dtype=float32
 *   list line: matmul m=4 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,4,3072] input, 12288 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,4,768] output, 3072 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.4.1/12.1.2.2.16 r=96.32.1 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.1132 ms median, 166.7 GFLOP/s (reuse, 15 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_4(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=5,n=768,k=3072;dtype=float32
 *   list line: matmul m=5 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,5,3072] input, 15360 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,5,768] output, 3840 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.5.1/12.1.2.2.16 r=96.16.2 u=64 v=2.1 d=0.1
 *   measured by etotune: 0.133 ms median, 177.4 GFLOP/s (reuse, 41 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_5(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=6,n=768,k=3072;dtype=float32
 *   list line: matmul m=6 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,6,3072] input, 18432 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,6,768] output, 4608 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.6.1/12.1.2.2.16 r=96.32.1 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.1436 ms median, 197.1 GFLOP/s (reuse, 16 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_6(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=7,n=768,k=3072;dtype=float32
 *   list line: matmul m=7 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,7,3072] input, 21504 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,7,768] output, 5376 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.7.1/12.1.1.4.16 r=192.16.1 u=16 v=1.1 d=0.1
 *   measured by etotune: 0.1571 ms median, 210.3 GFLOP/s (reuse, 79 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_7(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=8,n=768,k=3072;dtype=float32
 *   list line: matmul m=8 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,8,3072] input, 24576 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,8,768] output, 6144 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.8.1/24.1.1.1.32 r=48.32.2 u=1024 v=1.1 d=0.1
 *   measured by etotune: 0.1823 ms median, 207.1 GFLOP/s (reuse, 58 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_8(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=9,n=768,k=3072;dtype=float32
 *   list line: matmul m=9 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,9,3072] input, 27648 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,9,768] output, 6912 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.9.1/12.1.2.2.16 r=96.32.1 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.21 ms median, 202.2 GFLOP/s (reuse, 14 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_9(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=10,n=768,k=3072;dtype=float32
 *   list line: matmul m=10 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,10,3072] input, 30720 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,10,768] output, 7680 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.2.5/24.1.1.2.16 r=32.48.2 u=1024 v=1.1 d=0.1
 *   measured by etotune: 0.2227 ms median, 211.9 GFLOP/s (reuse, 75 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_10(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=11,n=768,k=3072;dtype=float32
 *   list line: matmul m=11 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,11,3072] input, 33792 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,11,768] output, 8448 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.11.1/12.1.2.2.16 r=8.192.2 u=64 v=2.1 d=0.1
 *   measured by etotune: 0.2471 ms median, 210.1 GFLOP/s (reuse, 77 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_11(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=12,n=768,k=3072;dtype=float32
 *   list line: matmul m=12 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,12,3072] input, 36864 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,12,768] output, 9216 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.12.1/6.1.4.2.16 r=16.64.3 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.2632 ms median, 215.1 GFLOP/s (reuse, 68 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_12(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=13,n=768,k=3072;dtype=float32
 *   list line: matmul m=13 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,13,3072] input, 39936 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,13,768] output, 9984 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.13.1/12.1.2.2.16 r=16.192.1 u=64 v=2.1 d=0.1
 *   measured by etotune: 0.3139 ms median, 195.4 GFLOP/s (reuse, 43 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_13(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=14,n=768,k=3072;dtype=float32
 *   list line: matmul m=14 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,14,3072] input, 43008 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,14,768] output, 10752 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.14.1/12.1.2.2.16 r=96.32.1 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.3337 ms median, 197.9 GFLOP/s (reuse, 15 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_14(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=15,n=768,k=3072;dtype=float32
 *   list line: matmul m=15 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,15,3072] input, 46080 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,15,768] output, 11520 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.15.1/6.1.4.2.16 r=12.128.2 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.3246 ms median, 218.1 GFLOP/s (reuse, 63 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_15(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=16,n=768,k=3072;dtype=float32
 *   list line: matmul m=16 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,16,3072] input, 49152 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,16,768] output, 12288 floats
 *   program: v1 mlt s=1.1.1.1.1/2.1.1.8.1/12.1.2.2.16 r=16.64.3 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.3666 ms median, 206.0 GFLOP/s (reuse, 64 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_16(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=20,n=768,k=3072;dtype=float32
 *   list line: matmul m=20 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,20,3072] input, 61440 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,20,768] output, 15360 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.20.1/6.1.8.1.16 r=12.256.1 u=1024 v=4.1 d=0.1
 *   measured by etotune: 0.447 ms median, 211.1 GFLOP/s (reuse, 75 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_20(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=21,n=768,k=3072;dtype=float32
 *   list line: matmul m=21 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,21,3072] input, 64512 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,21,768] output, 16128 floats
 *   program: v1 mlt s=1.1.1.1.1/3.1.1.7.1/12.1.2.2.16 r=96.32.1 u=64 v=2.1 d=0.1
 *   measured by etotune: 0.493 ms median, 201.0 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_21(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=24,n=768,k=3072;dtype=float32
 *   list line: matmul m=24 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,24,3072] input, 73728 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,24,768] output, 18432 floats
 *   program: v1 mlt s=1.1.1.1.1/2.1.1.12.1/12.1.2.2.16 r=96.32.1 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.5588 ms median, 202.7 GFLOP/s (reuse, 16 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_24(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=26,n=768,k=3072;dtype=float32
 *   list line: matmul m=26 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,26,3072] input, 79872 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,26,768] output, 19968 floats
 *   program: v1 mlt s=1.1.1.1.1/2.1.1.13.1/12.1.2.2.16 r=96.32.1 u=64 v=2.1 d=0.1
 *   measured by etotune: 0.6766 ms median, 181.3 GFLOP/s (reuse, 16 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_26(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=28,n=768,k=3072;dtype=float32
 *   list line: matmul m=28 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,28,3072] input, 86016 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,28,768] output, 21504 floats
 *   program: v1 mlt s=1.1.1.1.1/2.1.1.14.1/12.1.2.2.16 r=96.32.1 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.6606 ms median, 200.0 GFLOP/s (reuse, 16 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_28(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=30,n=768,k=3072;dtype=float32
 *   list line: matmul m=30 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,30,3072] input, 92160 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,30,768] output, 23040 floats
 *   program: v1 mlt s=1.1.1.1.1/3.1.1.10.1/12.1.2.2.16 r=96.32.1 u=64 v=2.1 d=0.1
 *   measured by etotune: 0.7749 ms median, 182.7 GFLOP/s (reuse, 20 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_30(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=32,n=768,k=3072;dtype=float32
 *   list line: matmul m=32 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,32,3072] input, 98304 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,32,768] output, 24576 floats
 *   program: v1 mlt s=1.1.1.1.1/2.1.2.8.1/12.2.1.2.16 r=12.128.2 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.7529 ms median, 200.6 GFLOP/s (reuse, 76 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_32(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=36,n=768,k=3072;dtype=float32
 *   list line: matmul m=36 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,36,3072] input, 110592 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,36,768] output, 27648 floats
 *   program: v1 mlt s=1.1.1.1.1/4.1.1.9.1/12.1.2.2.16 r=96.32.1 u=64 v=1.1 d=0.1
 *   measured by etotune: 0.8537 ms median, 199.0 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_36(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=40,n=768,k=3072;dtype=float32
 *   list line: matmul m=40 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,40,3072] input, 122880 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,40,768] output, 30720 floats
 *   program: v1 mlt s=1.1.1.1.1/5.1.1.8.1/12.1.2.2.16 r=96.32.1 u=64 v=1.1 d=0.1
 *   measured by etotune: 1.056 ms median, 178.7 GFLOP/s (reuse, 13 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_40(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=43,n=768,k=3072;dtype=float32
 *   list line: matmul m=43 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,43,3072] input, 132096 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,43,768] output, 33024 floats
 *   program: v1 mlt s=1.1.1.1.1/6.1.1.8.1/12.1.2.2.16 r=96.32.1 u=64 v=1.1 d=0.1
 *   measured by etotune: 1.191 ms median, 170.3 GFLOP/s (reuse, 11 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_43(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=48,n=768,k=3072;dtype=float32
 *   list line: matmul m=48 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,48,3072] input, 147456 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,48,768] output, 36864 floats
 *   program: v1 mlt s=1.1.1.1.1/6.1.1.8.1/12.1.2.2.16 r=96.32.1 u=64 v=2.1 d=0.1
 *   measured by etotune: 1.375 ms median, 164.7 GFLOP/s (reuse, 12 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_48(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=50,n=768,k=3072;dtype=float32
 *   list line: matmul m=50 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,50,3072] input, 153600 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,50,768] output, 38400 floats
 *   program: v1 mlt s=1.1.1.1.1/5.1.1.10.1/12.1.2.2.16 r=256.12.1 u=64 v=1.1 d=0.1
 *   measured by etotune: 1.322 ms median, 178.5 GFLOP/s (reuse, 17 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_50(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=56,n=768,k=3072;dtype=float32
 *   list line: matmul m=56 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,56,3072] input, 172032 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,56,768] output, 43008 floats
 *   program: v1 mlt s=1.1.1.1.1/4.1.1.14.1/12.1.2.2.16 r=96.32.1 u=64 v=2.1 d=0.1
 *   measured by etotune: 1.334 ms median, 198.1 GFLOP/s (reuse, 16 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_56(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=64,n=768,k=3072;dtype=float32
 *   list line: matmul m=64 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,64,3072] input, 196608 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,64,768] output, 49152 floats
 *   program: v1 mlt s=1.1.1.1.1/8.1.1.8.1/12.1.2.2.16 r=96.32.1 u=64 v=2.1 d=0.1
 *   measured by etotune: 1.747 ms median, 172.9 GFLOP/s (reuse, 14 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_64(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=80,n=768,k=3072;dtype=float32
 *   list line: matmul m=80 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,80,3072] input, 245760 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,80,768] output, 61440 floats
 *   program: v1 mlt s=1.1.1.1.1/12.1.1.7.1/12.1.1.2.32 r=96.32.1 u=64 v=2.1 d=0.1
 *   measured by etotune: 1.875 ms median, 201.3 GFLOP/s (reuse, 40 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_80(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=82,n=768,k=3072;dtype=float32
 *   list line: matmul m=82 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,82,3072] input, 251904 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,82,768] output, 62976 floats
 *   program: v1 mlt s=1.1.1.1.1/12.1.1.7.1/12.1.1.2.32 r=96.32.1 u=512 v=4.1 d=0.1
 *   measured by etotune: 1.828 ms median, 211.6 GFLOP/s (reuse, 22 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_82(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=96,n=768,k=3072;dtype=float32
 *   list line: matmul m=96 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,96,3072] input, 294912 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,96,768] output, 73728 floats
 *   program: v1 mlt s=1.1.1.1.1/14.1.1.7.1/12.1.1.2.32 r=96.32.1 u=512 v=1.1 d=0.1
 *   measured by etotune: 2.253 ms median, 201.0 GFLOP/s (reuse, 35 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_96(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=107,n=768,k=3072;dtype=float32
 *   list line: matmul m=107 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,107,3072] input, 328704 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,107,768] output, 82176 floats
 *   program: v1 mlt s=1.1.1.1.1/8.1.1.7.2/12.1.2.2.16 r=16.96.2 u=1024 v=1.1 d=0.1
 *   measured by etotune: 2.573 ms median, 196.2 GFLOP/s (reuse, 22 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_107(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=112,n=768,k=3072;dtype=float32
 *   list line: matmul m=112 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,112,3072] input, 344064 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,112,768] output, 86016 floats
 *   program: v1 mlt s=1.1.1.1.1/16.1.1.7.1/12.1.1.2.32 r=96.32.1 u=1024 v=1.1 d=0.1
 *   measured by etotune: 2.46 ms median, 214.8 GFLOP/s (reuse, 95 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_112(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=128,n=768,k=3072;dtype=float32
 *   list line: matmul m=128 n=768 k=3072 freq=120 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,128,3072] input, 393216 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,128,768] output, 98304 floats
 *   program: v1 mlt s=1.1.1.1.1/10.1.1.14.1/24.1.1.2.16 r=96.32.1 u=1024 v=2.1 d=0.1
 *   measured by etotune: 3.138 ms median, 192.5 GFLOP/s (reuse, 98 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_128(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=146,n=768,k=3072;dtype=float32
 *   list line: matmul m=146 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,146,3072] input, 448512 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,146,768] output, 112128 floats
 *   program: v1 mlt s=1.1.1.1.1/11.1.1.14.1/12.1.2.2.16 r=32.48.2 u=64 v=2.1 d=0.1
 *   measured by etotune: 3.52 ms median, 195.7 GFLOP/s (reuse, 13 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_146(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=160,n=768,k=3072;dtype=float32
 *   list line: matmul m=160 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,160,3072] input, 491520 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,160,768] output, 122880 floats
 *   program: v1 mlt s=1.1.1.1.1/12.1.1.14.1/12.1.2.1.32 r=32.96.1 u=1024 v=2.1 d=0.1
 *   measured by etotune: 3.775 ms median, 200.0 GFLOP/s (reuse, 102 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_160(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=192,n=768,k=3072;dtype=float32
 *   list line: matmul m=192 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,192,3072] input, 589824 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,192,768] output, 147456 floats
 *   program: v1 mlt s=1.1.1.1.1/14.1.1.14.1/24.1.1.2.16 r=96.32.1 u=64 v=2.1 d=0.1
 *   measured by etotune: 4.51 ms median, 200.9 GFLOP/s (reuse, 34 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_192(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=224,n=768,k=3072;dtype=float32
 *   list line: matmul m=224 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,224,3072] input, 688128 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,224,768] output, 172032 floats
 *   program: v1 mlt s=1.1.1.1.1/16.1.1.14.1/12.1.2.1.32 r=12.128.2 u=64 v=2.1 d=0.1
 *   measured by etotune: 4.934 ms median, 214.2 GFLOP/s (reuse, 70 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_224(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=226,n=768,k=3072;dtype=float32
 *   list line: matmul m=226 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,226,3072] input, 694272 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,226,768] output, 173568 floats
 *   program: v1 mlt s=1.1.1.1.1/17.1.1.2.7/2.1.12.2.16 r=32.96.1 u=512 v=1.1
 *   measured by etotune: 7.538 ms median, 141.5 GFLOP/s (reuse, 17 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_226(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=230,n=768,k=3072;dtype=float32
 *   list line: matmul m=230 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,230,3072] input, 706560 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,230,768] output, 176640 floats
 *   program: v1 mlt s=1.1.1.1.1/23.1.1.2.5/2.1.12.2.16 r=32.96.1 u=512 v=1.1
 *   measured by etotune: 7.728 ms median, 140.4 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_230(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=238,n=768,k=3072;dtype=float32
 *   list line: matmul m=238 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,238,3072] input, 731136 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,238,768] output, 182784 floats
 *   program: v1 mlt s=1.1.1.1.1/34.1.1.7.1/12.1.2.2.16 r=96.32.1 u=64 v=1.1
 *   measured by etotune: 9.462 ms median, 118.7 GFLOP/s (reuse, 16 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_238(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=242,n=768,k=3072;dtype=float32
 *   list line: matmul m=242 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,242,3072] input, 743424 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,242,768] output, 185856 floats
 *   program: v1 mlt s=1.1.1.1.1/41.1.1.6.1/12.1.2.2.16 r=96.32.1 u=64 v=2.2
 *   measured by etotune: 9.433 ms median, 121.1 GFLOP/s (reuse, 14 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_242(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=246,n=768,k=3072;dtype=float32
 *   list line: matmul m=246 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,246,3072] input, 755712 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,246,768] output, 188928 floats
 *   program: v1 mlt s=1.1.1.1.1/41.1.1.6.1/12.1.2.2.16 r=96.32.1 u=64 v=2.2
 *   measured by etotune: 10.53 ms median, 110.2 GFLOP/s (reuse, 16 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_246(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=255,n=768,k=3072;dtype=float32
 *   list line: matmul m=255 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,255,3072] input, 783360 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,255,768] output, 195840 floats
 *   program: v1 mlt s=1.1.1.1.1/17.3.1.5.1/12.1.2.2.16 r=96.32.1 u=64 v=2.2
 *   measured by etotune: 8.224 ms median, 146.3 GFLOP/s (reuse, 17 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_255(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=256,n=768,k=3072;dtype=float32
 *   list line: matmul m=256 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,256,3072] input, 786432 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,256,768] output, 196608 floats
 *   program: v1 mlt s=1.1.1.1.1/16.1.1.16.1/12.2.2.1.16 r=16.96.2 u=64 v=2.1 d=0.1
 *   measured by etotune: 6.759 ms median, 178.7 GFLOP/s (reuse, 51 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_256(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=257,n=768,k=3072;dtype=float32
 *   list line: matmul m=257 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,257,3072] input, 789504 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,257,768] output, 197376 floats
 *   program: v1 mlt s=1.1.1.1.1/19.2.1.7.1/12.1.2.2.16 r=96.32.1 u=64 v=2.2
 *   measured by etotune: 8.217 ms median, 147.6 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_257(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=267,n=768,k=3072;dtype=float32
 *   list line: matmul m=267 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,267,3072] input, 820224 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,267,768] output, 205056 floats
 *   program: v1 mlt s=1.1.1.1.1/20.2.1.7.1/12.1.2.2.16 r=96.32.1 u=64 v=2.2
 *   measured by etotune: 8.871 ms median, 142.0 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_267(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=273,n=768,k=3072;dtype=float32
 *   list line: matmul m=273 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,273,3072] input, 838656 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,273,768] output, 209664 floats
 *   program: v1 mlt s=1.1.1.1.1/20.1.1.14.1/24.1.1.2.16 r=12.128.2 u=1024 v=2.2
 *   measured by etotune: 10.85 ms median, 118.7 GFLOP/s (reuse, 17 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_273(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=277,n=768,k=3072;dtype=float32
 *   list line: matmul m=277 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,277,3072] input, 850944 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,277,768] output, 212736 floats
 *   program: v1 mlt s=1.1.1.1.1/20.2.1.7.1/12.1.2.2.16 r=96.32.1 u=64 v=1.1
 *   measured by etotune: 11.55 ms median, 113.2 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_277(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=291,n=768,k=3072;dtype=float32
 *   list line: matmul m=291 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,291,3072] input, 893952 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,291,768] output, 223488 floats
 *   program: v1 mlt s=1.1.1.1.1/21.2.1.7.1/12.1.2.2.16 r=96.32.1 u=64 v=1.1
 *   measured by etotune: 9.524 ms median, 144.2 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_291(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=309,n=768,k=3072;dtype=float32
 *   list line: matmul m=309 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,309,3072] input, 949248 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,309,768] output, 237312 floats
 *   program: v1 mlt s=1.1.1.1.1/23.2.1.7.1/12.1.2.2.16 r=96.32.1 u=64 v=1.1
 *   measured by etotune: 10.63 ms median, 137.2 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_309(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=313,n=768,k=3072;dtype=float32
 *   list line: matmul m=313 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,313,3072] input, 961536 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,313,768] output, 240384 floats
 *   program: v1 mlt s=1.1.1.1.1/23.1.1.14.1/24.1.1.2.16 r=24.128.1 u=1024 v=2.2
 *   measured by etotune: 9.537 ms median, 154.9 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_313(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=318,n=768,k=3072;dtype=float32
 *   list line: matmul m=318 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,318,3072] input, 976896 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,318,768] output, 244224 floats
 *   program: v1 mlt s=1.1.1.1.1/23.2.1.7.1/12.1.2.2.16 r=96.32.1 u=64 v=2.2
 *   measured by etotune: 9.514 ms median, 157.7 GFLOP/s (reuse, 19 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_318(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=320,n=768,k=3072;dtype=float32
 *   list line: matmul m=320 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,320,3072] input, 983040 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,320,768] output, 245760 floats
 *   program: v1 mlt s=1.1.1.1.1/23.2.1.7.1/12.1.2.2.16 r=96.32.1 u=64 v=1.1
 *   measured by etotune: 9.939 ms median, 151.9 GFLOP/s (reuse, 51 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_320(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=355,n=768,k=3072;dtype=float32
 *   list line: matmul m=355 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,355,3072] input, 1090560 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,355,768] output, 272640 floats
 *   program: v1 mlt s=1.1.1.1.1/26.2.1.7.1/12.1.2.2.16 r=96.32.1 u=64 v=2.2
 *   measured by etotune: 10.74 ms median, 156.0 GFLOP/s (reuse, 19 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_355(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=384,n=768,k=3072;dtype=float32
 *   list line: matmul m=384 n=768 k=3072 freq=120 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,384,3072] input, 1179648 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,384,768] output, 294912 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.48.8.1/6.1.4.2.16 r=32.96.1 u=1024 v=4.2
 *   measured by etotune: 8.745 ms median, 207.2 GFLOP/s (reuse, 164 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_384(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=448,n=768,k=3072;dtype=float32
 *   list line: matmul m=448 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,448,3072] input, 1376256 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,448,768] output, 344064 floats
 *   program: v1 mlt s=1.1.1.1.1/16.1.1.28.1/3.1.16.1.16 r=32.48.2 u=1024 v=2.1 d=0.1
 *   measured by etotune: 10.16 ms median, 208.1 GFLOP/s (reuse, 258 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_448(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=512,n=768,k=3072;dtype=float32
 *   list line: matmul m=512 n=768 k=3072 freq=120 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,512,3072] input, 1572864 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,512,768] output, 393216 floats
 *   program: v1 mlt s=1.1.1.1.1/4.2.4.4.4/2.1.24.1.16 r=32.96.1 u=1024 v=1.1
 *   measured by etotune: 12.13 ms median, 199.2 GFLOP/s (reuse, 116 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_512(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=1,n=1,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=1 n=1 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,1,64] input, 768 floats
 *   B        [12,64,1] input, 768 floats
 *   out      [12,1,1] output, 12 floats
 *   program: v1 ctr s=1.1.1.1.12/1.1.1.1.1/1.1.1.1.1 r=1.8.8 u=0 v=1.1
 *   measured by etotune: 8.229e-05 ms median, 18.7 GFLOP/s (full, 64 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_1(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=2,n=2,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=2 n=2 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,2,64] input, 1536 floats
 *   B        [12,64,2] input, 1536 floats
 *   out      [12,2,2] output, 48 floats
 *   program: v1 ctr s=1.1.1.1.12/2.1.1.1.1/2.1.1.1.1 r=8.1.8 u=1024 v=1.1
 *   measured by etotune: 0.0005004 ms median, 12.3 GFLOP/s (full, 64 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_2(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=3,n=3,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=3 n=3 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,3,64] input, 2304 floats
 *   B        [12,64,3] input, 2304 floats
 *   out      [12,3,3] output, 108 floats
 *   program: v1 mlt s=4.1.1.3.1/1.1.1.3.1/1.1.1.1.3 r=8.4.2 u=16 v=1.1
 *   measured by etotune: 0.0007899 ms median, 17.5 GFLOP/s (reuse, 6 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_3(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=4,n=4,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=4 n=4 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,4,64] input, 3072 floats
 *   B        [12,64,4] input, 3072 floats
 *   out      [12,4,4] output, 192 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.1.4.1/1.1.1.1.4 r=8.8.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.0008372 ms median, 29.4 GFLOP/s (reuse, 6 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_4(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=5,n=5,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=5 n=5 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,5,64] input, 3840 floats
 *   B        [12,64,5] input, 3840 floats
 *   out      [12,5,5] output, 300 floats
 *   program: v1 mlt s=6.1.1.2.1/1.1.1.5.1/1.1.1.1.5 r=2.16.2 u=16 v=1.1
 *   measured by etotune: 0.00157 ms median, 24.5 GFLOP/s (reuse, 8 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_5(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=6,n=6,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=6 n=6 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,6,64] input, 4608 floats
 *   B        [12,64,6] input, 4608 floats
 *   out      [12,6,6] output, 432 floats
 *   program: v1 mlt s=3.1.1.4.1/3.1.1.2.1/1.1.1.1.6 r=2.16.2 u=16 v=1.1
 *   measured by etotune: 0.001693 ms median, 32.7 GFLOP/s (reuse, 12 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_6(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=7,n=7,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=7 n=7 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,7,64] input, 5376 floats
 *   B        [12,64,7] input, 5376 floats
 *   out      [12,7,7] output, 588 floats
 *   program: v1 mlt s=6.1.2.1.1/1.1.1.7.1/1.1.1.1.7 r=2.32.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.001105 ms median, 68.1 GFLOP/s (reuse, 28 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_7(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=8,n=8,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=8 n=8 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,8,64] input, 6144 floats
 *   B        [12,64,8] input, 6144 floats
 *   out      [12,8,8] output, 768 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.1.8.1/1.1.1.1.8 r=4.16.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.001026 ms median, 95.8 GFLOP/s (reuse, 8 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_8(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=9,n=9,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=9 n=9 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,9,64] input, 6912 floats
 *   B        [12,64,9] input, 6912 floats
 *   out      [12,9,9] output, 972 floats
 *   program: v1 mlt s=6.1.1.2.1/1.1.3.3.1/1.1.1.1.9 r=2.32.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.001547 ms median, 80.4 GFLOP/s (reuse, 47 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_9(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=10,n=10,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=10 n=10 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,10,64] input, 7680 floats
 *   B        [12,64,10] input, 7680 floats
 *   out      [12,10,10] output, 1200 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.1.10.1/1.1.1.1.10 r=2.16.2 u=1024 v=1.1 d=1.1
 *   measured by etotune: 0.001585 ms median, 96.9 GFLOP/s (reuse, 20 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_10(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=11,n=11,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=11 n=11 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,11,64] input, 8448 floats
 *   B        [12,64,11] input, 8448 floats
 *   out      [12,11,11] output, 1452 floats
 *   program: v1 mlt s=4.1.3.1.1/1.1.1.11.1/1.1.1.1.11 r=2.32.1 u=1024 v=1.1 d=1.1
 *   measured by etotune: 0.002565 ms median, 72.5 GFLOP/s (reuse, 29 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_11(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=12,n=12,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=12 n=12 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,12,64] input, 9216 floats
 *   B        [12,64,12] input, 9216 floats
 *   out      [12,12,12] output, 1728 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.1.3.4/1.1.1.1.12 r=2.32.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.001772 ms median, 124.8 GFLOP/s (reuse, 31 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_12(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=13,n=13,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=13 n=13 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,13,64] input, 9984 floats
 *   B        [12,64,13] input, 9984 floats
 *   out      [12,13,13] output, 2028 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.1.13.1/1.1.1.1.13 r=2.32.1 u=16 v=1.1 d=1.1
 *   measured by etotune: 0.002063 ms median, 125.8 GFLOP/s (reuse, 27 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_13(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=14,n=14,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=14 n=14 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,14,64] input, 10752 floats
 *   B        [12,64,14] input, 10752 floats
 *   out      [12,14,14] output, 2352 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.1.14.1/1.1.1.1.14 r=4.16.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.002183 ms median, 137.9 GFLOP/s (reuse, 9 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_14(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=15,n=15,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=15 n=15 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,15,64] input, 11520 floats
 *   B        [12,64,15] input, 11520 floats
 *   out      [12,15,15] output, 2700 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.1.15.1/1.1.1.1.15 r=4.16.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.002485 ms median, 139.1 GFLOP/s (reuse, 9 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_15(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=16,n=16,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=16 n=16 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,16,64] input, 12288 floats
 *   B        [12,64,16] input, 12288 floats
 *   out      [12,16,16] output, 3072 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.1.16.1/1.1.1.1.16 r=4.16.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.002609 ms median, 150.7 GFLOP/s (reuse, 10 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_16(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=18,n=18,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=18 n=18 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,18,64] input, 13824 floats
 *   B        [12,64,18] input, 13824 floats
 *   out      [12,18,18] output, 3888 floats
 *   program: v1 mlt s=12.1.1.1.1/2.1.1.9.1/2.1.1.1.9 r=4.16.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.004581 ms median, 108.6 GFLOP/s (reuse, 14 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_18(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=19,n=19,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=19 n=19 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,19,64] input, 14592 floats
 *   B        [12,64,19] input, 14592 floats
 *   out      [12,19,19] output, 4332 floats
 *   program: v1 mlt s=12.1.1.1.1/2.1.1.10.1/2.1.1.1.10 r=2.16.2 u=1024 v=1.1 d=1.1
 *   measured by etotune: 0.007503 ms median, 73.9 GFLOP/s (reuse, 14 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_19(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=20,n=20,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=20 n=20 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,20,64] input, 15360 floats
 *   B        [12,64,20] input, 15360 floats
 *   out      [12,20,20] output, 4800 floats
 *   program: v1 mlt s=12.1.1.1.1/2.1.1.2.5/2.1.1.1.10 r=2.32.1 u=1024 v=1.1 d=1.1
 *   measured by etotune: 0.004843 ms median, 126.9 GFLOP/s (reuse, 40 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_20(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=23,n=23,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=23 n=23 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,23,64] input, 17664 floats
 *   B        [12,64,23] input, 17664 floats
 *   out      [12,23,23] output, 6348 floats
 *   program: v1 mlt s=12.1.1.1.1/2.1.1.2.6/2.1.1.1.12 r=1.64.1 u=0 v=1.1 d=1.1
 *   measured by etotune: 0.00596 ms median, 136.3 GFLOP/s (reuse, 59 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_23(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=24,n=24,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=24 n=24 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,24,64] input, 18432 floats
 *   B        [12,64,24] input, 18432 floats
 *   out      [12,24,24] output, 6912 floats
 *   program: v1 mlt s=12.1.1.1.1/2.1.1.12.1/2.1.1.1.12 r=4.16.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.006008 ms median, 147.3 GFLOP/s (reuse, 8 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_24(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=27,n=27,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=27 n=27 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,27,64] input, 20736 floats
 *   B        [12,64,27] input, 20736 floats
 *   out      [12,27,27] output, 8748 floats
 *   program: v1 mlt s=12.1.1.1.1/4.1.1.7.1/2.1.1.1.14 r=1.64.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.007078 ms median, 158.2 GFLOP/s (reuse, 20 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_27(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=28,n=28,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=28 n=28 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,28,64] input, 21504 floats
 *   B        [12,64,28] input, 21504 floats
 *   out      [12,28,28] output, 9408 floats
 *   program: v1 mlt s=12.1.1.1.1/2.1.1.14.1/2.1.1.1.14 r=4.16.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.007137 ms median, 168.7 GFLOP/s (reuse, 8 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_28(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=32,n=32,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=32 n=32 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,32,64] input, 24576 floats
 *   B        [12,64,32] input, 24576 floats
 *   out      [12,32,32] output, 12288 floats
 *   program: v1 mlt s=12.1.1.1.1/2.2.1.8.1/1.1.1.2.16 r=2.32.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.008807 ms median, 178.6 GFLOP/s (reuse, 6 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_32(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=36,n=36,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=36 n=36 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,36,64] input, 27648 floats
 *   B        [12,64,36] input, 27648 floats
 *   out      [12,36,36] output, 15552 floats
 *   program: v1 mlt s=12.1.1.1.1/4.1.1.9.1/4.1.1.1.9 r=2.16.2 u=1024 v=1.1 d=1.1
 *   measured by etotune: 0.01636 ms median, 121.7 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_36(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=37,n=37,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=37 n=37 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,37,64] input, 28416 floats
 *   B        [12,64,37] input, 28416 floats
 *   out      [12,37,37] output, 16428 floats
 *   program: v1 mlt s=12.1.1.1.1/4.1.1.10.1/4.1.1.1.10 r=2.16.2 u=1024 v=1.1 d=1.1
 *   measured by etotune: 0.0228 ms median, 92.2 GFLOP/s (reuse, 10 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_37(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=40,n=40,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=40 n=40 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,40,64] input, 30720 floats
 *   B        [12,64,40] input, 30720 floats
 *   out      [12,40,40] output, 19200 floats
 *   program: v1 mlt s=12.1.1.1.1/4.1.1.10.1/4.1.1.1.10 r=2.16.2 u=1024 v=1.1 d=1.1
 *   measured by etotune: 0.01871 ms median, 131.4 GFLOP/s (reuse, 31 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_40(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=48,n=48,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=48 n=48 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,48,64] input, 36864 floats
 *   B        [12,64,48] input, 36864 floats
 *   out      [12,48,48] output, 27648 floats
 *   program: v1 mlt s=12.1.1.1.1/6.1.1.8.1/1.1.1.3.16 r=2.32.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.0163 ms median, 217.1 GFLOP/s (reuse, 5 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_48(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=54,n=54,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=54 n=54 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,54,64] input, 41472 floats
 *   B        [12,64,54] input, 41472 floats
 *   out      [12,54,54] output, 34992 floats
 *   program: v1 mlt s=12.1.1.1.1/6.1.1.9.1/6.1.1.1.9 r=2.16.2 u=1024 v=1.1 d=1.1
 *   measured by etotune: 0.03599 ms median, 124.4 GFLOP/s (reuse, 14 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_54(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=55,n=55,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=55 n=55 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,55,64] input, 42240 floats
 *   B        [12,64,55] input, 42240 floats
 *   out      [12,55,55] output, 36300 floats
 *   program: v1 mlt s=12.1.1.1.1/5.1.1.11.1/1.1.5.1.11 r=1.64.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.03106 ms median, 149.6 GFLOP/s (reuse, 11 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_55(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=56,n=56,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=56 n=56 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,56,64] input, 43008 floats
 *   B        [12,64,56] input, 43008 floats
 *   out      [12,56,56] output, 37632 floats
 *   program: v1 mlt s=12.1.1.1.1/7.1.1.8.1/1.1.4.1.14 r=1.64.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.02672 ms median, 180.3 GFLOP/s (reuse, 50 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_56(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=62,n=62,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=62 n=62 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,62,64] input, 47616 floats
 *   B        [12,64,62] input, 47616 floats
 *   out      [12,62,62] output, 46128 floats
 *   program: v1 mlt s=12.1.1.1.1/4.2.1.8.1/4.1.1.1.16 r=4.16.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.03289 ms median, 179.5 GFLOP/s (reuse, 12 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_62(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=64,n=64,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=64 n=64 k=64 freq=24 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,64,64] input, 49152 floats
 *   B        [12,64,64] input, 49152 floats
 *   out      [12,64,64] output, 49152 floats
 *   program: v1 mlt s=12.1.1.1.1/4.1.1.16.1/4.1.1.1.16 r=4.16.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.02815 ms median, 223.5 GFLOP/s (reuse, 30 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_64(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=72,n=72,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=72 n=72 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,72,64] input, 55296 floats
 *   B        [12,64,72] input, 55296 floats
 *   out      [12,72,72] output, 62208 floats
 *   program: v1 mlt s=12.1.1.1.1/9.1.1.8.1/9.1.1.1.8 r=2.16.2 u=1024 v=1.1 d=1.1
 *   measured by etotune: 0.04723 ms median, 168.6 GFLOP/s (reuse, 23 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_72(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=80,n=80,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=80 n=80 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,80,64] input, 61440 floats
 *   B        [12,64,80] input, 61440 floats
 *   out      [12,80,80] output, 76800 floats
 *   program: v1 mlt s=12.1.1.1.1/5.1.1.16.1/5.1.1.1.16 r=4.16.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.0467 ms median, 210.5 GFLOP/s (reuse, 14 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_80(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=81,n=81,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=81 n=81 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,81,64] input, 62208 floats
 *   B        [12,64,81] input, 62208 floats
 *   out      [12,81,81] output, 78732 floats
 *   program: v1 mlt s=12.1.1.1.1/9.1.1.9.1/9.1.1.1.9 r=2.16.2 u=1024 v=1.1 d=1.1
 *   measured by etotune: 0.08172 ms median, 123.3 GFLOP/s (reuse, 16 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_81(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=91,n=91,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=91 n=91 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,91,64] input, 69888 floats
 *   B        [12,64,91] input, 69888 floats
 *   out      [12,91,91] output, 99372 floats
 *   program: v1 mlt s=12.1.1.1.1/7.1.1.13.1/7.1.1.1.13 r=4.16.1 u=512 v=1.1 d=1.1
 *   measured by etotune: 0.07257 ms median, 175.3 GFLOP/s (reuse, 40 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_91(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=96,n=96,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=96 n=96 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,96,64] input, 73728 floats
 *   B        [12,64,96] input, 73728 floats
 *   out      [12,96,96] output, 110592 floats
 *   program: v1 mlt s=12.1.1.1.1/6.1.1.16.1/6.1.1.1.16 r=4.16.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.0634 ms median, 223.3 GFLOP/s (reuse, 13 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_96(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=107,n=107,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=107 n=107 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,107,64] input, 82176 floats
 *   B        [12,64,107] input, 82176 floats
 *   out      [12,107,107] output, 137388 floats
 *   program: v1 mlt s=12.1.1.1.1/7.1.1.16.1/7.1.1.1.16 r=4.8.2 u=64 v=1.1
 *   measured by etotune: 0.1195 ms median, 147.2 GFLOP/s (reuse, 13 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_107(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=110,n=110,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=110 n=110 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,110,64] input, 84480 floats
 *   B        [12,64,110] input, 84480 floats
 *   out      [12,110,110] output, 145200 floats
 *   program: v1 mlt s=12.1.1.1.1/7.1.1.16.1/7.1.1.1.16 r=4.8.2 u=64 v=1.1
 *   measured by etotune: 0.1242 ms median, 149.6 GFLOP/s (reuse, 19 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_110(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=112,n=112,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=112 n=112 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,112,64] input, 86016 floats
 *   B        [12,64,112] input, 86016 floats
 *   out      [12,112,112] output, 150528 floats
 *   program: v1 mlt s=12.1.1.1.1/7.1.1.16.1/7.1.1.1.16 r=4.16.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.08853 ms median, 217.6 GFLOP/s (reuse, 12 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_112(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=120,n=120,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=120 n=120 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,120,64] input, 92160 floats
 *   B        [12,64,120] input, 92160 floats
 *   out      [12,120,120] output, 172800 floats
 *   program: v1 mlt s=12.1.1.1.1/8.1.1.15.1/8.1.1.1.15 r=8.8.1 u=512 v=1.1 d=1.1
 *   measured by etotune: 0.1088 ms median, 203.2 GFLOP/s (reuse, 77 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_120(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=128,n=128,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=128 n=128 k=64 freq=120 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,128,64] input, 98304 floats
 *   B        [12,64,128] input, 98304 floats
 *   out      [12,128,128] output, 196608 floats
 *   program: v1 mlt s=12.1.1.1.1/8.2.1.8.1/8.1.1.1.16 r=2.32.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.1228 ms median, 204.9 GFLOP/s (reuse, 13 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_128(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=137,n=137,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=137 n=137 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,137,64] input, 105216 floats
 *   B        [12,64,137] input, 105216 floats
 *   out      [12,137,137] output, 225228 floats
 *   program: v1 mlt s=12.1.1.1.1/9.1.1.16.1/9.1.1.1.16 r=4.8.2 u=64 v=1.1
 *   measured by etotune: 0.1968 ms median, 146.5 GFLOP/s (reuse, 13 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_137(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=150,n=150,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=150 n=150 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,150,64] input, 115200 floats
 *   B        [12,64,150] input, 115200 floats
 *   out      [12,150,150] output, 270000 floats
 *   program: v1 mlt s=12.1.1.1.1/10.1.1.15.1/10.1.1.1.15 r=4.16.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.2004 ms median, 172.5 GFLOP/s (reuse, 16 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_150(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=153,n=153,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=153 n=153 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,153,64] input, 117504 floats
 *   B        [12,64,153] input, 117504 floats
 *   out      [12,153,153] output, 280908 floats
 *   program: v1 mlt s=12.1.1.1.1/10.2.1.8.1/5.1.1.2.16 r=2.32.1 u=64 v=1.1 d=1.0
 *   measured by etotune: 0.2586 ms median, 139.1 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_153(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=160,n=160,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=160 n=160 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,160,64] input, 122880 floats
 *   B        [12,64,160] input, 122880 floats
 *   out      [12,160,160] output, 307200 floats
 *   program: v1 mlt s=12.1.1.1.1/10.1.1.16.1/10.1.1.1.16 r=4.16.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.2058 ms median, 191.0 GFLOP/s (reuse, 13 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_160(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=166,n=166,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=166 n=166 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,166,64] input, 127488 floats
 *   B        [12,64,166] input, 127488 floats
 *   out      [12,166,166] output, 330672 floats
 *   program: v1 mlt s=12.1.1.1.1/11.2.1.8.1/6.1.1.2.16 r=2.32.1 u=64 v=1.1 d=1.0
 *   measured by etotune: 0.353 ms median, 119.9 GFLOP/s (reuse, 10 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_166(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=181,n=181,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=181 n=181 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,181,64] input, 139008 floats
 *   B        [12,64,181] input, 139008 floats
 *   out      [12,181,181] output, 393132 floats
 *   program: v1 mlt s=12.1.1.1.1/12.2.1.8.1/6.1.1.2.16 r=2.32.1 u=64 v=1.1 d=1.0
 *   measured by etotune: 0.4034 ms median, 124.7 GFLOP/s (reuse, 10 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_181(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=192,n=192,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=192 n=192 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,192,64] input, 147456 floats
 *   B        [12,64,192] input, 147456 floats
 *   out      [12,192,192] output, 442368 floats
 *   program: v1 mlt s=12.1.1.1.1/12.1.1.16.1/12.1.1.1.16 r=4.16.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.2584 ms median, 219.1 GFLOP/s (reuse, 13 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_192(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=196,n=196,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=196 n=196 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,196,64] input, 150528 floats
 *   B        [12,64,196] input, 150528 floats
 *   out      [12,196,196] output, 460992 floats
 *   program: v1 mlt s=12.1.1.1.1/14.1.1.14.1/14.1.1.1.14 r=4.16.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.3135 ms median, 188.2 GFLOP/s (reuse, 21 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_196(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=210,n=210,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=210 n=210 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,210,64] input, 161280 floats
 *   B        [12,64,210] input, 161280 floats
 *   out      [12,210,210] output, 529200 floats
 *   program: v1 mlt s=12.1.1.1.1/14.1.1.15.1/14.1.1.1.15 r=8.8.1 u=1024 v=1.1 d=1.1
 *   measured by etotune: 0.3372 ms median, 200.9 GFLOP/s (reuse, 19 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_210(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=219,n=219,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=219 n=219 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,219,64] input, 168192 floats
 *   B        [12,64,219] input, 168192 floats
 *   out      [12,219,219] output, 575532 floats
 *   program: v1 mlt s=12.1.1.1.1/14.1.1.16.1/14.1.1.1.16 r=4.16.1 u=1024 v=1.1 d=1.1
 *   measured by etotune: 0.681 ms median, 108.2 GFLOP/s (reuse, 12 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_219(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=224,n=224,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=224 n=224 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,224,64] input, 172032 floats
 *   B        [12,64,224] input, 172032 floats
 *   out      [12,224,224] output, 602112 floats
 *   program: v1 mlt s=12.1.1.1.1/14.1.1.16.1/14.1.1.1.16 r=4.16.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.3644 ms median, 211.5 GFLOP/s (reuse, 13 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_224(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=234,n=234,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=234 n=234 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,234,64] input, 179712 floats
 *   B        [12,64,234] input, 179712 floats
 *   out      [12,234,234] output, 657072 floats
 *   program: v1 mlt s=12.1.1.1.1/15.1.1.16.1/15.1.1.1.16 r=1.16.4 u=512 v=1.1 d=1.1
 *   measured by etotune: 0.8429 ms median, 99.8 GFLOP/s (reuse, 22 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_234(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=241,n=241,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=241 n=241 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,241,64] input, 185088 floats
 *   B        [12,64,241] input, 185088 floats
 *   out      [12,241,241] output, 696972 floats
 *   program: v1 mlt s=12.1.1.1.1/16.1.1.16.1/16.1.1.1.16 r=16.2.2 u=1024 v=1.1 d=1.1
 *   measured by etotune: 0.9342 ms median, 95.5 GFLOP/s (reuse, 12 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_241(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=245,n=245,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=245 n=245 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,245,64] input, 188160 floats
 *   B        [12,64,245] input, 188160 floats
 *   out      [12,245,245] output, 720300 floats
 *   program: v1 mlt s=12.1.1.1.1/16.1.1.16.1/16.1.1.1.16 r=16.2.2 u=1024 v=1.1 d=1.1
 *   measured by etotune: 0.7846 ms median, 117.5 GFLOP/s (reuse, 14 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_245(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=256,n=256,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=256 n=256 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,256,64] input, 196608 floats
 *   B        [12,64,256] input, 196608 floats
 *   out      [12,256,256] output, 786432 floats
 *   program: v1 mlt s=12.1.1.1.1/16.1.1.16.1/16.1.1.1.16 r=16.2.2 u=1024 v=1.1 d=1.1
 *   measured by etotune: 0.4431 ms median, 227.2 GFLOP/s (reuse, 51 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_256(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=257,n=257,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=257 n=257 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,257,64] input, 197376 floats
 *   B        [12,64,257] input, 197376 floats
 *   out      [12,257,257] output, 792588 floats
 *   program: v1 mlt s=12.1.1.1.1/17.1.1.16.1/17.1.1.1.16 r=8.8.1 u=1024 v=1.1
 *   measured by etotune: 0.6161 ms median, 164.7 GFLOP/s (reuse, 20 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_257(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=300,n=300,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=300 n=300 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,300,64] input, 230400 floats
 *   B        [12,64,300] input, 230400 floats
 *   out      [12,300,300] output, 1080000 floats
 *   program: v1 mlt s=12.1.1.1.1/3.2.5.10.1/4.1.5.1.15 r=1.64.1 u=64 v=1.1
 *   measured by etotune: 0.7599 ms median, 181.9 GFLOP/s (reuse, 59 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_300(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=311,n=311,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=311 n=311 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,311,64] input, 238848 floats
 *   B        [12,64,311] input, 238848 floats
 *   out      [12,311,311] output, 1160652 floats
 *   program: v1 mlt s=12.1.1.1.1/8.1.10.4.1/10.1.1.2.16 r=1.32.2 u=64 v=1.1 d=1.0
 *   measured by etotune: 0.7653 ms median, 194.1 GFLOP/s (reuse, 103 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_311(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=320,n=320,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=320 n=320 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,320,64] input, 245760 floats
 *   B        [12,64,320] input, 245760 floats
 *   out      [12,320,320] output, 1228800 floats
 *   program: v1 mlt s=12.1.1.1.1/8.1.5.8.1/10.1.1.1.32 r=2.16.2 u=64 v=1.1
 *   measured by etotune: 0.8989 ms median, 175.0 GFLOP/s (reuse, 98 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_320(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=384,n=384,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=384 n=384 k=64 freq=120 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,384,64] input, 294912 floats
 *   B        [12,64,384] input, 294912 floats
 *   out      [12,384,384] output, 1769472 floats
 *   program: v1 mlt s=6.1.2.1.1/12.1.2.2.8/2.1.12.1.16 r=1.64.1 u=512 v=1.2
 *   measured by etotune: 1.171 ms median, 193.4 GFLOP/s (reuse, 179 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_384(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=401,n=401,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=401 n=401 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,401,64] input, 307968 floats
 *   B        [12,64,401] input, 307968 floats
 *   out      [12,401,401] output, 1929612 floats
 *   program: v1 mlt s=2.1.6.1.1/8.1.7.8.1/13.2.1.1.16 r=1.32.2 u=1024 v=1.1
 *   measured by etotune: 1.581 ms median, 156.2 GFLOP/s (reuse, 30 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_401(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=443,n=443,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=443 n=443 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,443,64] input, 340224 floats
 *   B        [12,64,443] input, 340224 floats
 *   out      [12,443,443] output, 2354988 floats
 *   program: v1 mlt s=6.1.2.1.1/28.1.1.2.8/2.1.14.1.16 r=1.64.1 u=1024 v=1.4
 *   measured by etotune: 1.784 ms median, 169.0 GFLOP/s (reuse, 9 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_443(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=448,n=448,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=448 n=448 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,448,64] input, 344064 floats
 *   B        [12,64,448] input, 344064 floats
 *   out      [12,448,448] output, 2408448 floats
 *   program: v1 mlt s=12.1.1.1.1/28.1.2.8.1/1.1.14.1.32 r=1.64.1 u=512 v=1.2 d=1.0
 *   measured by etotune: 1.732 ms median, 178.0 GFLOP/s (reuse, 191 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_448(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=512,n=512,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=512 n=512 k=64 freq=120 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,512,64] input, 393216 floats
 *   B        [12,64,512] input, 393216 floats
 *   out      [12,512,512] output, 3145728 floats
 *   program: v1 mlt s=12.1.1.1.1/4.2.8.8.1/4.1.8.1.16 r=1.32.2 u=64 v=1.1
 *   measured by etotune: 1.98 ms median, 203.4 GFLOP/s (reuse, 107 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_512(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=1,n=64,k=1;dtype=float32
 *   list line: batch_matmul b=12 m=1 n=64 k=1 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,1,1] input, 12 floats
 *   B        [12,1,64] input, 768 floats
 *   out      [12,1,64] output, 768 floats
 *   program: v1 mlt s=3.1.4.1.1/1.1.1.1.1/1.1.2.1.32 r=1.1.1 u=1024 v=1.1
 *   measured by etotune: 0.000248 ms median, 6.2 GFLOP/s (reuse, 5 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_1(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=2,n=64,k=2;dtype=float32
 *   list line: batch_matmul b=12 m=2 n=64 k=2 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,2,2] input, 48 floats
 *   B        [12,2,64] input, 1536 floats
 *   out      [12,2,64] output, 1536 floats
 *   program: v1 mlt s=1.1.12.1.1/1.1.1.2.1/1.1.2.2.16 r=1.2.1 u=0 v=2.1
 *   measured by etotune: 0.0001911 ms median, 32.1 GFLOP/s (reuse, 31 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_2(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=3,n=64,k=3;dtype=float32
 *   list line: batch_matmul b=12 m=3 n=64 k=3 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,3,3] input, 108 floats
 *   B        [12,3,64] input, 2304 floats
 *   out      [12,3,64] output, 2304 floats
 *   program: v1 mlt s=6.1.2.1.1/1.1.1.3.1/1.1.2.1.32 r=1.1.3 u=512 v=1.1
 *   measured by etotune: 0.0004821 ms median, 28.7 GFLOP/s (reuse, 5 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_3(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=4,n=64,k=4;dtype=float32
 *   list line: batch_matmul b=12 m=4 n=64 k=4 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,4,4] input, 192 floats
 *   B        [12,4,64] input, 3072 floats
 *   out      [12,4,64] output, 3072 floats
 *   program: v1 mlt s=4.1.3.1.1/1.1.1.4.1/1.1.2.2.16 r=1.2.2 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.0004118 ms median, 59.7 GFLOP/s (reuse, 28 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_4(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=5,n=64,k=5;dtype=float32
 *   list line: batch_matmul b=12 m=5 n=64 k=5 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,5,5] input, 300 floats
 *   B        [12,5,64] input, 3840 floats
 *   out      [12,5,64] output, 3840 floats
 *   program: v1 mlt s=3.2.2.1.1/1.1.1.1.5/1.1.4.2.8 r=1.5.1 u=512 v=2.1 d=0.1
 *   measured by etotune: 0.0006194 ms median, 62.0 GFLOP/s (reuse, 31 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_5(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=6,n=64,k=6;dtype=float32
 *   list line: batch_matmul b=12 m=6 n=64 k=6 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,6,6] input, 432 floats
 *   B        [12,6,64] input, 4608 floats
 *   out      [12,6,64] output, 4608 floats
 *   program: v1 mlt s=12.1.1.1.1/1.3.1.2.1/1.1.2.2.16 r=1.6.1 u=1024 v=1.1 d=1.1
 *   measured by etotune: 0.0008114 ms median, 68.1 GFLOP/s (reuse, 30 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_6(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=7,n=64,k=7;dtype=float32
 *   list line: batch_matmul b=12 m=7 n=64 k=7 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,7,7] input, 588 floats
 *   B        [12,7,64] input, 5376 floats
 *   out      [12,7,64] output, 5376 floats
 *   program: v1 mlt s=3.1.2.1.2/1.1.1.1.7/1.1.4.1.16 r=1.1.7 u=1024 v=1.2
 *   measured by etotune: 0.0008655 ms median, 87.0 GFLOP/s (reuse, 30 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_7(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=8,n=64,k=8;dtype=float32
 *   list line: batch_matmul b=12 m=8 n=64 k=8 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,8,8] input, 768 floats
 *   B        [12,8,64] input, 6144 floats
 *   out      [12,8,64] output, 6144 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.1.8.1/1.1.2.2.16 r=1.8.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.000949 ms median, 103.6 GFLOP/s (reuse, 10 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_8(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=9,n=64,k=9;dtype=float32
 *   list line: batch_matmul b=12 m=9 n=64 k=9 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,9,9] input, 972 floats
 *   B        [12,9,64] input, 6912 floats
 *   out      [12,9,64] output, 6912 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.1.9.1/1.1.2.2.16 r=1.9.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.001346 ms median, 92.4 GFLOP/s (reuse, 10 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_9(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=10,n=64,k=10;dtype=float32
 *   list line: batch_matmul b=12 m=10 n=64 k=10 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,10,10] input, 1200 floats
 *   B        [12,10,64] input, 7680 floats
 *   out      [12,10,64] output, 7680 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.1.10.1/1.1.2.2.16 r=1.10.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.001293 ms median, 118.8 GFLOP/s (reuse, 12 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_10(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=11,n=64,k=11;dtype=float32
 *   list line: batch_matmul b=12 m=11 n=64 k=11 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,11,11] input, 1452 floats
 *   B        [12,11,64] input, 8448 floats
 *   out      [12,11,64] output, 8448 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.1.11.1/1.1.2.1.32 r=1.1.11 u=1024 v=1.1 d=1.0
 *   measured by etotune: 0.001637 ms median, 113.6 GFLOP/s (reuse, 27 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_11(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=12,n=64,k=12;dtype=float32
 *   list line: batch_matmul b=12 m=12 n=64 k=12 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,12,12] input, 1728 floats
 *   B        [12,12,64] input, 9216 floats
 *   out      [12,12,64] output, 9216 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.1.12.1/8.1.1.1.8 r=1.6.2 u=1024 v=1.1 d=1.1
 *   measured by etotune: 0.002072 ms median, 106.7 GFLOP/s (reuse, 36 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_12(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=13,n=64,k=13;dtype=float32
 *   list line: batch_matmul b=12 m=13 n=64 k=13 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,13,13] input, 2028 floats
 *   B        [12,13,64] input, 9984 floats
 *   out      [12,13,64] output, 9984 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.1.13.1/1.1.2.2.16 r=1.1.13 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.002854 ms median, 91.0 GFLOP/s (reuse, 24 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_13(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=14,n=64,k=14;dtype=float32
 *   list line: batch_matmul b=12 m=14 n=64 k=14 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,14,14] input, 2352 floats
 *   B        [12,14,64] input, 10752 floats
 *   out      [12,14,64] output, 10752 floats
 *   program: v1 mlt s=12.1.1.1.1/1.2.1.7.1/1.1.2.2.16 r=1.14.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.001982 ms median, 151.9 GFLOP/s (reuse, 11 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_14(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=15,n=64,k=15;dtype=float32
 *   list line: batch_matmul b=12 m=15 n=64 k=15 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,15,15] input, 2700 floats
 *   B        [12,15,64] input, 11520 floats
 *   out      [12,15,64] output, 11520 floats
 *   program: v1 mlt s=12.1.1.1.1/1.3.1.5.1/1.1.2.2.16 r=1.15.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.002075 ms median, 166.6 GFLOP/s (reuse, 11 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_15(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=16,n=64,k=16;dtype=float32
 *   list line: batch_matmul b=12 m=16 n=64 k=16 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,16,16] input, 3072 floats
 *   B        [12,16,64] input, 12288 floats
 *   out      [12,16,64] output, 12288 floats
 *   program: v1 mlt s=12.1.1.1.1/1.2.1.8.1/1.1.2.2.16 r=1.16.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.002234 ms median, 176.0 GFLOP/s (reuse, 15 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_16(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=18,n=64,k=18;dtype=float32
 *   list line: batch_matmul b=12 m=18 n=64 k=18 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,18,18] input, 3888 floats
 *   B        [12,18,64] input, 13824 floats
 *   out      [12,18,64] output, 13824 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.1.18.1/4.1.1.1.16 r=1.18.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.00296 ms median, 168.1 GFLOP/s (reuse, 16 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_18(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=19,n=64,k=19;dtype=float32
 *   list line: batch_matmul b=12 m=19 n=64 k=19 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,19,19] input, 4332 floats
 *   B        [12,19,64] input, 14592 floats
 *   out      [12,19,64] output, 14592 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.1.19.1/4.1.1.1.16 r=1.19.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.003231 ms median, 171.6 GFLOP/s (reuse, 11 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_19(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=20,n=64,k=20;dtype=float32
 *   list line: batch_matmul b=12 m=20 n=64 k=20 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,20,20] input, 4800 floats
 *   B        [12,20,64] input, 15360 floats
 *   out      [12,20,64] output, 15360 floats
 *   program: v1 mlt s=12.1.1.1.1/2.1.1.10.1/4.1.1.1.16 r=2.10.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.00349 ms median, 176.1 GFLOP/s (reuse, 16 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_20(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=24,n=64,k=24;dtype=float32
 *   list line: batch_matmul b=12 m=24 n=64 k=24 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,24,24] input, 6912 floats
 *   B        [12,24,64] input, 18432 floats
 *   out      [12,24,64] output, 18432 floats
 *   program: v1 mlt s=12.1.1.1.1/3.1.1.8.1/1.1.2.2.16 r=1.24.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.004741 ms median, 186.6 GFLOP/s (reuse, 11 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_24(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=25,n=64,k=25;dtype=float32
 *   list line: batch_matmul b=12 m=25 n=64 k=25 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,25,25] input, 7500 floats
 *   B        [12,25,64] input, 19200 floats
 *   out      [12,25,64] output, 19200 floats
 *   program: v1 mlt s=12.1.1.1.1/5.1.1.5.1/1.1.2.2.16 r=1.25.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.008389 ms median, 114.4 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_25(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=28,n=64,k=28;dtype=float32
 *   list line: batch_matmul b=12 m=28 n=64 k=28 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,28,28] input, 9408 floats
 *   B        [12,28,64] input, 21504 floats
 *   out      [12,28,64] output, 21504 floats
 *   program: v1 mlt s=12.1.1.1.1/4.1.1.7.1/1.1.2.2.16 r=1.28.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.006731 ms median, 178.9 GFLOP/s (reuse, 14 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_28(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=32,n=64,k=32;dtype=float32
 *   list line: batch_matmul b=12 m=32 n=64 k=32 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,32,32] input, 12288 floats
 *   B        [12,32,64] input, 24576 floats
 *   out      [12,32,64] output, 24576 floats
 *   program: v1 mlt s=12.1.1.1.1/4.1.1.8.1/1.1.2.2.16 r=1.32.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.007914 ms median, 198.7 GFLOP/s (reuse, 14 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_32(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=35,n=64,k=35;dtype=float32
 *   list line: batch_matmul b=12 m=35 n=64 k=35 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,35,35] input, 14700 floats
 *   B        [12,35,64] input, 26880 floats
 *   out      [12,35,64] output, 26880 floats
 *   program: v1 mlt s=12.1.1.1.1/5.1.1.7.1/1.1.2.2.16 r=1.35.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.009199 ms median, 204.5 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_35(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=40,n=64,k=40;dtype=float32
 *   list line: batch_matmul b=12 m=40 n=64 k=40 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,40,40] input, 19200 floats
 *   B        [12,40,64] input, 30720 floats
 *   out      [12,40,64] output, 30720 floats
 *   program: v1 mlt s=12.1.1.1.1/5.1.1.8.1/1.1.2.2.16 r=1.40.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.01374 ms median, 178.9 GFLOP/s (reuse, 15 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_40(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=45,n=64,k=45;dtype=float32
 *   list line: batch_matmul b=12 m=45 n=64 k=45 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,45,45] input, 24300 floats
 *   B        [12,45,64] input, 34560 floats
 *   out      [12,45,64] output, 34560 floats
 *   program: v1 mlt s=12.1.1.1.1/3.1.1.15.1/1.1.2.2.16 r=3.15.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.01851 ms median, 168.0 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_45(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=48,n=64,k=48;dtype=float32
 *   list line: batch_matmul b=12 m=48 n=64 k=48 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,48,48] input, 27648 floats
 *   B        [12,48,64] input, 36864 floats
 *   out      [12,48,64] output, 36864 floats
 *   program: v1 mlt s=12.1.1.1.1/3.2.1.8.1/1.1.2.2.16 r=2.24.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.01887 ms median, 187.5 GFLOP/s (reuse, 16 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_48(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=49,n=64,k=49;dtype=float32
 *   list line: batch_matmul b=12 m=49 n=64 k=49 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,49,49] input, 28812 floats
 *   B        [12,49,64] input, 37632 floats
 *   out      [12,49,64] output, 37632 floats
 *   program: v1 mlt s=12.1.1.1.1/7.1.1.7.1/1.1.2.2.16 r=1.49.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.01798 ms median, 205.1 GFLOP/s (reuse, 19 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_49(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=56,n=64,k=56;dtype=float32
 *   list line: batch_matmul b=12 m=56 n=64 k=56 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,56,56] input, 37632 floats
 *   B        [12,56,64] input, 43008 floats
 *   out      [12,56,64] output, 43008 floats
 *   program: v1 mlt s=12.1.1.1.1/7.1.1.8.1/1.1.2.2.16 r=2.28.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.02617 ms median, 184.1 GFLOP/s (reuse, 14 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_56(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=57,n=64,k=57;dtype=float32
 *   list line: batch_matmul b=12 m=57 n=64 k=57 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,57,57] input, 38988 floats
 *   B        [12,57,64] input, 43776 floats
 *   out      [12,57,64] output, 43776 floats
 *   program: v1 mlt s=12.1.1.1.1/3.1.1.19.1/8.1.1.1.8 r=1.19.3 u=1024 v=1.1 d=1.1
 *   measured by etotune: 0.02707 ms median, 184.3 GFLOP/s (reuse, 14 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_57(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=75,n=64,k=75;dtype=float32
 *   list line: batch_matmul b=12 m=75 n=64 k=75 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,75,75] input, 67500 floats
 *   B        [12,75,64] input, 57600 floats
 *   out      [12,75,64] output, 57600 floats
 *   program: v1 mlt s=12.1.1.1.1/5.3.1.5.1/1.1.2.2.16 r=3.25.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.04297 ms median, 201.0 GFLOP/s (reuse, 19 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_75(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=80,n=64,k=80;dtype=float32
 *   list line: batch_matmul b=12 m=80 n=64 k=80 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,80,80] input, 76800 floats
 *   B        [12,80,64] input, 61440 floats
 *   out      [12,80,64] output, 61440 floats
 *   program: v1 mlt s=12.1.1.1.1/5.2.1.8.1/1.1.2.2.16 r=2.40.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.04961 ms median, 198.1 GFLOP/s (reuse, 13 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_80(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=96,n=64,k=96;dtype=float32
 *   list line: batch_matmul b=12 m=96 n=64 k=96 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,96,96] input, 110592 floats
 *   B        [12,96,64] input, 73728 floats
 *   out      [12,96,64] output, 73728 floats
 *   program: v1 mlt s=12.1.1.1.1/1.2.6.8.1/1.1.2.2.16 r=1.96.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.06311 ms median, 224.3 GFLOP/s (reuse, 28 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_96(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=107,n=64,k=107;dtype=float32
 *   list line: batch_matmul b=12 m=107 n=64 k=107 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,107,107] input, 137388 floats
 *   B        [12,107,64] input, 82176 floats
 *   out      [12,107,64] output, 82176 floats
 *   program: v1 mlt s=12.1.1.1.1/7.2.1.8.1/1.1.2.2.16 r=4.28.1 u=1024 v=2.1 d=0.1
 *   measured by etotune: 0.1325 ms median, 132.7 GFLOP/s (reuse, 35 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_107(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=109,n=64,k=109;dtype=float32
 *   list line: batch_matmul b=12 m=109 n=64 k=109 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,109,109] input, 142572 floats
 *   B        [12,109,64] input, 83712 floats
 *   out      [12,109,64] output, 83712 floats
 *   program: v1 mlt s=12.1.1.1.1/7.2.1.8.1/1.1.2.2.16 r=4.28.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.1325 ms median, 137.7 GFLOP/s (reuse, 19 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_109(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=112,n=64,k=112;dtype=float32
 *   list line: batch_matmul b=12 m=112 n=64 k=112 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,112,112] input, 150528 floats
 *   B        [12,112,64] input, 86016 floats
 *   out      [12,112,64] output, 86016 floats
 *   program: v1 mlt s=12.1.1.1.1/7.2.1.8.1/1.1.2.2.16 r=4.28.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.09979 ms median, 193.1 GFLOP/s (reuse, 11 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_112(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=122,n=64,k=122;dtype=float32
 *   list line: batch_matmul b=12 m=122 n=64 k=122 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,122,122] input, 178608 floats
 *   B        [12,122,64] input, 93696 floats
 *   out      [12,122,64] output, 93696 floats
 *   program: v1 mlt s=12.1.1.1.1/8.2.1.8.1/1.1.2.2.16 r=4.32.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.17 ms median, 134.5 GFLOP/s (reuse, 17 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_122(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=128,n=64,k=128;dtype=float32
 *   list line: batch_matmul b=12 m=128 n=64 k=128 freq=120 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,128,128] input, 196608 floats
 *   B        [12,128,64] input, 98304 floats
 *   out      [12,128,64] output, 98304 floats
 *   program: v1 mlt s=12.1.1.1.1/8.2.1.8.1/1.1.2.2.16 r=4.32.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.121 ms median, 207.9 GFLOP/s (reuse, 11 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_128(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=136,n=64,k=136;dtype=float32
 *   list line: batch_matmul b=12 m=136 n=64 k=136 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,136,136] input, 221952 floats
 *   B        [12,136,64] input, 104448 floats
 *   out      [12,136,64] output, 104448 floats
 *   program: v1 mlt s=12.1.1.1.1/17.1.1.8.1/1.1.2.2.16 r=4.34.1 u=64 v=1.1 d=1.0
 *   measured by etotune: 0.1812 ms median, 156.8 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_136(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=141,n=64,k=141;dtype=float32
 *   list line: batch_matmul b=12 m=141 n=64 k=141 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,141,141] input, 238572 floats
 *   B        [12,141,64] input, 108288 floats
 *   out      [12,141,64] output, 108288 floats
 *   program: v1 mlt s=12.1.1.1.1/47.1.1.3.1/1.1.2.2.16 r=3.47.1 u=64 v=1.2 d=1.0
 *   measured by etotune: 0.2464 ms median, 123.9 GFLOP/s (reuse, 17 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_141(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=147,n=64,k=147;dtype=float32
 *   list line: batch_matmul b=12 m=147 n=64 k=147 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,147,147] input, 259308 floats
 *   B        [12,147,64] input, 112896 floats
 *   out      [12,147,64] output, 112896 floats
 *   program: v1 mlt s=12.1.1.1.1/21.1.1.7.1/1.1.2.2.16 r=3.49.1 u=64 v=1.1 d=1.0
 *   measured by etotune: 0.2323 ms median, 142.9 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_147(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=160,n=64,k=160;dtype=float32
 *   list line: batch_matmul b=12 m=160 n=64 k=160 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,160,160] input, 307200 floats
 *   B        [12,160,64] input, 122880 floats
 *   out      [12,160,64] output, 122880 floats
 *   program: v1 mlt s=12.1.1.1.1/5.1.2.16.1/2.1.1.1.32 r=2.40.2 u=64 v=1.1 d=1.0
 *   measured by etotune: 0.2257 ms median, 174.2 GFLOP/s (reuse, 32 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_160(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=183,n=64,k=183;dtype=float32
 *   list line: batch_matmul b=12 m=183 n=64 k=183 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,183,183] input, 401868 floats
 *   B        [12,183,64] input, 140544 floats
 *   out      [12,183,64] output, 140544 floats
 *   program: v1 mlt s=12.1.1.1.1/6.1.2.16.1/2.1.1.1.32 r=6.32.1 u=64 v=1.2
 *   measured by etotune: 0.4329 ms median, 118.8 GFLOP/s (reuse, 14 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_183(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=192,n=64,k=192;dtype=float32
 *   list line: batch_matmul b=12 m=192 n=64 k=192 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,192,192] input, 442368 floats
 *   B        [12,192,64] input, 147456 floats
 *   out      [12,192,64] output, 147456 floats
 *   program: v1 mlt s=12.1.1.1.1/12.1.1.16.1/4.1.1.1.16 r=8.24.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.2534 ms median, 223.5 GFLOP/s (reuse, 30 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_192(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=196,n=64,k=196;dtype=float32
 *   list line: batch_matmul b=12 m=196 n=64 k=196 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,196,196] input, 460992 floats
 *   B        [12,196,64] input, 150528 floats
 *   out      [12,196,64] output, 150528 floats
 *   program: v1 mlt s=12.1.1.1.1/14.1.1.14.1/4.1.1.1.16 r=7.28.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.2745 ms median, 214.9 GFLOP/s (reuse, 22 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_196(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=210,n=64,k=210;dtype=float32
 *   list line: batch_matmul b=12 m=210 n=64 k=210 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,210,210] input, 529200 floats
 *   B        [12,210,64] input, 161280 floats
 *   out      [12,210,64] output, 161280 floats
 *   program: v1 mlt s=12.1.1.1.1/15.1.1.7.2/4.1.1.1.16 r=2.105.1 u=64 v=1.1 d=1.1
 *   measured by etotune: 0.3008 ms median, 225.2 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_210(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=224,n=64,k=224;dtype=float32
 *   list line: batch_matmul b=12 m=224 n=64 k=224 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,224,224] input, 602112 floats
 *   B        [12,224,64] input, 172032 floats
 *   out      [12,224,64] output, 172032 floats
 *   program: v1 mlt s=12.1.1.1.1/14.1.1.16.1/4.1.1.1.16 r=56.4.1 u=1024 v=1.1 d=1.1
 *   measured by etotune: 0.3359 ms median, 229.5 GFLOP/s (reuse, 88 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_224(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=256,n=64,k=256;dtype=float32
 *   list line: batch_matmul b=12 m=256 n=64 k=256 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,256,256] input, 786432 floats
 *   B        [12,256,64] input, 196608 floats
 *   out      [12,256,64] output, 196608 floats
 *   program: v1 mlt s=12.1.1.1.1/16.2.1.8.1/1.1.2.2.16 r=8.32.1 u=64 v=2.2
 *   measured by etotune: 0.5812 ms median, 173.2 GFLOP/s (reuse, 21 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_256(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=320,n=64,k=320;dtype=float32
 *   list line: batch_matmul b=12 m=320 n=64 k=320 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,320,320] input, 1228800 floats
 *   B        [12,320,64] input, 245760 floats
 *   out      [12,320,64] output, 245760 floats
 *   program: v1 mlt s=12.1.1.1.1/1.2.20.8.1/4.1.1.1.16 r=2.80.2 u=64 v=1.2 d=1.0
 *   measured by etotune: 0.7133 ms median, 220.5 GFLOP/s (reuse, 113 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_320(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=384,n=64,k=384;dtype=float32
 *   list line: batch_matmul b=12 m=384 n=64 k=384 freq=120 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,384,384] input, 1769472 floats
 *   B        [12,384,64] input, 294912 floats
 *   out      [12,384,64] output, 294912 floats
 *   program: v1 mlt s=3.1.4.1.1/3.1.32.4.1/1.1.2.1.32 r=6.32.2 u=64 v=1.1
 *   measured by etotune: 1.274 ms median, 177.8 GFLOP/s (reuse, 21 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_384(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=398,n=64,k=398;dtype=float32
 *   list line: batch_matmul b=12 m=398 n=64 k=398 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,398,398] input, 1900848 floats
 *   B        [12,398,64] input, 305664 floats
 *   out      [12,398,64] output, 305664 floats
 *   program: v1 mlt s=12.1.1.1.1/25.2.1.8.1/1.1.2.2.16 r=17.24.1 u=64 v=2.2
 *   measured by etotune: 1.822 ms median, 133.5 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_398(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=403,n=64,k=403;dtype=float32
 *   list line: batch_matmul b=12 m=403 n=64 k=403 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,403,403] input, 1948908 floats
 *   B        [12,403,64] input, 309504 floats
 *   out      [12,403,64] output, 309504 floats
 *   program: v1 mlt s=12.1.1.1.1/31.1.1.13.1/1.1.2.2.16 r=13.31.1 u=64 v=1.2 d=1.0
 *   measured by etotune: 1.397 ms median, 178.6 GFLOP/s (reuse, 20 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_403(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=443,n=64,k=443;dtype=float32
 *   list line: batch_matmul b=12 m=443 n=64 k=443 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,443,443] input, 2354988 floats
 *   B        [12,443,64] input, 340224 floats
 *   out      [12,443,64] output, 340224 floats
 *   program: v1 mlt s=12.1.1.1.1/2.1.56.4.1/1.1.1.4.16 r=7.64.1 u=64 v=1.1 d=1.0
 *   measured by etotune: 1.846 ms median, 163.3 GFLOP/s (reuse, 17 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_443(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=448,n=64,k=448;dtype=float32
 *   list line: batch_matmul b=12 m=448 n=64 k=448 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,448,448] input, 2408448 floats
 *   B        [12,448,64] input, 344064 floats
 *   out      [12,448,64] output, 344064 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.112.1.4/1.1.1.1.64 r=1.28.16 u=1024 v=1.4 d=1.0
 *   measured by etotune: 1.389 ms median, 222.0 GFLOP/s (reuse, 214 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_448(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=512,n=64,k=512;dtype=float32
 *   list line: batch_matmul b=12 m=512 n=64 k=512 freq=120 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,512,512] input, 3145728 floats
 *   B        [12,512,64] input, 393216 floats
 *   out      [12,512,64] output, 393216 floats
 *   program: v1 mlt s=12.1.1.1.1/2.2.16.8.1/1.1.2.2.16 r=8.64.1 u=64 v=1.2 d=1.0
 *   measured by etotune: 2.055 ms median, 195.9 GFLOP/s (reuse, 40 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_512(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj for every value s >= 1 of its `let` variable (m=s): a family of matmul
 *   A        [1, s, 768] input
 *   B        [1, 768, 768] input
 *   out      [1, s, 768] output
 * Tuned values (kernels bert_dyn_base_b1_dyn_qkvo_proj_<value> above): 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 20, 24, 28, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 448, 512.
 * Each s up to the largest runs the kernel picked for it at export (timed on the exporting machine, or
 * by a cost model; the manifest's dispatch table says which): s's own tuned kernel, or the program of a
 * tuned value above s compiled with s as a run-time extent (on these tensors, no copies); a program
 * without that form runs on zero-padded copies of the
 * tensors whose shape depends on s (per-thread scratch buffers). An s above 512 runs as chunks of rows of that size (the last one padded).
 * Returns 0, EINVAL (s < 1 or a NULL pointer) or ENOMEM (scratch). */
int bert_dyn_base_b1_dyn_qkvo_proj(int64_t s, const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up for every value s >= 1 of its `let` variable (m=s): a family of matmul
 *   A        [1, s, 768] input
 *   B        [1, 768, 3072] input
 *   out      [1, s, 3072] output
 * Tuned values (kernels bert_dyn_base_b1_dyn_ffn_up_<value> above): 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20, 21, 23, 24, 26, 28, 29, 32, 40, 48, 56, 64, 65, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 448, 512.
 * Each s up to the largest runs the kernel picked for it at export (timed on the exporting machine, or
 * by a cost model; the manifest's dispatch table says which): s's own tuned kernel, or the program of a
 * tuned value above s compiled with s as a run-time extent (on these tensors, no copies); a program
 * without that form runs on zero-padded copies of the
 * tensors whose shape depends on s (per-thread scratch buffers). An s above 512 runs as chunks of rows of that size (the last one padded).
 * Returns 0, EINVAL (s < 1 or a NULL pointer) or ENOMEM (scratch). */
int bert_dyn_base_b1_dyn_ffn_up(int64_t s, const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down for every value s >= 1 of its `let` variable (m=s): a family of matmul
 *   A        [1, s, 3072] input
 *   B        [1, 3072, 768] input
 *   out      [1, s, 768] output
 * Tuned values (kernels bert_dyn_base_b1_dyn_ffn_down_<value> above): 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 20, 21, 24, 26, 28, 30, 32, 36, 40, 43, 48, 50, 56, 64, 80, 82, 96, 107, 112, 128, 146, 160, 192, 224, 226, 230, 238, 242, 246, 255, 256, 257, 267, 273, 277, 291, 309, 313, 318, 320, 355, 384, 448, 512.
 * Each s up to the largest runs the kernel picked for it at export (timed on the exporting machine, or
 * by a cost model; the manifest's dispatch table says which): s's own tuned kernel, or the program of a
 * tuned value above s compiled with s as a run-time extent (on these tensors, no copies); a program
 * without that form runs on zero-padded copies of the
 * tensors whose shape depends on s (per-thread scratch buffers). An s above 512 runs as chunks of rows of that size (the last one padded).
 * Returns 0, EINVAL (s < 1 or a NULL pointer) or ENOMEM (scratch). */
int bert_dyn_base_b1_dyn_ffn_down(int64_t s, const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores for every value s >= 1 of its `let` variable (m=s n=s): a family of batch_matmul
 *   A        [12, s, 64] input
 *   B        [12, 64, s] input
 *   out      [12, s, s] output
 * Tuned values (kernels bert_dyn_base_b1_dyn_attn_scores_<value> above): 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 19, 20, 23, 24, 27, 28, 32, 36, 37, 40, 48, 54, 55, 56, 62, 64, 72, 80, 81, 91, 96, 107, 110, 112, 120, 128, 137, 150, 153, 160, 166, 181, 192, 196, 210, 219, 224, 234, 241, 245, 256, 257, 300, 311, 320, 384, 401, 443, 448, 512.
 * Each s up to the largest runs the kernel picked for it at export (timed on the exporting machine, or
 * by a cost model; the manifest's dispatch table says which): s's own tuned kernel, or the program of a
 * tuned value above s compiled with s as a run-time extent (on these tensors, no copies); a program
 * without that form runs on zero-padded copies of the
 * tensors whose shape depends on s (per-thread scratch buffers). An s above 512 runs naive loops (correct, slow).
 * Returns 0, EINVAL (s < 1 or a NULL pointer) or ENOMEM (scratch). */
int bert_dyn_base_b1_dyn_attn_scores(int64_t s, const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context for every value s >= 1 of its `let` variable (m=s k=s): a family of batch_matmul
 *   A        [12, s, s] input
 *   B        [12, s, 64] input
 *   out      [12, s, 64] output
 * Tuned values (kernels bert_dyn_base_b1_dyn_attn_context_<value> above): 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 19, 20, 24, 25, 28, 32, 35, 40, 45, 48, 49, 56, 57, 75, 80, 96, 107, 109, 112, 122, 128, 136, 141, 147, 160, 183, 192, 196, 210, 224, 256, 320, 384, 398, 403, 443, 448, 512.
 * Each s up to the largest runs the kernel picked for it at export (timed on the exporting machine, or
 * by a cost model; the manifest's dispatch table says which): s's own tuned kernel, or the program of a
 * tuned value above s compiled with s as a run-time extent (on these tensors, no copies); a program
 * without that form runs on zero-padded copies of the
 * tensors whose shape depends on s (per-thread scratch buffers). An s above 512 runs naive loops (correct, slow).
 * Returns 0, EINVAL (s < 1 or a NULL pointer) or ENOMEM (scratch). */
int bert_dyn_base_b1_dyn_attn_context(int64_t s, const float *A, const float *B, float *out);

#ifdef __cplusplus
}
#endif
#endif
