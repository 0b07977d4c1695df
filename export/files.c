/* files.c — the text files of an export: the runtime translation unit (runtime.c + one wrapper per operator +
 * the library's thread functions), the public header, the manifest (cpu and cuda), and the helpers the CUDA
 * files (files_cuda.c) share. */
#include <cJSON.h>
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "export_internal.h"

/* What each kind computes, in the header's terms (the layouts of op.h). */
static const char *const kind_formula[ETO_OP_KIND_COUNT] = {
    [ETO_OP_MATMUL] = "out[1,M,N] = A[1,M,K] x B[1,K,N]",
    [ETO_OP_BATCH_MATMUL] = "out[b,M,N] = A[b,M,K] x B[b,K,N] for every batch b",
    [ETO_OP_CONV1D] = "out[N,K,OL] = conv1d(data[N,C,L], weight[K,C,R])",
    [ETO_OP_CONV2D] = "out[N,K,OH,OW] = conv2d(data[N,C,H,W], weight[K,C,R,S])",
    [ETO_OP_CONV3D] = "out[N,K,OD,OH,OW] = conv3d(data[N,C,D,H,W], weight[K,C,T,R,S])",
    [ETO_OP_GROUP_CONV2D] = "out[N,K,OH,OW] = grouped conv2d(data[N,C,H,W], weight[K,C/G,R,S])",
    [ETO_OP_DEPTHWISE_CONV2D] = "out[N,C*MUL,OH,OW] = depthwise conv2d(data[N,C,H,W], weight[C,MUL,R,S]); output "
                                "channel o = c*MUL+m",
    [ETO_OP_CONV2D_TRANSPOSE] = "out[N,K,OH,OW] = transposed conv2d(data[N,C,H,W], weight[C,K,R,S])",
    [ETO_OP_CAPSULE_CONV2D] = "out[N,OH,OW,CAP,CAP,K] = sum_{r,s,cap,c} data[N,oh*st+r-pad,ow*st+s-pad,i,cap,c] * "
                              "weight[r,s,cap,j,c,k]",
    [ETO_OP_NORM] = "out[B] = sqrt(sum over m,n of data[b,m,n]^2)",
};
_Static_assert(sizeof kind_formula / sizeof kind_formula[0] == ETO_OP_KIND_COUNT, "one formula per operator kind");

static void print_shape(FILE *f, const eto_shape *s) {
  fputc('[', f);
  for (int d = 0; d < s->rank; d++) fprintf(f, "%s%lld", d ? "," : "", (long long)s->dim[d]);
  fputc(']', f);
}

eto_status eto_export_close_w(FILE *f, const char *path, char *msg, int cap) {
  int bad = ferror(f);
  if (fclose(f) != 0 || bad) {
    snprintf(msg, cap, "cannot write %s: %s", path, strerror(errno ? errno : EIO));
    return ETO_ERR_IO;
  }
  return ETO_OK;
}

FILE *eto_export_open_w(const char *path, char *msg, int cap) {
  FILE *f = fopen(path, "w");
  if (!f) snprintf(msg, cap, "cannot write %s: %s", path, strerror(errno));
  return f;
}

void eto_export_print_params(FILE *f, const eto_export_item *x) {
  for (int a = 0; a < x->nargs; a++)
    fprintf(f, "%s%sfloat *%s", a ? ", " : "", a < x->nargs - 1 ? "const " : "", x->arg_name[a]);
}

FILE *eto_export_open_header(const eto_export_plan *p, const char *path, char *guard, size_t gcap, char *msg,
                             int cap) {
  size_t g = 0;
  for (const char *q = p->o->name; *q && g + 3 < gcap; q++) guard[g++] = (char)toupper((unsigned char)*q);
  snprintf(guard + g, gcap - g, "_H");
  return eto_export_open_w(path, msg, cap);
}

void eto_export_end_header_comment(FILE *f, const eto_export_plan *p, const char *what, const char *guard) {
  int n = 0;
  for (int i = 0; i < p->n; i++) n += p->items[i].e.source == ETO_EXPORT_FALLBACK;
  if (n)
    fprintf(f,
            " *\n * WARNING: %d %s%s below %s an UNTUNED FALLBACK (no verified program was in the cache): correct by\n"
            " *   construction of the code generator, but never measured or checked against the reference here.\n",
            n, what, n == 1 ? "" : "s", n == 1 ? "is" : "are");
  fprintf(f, " */\n#ifndef %s\n#define %s\n\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n", guard, guard);
}

void eto_export_print_op_doc(FILE *f, const eto_export_item *x) {
  const eto_op *op = x->op;
  char line[512];
  eto_op_format(op, line, sizeof line);
  fprintf(f, "/* %s%s%s\n", x->op->name[0] ? x->op->name : eto_op_kind_name(op->kind), x->op->name[0] ? ": " : "",
          x->e.key);
  if (x->e.source == ETO_EXPORT_FALLBACK)
    fprintf(f, " * UNTUNED FALLBACK: %s.\n", x->fallback_reason);
  fprintf(f, " *   list line: %s\n *   %s", line, kind_formula[op->kind]);
  if (op->bias || op->relu)
    fprintf(f, ", then%s%s", op->bias ? " + bias[channel]" : "", op->relu ? (op->bias ? ", then max(0, .)" : " max(0, .)") : "");
  fprintf(f, "\n");
  int nin = eto_op_num_inputs(op);
  for (int a = 0; a < x->nargs; a++) {
    eto_shape sh;
    if (a < nin) eto_op_input_shape(op, a, &sh);
    else eto_op_output_shape(op, &sh);
    fprintf(f, " *   %-8s ", x->arg_name[a]);
    print_shape(f, &sh);
    fprintf(f, " %s, %lld floats\n", a < nin ? "input" : "output", (long long)eto_shape_size(&sh));
  }
  if (x->e.source == ETO_EXPORT_TUNED)
    fprintf(f, " *   program: %s\n *   measured by etotune: %.4g ms median, %.1f GFLOP/s (%s, %lld trials)\n",
            x->e.recipe, x->e.latency_s * 1e3, x->e.gflops, x->method, (long long)x->trials);
  else
    fprintf(f, " *   program: %s (untuned)\n", x->e.recipe);
}

eto_status eto_export_write_runtime(const eto_export_plan *p, const char *path, char *msg, int cap) {
  FILE *f = eto_export_open_w(path, msg, cap);
  if (!f) return ETO_ERR_IO;
  const char *name = p->o->name;
  fprintf(f, "/* %s_runtime.c: generated by etotune export %s; the runtime (export/runtime.c), then one wrapper per "
             "kernel. */\n",
          name, p->o->version ? p->o->version : "unknown");
  fprintf(f, "#define ETO_RT_STACK_BYTES ((size_t)%zu)\n", p->stack_bytes);
  fputs(eto_export_runtime_source, f);
  fprintf(f, "\n/* ---- the library's functions (declared in %s.h) ---- */\n#include \"%s.h\"\n\n", name, name);
  for (int i = 0; i < p->n; i++) {
    const eto_export_item *x = &p->items[i];
    fprintf(f, "__attribute__((visibility(\"hidden\"))) void %s(float **args, int64_t block_begin, int64_t block_end);\n",
            x->kernel);
    fprintf(f, "int %s(", x->e.function);
    eto_export_print_params(f, x);
    fprintf(f, ") {\n  if (");
    for (int a = 0; a < x->nargs; a++) fprintf(f, "%s!%s", a ? " || " : "", x->arg_name[a]);
    fprintf(f, ") return EINVAL;\n  float *args[%d] = {", x->nargs);
    for (int a = 0; a < x->nargs; a++)
      fprintf(f, "%s%s%s", a ? ", " : "", a < x->nargs - 1 ? "(float *)" : "", x->arg_name[a]);
    fprintf(f, "};\n  return eto_rt_run(%s, args, %lld);\n}\n\n", x->kernel, (long long)x->e.blocks);
    /* the dynamic kernels: the extent s after the arguments (dispatch.c calls them for 1 <= s < value) */
    for (int d = 0; d < 2; d++) {
      if (!(d ? x->dynd : x->dyn)) continue;
      const char *tail = d ? "_dynd" : "_dyn";
      fprintf(f, "__attribute__((visibility(\"hidden\"))) void %s%s(float **args, int64_t block_begin, int64_t block_end);\n",
              x->kernel, tail);
      fprintf(f, "static int %s%s(int64_t s, ", x->e.function, tail);
      eto_export_print_params(f, x);
      fprintf(f, ") {\n  float *args[%d] = {", x->nargs + 1);
      for (int a = 0; a < x->nargs; a++)
        fprintf(f, "%s%s%s", a ? ", " : "", a < x->nargs - 1 ? "(float *)" : "", x->arg_name[a]);
      fprintf(f, ", (float *)(void *)&s};\n  return eto_rt_run(%s%s, args, %lld);\n}\n\n", x->kernel, tail,
              (long long)(d ? x->dynd_blocks : x->dyn_blocks));
    }
  }
  eto_export_write_dispatch(f, p);
  fprintf(f, "int %s_set_threads(int n) { return eto_rt_set_threads(n); }\n", name);
  fprintf(f, "int %s_threads(void) { return eto_rt_threads(); }\n", name);
  fprintf(f, "void %s_shutdown(void) { eto_rt_shutdown(); }\n", name);
  return eto_export_close_w(f, path, msg, cap);
}

eto_status eto_export_write_header(const eto_export_plan *p, const char *path, char *msg, int cap) {
  char guard[80];
  FILE *f = eto_export_open_header(p, path, guard, sizeof guard, msg, cap);
  if (!f) return ETO_ERR_IO;
  const char *name = p->o->name;
  fprintf(f,
          "/* %s.h — %d tuned tensor kernel%s exported by etotune %s (`etotune export`). Generated: do not edit.\n"
          " *\n"
          " * Target: %s\n"
          " *   (fingerprint %s). The code is compiled for this CPU and its instruction set extensions; it may not\n"
          " *   run on another CPU.\n"
          " * Linking: -L<dir> -l%s -pthread (static lib%s.a or shared lib%s.so); nothing else is needed at run\n"
          " *   time (no LLVM, no etotune).\n"
          " * Tensors: dense, row-major float32 arrays of the shapes given below. Inputs are only read; the output\n"
          " *   is written completely and must not overlap an input. Any float alignment works; the latencies in\n"
          " *   the manifest were measured on page-aligned (4096-byte) arrays, those of 64 KiB or more on 2 MiB\n"
          " *   transparent huge pages (madvise(MADV_HUGEPAGE)) where the machine has them. An array that is not\n"
          " *   64-byte aligned can run up to 1.2x slower (vector loads that split cache lines), one on 4 KiB pages\n"
          " *   up to 1.3x (which physical pages it got).\n"
          " * Errors: each function returns 0, or EINVAL (errno.h) when a pointer is NULL; nothing else can fail.\n"
          " * Threads: a call runs the kernel's blocks on a pool of threads started by the first call (the calling\n"
          " *   thread works too); %s_set_threads sets their number. Idle workers spin briefly after a call, then\n"
          " *   sleep. Calls from several threads at once are safe: one of them uses the pool, the others run on\n"
          " *   their own thread. Each thread, the caller's included, needs %zu KiB of stack for block-local tiles.\n",
          name, p->n, p->n == 1 ? "" : "s", p->o->version ? p->o->version : "unknown", p->t->description,
          p->t->fingerprint, name, name, name, name, p->stack_bytes >> 10);
  eto_export_end_header_comment(f, p, "function", guard);
  fprintf(f,
          "/* Sets the number of threads later calls use: 1 runs every block on the calling thread, 0 means one per\n"
          " * online core (the default), at most 256. Stops the current workers (they restart at the next call).\n"
          " * Returns 0, or EINVAL for n < 0 or n > 256. Do not call it while a kernel runs. */\n"
          "int %s_set_threads(int n);\n"
          "/* The number of threads the next call uses (the caller included). */\n"
          "int %s_threads(void);\n"
          "/* Stops and joins the workers; the next call starts them again. Unloading the shared library does it too. */\n"
          "void %s_shutdown(void);\n\n",
          name, name, name);
  for (int i = 0; i < p->n; i++) {
    const eto_export_item *x = &p->items[i];
    eto_export_print_op_doc(f, x);
    fprintf(f, " * Returns 0, or EINVAL when a pointer is NULL. */\nint %s(", x->e.function);
    eto_export_print_params(f, x);
    fprintf(f, ");\n\n");
  }
  eto_export_declare_dispatch(f, p);
  fprintf(f, "#ifdef __cplusplus\n}\n#endif\n#endif\n");
  return eto_export_close_w(f, path, msg, cap);
}

eto_status eto_export_write_manifest(const eto_export_plan *p, const char *path, char *msg, int cap) {
  cJSON *root = cJSON_CreateObject();
  if (!root) return ETO_ERR_NOMEM;
  cJSON_AddNumberToObject(root, "manifest_version", 1);
  cJSON_AddStringToObject(root, "etotune_version", p->o->version ? p->o->version : "unknown");
  cJSON_AddStringToObject(root, "name", p->o->name);
  cJSON_AddNumberToObject(root, "exported_at", (double)time(NULL));
  cJSON *jt = cJSON_AddObjectToObject(root, "target");
  cJSON_AddStringToObject(jt, "kind", p->t->name);
  cJSON_AddStringToObject(jt, "fingerprint", p->t->fingerprint);
  cJSON_AddStringToObject(jt, "description", p->t->description);
  int cuda = p->t->kind == ETO_TARGET_CUDA;
  cJSON_AddStringToObject(jt, cuda ? "arch" : "cpu", p->t->arch);
  cJSON *jf = cJSON_AddObjectToObject(root, "files");
  char b[300];
  if (cuda) {
    snprintf(b, sizeof b, "%s.cu", p->o->name);
    cJSON_AddStringToObject(jf, "cuda_source", b);
    snprintf(b, sizeof b, "%s.ptx", p->o->name);
    if (p->ptx) cJSON_AddStringToObject(jf, "ptx", b);
    else cJSON_AddNullToObject(jf, "ptx");
    snprintf(b, sizeof b, "%s_host.c", p->o->name);
    if (p->ptx) cJSON_AddStringToObject(jf, "host_source", b);
    else cJSON_AddNullToObject(jf, "host_source");
    cJSON *jc = cJSON_AddObjectToObject(root, "cuda");
    if (p->ptx) {
      snprintf(b, sizeof b, "compute_%s", p->t->arch + 3);
      cJSON_AddStringToObject(jc, "ptx_arch", b);
      snprintf(b, sizeof b, "%d.%d", p->nvrtc_version / 1000, p->nvrtc_version % 1000 / 10);
      cJSON_AddStringToObject(jc, "nvrtc", b);
    } else {
      cJSON_AddNullToObject(jc, "nvrtc");
      cJSON_AddStringToObject(jc, "note", "no PTX: this etotune was built without NVRTC; compile the .cu with nvcc "
                                          "and launch the kernels with the grid and block given per operator");
    }
  } else {
    snprintf(b, sizeof b, "lib%s.a", p->o->name);
    cJSON_AddStringToObject(jf, "static", b);
    snprintf(b, sizeof b, "lib%s.so", p->o->name);
    cJSON_AddStringToObject(jf, "shared", b);
  }
  snprintf(b, sizeof b, "%s.h", p->o->name);
  cJSON_AddStringToObject(jf, "header", b);
  cJSON *jops = cJSON_AddArrayToObject(root, "operators");
  for (int i = 0; i < p->n; i++) {
    const eto_export_item *x = &p->items[i];
    cJSON *jo = cJSON_CreateObject();
    cJSON_AddItemToArray(jops, jo);
    cJSON_AddStringToObject(jo, "function", x->e.function);
    cJSON_AddStringToObject(jo, "name", x->op->name);
    cJSON_AddStringToObject(jo, "workload", x->e.key);
    cJSON_AddStringToObject(jo, "recipe", x->e.recipe);
    cJSON_AddStringToObject(jo, "source", x->e.source == ETO_EXPORT_TUNED ? "cache" : "fallback");
    cJSON_AddStringToObject(jo, "fingerprint", p->t->fingerprint);
    cJSON_AddNumberToObject(jo, "blocks", (double)x->e.blocks);
    if (cuda) {
      cJSON_AddStringToObject(jo, "kernel", x->kernel);
      cJSON *jg = cJSON_AddArrayToObject(jo, "grid"), *jb = cJSON_AddArrayToObject(jo, "block");
      for (int d = 0; d < 3; d++) {
        cJSON_AddItemToArray(jg, cJSON_CreateNumber(d == 0 ? (double)x->e.blocks : 1));
        cJSON_AddItemToArray(jb, cJSON_CreateNumber(d == 0 ? (double)x->e.threads : 1));
      }
      cJSON_AddNumberToObject(jo, "shared_bytes", (double)x->smem_bytes);
      if (x->registers > 0) cJSON_AddNumberToObject(jo, "registers", x->registers);
      else cJSON_AddNullToObject(jo, "registers");
    }
    cJSON_AddNumberToObject(jo, "flops", eto_op_flops(x->op));
    cJSON *ja = cJSON_AddArrayToObject(jo, "args"); /* in call order: inputs, then the output */
    for (int a = 0; a < x->nargs; a++) {
      cJSON *jx = cJSON_CreateObject();
      cJSON_AddItemToArray(ja, jx);
      cJSON_AddStringToObject(jx, "name", x->arg_name[a]);
      cJSON_AddStringToObject(jx, "role", a == x->nargs - 1 ? "output" : "input");
      cJSON_AddNumberToObject(jx, "floats", (double)x->arg_size[a]);
    }
    if (x->e.source == ETO_EXPORT_TUNED) {
      cJSON *jl = cJSON_AddObjectToObject(jo, "latency_s");
      cJSON_AddNumberToObject(jl, "median", x->e.latency_s);
      cJSON_AddNumberToObject(jl, "min", x->latency_min_s);
      cJSON_AddNumberToObject(jl, "max", x->latency_max_s);
      cJSON_AddNumberToObject(jo, "gflops", x->e.gflops);
      cJSON_AddStringToObject(jo, "method", x->method);
      if (x->source_workload[0]) cJSON_AddStringToObject(jo, "reused_from", x->source_workload);
      cJSON_AddNumberToObject(jo, "trials", (double)x->trials);
    } else {
      cJSON_AddNullToObject(jo, "latency_s");
      cJSON_AddStringToObject(jo, "fallback_reason", x->fallback_reason);
    }
  }
  eto_export_manifest_dispatch(root, p);
  eto_status st = eto_json_write_file(root, path, msg, cap);
  cJSON_Delete(root);
  return st;
}
