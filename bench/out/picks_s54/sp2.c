/* bench/out/picks_s54/sp2.c (RESULTS AH.2): FFN down at s = 512 through an export (argv[1]: exp2b's libbert_dyn.so): the
 * exact 512 kernel vs the split 448 + 64 rows, back to back (50 ms repeats) and interleaved call by call.
 * gcc -O2 -o sp2 sp2.c -ldl */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <time.h>
typedef int (*f3)(const float*, const float*, float*);
typedef int (*d3)(int64_t, const float*, const float*, float*);
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
static float *A,*B,*C; static f3 e512,e448; static d3 disp;
static void exact(void){e512(A,B,C);}
static void split(void){e448(A,B,C); disp(64,A+448*3072,B,C+448*768);}
static double med(double*x,int n){for(int i=0;i<n;i++)for(int j=i+1;j<n;j++)if(x[j]<x[i]){double t=x[i];x[i]=x[j];x[j]=t;}return x[n/2];}
static double b2b(void(*f)(void)){ f(); double r[5]; for(int k=0;k<5;k++){int n=0;double t0=now();do{f();n++;}while(now()-t0<0.05);r[k]=(now()-t0)/n;} return med(r,5);}
int main(int c,char**v){void*h=dlopen(v[1],RTLD_NOW); if(!h){printf("%s\n",dlerror());return 1;}
 e512=(f3)dlsym(h,"bert_dyn_base_b1_dyn_ffn_down_512"); e448=(f3)dlsym(h,"bert_dyn_base_b1_dyn_ffn_down_448"); disp=(d3)dlsym(h,"bert_dyn_base_b1_dyn_ffn_down");
 if(!e512||!e448){printf("missing\n");return 1;}
 A=aligned_alloc(4096,512*3072*4);B=aligned_alloc(4096,3072*768*4);C=aligned_alloc(4096,512*768*4);
 for(int i=0;i<512*3072;i++)A[i]=(float)rand()/RAND_MAX-.5f; for(int i=0;i<3072*768;i++)B[i]=(float)rand()/RAND_MAX-.5f;
 double fl=2.0*512*768*3072;
 for(int r=0;r<3;r++){
  double te=b2b(exact), ts=b2b(split);
  double ie[10],is[10],ie2[10],is2[10];
  for(int k=0;k<10;k++){double t0=now();exact();double t1=now();exact();double t2=now();split();double t3=now();split();double t4=now();ie[k]=t1-t0;ie2[k]=t2-t1;is[k]=t3-t2;is2[k]=t4-t3;}
  printf("back-to-back: exact512 %.1f GF, split %.1f GF | interleaved 1st/2nd call: exact %.1f/%.1f, split %.1f/%.1f\n",fl/te/1e9,fl/ts/1e9,fl/med(ie,10)/1e9,fl/med(ie2,10)/1e9,fl/med(is,10)/1e9,fl/med(is2,10)/1e9);}
}
