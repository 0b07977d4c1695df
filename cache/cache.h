/* cache.h — the etotune cache: an LMDB store of verified best programs and of every measured trial.
 *
 * Data flow: the measurement loop hands each measured batch (eto_cache_trial, failures included) and the
 * operator's best verified program (eto_cache_best) to eto_cache_put_batch, one transaction per batch;
 * the selector asks for every cached best program of one (target, kind, sketch signature) through
 * eto_cache_list_best; the tuner reads one best program with eto_cache_get_best and marks it bad with
 * eto_cache_mark_bad when re-verification fails; the cost model reads a target's trials with
 * eto_cache_foreach_trial; a resumed run counts what it already spent with eto_cache_count_trials; the
 * CLI (`etotune db ...`) uses eto_cache_stats, eto_cache_verify, eto_cache_export and eto_cache_import.
 *
 * What the cache stores is opaque text to it: the recipe (a serialized schedule program, never a binary),
 * the workload key, the target fingerprint, the operator kind, the sketch-set signature and the features.
 * It checks only what needs no operator model (required fields, lengths, finite positive latencies of at
 * least ETO_CACHE_MIN_LATENCY_S); whether a key names a real operator, a recipe fits it and a latency is
 * physically possible is judged by an eto_cache_checker that the caller passes to import and verify.
 * Every record is a self-describing JSON object with a "type" and a "schema" field; a record whose schema
 * or fingerprint does not match what was asked for is never returned as usable: the call returns
 * ETO_CACHE_STALE, says why in eto_cache_errmsg, and the handle counts it
 * (eto_cache_stats_report.stale_seen). Since schema 2 every record ends with a "checksum" of the rest of
 * its canonical encoding, so a record edited in place (or damaged) reads as ECORRUPT; schema-1 records
 * (no checksum) are still read, and eto_cache_verify counts them.
 *
 * Layout (one LMDB environment, a directory holding data.mdb and lock.mdb; named databases):
 *   best    H(fingerprint) · workload key                  -> best record (JSON)
 *   trials  H(fingerprint) · workload key · 0 · seq (u64 BE) -> trial record (JSON); the trials of one
 *           (target, workload) are one contiguous key range, in the order they were stored
 *   by_sig  H(fingerprint) · kind · 0 · H(signature)       -> workload keys (sorted duplicates): the index
 *           behind eto_cache_list_best, kept in the same transaction as `best`
 *   meta    "layout" -> layout version; "target:" H(fingerprint) -> target description
 * H is a fixed 64-bit hash written as 16 hex digits, so fingerprints and signatures may be of any length;
 * every record also carries its full fingerprint and is checked against the one asked for on each read.
 * The map starts at eto_cache_opts.initial_map_size and grows on MDB_MAP_FULL (the transaction is retried),
 * so a long run never fails for space the disk has; growth by other processes (MDB_MAP_RESIZED) is adopted.
 *
 * Processes and threads:
 *   * Several processes may open one cache at the same time; each batch is atomic and durable on return
 *     (LMDB's default sync). A writer killed at any point loses at most the transaction in flight.
 *   * Open one path at most once per process (POSIX locks are per process: closing a second handle would
 *     drop the first's locks); eto_cache_open refuses a second open of the same directory with EBUSY.
 *   * Never carry a handle across fork(): open the cache in the child after fork. A child must not use or
 *     close a handle it inherited (closing would clear the parent's reader slots); it simply abandons it.
 *   * A handle is used by one thread at a time (it holds the error message). Functions that take a
 *     callback run it inside a read transaction; the callback must not call back into the same handle
 *     (such calls fail with ETO_CACHE_EBUSY).
 *
 * Strings: every `const char *` argument, and every record given to a put function, is only read and
 * borrowed for the duration of the call (the cache copies what it keeps). Records filled by the
 * cache own their strings (malloc'd) until the matching *_clear / *_free call; records passed to callbacks
 * are valid only during the callback.
 */
#ifndef ETO_CACHE_H
#define ETO_CACHE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define ETO_CACHE_SCHEMA_VERSION 2   /* version of every record this build writes (2: with a checksum) */
#define ETO_CACHE_SCHEMA_OLDEST 1    /* oldest record schema this build still reads (1: no checksum) */
#define ETO_CACHE_LAYOUT_VERSION 1   /* version of the key layout and database set */
#define ETO_CACHE_MAX_WORKLOAD 480   /* longest workload key in bytes (LMDB keys are at most 511 bytes) */
#define ETO_CACHE_MAX_KIND 64        /* longest operator kind name in bytes */
#define ETO_CACHE_MAX_NAME 256       /* longest fingerprint, signature, tool or codegen version in bytes */
#define ETO_CACHE_MAX_TEXT 16384     /* longest recipe, features, error, bad reason or description in bytes */
#define ETO_CACHE_MIN_LATENCY_S 1e-9 /* no kernel launch, let alone a measured run, takes less */
#define ETO_CACHE_DEFAULT_MAP_SIZE ((size_t)64 << 20)

typedef enum {
  ETO_CACHE_OK = 0,
  ETO_CACHE_NOTFOUND, /* no such record */
  ETO_CACHE_STALE,    /* a record exists but its schema or fingerprint does not match; not returned */
  ETO_CACHE_BAD,      /* get_best: the record is filled but marked bad (failed re-verification) */
  ETO_CACHE_CONFLICT, /* mark_bad: the stored best program is no longer the one named */
  ETO_CACHE_EINVAL,   /* bad argument (NULL, empty or too long a key, non-finite latency, ...) */
  ETO_CACHE_ENOMEM,
  ETO_CACHE_EIO,      /* LMDB or system error; the message carries its own text */
  ETO_CACHE_ECORRUPT, /* a stored value does not parse, or the store is inconsistent */
  ETO_CACHE_EBUSY,    /* path already open in this process, or a call from inside a callback */
  ETO_CACHE_STATUS_COUNT
} eto_cache_status;

/* Outcome of a measured candidate; the failure kinds are those of docs/architecture.md §5. */
typedef enum {
  ETO_CACHE_TRIAL_OK = 0,
  ETO_CACHE_TRIAL_INSTANTIATION,
  ETO_CACHE_TRIAL_COMPILE,
  ETO_CACHE_TRIAL_RUNTIME,
  ETO_CACHE_TRIAL_WRONG_ANSWER,
  ETO_CACHE_TRIAL_BUILD_TIMEOUT,
  ETO_CACHE_TRIAL_RUN_TIMEOUT,
  ETO_CACHE_TRIAL_STATUS_COUNT
} eto_cache_trial_status;

/* How a program was found. */
typedef enum {
  ETO_CACHE_METHOD_FULL = 0, /* the backend's full search */
  ETO_CACHE_METHOD_REUSE,    /* the reuse tuner, starting from another workload's best program */
  ETO_CACHE_METHOD_TOPK,     /* Selective Tuning's direct reuse of another workload's top programs */
  ETO_CACHE_METHOD_IMPORT,   /* brought in from outside etotune's own search */
  ETO_CACHE_METHOD_COUNT
} eto_cache_method;

typedef struct eto_cache eto_cache;

/* Options; a zeroed struct (or NULL) means the defaults. */
typedef struct {
  size_t initial_map_size; /* bytes; 0 = ETO_CACHE_DEFAULT_MAP_SIZE. Never limits growth. */
  int read_only;           /* open without creating anything but lock.mdb (read without it when it cannot be
                              written: see eto_cache_unlocked); every write fails with EINVAL */
  int no_sync;             /* skip fsync at commit (survives a killed process, not a power loss) */
} eto_cache_opts;

typedef struct {
  double median_s, min_s, max_s; /* seconds; median >= ETO_CACHE_MIN_LATENCY_S, min and max 0 (unknown) or
                                    >= ETO_CACHE_MIN_LATENCY_S, min <= median <= max */
  int32_t repeats;               /* number of timed repeats behind the median */
} eto_cache_latency;

/* The best verified program of one workload on one target. */
typedef struct {
  char *fingerprint; /* target fingerprint (required) */
  char *workload;    /* workload key (required, <= ETO_CACHE_MAX_WORKLOAD bytes) */
  char *kind;        /* operator kind (required, <= ETO_CACHE_MAX_KIND bytes) */
  char *signature;   /* sketch-set signature (required) */
  char *recipe;      /* the serialized program (required, opaque) */
  eto_cache_latency latency;
  double gflops;
  char *features; /* opaque program features, or NULL */
  eto_cache_method method;
  char *source_workload; /* for reuse / topk: the workload whose program was reused; else NULL */
  int64_t trials;        /* trials spent to find it */
  char *tool_version;    /* or NULL */
  char *codegen_version; /* or NULL */
  int64_t time;          /* unix seconds when it was found */
  int bad;               /* 1 once re-verification failed */
  char *bad_reason;      /* why, when bad; else NULL */
} eto_cache_best;

/* One measured candidate, failures included. */
typedef struct {
  char *fingerprint; /* required */
  char *workload;    /* required */
  char *kind;        /* operator kind, or NULL (only for statistics) */
  char *recipe;      /* required */
  eto_cache_trial_status status;
  char *error;      /* the failure's message, NULL when ok */
  double latency_s; /* median seconds when status is ok (>= ETO_CACHE_MIN_LATENCY_S); stored as 0 otherwise */
  char *features;   /* opaque, or NULL */
  int64_t time;     /* unix seconds */
  eto_cache_method method;
  int32_t round; /* search round (backend round or tuner round) */
  uint64_t seq;  /* output only: position within its (target, workload), from 1 */
} eto_cache_trial;

typedef enum {
  ETO_CACHE_PUT_NONE = 0,       /* no best record given */
  ETO_CACHE_PUT_NEW,            /* there was none */
  ETO_CACHE_PUT_REPLACED,       /* the stored one was slower */
  ETO_CACHE_PUT_REPLACED_BAD,   /* the stored one was marked bad and the new one is not */
  ETO_CACHE_PUT_REPLACED_STALE, /* the stored one had another schema or fingerprint, or did not parse */
  ETO_CACHE_PUT_KEPT            /* the stored one is at least as good; nothing changed */
} eto_cache_put_outcome;

typedef struct {
  eto_cache_best *items;
  size_t count;
} eto_cache_best_list;

/* ---- names ---------------------------------------------------------------------------------------- */

/* Static strings: "ok", "notfound", "stale", ... ; "?" for values out of range. */
const char *eto_cache_status_name(eto_cache_status st);
/* "ok", "instantiation", "compile", "runtime", "wrong_answer", "build_timeout", "run_timeout". */
const char *eto_cache_trial_status_name(eto_cache_trial_status s);
/* Parses a trial status name; returns 0 and sets *out, or -1 if the name is unknown. */
int eto_cache_trial_status_parse(const char *name, eto_cache_trial_status *out);
/* "full", "reuse", "topk", "import". */
const char *eto_cache_method_name(eto_cache_method m);
int eto_cache_method_parse(const char *name, eto_cache_method *out);

/* ---- lifecycle ------------------------------------------------------------------------------------ */

/* The cache directory to use: explicit_path if not NULL/empty, else $ETOTUNE_DB, else
 * $XDG_CACHE_HOME/etotune, else $HOME/.cache/etotune. *out_path is malloc'd, owned by the caller.
 * Returns EINVAL when no candidate exists (no HOME), ENOMEM. Does not touch the file system. */
eto_cache_status eto_cache_resolve_path(const char *explicit_path, char **out_path);

/* Opens (creating the directory and databases when needed, unless read_only) the cache at `path`
 * (NULL: eto_cache_resolve_path(NULL)). On return *out is a handle even on failure (except ENOMEM, when
 * it may be NULL) so eto_cache_errmsg can say why; the caller closes it in every case.
 * Errors: EBUSY (already open in this process), STALE (the store has another layout version), ECORRUPT
 * (data.mdb is shorter than the pages its meta pages say are in use, or its header is damaged: the message
 * names the file and what to do; nothing past the meta pages was touched), EIO, ENOMEM, NOTFOUND
 * (read_only and the cache does not exist). Clears readers left by dead processes. */
eto_cache_status eto_cache_open(const char *path, const eto_cache_opts *opts, eto_cache **out);

/* Closes the handle; NULL is a no-op. Must not be called from a forked child on an inherited handle. */
void eto_cache_close(eto_cache *cache);

/* The message of the last failed call (or of the last stale record skipped), "" if none. Valid until
 * the next call on the handle. A NULL handle gives a static "out of memory" message. */
const char *eto_cache_errmsg(const eto_cache *cache);

/* The directory the handle opened; valid until close. */
const char *eto_cache_path(const eto_cache *cache);

/* 1 when a read-only handle reads without LMDB's lock file, because lock.mdb could not be created or
 * written (a cache on a read-only file system, or another user's): reads work, but a process writing the
 * cache at the same time does not see them and may reuse pages they are reading, so a result can be
 * inconsistent (a record reported corrupt) while such a writer runs. 0 otherwise (and for NULL). */
int eto_cache_unlocked(const eto_cache *cache);

/* ---- writing -------------------------------------------------------------------------------------- */

/* Stores `n` trials (appended after the existing trials of their (fingerprint, workload)) and, when
 * `best` is not NULL, offers `best` as the best program of its (fingerprint, workload), all in one
 * transaction: everything is stored or nothing is. The best record replaces the stored one only when it
 * is better: not bad over bad, else a strictly lower median latency; a stored record that is stale or
 * does not parse is always replaced. `outcome` (may be NULL) says what happened to `best`.
 * Errors: EINVAL (a record misses a required field, a key or text is too long, a latency is not finite or
 * below ETO_CACHE_MIN_LATENCY_S, read-only handle), EIO, ENOMEM, EBUSY. */
eto_cache_status eto_cache_put_batch(eto_cache *cache, const eto_cache_trial *trials, size_t n,
                                     const eto_cache_best *best, eto_cache_put_outcome *outcome);

/* eto_cache_put_batch without a best record / without trials. */
eto_cache_status eto_cache_put_trials(eto_cache *cache, const eto_cache_trial *trials, size_t n);
eto_cache_status eto_cache_put_best(eto_cache *cache, const eto_cache_best *best,
                                    eto_cache_put_outcome *outcome);

/* Marks the best program of (fingerprint, workload) bad, with `reason` (may be NULL). When `recipe` is not
 * NULL, the record is marked only if its recipe is still that one (another process may have stored a
 * better program meanwhile): otherwise returns CONFLICT and changes nothing. The record stays (it is
 * replaced by the next program put for the workload). Errors: NOTFOUND, STALE, CONFLICT, EINVAL, EIO. */
eto_cache_status eto_cache_mark_bad(eto_cache *cache, const char *fingerprint, const char *workload,
                                    const char *recipe, const char *reason);
/* Replaces the latency of the best program of (fingerprint, workload) by lat, a measurement of the same program
 * taken again (its GFLOP/s scaled alike), when its recipe is still `recipe` (else CONFLICT, nothing changed): for a
 * stored time that the program no longer runs at (etotune tune --refine re-times what it refines; a search keeps
 * its best single measurement, which a busy shared host can leave far from the program's speed, bench/RESULTS.md
 * Q.1). Errors: NOTFOUND, STALE, CONFLICT, EINVAL (lat's median not a latency), EIO. */
eto_cache_status eto_cache_retime_best(eto_cache *cache, const char *fingerprint, const char *workload,
                                       const char *recipe, const eto_cache_latency *lat);

/* Stores the human-readable description of a target (replacing any previous one). */
eto_cache_status eto_cache_put_target(eto_cache *cache, const char *fingerprint, const char *description);

/* ---- reading -------------------------------------------------------------------------------------- */

/* Reads the best program of (fingerprint, workload) into *out (which the caller then clears with
 * eto_cache_best_clear; *out is zeroed on every status but OK and BAD).
 * Returns OK; BAD (record filled, but it failed re-verification: do not use it as a verified program);
 * NOTFOUND; STALE (a record is there but has another schema or fingerprint: message says which);
 * ECORRUPT (the stored value does not parse); EINVAL, EIO, ENOMEM, EBUSY. */
eto_cache_status eto_cache_get_best(eto_cache *cache, const char *fingerprint, const char *workload,
                                    eto_cache_best *out);

#define ETO_CACHE_LIST_INCLUDE_BAD 1u /* eto_cache_list_best flag: also return records marked bad */

/* Every best program of one target and kind with sketch-set signature `signature` (NULL: every
 * signature of that kind), through the by_sig index, in index order (grouped by signature, then by
 * workload key). Records marked bad are left out unless `flags` has ETO_CACHE_LIST_INCLUDE_BAD.
 * *out holds the usable records (free with eto_cache_best_list_free) on OK, STALE and ECORRUPT:
 * STALE means some records were skipped because their schema or fingerprint did not match, ECORRUPT that
 * some index entries lead to a missing or unparsable record (run eto_cache_verify); the message counts
 * them. On other errors (EINVAL, EIO, ENOMEM, EBUSY) *out is empty. */
eto_cache_status eto_cache_list_best(eto_cache *cache, const char *fingerprint, const char *kind,
                                     const char *signature, unsigned flags, eto_cache_best_list *out);

/* Callbacks return 0 to go on, anything else to stop (the iteration then returns OK). The record is
 * valid only during the call; the callback must not call into the cache. */
typedef int (*eto_cache_best_fn)(const eto_cache_best *rec, void *user);
typedef int (*eto_cache_trial_fn)(const eto_cache_trial *rec, void *user);

/* Every best record of `fingerprint` (NULL: of every target), bad ones included, in key order.
 * Stale records and values that do not parse are skipped, counted, and reported at the end: STALE or
 * ECORRUPT after the usable records were all visited. */
eto_cache_status eto_cache_foreach_best(eto_cache *cache, const char *fingerprint, eto_cache_best_fn fn,
                                        void *user);

/* Every trial of (fingerprint, workload) in the order stored; workload NULL: every trial of the target
 * (grouped by workload); fingerprint NULL (then workload must be NULL): every trial. Skipping and return
 * values as eto_cache_foreach_best. */
eto_cache_status eto_cache_foreach_trial(eto_cache *cache, const char *fingerprint, const char *workload,
                                         eto_cache_trial_fn fn, void *user);

/* Number of trials stored for (fingerprint, workload), failures included (whatever their schema). */
eto_cache_status eto_cache_count_trials(eto_cache *cache, const char *fingerprint, const char *workload,
                                        size_t *count);

/* The description stored for a target; *description is malloc'd, owned by the caller.
 * Returns NOTFOUND, STALE, ECORRUPT, EIO, ... as eto_cache_get_best. */
eto_cache_status eto_cache_get_target(eto_cache *cache, const char *fingerprint, char **description);

/* ---- records -------------------------------------------------------------------------------------- */

/* Free the strings a record owns and zero it (the struct itself is the caller's). NULL is a no-op. */
void eto_cache_best_clear(eto_cache_best *rec);
void eto_cache_trial_clear(eto_cache_trial *rec);
void eto_cache_best_list_free(eto_cache_best_list *list);

/* A record as one JSON object (the stored form; `pretty` adds newlines and indentation), for display.
 * Returns a malloc'd string owned by the caller, or NULL when out of memory. Does not validate. */
char *eto_cache_best_to_json(const eto_cache_best *rec, int pretty);
char *eto_cache_trial_to_json(const eto_cache_trial *rec, int pretty);

/* ---- checking what records mean ------------------------------------------------------------------ */

/* The caller's judgement of a record the cache cannot judge itself: does the workload key name a real
 * operator (and is it in canonical form), does the kind match it, does the recipe fit it, could the
 * latency have been measured (not beyond a physical throughput bound)? Each function returns 0 when the
 * record is plausible, else non-zero with a one-line reason in why (whylen bytes). A NULL function
 * accepts every record of its type. The functions run inside the cache's transactions: they must not call
 * into the cache. Used by eto_cache_import (a refused line is not stored) and eto_cache_verify (a refused
 * record is a problem). */
typedef struct {
  int (*best)(const eto_cache_best *rec, void *user, char *why, size_t whylen);
  int (*trial)(const eto_cache_trial *rec, void *user, char *why, size_t whylen);
  void *user;
} eto_cache_checker;

/* ---- administration ------------------------------------------------------------------------------- */

typedef struct {
  char *fingerprint; /* owned by the stats */
  char *kind;        /* "?" for trials stored without a kind */
  size_t best;       /* best records (bad ones included) */
  size_t bad;        /* of which marked bad */
  size_t trials;     /* trials */
  size_t trials_ok;  /* of which measured successfully */
} eto_cache_stats_row;

typedef struct {
  eto_cache_stats_row *rows; /* one per (fingerprint, kind), sorted; owned by the stats */
  size_t row_count;
  size_t best, trials, targets, index_entries; /* totals over the store */
  size_t stale;         /* stored records of another schema / mismatching fingerprint */
  size_t corrupt;       /* stored values that do not parse */
  size_t stale_seen;    /* stale records this handle met in reads since it was opened */
  size_t map_resizes;   /* map growths this handle performed since it was opened */
  size_t map_adoptions; /* growths by other processes this handle adopted (MDB_MAP_RESIZED) */
  uint64_t map_size;    /* bytes currently mapped */
  uint64_t used_size;   /* bytes of the data file in use (last page + 1) × page size */
  uint64_t file_size;   /* size of data.mdb on disk */
  unsigned readers;     /* reader slots in use (all processes) */
} eto_cache_stats_report;

/* Scans the whole store (one read transaction). Free with eto_cache_stats_report_free. */
eto_cache_status eto_cache_stats(eto_cache *cache, eto_cache_stats_report *out);
void eto_cache_stats_report_free(eto_cache_stats_report *stats);

typedef struct {
  const eto_cache_checker *checker; /* NULL: records are checked only as the cache can (see above) */
} eto_cache_verify_opts;

typedef struct {
  size_t best, trials, index_entries, meta; /* entries examined */
  size_t stale;                             /* records of another schema (not usable, not a defect) */
  size_t unchecked; /* usable records of schema 1, which have no checksum: an edit cannot be detected */
  size_t problems;  /* defects: values that do not parse or whose checksum does not match (edited or
                       damaged), keys that do not match their record, index entries without a record or
                       records without an index entry, records the checker refuses */
  char *messages;   /* the first defects, one per line ("" if none); owned by the report */
} eto_cache_verify_report;

/* Integrity check in one read transaction: every value parses and matches its checksum, every key matches
 * its record, the by_sig index matches the best database exactly, and (with opts->checker) every usable
 * best record and trial is plausible. NULL opts: defaults. Returns OK when there are no problems,
 * ECORRUPT when there are (see the report), or EIO, ENOMEM, EBUSY. Free the report with
 * eto_cache_verify_report_free. */
eto_cache_status eto_cache_verify(eto_cache *cache, const eto_cache_verify_opts *opts,
                                  eto_cache_verify_report *out);
void eto_cache_verify_report_free(eto_cache_verify_report *report);

/* ---- export / import ------------------------------------------------------------------------------ */

typedef struct {
  size_t best, trials, targets; /* lines written */
  size_t skipped;               /* stored values left out (stale or not parsing) */
} eto_cache_export_report;

/* Writes every usable record as JSON lines, one object per line with "type" "meta" (target
 * descriptions), "best" or "trial", in that order, each in key order (one read transaction). The output
 * is canonical: importing it into an empty cache and exporting again gives the same bytes. `report` may
 * be NULL. Returns OK, STALE / ECORRUPT when records were left out (after writing the rest), EIO on a
 * write error. */
eto_cache_status eto_cache_export(eto_cache *cache, FILE *out, eto_cache_export_report *report);

typedef struct {
  const char *fingerprint; /* if not NULL, import only records of this target; skip the others */
  size_t batch;            /* lines per transaction; 0 = 512 */
  const char *name;        /* the input's name for messages ("NAME:LINE: reason"); NULL: "LINE: reason" */
  const eto_cache_checker *checker; /* refuses implausible records; NULL: the cache's own checks only */
} eto_cache_import_opts;

#define ETO_CACHE_MAX_LINE ((size_t)1 << 20) /* longest import line in bytes */

typedef struct {
  size_t lines;                              /* lines read (blank lines excluded) */
  size_t best_new, best_replaced, best_kept; /* best records: stored, replaced a worse one, kept
                                                the better stored one */
  size_t trials_added, trials_duplicate;     /* trials stored / already present (identical) */
  size_t targets_added, targets_kept;        /* target descriptions */
  size_t skipped;                            /* lines not imported: refused + other targets' lines */
  size_t refused;                            /* of which invalid or implausible (see messages) */
  char *messages; /* why lines were skipped, "NAME:LINE: reason" one per line (first 100); owned */
} eto_cache_import_report;

/* Reads JSON lines written by eto_cache_export and stores them, `opts->batch` lines per transaction
 * (NULL opts: defaults). A line is refused (and reported) when it is not a JSON object, holds a NUL byte
 * (raw or as \u0000, which would silently cut a string) or is longer than ETO_CACHE_MAX_LINE, has an
 * unknown "type" or another "schema", misses a field or has one of the wrong type or too long, fails the
 * cache's checks (latency below ETO_CACHE_MIN_LATENCY_S, ...), does not match its "checksum", or is refused
 * by opts->checker. Lines of another target than opts->fingerprint are skipped, not refused. A best
 * record is stored only if better than the stored one (eto_cache_put_batch's rule); a trial identical to
 * a stored trial of its workload is not stored twice. Returns OK (even if lines were refused: see the
 * report), EIO (read error), ENOMEM, or a store error (batches committed before it stay).
 * Free the report with eto_cache_import_report_free. */
eto_cache_status eto_cache_import(eto_cache *cache, FILE *in, const eto_cache_import_opts *opts,
                                  eto_cache_import_report *report);
void eto_cache_import_report_free(eto_cache_import_report *report);

#endif
