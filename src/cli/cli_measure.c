/* cli_measure.c — `etotune measure FILE`: random valid programs of every operator of a list, each built
 * with LLVM, checked against the reference and timed in a worker process; or, with --emit, the loop IR,
 * LLVM IR or assembly of programs. */
#include <cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_opt.h"
#include "codegen.h"
#include "measure.h"

typedef struct {
  const char *file, *emit, *format, *recipe, *target, *cuda_arch;
  int programs, threads, imperfect, compile_only;
  uint64_t seed;
  double min_repeat_ms;
  eto_cli_limits limits;
} measure_args;

static int parse_args(int argc, char **argv, measure_args *a) {
  memset(a, 0, sizeof *a);
  a->programs = -1;
  a->seed = 1;
  a->format = "text";
  a->min_repeat_ms = 100;
  a->target = "cpu";
  eto_cli_limits_default(&a->limits);
  const eto_cli_def defs[] = {
      {"--imperfect", ETO_CLI_FLAG, &a->imperfect, 0, 0},
      {"--compile-only", ETO_CLI_FLAG, &a->compile_only, 0, 0},
      {"--programs", ETO_CLI_INT, &a->programs, 1, ETO_CLI_MAX_PROGRAMS},
      {"--seed", ETO_CLI_U64, &a->seed, 0, (double)UINT64_MAX},
      {"--threads", ETO_CLI_INT, &a->threads, 1, eto_cli_opt_max_threads()},
      {"--min-repeat-ms", ETO_CLI_DOUBLE, &a->min_repeat_ms, 0.1, ETO_CLI_MAX_MS},
      {"--emit", ETO_CLI_TEXT, &a->emit, 0, 0},
      {"--format", ETO_CLI_TEXT, &a->format, 0, 0},
      {"--recipe", ETO_CLI_TEXT, &a->recipe, 0, 0},
      {"--target", ETO_CLI_TEXT, &a->target, 0, 0},
      {"--cuda-arch", ETO_CLI_TEXT, &a->cuda_arch, 0, 0},
  };
  if (eto_cli_parse("etotune measure", "etotune help measure", argc, argv, defs, (int)(sizeof defs / sizeof defs[0]),
                    eto_cli_limits_extra, &a->limits, &a->file) != 0)
    return -1;
  if (!a->file) {
    fprintf(stderr, "etotune measure: missing FILE (see etotune help measure)\n");
    return -1;
  }
  if (strcmp(a->target, "cpu") && strcmp(a->target, "cuda")) {
    fprintf(stderr, "etotune measure: --target takes cpu or cuda\n");
    return -1;
  }
  int cuda = strcmp(a->target, "cuda") == 0;
  if (a->emit && (cuda ? strcmp(a->emit, "cuda") && strcmp(a->emit, "c")
                       : strcmp(a->emit, "c") && strcmp(a->emit, "llvm") && strcmp(a->emit, "llvm-raw") &&
                             strcmp(a->emit, "asm"))) {
    fprintf(stderr, "etotune measure: --emit takes c, llvm, llvm-raw or asm (cpu), cuda or c (cuda)\n");
    return -1;
  }
  if (a->compile_only && !cuda) {
    fprintf(stderr, "etotune measure: --compile-only applies to --target cuda\n");
    return -1;
  }
  if (strcmp(a->format, "text") && strcmp(a->format, "json")) {
    fprintf(stderr, "etotune measure: --format takes text or json\n");
    return -1;
  }
  if (a->programs < 0) a->programs = a->emit || a->recipe ? 1 : 10;
  return 0;
}

/* The i-th program of an operator: the given recipe, or a random valid one. Returns 0 on success. */
static int next_program(const measure_args *a, const eto_compute *c, const eto_target *t, eto_rng *rng, eto_program *p,
                        char *why, int cap) {
  if (a->recipe) {
    /* a recipe that does not fit the operator (tiles that do not cover its loops, a limit of the target) is
     * an error, never a kernel that computes part of the output */
    if (eto_program_parse(a->recipe, p, why, cap) != 0) return -1;
    char reason[400];
    if (eto_sched_validate(c, t, p, reason, sizeof reason) != 0) {
      snprintf(why, cap, "--recipe does not fit this operator: %s", reason);
      return -1;
    }
    return 0;
  }
  eto_sample_opts so = {.imperfect = a->imperfect};
  if (eto_sched_sample_valid(c, t, &so, rng, 0, p) != 0) {
    snprintf(why, cap, "no valid program found in 1000 samples");
    return -1;
  }
  return 0;
}

/* --emit: C and CUDA kernels are printed one after the other (each printer guards its helpers); LLVM IR and
 * assembly are one module holding every kernel, printed at the end, so that the output builds as one unit.
 * Every kernel gets its own name: eto_op_symbol of its operator, with "_N" for the N-th program when there are
 * several. */
static int emit_programs(const measure_args *a, const eto_oplist *l, const eto_target *t) {
  eto_rng rng;
  eto_rng_seed(&rng, a->seed);
  int module = strcmp(a->emit, "c") && strcmp(a->emit, "cuda");
  /* comments in the syntax of what follows */
  const char *rem = strcmp(a->emit, "asm") == 0 ? "#" : module ? ";" : "//";
  int cap = eto_oplist_count(l) * a->programs, nk = 0, rc = ETO_EXIT_OK;
  eto_kernel **ks = calloc((size_t)cap, sizeof *ks);
  char **names = calloc((size_t)cap, sizeof *names);
  if (!ks || !names) {
    free(ks);
    free(names);
    fprintf(stderr, "etotune measure: out of memory\n");
    return ETO_EXIT_FAIL;
  }
  for (int i = 0; i < eto_oplist_count(l) && rc == ETO_EXIT_OK; i++) {
    const eto_op *op = eto_oplist_get(l, i);
    eto_compute c;
    eto_op_compute(op, &c);
    char key[512], why[512];
    eto_op_key(op, key, sizeof key);
    for (int n = 0; n < a->programs; n++) {
      eto_program p;
      if (next_program(a, &c, t, &rng, &p, why, sizeof why) != 0) {
        fprintf(stderr, "etotune measure: %s: %s\n", key, why);
        rc = ETO_EXIT_FAIL;
        break;
      }
      char recipe[ETO_RECIPE_MAX], name[600];
      eto_program_format(&p, recipe, sizeof recipe);
      int len = eto_op_symbol(op, name, sizeof name);
      if (a->programs > 1) snprintf(name + len, sizeof name - (size_t)len, "_%d", n + 1);
      eto_kernel *k = NULL;
      eto_lower_opts lo = {.lanes = t->warp_size, .gpu = t->kind == ETO_TARGET_CUDA};
      if (eto_lower(&c, &p, &lo, &k, why, sizeof why) != ETO_OK) {
        fprintf(stderr, "etotune measure: %s: %s\n", key, why);
        rc = ETO_EXIT_FAIL;
        break;
      }
      printf("%s operator %d: %s\n%s program: %s\n", rem, i + 1, key, rem, recipe);
      if (module) printf("%s kernel %s: %lld blocks\n", rem, name, (long long)k->blocks);
      if (strcmp(a->emit, "c") == 0) eto_kernel_print_named(k, name, stdout);
      else if (strcmp(a->emit, "cuda") == 0) eto_cuda_print(k, name, stdout, NULL);
      if (!module) {
        eto_kernel_free(k);
        continue;
      }
      ks[nk] = k;
      names[nk] = strdup(name);
      nk++;
      if (!names[nk - 1]) rc = ETO_EXIT_FAIL;
    }
  }
  if (module && rc == ETO_EXIT_OK && nk > 0) {
    eto_emit_kind kind = strcmp(a->emit, "asm") == 0        ? ETO_EMIT_ASM
                         : strcmp(a->emit, "llvm-raw") == 0 ? ETO_EMIT_LLVM_RAW
                                                            : ETO_EMIT_LLVM_OPT;
    char *text = NULL, why[512];
    if (eto_codegen_emit_module((const eto_kernel *const *)ks, (const char *const *)names, nk, kind, &text, why,
                                sizeof why) != ETO_OK) {
      fprintf(stderr, "etotune measure: %s\n", why);
      rc = ETO_EXIT_FAIL;
    } else {
      fputs(text, stdout);
    }
    free(text);
  }
  for (int i = 0; i < nk; i++) {
    eto_kernel_free(ks[i]);
    free(names[i]);
  }
  free(ks);
  free(names);
  return rc;
}

/* The up-front limits of measuring every operator of l on t with options o (cli_limits.c): 0, or -1 after
 * saying which operator is over which limit. */
static int check_limits(const measure_args *a, const eto_oplist *l, const eto_target *t, const eto_measure_opts *o) {
  int n = eto_oplist_count(l);
  eto_op *ops = malloc(sizeof *ops * (size_t)(n > 0 ? n : 1));
  if (!ops) {
    fprintf(stderr, "etotune measure: out of memory\n");
    return -1;
  }
  for (int i = 0; i < n; i++) ops[i] = *eto_oplist_get(l, i);
  /* one operator's measurer at a time: no list total */
  int rc = 0;
  for (int i = 0; i < n && rc == 0; i++)
    rc = eto_cli_check_limits("etotune measure", a->file, &ops[i], 1, eto_measure_workers(t, o), &a->limits, 0);
  free(ops);
  return rc;
}

/* op's compute description (*c), workload key and a measurer for it on t; NULL after a message on stderr when
 * the measurer cannot start. */
static eto_measurer *op_measurer(const eto_op *op, const eto_target *t, const eto_measure_opts *o, eto_compute *c,
                                 char *key, int keycap) {
  eto_op_compute(op, c);
  eto_op_key(op, key, keycap);
  char why[512];
  eto_measurer *m = NULL;
  if (eto_measurer_create(op, t, o, &m, why, sizeof why) != ETO_OK) {
    fprintf(stderr, "etotune measure: %s: %s\n", key, why);
    return NULL;
  }
  return m;
}

static int measure_programs(const measure_args *a, const eto_oplist *l, const eto_target *t) {
  eto_measure_opts o;
  eto_measure_opts_default(&o);
  o.min_repeat_seconds = a->min_repeat_ms / 1000.0;
  o.threads = a->threads;
  o.seed = a->seed;
  if (check_limits(a, l, t, &o) != 0) return ETO_EXIT_FAIL;
  char protocol[512];
  eto_measure_protocol(ETO_TARGET_CPU, &o, protocol, sizeof protocol);
  int json = strcmp(a->format, "json") == 0;
  cJSON *root = json ? cJSON_CreateObject() : NULL, *jops = NULL;
  if (json) {
    cJSON_AddStringToObject(root, "target", t->description);
    cJSON_AddStringToObject(root, "fingerprint", t->fingerprint);
    cJSON_AddStringToObject(root, "protocol", protocol);
    cJSON_AddNumberToObject(root, "seed", (double)a->seed);
    jops = cJSON_AddArrayToObject(root, "operators");
  } else {
    printf("target: %s\nprotocol: %s\nseed: %llu, %d programs per operator\n\n", t->description, protocol,
           (unsigned long long)a->seed, a->programs);
  }
  eto_rng rng;
  eto_rng_seed(&rng, a->seed);
  int failures = 0;
  for (int i = 0; i < eto_oplist_count(l); i++) {
    const eto_op *op = eto_oplist_get(l, i);
    eto_compute c;
    char key[512], why[512];
    eto_measurer *m = op_measurer(op, t, &o, &c, key, sizeof key);
    if (!m) {
      cJSON_Delete(root);
      return ETO_EXIT_FAIL;
    }
    cJSON *jop = NULL, *jprogs = NULL;
    if (json) {
      jop = cJSON_CreateObject();
      cJSON_AddStringToObject(jop, "key", key);
      cJSON_AddNumberToObject(jop, "flops", eto_op_flops(op));
      jprogs = cJSON_AddArrayToObject(jop, "programs");
      cJSON_AddItemToArray(jops, jop);
    } else {
      printf("operator %d: %s (%.1f MFLOP)\n", i + 1, key, eto_op_flops(op) / 1e6);
      printf("  %-3s %-58s %-13s %10s %9s %10s\n", "#", "program", "status", "latency ms", "GFLOP/s", "compile ms");
    }
    double best = 0;
    char best_recipe[ETO_RECIPE_MAX] = "";
    /* in batches that the measurer builds at once (one per core), then times one by one */
    int jobs = eto_measurer_jobs(m);
    int stop = 0;
    for (int n0 = 0; n0 < a->programs && !stop; n0 += jobs) {
      eto_program ps[ETO_MEASURE_MAX_JOBS];
      eto_measure_result rs[ETO_MEASURE_MAX_JOBS];
      int np = 0;
      while (np < jobs && n0 + np < a->programs) {
        if (next_program(a, &c, t, &rng, &ps[np], why, sizeof why) != 0) {
          fprintf(stderr, "etotune measure: %s: %s\n", key, why);
          failures++;
          stop = 1;
          break;
        }
        np++;
      }
      eto_measurer_run_batch(m, ps, np, rs);
      for (int q = 0; q < np; q++) {
        const eto_measure_result *r = &rs[q];
        int n = n0 + q;
        char recipe[ETO_RECIPE_MAX], summary[256];
        eto_program_format(&ps[q], recipe, sizeof recipe);
        eto_program_summary(&c, &ps[q], summary, sizeof summary);
        if (r->error == ETO_MEASURE_OK && r->gflops > best) {
          best = r->gflops;
          snprintf(best_recipe, sizeof best_recipe, "%s", recipe);
        }
        if (r->error != ETO_MEASURE_OK) failures += r->error != ETO_MEASURE_INSTANTIATION;
        if (json) {
          cJSON *jp = cJSON_CreateObject();
          cJSON_AddStringToObject(jp, "recipe", recipe);
          cJSON_AddStringToObject(jp, "status", eto_measure_error_name(r->error));
          if (r->error == ETO_MEASURE_OK) {
            cJSON_AddNumberToObject(jp, "median_s", r->median);
            cJSON_AddNumberToObject(jp, "min_s", r->min);
            cJSON_AddNumberToObject(jp, "max_s", r->max);
            cJSON_AddNumberToObject(jp, "gflops", r->gflops);
          } else {
            cJSON_AddStringToObject(jp, "message", r->message);
          }
          cJSON_AddNumberToObject(jp, "compile_s", r->compile_seconds);
          if (r->retried) { /* timed out under load, measured again alone (this is the second attempt) */
            cJSON_AddBoolToObject(jp, "retried", 1);
            cJSON_AddNumberToObject(jp, "timeout_load", r->timeout_load);
          }
          cJSON_AddItemToArray(jprogs, jp);
        } else if (r->error == ETO_MEASURE_OK) {
          printf("  %-3d %-58.58s %-13s %10.4f %9.2f %10.1f\n", n + 1, summary, "ok", r->median * 1e3, r->gflops,
                 r->compile_seconds * 1e3);
        } else {
          printf("  %-3d %-58.58s %-13s %s\n", n + 1, summary, eto_measure_error_name(r->error), r->message);
        }
      }
      fflush(stdout);
    }
    if (json) {
      cJSON_AddNumberToObject(jop, "best_gflops", best);
      cJSON_AddStringToObject(jop, "best_recipe", best_recipe);
    } else {
      printf("  best: %.2f GFLOP/s  %s\n\n", best, best_recipe);
    }
    eto_measurer_free(m);
  }
  if (json) {
    char *s = cJSON_Print(root);
    puts(s);
    free(s);
    cJSON_Delete(root);
  }
  return failures ? ETO_EXIT_FAIL : ETO_EXIT_OK;
}

/* --target cuda: print CUDA C, compile and check with NVRTC, or measure where a GPU exists. */
static int cuda_command(const measure_args *a, const eto_oplist *l) {
  char msg[1024];
  eto_target dt;
  int have_device = eto_measure_machine_target(ETO_TARGET_CUDA, 0, &dt, msg, sizeof msg) == ETO_OK;
  const char *arch = a->cuda_arch ? a->cuda_arch : have_device ? dt.arch : "sm_80";
  eto_target t;
  if (have_device && !a->cuda_arch) t = dt;
  else if (eto_target_cuda(arch, NULL, 0, &t) != 0) {
    fprintf(stderr, "etotune measure: unknown CUDA architecture %s\n", arch);
    return ETO_EXIT_USAGE;
  }
  if (a->emit) return emit_programs(a, l, &t);
  int n = eto_oplist_count(l);
  if (a->compile_only) {
    if (eto_cuda_nvrtc_version() < 0) {
      fprintf(stderr, "etotune measure: this build has no NVRTC (the CUDA toolkit was not found at build time): "
                      "--emit cuda prints kernels, they cannot be compiled here\n");
      return ETO_EXIT_FAIL;
    }
    eto_op *ops = calloc((size_t)n, sizeof *ops);
    for (int i = 0; i < n; i++) ops[i] = *eto_oplist_get(l, i);
    int failed = 0;
    eto_status st = eto_cuda_compile_only_report(ops, n, a->programs, arch, a->seed, a->recipe, stdout, &failed);
    free(ops);
    return st != ETO_OK ? ETO_EXIT_USAGE : failed ? ETO_EXIT_FAIL : ETO_EXIT_OK;
  }
  if (!have_device) {
    fprintf(stderr, "etotune measure: %s\n(use --emit cuda to print kernels or --compile-only to compile and check them)\n",
            msg);
    return ETO_EXIT_FAIL;
  }
  eto_measure_opts o;
  eto_measure_opts_default(&o);
  o.min_repeat_seconds = a->min_repeat_ms / 1000.0;
  o.seed = a->seed;
  if (check_limits(a, l, &t, &o) != 0) return ETO_EXIT_FAIL;
  char protocol[512];
  eto_measure_protocol(ETO_TARGET_CUDA, &o, protocol, sizeof protocol);
  printf("target: %s\nprotocol: %s\n\n", t.description, protocol);
  eto_rng rng;
  eto_rng_seed(&rng, a->seed);
  int failures = 0;
  for (int i = 0; i < n; i++) {
    const eto_op *op = eto_oplist_get(l, i);
    eto_compute c;
    char key[512], why[512];
    eto_measurer *m = op_measurer(op, &t, &o, &c, key, sizeof key);
    if (!m) return ETO_EXIT_FAIL;
    printf("operator %d: %s\n", i + 1, key);
    for (int k = 0; k < a->programs; k++) {
      eto_program p;
      if (next_program(a, &c, &t, &rng, &p, why, sizeof why) != 0) {
        fprintf(stderr, "etotune measure: %s: %s\n", key, why);
        failures++;
        break;
      }
      char summary[256];
      eto_program_summary(&c, &p, summary, sizeof summary);
      eto_measure_result r;
      eto_measurer_run(m, &p, &r);
      if (r.error == ETO_MEASURE_OK)
        printf("  %-3d %-58.58s ok %10.4f ms %9.2f GFLOP/s\n", k + 1, summary, r.median * 1e3, r.gflops);
      else {
        printf("  %-3d %-58.58s %s %s\n", k + 1, summary, eto_measure_error_name(r.error), r.message);
        failures++;
      }
    }
    eto_measurer_free(m);
  }
  return failures ? ETO_EXIT_FAIL : ETO_EXIT_OK;
}

int eto_cli_measure(int argc, char **argv) {
  measure_args a;
  if (parse_args(argc, argv, &a) != 0) return ETO_EXIT_USAGE;
  int rc = ETO_EXIT_FAIL;
  eto_oplist *l = eto_cli_load_list(a.file, &rc);
  if (!l) return rc;
  eto_target t;
  if (strcmp(a.target, "cuda") == 0) {
    rc = cuda_command(&a, l);
  } else {
    eto_target_cpu(a.threads, &t);
    rc = a.emit ? emit_programs(&a, l, &t) : measure_programs(&a, l, &t);
  }
  eto_oplist_free(l);
  return rc;
}
