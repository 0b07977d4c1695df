/* bert_dyn.h — 155 tuned tensor kernels exported by etotune 0.1.0 (`etotune export`). Generated: do not edit.
 *
 * Target: cpu: AMD EPYC (llvm znver5), 2 cores used, 512-bit SIMD, codegen v3
 *   (fingerprint 3f21247c44dbe972). The code is compiled for this CPU and its instruction set extensions; it may not
 *   run on another CPU.
 * Linking: -L<dir> -lbert_dyn -pthread (static libbert_dyn.a or shared libbert_dyn.so); nothing else is needed at run
 *   time (no LLVM, no etotune).
 * Tensors: dense, row-major float32 arrays of the shapes given below. Inputs are only read; the output
 *   is written completely and must not overlap an input.
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
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.1.1/2.1.2.3.64 r=768.1.1 u=1024 v=1.1
 *   measured by etotune: 0.01498 ms median, 78.8 GFLOP/s (reuse, 12 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_1(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=2,n=768,k=768;dtype=float32
 *   list line: matmul m=2 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,2,768] input, 1536 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,2,768] output, 1536 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.1.2/6.1.1.2.64 r=192.4.1 u=512 v=1.1
 *   measured by etotune: 0.0157 ms median, 150.3 GFLOP/s (reuse, 10 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_2(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=3,n=768,k=768;dtype=float32
 *   list line: matmul m=3 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,3,768] input, 2304 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,3,768] output, 2304 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.1.3/6.1.1.2.64 r=192.4.1 u=512 v=1.1
 *   measured by etotune: 0.01801 ms median, 196.5 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_3(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=4,n=768,k=768;dtype=float32
 *   list line: matmul m=4 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,4,768] input, 3072 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,4,768] output, 3072 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.4.1/12.1.1.1.64 r=192.2.2 u=1024 v=1.4
 *   measured by etotune: 0.01777 ms median, 265.6 GFLOP/s (reuse, 47 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_4(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=5,n=768,k=768;dtype=float32
 *   list line: matmul m=5 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,5,768] input, 3840 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,5,768] output, 3840 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.5.1/12.1.1.1.64 r=96.4.2 u=1024 v=1.1
 *   measured by etotune: 0.02055 ms median, 287.0 GFLOP/s (reuse, 16 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_5(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=6,n=768,k=768;dtype=float32
 *   list line: matmul m=6 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,6,768] input, 4608 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,6,768] output, 4608 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.6.1/12.1.1.1.64 r=192.2.2 u=1024 v=1.4
 *   measured by etotune: 0.0198 ms median, 357.5 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_6(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=7,n=768,k=768;dtype=float32
 *   list line: matmul m=7 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,7,768] input, 5376 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,7,768] output, 5376 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.7.1/12.1.1.1.64 r=192.2.2 u=1024 v=1.4
 *   measured by etotune: 0.02784 ms median, 296.6 GFLOP/s (reuse, 17 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_7(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=8,n=768,k=768;dtype=float32
 *   list line: matmul m=8 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,8,768] input, 6144 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,8,768] output, 6144 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.2.2.2/12.1.1.2.32 r=48.8.2 u=1024 v=4.2
 *   measured by etotune: 0.03111 ms median, 303.3 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_8(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=9,n=768,k=768;dtype=float32
 *   list line: matmul m=9 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,9,768] input, 6912 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,9,768] output, 6912 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.3.3.1/4.2.2.3.16 r=192.4.1 u=1024 v=1.2
 *   measured by etotune: 0.03407 ms median, 311.6 GFLOP/s (reuse, 14 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_9(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=10,n=768,k=768;dtype=float32
 *   list line: matmul m=10 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,10,768] input, 7680 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,10,768] output, 7680 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.10.1/2.1.12.1.32 r=96.4.2 u=1024 v=1.1
 *   measured by etotune: 0.03816 ms median, 309.1 GFLOP/s (reuse, 105 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_10(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=11,n=768,k=768;dtype=float32
 *   list line: matmul m=11 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,11,768] input, 8448 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,11,768] output, 8448 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.11.1/2.1.12.1.32 r=96.2.4 u=1024 v=1.1
 *   measured by etotune: 0.04004 ms median, 324.1 GFLOP/s (reuse, 42 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_11(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=12,n=768,k=768;dtype=float32
 *   list line: matmul m=12 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,12,768] input, 9216 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,12,768] output, 9216 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.3.4.1/4.1.3.1.64 r=96.4.2 u=512 v=4.2
 *   measured by etotune: 0.04032 ms median, 351.1 GFLOP/s (reuse, 91 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_12(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=13,n=768,k=768;dtype=float32
 *   list line: matmul m=13 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,13,768] input, 9984 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,13,768] output, 9984 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.13.1/2.1.12.1.32 r=64.6.2 u=64 v=1.1
 *   measured by etotune: 0.04546 ms median, 337.3 GFLOP/s (reuse, 117 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_13(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=14,n=768,k=768;dtype=float32
 *   list line: matmul m=14 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,14,768] input, 10752 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,14,768] output, 10752 floats
 *   program: v1 mlt s=1.1.1.1.1/1.2.1.7.1/4.1.6.1.32 r=48.8.2 u=64 v=1.4
 *   measured by etotune: 0.0482 ms median, 342.7 GFLOP/s (reuse, 43 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_14(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=15,n=768,k=768;dtype=float32
 *   list line: matmul m=15 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,15,768] input, 11520 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,15,768] output, 11520 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.3.5.1/6.1.2.1.64 r=96.4.2 u=1024 v=1.4
 *   measured by etotune: 0.04962 ms median, 356.6 GFLOP/s (reuse, 107 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_15(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=16,n=768,k=768;dtype=float32
 *   list line: matmul m=16 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,16,768] input, 12288 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,16,768] output, 12288 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.4.4.1/6.1.2.1.64 r=96.4.2 u=1024 v=4.4
 *   measured by etotune: 0.05173 ms median, 364.9 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_16(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=20,n=768,k=768;dtype=float32
 *   list line: matmul m=20 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,20,768] input, 15360 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,20,768] output, 15360 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.5.4.1/4.1.3.1.64 r=96.4.2 u=1024 v=2.2
 *   measured by etotune: 0.06115 ms median, 385.8 GFLOP/s (reuse, 59 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_20(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=24,n=768,k=768;dtype=float32
 *   list line: matmul m=24 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,24,768] input, 18432 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,24,768] output, 18432 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.6.4.1/4.1.3.1.64 r=96.4.2 u=1024 v=2.2
 *   measured by etotune: 0.07179 ms median, 394.4 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_24(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=28,n=768,k=768;dtype=float32
 *   list line: matmul m=28 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,28,768] input, 21504 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,28,768] output, 21504 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.7.4.1/6.2.1.2.32 r=96.4.2 u=512 v=2.4
 *   measured by etotune: 0.08388 ms median, 393.8 GFLOP/s (reuse, 107 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_28(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=32,n=768,k=768;dtype=float32
 *   list line: matmul m=32 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,32,768] input, 24576 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,32,768] output, 24576 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.8.4.1/12.1.1.2.32 r=96.4.2 u=1024 v=4.2
 *   measured by etotune: 0.09212 ms median, 409.8 GFLOP/s (reuse, 19 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_32(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=40,n=768,k=768;dtype=float32
 *   list line: matmul m=40 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,40,768] input, 30720 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,40,768] output, 30720 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.10.4.1/4.1.3.1.64 r=96.4.2 u=1024 v=2.4
 *   measured by etotune: 0.1109 ms median, 425.3 GFLOP/s (reuse, 50 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_40(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=48,n=768,k=768;dtype=float32
 *   list line: matmul m=48 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,48,768] input, 36864 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,48,768] output, 36864 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.12.4.1/2.1.6.1.64 r=96.4.2 u=1024 v=4.2
 *   measured by etotune: 0.1389 ms median, 407.7 GFLOP/s (reuse, 62 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_48(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=56,n=768,k=768;dtype=float32
 *   list line: matmul m=56 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,56,768] input, 43008 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,56,768] output, 43008 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.14.4.1/2.1.6.1.64 r=96.4.2 u=1024 v=1.1
 *   measured by etotune: 0.1538 ms median, 429.5 GFLOP/s (reuse, 20 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_56(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=64,n=768,k=768;dtype=float32
 *   list line: matmul m=64 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,64,768] input, 49152 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,64,768] output, 49152 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.16.4.1/2.1.6.1.64 r=96.4.2 u=1024 v=1.4
 *   measured by etotune: 0.1795 ms median, 420.7 GFLOP/s (reuse, 19 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_64(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=80,n=768,k=768;dtype=float32
 *   list line: matmul m=80 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,80,768] input, 61440 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,80,768] output, 61440 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.16.5.1/2.1.6.1.64 r=96.4.2 u=512 v=1.1
 *   measured by etotune: 0.2215 ms median, 426.0 GFLOP/s (reuse, 21 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_80(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=96,n=768,k=768;dtype=float32
 *   list line: matmul m=96 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,96,768] input, 73728 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,96,768] output, 73728 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.24.4.1/4.1.3.1.64 r=48.8.2 u=1024 v=2.4
 *   measured by etotune: 0.2467 ms median, 459.0 GFLOP/s (reuse, 42 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_96(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=112,n=768,k=768;dtype=float32
 *   list line: matmul m=112 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,112,768] input, 86016 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,112,768] output, 86016 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.28.4.1/4.1.3.1.64 r=48.8.2 u=1024 v=2.2
 *   measured by etotune: 0.285 ms median, 463.6 GFLOP/s (reuse, 19 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_112(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=128,n=768,k=768;dtype=float32
 *   list line: matmul m=128 n=768 k=768 freq=480 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,128,768] input, 98304 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,128,768] output, 98304 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.32.4.1/4.1.3.1.64 r=48.8.2 u=1024 v=4.2
 *   measured by etotune: 0.3332 ms median, 453.2 GFLOP/s (reuse, 89 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_128(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=160,n=768,k=768;dtype=float32
 *   list line: matmul m=160 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,160,768] input, 122880 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,160,768] output, 122880 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.32.5.1/6.1.2.1.64 r=64.6.2 u=512 v=1.1
 *   measured by etotune: 0.4199 ms median, 449.5 GFLOP/s (reuse, 30 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_160(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=192,n=768,k=768;dtype=float32
 *   list line: matmul m=192 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,192,768] input, 147456 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,192,768] output, 147456 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.48.4.1/2.1.6.1.64 r=48.8.2 u=512 v=1.4
 *   measured by etotune: 0.4914 ms median, 460.9 GFLOP/s (reuse, 19 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_192(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=224,n=768,k=768;dtype=float32
 *   list line: matmul m=224 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,224,768] input, 172032 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,224,768] output, 172032 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.56.4.1/2.1.6.1.64 r=48.8.2 u=1024 v=1.2
 *   measured by etotune: 0.5613 ms median, 470.8 GFLOP/s (reuse, 22 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_224(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=256,n=768,k=768;dtype=float32
 *   list line: matmul m=256 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,256,768] input, 196608 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,256,768] output, 196608 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.128.1.2/2.1.3.4.32 r=48.8.2 u=512 v=1.1
 *   measured by etotune: 0.6453 ms median, 468.0 GFLOP/s (reuse, 19 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_256(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=320,n=768,k=768;dtype=float32
 *   list line: matmul m=320 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,320,768] input, 245760 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,320,768] output, 245760 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.80.4.1/2.1.6.1.64 r=48.8.2 u=1024 v=1.1
 *   measured by etotune: 0.7818 ms median, 482.8 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_320(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=384,n=768,k=768;dtype=float32
 *   list line: matmul m=384 n=768 k=768 freq=480 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,384,768] input, 294912 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,384,768] output, 294912 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.96.4.1/2.1.6.1.64 r=48.8.2 u=1024 v=1.1
 *   measured by etotune: 0.9599 ms median, 471.9 GFLOP/s (reuse, 19 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_384(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=448,n=768,k=768;dtype=float32
 *   list line: matmul m=448 n=768 k=768 freq=48 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,448,768] input, 344064 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,448,768] output, 344064 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.112.4.1/2.1.6.1.64 r=48.8.2 u=1024 v=1.4
 *   measured by etotune: 1.145 ms median, 461.5 GFLOP/s (reuse, 17 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_448(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj: matmul:m=512,n=768,k=768;dtype=float32
 *   list line: matmul m=512 n=768 k=768 freq=480 name=base_b1_dyn.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,512,768] input, 393216 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,512,768] output, 393216 floats
 *   program: v1 mlt s=1.1.1.1.1/2.1.32.4.2/2.1.12.1.32 r=16.24.2 u=512 v=2.4
 *   measured by etotune: 1.277 ms median, 472.9 GFLOP/s (reuse, 74 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_qkvo_proj_512(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=1,n=3072,k=768;dtype=float32
 *   list line: matmul m=1 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,1,768] input, 768 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,1,3072] output, 3072 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.1.1/12.1.1.4.64 r=384.1.2 u=512 v=1.1
 *   measured by etotune: 0.04979 ms median, 94.8 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_1(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=2,n=3072,k=768;dtype=float32
 *   list line: matmul m=2 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,2,768] input, 1536 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,2,3072] output, 6144 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.2.1/24.1.1.2.64 r=192.2.2 u=512 v=2.1
 *   measured by etotune: 0.05451 ms median, 173.1 GFLOP/s (reuse, 94 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_2(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=3,n=3072,k=768;dtype=float32
 *   list line: matmul m=3 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,3,768] input, 2304 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,3,3072] output, 9216 floats
 *   program: v1 mlt s=1.1.1.1.1/1.3.1.1.1/24.1.2.2.32 r=192.4.1 u=1024 v=1.1
 *   measured by etotune: 0.07732 ms median, 183.1 GFLOP/s (reuse, 43 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_3(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=4,n=3072,k=768;dtype=float32
 *   list line: matmul m=4 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,4,768] input, 3072 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,4,3072] output, 12288 floats
 *   program: v1 mlt s=1.1.1.1.1/1.4.1.1.1/24.1.4.1.32 r=96.4.2 u=1024 v=1.1
 *   measured by etotune: 0.08883 ms median, 212.5 GFLOP/s (reuse, 10 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_4(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=5,n=3072,k=768;dtype=float32
 *   list line: matmul m=5 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,5,768] input, 3840 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,5,3072] output, 15360 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.5.1/24.1.2.2.32 r=96.4.2 u=1024 v=2.1
 *   measured by etotune: 0.09945 ms median, 237.2 GFLOP/s (reuse, 76 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_5(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=6,n=3072,k=768;dtype=float32
 *   list line: matmul m=6 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,6,768] input, 4608 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,6,3072] output, 18432 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.2.3/32.1.3.1.32 r=64.3.4 u=1024 v=4.1
 *   measured by etotune: 0.09341 ms median, 303.1 GFLOP/s (reuse, 71 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_6(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=7,n=3072,k=768;dtype=float32
 *   list line: matmul m=7 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,7,768] input, 5376 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,7,3072] output, 21504 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.7.1/48.1.2.1.32 r=48.8.2 u=1024 v=1.1
 *   measured by etotune: 0.101 ms median, 326.9 GFLOP/s (reuse, 20 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_7(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=8,n=3072,k=768;dtype=float32
 *   list line: matmul m=8 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,8,768] input, 6144 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,8,3072] output, 24576 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.2.2.2/48.1.1.2.32 r=48.4.4 u=1024 v=1.2
 *   measured by etotune: 0.1308 ms median, 288.5 GFLOP/s (reuse, 10 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_8(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=9,n=3072,k=768;dtype=float32
 *   list line: matmul m=9 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,9,768] input, 6912 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,9,3072] output, 27648 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.3.3.1/48.1.1.2.32 r=48.4.4 u=1024 v=2.2
 *   measured by etotune: 0.1413 ms median, 300.6 GFLOP/s (reuse, 8 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_9(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=10,n=3072,k=768;dtype=float32
 *   list line: matmul m=10 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,10,768] input, 7680 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,10,3072] output, 30720 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.2.5.1/8.1.6.1.64 r=96.4.2 u=512 v=1.4
 *   measured by etotune: 0.1583 ms median, 298.1 GFLOP/s (reuse, 20 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_10(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=11,n=3072,k=768;dtype=float32
 *   list line: matmul m=11 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,11,768] input, 8448 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,11,3072] output, 33792 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.11.1/8.1.12.1.32 r=96.4.2 u=1024 v=1.2
 *   measured by etotune: 0.1679 ms median, 309.1 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_11(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=12,n=3072,k=768;dtype=float32
 *   list line: matmul m=12 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,12,768] input, 9216 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,12,3072] output, 36864 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.12.1/8.1.12.1.32 r=96.4.2 u=64 v=1.2
 *   measured by etotune: 0.1964 ms median, 288.3 GFLOP/s (reuse, 10 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_12(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=13,n=3072,k=768;dtype=float32
 *   list line: matmul m=13 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,13,768] input, 9984 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,13,3072] output, 39936 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.13.1/12.1.8.1.32 r=48.8.2 u=1024 v=1.2
 *   measured by etotune: 0.2007 ms median, 305.7 GFLOP/s (reuse, 4 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_13(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=14,n=3072,k=768;dtype=float32
 *   list line: matmul m=14 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,14,768] input, 10752 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,14,3072] output, 43008 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.2.7.1/12.2.4.1.32 r=96.4.2 u=64 v=1.4
 *   measured by etotune: 0.1897 ms median, 348.3 GFLOP/s (full, 576 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_14(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=15,n=3072,k=768;dtype=float32
 *   list line: matmul m=15 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,15,768] input, 11520 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,15,3072] output, 46080 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.5.1.3/48.1.1.2.32 r=48.4.4 u=1024 v=2.2
 *   measured by etotune: 0.2114 ms median, 334.9 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_15(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=16,n=3072,k=768;dtype=float32
 *   list line: matmul m=16 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,16,768] input, 12288 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,16,3072] output, 49152 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.4.1.4/48.1.1.2.32 r=48.4.4 u=1024 v=2.2
 *   measured by etotune: 0.2256 ms median, 334.6 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_16(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=20,n=3072,k=768;dtype=float32
 *   list line: matmul m=20 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,20,768] input, 15360 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,20,3072] output, 61440 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.5.4.1/48.1.1.1.64 r=48.8.2 u=1024 v=1.4
 *   measured by etotune: 0.2624 ms median, 359.7 GFLOP/s (reuse, 22 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_20(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=24,n=3072,k=768;dtype=float32
 *   list line: matmul m=24 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,24,768] input, 18432 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,24,3072] output, 73728 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.6.4.1/48.1.1.1.64 r=48.8.2 u=1024 v=1.2
 *   measured by etotune: 0.3068 ms median, 369.1 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_24(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=28,n=3072,k=768;dtype=float32
 *   list line: matmul m=28 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,28,768] input, 21504 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,28,3072] output, 86016 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.7.4.1/48.1.1.1.64 r=48.8.2 u=1024 v=1.4
 *   measured by etotune: 0.3156 ms median, 418.6 GFLOP/s (reuse, 16 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_28(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=32,n=3072,k=768;dtype=float32
 *   list line: matmul m=32 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,32,768] input, 24576 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,32,3072] output, 98304 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.8.4.1/48.1.1.1.64 r=48.8.2 u=1024 v=4.4
 *   measured by etotune: 0.3803 ms median, 397.1 GFLOP/s (reuse, 39 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_32(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=40,n=3072,k=768;dtype=float32
 *   list line: matmul m=40 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,40,768] input, 30720 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,40,3072] output, 122880 floats
 *   program: v1 mlt s=1.1.1.1.1/1.2.10.1.2/24.1.1.2.64 r=48.4.4 u=512 v=1.2
 *   measured by etotune: 0.4415 ms median, 427.5 GFLOP/s (reuse, 61 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_40(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=48,n=3072,k=768;dtype=float32
 *   list line: matmul m=48 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,48,768] input, 36864 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,48,3072] output, 147456 floats
 *   program: v1 mlt s=1.1.1.1.1/1.2.12.1.2/24.1.1.2.64 r=48.4.4 u=512 v=2.2
 *   measured by etotune: 0.5493 ms median, 412.3 GFLOP/s (reuse, 17 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_48(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=56,n=3072,k=768;dtype=float32
 *   list line: matmul m=56 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,56,768] input, 43008 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,56,3072] output, 172032 floats
 *   program: v1 mlt s=1.1.1.1.1/1.2.14.1.2/24.1.1.2.64 r=48.4.4 u=1024 v=2.2
 *   measured by etotune: 0.6337 ms median, 417.0 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_56(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=64,n=3072,k=768;dtype=float32
 *   list line: matmul m=64 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,64,768] input, 49152 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,64,3072] output, 196608 floats
 *   program: v1 mlt s=1.1.1.1.1/1.2.16.2.1/24.1.1.2.64 r=32.12.2 u=1024 v=1.2
 *   measured by etotune: 0.7188 ms median, 420.1 GFLOP/s (reuse, 75 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_64(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=80,n=3072,k=768;dtype=float32
 *   list line: matmul m=80 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,80,768] input, 61440 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,80,3072] output, 245760 floats
 *   program: v1 mlt s=1.1.1.1.1/1.2.10.4.1/48.1.1.2.32 r=32.12.2 u=512 v=1.4
 *   measured by etotune: 0.9457 ms median, 399.2 GFLOP/s (reuse, 95 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_80(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=96,n=3072,k=768;dtype=float32
 *   list line: matmul m=96 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,96,768] input, 73728 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,96,3072] output, 294912 floats
 *   program: v1 mlt s=1.1.1.1.1/1.2.24.2.1/24.1.1.2.64 r=48.8.2 u=1024 v=2.4
 *   measured by etotune: 1.07 ms median, 423.3 GFLOP/s (reuse, 20 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_96(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=112,n=3072,k=768;dtype=float32
 *   list line: matmul m=112 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,112,768] input, 86016 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,112,3072] output, 344064 floats
 *   program: v1 mlt s=1.1.1.1.1/1.2.28.2.1/24.1.1.2.64 r=24.16.2 u=512 v=4.4
 *   measured by etotune: 1.234 ms median, 428.3 GFLOP/s (reuse, 95 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_112(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=128,n=3072,k=768;dtype=float32
 *   list line: matmul m=128 n=3072 k=768 freq=120 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,128,768] input, 98304 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,128,3072] output, 393216 floats
 *   program: v1 mlt s=1.1.1.1.1/2.2.8.4.1/24.1.2.2.32 r=24.16.2 u=512 v=4.4
 *   measured by etotune: 1.504 ms median, 401.5 GFLOP/s (reuse, 77 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_128(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=160,n=3072,k=768;dtype=float32
 *   list line: matmul m=160 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,160,768] input, 122880 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,160,3072] output, 491520 floats
 *   program: v1 mlt s=1.1.1.1.1/2.1.20.1.4/24.1.2.2.32 r=16.24.2 u=1024 v=2.4
 *   measured by etotune: 1.762 ms median, 428.5 GFLOP/s (reuse, 67 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_160(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=192,n=3072,k=768;dtype=float32
 *   list line: matmul m=192 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,192,768] input, 147456 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,192,3072] output, 589824 floats
 *   program: v1 mlt s=1.1.1.1.1/2.2.12.4.1/24.1.2.2.32 r=24.16.2 u=512 v=4.4
 *   measured by etotune: 2.081 ms median, 435.3 GFLOP/s (reuse, 92 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_192(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=224,n=3072,k=768;dtype=float32
 *   list line: matmul m=224 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,224,768] input, 172032 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,224,3072] output, 688128 floats
 *   program: v1 mlt s=1.1.1.1.1/2.2.14.2.2/24.1.2.2.32 r=16.24.2 u=1024 v=4.4
 *   measured by etotune: 2.335 ms median, 452.7 GFLOP/s (reuse, 19 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_224(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=256,n=3072,k=768;dtype=float32
 *   list line: matmul m=256 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,256,768] input, 196608 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,256,3072] output, 786432 floats
 *   program: v1 mlt s=1.1.1.1.1/2.2.16.2.2/24.1.2.1.64 r=24.16.2 u=1024 v=4.4
 *   measured by etotune: 2.748 ms median, 439.5 GFLOP/s (reuse, 19 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_256(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=320,n=3072,k=768;dtype=float32
 *   list line: matmul m=320 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,320,768] input, 245760 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,320,3072] output, 983040 floats
 *   program: v1 mlt s=1.1.1.1.1/2.1.20.8.1/6.1.16.1.32 r=16.24.2 u=512 v=2.4
 *   measured by etotune: 3.219 ms median, 469.0 GFLOP/s (reuse, 77 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_320(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=384,n=3072,k=768;dtype=float32
 *   list line: matmul m=384 n=3072 k=768 freq=120 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,384,768] input, 294912 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,384,3072] output, 1179648 floats
 *   program: v1 mlt s=1.1.1.1.1/2.1.24.8.1/6.1.16.1.32 r=16.24.2 u=512 v=1.4
 *   measured by etotune: 3.849 ms median, 470.8 GFLOP/s (reuse, 19 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_384(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=448,n=3072,k=768;dtype=float32
 *   list line: matmul m=448 n=3072 k=768 freq=12 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,448,768] input, 344064 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,448,3072] output, 1376256 floats
 *   program: v1 mlt s=1.1.1.1.1/2.1.28.8.1/6.1.16.1.32 r=16.24.2 u=512 v=2.2
 *   measured by etotune: 4.667 ms median, 453.0 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_448(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up: matmul:m=512,n=3072,k=768;dtype=float32
 *   list line: matmul m=512 n=3072 k=768 freq=120 name=base_b1_dyn.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,512,768] input, 393216 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,512,3072] output, 1572864 floats
 *   program: v1 mlt s=1.1.1.1.1/2.1.32.8.1/6.1.16.1.32 r=16.24.2 u=1024 v=2.2
 *   measured by etotune: 5.201 ms median, 464.5 GFLOP/s (reuse, 45 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_up_512(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=1,n=768,k=3072;dtype=float32
 *   list line: matmul m=1 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,1,3072] input, 3072 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,1,768] output, 768 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.1.1/2.4.6.1.16 r=256.4.3 u=1024 v=1.2
 *   measured by etotune: 0.06457 ms median, 73.1 GFLOP/s (full, 640 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_1(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=2,n=768,k=3072;dtype=float32
 *   list line: matmul m=2 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,2,3072] input, 6144 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,2,768] output, 1536 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.2.1/6.1.1.2.64 r=768.2.2 u=1024 v=1.1
 *   measured by etotune: 0.06329 ms median, 149.1 GFLOP/s (reuse, 10 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_2(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=3,n=768,k=3072;dtype=float32
 *   list line: matmul m=3 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,3,3072] input, 9216 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,3,768] output, 2304 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.3.1/12.1.1.1.64 r=384.4.2 u=1024 v=1.1
 *   measured by etotune: 0.05371 ms median, 263.6 GFLOP/s (reuse, 32 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_3(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=4,n=768,k=3072;dtype=float32
 *   list line: matmul m=4 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,4,3072] input, 12288 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,4,768] output, 3072 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.4.1/6.2.1.1.64 r=768.1.4 u=1024 v=1.1
 *   measured by etotune: 0.09386 ms median, 201.1 GFLOP/s (reuse, 17 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_4(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=5,n=768,k=3072;dtype=float32
 *   list line: matmul m=5 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,5,3072] input, 15360 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,5,768] output, 3840 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.5.1/12.1.1.2.32 r=384.4.2 u=512 v=2.4
 *   measured by etotune: 0.07526 ms median, 313.5 GFLOP/s (reuse, 15 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_5(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=6,n=768,k=3072;dtype=float32
 *   list line: matmul m=6 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,6,3072] input, 18432 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,6,768] output, 4608 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.2.3.1/12.1.1.2.32 r=384.4.2 u=512 v=2.4
 *   measured by etotune: 0.08289 ms median, 341.5 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_6(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=7,n=768,k=3072;dtype=float32
 *   list line: matmul m=7 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,7,3072] input, 21504 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,7,768] output, 5376 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.7.1/6.1.8.1.16 r=768.4.1 u=1024 v=2.1
 *   measured by etotune: 0.1088 ms median, 303.7 GFLOP/s (reuse, 43 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_7(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=8,n=768,k=3072;dtype=float32
 *   list line: matmul m=8 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,8,3072] input, 24576 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,8,768] output, 6144 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.2.2.2/12.4.1.1.16 r=384.4.2 u=1024 v=2.4
 *   measured by etotune: 0.1202 ms median, 314.0 GFLOP/s (reuse, 92 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_8(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=9,n=768,k=3072;dtype=float32
 *   list line: matmul m=9 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,9,3072] input, 27648 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,9,768] output, 6912 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.3.3.1/12.1.1.2.32 r=384.4.2 u=512 v=2.4
 *   measured by etotune: 0.1091 ms median, 389.4 GFLOP/s (reuse, 16 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_9(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=10,n=768,k=3072;dtype=float32
 *   list line: matmul m=10 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,10,3072] input, 30720 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,10,768] output, 7680 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.2.5.1/12.1.2.1.32 r=384.4.2 u=1024 v=1.4
 *   measured by etotune: 0.1281 ms median, 368.3 GFLOP/s (reuse, 22 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_10(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=11,n=768,k=3072;dtype=float32
 *   list line: matmul m=11 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,11,3072] input, 33792 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,11,768] output, 8448 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.11.1/4.1.6.1.32 r=128.12.2 u=512 v=2.2
 *   measured by etotune: 0.1689 ms median, 307.3 GFLOP/s (reuse, 149 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_11(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=12,n=768,k=3072;dtype=float32
 *   list line: matmul m=12 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,12,3072] input, 36864 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,12,768] output, 9216 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.12.1/4.1.6.1.32 r=128.12.2 u=512 v=2.4
 *   measured by etotune: 0.1855 ms median, 305.3 GFLOP/s (reuse, 75 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_12(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=13,n=768,k=3072;dtype=float32
 *   list line: matmul m=13 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,13,3072] input, 39936 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,13,768] output, 9984 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.1.13.1/4.1.6.1.32 r=128.12.2 u=64 v=4.2
 *   measured by etotune: 0.1989 ms median, 308.4 GFLOP/s (reuse, 43 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_13(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=14,n=768,k=3072;dtype=float32
 *   list line: matmul m=14 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,14,3072] input, 43008 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,14,768] output, 10752 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.2.7.1/4.1.6.1.32 r=128.12.2 u=64 v=2.2
 *   measured by etotune: 0.2032 ms median, 325.1 GFLOP/s (reuse, 76 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_14(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=15,n=768,k=3072;dtype=float32
 *   list line: matmul m=15 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,15,3072] input, 46080 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,15,768] output, 11520 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.5.1.3/12.1.1.2.32 r=192.8.2 u=1024 v=4.2
 *   measured by etotune: 0.2122 ms median, 333.5 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_15(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=16,n=768,k=3072;dtype=float32
 *   list line: matmul m=16 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,16,3072] input, 49152 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,16,768] output, 12288 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.4.4.1/4.1.3.1.64 r=128.6.4 u=1024 v=4.2
 *   measured by etotune: 0.2325 ms median, 324.7 GFLOP/s (reuse, 73 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_16(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=20,n=768,k=3072;dtype=float32
 *   list line: matmul m=20 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,20,3072] input, 61440 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,20,768] output, 15360 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.10.1.2/6.1.1.2.64 r=96.16.2 u=1024 v=4.1
 *   measured by etotune: 0.2716 ms median, 347.4 GFLOP/s (reuse, 65 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_20(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=24,n=768,k=3072;dtype=float32
 *   list line: matmul m=24 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,24,3072] input, 73728 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,24,768] output, 18432 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.6.2.2/12.1.1.2.32 r=192.8.2 u=1024 v=4.2
 *   measured by etotune: 0.3151 ms median, 359.4 GFLOP/s (reuse, 17 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_24(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=28,n=768,k=3072;dtype=float32
 *   list line: matmul m=28 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,28,3072] input, 86016 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,28,768] output, 21504 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.14.1.2/6.1.1.2.64 r=64.8.6 u=1024 v=1.1
 *   measured by etotune: 0.3643 ms median, 362.7 GFLOP/s (reuse, 93 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_28(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=32,n=768,k=3072;dtype=float32
 *   list line: matmul m=32 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,32,3072] input, 98304 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,32,768] output, 24576 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.16.1.2/6.1.1.2.64 r=96.16.2 u=1024 v=2.2
 *   measured by etotune: 0.4278 ms median, 353.0 GFLOP/s (reuse, 59 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_32(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=40,n=768,k=3072;dtype=float32
 *   list line: matmul m=40 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,40,3072] input, 122880 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,40,768] output, 30720 floats
 *   program: v1 mlt s=1.1.1.1.1/1.2.10.1.2/6.1.1.2.64 r=64.12.4 u=1024 v=2.2
 *   measured by etotune: 0.4963 ms median, 380.3 GFLOP/s (reuse, 79 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_40(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=48,n=768,k=3072;dtype=float32
 *   list line: matmul m=48 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,48,3072] input, 147456 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,48,768] output, 36864 floats
 *   program: v1 mlt s=1.1.1.1.1/1.2.12.2.1/6.1.1.2.64 r=64.24.2 u=1024 v=1.2
 *   measured by etotune: 0.5657 ms median, 400.4 GFLOP/s (reuse, 44 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_48(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=56,n=768,k=3072;dtype=float32
 *   list line: matmul m=56 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,56,3072] input, 172032 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,56,768] output, 43008 floats
 *   program: v1 mlt s=1.1.1.1.1/1.2.14.2.1/6.1.1.2.64 r=64.24.2 u=1024 v=1.2
 *   measured by etotune: 0.6485 ms median, 407.4 GFLOP/s (reuse, 19 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_56(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=64,n=768,k=3072;dtype=float32
 *   list line: matmul m=64 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,64,3072] input, 196608 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,64,768] output, 49152 floats
 *   program: v1 mlt s=1.1.1.1.1/1.2.16.1.2/6.1.1.2.64 r=64.24.2 u=1024 v=2.2
 *   measured by etotune: 0.7466 ms median, 404.5 GFLOP/s (reuse, 19 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_64(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=80,n=768,k=3072;dtype=float32
 *   list line: matmul m=80 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,80,3072] input, 245760 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,80,768] output, 61440 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.40.1.2/6.1.1.2.64 r=64.12.4 u=512 v=4.2
 *   measured by etotune: 0.9667 ms median, 390.5 GFLOP/s (reuse, 74 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_80(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=96,n=768,k=3072;dtype=float32
 *   list line: matmul m=96 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,96,3072] input, 294912 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,96,768] output, 73728 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.24.2.2/2.1.6.1.64 r=128.12.2 u=512 v=4.2
 *   measured by etotune: 1.105 ms median, 410.0 GFLOP/s (reuse, 140 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_96(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=112,n=768,k=3072;dtype=float32
 *   list line: matmul m=112 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,112,3072] input, 344064 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,112,768] output, 86016 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.28.4.1/2.1.6.2.32 r=128.12.2 u=512 v=4.4
 *   measured by etotune: 1.238 ms median, 427.0 GFLOP/s (reuse, 157 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_112(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=128,n=768,k=3072;dtype=float32
 *   list line: matmul m=128 n=768 k=3072 freq=120 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,128,3072] input, 393216 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,128,768] output, 98304 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.16.8.1/2.1.12.1.32 r=16.96.2 u=1024 v=4.2
 *   measured by etotune: 1.37 ms median, 440.8 GFLOP/s (reuse, 61 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_128(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=160,n=768,k=3072;dtype=float32
 *   list line: matmul m=160 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,160,3072] input, 491520 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,160,768] output, 122880 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.20.4.2/2.1.12.1.32 r=16.96.2 u=1024 v=1.2
 *   measured by etotune: 1.665 ms median, 453.6 GFLOP/s (reuse, 66 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_160(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=192,n=768,k=3072;dtype=float32
 *   list line: matmul m=192 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,192,3072] input, 589824 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,192,768] output, 147456 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.24.8.1/2.2.6.1.32 r=64.24.2 u=64 v=1.1
 *   measured by etotune: 2.01 ms median, 450.7 GFLOP/s (reuse, 49 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_192(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=224,n=768,k=3072;dtype=float32
 *   list line: matmul m=224 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,224,3072] input, 688128 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,224,768] output, 172032 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.28.8.1/2.2.6.1.32 r=64.24.2 u=64 v=1.2
 *   measured by etotune: 2.297 ms median, 460.1 GFLOP/s (reuse, 45 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_224(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=256,n=768,k=3072;dtype=float32
 *   list line: matmul m=256 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,256,3072] input, 786432 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,256,768] output, 196608 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.32.8.1/2.1.12.1.32 r=16.48.4 u=1024 v=1.2
 *   measured by etotune: 2.591 ms median, 466.2 GFLOP/s (reuse, 62 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_256(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=320,n=768,k=3072;dtype=float32
 *   list line: matmul m=320 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,320,3072] input, 983040 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,320,768] output, 245760 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.40.8.1/2.2.6.1.32 r=32.48.2 u=64 v=1.4
 *   measured by etotune: 3.264 ms median, 462.6 GFLOP/s (reuse, 76 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_320(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=384,n=768,k=3072;dtype=float32
 *   list line: matmul m=384 n=768 k=3072 freq=120 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,384,3072] input, 1179648 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,384,768] output, 294912 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.48.4.2/2.1.12.1.32 r=32.48.2 u=512 v=2.2
 *   measured by etotune: 3.892 ms median, 465.6 GFLOP/s (reuse, 127 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_384(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=448,n=768,k=3072;dtype=float32
 *   list line: matmul m=448 n=768 k=3072 freq=12 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,448,3072] input, 1376256 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,448,768] output, 344064 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.56.4.2/2.1.12.1.32 r=32.48.2 u=1024 v=1.2
 *   measured by etotune: 4.484 ms median, 471.4 GFLOP/s (reuse, 18 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_448(const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down: matmul:m=512,n=768,k=3072;dtype=float32
 *   list line: matmul m=512 n=768 k=3072 freq=120 name=base_b1_dyn.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,512,3072] input, 1572864 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,512,768] output, 393216 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.64.4.2/2.1.12.1.32 r=32.48.2 u=1024 v=1.2
 *   measured by etotune: 5.283 ms median, 457.3 GFLOP/s (reuse, 19 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_ffn_down_512(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=1,n=1,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=1 n=1 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,1,64] input, 768 floats
 *   B        [12,64,1] input, 768 floats
 *   out      [12,1,1] output, 12 floats
 *   program: v1 ctr s=1.1.1.1.12/1.1.1.1.1/1.1.1.1.1 r=1.8.8 u=0 v=1.1
 *   measured by etotune: 6.185e-05 ms median, 24.8 GFLOP/s (full, 64 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_1(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=2,n=2,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=2 n=2 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,2,64] input, 1536 floats
 *   B        [12,64,2] input, 1536 floats
 *   out      [12,2,2] output, 48 floats
 *   program: v1 mlt s=1.1.1.3.4/1.1.1.1.2/1.1.1.1.2 r=4.4.4 u=64 v=4.4
 *   measured by etotune: 0.0003761 ms median, 16.3 GFLOP/s (full, 320 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_2(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=13,n=13,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=13 n=13 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,13,64] input, 9984 floats
 *   B        [12,64,13] input, 9984 floats
 *   out      [12,13,13] output, 2028 floats
 *   program: v1 mlt s=4.1.3.1.1/1.1.1.13.1/1.1.1.1.13 r=1.16.4 u=1024 v=2.1
 *   measured by etotune: 0.001401 ms median, 185.3 GFLOP/s (reuse, 109 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_13(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=14,n=14,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=14 n=14 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,14,64] input, 10752 floats
 *   B        [12,64,14] input, 10752 floats
 *   out      [12,14,14] output, 2352 floats
 *   program: v1 mlt s=2.1.6.1.1/1.1.1.14.1/1.1.1.1.14 r=4.8.2 u=1024 v=1.1
 *   measured by etotune: 0.001795 ms median, 167.7 GFLOP/s (reuse, 9 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_14(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=15,n=15,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=15 n=15 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,15,64] input, 11520 floats
 *   B        [12,64,15] input, 11520 floats
 *   out      [12,15,15] output, 2700 floats
 *   program: v1 mlt s=2.1.6.1.1/1.1.1.15.1/1.1.1.1.15 r=4.8.2 u=1024 v=1.1
 *   measured by etotune: 0.002082 ms median, 166.0 GFLOP/s (reuse, 9 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_15(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=16,n=16,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=16 n=16 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,16,64] input, 12288 floats
 *   B        [12,64,16] input, 12288 floats
 *   out      [12,16,16] output, 3072 floats
 *   program: v1 mlt s=2.1.6.1.1/1.1.1.16.1/1.1.1.1.16 r=4.8.2 u=1024 v=1.1
 *   measured by etotune: 0.002293 ms median, 171.5 GFLOP/s (reuse, 12 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_16(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=20,n=20,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=20 n=20 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,20,64] input, 15360 floats
 *   B        [12,64,20] input, 15360 floats
 *   out      [12,20,20] output, 4800 floats
 *   program: v1 mlt s=4.1.1.3.1/1.1.2.10.1/1.1.2.1.10 r=4.8.2 u=1024 v=1.1
 *   measured by etotune: 0.005356 ms median, 114.7 GFLOP/s (reuse, 10 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_20(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=24,n=24,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=24 n=24 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,24,64] input, 18432 floats
 *   B        [12,64,24] input, 18432 floats
 *   out      [12,24,24] output, 6912 floats
 *   program: v1 mlt s=4.1.1.3.1/1.1.3.8.1/1.1.2.1.12 r=4.8.2 u=1024 v=1.1
 *   measured by etotune: 0.005953 ms median, 148.6 GFLOP/s (reuse, 10 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_24(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=28,n=28,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=28 n=28 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,28,64] input, 21504 floats
 *   B        [12,64,28] input, 21504 floats
 *   out      [12,28,28] output, 9408 floats
 *   program: v1 mlt s=4.1.1.3.1/1.1.4.7.1/1.1.2.1.14 r=4.8.2 u=1024 v=1.1
 *   measured by etotune: 0.006954 ms median, 173.2 GFLOP/s (reuse, 16 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_28(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=32,n=32,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=32 n=32 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,32,64] input, 24576 floats
 *   B        [12,64,32] input, 24576 floats
 *   out      [12,32,32] output, 12288 floats
 *   program: v1 mlt s=6.1.1.2.1/1.1.8.1.4/1.1.1.1.32 r=4.8.2 u=512 v=1.2
 *   measured by etotune: 0.004679 ms median, 336.2 GFLOP/s (reuse, 109 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_32(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=40,n=40,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=40 n=40 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,40,64] input, 30720 floats
 *   B        [12,64,40] input, 30720 floats
 *   out      [12,40,40] output, 19200 floats
 *   program: v1 mlt s=2.1.1.6.1/5.1.1.8.1/1.1.5.1.8 r=4.8.2 u=16 v=1.1
 *   measured by etotune: 0.02591 ms median, 94.9 GFLOP/s (reuse, 23 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_40(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=48,n=48,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=48 n=48 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,48,64] input, 36864 floats
 *   B        [12,64,48] input, 36864 floats
 *   out      [12,48,48] output, 27648 floats
 *   program: v1 mlt s=12.1.1.1.1/1.2.6.2.2/1.1.1.3.16 r=1.16.4 u=1024 v=2.2
 *   measured by etotune: 0.00896 ms median, 395.0 GFLOP/s (reuse, 35 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_48(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=56,n=56,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=56 n=56 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,56,64] input, 43008 floats
 *   B        [12,64,56] input, 43008 floats
 *   out      [12,56,56] output, 37632 floats
 *   program: v1 mlt s=12.1.1.1.1/1.2.7.2.2/1.1.1.4.14 r=4.4.4 u=1024 v=2.2
 *   measured by etotune: 0.01948 ms median, 247.3 GFLOP/s (reuse, 10 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_56(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=64,n=64,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=64 n=64 k=64 freq=24 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,64,64] input, 49152 floats
 *   B        [12,64,64] input, 49152 floats
 *   out      [12,64,64] output, 49152 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.16.4.1/1.1.1.1.64 r=4.8.2 u=512 v=2.2
 *   measured by etotune: 0.01577 ms median, 398.8 GFLOP/s (reuse, 53 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_64(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=80,n=80,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=80 n=80 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,80,64] input, 61440 floats
 *   B        [12,64,80] input, 61440 floats
 *   out      [12,80,80] output, 76800 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.20.4.1/1.1.1.5.16 r=4.8.2 u=1024 v=1.1
 *   measured by etotune: 0.0259 ms median, 379.6 GFLOP/s (reuse, 19 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_80(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=96,n=96,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=96 n=96 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,96,64] input, 73728 floats
 *   B        [12,64,96] input, 73728 floats
 *   out      [12,96,96] output, 110592 floats
 *   program: v1 mlt s=12.1.1.1.1/3.1.8.2.2/1.1.3.1.32 r=1.8.8 u=1024 v=4.2
 *   measured by etotune: 0.03779 ms median, 374.6 GFLOP/s (reuse, 46 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_96(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=112,n=112,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=112 n=112 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,112,64] input, 86016 floats
 *   B        [12,64,112] input, 86016 floats
 *   out      [12,112,112] output, 150528 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.28.4.1/1.1.2.2.28 r=2.1.32 u=1024 v=4.1
 *   measured by etotune: 0.05691 ms median, 338.6 GFLOP/s (reuse, 86 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_112(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=128,n=128,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=128 n=128 k=64 freq=120 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,128,64] input, 98304 floats
 *   B        [12,64,128] input, 98304 floats
 *   out      [12,128,128] output, 196608 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.32.4.1/1.1.2.1.64 r=2.16.2 u=512 v=2.1
 *   measured by etotune: 0.06514 ms median, 386.4 GFLOP/s (reuse, 42 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_128(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=160,n=160,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=160 n=160 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,160,64] input, 122880 floats
 *   B        [12,64,160] input, 122880 floats
 *   out      [12,160,160] output, 307200 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.40.4.1/1.1.5.1.32 r=1.32.2 u=1024 v=2.1
 *   measured by etotune: 0.09577 ms median, 410.6 GFLOP/s (reuse, 68 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_160(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=192,n=192,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=192 n=192 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,192,64] input, 147456 floats
 *   B        [12,64,192] input, 147456 floats
 *   out      [12,192,192] output, 442368 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.48.4.1/1.1.6.1.32 r=1.32.2 u=1024 v=1.1
 *   measured by etotune: 0.1344 ms median, 421.4 GFLOP/s (reuse, 22 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_192(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=224,n=224,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=224 n=224 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,224,64] input, 172032 floats
 *   B        [12,64,224] input, 172032 floats
 *   out      [12,224,224] output, 602112 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.28.8.1/1.1.7.1.32 r=1.32.2 u=1024 v=2.2
 *   measured by etotune: 0.1646 ms median, 468.2 GFLOP/s (reuse, 66 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_224(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=256,n=256,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=256 n=256 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,256,64] input, 196608 floats
 *   B        [12,64,256] input, 196608 floats
 *   out      [12,256,256] output, 786432 floats
 *   program: v1 mlt s=6.2.1.1.1/1.1.32.8.1/1.1.8.1.32 r=1.16.4 u=1024 v=4.1
 *   measured by etotune: 0.2107 ms median, 477.8 GFLOP/s (reuse, 63 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_256(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=320,n=320,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=320 n=320 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,320,64] input, 245760 floats
 *   B        [12,64,320] input, 245760 floats
 *   out      [12,320,320] output, 1228800 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.40.8.1/1.1.10.1.32 r=1.32.2 u=1024 v=2.1
 *   measured by etotune: 0.3285 ms median, 478.8 GFLOP/s (reuse, 54 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_320(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=384,n=384,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=384 n=384 k=64 freq=120 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,384,64] input, 294912 floats
 *   B        [12,64,384] input, 294912 floats
 *   out      [12,384,384] output, 1769472 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.48.8.1/1.1.12.1.32 r=1.16.4 u=1024 v=2.1
 *   measured by etotune: 0.4624 ms median, 489.8 GFLOP/s (reuse, 20 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_384(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=448,n=448,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=448 n=448 k=64 freq=12 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,448,64] input, 344064 floats
 *   B        [12,64,448] input, 344064 floats
 *   out      [12,448,448] output, 2408448 floats
 *   program: v1 mlt s=12.1.1.1.1/1.2.28.4.2/1.1.14.2.16 r=1.32.2 u=1024 v=2.1
 *   measured by etotune: 0.6338 ms median, 486.4 GFLOP/s (reuse, 57 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_448(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores: batch_matmul:b=12,m=512,n=512,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=512 n=512 k=64 freq=120 name=base_b1_dyn.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,512,64] input, 393216 floats
 *   B        [12,64,512] input, 393216 floats
 *   out      [12,512,512] output, 3145728 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.64.4.2/1.1.16.2.16 r=1.16.4 u=1024 v=4.2
 *   measured by etotune: 0.8247 ms median, 488.2 GFLOP/s (reuse, 20 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_scores_512(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=15,n=64,k=15;dtype=float32
 *   list line: batch_matmul b=12 m=15 n=64 k=15 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,15,15] input, 2700 floats
 *   B        [12,15,64] input, 11520 floats
 *   out      [12,15,64] output, 11520 floats
 *   program: v1 mlt s=2.1.6.1.1/1.1.3.5.1/1.1.1.1.64 r=1.5.3 u=1024 v=1.1
 *   measured by etotune: 0.001221 ms median, 283.0 GFLOP/s (reuse, 10 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_15(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=16,n=64,k=16;dtype=float32
 *   list line: batch_matmul b=12 m=16 n=64 k=16 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,16,16] input, 3072 floats
 *   B        [12,16,64] input, 12288 floats
 *   out      [12,16,64] output, 12288 floats
 *   program: v1 mlt s=2.1.6.1.1/1.1.4.4.1/1.1.1.2.32 r=1.8.2 u=1024 v=1.1
 *   measured by etotune: 0.001268 ms median, 310.1 GFLOP/s (reuse, 67 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_16(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=20,n=64,k=20;dtype=float32
 *   list line: batch_matmul b=12 m=20 n=64 k=20 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,20,20] input, 4800 floats
 *   B        [12,20,64] input, 15360 floats
 *   out      [12,20,64] output, 15360 floats
 *   program: v1 mlt s=6.1.1.2.1/1.1.5.4.1/1.1.2.1.32 r=2.5.2 u=512 v=4.4
 *   measured by etotune: 0.002445 ms median, 251.3 GFLOP/s (reuse, 51 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_20(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=24,n=64,k=24;dtype=float32
 *   list line: batch_matmul b=12 m=24 n=64 k=24 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,24,24] input, 6912 floats
 *   B        [12,24,64] input, 18432 floats
 *   out      [12,24,64] output, 18432 floats
 *   program: v1 mlt s=4.1.1.3.1/1.1.6.4.1/1.1.2.1.32 r=1.12.2 u=64 v=1.1
 *   measured by etotune: 0.003324 ms median, 266.1 GFLOP/s (reuse, 10 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_24(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=28,n=64,k=28;dtype=float32
 *   list line: batch_matmul b=12 m=28 n=64 k=28 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,28,28] input, 9408 floats
 *   B        [12,28,64] input, 21504 floats
 *   out      [12,28,64] output, 21504 floats
 *   program: v1 mlt s=6.1.2.1.1/1.1.7.2.2/1.2.1.1.32 r=1.28.1 u=16 v=4.2
 *   measured by etotune: 0.003698 ms median, 325.7 GFLOP/s (reuse, 36 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_28(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=32,n=64,k=32;dtype=float32
 *   list line: batch_matmul b=12 m=32 n=64 k=32 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,32,32] input, 12288 floats
 *   B        [12,32,64] input, 24576 floats
 *   out      [12,32,64] output, 24576 floats
 *   program: v1 mlt s=4.1.3.1.1/1.1.8.4.1/1.1.1.1.64 r=1.16.2 u=1024 v=1.1
 *   measured by etotune: 0.00433 ms median, 363.2 GFLOP/s (reuse, 13 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_32(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=40,n=64,k=40;dtype=float32
 *   list line: batch_matmul b=12 m=40 n=64 k=40 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,40,40] input, 19200 floats
 *   B        [12,40,64] input, 30720 floats
 *   out      [12,40,64] output, 30720 floats
 *   program: v1 mlt s=6.1.1.1.2/1.1.10.2.2/1.1.2.1.32 r=1.20.2 u=512 v=2.2
 *   measured by etotune: 0.007157 ms median, 343.4 GFLOP/s (reuse, 76 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_40(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=48,n=64,k=48;dtype=float32
 *   list line: batch_matmul b=12 m=48 n=64 k=48 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,48,48] input, 27648 floats
 *   B        [12,48,64] input, 36864 floats
 *   out      [12,48,64] output, 36864 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.12.4.1/1.1.1.2.32 r=3.8.2 u=512 v=1.4
 *   measured by etotune: 0.01026 ms median, 345.1 GFLOP/s (reuse, 11 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_48(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=56,n=64,k=56;dtype=float32
 *   list line: batch_matmul b=12 m=56 n=64 k=56 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,56,56] input, 37632 floats
 *   B        [12,56,64] input, 43008 floats
 *   out      [12,56,64] output, 43008 floats
 *   program: v1 mlt s=12.1.1.1.1/1.2.7.2.2/1.1.1.4.16 r=2.7.4 u=1024 v=2.2
 *   measured by etotune: 0.01289 ms median, 373.6 GFLOP/s (reuse, 11 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_56(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=80,n=64,k=80;dtype=float32
 *   list line: batch_matmul b=12 m=80 n=64 k=80 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,80,80] input, 76800 floats
 *   B        [12,80,64] input, 61440 floats
 *   out      [12,80,64] output, 61440 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.20.4.1/1.1.1.1.64 r=10.4.2 u=1024 v=1.4
 *   measured by etotune: 0.02377 ms median, 413.5 GFLOP/s (reuse, 48 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_80(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=96,n=64,k=96;dtype=float32
 *   list line: batch_matmul b=12 m=96 n=64 k=96 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,96,96] input, 110592 floats
 *   B        [12,96,64] input, 73728 floats
 *   out      [12,96,64] output, 73728 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.24.2.2/1.1.1.4.16 r=6.4.4 u=1024 v=4.2
 *   measured by etotune: 0.0379 ms median, 373.5 GFLOP/s (reuse, 43 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_96(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=112,n=64,k=112;dtype=float32
 *   list line: batch_matmul b=12 m=112 n=64 k=112 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,112,112] input, 150528 floats
 *   B        [12,112,64] input, 86016 floats
 *   out      [12,112,64] output, 86016 floats
 *   program: v1 mlt s=12.1.1.1.1/4.1.7.4.1/1.1.1.2.32 r=14.4.2 u=512 v=2.4
 *   measured by etotune: 0.05279 ms median, 365.0 GFLOP/s (reuse, 206 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_112(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=128,n=64,k=128;dtype=float32
 *   list line: batch_matmul b=12 m=128 n=64 k=128 freq=120 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,128,128] input, 196608 floats
 *   B        [12,128,64] input, 98304 floats
 *   out      [12,128,64] output, 98304 floats
 *   program: v1 mlt s=12.1.1.1.1/4.1.8.2.2/1.1.1.2.32 r=8.8.2 u=1024 v=4.2
 *   measured by etotune: 0.06551 ms median, 384.1 GFLOP/s (reuse, 60 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_128(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=160,n=64,k=160;dtype=float32
 *   list line: batch_matmul b=12 m=160 n=64 k=160 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,160,160] input, 307200 floats
 *   B        [12,160,64] input, 122880 floats
 *   out      [12,160,64] output, 122880 floats
 *   program: v1 mlt s=12.1.1.1.1/2.1.20.2.2/1.1.1.2.32 r=10.4.4 u=1024 v=2.2
 *   measured by etotune: 0.09633 ms median, 408.2 GFLOP/s (reuse, 57 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_160(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=192,n=64,k=192;dtype=float32
 *   list line: batch_matmul b=12 m=192 n=64 k=192 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,192,192] input, 442368 floats
 *   B        [12,192,64] input, 147456 floats
 *   out      [12,192,64] output, 147456 floats
 *   program: v1 mlt s=12.1.1.1.1/3.1.16.2.2/1.1.1.2.32 r=12.4.4 u=1024 v=4.2
 *   measured by etotune: 0.1348 ms median, 420.1 GFLOP/s (reuse, 107 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_192(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=224,n=64,k=224;dtype=float32
 *   list line: batch_matmul b=12 m=224 n=64 k=224 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,224,224] input, 602112 floats
 *   B        [12,224,64] input, 172032 floats
 *   out      [12,224,64] output, 172032 floats
 *   program: v1 mlt s=12.1.1.1.1/4.1.14.2.2/1.1.1.2.32 r=14.4.4 u=1024 v=1.2
 *   measured by etotune: 0.1915 ms median, 402.4 GFLOP/s (reuse, 142 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_224(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=256,n=64,k=256;dtype=float32
 *   list line: batch_matmul b=12 m=256 n=64 k=256 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,256,256] input, 786432 floats
 *   B        [12,256,64] input, 196608 floats
 *   out      [12,256,64] output, 196608 floats
 *   program: v1 mlt s=12.1.1.1.1/4.1.16.4.1/1.1.1.1.64 r=16.4.4 u=1024 v=4.4
 *   measured by etotune: 0.2474 ms median, 407.0 GFLOP/s (reuse, 46 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_256(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=320,n=64,k=320;dtype=float32
 *   list line: batch_matmul b=12 m=320 n=64 k=320 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,320,320] input, 1228800 floats
 *   B        [12,320,64] input, 245760 floats
 *   out      [12,320,64] output, 245760 floats
 *   program: v1 mlt s=12.1.1.1.1/5.1.8.8.1/1.1.2.1.32 r=20.8.2 u=1024 v=2.4
 *   measured by etotune: 0.3487 ms median, 451.0 GFLOP/s (reuse, 19 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_320(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=384,n=64,k=384;dtype=float32
 *   list line: batch_matmul b=12 m=384 n=64 k=384 freq=120 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,384,384] input, 1769472 floats
 *   B        [12,384,64] input, 294912 floats
 *   out      [12,384,64] output, 294912 floats
 *   program: v1 mlt s=12.1.1.1.1/6.1.16.2.2/1.1.1.1.64 r=16.12.2 u=512 v=1.2
 *   measured by etotune: 0.5163 ms median, 438.7 GFLOP/s (reuse, 91 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_384(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=448,n=64,k=448;dtype=float32
 *   list line: batch_matmul b=12 m=448 n=64 k=448 freq=12 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,448,448] input, 2408448 floats
 *   B        [12,448,64] input, 344064 floats
 *   out      [12,448,64] output, 344064 floats
 *   program: v1 mlt s=12.1.1.1.1/8.1.8.7.1/1.1.2.1.32 r=28.8.2 u=1024 v=2.4
 *   measured by etotune: 0.7115 ms median, 433.3 GFLOP/s (full, 768 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_448(const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context: batch_matmul:b=12,m=512,n=64,k=512;dtype=float32
 *   list line: batch_matmul b=12 m=512 n=64 k=512 freq=120 name=base_b1_dyn.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,512,512] input, 3145728 floats
 *   B        [12,512,64] input, 393216 floats
 *   out      [12,512,64] output, 393216 floats
 *   program: v1 mlt s=12.1.1.1.1/8.1.8.8.1/1.1.2.1.32 r=16.16.2 u=1024 v=2.4
 *   measured by etotune: 1.058 ms median, 380.5 GFLOP/s (reuse, 17 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int bert_dyn_base_b1_dyn_attn_context_512(const float *A, const float *B, float *out);

/* base_b1_dyn.qkvo_proj for every value s >= 1 of its `let` variable (m=s): a family of matmul
 *   A        [1, s, 768] input
 *   B        [1, 768, 768] input
 *   out      [1, s, 768] output
 * Tuned values (each runs its own kernel, bert_dyn_base_b1_dyn_qkvo_proj_<value> above): 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 20, 24, 28, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 448, 512.
 * Another s runs the kernel of the smallest tuned value above it on zero-padded copies of the tensors
 * whose shape depends on s (kept in per-thread scratch buffers; where s only stacks rows, the rows of the
 * largest tuned value under s run in place and only the rest is padded), an s above 512 runs as chunks of rows of that size (the last one padded).
 * Returns 0, EINVAL (s < 1 or a NULL pointer) or ENOMEM (scratch). */
int bert_dyn_base_b1_dyn_qkvo_proj(int64_t s, const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_up for every value s >= 1 of its `let` variable (m=s): a family of matmul
 *   A        [1, s, 768] input
 *   B        [1, 768, 3072] input
 *   out      [1, s, 3072] output
 * Tuned values (each runs its own kernel, bert_dyn_base_b1_dyn_ffn_up_<value> above): 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 20, 24, 28, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 448, 512.
 * Another s runs the kernel of the smallest tuned value above it on zero-padded copies of the tensors
 * whose shape depends on s (kept in per-thread scratch buffers; where s only stacks rows, the rows of the
 * largest tuned value under s run in place and only the rest is padded), an s above 512 runs as chunks of rows of that size (the last one padded).
 * Returns 0, EINVAL (s < 1 or a NULL pointer) or ENOMEM (scratch). */
int bert_dyn_base_b1_dyn_ffn_up(int64_t s, const float *A, const float *B, float *out);

/* base_b1_dyn.ffn_down for every value s >= 1 of its `let` variable (m=s): a family of matmul
 *   A        [1, s, 3072] input
 *   B        [1, 3072, 768] input
 *   out      [1, s, 768] output
 * Tuned values (each runs its own kernel, bert_dyn_base_b1_dyn_ffn_down_<value> above): 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 20, 24, 28, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 448, 512.
 * Another s runs the kernel of the smallest tuned value above it on zero-padded copies of the tensors
 * whose shape depends on s (kept in per-thread scratch buffers; where s only stacks rows, the rows of the
 * largest tuned value under s run in place and only the rest is padded), an s above 512 runs as chunks of rows of that size (the last one padded).
 * Returns 0, EINVAL (s < 1 or a NULL pointer) or ENOMEM (scratch). */
int bert_dyn_base_b1_dyn_ffn_down(int64_t s, const float *A, const float *B, float *out);

/* base_b1_dyn.attn_scores for every value s >= 1 of its `let` variable (m=s n=s): a family of batch_matmul
 *   A        [12, s, 64] input
 *   B        [12, 64, s] input
 *   out      [12, s, s] output
 * Tuned values (each runs its own kernel, bert_dyn_base_b1_dyn_attn_scores_<value> above): 1, 2, 13, 14, 15, 16, 20, 24, 28, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 448, 512.
 * Another s runs the kernel of the smallest tuned value above it on zero-padded copies of the tensors
 * whose shape depends on s (kept in per-thread scratch buffers; where s only stacks rows, the rows of the
 * largest tuned value under s run in place and only the rest is padded), an s above 512 runs naive loops (correct, slow).
 * Returns 0, EINVAL (s < 1 or a NULL pointer) or ENOMEM (scratch). */
int bert_dyn_base_b1_dyn_attn_scores(int64_t s, const float *A, const float *B, float *out);

/* base_b1_dyn.attn_context for every value s >= 1 of its `let` variable (m=s k=s): a family of batch_matmul
 *   A        [12, s, s] input
 *   B        [12, s, 64] input
 *   out      [12, s, 64] output
 * Tuned values (each runs its own kernel, bert_dyn_base_b1_dyn_attn_context_<value> above): 15, 16, 20, 24, 28, 32, 40, 48, 56, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 448, 512.
 * Another s runs the kernel of the smallest tuned value above it on zero-padded copies of the tensors
 * whose shape depends on s (kept in per-thread scratch buffers; where s only stacks rows, the rows of the
 * largest tuned value under s run in place and only the rest is padded), an s above 512 runs naive loops (correct, slow).
 * Returns 0, EINVAL (s < 1 or a NULL pointer) or ENOMEM (scratch). */
int bert_dyn_base_b1_dyn_attn_context(int64_t s, const float *A, const float *B, float *out);

#ifdef __cplusplus
}
#endif
#endif
