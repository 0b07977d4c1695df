/* key.c — workload key -> operator: the inverse of eto_op_key, so cached workloads (which carry only their
 * key) can be rebuilt, verified and reused. The key is rewritten as one operators.list line and parsed by
 * the list parser, so every check of the list format applies. */
#include <stdio.h>
#include <string.h>

#include "op.h"

eto_status eto_op_from_key(const char *key, eto_op *out, char *msg, size_t cap) {
  char line[1024];
  size_t n = 0, len = strlen(key);
  if (len + 64 >= sizeof line) {
    if (msg && cap) snprintf(msg, cap, "workload key too long");
    return ETO_ERR_INVALID;
  }
  /* "kind:a=1,b=2;stride=1,1;pad=0,0;dtype=float32;bias;relu" -> "kind a=1 b=2 stride=1,1 pad=0,0 ..." */
  int section = 0; /* 0: kind, 1: main keys, 2: a ;-section */
  for (size_t i = 0; i < len; i++) {
    char ch = key[i];
    if (section == 0 && ch == ':') {
      line[n++] = ' ';
      section = 1;
    } else if (ch == ';') {
      /* a flag section without '=' (";bias") becomes "bias=1" */
      const char *next = key + i + 1;
      size_t w = strcspn(next, ";");
      line[n++] = ' ';
      if (!memchr(next, '=', w)) {
        memcpy(line + n, next, w);
        n += w;
        memcpy(line + n, "=1", 2);
        n += 2;
        i += w;
      }
      section = 2;
    } else if (ch == ',' && section == 1) {
      line[n++] = ' ';
    } else {
      line[n++] = ch;
    }
  }
  line[n++] = '\n';
  line[n] = 0;
  eto_oplist *l = NULL;
  eto_status st = eto_oplist_parse("workload key", line, n, &l, msg, cap);
  if (st != ETO_OK) return st;
  if (eto_oplist_count(l) != 1) {
    eto_oplist_free(l);
    if (msg && cap) snprintf(msg, cap, "workload key does not describe one operator");
    return ETO_ERR_INVALID;
  }
  *out = *eto_oplist_get(l, 0);
  out->freq = 1;
  out->line = 0;
  eto_oplist_free(l);
  char back[1024];
  eto_op_key(out, back, sizeof back);
  if (strcmp(back, key) != 0) {
    if (msg && cap) snprintf(msg, cap, "workload key is not canonical (it reads back as %s)", back);
    return ETO_ERR_INVALID;
  }
  return ETO_OK;
}

int eto_op_symbol(const eto_op *op, char *buf, int cap) {
  char key[1024], sym[1024];
  eto_op_key(op, key, sizeof key);
  char *dt = strstr(key, ";dtype=float32");
  if (dt) memmove(dt, dt + strlen(";dtype=float32"), strlen(dt + strlen(";dtype=float32")) + 1);
  size_t n = 0;
  for (const char *p = key; *p && n + 1 < sizeof sym; p++) {
    if (*p == '=') continue;
    sym[n++] = (*p == ':' || *p == ',' || *p == ';') ? '_' : *p;
  }
  sym[n] = 0;
  return snprintf(buf, cap > 0 ? (size_t)cap : 0, "%s", sym);
}
