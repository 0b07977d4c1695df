/* vendor.c — OpenBLAS, oneDNN and FMA-peak references for bench/. */
#define _GNU_SOURCE
#include "vendor.h"

#include "base.h"
#include "bench_util.h"

#include <sched.h>
#include <cblas.h>
#include <immintrin.h>
#include <oneapi/dnnl/dnnl.h>
#include <omp.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


/* one call of a library routine for bench_time_median3 (warm-up, 3 repeats of >= min_seconds, median) */
typedef struct {
  int64_t m, n, k;
  const float *a, *b;
  float *c;
} sgemm_call;

static void run_sgemm(void *ctx) {
  const sgemm_call *g = ctx;
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)g->m, (int)g->n, (int)g->k, 1.0f, g->a, (int)g->k, g->b,
              (int)g->n, 0.0f, g->c, (int)g->n);
}

typedef struct { /* oneDNN primitives run one after the other on a stream, then waited for */
  dnnl_stream_t st;
  int n;
  dnnl_primitive_t prim[3];
  int nargs[3];
  const dnnl_exec_arg_t *args[3];
} dnnl_calls;

static void run_dnnl(void *ctx) {
  const dnnl_calls *d = ctx;
  for (int i = 0; i < d->n; i++) dnnl_primitive_execute(d->prim[i], d->st, d->nargs[i], d->args[i]);
  dnnl_stream_wait(d->st);
}

/* A oneDNN memory on a buffer of ours (bench_buffer_alloc, as our kernels' and OpenBLAS's: the same kind of pages),
 * into *buf to free (bench_buffer_free) after the memory is destroyed. */
static dnnl_status_t onednn_memory(dnnl_memory_t *m, const dnnl_memory_desc_t *md, dnnl_engine_t eng, void **buf) {
  *buf = bench_buffer_alloc(dnnl_memory_desc_get_size(md));
  if (!*buf) return dnnl_out_of_memory;
  return dnnl_memory_create(m, md, eng, *buf);
}

static float *rand_buf(int64_t n) {
  float *p = bench_buffer_alloc(sizeof(float) * (size_t)n); /* as our kernels' buffers */
  for (int64_t i = 0; i < n; i++) p[i] = (float)rand() / (float)RAND_MAX - 0.5f;
  return p;
}

double bench_openblas_sgemm(int64_t m, int64_t n, int64_t k, int threads, double min_seconds) {
  openblas_set_num_threads(threads);
  float *a = rand_buf(m * k), *b = rand_buf(k * n), *c = rand_buf(m * n);
  sgemm_call g = {m, n, k, a, b, c};
  double t = bench_time_median3(run_sgemm, &g, min_seconds);
  bench_buffer_free(a);
  bench_buffer_free(b);
  bench_buffer_free(c);
  return t;
}

#define DNNL(call)                      \
  do {                                  \
    if ((call) != dnnl_success) goto fail; \
  } while (0)

double bench_onednn_conv2d(int64_t n, int64_t c, int64_t h, int64_t w, int64_t k, int64_t r, int64_t s, int64_t stride,
                           int64_t pad, int threads, double min_seconds, double *with_reorders) {
  omp_set_num_threads(threads);
  int64_t oh = (h + 2 * pad - r) / stride + 1, ow = (w + 2 * pad - s) / stride + 1;
  dnnl_engine_t eng = NULL;
  dnnl_stream_t st = NULL;
  void *buf[6] = {0};
  double result = -1;
  *with_reorders = -1;
  DNNL(dnnl_engine_create(&eng, dnnl_cpu, 0));
  DNNL(dnnl_stream_create(&st, eng, dnnl_stream_default_flags));
  dnnl_dims_t src_d = {n, c, h, w}, wei_d = {k, c, r, s}, dst_d = {n, k, oh, ow};
  dnnl_dims_t strides = {stride, stride}, padding = {pad, pad};
  dnnl_memory_desc_t src_any, wei_any, dst_any, src_user, wei_user, dst_user;
  DNNL(dnnl_memory_desc_init_by_tag(&src_any, 4, src_d, dnnl_f32, dnnl_format_tag_any));
  DNNL(dnnl_memory_desc_init_by_tag(&wei_any, 4, wei_d, dnnl_f32, dnnl_format_tag_any));
  DNNL(dnnl_memory_desc_init_by_tag(&dst_any, 4, dst_d, dnnl_f32, dnnl_format_tag_any));
  DNNL(dnnl_memory_desc_init_by_tag(&src_user, 4, src_d, dnnl_f32, dnnl_nchw));
  DNNL(dnnl_memory_desc_init_by_tag(&wei_user, 4, wei_d, dnnl_f32, dnnl_oihw));
  DNNL(dnnl_memory_desc_init_by_tag(&dst_user, 4, dst_d, dnnl_f32, dnnl_nchw));
  dnnl_convolution_desc_t cd;
  DNNL(dnnl_convolution_forward_desc_init(&cd, dnnl_forward_inference, dnnl_convolution_direct, &src_any, &wei_any, NULL,
                                          &dst_any, strides, padding, padding));
  dnnl_primitive_desc_t pd;
  DNNL(dnnl_primitive_desc_create(&pd, &cd, NULL, eng, NULL));
  const dnnl_memory_desc_t *src_md = dnnl_primitive_desc_query_md(pd, dnnl_query_src_md, 0);
  const dnnl_memory_desc_t *wei_md = dnnl_primitive_desc_query_md(pd, dnnl_query_weights_md, 0);
  const dnnl_memory_desc_t *dst_md = dnnl_primitive_desc_query_md(pd, dnnl_query_dst_md, 0);
  dnnl_memory_t m_src_u, m_wei_u, m_dst_u, m_src, m_wei, m_dst;
  DNNL(onednn_memory(&m_src_u, &src_user, eng, &buf[0]));
  DNNL(onednn_memory(&m_wei_u, &wei_user, eng, &buf[1]));
  DNNL(onednn_memory(&m_dst_u, &dst_user, eng, &buf[2]));
  DNNL(onednn_memory(&m_src, src_md, eng, &buf[3]));
  DNNL(onednn_memory(&m_wei, wei_md, eng, &buf[4]));
  DNNL(onednn_memory(&m_dst, dst_md, eng, &buf[5]));
  void *p;
  dnnl_memory_get_data_handle(m_src_u, &p);
  for (int64_t i = 0; i < n * c * h * w; i++) ((float *)p)[i] = (float)rand() / (float)RAND_MAX - 0.5f;
  dnnl_memory_get_data_handle(m_wei_u, &p);
  for (int64_t i = 0; i < k * c * r * s; i++) ((float *)p)[i] = (float)rand() / (float)RAND_MAX - 0.5f;
  dnnl_primitive_desc_t rpd_src, rpd_wei, rpd_dst;
  dnnl_primitive_t conv, r_src, r_wei, r_dst;
  DNNL(dnnl_reorder_primitive_desc_create(&rpd_src, &src_user, eng, src_md, eng, NULL));
  DNNL(dnnl_reorder_primitive_desc_create(&rpd_wei, &wei_user, eng, wei_md, eng, NULL));
  DNNL(dnnl_reorder_primitive_desc_create(&rpd_dst, dst_md, eng, &dst_user, eng, NULL));
  DNNL(dnnl_primitive_create(&conv, pd));
  DNNL(dnnl_primitive_create(&r_src, rpd_src));
  DNNL(dnnl_primitive_create(&r_wei, rpd_wei));
  DNNL(dnnl_primitive_create(&r_dst, rpd_dst));
  dnnl_exec_arg_t a_wei[] = {{DNNL_ARG_FROM, m_wei_u}, {DNNL_ARG_TO, m_wei}};
  DNNL(dnnl_primitive_execute(r_wei, st, 2, a_wei)); /* weights packed once */
  dnnl_exec_arg_t a_src[] = {{DNNL_ARG_FROM, m_src_u}, {DNNL_ARG_TO, m_src}};
  dnnl_exec_arg_t a_dst[] = {{DNNL_ARG_FROM, m_dst}, {DNNL_ARG_TO, m_dst_u}};
  dnnl_exec_arg_t a_conv[] = {{DNNL_ARG_SRC, m_src}, {DNNL_ARG_WEIGHTS, m_wei}, {DNNL_ARG_DST, m_dst}};
  dnnl_calls only = {st, 1, {conv}, {3}, {a_conv}};
  dnnl_calls all = {st, 3, {r_src, conv, r_dst}, {2, 3, 2}, {a_src, a_conv, a_dst}};
  result = bench_time_median3(run_dnnl, &only, min_seconds);
  *with_reorders = bench_time_median3(run_dnnl, &all, min_seconds);
  dnnl_primitive_destroy(conv);
  dnnl_primitive_destroy(r_src);
  dnnl_primitive_destroy(r_wei);
  dnnl_primitive_destroy(r_dst);
  dnnl_primitive_desc_destroy(pd);
  dnnl_primitive_desc_destroy(rpd_src);
  dnnl_primitive_desc_destroy(rpd_wei);
  dnnl_primitive_desc_destroy(rpd_dst);
  dnnl_memory_destroy(m_src_u);
  dnnl_memory_destroy(m_wei_u);
  dnnl_memory_destroy(m_dst_u);
  dnnl_memory_destroy(m_src);
  dnnl_memory_destroy(m_wei);
  dnnl_memory_destroy(m_dst);
fail:
  for (int i = 0; i < 6; i++) bench_buffer_free(buf[i]);
  if (st) dnnl_stream_destroy(st);
  if (eng) dnnl_engine_destroy(eng);
  return result;
}

double bench_onednn_matmul(int64_t b, int64_t m, int64_t n, int64_t k, int threads, double min_seconds) {
  omp_set_num_threads(threads);
  dnnl_engine_t eng = NULL;
  dnnl_stream_t st = NULL;
  void *buf[3] = {0};
  double result = -1;
  DNNL(dnnl_engine_create(&eng, dnnl_cpu, 0));
  DNNL(dnnl_stream_create(&st, eng, dnnl_stream_default_flags));
  dnnl_dims_t a_d = {b, m, k}, w_d = {b, k, n}, c_d = {b, m, n};
  dnnl_memory_desc_t a_md, w_md, c_md;
  DNNL(dnnl_memory_desc_init_by_tag(&a_md, 3, a_d, dnnl_f32, dnnl_abc));
  DNNL(dnnl_memory_desc_init_by_tag(&w_md, 3, w_d, dnnl_f32, dnnl_abc));
  DNNL(dnnl_memory_desc_init_by_tag(&c_md, 3, c_d, dnnl_f32, dnnl_abc));
  dnnl_matmul_desc_t md;
  DNNL(dnnl_matmul_desc_init(&md, &a_md, &w_md, NULL, &c_md));
  dnnl_primitive_desc_t pd;
  DNNL(dnnl_primitive_desc_create(&pd, &md, NULL, eng, NULL));
  dnnl_memory_t ma, mw, mc;
  DNNL(onednn_memory(&ma, &a_md, eng, &buf[0]));
  DNNL(onednn_memory(&mw, &w_md, eng, &buf[1]));
  DNNL(onednn_memory(&mc, &c_md, eng, &buf[2]));
  void *p;
  dnnl_memory_get_data_handle(ma, &p);
  for (int64_t i = 0; i < b * m * k; i++) ((float *)p)[i] = (float)rand() / (float)RAND_MAX - 0.5f;
  dnnl_memory_get_data_handle(mw, &p);
  for (int64_t i = 0; i < b * k * n; i++) ((float *)p)[i] = (float)rand() / (float)RAND_MAX - 0.5f;
  dnnl_primitive_t mm;
  DNNL(dnnl_primitive_create(&mm, pd));
  dnnl_exec_arg_t args[] = {{DNNL_ARG_SRC, ma}, {DNNL_ARG_WEIGHTS, mw}, {DNNL_ARG_DST, mc}};
  dnnl_calls call = {st, 1, {mm}, {3}, {args}};
  result = bench_time_median3(run_dnnl, &call, min_seconds);
  dnnl_primitive_destroy(mm);
  dnnl_primitive_desc_destroy(pd);
  dnnl_memory_destroy(ma);
  dnnl_memory_destroy(mw);
  dnnl_memory_destroy(mc);
fail:
  for (int i = 0; i < 3; i++) bench_buffer_free(buf[i]);
  if (st) dnnl_stream_destroy(st);
  if (eng) dnnl_engine_destroy(eng);
  return result;
}

/* 10 independent FMA chains hide the FMA latency; each thread runs the same loop. */
#ifdef __AVX512F__
typedef __m512 vfloat;
#define VSET _mm512_set1_ps
#define VFMA _mm512_fmadd_ps
#define VFIRST _mm512_cvtss_f32
#define VLANES 16
#else
typedef __m256 vfloat;
#define VSET _mm256_set1_ps
#define VFMA _mm256_fmadd_ps
#define VFIRST _mm256_cvtss_f32
#define VLANES 8
#endif

static void *fma_loop(void *arg) {
  double *gflops = arg;
  /* ten named accumulators: an array may be kept in memory, which would measure store forwarding */
  vfloat a0 = VSET(0), a1 = VSET(1), a2 = VSET(2), a3 = VSET(3), a4 = VSET(4), a5 = VSET(5), a6 = VSET(6), a7 = VSET(7),
         a8 = VSET(8), a9 = VSET(9);
  vfloat x = VSET(1.0000001f), y = VSET(0.9999999f);
  const int64_t iters = 50 * 1000 * 1000;
  double t0 = eto_now();
  for (int64_t it = 0; it < iters; it++) {
    a0 = VFMA(a0, x, y), a1 = VFMA(a1, x, y), a2 = VFMA(a2, x, y), a3 = VFMA(a3, x, y), a4 = VFMA(a4, x, y);
    a5 = VFMA(a5, x, y), a6 = VFMA(a6, x, y), a7 = VFMA(a7, x, y), a8 = VFMA(a8, x, y), a9 = VFMA(a9, x, y);
  }
  double t = eto_now() - t0;
  float sink = VFIRST(a0) + VFIRST(a1) + VFIRST(a2) + VFIRST(a3) + VFIRST(a4) + VFIRST(a5) + VFIRST(a6) + VFIRST(a7) +
               VFIRST(a8) + VFIRST(a9);
  *gflops = (double)iters * 10 * VLANES * 2 / t * 1e-9 + (sink == 12345.f);
  return NULL;
}

double bench_fma_peak(int threads) {
  pthread_t th[64];
  double best = 0;
  if (threads > 64) threads = 64;
  for (int round = 0; round < 3; round++) { /* a peak: keep the best of three, other processes only lower it */
    double g[64] = {0}, total = 0;
    for (int i = 0; i < threads; i++) pthread_create(&th[i], NULL, fma_loop, &g[i]);
    for (int i = 0; i < threads; i++) {
      pthread_join(th[i], NULL);
      total += g[i];
    }
    if (total > best) best = total;
  }
  return best;
}
