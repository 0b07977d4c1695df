/* does a measurer built after others have its inputs on huge pages? (mimics the driver: one measurer per task) */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "measure_internal.h"
#include "op.h"
static double thp_share(const void *p, size_t n) {
  int pm = open("/proc/self/pagemap", O_RDONLY), kf = open("/proc/kpageflags", O_RDONLY);
  size_t pages = n / 4096, huge = 0;
  for (size_t i = 0; i < pages; i++) {
    uint64_t e = 0, fl = 0;
    pread(pm, &e, 8, (off_t)(((uintptr_t)p / 4096 + i) * 8));
    if (!(e >> 63)) continue;
    pread(kf, &fl, 8, (off_t)((e & ((UINT64_C(1) << 55) - 1)) * 8));
    huge += (fl >> 22) & 1;
  }
  close(pm); close(kf);
  return pages ? (double)huge / pages : 1;
}
int main(int argc, char **argv) {
  eto_oplist *l; char msg[512];
  if (eto_oplist_load(argv[1], &l, msg, sizeof msg) != ETO_OK) { fprintf(stderr, "%s\n", msg); return 1; }
  for (int i = 0; i < eto_oplist_count(l); i++) {
    eto_measure_data d;
    if (eto_measure_data_build(eto_oplist_get(l, i), 1, &d) != ETO_OK) continue;
    printf("%d:", i);
    for (int j = 0; j < d.nin; j++) if (d.in_n[j] * 4 >= (64 << 10)) printf(" %.2f", thp_share(d.in[j], (size_t)d.in_n[j] * 4 / 4096 * 4096));
    printf("\n");
    char *volatile junk = malloc(100000 + i * 5000); memset(junk, 1, 100000 + i * 5000); /* the driver's other allocations */
    eto_measure_data_clear(&d);
    free(junk);
  }
}
