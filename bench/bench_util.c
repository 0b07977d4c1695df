/* bench_util.c — see bench_util.h. */
#define _GNU_SOURCE /* nftw, MADV_HUGEPAGE */
#include "bench_util.h"

#include "base.h"

#include <errno.h>
#include <ftw.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

double bench_now_real(void) {
  struct timespec t;
  clock_gettime(CLOCK_REALTIME, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int bench_cmpd(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

void bench_time_runs(void (*run)(void *ctx), void *ctx, int repeats, double min_s, double *out) {
  run(ctx);
  for (int r = 0; r < repeats; r++) {
    double t0 = eto_now();
    int64_t n = 0;
    do {
      run(ctx);
      n++;
    } while (eto_now() - t0 < min_s);
    out[r] = (eto_now() - t0) / (double)n;
  }
}

double bench_time_median3(void (*run)(void *ctx), void *ctx, double min_s) {
  double t[3];
  bench_time_runs(run, ctx, 3, min_s, t);
  return bench_median(t, 3);
}

double bench_median(double *v, int n) {
  if (n <= 0) return 0;
  qsort(v, (size_t)n, sizeof(double), bench_cmpd);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

const char *const bench_pages_names[3] = {"heap", "huge", "small"};

/* the mappings of the live BENCH_PAGES_HUGE / _SMALL buffers (bench programs allocate from one thread) */
typedef struct mapped {
  void *p, *base;
  size_t len;
  struct mapped *next;
} mapped;
static mapped *g_mapped;
static bench_pages g_pages = BENCH_PAGES_HEAP;

void bench_buffer_pages(bench_pages mode) { g_pages = mode; }

#define HUGE_PAGE ((size_t)2 << 20)

void *bench_buffer_alloc(size_t bytes) {
  if (g_pages == BENCH_PAGES_HEAP) return eto_buffer_alloc(bytes);
  size_t n = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE, len = n + HUGE_PAGE; /* room to align */
  if (n == 0) n = HUGE_PAGE, len = 2 * HUGE_PAGE;
  mapped *m = malloc(sizeof *m);
  void *base = m ? mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) : MAP_FAILED;
  if (base == MAP_FAILED) {
    free(m);
    return NULL;
  }
  char *p = (char *)(((uintptr_t)base + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE);
  (void)madvise(p, n, g_pages == BENCH_PAGES_HUGE ? MADV_HUGEPAGE : MADV_NOHUGEPAGE); /* advice only */
  *m = (mapped){p, base, len, g_mapped};
  g_mapped = m;
  return p;
}

void bench_buffer_free(void *p) {
  if (!p) return;
  for (mapped **q = &g_mapped; *q; q = &(*q)->next)
    if ((*q)->p == p) {
      mapped *m = *q;
      *q = m->next;
      munmap(m->base, m->len);
      free(m);
      return;
    }
  free(p); /* eto_buffer_alloc's */
}

int bench_mkdir_p(const char *path) {
  char buf[1024];
  snprintf(buf, sizeof buf, "%s", path);
  for (char *p = buf + 1; *p; p++) {
    if (*p != '/') continue;
    *p = 0;
    if (mkdir(buf, 0777) != 0 && errno != EEXIST) return -1;
    *p = '/';
  }
  return mkdir(buf, 0777) != 0 && errno != EEXIST ? -1 : 0;
}

static int remove_entry(const char *path, const struct stat *st, int type, struct FTW *ftw) {
  (void)st, (void)type, (void)ftw;
  return remove(path);
}

int bench_rm_rf(const char *path) {
  struct stat st;
  if (lstat(path, &st) != 0) return errno == ENOENT ? 0 : -1;
  return nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS) == 0 ? 0 : -1;
}

int bench_run(char *const argv[], const char *dir) {
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    if (dir && chdir(dir) != 0) _exit(127);
    execvp(argv[0], argv);
    _exit(127);
  }
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int bench_have_program(const char *name) {
  const char *path = getenv("PATH");
  if (!path || strchr(name, '/')) return 0;
  while (*path) {
    size_t n = strcspn(path, ":");
    char full[4096];
    if (n > 0 && n + strlen(name) + 2 < sizeof full) {
      snprintf(full, sizeof full, "%.*s/%s", (int)n, path, name);
      if (access(full, X_OK) == 0) return 1;
    }
    path += n + (path[n] == ':');
  }
  return 0;
}

void bench_gp_str(FILE *f, const char *s) {
  fputc('\'', f);
  for (; s && *s; s++) {
    if (*s == '\'') fputc('\'', f);
    fputc((unsigned char)*s < 0x20 ? '?' : *s, f);
  }
  fputc('\'', f);
}

void bench_json_str(FILE *f, const char *s) {
  fputc('"', f);
  for (; s && *s; s++) {
    unsigned char ch = (unsigned char)*s;
    if (ch == '"' || ch == '\\')
      fprintf(f, "\\%c", ch);
    else if (ch == '\n')
      fputs("\\n", f);
    else if (ch < 0x20)
      fprintf(f, "\\u%04x", ch);
    else
      fputc(ch, f);
  }
  fputc('"', f);
}

void bench_json_num(FILE *f, double x) {
  if (isfinite(x))
    fprintf(f, "%.6g", x);
  else
    fputs("null", f);
}

void bench_csv_str(FILE *f, const char *s) {
  fputc('"', f);
  for (; s && *s; s++) {
    if (*s == '"') fputc('"', f);
    fputc(*s, f);
  }
  fputc('"', f);
}

int bench_csv_split(char *line, char **field, int cap) {
  int n = 0;
  char *p = line;
  if (!*p || *p == '\n' || *p == '\r') return 0;
  while (n < cap) {
    if (*p == '"') {
      char *w = ++p;
      field[n++] = w;
      while (*p && !(*p == '"' && p[1] != '"')) {
        if (*p == '"') p++; /* "" inside quotes */
        *w++ = *p++;
      }
      if (*p == '"') p++;
      while (*p && *p != ',' && *p != '\n' && *p != '\r') p++; /* junk after the closing quote */
      *w = 0;
    } else {
      field[n++] = p;
      while (*p && *p != ',' && *p != '\n' && *p != '\r') p++;
    }
    if (*p != ',') break;
    *p++ = 0; /* a separator: another field follows, empty at the end of the line */
  }
  if (*p == '\n' || *p == '\r') *p = 0;
  return n;
}

int bench_csv_column(char **head, int n, const char *name) {
  for (int i = 0; i < n; i++)
    if (strcmp(head[i], name) == 0) return i;
  return -1;
}

int bench_pick(const char *prog, const char *what, const char *value, const char *const *names, int n,
               int *pick) {
  for (int i = 0; i < n; i++) pick[i] = 0;
  char buf[256];
  snprintf(buf, sizeof buf, "%s", value);
  int rc = 0;
  for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
    int found = 0;
    for (int i = 0; i < n; i++)
      if (strcmp(tok, names[i]) == 0) pick[i] = found = 1;
    if (found) continue;
    fprintf(stderr, "%s: unknown %s '%s' (known:", prog, what, tok);
    for (int i = 0; i < n; i++) fprintf(stderr, "%s %s", i ? "," : "", names[i]);
    fprintf(stderr, ")\n");
    rc = -1;
  }
  return rc;
}

char *bench_read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *s = NULL;
  size_t cap = 0;
  if (getdelim(&s, &cap, 0, f) < 0) {
    free(s);
    s = NULL;
  }
  fclose(f);
  return s;
}
