/* cuda.c — the CUDA part of eto_export (export.h gives the data flow): the planned programs lowered for the GPU,
 * printed as one CUDA C source, compiled with NVRTC where this build has it (a CUBIN for the target's
 * architecture, whose resources are checked against its limits, and the PTX that is exported), and the files
 * written (files_cuda.c) into the build directory, then moved into the output directory. No GPU is used. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "export_internal.h"

/* Appends text to the growing buffer *buf (length *len, capacity *cap). Returns 0, or -1 out of memory. */
static int append(char **buf, size_t *len, size_t *cap, const char *text) {
  size_t n = strlen(text);
  if (*len + n + 1 > *cap) {
    size_t c = (*cap ? *cap * 2 : 4096);
    while (c < *len + n + 1) c *= 2;
    char *b = realloc(*buf, c);
    if (!b) return -1;
    *buf = b;
    *cap = c;
  }
  memcpy(*buf + *len, text, n + 1);
  *len += n;
  return 0;
}

/* Lowers item x's program for the GPU and prints it as CUDA C named x->kernel, appended to the source; fills
 * the launch configuration, the arguments and the static shared memory. */
static eto_status lower_item(const eto_export_plan *p, eto_export_item *x, const eto_program *prog, char **src,
                             size_t *len, size_t *cap, char *msg, int cap_msg) {
  eto_compute c;
  eto_op_compute(x->op, &c);
  eto_kernel *k = NULL;
  eto_lower_opts lo = {.gpu = 1};
  char why[512];
  if (eto_lower(&c, prog, &lo, &k, why, sizeof why) != ETO_OK) {
    snprintf(msg, cap_msg, "%s: lowering %s: %s", x->e.key, x->e.recipe, why);
    return ETO_ERR_INVALID;
  }
  x->e.blocks = k->blocks;
  x->e.threads = k->threads;
  x->nargs = k->nargs;
  for (int b = 0; b < k->nbufs; b++) {
    const eto_buffer *bf = &k->buf[b];
    if (bf->scope <= ETO_BUF_OUTPUT) {
      snprintf(x->arg_name[bf->arg], sizeof x->arg_name[bf->arg], "%s", bf->name);
      x->arg_size[bf->arg] = bf->size;
    }
  }
  char *text = NULL;
  eto_cuda_info info;
  eto_status st = eto_cuda_source(k, x->kernel, &text, &info);
  eto_kernel_free(k);
  if (st != ETO_OK) {
    snprintf(msg, cap_msg, "%s: printing %s as CUDA C failed (status %d)", x->e.key, x->e.recipe, (int)st);
    return st;
  }
  x->smem_bytes = info.smem_bytes;
  int bad = append(src, len, cap, text) != 0 || append(src, len, cap, "\n") != 0;
  free(text);
  if (bad) return ETO_ERR_NOMEM;
  if (x->e.blocks < 1 || x->e.blocks > INT32_MAX || x->e.threads < 1 || x->e.threads > p->t->max_threads_per_block) {
    snprintf(msg, cap_msg, "%s: launch configuration %lld x %lld threads is outside the limits of %s", x->e.key,
             (long long)x->e.blocks, (long long)x->e.threads, p->t->arch);
    return ETO_ERR_INVALID;
  }
  return ETO_OK;
}

/* NVRTC: the CUBIN for t's architecture (each kernel's registers and shared memory, checked against its limits,
 * so that no exported kernel fails to launch for its resources) and the PTX that is exported. */
static eto_status compile(eto_export_plan *p, const char *src, char **ptx, char *msg, int cap) {
  eto_cuda_compile_opts co = {.arch = p->t->arch};
  eto_cuda_binary *bin = NULL;
  char why[600];
  eto_status st = eto_cuda_compile(src, &co, &bin, why, sizeof why);
  if (st != ETO_OK) {
    snprintf(msg, cap, "compiling the CUDA C of the export for %s: %s", p->t->arch, why);
    eto_cuda_binary_free(bin);
    return st;
  }
  for (int i = 0; i < p->n && st == ETO_OK; i++) {
    eto_export_item *x = &p->items[i];
    eto_cuda_resources r;
    if (eto_cuda_binary_resources(bin, x->kernel, &r) != 0) {
      snprintf(msg, cap, "%s: the ptxas log has no entry for %s", x->e.key, x->kernel);
      st = ETO_ERR_INVALID;
    } else if (eto_cuda_check_limits(&r, x->e.threads, p->t, why, sizeof why) != 0) {
      snprintf(msg, cap, "%s: program %s is over the limits of %s: %s", x->e.key, x->e.recipe, p->t->arch, why);
      st = ETO_ERR_INVALID;
    } else {
      x->registers = r.registers;
      x->smem_bytes = r.smem_bytes;
    }
  }
  eto_cuda_binary_free(bin);
  if (st != ETO_OK) return st;
  st = eto_cuda_compile_ptx(src, &co, ptx, why, sizeof why);
  if (st != ETO_OK) snprintf(msg, cap, "compiling the CUDA C of the export to PTX for %s: %s", p->t->arch, why);
  return st;
}

/* The files of a cuda export, by the printf pattern of their path ("%s/%s.cu": directory, name). */
static const char *const cuda_files[] = {"%s/%s.cu", "%s/%s.ptx", "%s/%s_host.c", "%s/%s.h"};

eto_status eto_export_cuda(eto_export_plan *p, const eto_program *progs, const char *build, eto_export_result *out,
                           char *msg, int cap) {
  char *src = NULL, *ptx = NULL;
  size_t len = 0, scap = 0;
  eto_status st = ETO_OK;
  for (int i = 0; i < p->n && st == ETO_OK; i++) st = lower_item(p, &p->items[i], &progs[i], &src, &len, &scap, msg, cap);
  p->nvrtc_version = eto_cuda_nvrtc_version();
  if (st == ETO_OK && p->nvrtc_version >= 0) st = compile(p, src, &ptx, msg, cap);
  p->ptx = ptx; /* owned by the plan from here on (eto_export frees it) */
  /* into the build directory first, then moved: the output directory never holds a partial export */
  char path[4][1200];
  for (int f = 0; f < 4; f++) snprintf(path[f], sizeof path[f], cuda_files[f], build, p->o->name);
  if (st == ETO_OK) st = eto_export_write_cuda_source(p, src, path[0], msg, cap);
  if (st == ETO_OK && ptx) {
    FILE *f = eto_export_open_w(path[1], msg, cap);
    if (!f) st = ETO_ERR_IO;
    else {
      fputs(ptx, f);
      st = eto_export_close_w(f, path[1], msg, cap);
    }
  }
  if (st == ETO_OK) st = eto_export_write_cuda_header(p, path[3], msg, cap);
  if (st == ETO_OK && ptx) st = eto_export_write_cuda_host(p, path[2], msg, cap);
  char *dest[4] = {out->cuda_source, out->ptx, out->host_source, out->header};
  for (int f = 0; f < 4 && st == ETO_OK; f++) {
    if (!ptx && (f == 1 || f == 2)) continue;
    snprintf(dest[f], sizeof out->header, cuda_files[f], p->o->out_dir, p->o->name);
    if (rename(path[f], dest[f]) != 0) {
      snprintf(msg, cap, "cannot move %s into %s: %s", path[f], p->o->out_dir, strerror(errno));
      st = ETO_ERR_IO;
    }
  }
  for (int f = 0; f < 4; f++) unlink(path[f]);
  free(src);
  return st;
}
