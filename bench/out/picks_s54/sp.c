/* bench/out/picks_s54/sp.c (RESULTS AH.2): FFN down at s = 448 through an export (argv[1]: libbert_dyn.so of
 * bench/out/dynamic_s50/exp2): the exact 448 kernel vs the split 384 + 64 rows vs the parts alone, 50 ms repeats, median
 * of 5. gcc -O2 -o sp sp.c -ldl */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <time.h>
typedef int (*f3)(const float*, const float*, float*);
typedef int (*d3)(int64_t, const float*, const float*, float*);
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
static float *A,*B,*C; static f3 e448,e384; static d3 disp;
static void exact(void){e448(A,B,C);}
static void split(void){e384(A,B,C); disp(64,A+384*3072,B,C+384*768);}
static void only384(void){e384(A,B,C);}
static void only64(void){disp(64,A,B,C);}
static void disp448(void){disp(448,A,B,C);}
static double timeit(void(*f)(void)){ f(); double best[5]; for(int r=0;r<5;r++){int n=0;double t0=now();do{f();n++;}while(now()-t0<0.05);best[r]=(now()-t0)/n;} 
  for(int i=0;i<5;i++)for(int j=i+1;j<5;j++)if(best[j]<best[i]){double t=best[i];best[i]=best[j];best[j]=t;} return best[2];}
int main(int c,char**v){void*h=dlopen(v[1],RTLD_NOW); if(!h){printf("%s\n",dlerror());return 1;}
 e448=(f3)dlsym(h,"bert_dyn_base_b1_dyn_ffn_down_448"); e384=(f3)dlsym(h,"bert_dyn_base_b1_dyn_ffn_down_384"); disp=(d3)dlsym(h,"bert_dyn_base_b1_dyn_ffn_down");
 A=aligned_alloc(4096,512*3072*4);B=aligned_alloc(4096,3072*768*4);C=aligned_alloc(4096,512*768*4);
 for(int i=0;i<512*3072;i++)A[i]=(float)rand()/RAND_MAX-.5f; for(int i=0;i<3072*768;i++)B[i]=(float)rand()/RAND_MAX-.5f;
 double fl=2.0*448*768*3072;
 for(int r=0;r<3;r++){double te=timeit(exact),ts=timeit(split),t3=timeit(only384),t6=timeit(only64),td=timeit(disp448);
 printf("exact448 %.3f ms %.1f GF | split %.3f ms %.1f GF | 384 %.3f + 64 %.3f = %.3f | dispatch(448) %.3f\n",te*1e3,fl/te/1e9,ts*1e3,fl/ts/1e9,t3*1e3,t6*1e3,(t3+t6)*1e3,td*1e3);}
}
