/* cache_internal.h — private to cache/ (and its tests): the handle, key layout, transaction runners and
 * the record codec shared by the files of the module.
 *
 * Files: env.c (open/close, paths, map growth, transactions, errors), record.c (names and the JSON codec),
 * store.c (best, trials, index, targets), admin.c (stats, verify), jsonl.c (export, import).
 */
#ifndef ETO_CACHE_INTERNAL_H
#define ETO_CACHE_INTERNAL_H

#include <lmdb.h>
#include <stdarg.h>
#include <sys/types.h>

#include "cache.h"

struct cJSON;

enum { CACHE_DB_BEST, CACHE_DB_TRIALS, CACHE_DB_BYSIG, CACHE_DB_META, CACHE_DB_COUNT };

#define CACHE_HASH_HEX 16 /* H(x) as lowercase hex digits in keys */
#define CACHE_KEY_MAX 511 /* LMDB's default maximum key size (checked at open) */
#define CACHE_ERRMSG_MAX 1024

struct eto_cache {
  MDB_env *env;
  MDB_dbi dbi[CACHE_DB_COUNT];
  char *path;
  int read_only;
  int busy;       /* inside a read transaction that runs a user callback */
  int mdb_rc;     /* the last LMDB error met inside a transaction body (MAP_FULL drives retries) */
  int registered; /* (dev, ino) is in the process-wide open-path registry */
  int unlocked;   /* read-only without lock.mdb (MDB_NOLOCK): it could not be written */
  dev_t dev;
  ino_t ino;
  size_t stale_seen;
  size_t map_resizes;
  size_t map_adoptions;
  char errmsg[CACHE_ERRMSG_MAX];
};

/* ---- errors (env.c) ---- */

/* Sets the handle's message (printf-style) and returns st. */
eto_cache_status cache_fail(eto_cache *c, eto_cache_status st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Translates an LMDB / errno code: records it in c->mdb_rc, sets "what: mdb_strerror(rc)", returns EIO
 * (ENOMEM for ENOMEM). */
eto_cache_status cache_mdb_fail(eto_cache *c, int rc, const char *what);
/* Counts a stale record met in a read and sets the message (returns ETO_CACHE_STALE). */
eto_cache_status cache_stale(eto_cache *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Clears the message at the start of a public call; returns EBUSY (with message) inside a callback. */
eto_cache_status cache_enter(eto_cache *c);

/* ---- transactions (env.c) ---- */

/* A transaction body. It may run several times (after MAP_FULL the transaction is aborted, the map
 * grown and the body run again), so it must reset any output it accumulates in ctx. */
typedef eto_cache_status (*cache_txn_fn)(eto_cache *c, MDB_txn *txn, void *ctx);

/* Runs fn in a write transaction and commits it when fn returns OK; grows the map and retries on
 * MDB_MAP_FULL; adopts other processes' growth on MDB_MAP_RESIZED. */
eto_cache_status cache_write(eto_cache *c, cache_txn_fn fn, void *ctx);
/* Runs fn in a read transaction (marking the handle busy, so callbacks cannot re-enter). */
eto_cache_status cache_read(eto_cache *c, cache_txn_fn fn, void *ctx);

/* ---- keys (store.c) ---- */

/* H(s): a fixed 64-bit hash (FNV-1a, then the splitmix64 finalizer) as 16 lowercase hex digits. Part of
 * the on-disk layout: never change it without bumping ETO_CACHE_LAYOUT_VERSION. */
void cache_hash_hex(const char *s, size_t len, char out[CACHE_HASH_HEX]);

/* Key builders: write into buf (CACHE_KEY_MAX + 1 bytes), set *len; EINVAL (with message) if too long. */
eto_cache_status cache_key_best(eto_cache *c, const char *fp, const char *wk, char *buf, size_t *len);
/* H(fp) · wk · 0 — the trials of one workload; wk NULL: H(fp) — every trial of the target. */
eto_cache_status cache_key_trial_prefix(eto_cache *c, const char *fp, const char *wk, char *buf, size_t *len);
/* H(fp) · kind · 0 · H(sig); sig NULL: the prefix H(fp) · kind · 0. */
eto_cache_status cache_key_sig(eto_cache *c, const char *fp, const char *kind, const char *sig, char *buf,
                               size_t *len);
/* "target:" · H(fp) */
void cache_key_target(const char *fp, char *buf, size_t *len);

/* Stores an already-validated best record (its canonical JSON is `json`) in txn, applying the
 * better-replaces-worse rule and keeping the index in step. */
eto_cache_status cache_best_put_txn(eto_cache *c, MDB_txn *txn, const eto_cache_best *rec, const char *json,
                                    eto_cache_put_outcome *outcome);
/* Appends a validated trial (canonical JSON `json`) after the last trial of its workload. When
 * `dedup` is set, an identical stored trial of that workload makes it a no-op (*added = 0). */
eto_cache_status cache_trial_put_txn(eto_cache *c, MDB_txn *txn, const eto_cache_trial *rec, const char *json,
                                     int dedup, int *added);

/* Writes a raw value under a raw key of one database (tests use it to plant stale or broken records). */
eto_cache_status cache_put_raw(eto_cache *c, int db, const void *key, size_t klen, const char *value);

/* ---- records (record.c) ---- */

/* Canonical JSON of a record (compact unless pretty); malloc'd, NULL when out of memory. */
char *cache_best_encode(const eto_cache_best *rec, int pretty);
char *cache_trial_encode(const eto_cache_trial *rec, int pretty);
char *cache_target_encode(const char *fp, const char *description);

/* Validation before a put: OK, or EINVAL with a reason in why. */
eto_cache_status cache_best_check(const eto_cache_best *rec, char *why, size_t whylen);
eto_cache_status cache_trial_check(const eto_cache_trial *rec, char *why, size_t whylen);
eto_cache_status cache_target_check(const char *fp, const char *description, char *why, size_t whylen);

/* Does JSON text hold a NUL byte, raw or escaped as \u0000 in a string (which cJSON would turn into the
 * silent end of that string)? */
int cache_json_has_nul(const char *text, size_t len);

/* The "schema" of a stored value of any type, -1 when it has none or does not parse (for verify). */
int cache_value_schema(const char *text, size_t len);

/* Decoders from text (len bytes, not NUL-terminated) or from a parsed object. Return OK; STALE
 * (another "schema", or another "type" than expected) with the reason in why; ECORRUPT (not JSON, a NUL
 * byte, a field missing, of the wrong type or failing the checks above, or a checksum that does not match)
 * with the reason; ENOMEM. *out is zeroed unless OK. The text decoders check the checksum on the bytes
 * when they end as this build writes them; the object decoders re-encode the fields to check it, unless
 * raw_ok says the caller found the text's bytes matching already. */
eto_cache_status cache_best_decode(const char *text, size_t len, eto_cache_best *out, char *why,
                                   size_t whylen);
eto_cache_status cache_trial_decode(const char *text, size_t len, eto_cache_trial *out, char *why,
                                    size_t whylen);
eto_cache_status cache_target_decode(const char *text, size_t len, char **fp, char **description, char *why,
                                     size_t whylen);
eto_cache_status cache_best_from_json(const struct cJSON *obj, int raw_ok, eto_cache_best *out, char *why,
                                      size_t whylen);
eto_cache_status cache_trial_from_json(const struct cJSON *obj, int raw_ok, eto_cache_trial *out, char *why,
                                       size_t whylen);
eto_cache_status cache_target_from_json(const struct cJSON *obj, int raw_ok, char **fp, char **description,
                                        char *why, size_t whylen);
/* Does text end with a checksum field that matches the bytes before it (as this build writes records)? */
int cache_raw_checksum_ok(const char *text, size_t len);

/* Reads "kind" and "signature" from a value of any schema, if it has them (to drop the index entry of a
 * stale record being replaced). Outputs malloc'd or NULL. */
void cache_best_peek_index(const char *text, size_t len, char **kind, char **sig);

#endif
