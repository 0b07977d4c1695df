/* bench_util.h — small helpers every bench program shares: clocks, sorting, directories, JSON/CSV fields,
 * choices from a list of names. */
#ifndef ETO_BENCH_UTIL_H
#define ETO_BENCH_UTIL_H

#include <stdio.h>

double bench_now_real(void);                  /* wall-clock (unix) seconds */
int bench_cmpd(const void *a, const void *b); /* qsort order of doubles */
double bench_median(double *v, int n);        /* sorts v; 0 when n == 0 */
/* The bench programs' timing protocol: one warm-up run(ctx), then `repeats` repeats of >= min_s seconds each (as
 * many runs as fit); out[r] = the mean seconds of one run in repeat r. */
void bench_time_runs(void (*run)(void *ctx), void *ctx, int repeats, double min_s, double *out);
/* bench_time_runs with 3 repeats: their median. */
double bench_time_median3(void (*run)(void *ctx), void *ctx, double min_s);
/* Buffers of the kernels a bench program times (bench_dispatch's and vendor.c's, ours and the vendors' alike). A
 * process that allocates and frees one shape's arrays after another gets heap blocks whose pages its earlier use
 * made, partly 4 KiB ones whatever eto_buffer_alloc advises (bench/RESULTS.md BK.1), so which pages a length's
 * arrays sit on depends on the lengths timed before it. BENCH_PAGES_HEAP: eto_buffer_alloc, as the product's
 * measurer (the default); BENCH_PAGES_HUGE and BENCH_PAGES_SMALL: each buffer a fresh mapping of its own, advised
 * MADV_HUGEPAGE (2 MiB aligned) or MADV_NOHUGEPAGE, unmapped when freed: the same pages whatever came before. */
typedef enum { BENCH_PAGES_HEAP, BENCH_PAGES_HUGE, BENCH_PAGES_SMALL } bench_pages;
extern const char *const bench_pages_names[3]; /* "heap", "huge", "small" */
void bench_buffer_pages(bench_pages mode);     /* the kind of the buffers allocated after it */
void *bench_buffer_alloc(size_t bytes);        /* 4 KiB aligned at least; NULL when out of memory */
void bench_buffer_free(void *p);               /* a bench_buffer_alloc buffer, whichever kind (NULL: nothing) */
int bench_mkdir_p(const char *path);          /* like mkdir -p: 0 or -1 with errno */
int bench_rm_rf(const char *path);            /* like rm -rf (no shell): 0, or -1 with errno */
/* Runs argv[0] (looked up in PATH) with argv, in directory dir (NULL: this one), without a shell, so that no
 * argument is ever interpreted; waits for it. Returns its exit status, or -1 when it could not run. */
int bench_run(char *const argv[], const char *dir);
int bench_have_program(const char *name);     /* an executable `name` in PATH: 1, else 0 */
/* The whole file as a string (malloc'ed; read up to a NUL, i.e. to the end of a text file); NULL when unreadable. */
char *bench_read_file(const char *path);
/* s as a single-quoted gnuplot string ('' for a quote, control characters as '?'): file names and titles
 * from the command line never end the string (gnuplot scripts can run commands). */
void bench_gp_str(FILE *f, const char *s);
void bench_json_str(FILE *f, const char *s);  /* a quoted, escaped JSON string (NULL: "") */
void bench_json_num(FILE *f, double x);       /* %.6g, or null when not finite */
void bench_csv_str(FILE *f, const char *s);   /* a quoted CSV field */
/* Splits one CSV line in place into at most cap fields (quoted fields with "" escapes, no embedded newlines);
 * returns the number of fields. */
int bench_csv_split(char *line, char **field, int cap);
int bench_csv_column(char **head, int n, const char *name); /* index of name among head[0..n), or -1 */
/* A comma-separated choice among names[0..n) (an option's value: "--modes eto,topk"): pick[i] = 1 for each
 * name given, 0 for the others. A name not among them: "PROG: unknown WHAT 'NAME' (known: ...)" on stderr,
 * and -1 once the whole list is read; else 0. */
int bench_pick(const char *prog, const char *what, const char *value, const char *const *names, int n,
               int *pick);

#endif
