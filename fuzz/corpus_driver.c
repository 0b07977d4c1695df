/* corpus_driver.c — runs the libFuzzer harness's entry point (fuzz_oplist.c) on files, without libFuzzer,
 * so that ctest replays the seed corpus with gcc (no clang needed in CI): corpus_driver FILE|DIR...
 * A failed property traps (the harness's must()), which ctest reports as a failure naming the file last
 * printed. Exit status 0 when every file ran, 1 when one could not be read. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "corpus_driver: cannot read %s\n", path);
    return -1;
  }
  uint8_t *buf = malloc(4096 + 1);
  size_t n = buf ? fread(buf, 1, 4096, f) : 0; /* fuzz/run.sh's -max_len */
  fclose(f);
  if (!buf) return -1;
  printf("%s (%zu bytes)\n", path, n);
  fflush(stdout);
  LLVMFuzzerTestOneInput(buf, n);
  free(buf);
  return 0;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int main(int argc, char **argv) {
  int rc = 0, files = 0;
  for (int i = 1; i < argc; i++) {
    struct stat st;
    if (stat(argv[i], &st) != 0 || !S_ISDIR(st.st_mode)) {
      rc |= run_file(argv[i]) != 0;
      files++;
      continue;
    }
    DIR *d = opendir(argv[i]);
    if (!d) {
      fprintf(stderr, "corpus_driver: cannot open %s\n", argv[i]);
      rc = 1;
      continue;
    }
    char **names = NULL;
    int n = 0, cap = 0;
    for (struct dirent *e; (e = readdir(d));) {
      if (e->d_name[0] == '.') continue;
      if (n == cap) {
        cap = cap ? 2 * cap : 64;
        char **nn = realloc(names, sizeof *names * (size_t)cap);
        if (!nn) break;
        names = nn;
      }
      size_t len = strlen(argv[i]) + strlen(e->d_name) + 2;
      names[n] = malloc(len);
      if (!names[n]) break;
      snprintf(names[n++], len, "%s/%s", argv[i], e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, cmp_str); /* a stable order for the log */
    for (int k = 0; k < n; k++) {
      rc |= run_file(names[k]) != 0;
      files++;
      free(names[k]);
    }
    free(names);
  }
  printf("%d file(s) through the harness\n", files);
  return rc || files == 0;
}
