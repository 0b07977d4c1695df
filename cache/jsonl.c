/* jsonl.c — export of the whole store as JSON lines, and import of such lines.
 *
 * A line is one record object, exactly as stored (canonical encoding), with its "type": "meta" (a target
 * description), "best" or "trial". Export writes targets, then best records, then trials, each in key
 * order; trials keep their order within a workload, so an import into an empty cache gives the same keys
 * and the next export the same bytes.
 */
#define _POSIX_C_SOURCE 200809L

#include <cjson/cJSON.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache_internal.h"

/* ---- export --------------------------------------------------------------------------------------- */

typedef struct {
  FILE *out;
  eto_cache_export_report *r;
  size_t stale, corrupt;
  int io_error;
  char why[512];
} export_ctx;

static int write_line(export_ctx *x, const char *json) {
  if (fputs(json, x->out) == EOF || fputc('\n', x->out) == EOF) x->io_error = errno ? errno : EIO;
  return !x->io_error;
}

static void count_skip(export_ctx *x, eto_cache_status st) {
  x->r->skipped++;
  if (st == ETO_CACHE_STALE)
    x->stale++;
  else
    x->corrupt++;
}

static eto_cache_status export_txn(eto_cache *c, MDB_txn *txn, void *p) {
  export_ctx *x = p;
  static const int order[] = {CACHE_DB_META, CACHE_DB_BEST, CACHE_DB_TRIALS};
  for (int i = 0; i < 3 && !x->io_error; i++) {
    MDB_cursor *cur;
    MDB_val k, v;
    int rc = mdb_cursor_open(txn, c->dbi[order[i]], &cur);
    if (rc) return cache_mdb_fail(c, rc, "opening a cursor");
    for (rc = mdb_cursor_get(cur, &k, &v, MDB_FIRST); rc == 0 && !x->io_error;
         rc = mdb_cursor_get(cur, &k, &v, MDB_NEXT)) {
      char *json = NULL;
      eto_cache_status st;
      if (order[i] == CACHE_DB_META) {
        if (k.mv_size == 6 && memcmp(k.mv_data, "layout", 6) == 0) continue;
        char *fp, *desc;
        st = cache_target_decode(v.mv_data, v.mv_size, &fp, &desc, x->why, sizeof x->why);
        if (st == ETO_CACHE_OK && !(json = cache_target_encode(fp, desc))) st = ETO_CACHE_ENOMEM;
        free(fp);
        free(desc);
        if (json) x->r->targets++;
      } else if (order[i] == CACHE_DB_BEST) {
        eto_cache_best r;
        st = cache_best_decode(v.mv_data, v.mv_size, &r, x->why, sizeof x->why);
        if (st == ETO_CACHE_OK && !(json = cache_best_encode(&r, 0))) st = ETO_CACHE_ENOMEM;
        eto_cache_best_clear(&r);
        if (json) x->r->best++;
      } else {
        eto_cache_trial r;
        st = cache_trial_decode(v.mv_data, v.mv_size, &r, x->why, sizeof x->why);
        if (st == ETO_CACHE_OK && !(json = cache_trial_encode(&r, 0))) st = ETO_CACHE_ENOMEM;
        eto_cache_trial_clear(&r);
        if (json) x->r->trials++;
      }
      if (st == ETO_CACHE_ENOMEM) {
        mdb_cursor_close(cur);
        return cache_fail(c, st, "out of memory");
      }
      if (st != ETO_CACHE_OK)
        count_skip(x, st);
      else
        write_line(x, json);
      free(json);
    }
    mdb_cursor_close(cur);
    if (rc != 0 && rc != MDB_NOTFOUND) return cache_mdb_fail(c, rc, "exporting");
  }
  return ETO_CACHE_OK;
}

eto_cache_status eto_cache_export(eto_cache *c, FILE *out, eto_cache_export_report *report) {
  eto_cache_export_report local;
  eto_cache_export_report *r = report ? report : &local;
  memset(r, 0, sizeof *r);
  eto_cache_status st = cache_enter(c);
  if (st != ETO_CACHE_OK) return st;
  if (!out) return cache_fail(c, ETO_CACHE_EINVAL, "no output file");
  export_ctx x = {out, r, 0, 0, 0, ""};
  errno = 0;
  st = cache_read(c, export_txn, &x);
  if (st != ETO_CACHE_OK) return st;
  if (!x.io_error && fflush(out) == EOF) x.io_error = errno ? errno : EIO;
  if (x.io_error) return cache_fail(c, ETO_CACHE_EIO, "writing the export failed: %s", strerror(x.io_error));
  c->stale_seen += x.stale;
  if (x.corrupt)
    return cache_fail(c, ETO_CACHE_ECORRUPT, "%zu record(s) did not parse and were left out; last: %s",
                      x.corrupt, x.why);
  if (x.stale)
    return cache_fail(c, ETO_CACHE_STALE, "%zu stale record(s) were left out; last: %s", x.stale, x.why);
  return ETO_CACHE_OK;
}

/* ---- import --------------------------------------------------------------------------------------- */

#define IMPORT_MAX_MESSAGES 100

enum { ITEM_BEST, ITEM_TRIAL, ITEM_META };

typedef struct {
  int type;
  eto_cache_best best;
  eto_cache_trial trial;
  char *fp, *desc; /* meta */
  char *json;      /* canonical encoding */
} import_item;

typedef struct {
  import_item *items;
  size_t n, cap;
  /* tallies of the transaction being tried; added to the report after it commits */
  size_t best_new, best_replaced, best_kept, trials_added, trials_duplicate, targets_added, targets_kept;
} import_batch;

typedef struct {
  eto_cache_import_report *r;
  const char *name; /* of the input, or NULL */
  const char *only_fp;
  const eto_cache_checker *checker;
  size_t msg_len, msg_cap, msg_count;
  int oom;
} import_state;

static void skip(import_state *s, size_t line, int refused, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Counts a line not imported (refused: invalid, else only filtered out) and keeps its message. */
static void skip(import_state *s, size_t line, int refused, const char *fmt, ...) {
  s->r->skipped++;
  s->r->refused += refused != 0;
  if (s->msg_count >= IMPORT_MAX_MESSAGES || s->oom) return;
  char text[800];
  int n = s->name ? snprintf(text, 200, "%s:%zu: ", s->name, line) : snprintf(text, 200, "%zu: ", line);
  if (n < 0) {
    n = 0;
    text[0] = '\0';
  } else if (n >= 200) {
    n = 199;
  }
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text + n, sizeof text - (size_t)n - 1, fmt, ap);
  va_end(ap);
  size_t len = strlen(text);
  text[len++] = '\n';
  if (s->msg_len + len + 1 > s->msg_cap) {
    size_t cap = (s->msg_cap + len + 1) * 2;
    char *m = realloc(s->r->messages, cap);
    if (!m) {
      s->oom = 1;
      return;
    }
    s->r->messages = m;
    s->msg_cap = cap;
  }
  memcpy(s->r->messages + s->msg_len, text, len);
  s->msg_len += len;
  s->r->messages[s->msg_len] = '\0';
  s->msg_count++;
}

static void item_clear(import_item *it) {
  eto_cache_best_clear(&it->best);
  eto_cache_trial_clear(&it->trial);
  free(it->fp);
  free(it->desc);
  free(it->json);
  memset(it, 0, sizeof *it);
}

static void batch_clear(import_batch *b) {
  for (size_t i = 0; i < b->n; i++) item_clear(&b->items[i]);
  b->n = 0;
}

static eto_cache_status import_meta_txn(eto_cache *c, MDB_txn *txn, import_item *it, import_batch *b) {
  char key[32], why[256];
  size_t klen;
  cache_key_target(it->fp, key, &klen);
  MDB_val k = {klen, key}, v;
  int rc = mdb_get(txn, c->dbi[CACHE_DB_META], &k, &v);
  if (rc != 0 && rc != MDB_NOTFOUND) return cache_mdb_fail(c, rc, "reading a target description");
  if (rc == 0) { /* keep a usable description of the same target */
    char *fp, *desc;
    eto_cache_status st = cache_target_decode(v.mv_data, v.mv_size, &fp, &desc, why, sizeof why);
    int keep = st == ETO_CACHE_OK && strcmp(fp, it->fp) == 0;
    free(fp);
    free(desc);
    if (keep) {
      b->targets_kept++;
      return ETO_CACHE_OK;
    }
  }
  v.mv_data = it->json;
  v.mv_size = strlen(it->json);
  if ((rc = mdb_put(txn, c->dbi[CACHE_DB_META], &k, &v, 0)) != 0)
    return cache_mdb_fail(c, rc, "writing a target description");
  b->targets_added++;
  return ETO_CACHE_OK;
}

static eto_cache_status import_txn(eto_cache *c, MDB_txn *txn, void *p) {
  import_batch *b = p;
  b->best_new = b->best_replaced = b->best_kept = b->trials_added = b->trials_duplicate = 0;
  b->targets_added = b->targets_kept = 0;
  for (size_t i = 0; i < b->n; i++) {
    import_item *it = &b->items[i];
    eto_cache_status st;
    if (it->type == ITEM_BEST) {
      eto_cache_put_outcome out = ETO_CACHE_PUT_NONE;
      st = cache_best_put_txn(c, txn, &it->best, it->json, &out);
      if (out == ETO_CACHE_PUT_NEW)
        b->best_new++;
      else if (out == ETO_CACHE_PUT_KEPT)
        b->best_kept++;
      else if (out != ETO_CACHE_PUT_NONE)
        b->best_replaced++;
    } else if (it->type == ITEM_TRIAL) {
      int added = 0;
      st = cache_trial_put_txn(c, txn, &it->trial, it->json, 1, &added);
      if (added)
        b->trials_added++;
      else
        b->trials_duplicate++;
    } else {
      st = import_meta_txn(c, txn, it, b);
    }
    if (st != ETO_CACHE_OK) return st;
  }
  return ETO_CACHE_OK;
}

static eto_cache_status flush(eto_cache *c, import_batch *b, eto_cache_import_report *r) {
  if (b->n == 0) return ETO_CACHE_OK;
  eto_cache_status st = cache_write(c, import_txn, b);
  if (st == ETO_CACHE_OK) {
    r->best_new += b->best_new;
    r->best_replaced += b->best_replaced;
    r->best_kept += b->best_kept;
    r->trials_added += b->trials_added;
    r->trials_duplicate += b->trials_duplicate;
    r->targets_added += b->targets_added;
    r->targets_kept += b->targets_kept;
  }
  batch_clear(b);
  return st;
}

/* Decodes one line into the next batch item, or reports why it is skipped. ENOMEM is the only error. */
static eto_cache_status import_line(const char *line, size_t len, size_t lineno, import_batch *b,
                                    import_state *s) {
  char why[512];
  if (len > ETO_CACHE_MAX_LINE) {
    skip(s, lineno, 1, "line of %zu bytes is longer than %zu bytes", len, ETO_CACHE_MAX_LINE);
    return ETO_CACHE_OK;
  }
  if (cache_json_has_nul(line, len)) {
    skip(s, lineno, 1, "holds a NUL byte (raw or as \\u0000), which would silently cut a field");
    return ETO_CACHE_OK;
  }
  int raw_ok = cache_raw_checksum_ok(line, len);
  cJSON *o = cJSON_ParseWithLength(line, len);
  if (!o || !cJSON_IsObject(o)) {
    cJSON_Delete(o);
    skip(s, lineno, 1, "not a JSON object");
    return ETO_CACHE_OK;
  }
  const cJSON *t = cJSON_GetObjectItemCaseSensitive(o, "type");
  char type[16]; /* copied: the object is deleted before the type is used in messages */
  snprintf(type, sizeof type, "%s", cJSON_IsString(t) ? t->valuestring : "");
  import_item it;
  memset(&it, 0, sizeof it);
  eto_cache_status st;
  const char *fp = NULL;
  if (strcmp(type, "best") == 0) {
    it.type = ITEM_BEST;
    st = cache_best_from_json(o, raw_ok, &it.best, why, sizeof why);
    fp = it.best.fingerprint;
  } else if (strcmp(type, "trial") == 0) {
    it.type = ITEM_TRIAL;
    st = cache_trial_from_json(o, raw_ok, &it.trial, why, sizeof why);
    fp = it.trial.fingerprint;
  } else if (strcmp(type, "meta") == 0) {
    it.type = ITEM_META;
    st = cache_target_from_json(o, raw_ok, &it.fp, &it.desc, why, sizeof why);
    fp = it.fp;
  } else {
    st = ETO_CACHE_ECORRUPT;
    snprintf(why, sizeof why, "unknown record type \"%.40s\"", type);
  }
  cJSON_Delete(o);
  if (st == ETO_CACHE_ENOMEM) return st;
  if (st != ETO_CACHE_OK) {
    skip(s, lineno, 1, "%s", why);
    item_clear(&it);
    return ETO_CACHE_OK;
  }
  if (s->only_fp && strcmp(fp, s->only_fp) != 0) {
    skip(s, lineno, 0, "%s record of target \"%.80s\", not the selected target", type, fp);
    item_clear(&it);
    return ETO_CACHE_OK;
  }
  const eto_cache_checker *ck = s->checker;
  why[0] = '\0';
  int refused = !ck                     ? 0
                : it.type == ITEM_BEST  ? ck->best && ck->best(&it.best, ck->user, why, sizeof why) != 0
                : it.type == ITEM_TRIAL ? ck->trial && ck->trial(&it.trial, ck->user, why, sizeof why) != 0
                                        : 0;
  if (refused) {
    skip(s, lineno, 1, "%s record of %.200s refused: %s", type,
         it.type == ITEM_BEST ? it.best.workload : it.trial.workload, why[0] ? why : "(no reason given)");
    item_clear(&it);
    return ETO_CACHE_OK;
  }
  it.json = it.type == ITEM_BEST    ? cache_best_encode(&it.best, 0)
            : it.type == ITEM_TRIAL ? cache_trial_encode(&it.trial, 0)
                                    : cache_target_encode(it.fp, it.desc);
  if (it.json && b->n == b->cap) {
    size_t cap = b->cap * 2 + 16;
    import_item *items = realloc(b->items, cap * sizeof *items);
    if (items) {
      b->items = items;
      b->cap = cap;
    }
  }
  if (!it.json || b->n == b->cap) {
    item_clear(&it);
    return ETO_CACHE_ENOMEM;
  }
  b->items[b->n++] = it;
  return ETO_CACHE_OK;
}

eto_cache_status eto_cache_import(eto_cache *c, FILE *in, const eto_cache_import_opts *opts,
                                  eto_cache_import_report *report) {
  eto_cache_import_report local;
  eto_cache_import_report *r = report ? report : &local;
  memset(r, 0, sizeof *r);
  eto_cache_status st = cache_enter(c);
  if (st != ETO_CACHE_OK) return st;
  if (!in) return cache_fail(c, ETO_CACHE_EINVAL, "no input file");
  size_t per_batch = opts && opts->batch ? opts->batch : 512;
  import_batch b = {0};
  import_state s = {r, NULL, NULL, NULL, 0, 0, 0, 0};
  if (opts) {
    s.name = opts->name && *opts->name ? opts->name : NULL;
    s.only_fp = opts->fingerprint && *opts->fingerprint ? opts->fingerprint : NULL;
    s.checker = opts->checker;
  }
  char *line = NULL;
  size_t linecap = 0, lineno = 0;
  ssize_t n;
  errno = 0;
  while (st == ETO_CACHE_OK && (n = getline(&line, &linecap, in)) >= 0) {
    lineno++;
    size_t len = (size_t)n;
    while (len && (line[len - 1] == '\n' || line[len - 1] == '\r')) len--;
    size_t lead = strspn(line, " \t");
    if (lead >= len) continue;
    r->lines++;
    st = import_line(line, len, lineno, &b, &s);
    if (st == ETO_CACHE_ENOMEM)
      st = cache_fail(c, st, "out of memory at line %zu", lineno);
    else if (b.n >= per_batch)
      st = flush(c, &b, r);
  }
  if (st == ETO_CACHE_OK && ferror(in))
    st = cache_fail(c, ETO_CACHE_EIO, "reading the import failed at line %zu: %s", lineno + 1,
                    strerror(errno ? errno : EIO));
  if (st == ETO_CACHE_OK) st = flush(c, &b, r);
  batch_clear(&b);
  free(b.items);
  free(line);
  if (!r->messages) r->messages = calloc(1, 1);
  if (st == ETO_CACHE_OK && (s.oom || !r->messages)) st = cache_fail(c, ETO_CACHE_ENOMEM, "out of memory");
  if (!report) eto_cache_import_report_free(r);
  return st;
}

void eto_cache_import_report_free(eto_cache_import_report *r) {
  if (!r) return;
  free(r->messages);
  memset(r, 0, sizeof *r);
}
