/* store.c — keys, and the reads and writes of best records, trials, the by_sig index and target
 * descriptions.
 */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cache_internal.h"

/* ---- keys ----------------------------------------------------------------------------------------- */

void cache_hash_hex(const char *s, size_t len, char out[CACHE_HASH_HEX]) {
  uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a 64 */
  for (size_t i = 0; i < len; i++) {
    h ^= (unsigned char)s[i];
    h *= 0x100000001b3ull;
  }
  h ^= h >> 30; /* splitmix64 finalizer: spreads FNV's weak high bits */
  h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 27;
  h *= 0x94d049bb133111ebull;
  h ^= h >> 31;
  static const char hex[] = "0123456789abcdef";
  for (int i = CACHE_HASH_HEX - 1; i >= 0; i--) {
    out[i] = hex[h & 15];
    h >>= 4;
  }
}

static eto_cache_status need(eto_cache *c, const char *s, const char *what) {
  if (s && *s) return ETO_CACHE_OK;
  return cache_fail(c, ETO_CACHE_EINVAL, "%s is missing or empty", what);
}

static eto_cache_status workload_len(eto_cache *c, const char *wk, size_t *len) {
  eto_cache_status st = need(c, wk, "workload key");
  if (st != ETO_CACHE_OK) return st;
  *len = strlen(wk);
  if (*len > ETO_CACHE_MAX_WORKLOAD)
    return cache_fail(c, ETO_CACHE_EINVAL, "workload key of %zu bytes is longer than %d bytes", *len,
                      ETO_CACHE_MAX_WORKLOAD);
  return ETO_CACHE_OK;
}

eto_cache_status cache_key_best(eto_cache *c, const char *fp, const char *wk, char *buf, size_t *len) {
  size_t wl;
  eto_cache_status st = need(c, fp, "fingerprint");
  if (st == ETO_CACHE_OK) st = workload_len(c, wk, &wl);
  if (st != ETO_CACHE_OK) return st;
  cache_hash_hex(fp, strlen(fp), buf);
  memcpy(buf + CACHE_HASH_HEX, wk, wl);
  *len = CACHE_HASH_HEX + wl;
  return ETO_CACHE_OK;
}

eto_cache_status cache_key_trial_prefix(eto_cache *c, const char *fp, const char *wk, char *buf,
                                        size_t *len) {
  size_t wl = 0;
  eto_cache_status st = need(c, fp, "fingerprint");
  if (st == ETO_CACHE_OK && wk) st = workload_len(c, wk, &wl);
  if (st != ETO_CACHE_OK) return st;
  cache_hash_hex(fp, strlen(fp), buf);
  *len = CACHE_HASH_HEX;
  if (wk) {
    memcpy(buf + CACHE_HASH_HEX, wk, wl);
    buf[CACHE_HASH_HEX + wl] = '\0';
    *len += wl + 1;
  }
  return ETO_CACHE_OK;
}

eto_cache_status cache_key_sig(eto_cache *c, const char *fp, const char *kind, const char *sig, char *buf,
                               size_t *len) {
  eto_cache_status st = need(c, fp, "fingerprint");
  if (st == ETO_CACHE_OK) st = need(c, kind, "operator kind");
  if (st == ETO_CACHE_OK && sig) st = need(c, sig, "sketch signature");
  if (st != ETO_CACHE_OK) return st;
  size_t kl = strlen(kind);
  if (kl > ETO_CACHE_MAX_KIND)
    return cache_fail(c, ETO_CACHE_EINVAL, "operator kind longer than %d bytes", ETO_CACHE_MAX_KIND);
  cache_hash_hex(fp, strlen(fp), buf);
  memcpy(buf + CACHE_HASH_HEX, kind, kl);
  buf[CACHE_HASH_HEX + kl] = '\0';
  *len = CACHE_HASH_HEX + kl + 1;
  if (sig) {
    cache_hash_hex(sig, strlen(sig), buf + *len);
    *len += CACHE_HASH_HEX;
  }
  return ETO_CACHE_OK;
}

void cache_key_target(const char *fp, char *buf, size_t *len) {
  memcpy(buf, "target:", 7);
  cache_hash_hex(fp, strlen(fp), buf + 7);
  *len = 7 + CACHE_HASH_HEX;
}

static void put_be64(char *p, uint64_t v) {
  for (int i = 7; i >= 0; i--, v >>= 8) p[i] = (char)(v & 0xff);
}

static uint64_t get_be64(const char *p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; i++) v = v << 8 | (unsigned char)p[i];
  return v;
}

static int has_prefix(const MDB_val *k, const char *prefix, size_t plen) {
  return k->mv_size >= plen && memcmp(k->mv_data, prefix, plen) == 0;
}

/* Positions the cursor on the first key with the prefix (the first key at all for plen 0). */
static int cursor_first(MDB_cursor *cur, const char *prefix, size_t plen, MDB_val *k, MDB_val *v) {
  if (plen == 0) return mdb_cursor_get(cur, k, v, MDB_FIRST);
  k->mv_data = (void *)prefix;
  k->mv_size = plen;
  return mdb_cursor_get(cur, k, v, MDB_SET_RANGE);
}

/* ---- writing -------------------------------------------------------------------------------------- */

/* Removes (or with add, inserts) the index entry of one best record. */
static eto_cache_status index_update(eto_cache *c, MDB_txn *txn, const char *fp, const char *kind,
                                     const char *sig, const char *wk, int add) {
  char key[CACHE_KEY_MAX + 1];
  size_t klen;
  eto_cache_status st = cache_key_sig(c, fp, kind, sig, key, &klen);
  if (st != ETO_CACHE_OK) return st;
  MDB_val k = {klen, key}, v = {strlen(wk), (void *)wk};
  int rc = add ? mdb_put(txn, c->dbi[CACHE_DB_BYSIG], &k, &v, MDB_NODUPDATA)
               : mdb_del(txn, c->dbi[CACHE_DB_BYSIG], &k, &v);
  if (rc == 0 || (add && rc == MDB_KEYEXIST) || (!add && rc == MDB_NOTFOUND)) return ETO_CACHE_OK;
  return cache_mdb_fail(c, rc, add ? "adding an index entry" : "removing an index entry");
}

eto_cache_status cache_best_put_txn(eto_cache *c, MDB_txn *txn, const eto_cache_best *rec, const char *json,
                                    eto_cache_put_outcome *outcome) {
  char key[CACHE_KEY_MAX + 1];
  size_t klen;
  eto_cache_status st = cache_key_best(c, rec->fingerprint, rec->workload, key, &klen);
  if (st != ETO_CACHE_OK) return st;
  MDB_val k = {klen, key}, v;
  int rc = mdb_get(txn, c->dbi[CACHE_DB_BEST], &k, &v);
  if (rc != 0 && rc != MDB_NOTFOUND) return cache_mdb_fail(c, rc, "reading a best record");

  eto_cache_put_outcome out = ETO_CACHE_PUT_NEW;
  char *old_kind = NULL, *old_sig = NULL; /* index entry to drop when the record is replaced */
  if (rc == 0) {
    eto_cache_best old;
    char why[256];
    st = cache_best_decode(v.mv_data, v.mv_size, &old, why, sizeof why);
    if (st == ETO_CACHE_ENOMEM) return cache_fail(c, st, "out of memory");
    if (st == ETO_CACHE_OK && strcmp(old.fingerprint, rec->fingerprint) == 0) {
      if (old.bad && !rec->bad)
        out = ETO_CACHE_PUT_REPLACED_BAD;
      else if (!old.bad && rec->bad)
        out = ETO_CACHE_PUT_KEPT;
      else if (rec->latency.median_s < old.latency.median_s)
        out = ETO_CACHE_PUT_REPLACED;
      else
        out = ETO_CACHE_PUT_KEPT;
      old_kind = old.kind;
      old_sig = old.signature;
      old.kind = old.signature = NULL;
      eto_cache_best_clear(&old);
    } else {
      eto_cache_best_clear(&old);
      out = ETO_CACHE_PUT_REPLACED_STALE;
      cache_best_peek_index(v.mv_data, v.mv_size, &old_kind, &old_sig);
    }
  }
  st = ETO_CACHE_OK;
  if (out != ETO_CACHE_PUT_KEPT) {
    if (old_kind && old_sig) st = index_update(c, txn, rec->fingerprint, old_kind, old_sig, rec->workload, 0);
    if (st == ETO_CACHE_OK) {
      MDB_val nv = {strlen(json), (void *)json};
      rc = mdb_put(txn, c->dbi[CACHE_DB_BEST], &k, &nv, 0);
      st = rc ? cache_mdb_fail(c, rc, "writing a best record") : ETO_CACHE_OK;
    }
    if (st == ETO_CACHE_OK)
      st = index_update(c, txn, rec->fingerprint, rec->kind, rec->signature, rec->workload, 1);
  }
  free(old_kind);
  free(old_sig);
  if (st == ETO_CACHE_OK && outcome) *outcome = out;
  return st;
}

eto_cache_status cache_trial_put_txn(eto_cache *c, MDB_txn *txn, const eto_cache_trial *rec, const char *json,
                                     int dedup, int *added) {
  char key[CACHE_KEY_MAX + 1];
  size_t plen;
  *added = 0;
  eto_cache_status st = cache_key_trial_prefix(c, rec->fingerprint, rec->workload, key, &plen);
  if (st != ETO_CACHE_OK) return st;
  MDB_cursor *cur;
  int rc = mdb_cursor_open(txn, c->dbi[CACHE_DB_TRIALS], &cur);
  if (rc) return cache_mdb_fail(c, rc, "opening a cursor");
  size_t jlen = strlen(json);
  uint64_t last = 0;
  MDB_val k, v;
  if (dedup) { /* walk the workload's range: find an identical trial, or the last sequence number */
    for (rc = cursor_first(cur, key, plen, &k, &v); rc == 0 && has_prefix(&k, key, plen);
         rc = mdb_cursor_get(cur, &k, &v, MDB_NEXT)) {
      if (v.mv_size == jlen && memcmp(v.mv_data, json, jlen) == 0) {
        mdb_cursor_close(cur);
        return ETO_CACHE_OK;
      }
      if (k.mv_size == plen + 8) last = get_be64((const char *)k.mv_data + plen);
    }
  } else { /* the last key of the range: the one before prefix · FF..FF */
    memset(key + plen, 0xff, 8);
    k.mv_data = key;
    k.mv_size = plen + 8;
    rc = mdb_cursor_get(cur, &k, &v, MDB_SET_RANGE);
    rc = rc == 0              ? mdb_cursor_get(cur, &k, &v, MDB_PREV)
         : rc == MDB_NOTFOUND ? mdb_cursor_get(cur, &k, &v, MDB_LAST)
                              : rc;
    if (rc == 0 && k.mv_size == plen + 8 && has_prefix(&k, key, plen))
      last = get_be64((const char *)k.mv_data + plen);
  }
  mdb_cursor_close(cur);
  if (rc != 0 && rc != MDB_NOTFOUND) return cache_mdb_fail(c, rc, "finding the last trial");
  put_be64(key + plen, last + 1);
  k.mv_data = key;
  k.mv_size = plen + 8;
  v.mv_data = (void *)json;
  v.mv_size = jlen;
  rc = mdb_put(txn, c->dbi[CACHE_DB_TRIALS], &k, &v, MDB_NOOVERWRITE);
  if (rc) return cache_mdb_fail(c, rc, "writing a trial");
  *added = 1;
  return ETO_CACHE_OK;
}

typedef struct {
  const eto_cache_trial *trials;
  char **trial_json;
  size_t n;
  const eto_cache_best *best;
  const char *best_json;
  eto_cache_put_outcome outcome;
} put_batch_ctx;

static eto_cache_status put_batch_txn(eto_cache *c, MDB_txn *txn, void *p) {
  put_batch_ctx *x = p;
  x->outcome = ETO_CACHE_PUT_NONE;
  for (size_t i = 0; i < x->n; i++) {
    int added;
    eto_cache_status st = cache_trial_put_txn(c, txn, &x->trials[i], x->trial_json[i], 0, &added);
    if (st != ETO_CACHE_OK) return st;
  }
  return x->best ? cache_best_put_txn(c, txn, x->best, x->best_json, &x->outcome) : ETO_CACHE_OK;
}

eto_cache_status eto_cache_put_batch(eto_cache *c, const eto_cache_trial *trials, size_t n,
                                     const eto_cache_best *best, eto_cache_put_outcome *outcome) {
  if (outcome) *outcome = ETO_CACHE_PUT_NONE;
  eto_cache_status st = cache_enter(c);
  if (st != ETO_CACHE_OK) return st;
  if (n && !trials) return cache_fail(c, ETO_CACHE_EINVAL, "%zu trials but no array", n);
  char why[512];
  for (size_t i = 0; i < n; i++)
    if (cache_trial_check(&trials[i], why, sizeof why) != ETO_CACHE_OK)
      return cache_fail(c, ETO_CACHE_EINVAL, "trial %zu: %s", i, why);
  if (best && cache_best_check(best, why, sizeof why) != ETO_CACHE_OK)
    return cache_fail(c, ETO_CACHE_EINVAL, "%s", why);

  put_batch_ctx x = {trials, n ? calloc(n, sizeof(char *)) : NULL, n, best, NULL, ETO_CACHE_PUT_NONE};
  st = (n && !x.trial_json) ? ETO_CACHE_ENOMEM : ETO_CACHE_OK;
  for (size_t i = 0; st == ETO_CACHE_OK && i < n; i++)
    if (!(x.trial_json[i] = cache_trial_encode(&trials[i], 0))) st = ETO_CACHE_ENOMEM;
  char *best_json = NULL;
  if (st == ETO_CACHE_OK && best && !(best_json = cache_best_encode(best, 0))) st = ETO_CACHE_ENOMEM;
  x.best_json = best_json;
  if (st == ETO_CACHE_ENOMEM)
    cache_fail(c, st, "out of memory encoding records");
  else
    st = cache_write(c, put_batch_txn, &x);
  if (st == ETO_CACHE_OK && outcome) *outcome = x.outcome;
  for (size_t i = 0; x.trial_json && i < n; i++) free(x.trial_json[i]);
  free(x.trial_json);
  free(best_json);
  return st;
}

eto_cache_status eto_cache_put_trials(eto_cache *c, const eto_cache_trial *trials, size_t n) {
  return eto_cache_put_batch(c, trials, n, NULL, NULL);
}

eto_cache_status eto_cache_put_best(eto_cache *c, const eto_cache_best *best,
                                    eto_cache_put_outcome *outcome) {
  if (c && !best) {
    if (outcome) *outcome = ETO_CACHE_PUT_NONE;
    return cache_fail(c, ETO_CACHE_EINVAL, "no best record given");
  }
  return eto_cache_put_batch(c, NULL, 0, best, outcome);
}

/* ---- reading one best record ---------------------------------------------------------------------- */

/* Reads and checks the best record of (fp, wk) inside txn: OK / BAD (filled), NOTFOUND, STALE, ECORRUPT. */
static eto_cache_status best_read_txn(eto_cache *c, MDB_txn *txn, const char *fp, const char *wk,
                                      eto_cache_best *out) {
  char key[CACHE_KEY_MAX + 1];
  size_t klen;
  memset(out, 0, sizeof *out);
  eto_cache_status st = cache_key_best(c, fp, wk, key, &klen);
  if (st != ETO_CACHE_OK) return st;
  MDB_val k = {klen, key}, v;
  int rc = mdb_get(txn, c->dbi[CACHE_DB_BEST], &k, &v);
  if (rc == MDB_NOTFOUND)
    return cache_fail(c, ETO_CACHE_NOTFOUND, "no best program of %s for target %.80s", wk, fp);
  if (rc) return cache_mdb_fail(c, rc, "reading a best record");
  char why[512];
  st = cache_best_decode(v.mv_data, v.mv_size, out, why, sizeof why);
  if (st == ETO_CACHE_STALE) return cache_stale(c, "best program of %s is not used: %s", wk, why);
  if (st == ETO_CACHE_ENOMEM) return cache_fail(c, st, "out of memory");
  if (st != ETO_CACHE_OK) return cache_fail(c, st, "best program of %s: %s", wk, why);
  if (strcmp(out->fingerprint, fp) != 0) {
    st = cache_stale(c, "best program of %s is not used: it was measured on target \"%.80s\", not \"%.80s\"",
                     wk, out->fingerprint, fp);
  } else if (strcmp(out->workload, wk) != 0) {
    st = cache_fail(c, ETO_CACHE_ECORRUPT, "the best record stored under %s holds workload %s", wk,
                    out->workload);
  } else if (out->bad) {
    return cache_fail(c, ETO_CACHE_BAD, "best program of %s is marked bad: %s", wk,
                      out->bad_reason ? out->bad_reason : "(no reason given)");
  }
  if (st != ETO_CACHE_OK) eto_cache_best_clear(out);
  return st;
}

typedef struct {
  const char *fp, *wk;
  eto_cache_best *out;
  const char *recipe, *reason; /* mark_bad, retime_best (the recipe) */
  const eto_cache_latency *lat; /* retime_best */
} best_ctx;

static eto_cache_status get_best_txn(eto_cache *c, MDB_txn *txn, void *p) {
  best_ctx *x = p;
  return best_read_txn(c, txn, x->fp, x->wk, x->out);
}

eto_cache_status eto_cache_get_best(eto_cache *c, const char *fp, const char *wk, eto_cache_best *out) {
  if (!out) return c ? cache_fail(c, ETO_CACHE_EINVAL, "no output record") : ETO_CACHE_EINVAL;
  memset(out, 0, sizeof *out);
  eto_cache_status st = cache_enter(c);
  if (st != ETO_CACHE_OK) return st;
  best_ctx x = {fp, wk, out, NULL, NULL, NULL};
  return cache_read(c, get_best_txn, &x);
}

/* mark_bad (x->lat NULL) and retime_best: rewrites the best record when its recipe is still x->recipe (NULL: any) */
static eto_cache_status rewrite_best_txn(eto_cache *c, MDB_txn *txn, void *p) {
  best_ctx *x = p;
  eto_cache_best rec;
  eto_cache_status st = best_read_txn(c, txn, x->fp, x->wk, &rec);
  if (st != ETO_CACHE_OK && st != ETO_CACHE_BAD) return st;
  if (x->recipe && strcmp(rec.recipe, x->recipe) != 0) {
    eto_cache_best_clear(&rec);
    return cache_fail(
        c, ETO_CACHE_CONFLICT,
        "best program of %s changed since it was read (another run stored a new one); not changed", x->wk);
  }
  if (x->lat) { /* retime_best: the program's latency measured again */
    if (rec.latency.median_s > 0) rec.gflops *= rec.latency.median_s / x->lat->median_s;
    rec.latency = *x->lat;
  } else {
    free(rec.bad_reason);
    rec.bad_reason = NULL;
    rec.bad = 1;
    if (x->reason && !(rec.bad_reason = strdup(x->reason))) st = ETO_CACHE_ENOMEM;
  }
  char *json = st == ETO_CACHE_ENOMEM ? NULL : cache_best_encode(&rec, 0);
  if (!json)
    st = cache_fail(c, ETO_CACHE_ENOMEM, "out of memory");
  else {
    char key[CACHE_KEY_MAX + 1];
    size_t klen;
    st = cache_key_best(c, x->fp, x->wk, key, &klen);
    MDB_val k = {klen, key}, v = {strlen(json), json};
    int rc = st == ETO_CACHE_OK ? mdb_put(txn, c->dbi[CACHE_DB_BEST], &k, &v, 0) : 0;
    if (rc) st = cache_mdb_fail(c, rc, "writing a best record");
  }
  free(json);
  eto_cache_best_clear(&rec);
  return st;
}

eto_cache_status eto_cache_mark_bad(eto_cache *c, const char *fp, const char *wk, const char *recipe,
                                    const char *reason) {
  eto_cache_status st = cache_enter(c);
  if (st != ETO_CACHE_OK) return st;
  best_ctx x = {fp, wk, NULL, recipe, reason, NULL};
  return cache_write(c, rewrite_best_txn, &x);
}

eto_cache_status eto_cache_retime_best(eto_cache *c, const char *fp, const char *wk, const char *recipe,
                                       const eto_cache_latency *lat) {
  eto_cache_status st = cache_enter(c);
  if (st != ETO_CACHE_OK) return st;
  if (!recipe || !lat || !(lat->median_s >= ETO_CACHE_MIN_LATENCY_S) || !isfinite(lat->median_s))
    return cache_fail(c, ETO_CACHE_EINVAL, "retiming %s: no recipe, or a latency that is not a measurement", wk);
  best_ctx x = {fp, wk, NULL, recipe, NULL, lat};
  return cache_write(c, rewrite_best_txn, &x);
}

/* ---- listing through the index -------------------------------------------------------------------- */

typedef struct {
  const char *fp, *kind, *sig;
  unsigned flags;
  eto_cache_best_list *out;
  size_t cap, stale, corrupt;
} list_ctx;

static eto_cache_status list_push(eto_cache *c, list_ctx *x, eto_cache_best *rec) {
  if (x->out->count == x->cap) {
    size_t cap = x->cap ? 2 * x->cap : 16;
    eto_cache_best *items = realloc(x->out->items, cap * sizeof *items);
    if (!items) return cache_fail(c, ETO_CACHE_ENOMEM, "out of memory");
    x->out->items = items;
    x->cap = cap;
  }
  x->out->items[x->out->count++] = *rec;
  return ETO_CACHE_OK;
}

static eto_cache_status list_txn(eto_cache *c, MDB_txn *txn, void *p) {
  list_ctx *x = p;
  eto_cache_best_list_free(x->out);
  x->cap = x->stale = x->corrupt = 0;
  char prefix[CACHE_KEY_MAX + 1], wk[CACHE_KEY_MAX + 1];
  size_t plen;
  eto_cache_status st = cache_key_sig(c, x->fp, x->kind, x->sig, prefix, &plen);
  if (st != ETO_CACHE_OK) return st;
  MDB_cursor *cur;
  int rc = mdb_cursor_open(txn, c->dbi[CACHE_DB_BYSIG], &cur);
  if (rc) return cache_mdb_fail(c, rc, "opening a cursor");
  MDB_val k, v;
  char last_why[CACHE_ERRMSG_MAX] = "";
  for (rc = cursor_first(cur, prefix, plen, &k, &v); rc == 0 && has_prefix(&k, prefix, plen);
       rc = mdb_cursor_get(cur, &k, &v, MDB_NEXT)) {
    if (x->sig && k.mv_size != plen) break; /* exact signature: only its own key */
    if (v.mv_size == 0 || v.mv_size > ETO_CACHE_MAX_WORKLOAD) {
      x->corrupt++;
      continue;
    }
    memcpy(wk, v.mv_data, v.mv_size);
    wk[v.mv_size] = '\0';
    eto_cache_best rec;
    st = best_read_txn(c, txn, x->fp, wk, &rec);
    if (st == ETO_CACHE_OK || st == ETO_CACHE_BAD) {
      if (strcmp(rec.kind, x->kind) != 0) {
        snprintf(last_why, sizeof last_why, "an index entry of kind %s leads to %s of kind %s", x->kind, wk,
                 rec.kind);
        x->corrupt++;
      } else if ((x->sig && strcmp(rec.signature, x->sig) != 0) || /* another signature, same hash */
                 (rec.bad && !(x->flags & ETO_CACHE_LIST_INCLUDE_BAD))) {
      } else {
        st = list_push(c, x, &rec); /* moves rec's strings into the list */
        if (st == ETO_CACHE_OK) continue;
        eto_cache_best_clear(&rec);
        mdb_cursor_close(cur);
        return st;
      }
      eto_cache_best_clear(&rec);
    } else if (st == ETO_CACHE_STALE || st == ETO_CACHE_NOTFOUND || st == ETO_CACHE_ECORRUPT) {
      snprintf(last_why, sizeof last_why, "%s", c->errmsg); /* NOTFOUND: an index entry without its record */
      if (st == ETO_CACHE_STALE)
        x->stale++;
      else
        x->corrupt++;
    } else {
      mdb_cursor_close(cur);
      return st;
    }
  }
  mdb_cursor_close(cur);
  if (rc != 0 && rc != MDB_NOTFOUND) return cache_mdb_fail(c, rc, "walking the index");
  if (x->corrupt)
    return cache_fail(c, ETO_CACHE_ECORRUPT, "%zu index entr%s skipped (run verify); last: %s", x->corrupt,
                      x->corrupt == 1 ? "y" : "ies", last_why);
  if (x->stale)
    return cache_fail(c, ETO_CACHE_STALE, "%zu stale record%s skipped; last: %s", x->stale,
                      x->stale == 1 ? "" : "s", last_why);
  c->errmsg[0] = '\0';
  return ETO_CACHE_OK;
}

eto_cache_status eto_cache_list_best(eto_cache *c, const char *fp, const char *kind, const char *sig,
                                     unsigned flags, eto_cache_best_list *out) {
  if (!out) return c ? cache_fail(c, ETO_CACHE_EINVAL, "no output list") : ETO_CACHE_EINVAL;
  out->items = NULL;
  out->count = 0;
  eto_cache_status st = cache_enter(c);
  if (st != ETO_CACHE_OK) return st;
  list_ctx x = {fp, kind, sig, flags, out, 0, 0, 0};
  st = cache_read(c, list_txn, &x);
  if (st != ETO_CACHE_OK && st != ETO_CACHE_STALE && st != ETO_CACHE_ECORRUPT) eto_cache_best_list_free(out);
  return st;
}

/* ---- iteration ------------------------------------------------------------------------------------ */

typedef struct {
  const char *fp, *wk;
  eto_cache_best_fn best_fn;
  eto_cache_trial_fn trial_fn;
  void *user;
} iter_ctx;

/* Ends an iteration: reports what was skipped. */
static eto_cache_status iter_end(eto_cache *c, size_t stale, size_t corrupt, const char *why) {
  c->stale_seen += stale;
  if (corrupt)
    return cache_fail(c, ETO_CACHE_ECORRUPT,
                      "%zu record%s did not parse or did not match their key (run verify); "
                      "last: %s",
                      corrupt, corrupt == 1 ? "" : "s", why);
  if (stale)
    return cache_fail(c, ETO_CACHE_STALE, "%zu stale record%s skipped; last: %s", stale,
                      stale == 1 ? "" : "s", why);
  return ETO_CACHE_OK;
}

/* A decoded record's place: STALE when it was measured on another target than the walk's (x->fp), ECORRUPT
 * when it is not stored under the key its own fields give (want[0..wlen), followed by `tail` more bytes: a
 * trial's sequence number); why says which. Returns st unchanged when st is not OK. */
static eto_cache_status record_place(eto_cache_status st, const iter_ctx *x, const char *what, const char *fp,
                                     const char *wk, int key_ok, const char *want, size_t wlen, size_t tail,
                                     const MDB_val *k, char *why, size_t cap) {
  if (st != ETO_CACHE_OK) return st;
  if (x->fp && strcmp(fp, x->fp) != 0) {
    snprintf(why, cap, "%s of %s was measured on target \"%.80s\"", what, wk, fp);
    return ETO_CACHE_STALE;
  }
  if (!key_ok || k->mv_size != wlen + tail || memcmp(want, k->mv_data, wlen) != 0) {
    snprintf(why, cap, "%s of %s is stored under another key", what, wk);
    return ETO_CACHE_ECORRUPT;
  }
  return ETO_CACHE_OK;
}

/* One record of a walk: decodes it, checks its place and hands it to the caller's function (*stop: it asked
 * to stop). Returns OK, STALE or ECORRUPT (skipped, counted, why says why) or ENOMEM. */
typedef eto_cache_status (*visit_fn)(eto_cache *c, const MDB_val *k, const MDB_val *v, const iter_ctx *x, char *why,
                                     size_t cap, int *stop);

static eto_cache_status visit_best(eto_cache *c, const MDB_val *k, const MDB_val *v, const iter_ctx *x, char *why,
                                   size_t cap, int *stop) {
  eto_cache_best rec;
  char key[CACHE_KEY_MAX + 1];
  size_t klen = 0;
  eto_cache_status st = cache_best_decode(v->mv_data, v->mv_size, &rec, why, (int)cap);
  if (st == ETO_CACHE_ENOMEM) return st;
  int key_ok = st == ETO_CACHE_OK && cache_key_best(c, rec.fingerprint, rec.workload, key, &klen) == ETO_CACHE_OK;
  st = record_place(st, x, "best record", rec.fingerprint, rec.workload, key_ok, key, klen, 0, k, why, cap);
  if (st == ETO_CACHE_OK) *stop = x->best_fn(&rec, x->user);
  eto_cache_best_clear(&rec);
  return st;
}

static eto_cache_status visit_trial(eto_cache *c, const MDB_val *k, const MDB_val *v, const iter_ctx *x, char *why,
                                    size_t cap, int *stop) {
  eto_cache_trial rec;
  char key[CACHE_KEY_MAX + 1];
  size_t klen = 0;
  eto_cache_status st = cache_trial_decode(v->mv_data, v->mv_size, &rec, why, (int)cap);
  if (st == ETO_CACHE_ENOMEM) return st;
  int key_ok =
      st == ETO_CACHE_OK && cache_key_trial_prefix(c, rec.fingerprint, rec.workload, key, &klen) == ETO_CACHE_OK;
  st = record_place(st, x, "trial", rec.fingerprint, rec.workload, key_ok, key, klen, 8, k, why, cap);
  if (st == ETO_CACHE_OK) {
    rec.seq = get_be64((const char *)k->mv_data + k->mv_size - 8);
    *stop = x->trial_fn(&rec, x->user);
  }
  eto_cache_trial_clear(&rec);
  return st;
}

/* Walks the records of database db whose keys start with prefix[0..plen) (all for plen 0), visiting each;
 * stale and broken records are skipped and reported at the end (iter_end). */
static eto_cache_status walk(eto_cache *c, MDB_txn *txn, int db, const char *prefix, size_t plen, visit_fn visit,
                             const iter_ctx *x, const char *what) {
  char why[512] = "";
  size_t stale = 0, corrupt = 0;
  MDB_cursor *cur;
  int rc = mdb_cursor_open(txn, c->dbi[db], &cur);
  if (rc) return cache_mdb_fail(c, rc, "opening a cursor");
  MDB_val k, v;
  for (rc = cursor_first(cur, prefix, plen, &k, &v); rc == 0 && has_prefix(&k, prefix, plen);
       rc = mdb_cursor_get(cur, &k, &v, MDB_NEXT)) {
    int stop = 0;
    eto_cache_status st = visit(c, &k, &v, x, why, sizeof why, &stop);
    if (st == ETO_CACHE_ENOMEM) {
      mdb_cursor_close(cur);
      return cache_fail(c, st, "out of memory");
    }
    if (st == ETO_CACHE_STALE) stale++;
    else if (st != ETO_CACHE_OK) corrupt++;
    if (stop) break;
  }
  mdb_cursor_close(cur);
  if (rc != 0 && rc != MDB_NOTFOUND) return cache_mdb_fail(c, rc, what);
  return iter_end(c, stale, corrupt, why);
}

static eto_cache_status foreach_best_txn(eto_cache *c, MDB_txn *txn, void *p) {
  iter_ctx *x = p;
  char prefix[CACHE_HASH_HEX];
  size_t plen = 0;
  if (x->fp) {
    cache_hash_hex(x->fp, strlen(x->fp), prefix);
    plen = CACHE_HASH_HEX;
  }
  return walk(c, txn, CACHE_DB_BEST, prefix, plen, visit_best, x, "walking the best records");
}

eto_cache_status eto_cache_foreach_best(eto_cache *c, const char *fp, eto_cache_best_fn fn, void *user) {
  eto_cache_status st = cache_enter(c);
  if (st != ETO_CACHE_OK) return st;
  if (!fn || (fp && !*fp)) return cache_fail(c, ETO_CACHE_EINVAL, "no callback, or an empty fingerprint");
  iter_ctx x = {fp, NULL, fn, NULL, user};
  return cache_read(c, foreach_best_txn, &x);
}

static eto_cache_status foreach_trial_txn(eto_cache *c, MDB_txn *txn, void *p) {
  iter_ctx *x = p;
  char prefix[CACHE_KEY_MAX + 1];
  size_t plen = 0;
  if (x->fp) {
    eto_cache_status st = cache_key_trial_prefix(c, x->fp, x->wk, prefix, &plen);
    if (st != ETO_CACHE_OK) return st;
  }
  return walk(c, txn, CACHE_DB_TRIALS, prefix, plen, visit_trial, x, "walking the trials");
}

eto_cache_status eto_cache_foreach_trial(eto_cache *c, const char *fp, const char *wk, eto_cache_trial_fn fn,
                                         void *user) {
  eto_cache_status st = cache_enter(c);
  if (st != ETO_CACHE_OK) return st;
  if (!fn || (!fp && wk))
    return cache_fail(c, ETO_CACHE_EINVAL, "no callback, or a workload key without a fingerprint");
  iter_ctx x = {fp, wk, NULL, fn, user};
  return cache_read(c, foreach_trial_txn, &x);
}

typedef struct {
  const char *fp, *wk;
  size_t count;
} count_ctx;

static eto_cache_status count_txn(eto_cache *c, MDB_txn *txn, void *p) {
  count_ctx *x = p;
  char prefix[CACHE_KEY_MAX + 1];
  size_t plen;
  x->count = 0;
  eto_cache_status st = cache_key_trial_prefix(c, x->fp, x->wk, prefix, &plen);
  if (st != ETO_CACHE_OK) return st;
  MDB_cursor *cur;
  int rc = mdb_cursor_open(txn, c->dbi[CACHE_DB_TRIALS], &cur);
  if (rc) return cache_mdb_fail(c, rc, "opening a cursor");
  MDB_val k, v;
  for (rc = cursor_first(cur, prefix, plen, &k, &v); rc == 0 && has_prefix(&k, prefix, plen);
       rc = mdb_cursor_get(cur, &k, &v, MDB_NEXT))
    x->count++;
  mdb_cursor_close(cur);
  return rc != 0 && rc != MDB_NOTFOUND ? cache_mdb_fail(c, rc, "counting trials") : ETO_CACHE_OK;
}

eto_cache_status eto_cache_count_trials(eto_cache *c, const char *fp, const char *wk, size_t *count) {
  if (count) *count = 0;
  eto_cache_status st = cache_enter(c);
  if (st != ETO_CACHE_OK) return st;
  if (!count || !wk) return cache_fail(c, ETO_CACHE_EINVAL, "no workload key or no output");
  count_ctx x = {fp, wk, 0};
  st = cache_read(c, count_txn, &x);
  if (st == ETO_CACHE_OK) *count = x.count;
  return st;
}

/* ---- target descriptions -------------------------------------------------------------------------- */

typedef struct {
  const char *fp;
  const char *json; /* put */
  char **out;       /* get */
} target_ctx;

static eto_cache_status put_target_txn(eto_cache *c, MDB_txn *txn, void *p) {
  target_ctx *x = p;
  char key[32];
  size_t klen;
  cache_key_target(x->fp, key, &klen);
  MDB_val k = {klen, key}, v = {strlen(x->json), (void *)x->json};
  int rc = mdb_put(txn, c->dbi[CACHE_DB_META], &k, &v, 0);
  return rc ? cache_mdb_fail(c, rc, "writing a target description") : ETO_CACHE_OK;
}

eto_cache_status eto_cache_put_target(eto_cache *c, const char *fp, const char *description) {
  eto_cache_status st = cache_enter(c);
  if (st == ETO_CACHE_OK) st = need(c, fp, "fingerprint");
  char why[256];
  if (st == ETO_CACHE_OK && cache_target_check(fp, description, why, sizeof why) != ETO_CACHE_OK)
    st = cache_fail(c, ETO_CACHE_EINVAL, "%s", why);
  if (st != ETO_CACHE_OK) return st;
  char *json = cache_target_encode(fp, description);
  if (!json) return cache_fail(c, ETO_CACHE_ENOMEM, "out of memory");
  target_ctx x = {fp, json, NULL};
  st = cache_write(c, put_target_txn, &x);
  free(json);
  return st;
}

static eto_cache_status get_target_txn(eto_cache *c, MDB_txn *txn, void *p) {
  target_ctx *x = p;
  char key[32], why[512];
  size_t klen;
  cache_key_target(x->fp, key, &klen);
  MDB_val k = {klen, key}, v;
  int rc = mdb_get(txn, c->dbi[CACHE_DB_META], &k, &v);
  if (rc == MDB_NOTFOUND) return cache_fail(c, ETO_CACHE_NOTFOUND, "no description of target %.80s", x->fp);
  if (rc) return cache_mdb_fail(c, rc, "reading a target description");
  char *fp;
  eto_cache_status st = cache_target_decode(v.mv_data, v.mv_size, &fp, x->out, why, sizeof why);
  if (st == ETO_CACHE_STALE) return cache_stale(c, "%s", why);
  if (st != ETO_CACHE_OK) return cache_fail(c, st, "%s", why);
  if (strcmp(fp, x->fp) != 0) {
    st = cache_stale(c, "the description stored for target %.80s belongs to target %.80s", x->fp, fp);
    free(*x->out);
    *x->out = NULL;
  }
  free(fp);
  return st;
}

eto_cache_status eto_cache_get_target(eto_cache *c, const char *fp, char **description) {
  if (description) *description = NULL;
  eto_cache_status st = cache_enter(c);
  if (st == ETO_CACHE_OK) st = need(c, fp, "fingerprint");
  if (st == ETO_CACHE_OK && !description) st = cache_fail(c, ETO_CACHE_EINVAL, "no output");
  if (st != ETO_CACHE_OK) return st;
  target_ctx x = {fp, NULL, description};
  return cache_read(c, get_target_txn, &x);
}

/* ---- raw access (tests) --------------------------------------------------------------------------- */

typedef struct {
  int db;
  MDB_val k, v;
} raw_ctx;

static eto_cache_status put_raw_txn(eto_cache *c, MDB_txn *txn, void *p) {
  raw_ctx *x = p;
  int rc = mdb_put(txn, c->dbi[x->db], &x->k, &x->v, 0);
  return rc ? cache_mdb_fail(c, rc, "raw put") : ETO_CACHE_OK;
}

eto_cache_status cache_put_raw(eto_cache *c, int db, const void *key, size_t klen, const char *value) {
  eto_cache_status st = cache_enter(c);
  if (st != ETO_CACHE_OK) return st;
  if (db < 0 || db >= CACHE_DB_COUNT) return cache_fail(c, ETO_CACHE_EINVAL, "no database %d", db);
  raw_ctx x = {db, {klen, (void *)key}, {strlen(value), (void *)value}};
  return cache_write(c, put_raw_txn, &x);
}
