/* versus.h — 20 tuned tensor kernels exported by etotune 0.1.0 (`etotune export`). Generated: do not edit.
 *
 * Target: cpu: AMD EPYC (llvm znver4), 2 cores used, 512-bit SIMD, codegen v4
 *   (fingerprint 9e0ce406cc6ef5d2). The code is compiled for this CPU and its instruction set extensions; it may not
 *   run on another CPU.
 * Linking: -L<dir> -lversus -pthread (static libversus.a or shared libversus.so); nothing else is needed at run
 *   time (no LLVM, no etotune).
 * Tensors: dense, row-major float32 arrays of the shapes given below. Inputs are only read; the output
 *   is written completely and must not overlap an input. Any float alignment works; the latencies in
 *   the manifest were measured on page-aligned (4096-byte) arrays, those of 64 KiB or more on 2 MiB
 *   transparent huge pages (madvise(MADV_HUGEPAGE)) where the machine has them. An array that is not
 *   64-byte aligned can run up to 1.2x slower (vector loads that split cache lines), one on 4 KiB pages
 *   up to 1.3x (which physical pages it got).
 * Errors: each function returns 0, or EINVAL (errno.h) when a pointer is NULL; nothing else can fail.
 * Threads: a call runs the kernel's blocks on a pool of threads started by the first call (the calling
 *   thread works too); versus_set_threads sets their number. Idle workers spin briefly after a call, then
 *   sleep. Calls from several threads at once are safe: one of them uses the pool, the others run on
 *   their own thread. Each thread, the caller's included, needs 8192 KiB of stack for block-local tiles.
 */
#ifndef VERSUS_H
#define VERSUS_H

#ifdef __cplusplus
extern "C" {
#endif

/* Sets the number of threads later calls use: 1 runs every block on the calling thread, 0 means one per
 * online core (the default), at most 256. Stops the current workers (they restart at the next call).
 * Returns 0, or EINVAL for n < 0 or n > 256. Do not call it while a kernel runs. */
int versus_set_threads(int n);
/* The number of threads the next call uses (the caller included). */
int versus_threads(void);
/* Stops and joins the workers; the next call starts them again. Unloading the shared library does it too. */
void versus_shutdown(void);

/* versus.qkvo_proj: matmul:m=37,n=768,k=768;dtype=float32
 *   list line: matmul m=37 n=768 k=768 freq=48 name=versus.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,37,768] input, 28416 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,37,768] output, 28416 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.37.1.1/12.1.1.1.64 r=192.2.2 u=512 v=1.4 d=1.0
 *   measured by etotune: 0.2022 ms median, 215.9 GFLOP/s (full, 640 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int versus_versus_qkvo_proj_37(const float *A, const float *B, float *out);

/* versus.qkvo_proj: matmul:m=128,n=768,k=768;dtype=float32
 *   list line: matmul m=128 n=768 k=768 freq=48 name=versus.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,128,768] input, 98304 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,128,768] output, 98304 floats
 *   program: v1 mlt s=1.1.1.1.1/2.1.8.2.4/1.1.48.1.16 r=1.768.1 u=0 v=1.1 d=0.1
 *   measured by etotune: 0.6576 ms median, 229.6 GFLOP/s (full, 576 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int versus_versus_qkvo_proj_128(const float *A, const float *B, float *out);

/* versus.qkvo_proj: matmul:m=257,n=768,k=768;dtype=float32
 *   list line: matmul m=257 n=768 k=768 freq=48 name=versus.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,257,768] input, 197376 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,257,768] output, 197376 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.257.1.1/12.1.1.1.64 r=192.2.2 u=512 v=1.1 d=1.0
 *   measured by etotune: 1.387 ms median, 218.6 GFLOP/s (full, 832 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int versus_versus_qkvo_proj_257(const float *A, const float *B, float *out);

/* versus.qkvo_proj: matmul:m=509,n=768,k=768;dtype=float32
 *   list line: matmul m=509 n=768 k=768 freq=48 name=versus.qkvo_proj
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,509,768] input, 390912 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,509,768] output, 390912 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.509.1.1/8.1.1.6.16 r=128.1.6 u=1024 v=1.1 d=1.0
 *   measured by etotune: 2.708 ms median, 221.7 GFLOP/s (full, 704 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int versus_versus_qkvo_proj_509(const float *A, const float *B, float *out);

/* versus.ffn_up: matmul:m=37,n=3072,k=768;dtype=float32
 *   list line: matmul m=37 n=3072 k=768 freq=12 name=versus.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,37,768] input, 28416 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,37,3072] output, 113664 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.37.1.1/48.1.1.2.32 r=96.8.1 u=512 v=1.1
 *   measured by etotune: 0.9761 ms median, 178.9 GFLOP/s (full, 320 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int versus_versus_ffn_up_37(const float *A, const float *B, float *out);

/* versus.ffn_up: matmul:m=128,n=3072,k=768;dtype=float32
 *   list line: matmul m=128 n=3072 k=768 freq=12 name=versus.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,128,768] input, 98304 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,128,3072] output, 393216 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.32.1.4/8.1.6.4.16 r=48.8.2 u=1024 v=4.2
 *   measured by etotune: 2.831 ms median, 213.4 GFLOP/s (full, 128 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int versus_versus_ffn_up_128(const float *A, const float *B, float *out);

/* versus.ffn_up: matmul:m=257,n=3072,k=768;dtype=float32
 *   list line: matmul m=257 n=3072 k=768 freq=12 name=versus.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,257,768] input, 197376 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,257,3072] output, 789504 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.257.1.1/24.1.1.2.64 r=96.1.8 u=512 v=2.2
 *   measured by etotune: 6.158 ms median, 196.9 GFLOP/s (full, 896 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int versus_versus_ffn_up_257(const float *A, const float *B, float *out);

/* versus.ffn_up: matmul:m=509,n=3072,k=768;dtype=float32
 *   list line: matmul m=509 n=3072 k=768 freq=12 name=versus.ffn_up
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,509,768] input, 390912 floats
 *   B        [1,768,3072] input, 2359296 floats
 *   out      [1,509,3072] output, 1563648 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.509.1.1/32.1.1.3.32 r=48.1.16 u=512 v=2.1
 *   measured by etotune: 11.83 ms median, 202.9 GFLOP/s (full, 576 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int versus_versus_ffn_up_509(const float *A, const float *B, float *out);

/* versus.ffn_down: matmul:m=37,n=768,k=3072;dtype=float32
 *   list line: matmul m=37 n=768 k=3072 freq=12 name=versus.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,37,3072] input, 113664 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,37,768] output, 28416 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.37.1.1/12.1.1.2.32 r=768.1.4 u=1024 v=1.4 d=1.0
 *   measured by etotune: 0.8333 ms median, 209.5 GFLOP/s (full, 320 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int versus_versus_ffn_down_37(const float *A, const float *B, float *out);

/* versus.ffn_down: matmul:m=128,n=768,k=3072;dtype=float32
 *   list line: matmul m=128 n=768 k=3072 freq=12 name=versus.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,128,3072] input, 393216 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,128,768] output, 98304 floats
 *   program: v1 mlt s=1.1.1.1.1/1.2.8.1.8/8.1.6.1.16 r=12.128.2 u=0 v=4.1 d=0.1
 *   measured by etotune: 2.883 ms median, 209.5 GFLOP/s (full, 832 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int versus_versus_ffn_down_128(const float *A, const float *B, float *out);

/* versus.ffn_down: matmul:m=257,n=768,k=3072;dtype=float32
 *   list line: matmul m=257 n=768 k=3072 freq=12 name=versus.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,257,3072] input, 789504 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,257,768] output, 197376 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.257.1.1/8.1.1.6.16 r=256.1.12 u=512 v=1.4 d=1.0
 *   measured by etotune: 5.617 ms median, 215.9 GFLOP/s (full, 256 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int versus_versus_ffn_down_257(const float *A, const float *B, float *out);

/* versus.ffn_down: matmul:m=509,n=768,k=3072;dtype=float32
 *   list line: matmul m=509 n=768 k=3072 freq=12 name=versus.ffn_down
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,509,3072] input, 1563648 floats
 *   B        [1,3072,768] input, 2359296 floats
 *   out      [1,509,768] output, 390912 floats
 *   program: v1 mlt s=1.1.1.1.1/1.1.509.1.1/8.1.1.3.32 r=384.8.1 u=1024 v=1.1 d=1.0
 *   measured by etotune: 11.04 ms median, 217.6 GFLOP/s (full, 868 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int versus_versus_ffn_down_509(const float *A, const float *B, float *out);

/* versus.attn_scores: batch_matmul:b=12,m=37,n=37,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=37 n=37 k=64 freq=12 name=versus.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,37,64] input, 28416 floats
 *   B        [12,64,37] input, 28416 floats
 *   out      [12,37,37] output, 16428 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.37.1.1/1.1.1.1.37 r=16.2.2 u=512 v=1.1 d=1.0
 *   measured by etotune: 0.0157 ms median, 134.0 GFLOP/s (full, 320 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int versus_versus_attn_scores_37(const float *A, const float *B, float *out);

/* versus.attn_scores: batch_matmul:b=12,m=128,n=128,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=128 n=128 k=64 freq=12 name=versus.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,128,64] input, 98304 floats
 *   B        [12,64,128] input, 98304 floats
 *   out      [12,128,128] output, 196608 floats
 *   program: v1 mlt s=4.1.3.1.1/4.1.4.8.1/1.2.4.1.16 r=1.64.1 u=512 v=1.1 d=1.1
 *   measured by etotune: 0.1087 ms median, 231.4 GFLOP/s (full, 896 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int versus_versus_attn_scores_128(const float *A, const float *B, float *out);

/* versus.attn_scores: batch_matmul:b=12,m=257,n=257,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=257 n=257 k=64 freq=12 name=versus.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,257,64] input, 197376 floats
 *   B        [12,64,257] input, 197376 floats
 *   out      [12,257,257] output, 792588 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.257.1.1/1.1.1.257.1 r=1.64.1 u=512 v=1.2 d=1.0
 *   measured by etotune: 0.9295 ms median, 109.1 GFLOP/s (full, 64 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int versus_versus_attn_scores_257(const float *A, const float *B, float *out);

/* versus.attn_scores: batch_matmul:b=12,m=509,n=509,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=509 n=509 k=64 freq=12 name=versus.attn_scores
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,509,64] input, 390912 floats
 *   B        [12,64,509] input, 390912 floats
 *   out      [12,509,509] output, 3108972 floats
 *   program: v1 mlt s=6.1.2.1.1/1.1.509.1.1/1.1.1.509.1 r=1.64.1 u=1024 v=1.1 d=1.0
 *   measured by etotune: 3.795 ms median, 104.9 GFLOP/s (full, 64 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int versus_versus_attn_scores_509(const float *A, const float *B, float *out);

/* versus.attn_context: batch_matmul:b=12,m=37,n=64,k=37;dtype=float32
 *   list line: batch_matmul b=12 m=37 n=64 k=37 freq=12 name=versus.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,37,37] input, 16428 floats
 *   B        [12,37,64] input, 28416 floats
 *   out      [12,37,64] output, 28416 floats
 *   program: v1 mlt s=6.1.1.2.1/1.1.37.1.1/1.1.1.2.32 r=1.37.1 u=0 v=1.4 d=1.0
 *   measured by etotune: 0.01248 ms median, 168.4 GFLOP/s (full, 320 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int versus_versus_attn_context_37(const float *A, const float *B, float *out);

/* versus.attn_context: batch_matmul:b=12,m=128,n=64,k=128;dtype=float32
 *   list line: batch_matmul b=12 m=128 n=64 k=128 freq=12 name=versus.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,128,128] input, 196608 floats
 *   B        [12,128,64] input, 98304 floats
 *   out      [12,128,64] output, 98304 floats
 *   program: v1 mlt s=1.1.12.1.1/2.1.8.8.1/1.4.1.16.1 r=1.128.1 u=16 v=1.1 d=1.1
 *   measured by etotune: 0.1085 ms median, 231.9 GFLOP/s (full, 704 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int versus_versus_attn_context_128(const float *A, const float *B, float *out);

/* versus.attn_context: batch_matmul:b=12,m=257,n=64,k=257;dtype=float32
 *   list line: batch_matmul b=12 m=257 n=64 k=257 freq=12 name=versus.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,257,257] input, 792588 floats
 *   B        [12,257,64] input, 197376 floats
 *   out      [12,257,64] output, 197376 floats
 *   program: v1 mlt s=6.1.1.1.2/1.1.257.1.1/1.1.1.4.16 r=1.257.1 u=64 v=1.1 d=1.0
 *   measured by etotune: 0.8983 ms median, 112.9 GFLOP/s (full, 64 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int versus_versus_attn_context_257(const float *A, const float *B, float *out);

/* versus.attn_context: batch_matmul:b=12,m=509,n=64,k=509;dtype=float32
 *   list line: batch_matmul b=12 m=509 n=64 k=509 freq=12 name=versus.attn_context
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,509,509] input, 3108972 floats
 *   B        [12,509,64] input, 390912 floats
 *   out      [12,509,64] output, 390912 floats
 *   program: v1 mlt s=12.1.1.1.1/1.1.509.1.1/1.1.1.8.8 r=1.509.1 u=64 v=1.1 d=1.0
 *   measured by etotune: 3.545 ms median, 112.2 GFLOP/s (full, 384 trials)
 * Returns 0, or EINVAL when a pointer is NULL. */
int versus_versus_attn_context_509(const float *A, const float *B, float *out);

/* versus.qkvo_proj for every value s >= 1 of its `let` variable (m=s): a family of matmul
 *   A        [1, s, 768] input
 *   B        [1, 768, 768] input
 *   out      [1, s, 768] output
 * Tuned values (kernels versus_versus_qkvo_proj_<value> above): 37, 128, 257, 509.
 * Each s up to the largest runs the kernel picked for it at export (timed on the exporting machine, or
 * by a cost model; the manifest's dispatch table says which): s's own tuned kernel, or the program of a
 * tuned value above s compiled with s as a run-time extent (on these tensors, no copies); a program
 * without that form runs on zero-padded copies of the
 * tensors whose shape depends on s (per-thread scratch buffers). An s above 509 runs as chunks of rows of that size (the last one padded).
 * Returns 0, EINVAL (s < 1 or a NULL pointer) or ENOMEM (scratch). */
int versus_versus_qkvo_proj(int64_t s, const float *A, const float *B, float *out);

/* versus.ffn_up for every value s >= 1 of its `let` variable (m=s): a family of matmul
 *   A        [1, s, 768] input
 *   B        [1, 768, 3072] input
 *   out      [1, s, 3072] output
 * Tuned values (kernels versus_versus_ffn_up_<value> above): 37, 128, 257, 509.
 * Each s up to the largest runs the kernel picked for it at export (timed on the exporting machine, or
 * by a cost model; the manifest's dispatch table says which): s's own tuned kernel, or the program of a
 * tuned value above s compiled with s as a run-time extent (on these tensors, no copies); a program
 * without that form runs on zero-padded copies of the
 * tensors whose shape depends on s (per-thread scratch buffers). An s above 509 runs as chunks of rows of that size (the last one padded).
 * Returns 0, EINVAL (s < 1 or a NULL pointer) or ENOMEM (scratch). */
int versus_versus_ffn_up(int64_t s, const float *A, const float *B, float *out);

/* versus.ffn_down for every value s >= 1 of its `let` variable (m=s): a family of matmul
 *   A        [1, s, 3072] input
 *   B        [1, 3072, 768] input
 *   out      [1, s, 768] output
 * Tuned values (kernels versus_versus_ffn_down_<value> above): 37, 128, 257, 509.
 * Each s up to the largest runs the kernel picked for it at export (timed on the exporting machine, or
 * by a cost model; the manifest's dispatch table says which): s's own tuned kernel, or the program of a
 * tuned value above s compiled with s as a run-time extent (on these tensors, no copies); a program
 * without that form runs on zero-padded copies of the
 * tensors whose shape depends on s (per-thread scratch buffers). An s above 509 runs as chunks of rows of that size (the last one padded).
 * Returns 0, EINVAL (s < 1 or a NULL pointer) or ENOMEM (scratch). */
int versus_versus_ffn_down(int64_t s, const float *A, const float *B, float *out);

/* versus.attn_scores for every value s >= 1 of its `let` variable (m=s n=s): a family of batch_matmul
 *   A        [12, s, 64] input
 *   B        [12, 64, s] input
 *   out      [12, s, s] output
 * Tuned values (kernels versus_versus_attn_scores_<value> above): 37, 128, 257, 509.
 * Each s up to the largest runs the kernel picked for it at export (timed on the exporting machine, or
 * by a cost model; the manifest's dispatch table says which): s's own tuned kernel, or the program of a
 * tuned value above s compiled with s as a run-time extent (on these tensors, no copies); a program
 * without that form runs on zero-padded copies of the
 * tensors whose shape depends on s (per-thread scratch buffers). An s above 509 runs naive loops (correct, slow).
 * Returns 0, EINVAL (s < 1 or a NULL pointer) or ENOMEM (scratch). */
int versus_versus_attn_scores(int64_t s, const float *A, const float *B, float *out);

/* versus.attn_context for every value s >= 1 of its `let` variable (m=s k=s): a family of batch_matmul
 *   A        [12, s, s] input
 *   B        [12, s, 64] input
 *   out      [12, s, 64] output
 * Tuned values (kernels versus_versus_attn_context_<value> above): 37, 128, 257, 509.
 * Each s up to the largest runs the kernel picked for it at export (timed on the exporting machine, or
 * by a cost model; the manifest's dispatch table says which): s's own tuned kernel, or the program of a
 * tuned value above s compiled with s as a run-time extent (on these tensors, no copies); a program
 * without that form runs on zero-padded copies of the
 * tensors whose shape depends on s (per-thread scratch buffers). An s above 509 runs naive loops (correct, slow).
 * Returns 0, EINVAL (s < 1 or a NULL pointer) or ENOMEM (scratch). */
int versus_versus_attn_context(int64_t s, const float *A, const float *B, float *out);

#ifdef __cplusplus
}
#endif
#endif
