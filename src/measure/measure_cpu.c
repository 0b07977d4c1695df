/* measure_cpu.c — the cpu implementation of the measurer interface: a parent side that supervises forked
 * worker processes (one per candidate built at once), and the worker loop that lowers, JIT-compiles, checks
 * and times candidates on the block thread pool. */
#define _GNU_SOURCE
#include "measure_internal.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "codegen.h"

/* Other processes using more than this share of the cores disturb a measurement: a timing repeat is measured
 * again, and a build or run that timed out is retried (docs/architecture.md §5). */
static const double foreign_limit = 0.15;
/* A retried candidate's timeouts are this many times the usual ones. */
static const double retry_timeout_scale = 2.0;

static int cpu_protocol(const eto_measure_opts *o, char *buf, int cap) {
  static const char early_text[] =
      "; the screen and the full protocol stop once a majority of their repeats is above their bar (the median is "
      "then too: the same verdict)";
  char prune[768] = "";
  int n = 0;
  if (o->prune_ratio > 1)
    n = snprintf(prune, sizeof prune, "; in searches, a candidate whose check run is > %gx the best so far (and >= 2 ms) is timed by that run alone",
                 o->prune_ratio);
  const char *first = n ? ", the others are first" : "; in searches, candidates are first";
  if (eto_measure_screen_on(o) && n >= 0 && n < (int)sizeof prune) {
    int k = eto_measure_screen_text(o, first, "the others, and screens other processes disturbed,", prune + n,
                                    (int)sizeof prune - n);
    if (k >= 0 && n + k < (int)sizeof prune && o->decide_early)
      snprintf(prune + n + k, sizeof prune - (size_t)(n + k), "%s", early_text);
  }
  return snprintf(buf, cap,
                  "check run against the reference (inputs seed %llu, rtol %g), warm-up %d, %d repeats of >= %.0f ms "
                  "each (repeated when other processes used > 15%% of the cores), median of the per-run means%s; timeouts build "
                  "%.0f s, run %.0f s (a timeout while other processes used > 15%% of the cores is retried once, alone, "
                  "with doubled timeouts)%s",
                  (unsigned long long)o->seed, o->rtol, o->warmup, o->repeats, o->min_repeat_seconds * 1e3,
                  o->flush_cache ? ", caches flushed before every run" : "", o->build_timeout, o->run_timeout,
                  prune);
}

/* ---- the request and reply that cross the pipes ---- */

typedef struct {
  char recipe[ETO_RECIPE_MAX];
  eto_fault fault;
  int attempt; /* 0, then 1 for a retry after a timeout under load */
} request;

/* Sent after the worker reported "compiled": run the check and the timing now (the builds of a batch are
 * over, so nothing else competes for the cores). */
typedef struct {
  double best; /* the caller's best latency so far (0: none), for pruning */
} go;

typedef struct {
  int phase; /* 1: compiled (progress), 2: final */
  eto_measure_result r;
} reply;

typedef struct {
  int jobs; /* workers: candidates built at once by a batch */
  eto_worker w[ETO_MEASURE_MAX_JOBS];
} cpu_ctx;



/* ---- worker ---- */

static void flush_caches(void) {
  static char *junk;
  static const size_t n = 64u << 20;
  if (!junk) junk = malloc(n);
  if (!junk) return;
  for (size_t i = 0; i < n; i += 64) junk[i]++;
}

/* Foreign CPU use: busy time of the whole machine (/proc/stat) minus this process's own CPU time, as a
 * share of the cores over the interval. */
typedef struct {
  double wall, busy, own;
} cpu_sample;

static void cpu_sample_take(cpu_sample *s) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  s->own = (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
  double steal;
  eto_host_cpu_seconds(&s->busy, &steal);
  s->wall = eto_now();
}

static double foreign_share(const cpu_sample *before, int cores) {
  cpu_sample after;
  cpu_sample_take(&after);
  double wall = after.wall - before->wall;
  if (wall < 0.02) return 0; /* /proc/stat ticks are 10 ms: too coarse for shorter intervals */
  double foreign = (after.busy - before->busy) - (after.own - before->own);
  return foreign / (wall * (cores > 0 ? cores : 1));
}

/* A kernel ready to be timed on the pool. */
typedef struct {
  eto_pool *pool;
  eto_kernel_fn fn;
  float **args;
  int64_t blocks;
  int flush_cache;
} timed_kernel;

/* One timing repeat: runs the kernel until `seconds` passed (timing each run alone after flushing the caches when
 * asked). Returns the mean seconds per run; *runs = the runs made. */
static double time_repeat(const timed_kernel *t, double seconds, int64_t *runs) {
  double total = 0;
  int64_t n = 0;
  if (t->flush_cache) {
    do {
      eto_pool_spin(t->pool, 0);
      flush_caches();
      eto_pool_spin(t->pool, 1);
      double a = eto_now();
      eto_pool_run(t->pool, t->fn, t->args, t->blocks);
      total += eto_now() - a;
      n++;
    } while (total < seconds);
  } else {
    double a = eto_now();
    do {
      eto_pool_run(t->pool, t->fn, t->args, t->blocks);
      n++;
    } while (eto_now() - a < seconds);
    total = eto_now() - a;
  }
  *runs = n;
  return total / (double)n;
}

static void worker_measure(eto_measurer *m, eto_jit *jit, eto_pool *pool, const request *rq, int in_fd, int out_fd) {
  reply rp = {.phase = 2};
  eto_measure_result *r = &rp.r;
  eto_program p;
  char why[256];
  double t0 = eto_now();
  if (rq->fault == ETO_FAULT_BUILD_HANG_ONCE && rq->attempt == 0)
    for (;;) pause();
  if (eto_program_parse(rq->recipe, &p, why, sizeof why) != 0) {
    r->error = ETO_MEASURE_INSTANTIATION;
    snprintf(r->message, sizeof r->message, "%s", why);
    eto_measure_write_all(out_fd, &rp, sizeof rp);
    return;
  }
  eto_kernel *k = NULL;
  eto_lower_opts lo = {.lanes = m->t.warp_size};
  if (eto_lower(&m->d.c, &p, &lo, &k, why, sizeof why) != ETO_OK) {
    r->error = ETO_MEASURE_COMPILE;
    snprintf(r->message, sizeof r->message, "lowering: %.200s", why);
    eto_measure_write_all(out_fd, &rp, sizeof rp);
    return;
  }
  eto_compiled *cc = NULL;
  eto_status st = eto_jit_compile(jit, k, &cc, r->message, sizeof r->message);
  r->compile_seconds = eto_now() - t0;
  if (st != ETO_OK) {
    r->error = ETO_MEASURE_COMPILE;
    eto_kernel_free(k);
    eto_measure_write_all(out_fd, &rp, sizeof rp);
    return;
  }
  reply progress = {.phase = 1};
  go g;
  if (eto_measure_write_all(out_fd, &progress, sizeof progress) != 0 ||
      eto_measure_read_all(in_fd, &g, sizeof g) != 0) { /* the parent gave up on this candidate */
    eto_compiled_free(cc);
    eto_kernel_free(k);
    _exit(0);
  }

  eto_kernel_fn fn = eto_compiled_fn(cc);
  float *out = eto_buffer_alloc(sizeof(float) * (size_t)m->d.out_n);
  if (!out) {
    r->error = ETO_MEASURE_RUNTIME;
    snprintf(r->message, sizeof r->message, "no memory for the output");
    eto_compiled_free(cc);
    eto_kernel_free(k);
    eto_measure_write_all(out_fd, &rp, sizeof rp);
    return;
  }
  float *args[5];
  for (int i = 0; i < m->d.nin; i++) args[i] = m->d.in[i];
  args[m->d.nin] = out;
  for (int64_t i = 0; i < m->d.out_n; i++) out[i] = NAN;
  if (rq->fault == ETO_FAULT_CRASH) raise(SIGSEGV);
  if (rq->fault == ETO_FAULT_HANG || (rq->fault == ETO_FAULT_HANG_ONCE && rq->attempt == 0))
    for (;;) pause();
  double check0 = eto_now();
  eto_pool_run(pool, fn, args, k->blocks);
  double check_seconds = eto_now() - check0;
  r->check_seconds = check_seconds;
  if (rq->fault == ETO_FAULT_WRONG) out[m->d.out_n / 2] += 1.0f;
  int64_t where;
  if (!eto_measure_check(out, m->d.ref, m->d.out_n, m->o.rtol, m->d.ref_scale, &r->max_rel_error, &where)) {
    r->error = ETO_MEASURE_WRONG_ANSWER;
    snprintf(r->message, sizeof r->message, "out[%lld] = %g, reference %g", (long long)where, out[where], m->d.ref[where]);
  } else if (g.best > 0 && m->o.prune_ratio > 1 && check_seconds >= 0.002 &&
             check_seconds > m->o.prune_ratio * g.best) {
    /* far slower than the best so far even allowing for a cold first run: that run is its latency */
    r->median = r->min = r->max = check_seconds;
    r->repeats = 1;
    r->runs_per_repeat = 1;
    r->pruned = 1;
    r->gflops = m->d.flops / r->median * 1e-9;
    r->error = ETO_MEASURE_OK;
  } else {
    double t0 = eto_now();
    timed_kernel tk = {pool, fn, args, k->blocks, m->o.flush_cache};
    eto_pool_spin(pool, 1);
    for (int i = 0; i < m->o.warmup; i++) eto_pool_run(pool, fn, args, k->blocks);
    int reps = m->o.repeats < 1 ? 1 : (m->o.repeats > 64 ? 64 : m->o.repeats);
    double times[64];
    int64_t runs = 1;
    int screen_disturbed = 0;
    /* the screens: short repeats; a candidate clearly slower than the best so far keeps that result, the quick
     * screen's verdict at a wide margin, the screen's at a narrow one. A screen other processes disturbed decides
     * nothing (the full protocol below detects and answers them itself). */
    if (g.best > 0 && eto_measure_screen_on(&m->o)) {
      double len[2] = {m->o.quick_seconds, m->o.screen_seconds}, ratio[2] = {m->o.quick_ratio, m->o.confirm_ratio};
      for (int st = eto_measure_quick_on(&m->o) ? 0 : 1; st < 2 && !r->screened; st++) {
        cpu_sample before;
        cpu_sample_take(&before);
        /* the 20 ms screen stops once a majority of its repeats is above its bar (their median is then too,
         * whatever the others give: the same verdict); the quick screen's repeats all run, so that they span the
         * 20 ms /proc/stat needs to see other processes */
        int done = 0, above = 0;
        for (int rep = 0; rep < reps; rep++) {
          times[rep] = time_repeat(&tk, len[st], &runs);
          done = rep + 1;
          if (st == 1 && m->o.decide_early && times[rep] > ratio[st] * g.best && ++above > reps / 2) break;
        }
        if (foreign_share(&before, m->t.cores) <= foreign_limit) {
          eto_measure_summarize(times, done, runs, m->d.flops, r);
          if (st == 0) ratio[0] = eto_measure_quick_bar(&m->o, times, done, r->median);
          r->screened = r->median > ratio[st] * g.best;
          r->quick = r->screened && st == 0;
          r->decided_early = r->screened && done < reps;
        } else {
          screen_disturbed += done;
        }
      }
    }
    if (!r->screened) {
      int disturbed = screen_disturbed, done = 0, above = 0;
      for (int rep = 0; rep < reps; rep++) {
        cpu_sample before;
        cpu_sample_take(&before);
        double t = time_repeat(&tk, m->o.min_repeat_seconds, &runs);
        /* another process took a good share of the cores during this repeat: do it again (a few times) */
        if (foreign_share(&before, m->t.cores) > foreign_limit && disturbed - screen_disturbed < 2 * reps) {
          disturbed++;
          rep--;
          continue;
        }
        times[rep] = t;
        done = rep + 1;
        /* in a search, a majority of the repeats slower than the best so far: the median is too, so the
         * candidate cannot become the best whatever the other repeats give; they would only add precision to
         * the latency of a program the search leaves behind */
        if (g.best > 0 && m->o.decide_early && t > g.best && ++above > reps / 2) break;
      }
      r->disturbed_repeats = disturbed;
      eto_measure_summarize(times, done, runs, m->d.flops, r);
      r->decided_early = done < reps;
    }
    eto_pool_spin(pool, 0);
    r->timing_seconds = eto_now() - t0;
    r->error = ETO_MEASURE_OK;
  }
  free(out);
  eto_compiled_free(cc);
  eto_kernel_free(k);
  eto_measure_write_all(out_fd, &rp, sizeof rp);
}

static void worker_main(void *user, int in_fd, int out_fd) {
  eto_measurer *m = user;
  char msg[256];
  eto_jit *jit = NULL;
  if (eto_jit_create(&jit, msg, sizeof msg) != ETO_OK) {
    reply rp = {.phase = 2};
    rp.r.error = ETO_MEASURE_COMPILE;
    snprintf(rp.r.message, sizeof rp.r.message, "%s", msg);
    request rq;
    while (eto_measure_read_all(in_fd, &rq, sizeof rq) == 0) eto_measure_write_all(out_fd, &rp, sizeof rp);
    _exit(0);
  }
  eto_pool *pool = eto_pool_create(m->o.threads > 0 ? m->o.threads : m->t.cores);
  request rq;
  while (eto_measure_read_all(in_fd, &rq, sizeof rq) == 0) worker_measure(m, jit, pool, &rq, in_fd, out_fd);
  eto_pool_free(pool);
  eto_jit_free(jit);
  _exit(0);
}

/* ---- parent ---- */

static eto_status cpu_machine_target(int threads, eto_target *out, char *msg, int cap) {
  (void)msg;
  (void)cap;
  eto_target_cpu(threads, out);
  return ETO_OK;
}

static eto_status cpu_open(eto_measurer *m, char *msg, int cap) {
  (void)msg;
  (void)cap;
  cpu_ctx *X = calloc(1, sizeof *X);
  if (!X) return ETO_ERR_NOMEM;
  X->jobs = eto_measure_workers(&m->t, &m->o);
  m->ctx = X;
  return ETO_OK;
}

static int cpu_jobs(const eto_measurer *m) { return ((const cpu_ctx *)m->ctx)->jobs; }

/* ---- load on the machine while workers wait (timeouts under load are retried) ---- */

/* CPU seconds process pid has used (all its threads), from /proc/PID/stat; -1 when unknown. */
static double proc_cpu_seconds(int pid) {
  char path[64], buf[1024];
  snprintf(path, sizeof path, "/proc/%d/stat", pid);
  FILE *f = fopen(path, "r");
  if (!f) return -1;
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = '\0';
  const char *p = strrchr(buf, ')'); /* the command name may hold spaces and parentheses */
  unsigned long long ut, st;
  /* after ")": state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime */
  if (!p || sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &ut, &st) != 2) return -1;
  long hz = sysconf(_SC_CLK_TCK);
  return (double)(ut + st) / (double)(hz > 0 ? hz : 100);
}

/* The machine's busy time, this process's CPU time and its workers' at one moment. */
typedef struct {
  cpu_sample s;
  int pid[ETO_MEASURE_MAX_JOBS];
  double worker[ETO_MEASURE_MAX_JOBS];
} load_mark;

static void load_mark_take(load_mark *lm, const cpu_ctx *X) {
  for (int j = 0; j < ETO_MEASURE_MAX_JOBS; j++) {
    lm->pid[j] = X->w[j].pid;
    lm->worker[j] = lm->pid[j] > 0 ? proc_cpu_seconds(lm->pid[j]) : -1;
  }
  cpu_sample_take(&lm->s);
}

/* Share of all online cores that processes other than this one and its workers used since lm (call it while
 * the workers of lm still run: a worker's time is read from its /proc entry). A worker that was replaced
 * meanwhile counts as foreign, which errs toward a retry. */
static double load_foreign_share(const load_mark *lm, const cpu_ctx *X) {
  double workers = 0;
  for (int j = 0; j < ETO_MEASURE_MAX_JOBS; j++) {
    if (lm->pid[j] <= 0 || lm->worker[j] < 0 || X->w[j].pid != lm->pid[j]) continue;
    double now = proc_cpu_seconds(lm->pid[j]);
    if (now >= lm->worker[j]) workers += now - lm->worker[j];
  }
  cpu_sample after;
  cpu_sample_take(&after);
  double wall = after.wall - lm->s.wall;
  if (wall < 0.05) return 0; /* /proc/stat ticks are 10 ms */
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  double foreign = (after.busy - lm->s.busy) - (after.own - lm->s.own) - workers;
  double share = foreign / (wall * (double)(cores > 0 ? cores : 1));
  return share < 0 ? 0 : share > 1 ? 1 : share;
}

/* Waits for worker w's next reply until `deadline` (`limit` seconds after the wait began, for the message).
 * Returns 0 with *rp, or -1 after the worker was stopped (timeout: killed; lost: it died) with the error in
 * *out; on a timeout, out->timeout_load is the foreign load since lm (0 without lm). */
static int await_reply(cpu_ctx *X, eto_worker *w, double deadline, double limit, int compiled, const load_mark *lm,
                       reply *rp, eto_measure_result *out) {
  int rc = eto_measure_wait_readable(w->from_child, deadline - eto_now());
  if (rc <= 0) {
    out->timeout_load = lm ? load_foreign_share(lm, X) : 0; /* before the kill: the worker's time is read live */
    eto_worker_stop(w, 1);
    out->error = compiled ? ETO_MEASURE_RUN_TIMEOUT : ETO_MEASURE_BUILD_TIMEOUT;
    snprintf(out->message, sizeof out->message, "%s did not finish within %.1f s", compiled ? "run" : "build",
             limit);
    return -1;
  }
  if (eto_measure_read_all(w->from_child, rp, sizeof *rp) != 0) {
    out->error = ETO_MEASURE_RUNTIME;
    eto_worker_lost(w, compiled ? "running" : "building", out->message, sizeof out->message);
    return -1;
  }
  return 0;
}

/* Validates p and sends it to worker w (started when needed) as attempt `attempt`. Returns 1 when sent, 0 with
 * *out final. */
static int start_build(eto_measurer *m, eto_worker *w, const eto_program *p, int attempt, eto_measure_result *out) {
  memset(out, 0, sizeof *out);
  char why[256];
  if (eto_sched_validate(&m->d.c, &m->t, p, why, sizeof why) != 0) {
    out->error = ETO_MEASURE_INSTANTIATION;
    snprintf(out->message, sizeof out->message, "%s", why);
    return 0;
  }
  request rq = {.fault = m->o.fault, .attempt = attempt};
  eto_program_format(p, rq.recipe, sizeof rq.recipe);
  if (w->pid <= 0 && eto_worker_start(w, worker_main, m) != 0) {
    out->error = ETO_MEASURE_RUNTIME;
    snprintf(out->message, sizeof out->message, "cannot start a worker process: %s", strerror(errno));
    return 0;
  }
  if (eto_worker_send(w, &rq, sizeof rq) != 0) {
    out->error = ETO_MEASURE_RUNTIME;
    snprintf(out->message, sizeof out->message, "worker process is gone");
    return 0;
  }
  return 1;
}

/* The run budget of a candidate whose run timeout is `timeout`: the check run, the warm-up and the repeats. */
static double run_budget(const eto_measurer *m, double timeout) {
  return timeout + m->o.min_repeat_seconds * (m->o.repeats + 1);
}

/* Measures p alone on worker w (attempt 1: a retry) with every timeout scaled by `scale`; the other workers sleep. */
static void measure_alone(eto_measurer *m, cpu_ctx *X, eto_worker *w, const eto_program *p, double scale,
                          eto_measure_result *out) {
  if (!start_build(m, w, p, 1, out)) return;
  reply rp;
  double bt = m->o.build_timeout * scale, rt = m->o.run_timeout * scale;
  if (await_reply(X, w, eto_now() + bt, bt, 0, NULL, &rp, out) != 0) return;
  if (rp.phase != 1) {
    *out = rp.r;
    return;
  }
  go g = {.best = m->best};
  if (eto_worker_send(w, &g, sizeof g) != 0) {
    out->error = ETO_MEASURE_RUNTIME;
    snprintf(out->message, sizeof out->message, "worker process is gone");
    return;
  }
  if (await_reply(X, w, eto_now() + run_budget(m, rt), rt, 1, NULL, &rp, out) != 0) return;
  *out = rp.r;
}

static void cpu_run_batch(eto_measurer *m, const eto_program *ps, int n, eto_measure_result *out) {
  cpu_ctx *X = m->ctx;
  for (int s = 0; s < n; s += X->jobs) {
    int k = n - s < X->jobs ? n - s : X->jobs;
    int built[ETO_MEASURE_MAX_JOBS];
    double deadline[ETO_MEASURE_MAX_JOBS];
    /* every build of the batch at once, one per worker */
    for (int j = 0; j < k; j++) {
      built[j] = start_build(m, &X->w[j], &ps[s + j], 0, &out[s + j]);
      deadline[j] = eto_now() + m->o.build_timeout;
    }
    load_mark lm;
    load_mark_take(&lm, X);
    double build0 = eto_now();
    for (int j = 0; j < k; j++) {
      if (!built[j]) continue;
      reply rp;
      built[j] = 0;
      if (await_reply(X, &X->w[j], deadline[j], m->o.build_timeout, 0, &lm, &rp, &out[s + j]) != 0) continue;
      if (rp.phase != 1) { /* it failed to build: that is its result */
        out[s + j] = rp.r;
        continue;
      }
      built[j] = 1;
    }
    double build_share = (eto_now() - build0) / k;
    /* then check and time them one at a time: the other workers sleep */
    for (int j = 0; j < k; j++) {
      if (!built[j]) continue;
      eto_worker *w = &X->w[j];
      go g = {.best = m->best};
      load_mark_take(&lm, X);
      if (eto_worker_send(w, &g, sizeof g) != 0) {
        out[s + j].error = ETO_MEASURE_RUNTIME;
        snprintf(out[s + j].message, sizeof out[s + j].message, "worker process is gone");
        continue;
      }
      reply rp;
      if (await_reply(X, w, eto_now() + run_budget(m, m->o.run_timeout), m->o.run_timeout, 1, &lm, &rp, &out[s + j]) != 0)
        continue;
      out[s + j] = rp.r;
      eto_measurer_note_result(m, &rp.r);
    }
    for (int j = 0; j < k; j++) out[s + j].build_wall = build_share;
    /* a timeout while other processes loaded the machine says little about the candidate (issue #23: valid
     * candidates were stored for good as build_timeout under load): measure it once more, alone, with doubled
     * timeouts, and record that attempt's result */
    for (int j = 0; j < k; j++) {
      eto_measure_result *r = &out[s + j];
      if ((r->error != ETO_MEASURE_BUILD_TIMEOUT && r->error != ETO_MEASURE_RUN_TIMEOUT) || r->timeout_load <= foreign_limit)
        continue;
      double load = r->timeout_load;
      const char *what = r->error == ETO_MEASURE_BUILD_TIMEOUT ? "build" : "run";
      measure_alone(m, X, &X->w[j], &ps[s + j], retry_timeout_scale, r);
      r->retried = 1;
      r->timeout_load = load;
      if (r->error == ETO_MEASURE_BUILD_TIMEOUT || r->error == ETO_MEASURE_RUN_TIMEOUT) {
        size_t len = strlen(r->message);
        snprintf(r->message + len, sizeof r->message - len,
                 " (a retry, alone with doubled timeouts: other processes used %.0f%% of the cores when its %s first "
                 "timed out)",
                 load * 100, what);
      }
      eto_measurer_note_result(m, r);
    }
  }
}

static void cpu_close(eto_measurer *m) {
  cpu_ctx *X = m->ctx;
  if (!X) return;
  for (int j = 0; j < ETO_MEASURE_MAX_JOBS; j++) eto_worker_stop(&X->w[j], 0);
  free(X);
  m->ctx = NULL;
}

const eto_measurer_impl eto_measure_cpu_impl = {
    .name = "cpu",
    .kind = ETO_TARGET_CPU,
    .machine_target = cpu_machine_target,
    .open = cpu_open,
    .run_batch = cpu_run_batch,
    .jobs = cpu_jobs,
    .protocol = cpu_protocol,
    .close = cpu_close,
};
