/* measure_cuda.c — the cuda implementation of the measurer interface: device probing, the device's target
 * descriptor, and a parent side that supervises a forked worker; the worker loads the driver, uploads the
 * inputs once, and builds (codegen: CUDA C + NVRTC), checks and times candidates with events (same protocol
 * and error kinds as the cpu implementation). */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "codegen.h"
#include "cuda_driver.h"
#include "measure_internal.h"

/* Seconds a worker or probe may take to load the driver and report the device (cuInit can be slow). */
#define STARTUP_TIMEOUT 60.0
/* Scratch buffer overwritten before each run when caches are flushed (larger than any GPU's L2). */
#define FLUSH_BYTES ((size_t)256 << 20)


/* ---- the device's target ---- */

static int arch_number(const char *arch) { return strncmp(arch, "sm_", 3) == 0 ? atoi(arch + 3) : 0; }

void eto_cuda_device_target(const eto_cuda_device_info *d, eto_target *out) {
  if (eto_target_cuda(d->arch, d->name, d->sm_count, out) != 0) {
    /* a newer (or older) architecture than the table knows: the closest known one's limits */
    static const char *const known[] = {"sm_70", "sm_75", "sm_80", "sm_86", "sm_89", "sm_90"};
    const char *pick = known[0];
    int cc = arch_number(d->arch);
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
      if (arch_number(known[i]) <= cc) pick = known[i];
    eto_target_cuda(pick, d->name, d->sm_count, out);
    snprintf(out->arch, sizeof out->arch, "%s", d->arch);
  }
  if (d->max_threads_per_block > 0) out->max_threads_per_block = d->max_threads_per_block;
  if (d->smem_per_block > 0) out->max_shared_bytes = d->smem_per_block;
  if (d->warp_size > 0) out->warp_size = d->warp_size;
  char buf[256];
  snprintf(buf, sizeof buf, "|sm=%d|driver=%d|threads=%d|smem=%lld|codegen=%d", d->sm_count,
           d->driver_version, out->max_threads_per_block, (long long)out->max_shared_bytes,
           ETO_CODEGEN_VERSION);
  uint64_t h = ETO_HASH_SEED;
  h = eto_hash_str(h, "cuda-device|");
  h = eto_hash_str(h, d->name);
  h = eto_hash_str(h, "|");
  h = eto_hash_str(h, d->arch);
  h = eto_hash_str(h, buf);
  snprintf(out->fingerprint, sizeof out->fingerprint, "%016llx", (unsigned long long)h);
  snprintf(out->description, sizeof out->description, "cuda: %s (%s), %d SMs, driver %d.%d, codegen v%d",
           d->name, d->arch, out->cores, d->driver_version / 1000, d->driver_version % 1000 / 10,
           ETO_CODEGEN_VERSION);
}

/* ---- probing in a child process ---- */

typedef struct {
  int status;
  char msg[512];
  eto_cuda_device_info info;
} hello;

eto_status eto_cuda_probe(int ordinal, eto_cuda_device_info *out, char *msg, int cap) {
  memset(out, 0, sizeof *out);
  int fd[2];
  if (pipe(fd) != 0) {
    snprintf(msg, cap, "pipe: %s", strerror(errno));
    return ETO_ERR_IO;
  }
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) {
    close(fd[0]);
    close(fd[1]);
    snprintf(msg, cap, "fork: %s", strerror(errno));
    return ETO_ERR_IO;
  }
  if (pid == 0) {
    close(fd[0]);
    hello h;
    memset(&h, 0, sizeof h);
    cuda_rt *rt = NULL;
    h.status = cuda_rt_open(ordinal, &rt, &h.info, h.msg, sizeof h.msg);
    cuda_rt_close(rt);
    eto_measure_write_all(fd[1], &h, sizeof h);
    _exit(0);
  }
  close(fd[1]);
  hello h;
  eto_status st;
  int ready = eto_measure_wait_readable(fd[0], STARTUP_TIMEOUT);
  if (ready == 1 && eto_measure_read_all(fd[0], &h, sizeof h) == 0) {
    st = (eto_status)h.status;
    if (st == ETO_OK)
      *out = h.info;
    else
      snprintf(msg, cap, "%s", h.msg);
  } else {
    if (ready != 1) kill(pid, SIGKILL);
    snprintf(msg, cap, "the CUDA probe process %s: kernels can be compiled and checked, not measured",
             ready == 1 ? "died" : "did not answer within 60 s");
    st = ETO_ERR_UNSUPPORTED;
  }
  close(fd[0]);
  while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {
  }
  return st;
}

/* ---- measurer ---- */

/* A kernel built by a builder process (cuda_run_batch with several jobs), as it travels to the GPU worker:
 * this header, then cubin_size bytes of CUBIN. */
typedef struct {
  int error; /* eto_build_error */
  char message[256];
  int64_t blocks, threads;
  eto_cuda_resources res;
  int vector_fetches;
  double compile_seconds;
  uint64_t cubin_size;
} built;

/* A CUBIN larger than this is refused as a compile error (ours are tens of KB). */
#define MAX_CUBIN ((uint64_t)64 << 20)

typedef struct {
  char recipe[ETO_RECIPE_MAX];
  eto_fault fault;
  double best;  /* the caller's best latency so far (0: none), for the screens */
  int prebuilt; /* 1: `kernel` and its CUBIN follow (built by a builder); 0: the worker builds the recipe */
  built kernel;
} request;

typedef struct {
  int phase; /* 1: built (progress), 2: final */
  eto_measure_result r;
} reply;

typedef struct {
  eto_cuda_device_info dev;
  eto_worker w;                               /* the GPU worker: loads, checks and times */
  int jobs;                                   /* builder processes (1: the GPU worker builds) */
  eto_worker builders[ETO_MEASURE_MAX_JOBS];  /* NVRTC only, no driver and no tensors: started on demand */
} cuda_ctx;


typedef struct {
  cuda_rt *rt;
  eto_target t;
  cuda_dptr arg[5];
  int nargs;
  cuda_dptr scratch;
  float *out;
} worker_state;

/* Times fn with the protocol of measure.h; returns 0 or -1 with a message. */
static int time_kernel(eto_measurer *m, worker_state *w, cuda_function fn, const built *b,
                       void **params, double best, eto_measure_result *r) {
  char *msg = r->message;
  int cap = (int)sizeof r->message;
  double sec;
  if (m->o.warmup > 0 &&
      cuda_rt_run(w->rt, fn, b->blocks, b->threads, params, m->o.warmup, NULL, msg, cap) != 0)
    return -1;
  double times[64];
  int reps = m->o.repeats < 1 ? 1 : (m->o.repeats > 64 ? 64 : m->o.repeats);
  int64_t runs = 1;
  if (m->o.flush_cache) {
    if (!w->scratch && cuda_rt_alloc(w->rt, FLUSH_BYTES, &w->scratch, msg, cap) != 0) return -1;
    for (int rep = 0; rep < reps; rep++) {
      double total = 0;
      int64_t n = 0;
      do {
        if (cuda_rt_memset32(w->rt, w->scratch, (unsigned)n, FLUSH_BYTES / 4, msg, cap) != 0 ||
            cuda_rt_run(w->rt, fn, b->blocks, b->threads, params, 1, &sec, msg, cap) != 0)
          return -1;
        total += sec;
        n++;
      } while (total < m->o.min_repeat_seconds && n < (1 << 20));
      times[rep] = total / (double)n;
      runs = n;
    }
  } else {
    /* calibrate: double the launches until a batch takes a tenth of the shortest repeat */
    int screen = best > 0 && eto_measure_screen_on(&m->o), quick = screen && eto_measure_quick_on(&m->o);
    double shortest = quick ? m->o.quick_seconds : screen ? m->o.screen_seconds : m->o.min_repeat_seconds;
    int64_t n = 1;
    for (;;) {
      if (cuda_rt_run(w->rt, fn, b->blocks, b->threads, params, n, &sec, msg, cap) != 0) return -1;
      if (sec >= shortest / 10 || n >= (1 << 20)) break;
      n *= 2;
    }
    double per_run = sec / (double)n;
    /* the screens (as on the cpu): short repeats; a candidate clearly slower than the best so far keeps that
     * result, the quick screen's at a wide margin, the screen's at a narrow one; the others get the full
     * protocol, so every best latency comes from it */
    double len[3] = {m->o.quick_seconds, m->o.screen_seconds, m->o.min_repeat_seconds};
    double ratio[2] = {m->o.quick_ratio, m->o.confirm_ratio};
    for (int st = quick ? 0 : screen ? 1 : 2; st < 3; st++) {
      runs = per_run > 0 ? (int64_t)ceil(len[st] / per_run) : n * 10;
      if (runs < 1) runs = 1;
      if (runs > (1 << 24)) runs = 1 << 24;
      for (int rep = 0; rep < reps; rep++) {
        if (cuda_rt_run(w->rt, fn, b->blocks, b->threads, params, runs, &sec, msg, cap) != 0) return -1;
        times[rep] = sec / (double)runs;
      }
      eto_measure_summarize(times, reps, runs, m->d.flops, r);
      if (st == 0) ratio[0] = eto_measure_quick_bar(&m->o, times, reps, r->median);
      if (st < 2 && r->median > ratio[st] * best) {
        r->screened = 1;
        r->quick = st == 0;
        return 0;
      }
    }
    return 0;
  }
  eto_measure_summarize(times, reps, runs, m->d.flops, r);
  return 0;
}

/* The measurement's error kind of a failed build. */
static eto_measure_error build_failure(int build_error) {
  return build_error == ETO_BUILD_INVALID ? ETO_MEASURE_INSTANTIATION : ETO_MEASURE_COMPILE;
}

/* Builds a recipe for target t into *k and its CUBIN (*cubin, malloc'ed; NULL when the build failed). */
static void build_kernel(const eto_measurer *m, const eto_target *t, const char *recipe, built *k, void **cubin) {
  memset(k, 0, sizeof *k);
  *cubin = NULL;
  eto_program p;
  if (eto_program_parse(recipe, &p, k->message, sizeof k->message) != 0) {
    k->error = ETO_BUILD_INVALID;
    return;
  }
  eto_cuda_build b;
  eto_cuda_build_program(&m->d.c, &p, t, "eto_kernel", &b);
  k->error = b.error;
  k->compile_seconds = b.compile_seconds;
  snprintf(k->message, sizeof k->message, "%.250s", b.message);
  if (b.error == ETO_BUILD_OK) {
    size_t csz;
    const void *c = eto_cuda_binary_cubin(b.binary, &csz);
    k->blocks = b.blocks;
    k->threads = b.threads;
    k->res = b.res;
    k->vector_fetches = b.info.vector_fetches;
    k->cubin_size = csz;
    *cubin = malloc(csz ? csz : 1);
    if (*cubin) {
      memcpy(*cubin, c, csz);
    } else {
      k->error = ETO_BUILD_COMPILE;
      snprintf(k->message, sizeof k->message, "out of host memory for the CUBIN");
    }
  }
  eto_cuda_build_clear(&b);
}

/* Checks and times one request (building it first unless a builder did: then its CUBIN follows the request on
 * in_fd). Returns 0, or -1 when the context may be unusable (the worker exits). */
static int worker_measure(eto_measurer *m, worker_state *w, const request *rq, int in_fd, int out_fd) {
  reply rp = {.phase = 2};
  eto_measure_result *r = &rp.r;
  int alive = 0;
  built k;
  void *cubin = NULL;
  if (rq->prebuilt) {
    k = rq->kernel;
    if (k.cubin_size == 0 || k.cubin_size > MAX_CUBIN || !(cubin = malloc(k.cubin_size)) ||
        eto_measure_read_all(in_fd, cubin, k.cubin_size) != 0)
      _exit(1); /* the pipe is out of step: the parent restarts the worker */
  } else {
    build_kernel(m, &w->t, rq->recipe, &k, &cubin);
  }
  r->compile_seconds = k.compile_seconds;
  if (k.error != ETO_BUILD_OK) {
    r->error = build_failure(k.error);
    snprintf(r->message, sizeof r->message, "%.250s", k.message);
    free(cubin);
    eto_measure_write_all(out_fd, &rp, sizeof rp);
    return 0;
  }
  reply progress = {.phase = 1};
  eto_measure_write_all(out_fd, &progress, sizeof progress);

  const char *name = "eto_kernel";
  cuda_module mod = NULL;
  cuda_function fn = NULL;
  void *params[5];
  for (int i = 0; i < w->nargs; i++) params[i] = &w->arg[i];
  double t0 = eto_now();
  if (cuda_rt_load(w->rt, cubin, name, &mod, &fn, r->message, sizeof r->message) != 0) {
    r->error = ETO_MEASURE_RUNTIME;
    alive = 0;
    goto done;
  }
  if (cuda_rt_memset32(w->rt, w->arg[w->nargs - 1], 0x7fc00000u, (size_t)m->d.out_n, r->message,
                       sizeof r->message) != 0) {
    r->error = ETO_MEASURE_RUNTIME;
    goto done;
  }
  if (rq->fault == ETO_FAULT_CRASH) raise(SIGSEGV);
  if (rq->fault == ETO_FAULT_HANG)
    for (;;) pause();
  if (cuda_rt_run(w->rt, fn, k.blocks, k.threads, params, 1, NULL, r->message, sizeof r->message) != 0 ||
      cuda_rt_dtoh(w->rt, w->out, w->arg[w->nargs - 1], sizeof(float) * (size_t)m->d.out_n, r->message,
                   sizeof r->message) != 0) {
    r->error = ETO_MEASURE_RUNTIME;
    goto done;
  }
  if (rq->fault == ETO_FAULT_WRONG) w->out[m->d.out_n / 2] += 1.0f;
  int64_t where;
  if (!eto_measure_check(w->out, m->d.ref, m->d.out_n, m->o.rtol, m->d.ref_scale, &r->max_rel_error, &where)) {
    r->error = ETO_MEASURE_WRONG_ANSWER;
    snprintf(r->message, sizeof r->message, "out[%lld] = %g, reference %g", (long long)where, w->out[where],
             m->d.ref[where]);
    alive = 1;
    goto done;
  }
  r->check_seconds = eto_now() - t0;
  t0 = eto_now();
  if (time_kernel(m, w, fn, &k, params, rq->best, r) != 0) {
    r->error = ETO_MEASURE_RUNTIME;
    goto done;
  }
  r->timing_seconds = eto_now() - t0;
  r->error = ETO_MEASURE_OK;
  if (k.res.from_cubin)
    snprintf(r->message, sizeof r->message, "%s: %d registers, %lld B shared memory, %lld B stack, %d vector "
             "fetches (from the CUBIN: NVRTC's cache gave no ptxas log)", w->t.arch, k.res.registers,
             (long long)k.res.smem_bytes, (long long)k.res.stack_bytes, k.vector_fetches);
  else
    snprintf(r->message, sizeof r->message,
             "%s: %d registers, %lld B shared memory, spills %lld/%lld B, %lld B stack, %d vector fetches",
             w->t.arch, k.res.registers, (long long)k.res.smem_bytes, (long long)k.res.spill_stores,
             (long long)k.res.spill_loads, (long long)k.res.stack_bytes, k.vector_fetches);
  alive = 1;
done:
  cuda_rt_unload(w->rt, mod);
  free(cubin);
  eto_measure_write_all(out_fd, &rp, sizeof rp);
  return alive ? 0 : -1;
}

static void worker_main(void *user, int in_fd, int out_fd) {
  eto_measurer *m = user;
  hello h;
  memset(&h, 0, sizeof h);
  worker_state w;
  memset(&w, 0, sizeof w);
  h.status = cuda_rt_open(0, &w.rt, &h.info, h.msg, sizeof h.msg);
  if (h.status == ETO_OK) {
    eto_cuda_device_target(&h.info, &w.t);
    w.nargs = m->d.nin + 1;
    w.out = malloc(sizeof(float) * (size_t)m->d.out_n);
    if (!w.out) {
      h.status = ETO_ERR_NOMEM;
      snprintf(h.msg, sizeof h.msg, "out of host memory");
    }
    for (int i = 0; i < w.nargs && h.status == ETO_OK; i++) {
      size_t bytes = sizeof(float) * (size_t)(i < m->d.nin ? m->d.in_n[i] : m->d.out_n);
      if (cuda_rt_alloc(w.rt, bytes, &w.arg[i], h.msg, sizeof h.msg) != 0 ||
          (i < m->d.nin && cuda_rt_htod(w.rt, w.arg[i], m->d.in[i], bytes, h.msg, sizeof h.msg) != 0))
        h.status = ETO_ERR_NOMEM;
    }
  }
  eto_measure_write_all(out_fd, &h, sizeof h);
  if (h.status == ETO_OK) {
    request rq;
    while (eto_measure_read_all(in_fd, &rq, sizeof rq) == 0)
      if (worker_measure(m, &w, &rq, in_fd, out_fd) != 0) break;
  }
  _exit(0); /* the driver releases the device's memory with the process */
}

/* Forks a worker and waits for its hello. Returns its status with the reason in msg. */
static eto_status start_worker(eto_measurer *m, char *msg, int cap) {
  cuda_ctx *X = m->ctx;
  if (eto_worker_start(&X->w, worker_main, m) != 0) {
    snprintf(msg, cap, "cannot start a worker process: %s", strerror(errno));
    return ETO_ERR_IO;
  }
  hello h;
  int ready = eto_measure_wait_readable(X->w.from_child, STARTUP_TIMEOUT);
  if (ready != 1 || eto_measure_read_all(X->w.from_child, &h, sizeof h) != 0) {
    eto_worker_stop(&X->w, 1);
    snprintf(msg, cap, "the CUDA worker process %s: kernels can be compiled and checked, not measured",
             ready == 1 ? "died while starting" : "did not start within 60 s");
    return ETO_ERR_UNSUPPORTED;
  }
  if (h.status != ETO_OK) {
    eto_worker_stop(&X->w, 0);
    snprintf(msg, cap, "%s", h.msg);
    return (eto_status)h.status;
  }
  X->dev = h.info;
  return ETO_OK;
}

/* 1 with the reason in msg when this build cannot compile cuda kernels. */
static int no_nvrtc(char *msg, int cap) {
  if (eto_cuda_nvrtc_version() >= 0) return 0;
  snprintf(msg, cap, "this build has no NVRTC (the CUDA toolkit was not found at build time): cuda kernels can be "
                     "printed, not compiled or measured");
  return 1;
}

static eto_status cuda_machine_target(int threads, eto_target *out, char *msg, int cap) {
  (void)threads;
  if (no_nvrtc(msg, cap)) return ETO_ERR_UNSUPPORTED;
  eto_cuda_device_info dev;
  eto_status st = eto_cuda_probe(0, &dev, msg, cap);
  if (st == ETO_OK) eto_cuda_device_target(&dev, out);
  return st;
}

static void cuda_close(eto_measurer *m);

static eto_status cuda_open(eto_measurer *m, char *msg, int cap) {
  if (no_nvrtc(msg, cap)) return ETO_ERR_UNSUPPORTED;
  cuda_ctx *X = calloc(1, sizeof *X);
  if (!X) return ETO_ERR_NOMEM;
  m->ctx = X;
  /* builders: --build-jobs, else this machine's cores (NVRTC runs on the host) */
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  X->jobs = m->o.build_jobs > 0 ? m->o.build_jobs : (cores > 0 ? (int)cores : 1);
  if (X->jobs > ETO_MEASURE_MAX_JOBS) X->jobs = ETO_MEASURE_MAX_JOBS;
  eto_status st = start_worker(m, msg, cap);
  if (st != ETO_OK) {
    cuda_close(m);
    return st;
  }
  char requested[64];
  snprintf(requested, sizeof requested, "%s", m->t.arch);
  eto_cuda_device_target(&X->dev, &m->t);
  if (requested[0] && strcmp(requested, m->t.arch) != 0) {
    snprintf(msg, cap, "target architecture %s differs from the device's (%s, %s)", requested, X->dev.name,
             m->t.arch);
    cuda_close(m);
    return ETO_ERR_INVALID;
  }
  return ETO_OK;
}

static int cuda_protocol(const eto_measure_opts *opts, char *buf, int cap) {
  char screens[640] = "";
  if (!opts->flush_cache)
    eto_measure_screen_text(opts, "; in searches, candidates are first", "the others", screens, sizeof screens);
  return snprintf(
      buf, cap,
      "check run against the reference (inputs seed %llu, rtol %g), warm-up %d, %d repeats of >= %.0f ms "
      "each (batches of launches between two CUDA events%s), median of the per-run means%s; timeouts build "
      "%.0f s, run %.0f s",
      (unsigned long long)opts->seed, opts->rtol, opts->warmup, opts->repeats, opts->min_repeat_seconds * 1e3,
      opts->flush_cache ? "; L2 flushed before every run" : "", screens, opts->build_timeout, opts->run_timeout);
}

/* Checks and times one program on the GPU worker: built there from its recipe (k NULL), or the kernel k built
 * by a builder, with its CUBIN. *out is filled (its compile_seconds and build_wall too). */
static void gpu_run(eto_measurer *m, const eto_program *p, const built *k, const void *cubin,
                    eto_measure_result *out) {
  cuda_ctx *X = m->ctx;
  request rq = {.fault = m->o.fault, .best = m->best, .prebuilt = k != NULL};
  if (k) rq.kernel = *k;
  eto_program_format(p, rq.recipe, sizeof rq.recipe);
  if (X->w.pid <= 0) {
    char msg[512];
    if (start_worker(m, msg, sizeof msg) != ETO_OK) {
      out->error = ETO_MEASURE_RUNTIME;
      snprintf(out->message, sizeof out->message, "cannot restart the CUDA worker: %.200s", msg);
      return;
    }
  }
  if (eto_worker_send(&X->w, &rq, sizeof rq) != 0 ||
      (k && eto_measure_write_all(X->w.to_child, cubin, k->cubin_size) != 0)) {
    eto_worker_stop(&X->w, 1);
    out->error = ETO_MEASURE_RUNTIME;
    snprintf(out->message, sizeof out->message, "worker process is gone");
    return;
  }
  int built = 0;
  double budget = k ? m->o.run_timeout : m->o.build_timeout;
  for (;;) {
    int rc = eto_measure_wait_readable(X->w.from_child, budget);
    if (rc != 1) {
      eto_worker_stop(&X->w, 1);
      out->error = built ? ETO_MEASURE_RUN_TIMEOUT : ETO_MEASURE_BUILD_TIMEOUT;
      snprintf(out->message, sizeof out->message, "%s did not finish within %.1f s", built ? "run" : "build",
               budget);
      return;
    }
    reply rp;
    if (eto_measure_read_all(X->w.from_child, &rp, sizeof rp) != 0) {
      out->error = ETO_MEASURE_RUNTIME;
      eto_worker_lost(&X->w, built ? "running" : "building", out->message, sizeof out->message);
      return;
    }
    if (rp.phase == 1) {
      built = 1;
      /* the run budget covers module loading, the check run, the warm-up, the calibration and the repeats */
      budget = m->o.run_timeout + m->o.min_repeat_seconds * (m->o.repeats + 2);
      continue;
    }
    *out = rp.r;
    if (out->error == ETO_MEASURE_RUNTIME) eto_worker_stop(&X->w, 0); /* the worker exits after a runtime failure */
    return;
  }
}

static int invalid(eto_measurer *m, const eto_program *p, eto_measure_result *out) {
  memset(out, 0, sizeof *out);
  if (eto_sched_validate(&m->d.c, &m->t, p, out->message, sizeof out->message) == 0) return 0;
  out->error = ETO_MEASURE_INSTANTIATION;
  return 1;
}

static void cuda_run_one(eto_measurer *m, const eto_program *p, eto_measure_result *out) {
  if (!invalid(m, p, out)) gpu_run(m, p, NULL, NULL, out);
}

/* ---- builder processes: NVRTC in parallel, the GPU one kernel at a time ---- */

static void builder_main(void *user, int in_fd, int out_fd) {
  eto_measurer *m = user;
  request rq;
  while (eto_measure_read_all(in_fd, &rq, sizeof rq) == 0) {
    built k;
    void *cubin = NULL;
    build_kernel(m, &m->t, rq.recipe, &k, &cubin);
    if (eto_measure_write_all(out_fd, &k, sizeof k) != 0 ||
        (cubin && eto_measure_write_all(out_fd, cubin, k.cubin_size) != 0))
      break;
    free(cubin);
  }
  _exit(0);
}

/* Reads builder b's answer within `seconds` into *k and *cubin (malloc'ed when the build succeeded). On a
 * timeout or a lost builder, stops it and fills *k with a build error. */
static void collect(eto_worker *b, double seconds, double timeout, built *k, void **cubin, int *timed_out) {
  *cubin = NULL;
  *timed_out = 0;
  int rc = eto_measure_wait_readable(b->from_child, seconds > 0 ? seconds : 0);
  if (rc == 1 && eto_measure_read_all(b->from_child, k, sizeof *k) == 0) {
    if (k->error != ETO_BUILD_OK) return;
    if (k->cubin_size > 0 && k->cubin_size <= MAX_CUBIN && (*cubin = malloc(k->cubin_size)) &&
        eto_measure_read_all(b->from_child, *cubin, k->cubin_size) == 0)
      return;
    free(*cubin);
    *cubin = NULL;
  }
  memset(k, 0, sizeof *k);
  k->error = ETO_BUILD_COMPILE;
  if (rc == 0) {
    *timed_out = 1;
    snprintf(k->message, sizeof k->message, "build did not finish within %.1f s", timeout);
    eto_worker_stop(b, 1);
  } else {
    eto_worker_lost(b, "building", k->message, sizeof k->message); /* stops it */
  }
}

/* Up to X->jobs candidates are built at once by builder processes (NVRTC needs no GPU), then checked and timed
 * one at a time by the GPU worker, as the cpu measurer does; with one job the GPU worker builds them itself. */
static void cuda_run_batch(eto_measurer *m, const eto_program *ps, int n, eto_measure_result *out) {
  cuda_ctx *X = m->ctx;
  for (int s = 0; s < n; s += X->jobs) {
    int k = n - s < X->jobs ? n - s : X->jobs;
    if (X->jobs <= 1 || k == 1) {
      cuda_run_one(m, &ps[s], &out[s]);
      eto_measurer_note_result(m, &out[s]);
      continue;
    }
    int sent[ETO_MEASURE_MAX_JOBS] = {0}, nbuilt = 0;
    double t0 = eto_now();
    for (int j = 0; j < k; j++) {
      eto_measure_result *r = &out[s + j];
      if (invalid(m, &ps[s + j], r)) continue;
      eto_worker *b = &X->builders[j];
      request rq = {.fault = ETO_FAULT_NONE};
      eto_program_format(&ps[s + j], rq.recipe, sizeof rq.recipe);
      if ((b->pid <= 0 && eto_worker_start(b, builder_main, m) != 0) || eto_worker_send(b, &rq, sizeof rq) != 0) {
        eto_worker_stop(b, 1);
        r->error = ETO_MEASURE_COMPILE;
        snprintf(r->message, sizeof r->message, "cannot start a builder process: %s", strerror(errno));
        continue;
      }
      sent[j] = 1;
      nbuilt++;
    }
    built kern[ETO_MEASURE_MAX_JOBS];
    void *cubin[ETO_MEASURE_MAX_JOBS] = {0};
    for (int j = 0; j < k; j++) {
      if (!sent[j]) continue;
      int timed_out;
      collect(&X->builders[j], t0 + m->o.build_timeout - eto_now(), m->o.build_timeout, &kern[j], &cubin[j],
              &timed_out);
      if (kern[j].error != ETO_BUILD_OK) {
        eto_measure_result *r = &out[s + j];
        r->error = timed_out ? ETO_MEASURE_BUILD_TIMEOUT : build_failure(kern[j].error);
        r->compile_seconds = kern[j].compile_seconds;
        snprintf(r->message, sizeof r->message, "%s", kern[j].message);
      }
    }
    double share = nbuilt > 0 ? (eto_now() - t0) / nbuilt : 0;
    for (int j = 0; j < k; j++) {
      if (!sent[j]) continue;
      if (cubin[j]) {
        gpu_run(m, &ps[s + j], &kern[j], cubin[j], &out[s + j]);
        free(cubin[j]);
        eto_measurer_note_result(m, &out[s + j]);
      }
      out[s + j].build_wall = share;
    }
  }
}

static int cuda_jobs(const eto_measurer *m) { return ((const cuda_ctx *)m->ctx)->jobs; }

static void cuda_close(eto_measurer *m) {
  cuda_ctx *X = m->ctx;
  if (!X) return;
  for (int j = 0; j < ETO_MEASURE_MAX_JOBS; j++) eto_worker_stop(&X->builders[j], 0);
  eto_worker_stop(&X->w, 0);
  free(X);
  m->ctx = NULL;
}

const eto_measurer_impl eto_measure_cuda_impl = {
    .name = "cuda",
    .kind = ETO_TARGET_CUDA,
    .machine_target = cuda_machine_target,
    .open = cuda_open,
    .run_batch = cuda_run_batch,
    .jobs = cuda_jobs,
    .protocol = cuda_protocol,
    .close = cuda_close,
};
