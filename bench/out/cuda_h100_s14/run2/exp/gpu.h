/* gpu.h — 6 tensor kernels for CUDA exported by etotune 0.1.0 (`etotune export --target cuda`).
 * Generated: do not edit.
 *
 * Target: cuda: NVIDIA H100 80GB HBM3 (sm_90), 132 SMs, driver 13.0, codegen v3
 *   (fingerprint 3d6718e36a7bcfe2).
 * Code: PTX for compute_90 made by NVRTC 13.0, embedded in gpu_host.c (and in gpu.ptx); the CUDA
 *   driver compiles it at the first call for the GPU present: sm_90 or a later architecture. gpu.cu
 *   holds the kernels' CUDA C.
 * Building: compile gpu_host.c with -I<CUDA include dir> (for cuda.h) and link with -ldl -pthread.
 *   The driver (libcuda.so.1) is opened at run time: the program starts where no driver is installed,
 *   and the calls fail there with ENODEV. Nothing of etotune is needed.
 * Pointers: every pointer is DEVICE memory (cudaMalloc, cuMemAlloc) valid in the context below, holding
 *   a dense row-major float32 tensor of the shape given, 16-byte aligned (allocations are). Inputs are
 *   only read; the output is written completely and must not overlap an input.
 * Launch: a call launches one kernel on the default stream (stream 0) with the grid and block given
 *   below, no dynamic shared memory, and returns without waiting: synchronize (cudaDeviceSynchronize,
 *   cuCtxSynchronize, a copy on the default stream) before reading the output; a fault while the
 *   kernel runs is reported there, not by the call.
 * Context: the first call (or gpu_init) loads the kernels into the context current on the calling
 *   thread, or when none is, into device 0's primary context (the one the CUDA runtime uses), which
 *   it makes current. Later calls need that context current on their thread, or none (then it is
 *   made current). Calls from several threads are safe.
 * Errors: each function returns 0 or an errno.h value, and gpu_last_error() says why:
 *   EINVAL  a pointer is NULL, or another CUDA context is current on the calling thread
 *   ENODEV  no CUDA device: no CUDA driver (libcuda.so.1 cannot be loaded), or the driver finds none
 *   EIO     a driver call failed (loading the PTX, e.g. a driver older than the PTX; the launch)
 *   ENOMEM  no host memory to load the PTX
 */
#ifndef GPU_H
#define GPU_H

#ifdef __cplusplus
extern "C" {
#endif

/* Opens the driver and loads the kernels now (else the first call does). Returns 0, ENODEV, EIO or
 * ENOMEM. */
int gpu_init(void);
/* Unloads the kernels and releases the primary context if gpu_init retained it; the next call loads
 * them again. Do not call it while another thread calls a kernel function. */
void gpu_shutdown(void);
/* The message of the last failed call on this thread ("" when none failed). */
const char *gpu_last_error(void);

/* gemm: matmul:m=1024,n=1024,k=1024;dtype=float32
 *   list line: matmul m=1024 n=1024 k=1024 freq=1 name=gemm
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,1024,1024] input, 1048576 floats
 *   B        [1,1024,1024] input, 1048576 floats
 *   out      [1,1024,1024] output, 1048576 floats
 *   program: v1 mlt s=1.1.1.1.1/32.4.4.1.2/32.1.8.4.1 r=64.1.16 u=1024 v=2.2
 *   measured by etotune: 0.08261 ms median, 25996.9 GFLOP/s (full, 200 trials)
 *   kernel gpu_kernel_gemm: grid (1024, 1, 1), block (32, 1, 1), 4096 B static shared memory, 126 registers per thread
 * Returns 0, EINVAL, ENODEV, EIO or ENOMEM (above); gpu_last_error() says why. */
int gpu_gemm(const float *A, const float *B, float *out);

/* conv: conv2d:n=1,k=128,c=128,h=28,w=28,r=3,s=3;stride=1,1;pad=1,1;dilation=1,1;dtype=float32
 *   list line: conv2d n=1 c=128 h=28 w=28 k=128 r=3 s=3 stride=1 pad=1 dilation=1 freq=1 name=conv
 *   out[N,K,OH,OW] = conv2d(data[N,C,H,W], weight[K,C,R,S])
 *   data     [1,128,28,28] input, 100352 floats
 *   weight   [128,128,3,3] input, 147456 floats
 *   out      [1,128,28,28] output, 100352 floats
 *   program: v1 mlt s=1.1.1.1.1/8.1.8.2.1/2.1.14.1.1/7.1.4.1.1 r=4.32.1/3.1.1/3.1.1 u=1024 v=4.1
 *   measured by etotune: 0.04624 ms median, 4999.9 GFLOP/s (full, 192 trials)
 *   kernel gpu_kernel_conv: grid (112, 1, 1), block (448, 1, 1), 9216 B static shared memory, 54 registers per thread
 * Returns 0, EINVAL, ENODEV, EIO or ENOMEM (above); gpu_last_error() says why. */
int gpu_conv(const float *data, const float *weight, float *out);

/* dwconv: depthwise_conv2d:n=1,c=144,h=56,w=56,r=3,s=3,multiplier=1;stride=1,1;pad=1,1;dilation=1,1;dtype=float32
 *   list line: depthwise_conv2d n=1 c=144 h=56 w=56 r=3 s=3 multiplier=1 stride=1 pad=1 dilation=1 freq=1 name=dwconv
 *   out[N,C*MUL,OH,OW] = depthwise conv2d(data[N,C,H,W], weight[C,MUL,R,S]); output channel o = c*MUL+m
 *   data     [1,144,56,56] input, 451584 floats
 *   weight   [144,1,3,3] input, 1296 floats
 *   out      [1,144,56,56] output, 451584 floats
 *   program: v1 mlt s=1.1.1.1.1/48.1.3.1.1/2.1.14.1.2/7.1.4.2.1 r=1.3.1/1.1.3 u=1024 v=2.1
 *   measured by etotune: 0.00544 ms median, 1494.3 GFLOP/s (full, 64 trials)
 *   kernel gpu_kernel_dwconv: grid (672, 1, 1), block (168, 1, 1), 3708 B static shared memory, 32 registers per thread
 * Returns 0, EINVAL, ENODEV, EIO or ENOMEM (above); gpu_last_error() says why. */
int gpu_dwconv(const float *data, const float *weight, float *out);

/* norm: norm:b=1,m=256,n=256;dtype=float32
 *   list line: norm b=1 m=256 n=256 freq=1 name=norm
 *   out[B] = sqrt(sum over m,n of data[b,m,n]^2)
 *   data     [1,256,256] input, 65536 floats
 *   out      [1] output, 1 floats
 *   program: v1 ctr s=1.1.1.1.1 r=1.64.4/1.2.128 u=512 v=1.1
 *   measured by etotune: 0.004959 ms median, 26.4 GFLOP/s (full, 64 trials)
 *   kernel gpu_kernel_norm: grid (1, 1, 1), block (512, 1, 1), 2048 B static shared memory, 32 registers per thread
 * Returns 0, EINVAL, ENODEV, EIO or ENOMEM (above); gpu_last_error() says why. */
int gpu_norm(const float *data, float *out);

/* dense: matmul:m=128,n=768,k=768;dtype=float32
 *   list line: matmul m=128 n=768 k=768 freq=1 name=dense
 *   out[1,M,N] = A[1,M,K] x B[1,K,N]
 *   A        [1,128,768] input, 98304 floats
 *   B        [1,768,768] input, 589824 floats
 *   out      [1,128,768] output, 98304 floats
 *   program: v1 mlt s=1.1.1.1.1/8.2.4.1.2/16.1.48.1.1 r=24.1.32 u=1024 v=4.2
 *   measured by etotune: 0.01905 ms median, 7924.4 GFLOP/s (full, 128 trials)
 *   kernel gpu_kernel_dense: grid (128, 1, 1), block (192, 1, 1), 8192 B static shared memory, 40 registers per thread
 * Returns 0, EINVAL, ENODEV, EIO or ENOMEM (above); gpu_last_error() says why. */
int gpu_dense(const float *A, const float *B, float *out);

/* attn: batch_matmul:b=12,m=128,n=128,k=64;dtype=float32
 *   list line: batch_matmul b=12 m=128 n=128 k=64 freq=1 name=attn
 *   out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b
 *   A        [12,128,64] input, 98304 floats
 *   B        [12,64,128] input, 98304 floats
 *   out      [12,128,128] output, 196608 floats
 *   program: v1 mlt s=6.1.2.1.1/16.1.4.2.1/4.1.16.2.1 r=4.1.16 u=512 v=4.2
 *   measured by etotune: 0.00444 ms median, 5667.7 GFLOP/s (full, 64 trials)
 *   kernel gpu_kernel_attn: grid (384, 1, 1), block (128, 1, 1), 5120 B static shared memory, 39 registers per thread
 * Returns 0, EINVAL, ENODEV, EIO or ENOMEM (above); gpu_last_error() says why. */
int gpu_attn(const float *A, const float *B, float *out);

#ifdef __cplusplus
}
#endif
#endif
