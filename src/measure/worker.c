/* worker.c — the plumbing every target's measurer shares: a forked worker process on two pipes, whole-buffer
 * pipe I/O, waiting with a deadline, seeded inputs and the output check against the reference. */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "measure_internal.h"

int eto_measure_write_all(int fd, const void *p, size_t n) {
  const char *c = p;
  while (n) {
    ssize_t w = write(fd, c, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return -1;
    c += w;
    n -= (size_t)w;
  }
  return 0;
}

int eto_measure_read_all(int fd, void *p, size_t n) {
  char *c = p;
  while (n) {
    ssize_t r = read(fd, c, n);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return -1;
    c += r;
    n -= (size_t)r;
  }
  return 0;
}

int eto_measure_wait_readable(int fd, double seconds) {
  double deadline = eto_now() + seconds;
  for (;;) {
    struct pollfd pf = {.fd = fd, .events = POLLIN};
    double left = deadline - eto_now();
    int rc = left > 0 ? poll(&pf, 1, (int)(left * 1000) + 1) : 0;
    if (rc < 0 && errno == EINTR) continue;
    return rc < 0 ? -1 : rc > 0;
  }
}

int eto_worker_start(eto_worker *w, eto_worker_main_fn fn, void *user) {
  int a[2], b[2];
  if (pipe(a) != 0) return -1;
  if (pipe(b) != 0) {
    int e = errno;
    close(a[0]);
    close(a[1]);
    errno = e;
    return -1;
  }
  fflush(NULL);
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid < 0) {
    int e = errno;
    close(a[0]);
    close(a[1]);
    close(b[0]);
    close(b[1]);
    errno = e;
    return -1;
  }
  if (pid == 0) {
    /* die with the parent: a worker stuck in a hanging candidate must not outlive a killed tuner (the check of
     * getppid closes the race with a parent that died before prctl) */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(1);
    /* no core files from candidates that crash on purpose or by bug */
    struct rlimit core = {0, 0};
    setrlimit(RLIMIT_CORE, &core);
    /* keep only our own pipe ends: an inherited end of another measurer's pipe would keep that worker from
     * seeing end-of-file, and its parent would wait for it forever */
    long maxfd = sysconf(_SC_OPEN_MAX);
    if (maxfd < 0 || maxfd > 65536) maxfd = 65536;
    for (int fd = 3; fd < maxfd; fd++)
      if (fd != a[0] && fd != b[1]) close(fd);
    signal(SIGPIPE, SIG_DFL);
    fn(user, a[0], b[1]);
    _exit(0);
  }
  close(a[0]);
  close(b[1]);
  w->pid = pid;
  w->to_child = a[1];
  w->from_child = b[0];
  return 0;
}

int eto_worker_stop(eto_worker *w, int kill_it) {
  if (w->pid <= 0) return 0;
  if (kill_it) kill(w->pid, SIGKILL);
  close(w->to_child);
  close(w->from_child);
  int status = 0;
  while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR) {
  }
  w->pid = 0;
  return status;
}

int eto_worker_send(eto_worker *w, const void *req, size_t n) {
  void (*old)(int) = signal(SIGPIPE, SIG_IGN);
  int sent = eto_measure_write_all(w->to_child, req, n) == 0;
  signal(SIGPIPE, old);
  if (sent) return 0;
  eto_worker_stop(w, 1);
  return -1;
}

void eto_worker_lost(eto_worker *w, const char *doing, char *msg, size_t cap) {
  int status = eto_worker_stop(w, 1);
  if (WIFSIGNALED(status))
    snprintf(msg, cap, "worker killed by signal %d (%s) while %s", WTERMSIG(status), strsignal(WTERMSIG(status)), doing);
  else
    snprintf(msg, cap, "worker exited while %s", doing);
}

float eto_measure_frand(eto_rng *r) {
  return (float)((double)(eto_rng_next(r) >> 11) / 9007199254740992.0 * 2.0 - 1.0);
}

int eto_measure_check(const float *out, const float *ref, int64_t n, double rtol, double ref_scale, double *worst_rel,
                      int64_t *where) {
  *worst_rel = 0;
  *where = -1;
  for (int64_t i = 0; i < n; i++) {
    double d = fabs((double)out[i] - (double)ref[i]);
    double scale = fabs((double)ref[i]) + ref_scale;
    if (!(d <= rtol * scale)) { /* NaN fails too */
      *where = i;
      *worst_rel = isnan(d) ? INFINITY : d / scale;
      return 0;
    }
    if (d / scale > *worst_rel) *worst_rel = d / scale;
  }
  return 1;
}

void eto_measure_sort(double *v, int n) {
  for (int i = 1; i < n; i++) /* insertion sort: few repeats */
    for (int j = i; j > 0 && v[j] < v[j - 1]; j--) {
      double x = v[j];
      v[j] = v[j - 1];
      v[j - 1] = x;
    }
}

void eto_measure_summarize(double *times, int reps, int64_t runs, double flops, eto_measure_result *r) {
  eto_measure_sort(times, reps);
  r->median = reps % 2 ? times[reps / 2] : 0.5 * (times[reps / 2 - 1] + times[reps / 2]);
  r->min = times[0];
  r->max = times[reps - 1];
  r->repeats = reps;
  r->runs_per_repeat = runs;
  r->gflops = r->median > 0 ? flops / r->median * 1e-9 : 0;
}
