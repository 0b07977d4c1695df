/* env.c — the cache handle: path resolution, opening and closing the LMDB environment, the
 * process-wide registry of open paths, transactions with map growth, and error messages.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "cache_internal.h"

#define MAX_DBS 8
#define GROW_LINEAR ((size_t)1 << 30) /* past 1 GiB the map grows by 1 GiB, not by doubling */
#define WRITE_ATTEMPTS 64             /* growth steps one transaction may take before giving up */

/* ---- errors --------------------------------------------------------------------------------------- */

static eto_cache_status vfail(eto_cache *c, eto_cache_status st, const char *fmt, va_list ap) {
  if (c) vsnprintf(c->errmsg, sizeof c->errmsg, fmt, ap);
  return st;
}

eto_cache_status cache_fail(eto_cache *c, eto_cache_status st, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vfail(c, st, fmt, ap);
  va_end(ap);
  return st;
}

eto_cache_status cache_mdb_fail(eto_cache *c, int rc, const char *what) {
  c->mdb_rc = rc;
  return cache_fail(c, rc == ENOMEM ? ETO_CACHE_ENOMEM : ETO_CACHE_EIO, "%s: %s (%s)", what, mdb_strerror(rc),
                    c->path ? c->path : "?");
}

eto_cache_status cache_stale(eto_cache *c, const char *fmt, ...) {
  va_list ap;
  c->stale_seen++;
  va_start(ap, fmt);
  vfail(c, ETO_CACHE_STALE, fmt, ap);
  va_end(ap);
  return ETO_CACHE_STALE;
}

eto_cache_status cache_enter(eto_cache *c) {
  if (!c) return ETO_CACHE_EINVAL;
  if (!c->env) return cache_fail(c, ETO_CACHE_EINVAL, "the cache handle is not open");
  if (c->busy) return cache_fail(c, ETO_CACHE_EBUSY, "the cache was called from inside one of its callbacks");
  c->errmsg[0] = '\0';
  c->mdb_rc = 0;
  return ETO_CACHE_OK;
}

const char *eto_cache_errmsg(const eto_cache *c) { return c ? c->errmsg : "out of memory (no cache handle)"; }

const char *eto_cache_path(const eto_cache *c) { return c ? c->path : NULL; }

int eto_cache_unlocked(const eto_cache *c) { return c && c->unlocked; }

/* ---- paths ---------------------------------------------------------------------------------------- */

static char *join(const char *a, const char *b) {
  size_t la = strlen(a), lb = strlen(b);
  char *s = malloc(la + lb + 2);
  if (!s) return NULL;
  memcpy(s, a, la);
  size_t n = la;
  if (n == 0 || s[n - 1] != '/') s[n++] = '/';
  memcpy(s + n, b, lb + 1);
  return s;
}

eto_cache_status eto_cache_resolve_path(const char *explicit_path, char **out) {
  *out = NULL;
  const char *env;
  if (explicit_path && *explicit_path)
    *out = strdup(explicit_path);
  else if ((env = getenv("ETOTUNE_DB")) && *env)
    *out = strdup(env);
  else if ((env = getenv("XDG_CACHE_HOME")) && env[0] == '/')
    *out = join(env, "etotune");
  else if ((env = getenv("HOME")) && *env)
    *out = join(env, ".cache/etotune");
  else
    return ETO_CACHE_EINVAL;
  return *out ? ETO_CACHE_OK : ETO_CACHE_ENOMEM;
}

/* mkdir -p; returns 0 or an errno. */
static int make_dirs(const char *path) {
  char *p = strdup(path);
  if (!p) return ENOMEM;
  int rc = 0;
  for (char *s = p + 1;; s++) {
    if (*s != '/' && *s != '\0') continue;
    char saved = *s;
    *s = '\0';
    if (mkdir(p, 0777) != 0 && errno != EEXIST) rc = errno;
    *s = saved;
    if (rc || saved == '\0') break;
  }
  free(p);
  return rc;
}

/* ---- registry of paths open in this process -------------------------------------------------------- */
/* LMDB's locks are POSIX record locks, which belong to a process: a second environment on the same files
 * in one process would release the first's locks when closed. So one process opens a path once. The
 * registry is keyed by the directory's (device, inode) and records the owning pid: entries inherited
 * through fork() belong to the parent and do not stop the child from opening the cache itself. */

typedef struct reg_entry {
  dev_t dev;
  ino_t ino;
  pid_t pid;
  struct reg_entry *next;
} reg_entry;

static pthread_mutex_t reg_lock = PTHREAD_MUTEX_INITIALIZER;
static reg_entry *reg_head;

/* Returns 0 if registered, EBUSY if already open in this process, ENOMEM. */
static int reg_add(dev_t dev, ino_t ino) {
  pid_t me = getpid();
  int rc = 0;
  pthread_mutex_lock(&reg_lock);
  for (reg_entry *e = reg_head; e; e = e->next)
    if (e->dev == dev && e->ino == ino && e->pid == me) rc = EBUSY;
  if (!rc) {
    reg_entry *e = malloc(sizeof *e);
    if (!e)
      rc = ENOMEM;
    else {
      *e = (reg_entry){dev, ino, me, reg_head};
      reg_head = e;
    }
  }
  pthread_mutex_unlock(&reg_lock);
  return rc;
}

static void reg_remove(dev_t dev, ino_t ino) {
  pid_t me = getpid();
  pthread_mutex_lock(&reg_lock);
  for (reg_entry **p = &reg_head; *p; p = &(*p)->next)
    if ((*p)->dev == dev && (*p)->ino == ino && (*p)->pid == me) {
      reg_entry *e = *p;
      *p = e->next;
      free(e);
      break;
    }
  pthread_mutex_unlock(&reg_lock);
}

/* ---- transactions --------------------------------------------------------------------------------- */

/* mdb_txn_begin, adopting a map grown by another process (MDB_MAP_RESIZED). No transaction of this
 * handle is open here, which mdb_env_set_mapsize requires. */
static int txn_begin(eto_cache *c, unsigned flags, MDB_txn **txn) {
  for (int i = 0;; i++) {
    int rc = mdb_txn_begin(c->env, NULL, flags, txn);
    if (rc != MDB_MAP_RESIZED || i == 8) return rc;
    rc = mdb_env_set_mapsize(c->env, 0);
    if (rc) return rc;
    c->map_adoptions++;
  }
}

/* Grows the map (doubling, then by GROW_LINEAR steps); no transaction may be open. */
static eto_cache_status grow_map(eto_cache *c) {
  MDB_envinfo info;
  int rc = mdb_env_info(c->env, &info);
  if (rc) return cache_mdb_fail(c, rc, "reading the map size");
  size_t cur = info.me_mapsize;
  size_t next = cur < GROW_LINEAR ? cur * 2 : cur + GROW_LINEAR;
  rc = mdb_env_set_mapsize(c->env, next);
  if (rc) return cache_mdb_fail(c, rc, "growing the map");
  c->map_resizes++;
  return ETO_CACHE_OK;
}

eto_cache_status cache_write(eto_cache *c, cache_txn_fn fn, void *ctx) {
  if (c->read_only) return cache_fail(c, ETO_CACHE_EINVAL, "the cache %s was opened read-only", c->path);
  for (int attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    MDB_txn *txn;
    c->mdb_rc = 0;
    int rc = txn_begin(c, 0, &txn);
    if (rc) return cache_mdb_fail(c, rc, "starting a write transaction");
    eto_cache_status st = fn(c, txn, ctx);
    if (st != ETO_CACHE_OK) {
      mdb_txn_abort(txn);
      if (c->mdb_rc != MDB_MAP_FULL) return st;
    } else {
      rc = mdb_txn_commit(txn); /* frees txn whatever happens */
      if (rc == 0) return ETO_CACHE_OK;
      if (rc != MDB_MAP_FULL) return cache_mdb_fail(c, rc, "committing");
    }
    st = grow_map(c);
    if (st != ETO_CACHE_OK) return st;
    c->errmsg[0] = '\0';
  }
  return cache_fail(c, ETO_CACHE_EIO, "a transaction still did not fit after %d map growths (%s)",
                    WRITE_ATTEMPTS, c->path);
}

eto_cache_status cache_read(eto_cache *c, cache_txn_fn fn, void *ctx) {
  MDB_txn *txn;
  int rc = txn_begin(c, MDB_RDONLY, &txn);
  if (rc) return cache_mdb_fail(c, rc, "starting a read transaction");
  c->busy = 1;
  eto_cache_status st = fn(c, txn, ctx);
  c->busy = 0;
  mdb_txn_abort(txn);
  return st;
}

/* ---- open / close --------------------------------------------------------------------------------- */

static const char *const db_names[CACHE_DB_COUNT] = {"best", "trials", "by_sig", "meta"};

/* Opens the named databases (creating them when writable) and checks or writes the layout version. */
static eto_cache_status open_dbs(eto_cache *c, MDB_txn *txn, void *ctx) {
  (void)ctx;
  for (int i = 0; i < CACHE_DB_COUNT; i++) {
    unsigned flags = (c->read_only ? 0 : MDB_CREATE) | (i == CACHE_DB_BYSIG ? MDB_DUPSORT : 0);
    int rc = mdb_dbi_open(txn, db_names[i], flags, &c->dbi[i]);
    if (rc == MDB_NOTFOUND)
      return cache_fail(c, ETO_CACHE_NOTFOUND, "%s is not an etotune cache (no \"%s\" database)", c->path,
                        db_names[i]);
    if (rc) return cache_mdb_fail(c, rc, "opening a database");
  }
  MDB_val k = {6, "layout"}, v;
  int rc = mdb_get(txn, c->dbi[CACHE_DB_META], &k, &v);
  if (rc == MDB_NOTFOUND) {
    if (c->read_only) return cache_fail(c, ETO_CACHE_NOTFOUND, "%s has no layout record", c->path);
    char text[64];
    snprintf(text, sizeof text, "{\"type\":\"layout\",\"layout\":%d}", ETO_CACHE_LAYOUT_VERSION);
    v.mv_data = text;
    v.mv_size = strlen(text);
    rc = mdb_put(txn, c->dbi[CACHE_DB_META], &k, &v, 0);
    return rc ? cache_mdb_fail(c, rc, "writing the layout record") : ETO_CACHE_OK;
  }
  if (rc) return cache_mdb_fail(c, rc, "reading the layout record");
  cJSON *o = cJSON_ParseWithLength(v.mv_data, v.mv_size);
  const cJSON *lv = o ? cJSON_GetObjectItemCaseSensitive(o, "layout") : NULL;
  int layout = cJSON_IsNumber(lv) ? lv->valueint : -1;
  cJSON_Delete(o);
  if (layout != ETO_CACHE_LAYOUT_VERSION)
    return cache_fail(c, ETO_CACHE_STALE, "%s has cache layout version %d; this etotune uses version %d",
                      c->path, layout, ETO_CACHE_LAYOUT_VERSION);
  return ETO_CACHE_OK;
}

/* LMDB maps data.mdb and reads its pages in place, so a page past the end of a cut-short file is a SIGBUS
 * in whatever touches it first (verify included). mdb_env_open reads only the two meta pages, and with
 * read(2); the meta pages say which page is the last one in use, and LMDB refuses any page number beyond
 * it (MDB_PAGE_NOTFOUND). So checking once, before any other page is touched, that the file holds every
 * page up to the last one in use rules the SIGBUS out for this handle. (A file cut while the handle is
 * open is not covered: nothing but a signal handler could catch that.) */
static eto_cache_status check_size(eto_cache *c) {
  MDB_envinfo info;
  MDB_stat es;
  int rc = mdb_env_info(c->env, &info);
  if (rc == 0) rc = mdb_env_stat(c->env, &es);
  if (rc) return cache_mdb_fail(c, rc, "reading the environment's meta pages");
  size_t n = strlen(c->path) + sizeof "/data.mdb";
  char *data = malloc(n);
  if (!data) return cache_fail(c, ETO_CACHE_ENOMEM, "out of memory");
  snprintf(data, n, "%s/data.mdb", c->path);
  struct stat sb;
  eto_cache_status st = ETO_CACHE_OK;
  uint64_t used = ((uint64_t)info.me_last_pgno + 1) * es.ms_psize;
  if (stat(data, &sb) != 0)
    st = cache_fail(c, ETO_CACHE_EIO, "cannot read the size of %s: %s", data, strerror(errno));
  else if ((uint64_t)sb.st_size < used)
    st =
        cache_fail(c, ETO_CACHE_ECORRUPT,
                   "%s is truncated (%llu bytes, the database uses %llu bytes): restore it from a backup, or "
                   "remove it and %s/lock.mdb to start a new cache",
                   data, (unsigned long long)sb.st_size, (unsigned long long)used, c->path);
  free(data);
  return st;
}

/* Read-only opening must commit its read transaction for the database handles to outlive it. */
static eto_cache_status open_dbs_read_only(eto_cache *c) {
  MDB_txn *txn;
  int rc = txn_begin(c, MDB_RDONLY, &txn);
  if (rc) return cache_mdb_fail(c, rc, "starting a read transaction");
  eto_cache_status st = open_dbs(c, txn, NULL);
  if (st != ETO_CACHE_OK) {
    mdb_txn_abort(txn);
    return st;
  }
  rc = mdb_txn_commit(txn);
  return rc ? cache_mdb_fail(c, rc, "opening the databases") : ETO_CACHE_OK;
}

/* Creates, configures and opens c->env; returns an LMDB / errno code. On failure c->env may be set (the
 * caller closes it). */
static int env_start(eto_cache *c, const eto_cache_opts *o, unsigned flags) {
  int rc = mdb_env_create(&c->env);
  if (rc) {
    c->env = NULL;
    return rc;
  }
  size_t map = o->initial_map_size ? o->initial_map_size : ETO_CACHE_DEFAULT_MAP_SIZE;
  if ((rc = mdb_env_set_maxdbs(c->env, MAX_DBS)) != 0 || (rc = mdb_env_set_mapsize(c->env, map)) != 0)
    return rc;
  return mdb_env_open(c->env, c->path, flags, 0664);
}

static eto_cache_status open_env(eto_cache *c, const eto_cache_opts *o) {
  int rc;
  if (!c->read_only && (rc = make_dirs(c->path)) != 0)
    return cache_fail(c, ETO_CACHE_EIO, "cannot create the cache directory %s: %s", c->path, strerror(rc));
  struct stat sb;
  if (stat(c->path, &sb) != 0) {
    int err = errno;
    return cache_fail(c, err == ENOENT ? ETO_CACHE_NOTFOUND : ETO_CACHE_EIO, "cannot open the cache %s: %s",
                      c->path, strerror(err));
  }
  if (!S_ISDIR(sb.st_mode)) return cache_fail(c, ETO_CACHE_EINVAL, "%s is not a directory", c->path);
  rc = reg_add(sb.st_dev, sb.st_ino);
  if (rc == EBUSY)
    return cache_fail(c, ETO_CACHE_EBUSY, "the cache %s is already open in this process", c->path);
  if (rc) return cache_fail(c, ETO_CACHE_ENOMEM, "out of memory");
  c->registered = 1;
  c->dev = sb.st_dev;
  c->ino = sb.st_ino;

  unsigned flags = MDB_NOTLS | (c->read_only ? MDB_RDONLY : 0) | (o->no_sync ? MDB_NOSYNC : 0);
  rc = env_start(c, o, flags);
  if (rc && c->read_only && (rc == EACCES || rc == EPERM || rc == EROFS)) {
    /* lock.mdb cannot be created or written (a cache shared read-only, another user's cache): read it
     * without LMDB's reader table. Nothing is written then, but a writer running at the same time cannot
     * see this reader, so eto_cache_unlocked says so. */
    mdb_env_close(c->env);
    c->env = NULL;
    rc = env_start(c, o, flags | MDB_NOLOCK);
    c->unlocked = rc == 0;
  }
  if (rc == MDB_INVALID || rc == MDB_VERSION_MISMATCH)
    return cache_fail(c, ETO_CACHE_ECORRUPT,
                      "%s/data.mdb is not a readable LMDB file (%s): it is damaged or cut short; restore it "
                      "from a backup, or remove it and %s/lock.mdb to start a new cache",
                      c->path, mdb_strerror(rc), c->path);
  if (rc == ENOENT && c->read_only)
    return cache_fail(c, ETO_CACHE_NOTFOUND, "there is no cache in %s yet (no data.mdb)", c->path);
  if (rc) return cache_mdb_fail(c, rc, "opening the cache");
  eto_cache_status st = check_size(c);
  if (st != ETO_CACHE_OK) return st;
  if (mdb_env_get_maxkeysize(c->env) < CACHE_KEY_MAX)
    return cache_fail(c, ETO_CACHE_EIO, "this LMDB allows keys of %d bytes; the cache needs %d",
                      mdb_env_get_maxkeysize(c->env), CACHE_KEY_MAX);
  int dead = 0;
  if ((rc = mdb_reader_check(c->env, &dead)) != 0) return cache_mdb_fail(c, rc, "clearing stale readers");
  return c->read_only ? open_dbs_read_only(c) : cache_write(c, open_dbs, NULL);
}

eto_cache_status eto_cache_open(const char *path, const eto_cache_opts *opts, eto_cache **out) {
  static const eto_cache_opts defaults;
  const eto_cache_opts *o = opts ? opts : &defaults;
  eto_cache *c = calloc(1, sizeof *c);
  *out = c;
  if (!c) return ETO_CACHE_ENOMEM;
  c->read_only = o->read_only != 0;
  eto_cache_status st = eto_cache_resolve_path(path, &c->path);
  if (st == ETO_CACHE_EINVAL)
    return cache_fail(c, st, "no cache path: give one, or set ETOTUNE_DB, XDG_CACHE_HOME or HOME");
  if (st != ETO_CACHE_OK) return cache_fail(c, st, "out of memory");
  st = open_env(c, o);
  if (st != ETO_CACHE_OK && c->env) {
    mdb_env_close(c->env);
    c->env = NULL;
  }
  return st;
}

void eto_cache_close(eto_cache *c) {
  if (!c) return;
  if (c->env) mdb_env_close(c->env);
  if (c->registered) reg_remove(c->dev, c->ino);
  free(c->path);
  free(c);
}
