/* host_s91/fma_trace.c (#19, session 75): two threads pinned to cores 0 and 1, each 3000 chunks of 200000 x 12
 * independent 8-lane FMAs (about 17 ms), GFLOP/s per chunk per thread. gcc -O3 -mavx2 -mfma fma_trace.c -lpthread;
 * ./a.out > tr.txt; medians of 150-chunk windows in fma_trace.md. */
#define _GNU_SOURCE
#include <immintrin.h>
#include <stdio.h>
#include <pthread.h>
#include <sched.h>
#include <time.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
#define N 3000
static double res[2][N];
static void *run(void *p){ long id=(long)p; cpu_set_t s;CPU_ZERO(&s);CPU_SET(id,&s);pthread_setaffinity_np(pthread_self(),sizeof s,&s);
 __m256 a0=_mm256_set1_ps(0),a1=a0,a2=a0,a3=a0,a4=a0,a5=a0,a6=a0,a7=a0,a8=a0,a9=a0,a10=a0,a11=a0; __m256 b=_mm256_set1_ps(1.0000001f), c=_mm256_set1_ps(1e-7f);
 for(int r=0;r<N;r++){ long n=200000; double t=now();
 for(long k=0;k<n;k++){
#define F(x) x=_mm256_fmadd_ps(x,b,c);
 F(a0)F(a1)F(a2)F(a3)F(a4)F(a5)F(a6)F(a7)F(a8)F(a9)F(a10)F(a11)}
 t=now()-t; res[id][r]=n*12*16.0/t/1e9; }
 float v[8];__m256 s2=_mm256_add_ps(a0,_mm256_add_ps(a1,_mm256_add_ps(a2,_mm256_add_ps(a3,_mm256_add_ps(a4,_mm256_add_ps(a5,_mm256_add_ps(a6,_mm256_add_ps(a7,_mm256_add_ps(a8,_mm256_add_ps(a9,_mm256_add_ps(a10,a11)))))))))));_mm256_storeu_ps(v,s2);if(v[0]==12345)puts("x");
 return 0;}
int main(){pthread_t th[2];double t0=now();for(long i=0;i<2;i++)pthread_create(&th[i],0,run,(void*)i);for(int i=0;i<2;i++)pthread_join(th[i],0);
 fprintf(stderr,"%.1f s\n",now()-t0);for(int r=0;r<N;r++)printf("%d %.1f %.1f\n",r,res[0][r],res[1][r]);}
