/* recipe.c — the stable text form of a program (the cache stores recipes, never binaries) and summaries. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schedule.h"

#define APPEND(...)                                                    \
  do {                                                                 \
    int w_ = snprintf(buf + (n < cap ? n : cap), n < cap ? cap - n : 0, __VA_ARGS__); \
    n += w_;                                                           \
  } while (0)

int eto_program_format(const eto_program *p, char *buf, int cap) {
  int n = 0;
  if (cap > 0) buf[0] = 0;
  APPEND("v1 %s s=", eto_sketch_name(p->sketch));
  for (int i = 0; i < p->nspace; i++)
    for (int l = 0; l < ETO_SPACE_LEVELS; l++)
      APPEND("%lld%s", (long long)p->stile[i][l], l < ETO_SPACE_LEVELS - 1 ? "." : (i < p->nspace - 1 ? "/" : ""));
  APPEND(" r=");
  for (int j = 0; j < p->nreduce; j++)
    for (int l = 0; l < ETO_REDUCE_LEVELS; l++)
      APPEND("%lld%s", (long long)p->rtile[j][l], l < ETO_REDUCE_LEVELS - 1 ? "." : (j < p->nreduce - 1 ? "/" : ""));
  APPEND(" u=%d v=", p->unroll);
  for (int i = 0; i < ETO_MAX_INPUTS; i++) APPEND("%d%s", p->vec[i], i < ETO_MAX_INPUTS - 1 ? "." : "");
  int any = 0;
  for (int i = 0; i < ETO_MAX_INPUTS; i++) any |= p->direct[i];
  if (any) APPEND(" d=%d.%d", p->direct[0], p->direct[1]);
  if (p->prefetch) APPEND(" p=%d", p->prefetch); /* written only when set: older recipes keep their text */
  return n;
}

#define BAD(...)                                    \
  do {                                              \
    if (why && cap > 0) snprintf(why, cap, __VA_ARGS__); \
    return -1;                                      \
  } while (0)

/* Parses "a.b.c/d.e.f" into rows of `levels` numbers. Returns the row count or -1. */
static int parse_tiles(const char *s, const char *end, int levels, int64_t rows[ETO_MAX_LOOPS][ETO_SPACE_LEVELS]) {
  int row = 0, col = 0;
  if (s == end) return 0;
  while (s < end) {
    if (row >= ETO_MAX_LOOPS) return -1;
    char *e;
    long long v = strtoll(s, &e, 10);
    if (e == s || v < 1 || v > ((int64_t)1 << 40)) return -1;
    rows[row][col++] = v;
    s = e;
    if (s < end && *s == '.') {
      if (col >= levels) return -1;
      s++;
    } else if (s == end || *s == '/') {
      if (col != levels) return -1;
      row++;
      col = 0;
      if (s < end) s++;
    } else {
      return -1;
    }
  }
  return row;
}

int eto_program_parse(const char *s, eto_program *out, char *why, int cap) {
  memset(out, 0, sizeof *out);
  char sk[8];
  int pos = 0;
  if (sscanf(s, "v1 %7s %n", sk, &pos) != 1 || pos == 0) BAD("recipe does not start with 'v1 SKETCH'");
  int found = 0;
  for (int k = 0; k < ETO_SKETCH_COUNT; k++)
    if (strcmp(sk, eto_sketch_name((eto_sketch_kind)k)) == 0) {
      out->sketch = (eto_sketch_kind)k;
      found = 1;
    }
  if (!found) BAD("unknown sketch '%s'", sk);
  const char *p = s + pos;
  if (strncmp(p, "s=", 2) != 0) BAD("missing s= (space tiles)");
  p += 2;
  const char *e = strchr(p, ' ');
  if (!e) BAD("missing r= (reduction tiles)");
  int ns = parse_tiles(p, e, ETO_SPACE_LEVELS, out->stile);
  if (ns < 0) BAD("bad space tiles '%.*s'", (int)(e - p), p);
  out->nspace = ns;
  p = e + 1;
  if (strncmp(p, "r=", 2) != 0) BAD("missing r= (reduction tiles)");
  p += 2;
  e = strchr(p, ' ');
  if (!e) BAD("missing u= (unroll)");
  int64_t rt[ETO_MAX_LOOPS][ETO_SPACE_LEVELS];
  int nr = parse_tiles(p, e, ETO_REDUCE_LEVELS, rt);
  if (nr < 0) BAD("bad reduction tiles '%.*s'", (int)(e - p), p);
  out->nreduce = nr;
  for (int j = 0; j < nr; j++)
    for (int l = 0; l < ETO_REDUCE_LEVELS; l++) out->rtile[j][l] = rt[j][l];
  p = e + 1;
  int v0, v1, used = 0;
  if (sscanf(p, "u=%d v=%d.%d%n", &out->unroll, &v0, &v1, &used) != 3) BAD("bad 'u=N v=A.B' tail");
  _Static_assert(ETO_MAX_INPUTS == 2, "recipe tail lists two vector lengths");
  out->vec[0] = v0;
  out->vec[1] = v1;
  p += used;
  int d0, d1;
  if (sscanf(p, " d=%d.%d%n", &d0, &d1, &used) == 2) {
    if ((d0 != 0 && d0 != 1) || (d1 != 0 && d1 != 1)) BAD("bad 'd=A.B' (direct reads: 0 or 1 per input)");
    out->direct[0] = d0;
    out->direct[1] = d1;
    p += used;
  }
  int pf;
  if (sscanf(p, " p=%d%n", &pf, &used) == 1) {
    if (pf < 1 || pf > ETO_PREFETCH_MAX) BAD("bad 'p=N' (prefetch distance: 1..%d reduction steps)", ETO_PREFETCH_MAX);
    out->prefetch = pf;
    p += used;
  }
  /* later versions may append " key=value" fields: ignore them */
  if (*p && *p != ' ' && *p != '\n') BAD("trailing characters '%s'", p);
  return 0;
}

int eto_program_summary(const eto_compute *c, const eto_program *p, char *buf, int cap) {
  eto_features f;
  eto_sched_features(c, p, &f);
  int n = 0;
  if (cap > 0) buf[0] = 0;
  APPEND("%s blk[", eto_sketch_name(p->sketch));
  for (int i = 0; i < p->nspace; i++) APPEND("%s%lld", i ? "," : "", (long long)f.bshape[i]);
  APPEND("] thr%lld tile[", (long long)f.threads_per_block);
  for (int i = 0; i < p->nspace; i++) APPEND("%s%lld", i ? "," : "", (long long)f.tshape_t[i]);
  APPEND("] fetch[");
  for (int j = 0; j < p->nreduce; j++) APPEND("%s%lld", j ? "," : "", (long long)f.lshape[j]);
  APPEND("] u%d v%d.%d%s", p->unroll, p->vec[0], p->vec[1], f.perfect ? "" : " imperfect");
  if (p->direct[0] || p->direct[1]) APPEND(" d%d.%d", p->direct[0], p->direct[1]);
  if (p->prefetch) APPEND(" p%d", p->prefetch);
  return n;
}
