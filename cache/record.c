/* record.c — names of the cache's enums and the JSON codec of its records.
 *
 * Every stored value is one JSON object with "type" and "schema". Encoding is canonical (fixed field
 * order, cJSON's shortest round-tripping number format), so decode(encode(r)) re-encodes to the same
 * bytes: the export → import → export round trip depends on it.
 */
#define _POSIX_C_SOURCE 200809L

#include <cjson/cJSON.h>
#include <inttypes.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache_internal.h"

/* ---- names ---------------------------------------------------------------------------------------- */

static const char *const status_names[] = {
    "ok", "notfound", "stale", "bad", "conflict", "einval", "enomem", "eio", "ecorrupt", "ebusy",
};
_Static_assert(sizeof status_names / sizeof status_names[0] == ETO_CACHE_STATUS_COUNT,
               "one name per eto_cache_status");

static const char *const trial_status_names[] = {
    "ok", "instantiation", "compile", "runtime", "wrong_answer", "build_timeout", "run_timeout",
};
_Static_assert(sizeof trial_status_names / sizeof trial_status_names[0] == ETO_CACHE_TRIAL_STATUS_COUNT,
               "one name per eto_cache_trial_status");

static const char *const method_names[] = {"full", "reuse", "topk", "import"};
_Static_assert(sizeof method_names / sizeof method_names[0] == ETO_CACHE_METHOD_COUNT,
               "one name per eto_cache_method");

const char *eto_cache_status_name(eto_cache_status st) {
  return (unsigned)st < ETO_CACHE_STATUS_COUNT ? status_names[st] : "?";
}

const char *eto_cache_trial_status_name(eto_cache_trial_status s) {
  return (unsigned)s < ETO_CACHE_TRIAL_STATUS_COUNT ? trial_status_names[s] : "?";
}

int eto_cache_trial_status_parse(const char *name, eto_cache_trial_status *out) {
  for (int i = 0; name && i < ETO_CACHE_TRIAL_STATUS_COUNT; i++)
    if (strcmp(name, trial_status_names[i]) == 0) {
      *out = (eto_cache_trial_status)i;
      return 0;
    }
  return -1;
}

const char *eto_cache_method_name(eto_cache_method m) {
  return (unsigned)m < ETO_CACHE_METHOD_COUNT ? method_names[m] : "?";
}

int eto_cache_method_parse(const char *name, eto_cache_method *out) {
  for (int i = 0; name && i < ETO_CACHE_METHOD_COUNT; i++)
    if (strcmp(name, method_names[i]) == 0) {
      *out = (eto_cache_method)i;
      return 0;
    }
  return -1;
}

/* ---- clearing ------------------------------------------------------------------------------------- */

void eto_cache_best_clear(eto_cache_best *r) {
  if (!r) return;
  free(r->fingerprint);
  free(r->workload);
  free(r->kind);
  free(r->signature);
  free(r->recipe);
  free(r->features);
  free(r->source_workload);
  free(r->tool_version);
  free(r->codegen_version);
  free(r->bad_reason);
  memset(r, 0, sizeof *r);
}

void eto_cache_trial_clear(eto_cache_trial *r) {
  if (!r) return;
  free(r->fingerprint);
  free(r->workload);
  free(r->kind);
  free(r->recipe);
  free(r->error);
  free(r->features);
  memset(r, 0, sizeof *r);
}

void eto_cache_best_list_free(eto_cache_best_list *list) {
  if (!list) return;
  for (size_t i = 0; i < list->count; i++) eto_cache_best_clear(&list->items[i]);
  free(list->items);
  list->items = NULL;
  list->count = 0;
}

/* ---- validation ----------------------------------------------------------------------------------- */

static int nonempty(const char *s) { return s && *s; }

/* The first field of a record longer than its limit, or NULL. */
typedef struct {
  const char *name, *value;
  size_t max;
} field_limit;

static const char *too_long(const field_limit *f, size_t n, size_t *max) {
  for (size_t i = 0; i < n; i++)
    if (f[i].value && strlen(f[i].value) > f[i].max) {
      *max = f[i].max;
      return f[i].name;
    }
  return NULL;
}

/* A latency a measurement could have given: finite and not below the floor; 0 means unknown where allowed. */
static int latency_ok(double s, int zero_ok) {
  return isfinite(s) && (s >= ETO_CACHE_MIN_LATENCY_S || (zero_ok && s == 0));
}

eto_cache_status cache_best_check(const eto_cache_best *r, char *why, size_t n) {
  const char *miss = !r                          ? "record"
                     : !nonempty(r->fingerprint) ? "fingerprint"
                     : !nonempty(r->workload)    ? "workload"
                     : !nonempty(r->kind)        ? "kind"
                     : !nonempty(r->signature)   ? "signature"
                     : !nonempty(r->recipe)      ? "recipe"
                                                 : NULL;
  if (miss) {
    snprintf(why, n, "best record: %s is missing", miss);
    return ETO_CACHE_EINVAL;
  }
  const field_limit limits[] = {
      {"workload", r->workload, ETO_CACHE_MAX_WORKLOAD},
      {"kind", r->kind, ETO_CACHE_MAX_KIND},
      {"fingerprint", r->fingerprint, ETO_CACHE_MAX_NAME},
      {"signature", r->signature, ETO_CACHE_MAX_NAME},
      {"recipe", r->recipe, ETO_CACHE_MAX_TEXT},
      {"features", r->features, ETO_CACHE_MAX_TEXT},
      {"source", r->source_workload, ETO_CACHE_MAX_WORKLOAD},
      {"tool_version", r->tool_version, ETO_CACHE_MAX_NAME},
      {"codegen_version", r->codegen_version, ETO_CACHE_MAX_NAME},
      {"bad_reason", r->bad_reason, ETO_CACHE_MAX_TEXT},
  };
  size_t max;
  const char *longf = too_long(limits, sizeof limits / sizeof limits[0], &max);
  if (longf) {
    snprintf(why, n, "best record: %s longer than %zu bytes", longf, max);
    return ETO_CACHE_EINVAL;
  }
  const eto_cache_latency *l = &r->latency;
  if (!latency_ok(l->median_s, 0) || !latency_ok(l->min_s, 1) || !latency_ok(l->max_s, 1) ||
      (l->min_s > 0 && l->min_s > l->median_s) || (l->max_s > 0 && l->max_s < l->median_s) ||
      l->repeats < 0) {
    snprintf(why, n,
             "best record of %s: impossible latency (median %g s, min %g s, max %g s, repeats %d; "
             "a measured latency is at least %g s)",
             r->workload, l->median_s, l->min_s, l->max_s, (int)l->repeats, ETO_CACHE_MIN_LATENCY_S);
    return ETO_CACHE_EINVAL;
  }
  if (!isfinite(r->gflops) || r->gflops < 0) {
    snprintf(why, n, "best record of %s: bad GFLOP/s %g", r->workload, r->gflops);
    return ETO_CACHE_EINVAL;
  }
  if ((unsigned)r->method >= ETO_CACHE_METHOD_COUNT || r->trials < 0 || r->time < 0) {
    snprintf(why, n, "best record of %s: bad method, trial count or time", r->workload);
    return ETO_CACHE_EINVAL;
  }
  return ETO_CACHE_OK;
}

eto_cache_status cache_trial_check(const eto_cache_trial *r, char *why, size_t n) {
  const char *miss = !r                          ? "record"
                     : !nonempty(r->fingerprint) ? "fingerprint"
                     : !nonempty(r->workload)    ? "workload"
                     : !nonempty(r->recipe)      ? "recipe"
                                                 : NULL;
  if (miss) {
    snprintf(why, n, "trial record: %s is missing", miss);
    return ETO_CACHE_EINVAL;
  }
  const field_limit limits[] = {
      {"workload", r->workload, ETO_CACHE_MAX_WORKLOAD},
      {"kind", r->kind, ETO_CACHE_MAX_KIND},
      {"fingerprint", r->fingerprint, ETO_CACHE_MAX_NAME},
      {"recipe", r->recipe, ETO_CACHE_MAX_TEXT},
      {"error", r->error, ETO_CACHE_MAX_TEXT},
      {"features", r->features, ETO_CACHE_MAX_TEXT},
  };
  size_t max;
  const char *longf = too_long(limits, sizeof limits / sizeof limits[0], &max);
  if (longf) {
    snprintf(why, n, "trial: %s longer than %zu bytes", longf, max);
    return ETO_CACHE_EINVAL;
  }
  if ((unsigned)r->status >= ETO_CACHE_TRIAL_STATUS_COUNT || (unsigned)r->method >= ETO_CACHE_METHOD_COUNT ||
      r->time < 0) {
    snprintf(why, n, "trial of %s: bad status, method or time", r->workload);
    return ETO_CACHE_EINVAL;
  }
  if (r->status == ETO_CACHE_TRIAL_OK && !latency_ok(r->latency_s, 0)) {
    snprintf(why, n, "trial of %s: status ok needs a measured latency of at least %g s (got %g s)",
             r->workload, ETO_CACHE_MIN_LATENCY_S, r->latency_s);
    return ETO_CACHE_EINVAL;
  }
  return ETO_CACHE_OK;
}

eto_cache_status cache_target_check(const char *fp, const char *description, char *why, size_t n) {
  if (!nonempty(fp) || !description) {
    snprintf(why, n, "target description: %s is missing", nonempty(fp) ? "description" : "fingerprint");
    return ETO_CACHE_EINVAL;
  }
  const field_limit limits[] = {{"fingerprint", fp, ETO_CACHE_MAX_NAME},
                                {"description", description, ETO_CACHE_MAX_TEXT}};
  size_t max;
  const char *longf = too_long(limits, 2, &max);
  if (longf) {
    snprintf(why, n, "target description: %s longer than %zu bytes", longf, max);
    return ETO_CACHE_EINVAL;
  }
  return ETO_CACHE_OK;
}

int cache_json_has_nul(const char *text, size_t len) {
  if (memchr(text, '\0', len)) return 1;
  int in_string = 0;
  for (size_t i = 0; i < len; i++) {
    if (text[i] == '"') {
      in_string = !in_string;
    } else if (in_string && text[i] == '\\' && i + 1 < len) {
      if (text[i + 1] == 'u' && i + 5 < len && memcmp(text + i + 2, "0000", 4) == 0) return 1;
      i++; /* the escaped character: \" does not end the string, \\ is one backslash */
    }
  }
  return 0;
}

/* ---- encoding ------------------------------------------------------------------------------------- */

/* Adds a string, or null for NULL; returns 0 on failure. */
static int add_str(cJSON *o, const char *name, const char *s) {
  return (s ? cJSON_AddStringToObject(o, name, s) : cJSON_AddNullToObject(o, name)) != NULL;
}

/* Numbers are printed here, not by cJSON: its printer accepts a 15-digit form that is one unit in the last
 * place off, which would break the exact round trip. This gives the shortest of %.15g..%.17g that reads
 * back as the same double, whatever the locale's decimal point. */
static int add_num(cJSON *o, const char *name, double v) {
  if (!isfinite(v)) return cJSON_AddNullToObject(o, name) != NULL;
  char buf[40];
  for (int prec = 15; prec <= 17; prec++) {
    snprintf(buf, sizeof buf, "%.*g", prec, v);
    if (strtod(buf, NULL) == v) break;
  }
  char point = localeconv()->decimal_point[0];
  if (point != '.')
    for (char *p = buf; *p; p++)
      if (*p == point) *p = '.';
  return cJSON_AddRawToObject(o, name, buf) != NULL;
}

static int add_int(cJSON *o, const char *name, int64_t v) {
  char buf[32];
  snprintf(buf, sizeof buf, "%" PRId64, v);
  return cJSON_AddRawToObject(o, name, buf) != NULL;
}

/* ---- checksums ---------------------------------------------------------------------------------------
 * Since schema 2 a record is its canonical compact encoding with one more field at the end:
 *   {"type":...,...,"checksum":"<H(everything before the comma)>"}
 * where H is cache_hash_hex. A stored value is checked on its bytes when it ends that way (what this
 * build writes); any other text of the record (an import line formatted by another tool) is checked by
 * re-encoding the decoded fields, which gives the same body when nothing was changed. */

#define CHECKSUM_FIELD ",\"checksum\":\""
#define CHECKSUM_TAIL (sizeof CHECKSUM_FIELD - 1 + CACHE_HASH_HEX + 2) /* ,"checksum":"<16 hex>"} */

/* The checksum of a compact body (with its closing brace, which is not hashed). */
static void body_checksum(const char *body, size_t len, char out[CACHE_HASH_HEX + 1]) {
  cache_hash_hex(body, len ? len - 1 : 0, out);
  out[CACHE_HASH_HEX] = '\0';
}

/* Does text end with a checksum field that matches the bytes before it? */
int cache_raw_checksum_ok(const char *text, size_t len) {
  if (len < CHECKSUM_TAIL + 2) return 0;
  const char *tail = text + len - CHECKSUM_TAIL;
  if (memcmp(tail, CHECKSUM_FIELD, sizeof CHECKSUM_FIELD - 1) != 0 || memcmp(text + len - 2, "\"}", 2) != 0)
    return 0;
  char h[CACHE_HASH_HEX];
  cache_hash_hex(text, (size_t)(tail - text), h);
  return memcmp(h, tail + sizeof CHECKSUM_FIELD - 1, CACHE_HASH_HEX) == 0;
}

/* Prints o (consumed) as a stored record: compact body plus checksum, or pretty with the checksum field
 * (for display). Returns malloc'd text or NULL. */
static char *print(cJSON *o, int pretty) {
  char *body = cJSON_PrintUnformatted(o);
  char *out = NULL;
  if (body) {
    size_t len = strlen(body);
    char sum[CACHE_HASH_HEX + 1];
    body_checksum(body, len, sum);
    if (pretty) {
      out = cJSON_AddStringToObject(o, "checksum", sum) ? cJSON_Print(o) : NULL;
    } else if ((out = malloc(len + CHECKSUM_TAIL)) != NULL) {
      memcpy(out, body, len - 1); /* without the closing brace */
      snprintf(out + len - 1, CHECKSUM_TAIL + 1, "%s%s\"}", CHECKSUM_FIELD, sum);
    }
  }
  free(body);
  cJSON_Delete(o);
  return out;
}

/* ---- encoding, continued -------------------------------------------------------------------------- */

/* The record objects without their checksum, as written with `schema`. NULL when out of memory. */
static cJSON *best_object(const eto_cache_best *r, int schema) {
  cJSON *o = cJSON_CreateObject();
  if (!o) return NULL;
  int ok = add_str(o, "type", "best") && add_int(o, "schema", schema) &&
           add_str(o, "fingerprint", r->fingerprint) && add_str(o, "workload", r->workload) &&
           add_str(o, "kind", r->kind) && add_str(o, "signature", r->signature) &&
           add_str(o, "recipe", r->recipe);
  cJSON *lat = ok ? cJSON_AddObjectToObject(o, "latency") : NULL;
  ok = lat && add_num(lat, "median_s", r->latency.median_s) && add_num(lat, "min_s", r->latency.min_s) &&
       add_num(lat, "max_s", r->latency.max_s) && add_int(lat, "repeats", r->latency.repeats) &&
       add_num(o, "gflops", r->gflops) && add_str(o, "features", r->features);
  cJSON *prov = ok ? cJSON_AddObjectToObject(o, "provenance") : NULL;
  ok = prov && add_str(prov, "method", eto_cache_method_name(r->method)) &&
       add_str(prov, "source", r->source_workload) && add_int(prov, "trials", r->trials) &&
       add_str(o, "tool_version", r->tool_version) && add_str(o, "codegen_version", r->codegen_version) &&
       add_int(o, "time", r->time) && cJSON_AddBoolToObject(o, "bad", r->bad != 0) &&
       add_str(o, "bad_reason", r->bad_reason);
  if (!ok) cJSON_Delete(o);
  return ok ? o : NULL;
}

static cJSON *trial_object(const eto_cache_trial *r, int schema) {
  cJSON *o = cJSON_CreateObject();
  if (!o) return NULL;
  int ok_status = r->status == ETO_CACHE_TRIAL_OK;
  int ok = add_str(o, "type", "trial") && add_int(o, "schema", schema) &&
           add_str(o, "fingerprint", r->fingerprint) && add_str(o, "workload", r->workload) &&
           add_str(o, "kind", r->kind) && add_str(o, "recipe", r->recipe) &&
           add_str(o, "status", eto_cache_trial_status_name(r->status)) &&
           add_str(o, "error", ok_status ? NULL : r->error) &&
           add_num(o, "latency_s", ok_status ? r->latency_s : 0.0) && add_str(o, "features", r->features) &&
           add_int(o, "time", r->time) && add_str(o, "method", eto_cache_method_name(r->method)) &&
           add_int(o, "round", r->round);
  if (!ok) cJSON_Delete(o);
  return ok ? o : NULL;
}

static cJSON *target_object(const char *fp, const char *description, int schema) {
  cJSON *o = cJSON_CreateObject();
  if (!o) return NULL;
  int ok = add_str(o, "type", "meta") && add_int(o, "schema", schema) && add_str(o, "fingerprint", fp) &&
           add_str(o, "description", description);
  if (!ok) cJSON_Delete(o);
  return ok ? o : NULL;
}

char *cache_best_encode(const eto_cache_best *r, int pretty) {
  cJSON *o = best_object(r, ETO_CACHE_SCHEMA_VERSION);
  return o ? print(o, pretty) : NULL;
}

char *cache_trial_encode(const eto_cache_trial *r, int pretty) {
  cJSON *o = trial_object(r, ETO_CACHE_SCHEMA_VERSION);
  return o ? print(o, pretty) : NULL;
}

char *cache_target_encode(const char *fp, const char *description) {
  cJSON *o = target_object(fp, description, ETO_CACHE_SCHEMA_VERSION);
  return o ? print(o, 0) : NULL;
}

char *eto_cache_best_to_json(const eto_cache_best *rec, int pretty) {
  return rec ? cache_best_encode(rec, pretty) : NULL;
}

char *eto_cache_trial_to_json(const eto_cache_trial *rec, int pretty) {
  return rec ? cache_trial_encode(rec, pretty) : NULL;
}

/* ---- decoding ------------------------------------------------------------------------------------- */

/* A decoding pass: the first problem wins and is kept in why / st. */
typedef struct {
  const cJSON *obj;
  eto_cache_status st;
  char *why;
  size_t whylen;
  const char *what; /* "best record", "trial", ... for messages */
  int schema;       /* the record's, once the header is read */
} decoder;

static void dec_fail(decoder *d, eto_cache_status st, const char *field, const char *problem) {
  if (d->st != ETO_CACHE_OK) return;
  d->st = st;
  snprintf(d->why, d->whylen, "%s: field \"%s\" %s", d->what, field, problem);
}

/* A string field: required (missing/null is an error) or optional (NULL). */
static char *dec_str(decoder *d, const cJSON *o, const char *field, int required) {
  const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, field);
  if (!it || cJSON_IsNull(it)) {
    if (required) dec_fail(d, ETO_CACHE_ECORRUPT, field, "is missing");
    return NULL;
  }
  if (!cJSON_IsString(it) || !it->valuestring) {
    dec_fail(d, ETO_CACHE_ECORRUPT, field, "is not a string");
    return NULL;
  }
  if (required && !*it->valuestring) {
    dec_fail(d, ETO_CACHE_ECORRUPT, field, "is empty");
    return NULL;
  }
  char *s = strdup(it->valuestring);
  if (!s) dec_fail(d, ETO_CACHE_ENOMEM, field, "could not be copied (out of memory)");
  return s;
}

static double dec_num(decoder *d, const cJSON *o, const char *field) {
  const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, field);
  if (!it || !cJSON_IsNumber(it) || !isfinite(it->valuedouble)) {
    dec_fail(d, ETO_CACHE_ECORRUPT, field, "is not a finite number");
    return 0;
  }
  return it->valuedouble;
}

/* An integer field: a number with no fraction within ±2^53 (exact in a double). */
static int64_t dec_int(decoder *d, const cJSON *o, const char *field) {
  double v = dec_num(d, o, field);
  if (d->st == ETO_CACHE_OK && (v != floor(v) || fabs(v) > 9007199254740992.0)) {
    dec_fail(d, ETO_CACHE_ECORRUPT, field, "is not an integer");
    return 0;
  }
  return (int64_t)v;
}

static const cJSON *dec_obj(decoder *d, const cJSON *o, const char *field) {
  const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, field);
  if (!it || !cJSON_IsObject(it)) {
    dec_fail(d, ETO_CACHE_ECORRUPT, field, "is not an object");
    return NULL;
  }
  return it;
}

/* Checks "type" and "schema": wrong type or schema is STALE (a record this build must not use). */
static void dec_header(decoder *d, const char *type) {
  const cJSON *o = d->obj;
  if (!cJSON_IsObject(o)) {
    d->st = ETO_CACHE_ECORRUPT;
    snprintf(d->why, d->whylen, "%s: not a JSON object", d->what);
    return;
  }
  const cJSON *t = cJSON_GetObjectItemCaseSensitive(o, "type");
  const cJSON *s = cJSON_GetObjectItemCaseSensitive(o, "schema");
  if (!cJSON_IsString(t) || !cJSON_IsNumber(s)) {
    d->st = ETO_CACHE_ECORRUPT;
    snprintf(d->why, d->whylen, "%s: no \"type\" or \"schema\" field", d->what);
  } else if (strcmp(t->valuestring, type) != 0) {
    d->st = ETO_CACHE_STALE;
    snprintf(d->why, d->whylen, "%s: record has type \"%.40s\", expected \"%s\"", d->what, t->valuestring,
             type);
  } else if (s->valuedouble != floor(s->valuedouble) || s->valuedouble < ETO_CACHE_SCHEMA_OLDEST ||
             s->valuedouble > ETO_CACHE_SCHEMA_VERSION) {
    d->st = ETO_CACHE_STALE;
    snprintf(d->why, d->whylen, "%s: record has schema %g; this build reads schemas %d to %d", d->what,
             s->valuedouble, ETO_CACHE_SCHEMA_OLDEST, ETO_CACHE_SCHEMA_VERSION);
  } else {
    d->schema = (int)s->valuedouble;
  }
}

/* The checksum of a record of schema >= 2, once its fields decoded and passed their checks: raw_ok says
 * its stored bytes were already found to match; else `body` (the record re-encoded without checksum,
 * consumed; NULL when out of memory) must hash to the stored value. Schema 1 has no checksum. */
static void dec_checksum(decoder *d, int raw_ok, cJSON *body) {
  const cJSON *it = cJSON_GetObjectItemCaseSensitive(d->obj, "checksum");
  if (d->st != ETO_CACHE_OK || d->schema < 2) {
  } else if (!cJSON_IsString(it) || strlen(it->valuestring) != CACHE_HASH_HEX) {
    dec_fail(d, ETO_CACHE_ECORRUPT, "checksum", "is missing or not 16 hex digits");
  } else if (!raw_ok) {
    char *text = body ? cJSON_PrintUnformatted(body) : NULL;
    char sum[CACHE_HASH_HEX + 1];
    if (!text) {
      dec_fail(d, ETO_CACHE_ENOMEM, "checksum", "could not be computed (out of memory)");
    } else {
      body_checksum(text, strlen(text), sum);
      if (strcmp(sum, it->valuestring) != 0) {
        d->st = ETO_CACHE_ECORRUPT;
        snprintf(d->why, d->whylen,
                 "%s: checksum mismatch (stored %s, content %s): the record was changed after it was written "
                 "(edited or damaged)",
                 d->what, it->valuestring, sum);
      }
    }
    free(text);
  }
  cJSON_Delete(body);
}

static eto_cache_method dec_method(decoder *d, const cJSON *o, const char *field) {
  const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, field);
  eto_cache_method m = ETO_CACHE_METHOD_FULL;
  if (!cJSON_IsString(it) || eto_cache_method_parse(it->valuestring, &m) != 0)
    dec_fail(d, ETO_CACHE_ECORRUPT, field, "is not a known method");
  return m;
}

static int dec_bool(decoder *d, const cJSON *o, const char *field) {
  const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, field);
  if (!cJSON_IsBool(it)) {
    dec_fail(d, ETO_CACHE_ECORRUPT, field, "is not a boolean");
    return 0;
  }
  return cJSON_IsTrue(it);
}

eto_cache_status cache_best_from_json(const cJSON *o, int raw_ok, eto_cache_best *r, char *why,
                                      size_t whylen) {
  decoder d = {o, ETO_CACHE_OK, why, whylen, "best record", 0};
  memset(r, 0, sizeof *r);
  dec_header(&d, "best");
  if (d.st != ETO_CACHE_OK) return d.st;
  r->fingerprint = dec_str(&d, o, "fingerprint", 1);
  r->workload = dec_str(&d, o, "workload", 1);
  r->kind = dec_str(&d, o, "kind", 1);
  r->signature = dec_str(&d, o, "signature", 1);
  r->recipe = dec_str(&d, o, "recipe", 1);
  const cJSON *lat = dec_obj(&d, o, "latency");
  if (lat) {
    r->latency.median_s = dec_num(&d, lat, "median_s");
    r->latency.min_s = dec_num(&d, lat, "min_s");
    r->latency.max_s = dec_num(&d, lat, "max_s");
    r->latency.repeats = (int32_t)dec_int(&d, lat, "repeats");
  }
  r->gflops = dec_num(&d, o, "gflops");
  r->features = dec_str(&d, o, "features", 0);
  const cJSON *prov = dec_obj(&d, o, "provenance");
  if (prov) {
    r->method = dec_method(&d, prov, "method");
    r->source_workload = dec_str(&d, prov, "source", 0);
    r->trials = dec_int(&d, prov, "trials");
  }
  r->tool_version = dec_str(&d, o, "tool_version", 0);
  r->codegen_version = dec_str(&d, o, "codegen_version", 0);
  r->time = dec_int(&d, o, "time");
  r->bad = dec_bool(&d, o, "bad");
  r->bad_reason = dec_str(&d, o, "bad_reason", 0);
  if (d.st == ETO_CACHE_OK && cache_best_check(r, why, whylen) != ETO_CACHE_OK) d.st = ETO_CACHE_ECORRUPT;
  int need_body = d.st == ETO_CACHE_OK && d.schema >= 2 && !raw_ok;
  dec_checksum(&d, raw_ok, need_body ? best_object(r, d.schema) : NULL);
  if (d.st != ETO_CACHE_OK) eto_cache_best_clear(r);
  return d.st;
}

eto_cache_status cache_trial_from_json(const cJSON *o, int raw_ok, eto_cache_trial *r, char *why,
                                       size_t whylen) {
  decoder d = {o, ETO_CACHE_OK, why, whylen, "trial", 0};
  memset(r, 0, sizeof *r);
  dec_header(&d, "trial");
  if (d.st != ETO_CACHE_OK) return d.st;
  r->fingerprint = dec_str(&d, o, "fingerprint", 1);
  r->workload = dec_str(&d, o, "workload", 1);
  r->kind = dec_str(&d, o, "kind", 0);
  r->recipe = dec_str(&d, o, "recipe", 1);
  const cJSON *st = cJSON_GetObjectItemCaseSensitive(o, "status");
  if (!cJSON_IsString(st) || eto_cache_trial_status_parse(st->valuestring, &r->status) != 0)
    dec_fail(&d, ETO_CACHE_ECORRUPT, "status", "is not a known trial status");
  r->error = dec_str(&d, o, "error", 0);
  r->latency_s = dec_num(&d, o, "latency_s");
  r->features = dec_str(&d, o, "features", 0);
  r->time = dec_int(&d, o, "time");
  r->method = dec_method(&d, o, "method");
  r->round = (int32_t)dec_int(&d, o, "round");
  if (d.st == ETO_CACHE_OK && cache_trial_check(r, why, whylen) != ETO_CACHE_OK) d.st = ETO_CACHE_ECORRUPT;
  int need_body = d.st == ETO_CACHE_OK && d.schema >= 2 && !raw_ok;
  dec_checksum(&d, raw_ok, need_body ? trial_object(r, d.schema) : NULL);
  if (d.st != ETO_CACHE_OK) eto_cache_trial_clear(r);
  return d.st;
}

eto_cache_status cache_target_from_json(const cJSON *o, int raw_ok, char **fp, char **description, char *why,
                                        size_t whylen) {
  decoder d = {o, ETO_CACHE_OK, why, whylen, "target description", 0};
  *fp = *description = NULL;
  dec_header(&d, "meta");
  if (d.st != ETO_CACHE_OK) return d.st;
  *fp = dec_str(&d, o, "fingerprint", 1);
  *description = dec_str(&d, o, "description", 1);
  if (d.st == ETO_CACHE_OK && cache_target_check(*fp, *description, why, whylen) != ETO_CACHE_OK)
    d.st = ETO_CACHE_ECORRUPT;
  int need_body = d.st == ETO_CACHE_OK && d.schema >= 2 && !raw_ok;
  dec_checksum(&d, raw_ok, need_body ? target_object(*fp, *description, d.schema) : NULL);
  if (d.st != ETO_CACHE_OK) {
    free(*fp);
    free(*description);
    *fp = *description = NULL;
  }
  return d.st;
}

/* Parses text of len bytes; ECORRUPT with a message when it is not JSON. */
static eto_cache_status parse_text(const char *text, size_t len, cJSON **out, const char *what, char *why,
                                   size_t whylen) {
  *out = NULL;
  if (cache_json_has_nul(text, len)) {
    snprintf(why, whylen, "%s: stored value holds a NUL byte", what);
    return ETO_CACHE_ECORRUPT;
  }
  *out = cJSON_ParseWithLength(text, len);
  if (!*out) {
    snprintf(why, whylen, "%s: stored value is not JSON", what);
    return ETO_CACHE_ECORRUPT;
  }
  return ETO_CACHE_OK;
}

eto_cache_status cache_best_decode(const char *text, size_t len, eto_cache_best *out, char *why,
                                   size_t whylen) {
  cJSON *o;
  memset(out, 0, sizeof *out);
  eto_cache_status st = parse_text(text, len, &o, "best record", why, whylen);
  if (st != ETO_CACHE_OK) return st;
  st = cache_best_from_json(o, cache_raw_checksum_ok(text, len), out, why, whylen);
  cJSON_Delete(o);
  return st;
}

eto_cache_status cache_trial_decode(const char *text, size_t len, eto_cache_trial *out, char *why,
                                    size_t whylen) {
  cJSON *o;
  memset(out, 0, sizeof *out);
  eto_cache_status st = parse_text(text, len, &o, "trial", why, whylen);
  if (st != ETO_CACHE_OK) return st;
  st = cache_trial_from_json(o, cache_raw_checksum_ok(text, len), out, why, whylen);
  cJSON_Delete(o);
  return st;
}

eto_cache_status cache_target_decode(const char *text, size_t len, char **fp, char **description, char *why,
                                     size_t whylen) {
  cJSON *o;
  *fp = *description = NULL;
  eto_cache_status st = parse_text(text, len, &o, "target description", why, whylen);
  if (st != ETO_CACHE_OK) return st;
  st = cache_target_from_json(o, cache_raw_checksum_ok(text, len), fp, description, why, whylen);
  cJSON_Delete(o);
  return st;
}

void cache_best_peek_index(const char *text, size_t len, char **kind, char **sig) {
  *kind = *sig = NULL;
  cJSON *o = cJSON_ParseWithLength(text, len);
  if (!o) return;
  const cJSON *k = cJSON_GetObjectItemCaseSensitive(o, "kind");
  const cJSON *s = cJSON_GetObjectItemCaseSensitive(o, "signature");
  if (cJSON_IsString(k) && cJSON_IsString(s)) {
    *kind = strdup(k->valuestring);
    *sig = strdup(s->valuestring);
    if (!*kind || !*sig) {
      free(*kind);
      free(*sig);
      *kind = *sig = NULL;
    }
  }
  cJSON_Delete(o);
}

int cache_value_schema(const char *text, size_t len) {
  cJSON *o = cJSON_ParseWithLength(text, len);
  const cJSON *s = o ? cJSON_GetObjectItemCaseSensitive(o, "schema") : NULL;
  int schema = cJSON_IsNumber(s) ? (int)s->valuedouble : -1;
  cJSON_Delete(o);
  return schema;
}
