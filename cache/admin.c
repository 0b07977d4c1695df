/* admin.c — statistics and the integrity check: whole-store scans in one read transaction. */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cache_internal.h"

/* ---- stats ---------------------------------------------------------------------------------------- */

typedef struct {
  eto_cache_stats_report *s;
  size_t cap;
  size_t last; /* row of the previous record: records of one (target, kind) come together */
} stats_ctx;

static eto_cache_stats_row *stats_row(stats_ctx *x, const char *fp, const char *kind) {
  eto_cache_stats_report *s = x->s;
  if (!kind) kind = "?";
  if (x->last < s->row_count && strcmp(s->rows[x->last].fingerprint, fp) == 0 &&
      strcmp(s->rows[x->last].kind, kind) == 0)
    return &s->rows[x->last];
  for (size_t i = 0; i < s->row_count; i++)
    if (strcmp(s->rows[i].fingerprint, fp) == 0 && strcmp(s->rows[i].kind, kind) == 0)
      return &s->rows[x->last = i];
  if (s->row_count == x->cap) {
    size_t cap = x->cap ? 2 * x->cap : 8;
    eto_cache_stats_row *rows = realloc(s->rows, cap * sizeof *rows);
    if (!rows) return NULL;
    s->rows = rows;
    x->cap = cap;
  }
  eto_cache_stats_row *r = &s->rows[s->row_count];
  memset(r, 0, sizeof *r);
  r->fingerprint = strdup(fp);
  r->kind = strdup(kind);
  if (!r->fingerprint || !r->kind) {
    free(r->fingerprint);
    free(r->kind);
    return NULL;
  }
  x->last = s->row_count++;
  return r;
}

static int row_cmp(const void *a, const void *b) {
  const eto_cache_stats_row *x = a, *y = b;
  int d = strcmp(x->fingerprint, y->fingerprint);
  return d ? d : strcmp(x->kind, y->kind);
}

static eto_cache_status stats_txn(eto_cache *c, MDB_txn *txn, void *p) {
  stats_ctx *x = p;
  eto_cache_stats_report *s = x->s;
  char why[256];
  MDB_cursor *cur;
  MDB_val k, v;
  int rc;
  for (int db = CACHE_DB_BEST; db <= CACHE_DB_TRIALS; db++) {
    if ((rc = mdb_cursor_open(txn, c->dbi[db], &cur)) != 0) return cache_mdb_fail(c, rc, "opening a cursor");
    for (rc = mdb_cursor_get(cur, &k, &v, MDB_FIRST); rc == 0; rc = mdb_cursor_get(cur, &k, &v, MDB_NEXT)) {
      eto_cache_status st;
      eto_cache_stats_row *row = NULL;
      if (db == CACHE_DB_BEST) {
        eto_cache_best r;
        st = cache_best_decode(v.mv_data, v.mv_size, &r, why, sizeof why);
        if (st == ETO_CACHE_OK && (row = stats_row(x, r.fingerprint, r.kind)) != NULL) {
          row->best++;
          row->bad += r.bad != 0;
          s->best++;
        }
        eto_cache_best_clear(&r);
      } else {
        eto_cache_trial r;
        st = cache_trial_decode(v.mv_data, v.mv_size, &r, why, sizeof why);
        if (st == ETO_CACHE_OK && (row = stats_row(x, r.fingerprint, r.kind)) != NULL) {
          row->trials++;
          row->trials_ok += r.status == ETO_CACHE_TRIAL_OK;
          s->trials++;
        }
        eto_cache_trial_clear(&r);
      }
      if ((st == ETO_CACHE_OK && !row) || st == ETO_CACHE_ENOMEM) {
        mdb_cursor_close(cur);
        return cache_fail(c, ETO_CACHE_ENOMEM, "out of memory");
      }
      s->stale += st == ETO_CACHE_STALE;
      s->corrupt += st == ETO_CACHE_ECORRUPT;
    }
    mdb_cursor_close(cur);
    if (rc != MDB_NOTFOUND) return cache_mdb_fail(c, rc, "scanning the store");
  }
  MDB_stat ms;
  if ((rc = mdb_stat(txn, c->dbi[CACHE_DB_BYSIG], &ms)) != 0)
    return cache_mdb_fail(c, rc, "reading index stats");
  s->index_entries = ms.ms_entries;
  if ((rc = mdb_cursor_open(txn, c->dbi[CACHE_DB_META], &cur)) != 0)
    return cache_mdb_fail(c, rc, "opening a cursor");
  for (rc = mdb_cursor_get(cur, &k, &v, MDB_FIRST); rc == 0; rc = mdb_cursor_get(cur, &k, &v, MDB_NEXT))
    s->targets += k.mv_size > 7 && memcmp(k.mv_data, "target:", 7) == 0;
  mdb_cursor_close(cur);
  if (rc != MDB_NOTFOUND) return cache_mdb_fail(c, rc, "scanning the store");
  MDB_envinfo info;
  MDB_stat es;
  if ((rc = mdb_env_info(c->env, &info)) != 0 || (rc = mdb_env_stat(c->env, &es)) != 0)
    return cache_mdb_fail(c, rc, "reading environment stats");
  s->map_size = info.me_mapsize;
  s->used_size = (uint64_t)(info.me_last_pgno + 1) * es.ms_psize;
  s->readers = info.me_numreaders;
  return ETO_CACHE_OK;
}

eto_cache_status eto_cache_stats(eto_cache *c, eto_cache_stats_report *out) {
  if (!out) return c ? cache_fail(c, ETO_CACHE_EINVAL, "no output") : ETO_CACHE_EINVAL;
  memset(out, 0, sizeof *out);
  eto_cache_status st = cache_enter(c);
  if (st != ETO_CACHE_OK) return st;
  stats_ctx x = {out, 0, 0};
  st = cache_read(c, stats_txn, &x);
  if (st != ETO_CACHE_OK) {
    eto_cache_stats_report_free(out);
    return st;
  }
  if (out->row_count) qsort(out->rows, out->row_count, sizeof *out->rows, row_cmp);
  out->stale_seen = c->stale_seen;
  out->map_resizes = c->map_resizes;
  out->map_adoptions = c->map_adoptions;
  char *data = malloc(strlen(c->path) + 16);
  struct stat sb;
  if (data) {
    sprintf(data, "%s/data.mdb", c->path);
    if (stat(data, &sb) == 0) out->file_size = (uint64_t)sb.st_size;
    free(data);
  }
  return ETO_CACHE_OK;
}

void eto_cache_stats_report_free(eto_cache_stats_report *s) {
  if (!s) return;
  for (size_t i = 0; i < s->row_count; i++) {
    free(s->rows[i].fingerprint);
    free(s->rows[i].kind);
  }
  free(s->rows);
  memset(s, 0, sizeof *s);
}

/* ---- verify --------------------------------------------------------------------------------------- */

#define VERIFY_MAX_MESSAGES 20

typedef struct {
  eto_cache_verify_report *r;
  const eto_cache_checker *checker;
  size_t len, cap;
  int oom;
} verify_ctx;

/* Does the caller's checker refuse the record? The reason goes to why. */
static int refuses_best(const verify_ctx *x, const eto_cache_best *r, char *why, size_t n) {
  why[0] = '\0';
  return x->checker && x->checker->best && x->checker->best(r, x->checker->user, why, n) != 0;
}

static int refuses_trial(const verify_ctx *x, const eto_cache_trial *r, char *why, size_t n) {
  why[0] = '\0';
  return x->checker && x->checker->trial && x->checker->trial(r, x->checker->user, why, n) != 0;
}

/* Counts a usable record written before checksums (schema 1). */
static void count_unchecked(verify_ctx *x, const MDB_val *v) {
  int schema = cache_value_schema(v->mv_data, v->mv_size);
  x->r->unchecked += schema >= 0 && schema < 2;
}

static void problem(verify_ctx *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void problem(verify_ctx *x, const char *fmt, ...) {
  if (x->r->problems++ >= VERIFY_MAX_MESSAGES || x->oom) return;
  char line[600];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(line, sizeof line - 1, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if ((size_t)n > sizeof line - 2) n = (int)sizeof line - 2;
  line[n++] = '\n';
  if (x->len + (size_t)n + 1 > x->cap) {
    size_t cap = (x->cap + (size_t)n + 1) * 2;
    char *m = realloc(x->r->messages, cap);
    if (!m) {
      x->oom = 1;
      return;
    }
    x->r->messages = m;
    x->cap = cap;
  }
  memcpy(x->r->messages + x->len, line, (size_t)n);
  x->len += (size_t)n;
  x->r->messages[x->len] = '\0';
}

/* Does the index hold (key of rec's signature, rec's workload)? */
static int index_has(eto_cache *c, MDB_txn *txn, const eto_cache_best *rec) {
  char key[CACHE_KEY_MAX + 1];
  size_t klen;
  if (cache_key_sig(c, rec->fingerprint, rec->kind, rec->signature, key, &klen) != ETO_CACHE_OK) return 0;
  MDB_cursor *cur;
  if (mdb_cursor_open(txn, c->dbi[CACHE_DB_BYSIG], &cur) != 0) return 0;
  MDB_val k = {klen, key}, v = {strlen(rec->workload), rec->workload};
  int rc = mdb_cursor_get(cur, &k, &v, MDB_GET_BOTH);
  mdb_cursor_close(cur);
  return rc == 0;
}

static const char *printable(const MDB_val *k, char *buf, size_t n) {
  size_t j = 0;
  for (size_t i = 0; i < k->mv_size && j + 1 < n; i++) {
    unsigned char ch = ((const unsigned char *)k->mv_data)[i];
    buf[j++] = ch >= 32 && ch < 127 ? (char)ch : '.';
  }
  buf[j] = '\0';
  return buf;
}

/* Checks one record of a scan (k its key, v its value); the problems it finds go to x. */
typedef void (*check_fn)(eto_cache *c, MDB_txn *txn, verify_ctx *x, const MDB_val *k, const MDB_val *v);

/* Every record of database db through check; `what` names the scan in an LMDB error. */
static eto_cache_status scan(eto_cache *c, MDB_txn *txn, verify_ctx *x, int db, check_fn check, const char *what) {
  MDB_cursor *cur;
  MDB_val k, v;
  int rc = mdb_cursor_open(txn, c->dbi[db], &cur);
  if (rc) return cache_mdb_fail(c, rc, "opening a cursor");
  for (rc = mdb_cursor_get(cur, &k, &v, MDB_FIRST); rc == 0; rc = mdb_cursor_get(cur, &k, &v, MDB_NEXT))
    check(c, txn, x, &k, &v);
  mdb_cursor_close(cur);
  return rc == MDB_NOTFOUND ? ETO_CACHE_OK : cache_mdb_fail(c, rc, what);
}

static void check_best(eto_cache *c, MDB_txn *txn, verify_ctx *x, const MDB_val *k, const MDB_val *v) {
  char key[CACHE_KEY_MAX + 1], kb[128], why[512];
  size_t klen;
  x->r->best++;
  eto_cache_best r;
  eto_cache_status st = cache_best_decode(v->mv_data, v->mv_size, &r, why, sizeof why);
  if (st == ETO_CACHE_STALE)
    x->r->stale++;
  else if (st != ETO_CACHE_OK)
    problem(x, "best %s: %s", printable(k, kb, sizeof kb), why);
  else if (cache_key_best(c, r.fingerprint, r.workload, key, &klen) != ETO_CACHE_OK || klen != k->mv_size ||
           memcmp(key, k->mv_data, klen) != 0)
    problem(x, "best %s: key does not match the record (workload %s)", printable(k, kb, sizeof kb), r.workload);
  else if (!index_has(c, txn, &r))
    problem(x, "best %s: no index entry for kind %s, signature %.80s", printable(k, kb, sizeof kb), r.kind,
            r.signature);
  else if (refuses_best(x, &r, why, sizeof why))
    problem(x, "best %s: %s", printable(k, kb, sizeof kb), why[0] ? why : "refused by the checker");
  if (st == ETO_CACHE_OK) count_unchecked(x, v);
  eto_cache_best_clear(&r);
}

static eto_cache_status verify_best(eto_cache *c, MDB_txn *txn, verify_ctx *x) {
  return scan(c, txn, x, CACHE_DB_BEST, check_best, "scanning best records");
}

static eto_cache_status verify_index(eto_cache *c, MDB_txn *txn, verify_ctx *x) {
  MDB_cursor *cur;
  MDB_val k, v;
  char key[CACHE_KEY_MAX + 1], kb[128], why[512];
  size_t klen;
  int rc = mdb_cursor_open(txn, c->dbi[CACHE_DB_BYSIG], &cur);
  if (rc) return cache_mdb_fail(c, rc, "opening a cursor");
  for (rc = mdb_cursor_get(cur, &k, &v, MDB_FIRST); rc == 0; rc = mdb_cursor_get(cur, &k, &v, MDB_NEXT)) {
    x->r->index_entries++;
    if (k.mv_size < 2 * CACHE_HASH_HEX + 2 || v.mv_size == 0 || v.mv_size > ETO_CACHE_MAX_WORKLOAD) {
      problem(x, "index %s: malformed entry", printable(&k, kb, sizeof kb));
      continue;
    }
    memcpy(key, k.mv_data, CACHE_HASH_HEX); /* H(fp) · workload: the best key it points to */
    memcpy(key + CACHE_HASH_HEX, v.mv_data, v.mv_size);
    MDB_val bk = {CACHE_HASH_HEX + v.mv_size, key}, bv;
    rc = mdb_get(txn, c->dbi[CACHE_DB_BEST], &bk, &bv);
    if (rc == MDB_NOTFOUND) {
      problem(x, "index %s: points to a missing best record %s", printable(&k, kb, sizeof kb),
              printable(&v, why, sizeof why));
      continue;
    }
    if (rc) break;
    eto_cache_best r;
    eto_cache_status st = cache_best_decode(bv.mv_data, bv.mv_size, &r, why, sizeof why);
    if (st == ETO_CACHE_OK &&
        (cache_key_sig(c, r.fingerprint, r.kind, r.signature, key, &klen) != ETO_CACHE_OK ||
         klen != k.mv_size || memcmp(key, k.mv_data, klen) != 0))
      problem(x, "index %s: the record of %s has another kind or signature", printable(&k, kb, sizeof kb),
              r.workload);
    eto_cache_best_clear(&r); /* stale or broken records are reported by verify_best */
  }
  mdb_cursor_close(cur);
  return rc == MDB_NOTFOUND ? ETO_CACHE_OK : cache_mdb_fail(c, rc, "scanning the index");
}

static void check_trial(eto_cache *c, MDB_txn *txn, verify_ctx *x, const MDB_val *k, const MDB_val *v) {
  (void)txn;
  char key[CACHE_KEY_MAX + 1], kb[128], why[512];
  size_t klen;
  x->r->trials++;
  eto_cache_trial r;
  eto_cache_status st = cache_trial_decode(v->mv_data, v->mv_size, &r, why, sizeof why);
  if (st == ETO_CACHE_STALE)
    x->r->stale++;
  else if (st != ETO_CACHE_OK)
    problem(x, "trial %s: %s", printable(k, kb, sizeof kb), why);
  else if (cache_key_trial_prefix(c, r.fingerprint, r.workload, key, &klen) != ETO_CACHE_OK ||
           k->mv_size != klen + 8 || memcmp(key, k->mv_data, klen) != 0)
    problem(x, "trial %s: key does not match the record (workload %s)", printable(k, kb, sizeof kb), r.workload);
  else if (refuses_trial(x, &r, why, sizeof why))
    problem(x, "trial %s: %s", printable(k, kb, sizeof kb), why[0] ? why : "refused by the checker");
  if (st == ETO_CACHE_OK) count_unchecked(x, v);
  eto_cache_trial_clear(&r);
}

static eto_cache_status verify_trials(eto_cache *c, MDB_txn *txn, verify_ctx *x) {
  return scan(c, txn, x, CACHE_DB_TRIALS, check_trial, "scanning trials");
}

static eto_cache_status verify_meta(eto_cache *c, MDB_txn *txn, verify_ctx *x) {
  MDB_cursor *cur;
  MDB_val k, v;
  char key[32], kb[128], why[512];
  size_t klen;
  int rc = mdb_cursor_open(txn, c->dbi[CACHE_DB_META], &cur);
  if (rc) return cache_mdb_fail(c, rc, "opening a cursor");
  for (rc = mdb_cursor_get(cur, &k, &v, MDB_FIRST); rc == 0; rc = mdb_cursor_get(cur, &k, &v, MDB_NEXT)) {
    x->r->meta++;
    if (k.mv_size == 6 && memcmp(k.mv_data, "layout", 6) == 0) continue; /* checked at open */
    char *fp, *desc;
    eto_cache_status st = cache_target_decode(v.mv_data, v.mv_size, &fp, &desc, why, sizeof why);
    if (st == ETO_CACHE_STALE)
      x->r->stale++;
    else if (st != ETO_CACHE_OK)
      problem(x, "meta %s: %s", printable(&k, kb, sizeof kb), why);
    else {
      cache_key_target(fp, key, &klen);
      if (klen != k.mv_size || memcmp(key, k.mv_data, klen) != 0)
        problem(x, "meta %s: key does not match the record", printable(&k, kb, sizeof kb));
      count_unchecked(x, &v);
    }
    free(fp);
    free(desc);
  }
  mdb_cursor_close(cur);
  return rc == MDB_NOTFOUND ? ETO_CACHE_OK : cache_mdb_fail(c, rc, "scanning meta");
}

static eto_cache_status verify_txn(eto_cache *c, MDB_txn *txn, void *p) {
  verify_ctx *x = p;
  eto_cache_status st = verify_best(c, txn, x);
  if (st == ETO_CACHE_OK) st = verify_index(c, txn, x);
  if (st == ETO_CACHE_OK) st = verify_trials(c, txn, x);
  if (st == ETO_CACHE_OK) st = verify_meta(c, txn, x);
  return st;
}

eto_cache_status eto_cache_verify(eto_cache *c, const eto_cache_verify_opts *opts,
                                  eto_cache_verify_report *out) {
  if (!out) return c ? cache_fail(c, ETO_CACHE_EINVAL, "no output") : ETO_CACHE_EINVAL;
  memset(out, 0, sizeof *out);
  eto_cache_status st = cache_enter(c);
  if (st != ETO_CACHE_OK) return st;
  verify_ctx x = {out, opts ? opts->checker : NULL, 0, 0, 0};
  st = cache_read(c, verify_txn, &x);
  if (!out->messages) out->messages = calloc(1, 1);
  if (st == ETO_CACHE_OK && (x.oom || !out->messages)) st = cache_fail(c, ETO_CACHE_ENOMEM, "out of memory");
  if (st == ETO_CACHE_OK && out->problems)
    st = cache_fail(c, ETO_CACHE_ECORRUPT, "%zu problem%s found in %s", out->problems,
                    out->problems == 1 ? "" : "s", c->path);
  return st;
}

void eto_cache_verify_report_free(eto_cache_verify_report *r) {
  if (!r) return;
  free(r->messages);
  memset(r, 0, sizeof *r);
}
