/* parse.c — the operators.list parser.
 *
 * Text → lines → whitespace-separated tokens: the first token names the kind, the others are key=value.
 * Each line is checked token by token (syntax, ranges, duplicates), then as a whole (required keys, then
 * eto_op_validate: divisibility, output sizes, size limits), so an oversized shape is rejected before
 * anything is allocated for it. Every error is collected as "FILE:LINE:COL: message" (up to MAX_ERRORS);
 * a list with any error yields no operators. Lines with equal workload keys are merged at the end.
 * `let NAME=LO..HI` / `let NAME={a,b,...}` declares a symbol that integer keys may use; a line using
 * symbols expands to one operator per combination of their values. `let S=... weight={v:w,...}` or
 * `weight=@FILE` (lines "VALUE COUNT"; a path relative to the list's directory) multiplies the freq of every
 * operator expanded with S=v by w (a histogram of how often each value occurs; unlisted values: 1). */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "op_internal.h"

enum {
  MAX_ERRORS = 20,
  QUOTE_MAX = 32,           /* characters of a token quoted in a message */
  KEY_BUF = 512,            /* longest workload key (conv3d with every value at its limit is < 400) */
  MAX_SYMBOLS = 16,         /* let declarations per list */
  MAX_SYMBOL_VALUES = 4096, /* values of one symbol */
  MAX_OPERATORS = 1 << 18,  /* operators of one list, symbol expansion included */
  MAX_LINE = 1 << 20,       /* bytes of one line */
};
#define FREQ_MAX ((int64_t)1 << 40)

struct eto_oplist {
  eto_op *ops;
  int n, cap;
  int lines;
};

typedef struct {
  char name[ETO_NAME_MAX];
  int nvalues;
  int64_t *values;
  int64_t *weights; /* per value, the factor of the freq of operators expanded with it; NULL: all 1 */
} symbol;

typedef struct {
  const char *file;
  char *msg;
  size_t msgcap, msglen;
  int nerr;
  int stop; /* too many errors: stop parsing */
  int nomem;
  eto_oplist *list;
  symbol sym[MAX_SYMBOLS];
  int nsym;
} parser;

typedef struct {
  const char *s;
  size_t n;
  int col; /* 1-based */
} token;

static void msg_append(parser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void msg_append(parser *p, const char *fmt, ...) {
  if (!p->msg || p->msgcap == 0 || p->msglen + 1 >= p->msgcap) return;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(p->msg + p->msglen, p->msgcap - p->msglen, fmt, ap);
  va_end(ap);
  if (n > 0) p->msglen += (size_t)n;
  if (p->msglen >= p->msgcap) p->msglen = p->msgcap - 1;
}

static void error_at(parser *p, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void error_at(parser *p, int line, int col, const char *fmt, ...) {
  if (p->stop) return;
  char text[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  if (p->nerr == MAX_ERRORS) {
    msg_append(p, "\n%s: too many errors, only the first %d are shown", p->file, MAX_ERRORS);
    p->stop = 1;
    return;
  }
  msg_append(p, "%s%s:%d:%d: %s", p->nerr ? "\n" : "", p->file, line, col, text);
  p->nerr++;
}

/* A token quoted for a message: at most QUOTE_MAX bytes, non-printable bytes as '?'. */
typedef struct {
  char s[QUOTE_MAX + 4];
} quoted;

static quoted quote(const char *s, size_t n) {
  quoted q;
  size_t m = n > QUOTE_MAX ? QUOTE_MAX : n;
  for (size_t i = 0; i < m; i++) q.s[i] = (s[i] >= 0x20 && s[i] < 0x7f) ? s[i] : '?';
  if (m < n) memcpy(q.s + m, "...", 3), m += 3;
  q.s[m] = '\0';
  return q;
}

static int tok_eq(const char *s, size_t n, const char *lit) {
  return strlen(lit) == n && memcmp(s, lit, n) == 0;
}

/* The closest candidate within a small edit distance, or NULL. */
static const char *suggest(const char *s, size_t n, const char *const *cand, int ncand) {
  const char *best = NULL;
  int bestd = 1 << 30;
  for (int i = 0; i < ncand; i++) {
    if (!cand[i]) continue;
    int d = eto_edit_distance(s, n, cand[i]);
    int len = (int)strlen(cand[i]);
    int limit = len <= 3 ? 1 : len / 3 + 1;
    if (d <= limit && d < (int)n && d < bestd) best = cand[i], bestd = d;
  }
  return best;
}

/* ---- integers ---- */

typedef enum { INT_OK, INT_SYNTAX, INT_NEGATIVE, INT_HUGE } int_parse;

/* Parses an optionally signed decimal integer covering all of s[0..n). Values beyond INT64 are INT_HUGE. */
static int_parse parse_int(const char *s, size_t n, int64_t *out) {
  size_t i = 0;
  int neg = 0;
  if (i < n && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
  if (i == n) return INT_SYNTAX;
  int64_t v = 0;
  int huge = 0;
  for (; i < n; i++) {
    if (s[i] < '0' || s[i] > '9') return INT_SYNTAX;
    if (!huge && (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, s[i] - '0', &v))) huge = 1;
  }
  if (huge) return neg ? INT_NEGATIVE : INT_HUGE;
  *out = neg ? -v : v;
  return neg && v != 0 ? INT_NEGATIVE : INT_OK;
}

/* Checks an integer value token against [lo, hi]; reports and returns -1 when it is not. */
static int int_value(parser *p, int line, const token *t, const char *what, int64_t lo, int64_t hi,
                     int64_t *out) {
  int_parse r = parse_int(t->s, t->n, out);
  quoted q = quote(t->s, t->n);
  if (r == INT_SYNTAX) {
    error_at(p, line, t->col, "%s expects an integer, got '%s'", what, q.s);
    return -1;
  }
  if (r == INT_NEGATIVE || (r == INT_OK && *out < lo)) {
    error_at(p, line, t->col, "%s must be %s, got %s", what,
             lo > 0 ? "a positive integer" : "a non-negative integer", q.s);
    return -1;
  }
  if (r == INT_HUGE || *out > hi) {
    error_at(p, line, t->col, "%s=%s is too large (the limit is %lld)", what, q.s, (long long)hi);
    return -1;
  }
  return 0;
}

/* ---- the list ---- */

static int list_push(parser *p, const eto_op *op) {
  eto_oplist *l = p->list;
  if (l->n == l->cap) {
    int cap = l->cap ? l->cap * 2 : 16;
    eto_op *ops = realloc(l->ops, (size_t)cap * sizeof *ops);
    if (!ops) {
      p->nomem = 1;
      return -1;
    }
    l->ops = ops, l->cap = cap;
  }
  l->ops[l->n++] = *op;
  return 0;
}

static const symbol *symbol_find(const parser *p, const char *s, size_t n) {
  for (int i = 0; i < p->nsym; i++)
    if (tok_eq(s, n, p->sym[i].name)) return &p->sym[i];
  return NULL;
}

static int symbol_char_ok(char c, int first) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || (!first && c >= '0' && c <= '9');
}

/* ---- one operator line ---- */

/* What one line says, before symbols are substituted. */
typedef struct {
  eto_op op;
  int kind_col;
  int key_col[ETO_KEY_COUNT];           /* column of the key token, 0 when absent */
  int val_col[ETO_KEY_COUNT];           /* column of its value */
  const symbol *key_sym[ETO_KEY_COUNT]; /* symbol used as the value, or NULL */
  int list_col[ETO_LIST_ID_COUNT];
  int list_elem_col[ETO_LIST_ID_COUNT][3];
  int list_count[ETO_LIST_ID_COUNT];
  int common_col[5]; /* freq, name, dtype, bias, relu */
  int errors;
} line_state;

static const char *const common_keys[5] = {"freq", "name", "dtype", "bias", "relu"};
enum { COMMON_FREQ, COMMON_NAME, COMMON_DTYPE, COMMON_BIAS, COMMON_RELU };

static void line_error(parser *p, line_state *ls, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static void line_error(parser *p, line_state *ls, int line, int col, const char *fmt, ...) {
  char text[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  error_at(p, line, col, "%s", text);
  ls->errors++;
}

/* Reports a key the kind does not take, with a suggestion among the keys it does take. */
static void bad_key(parser *p, line_state *ls, int line, const token *kt, const eto_kind_info *ki) {
  const char *cand[ETO_KIND_MAX_KEYS + ETO_LIST_ID_COUNT + 5];
  int nc = 0;
  for (int i = 0; i < ki->nkeys; i++) cand[nc++] = eto_key_names[ki->keys[i].key];
  for (int l = 0; l < ETO_LIST_ID_COUNT; l++)
    if (ki->lists & eto_list_bits[l]) cand[nc++] = eto_list_names[l];
  for (int c = 0; c < 5; c++)
    if (ki->epilogue || (c != COMMON_BIAS && c != COMMON_RELU)) cand[nc++] = common_keys[c];
  int known = 0;
  for (int k = 0; k < ETO_KEY_COUNT; k++) known |= tok_eq(kt->s, kt->n, eto_key_names[k]);
  for (int l = 0; l < ETO_LIST_ID_COUNT; l++) known |= tok_eq(kt->s, kt->n, eto_list_names[l]);
  known |= tok_eq(kt->s, kt->n, "bias") || tok_eq(kt->s, kt->n, "relu");
  const char *s = suggest(kt->s, kt->n, cand, nc);
  quoted q = quote(kt->s, kt->n);
  char hint[64] = "";
  if (s) snprintf(hint, sizeof hint, "; did you mean '%s'?", s);
  if (known)
    line_error(p, ls, line, kt->col, "key '%s' does not apply to %s%s", q.s, ki->name, hint);
  else
    line_error(p, ls, line, kt->col, "unknown key '%s' for %s%s", q.s, ki->name, hint);
}

/* Parses a per-axis list value ("2" or "2,1"). */
static void parse_list(parser *p, line_state *ls, int line, const eto_kind_info *ki, int l, const token *vt) {
  static const int64_t lo[ETO_LIST_ID_COUNT] = {1, 0, 1, 0};
  int64_t *dst[ETO_LIST_ID_COUNT] = {ls->op.stride, ls->op.pad, ls->op.dilation, ls->op.output_padding};
  int64_t vals[3];
  int cols[3], count = 0, bad = 0;
  size_t start = 0;
  for (size_t i = 0; i <= vt->n; i++) {
    if (i < vt->n && vt->s[i] != ',') continue;
    if (count < 3) {
      token e = {vt->s + start, i - start, vt->col + (int)start};
      if (e.n == 0) {
        line_error(p, ls, line, e.col, "%s: empty value in the list", eto_list_names[l]);
        bad = 1;
      } else if (int_value(p, line, &e, eto_list_names[l], lo[l], ETO_OP_MAX_EXTENT, &vals[count]) < 0) {
        ls->errors++;
        bad = 1;
      }
      cols[count] = e.col;
    }
    count++;
    start = i + 1;
  }
  if (bad) return;
  if (count != 1 && count != ki->nspatial) {
    if (ki->nspatial == 1)
      line_error(p, ls, line, vt->col, "%s takes one value for %s, got %d", eto_list_names[l], ki->name,
                 count);
    else
      line_error(p, ls, line, vt->col, "%s takes 1 or %d values (one per spatial axis) for %s, got %d",
                 eto_list_names[l], ki->nspatial, ki->name, count);
    return;
  }
  for (int a = 0; a < ki->nspatial; a++) {
    dst[l][a] = vals[count == 1 ? 0 : a];
    ls->list_elem_col[l][a] = cols[count == 1 ? 0 : a];
  }
  ls->list_count[l] = count;
}

/* Parses one key=value token into ls. */
static void parse_pair(parser *p, line_state *ls, int line, const eto_kind_info *ki, const token *t) {
  const char *eq = memchr(t->s, '=', t->n);
  quoted q = quote(t->s, t->n);
  if (!eq) {
    line_error(p, ls, line, t->col, "expected key=value, got '%s'", q.s);
    return;
  }
  token kt = {t->s, (size_t)(eq - t->s), t->col};
  token vt = {eq + 1, t->n - kt.n - 1, t->col + (int)kt.n + 1};
  if (kt.n == 0) {
    line_error(p, ls, line, t->col, "missing key before '='");
    return;
  }
  quoted kq = quote(kt.s, kt.n);
  int *first = NULL;
  int key = -1, list = -1, common = -1;
  for (int i = 0; i < ki->nkeys; i++)
    if (tok_eq(kt.s, kt.n, eto_key_names[ki->keys[i].key])) key = ki->keys[i].key, first = &ls->key_col[key];
  for (int l = 0; l < ETO_LIST_ID_COUNT; l++)
    if ((ki->lists & eto_list_bits[l]) && tok_eq(kt.s, kt.n, eto_list_names[l]))
      list = l, first = &ls->list_col[l];
  for (int c = 0; c < 5; c++)
    if ((ki->epilogue || (c != COMMON_BIAS && c != COMMON_RELU)) && tok_eq(kt.s, kt.n, common_keys[c]))
      common = c, first = &ls->common_col[c];
  if (!first) {
    bad_key(p, ls, line, &kt, ki);
    return;
  }
  if (*first) {
    line_error(p, ls, line, kt.col, "duplicate key '%s' (first given at column %d)", kq.s, *first);
    return;
  }
  *first = kt.col;
  if (vt.n == 0) {
    line_error(p, ls, line, vt.col, "missing value for '%s'", kq.s);
    return;
  }
  quoted vq = quote(vt.s, vt.n);
  if (key >= 0) {
    ls->val_col[key] = vt.col;
    if (symbol_char_ok(vt.s[0], 1)) {
      const symbol *sym = symbol_find(p, vt.s, vt.n);
      if (!sym)
        line_error(p, ls, line, vt.col, "%s expects an integer, got '%s'%s", kq.s, vq.s,
                   p->nsym ? " (not a declared symbol)" : "");
      ls->key_sym[key] = sym;
      return;
    }
    if (int_value(p, line, &vt, kq.s, 1, ETO_OP_MAX_EXTENT, &ls->op.v[key]) < 0) ls->errors++;
    return;
  }
  if (list >= 0) {
    parse_list(p, ls, line, ki, list, &vt);
    return;
  }
  switch (common) {
  case COMMON_FREQ:
    if (int_value(p, line, &vt, "freq", 1, FREQ_MAX, &ls->op.freq) < 0) ls->errors++;
    break;
  case COMMON_NAME:
    if (vt.n >= ETO_NAME_MAX)
      line_error(p, ls, line, vt.col, "name is longer than %d characters", ETO_NAME_MAX - 1);
    else
      memcpy(ls->op.name, vt.s, vt.n), ls->op.name[vt.n] = '\0';
    break;
  case COMMON_DTYPE:
    if (!tok_eq(vt.s, vt.n, "float32"))
      line_error(p, ls, line, vt.col, "dtype '%s' is not supported (only float32 is)", vq.s);
    break;
  case COMMON_BIAS:
  case COMMON_RELU:
    if (!tok_eq(vt.s, vt.n, "0") && !tok_eq(vt.s, vt.n, "1"))
      line_error(p, ls, line, vt.col, "%s expects 0 or 1, got '%s'", kq.s, vq.s);
    else if (common == COMMON_BIAS)
      ls->op.bias = vt.s[0] == '1';
    else
      ls->op.relu = vt.s[0] == '1';
    break;
  }
}

/* Column a validation problem belongs to. */
static int problem_col(const line_state *ls, const eto_op_problem *pr) {
  if (pr->key >= 0 && ls->val_col[pr->key]) return ls->val_col[pr->key];
  if (pr->list >= 0 && pr->axis >= 0 && ls->list_elem_col[pr->list][pr->axis])
    return ls->list_elem_col[pr->list][pr->axis];
  return ls->kind_col;
}

/* Validates and stores the operator(s) of a line, substituting symbol values (odometer over symbols). */
static void emit(parser *p, line_state *ls, int line) {
  /* the odometer runs over distinct symbols: `m=S n=S` uses one value of S for both keys */
  const symbol *syms[ETO_KEY_COUNT];
  int keys[ETO_KEY_COUNT], key_of_sym[ETO_KEY_COUNT], nk = 0, ns = 0;
  int64_t combos = 1;
  for (int k = 0; k < ETO_KEY_COUNT; k++) {
    if (!ls->key_sym[k]) continue;
    int j = 0;
    while (j < ns && syms[j] != ls->key_sym[k]) j++;
    if (j == ns) {
      syms[ns++] = ls->key_sym[k];
      combos = eto_sat_mul(combos, ls->key_sym[k]->nvalues);
    }
    key_of_sym[nk] = j;
    keys[nk++] = k;
  }
  if (combos > MAX_OPERATORS - p->list->n) {
    error_at(p, line, ls->kind_col, "too many operators: this line adds %lld to %d, above the limit %d",
             (long long)combos, p->list->n, MAX_OPERATORS);
    return;
  }
  int idx[ETO_KEY_COUNT] = {0};
  for (;;) {
    eto_op op = ls->op;
    for (int i = 0; i < nk; i++) op.v[keys[i]] = syms[key_of_sym[i]]->values[idx[key_of_sym[i]]];
    for (int i = 0; i < ns; i++)
      if (syms[i]->weights) op.freq = eto_sat_mul(op.freq, syms[i]->weights[idx[i]]);
    if (op.freq > FREQ_MAX) {
      error_at(p, line, ls->kind_col, "freq times the weights of its symbols' values is above the limit %lld",
               (long long)FREQ_MAX);
      return;
    }
    eto_op_problem pr;
    if (eto_op_validate(&op, &pr) < 0) {
      char where[160] = "";
      for (int i = 0; i < ns; i++) {
        size_t w = strlen(where);
        snprintf(where + w, sizeof where - w, "%s%s=%lld", i ? ", " : " (with ", syms[i]->name,
                 (long long)syms[i]->values[idx[i]]);
      }
      if (ns) strncat(where, ")", sizeof where - strlen(where) - 1);
      error_at(p, line, problem_col(ls, &pr), "%s%s", pr.msg, where);
      return;
    }
    if (list_push(p, &op) < 0) return;
    int i = 0;
    while (i < ns && ++idx[i] == syms[i]->nvalues) idx[i++] = 0;
    if (i == ns) break;
  }
}

static void parse_op_line(parser *p, int line, const token *toks, int ntok) {
  eto_op_kind kind;
  char name[32];
  const token *kt = &toks[0];
  quoted q = quote(kt->s, kt->n);
  int known = 0;
  if (kt->n < sizeof name) {
    memcpy(name, kt->s, kt->n);
    name[kt->n] = '\0';
    known = eto_op_kind_from_name(name, &kind) == 0;
  }
  if (!known) {
    if (memchr(kt->s, '=', kt->n)) {
      error_at(p, line, kt->col, "expected an operator kind at the start of the line, got '%s'", q.s);
      return;
    }
    const char *cand[ETO_OP_KIND_COUNT];
    for (int k = 0; k < ETO_OP_KIND_COUNT; k++) cand[k] = eto_kind_table[k].name;
    const char *s = suggest(kt->s, kt->n, cand, ETO_OP_KIND_COUNT);
    if (s)
      error_at(p, line, kt->col, "unknown operator kind '%s'; did you mean '%s'?", q.s, s);
    else
      error_at(p, line, kt->col, "unknown operator kind '%s'", q.s);
    return;
  }
  const eto_kind_info *ki = &eto_kind_table[kind];
  line_state ls;
  memset(&ls, 0, sizeof ls);
  eto_op_init(&ls.op, kind);
  ls.op.line = line;
  ls.kind_col = kt->col;
  for (int i = 1; i < ntok; i++) parse_pair(p, &ls, line, ki, &toks[i]);
  if (ls.errors) return;
  char missing[128] = "";
  int nmissing = 0;
  for (int i = 0; i < ki->nkeys; i++) {
    if (ki->keys[i].def || ls.key_col[ki->keys[i].key]) continue;
    size_t w = strlen(missing);
    snprintf(missing + w, sizeof missing - w, "%s'%s'", nmissing ? ", " : "", eto_key_names[ki->keys[i].key]);
    nmissing++;
  }
  if (nmissing) {
    char usage[160];
    eto_op_kind_usage(kind, usage, sizeof usage);
    error_at(p, line, kt->col, "%s is missing required key%s %s (usage: %s)", ki->name,
             nmissing > 1 ? "s" : "", missing, usage);
    return;
  }
  emit(p, &ls, line);
}

/* Reads the rest of f into a malloc'd *buf of *len bytes, growing it by doubling up to limit bytes. Returns 0,
 * 1 when the file fills limit bytes, -1 when out of memory, -2 on a read error (*buf is NULL unless 0). */
static int read_stream(FILE *f, size_t limit, char **buf, size_t *len) {
  size_t cap = 1 << 16;
  *len = 0;
  *buf = malloc(cap);
  if (!*buf) return -1;
  for (;;) {
    if (*len == cap) {
      char *nb = cap < limit ? realloc(*buf, cap * 2) : NULL;
      if (!nb) {
        free(*buf);
        *buf = NULL;
        return cap < limit ? -1 : 1;
      }
      *buf = nb, cap *= 2;
    }
    size_t got = fread(*buf + *len, 1, cap - *len, f);
    *len += got;
    if (got == 0) break;
  }
  if (ferror(f)) {
    free(*buf);
    *buf = NULL;
    return -2;
  }
  return 0;
}

/* Sets s's weight of value v to w; reports where (col, and in `from` when it came from a file) when s does not
 * take v or v was given a weight before. Returns 0 or -1. */
static int set_weight(parser *p, int line, int col, const char *from, symbol *s, int64_t v, int64_t w) {
  int at = -1;
  for (int i = 0; i < s->nvalues && at < 0; i++)
    if (s->values[i] == v) at = i;
  if (at < 0) {
    error_at(p, line, col, "%sweight for %s=%lld, a value %s does not take", from, s->name, (long long)v, s->name);
    return -1;
  }
  if (s->weights[at] != 0) {
    error_at(p, line, col, "%s%s=%lld is given a weight twice", from, s->name, (long long)v);
    return -1;
  }
  s->weights[at] = w;
  return 0;
}

/* Parses "VALUE COUNT" pairs from text (separators: blanks, ',' or ':'; '#' starts a comment; newlines, or ','
 * between pairs inline) into s's weights; from names where the text came from in messages. Returns 0 or -1. */
static int weight_pairs(parser *p, int line, int col, const char *from, const char *text, size_t n, int inl,
                        symbol *s) {
  int fl = 1; /* line of the file */
  size_t i = 0;
  while (i < n) {
    if (text[i] == '#') {
      while (i < n && text[i] != '\n') i++;
      continue;
    }
    if (text[i] == '\n') fl++;
    if (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n' || (inl && text[i] == ',')) {
      i++;
      continue;
    }
    token f[2];
    for (int k = 0; k < 2; k++) {
      while (k == 1 && i < n && (text[i] == ' ' || text[i] == '\t' || text[i] == ':' || text[i] == ',')) i++;
      size_t a = i;
      while (i < n && text[i] != ' ' && text[i] != '\t' && text[i] != '\r' && text[i] != '\n' && text[i] != ':' &&
             text[i] != ',' && text[i] != '#')
        i++;
      f[k] = (token){text + a, i - a, inl ? col + (int)a : col};
    }
    char what[160];
    if (inl) snprintf(what, sizeof what, "weight of %s", s->name);
    else snprintf(what, sizeof what, "%s line %d: weight of %s", from, fl, s->name);
    int64_t v, w;
    if (f[0].n == 0 || f[1].n == 0) {
      error_at(p, line, f[0].col, "%s: expected pairs VALUE%sCOUNT", what, inl ? ":" : " ");
      return -1;
    }
    if (int_value(p, line, &f[0], what, 1, ETO_OP_MAX_EXTENT, &v) < 0 ||
        int_value(p, line, &f[1], what, 1, FREQ_MAX, &w) < 0)
      return -1;
    char where[200] = "";
    if (!inl) snprintf(where, sizeof where, "%s line %d: ", from, fl);
    if (set_weight(p, line, f[0].col, where, s, v, w) < 0) return -1;
  }
  return 0;
}

/* weight={v:w,...} or weight=@FILE on a let line: s's weights (unlisted values weigh 1). Returns 0 or -1. */
static int parse_weights(parser *p, int line, const token *t, symbol *s) {
  const char *v = t->s + 7;
  size_t n = t->n - 7;
  int col = t->col + 7;
  s->weights = calloc((size_t)s->nvalues, sizeof *s->weights);
  if (!s->weights) {
    p->nomem = 1;
    return -1;
  }
  int rc;
  if (n >= 2 && v[0] == '{' && v[n - 1] == '}') {
    rc = weight_pairs(p, line, col + 1, NULL, v + 1, n - 2, 1, s);
  } else if (n >= 2 && v[0] == '@') {
    char path[4096];
    const char *slash = strrchr(p->file, '/');
    int dir = v[1] != '/' && slash ? (int)(slash - p->file) + 1 : 0;
    snprintf(path, sizeof path, "%.*s%.*s", dir, p->file, (int)(n - 1), v + 1);
    FILE *f = fopen(path, "rb");
    if (!f) {
      error_at(p, line, col, "weight file %s: cannot open: %s", path, strerror(errno));
      return -1;
    }
    char *buf;
    size_t len;
    int r = read_stream(f, (size_t)1 << 24, &buf, &len);
    fclose(f);
    if (r == -1) p->nomem = 1;
    else if (r == 1) error_at(p, line, col, "weight file %s is larger than 16 MiB", path);
    else if (r == -2) error_at(p, line, col, "weight file %s: read error", path);
    rc = r == 0 ? weight_pairs(p, line, col, path, buf, len, 0, s) : -1;
    free(buf);
  } else {
    error_at(p, line, col, "weight expects {VALUE:COUNT,...} or @FILE");
    rc = -1;
  }
  for (int i = 0; i < s->nvalues; i++)
    if (s->weights[i] == 0) s->weights[i] = 1;
  return rc;
}

/* let NAME=LO..HI | let NAME={a,b,...} [weight={v:w,...} | weight=@FILE] */
static void parse_let(parser *p, int line, const token *toks, int ntok) {
  if (ntok != 2 && !(ntok == 3 && toks[2].n > 7 && memcmp(toks[2].s, "weight=", 7) == 0)) {
    error_at(p, line, toks[ntok > 2 ? 2 : 0].col,
             "let expects one NAME=LO..HI or NAME={a,b,...}, then optionally weight={v:w,...} or weight=@FILE");
    return;
  }
  const token *t = &toks[1];
  const char *eq = memchr(t->s, '=', t->n);
  size_t nn = eq ? (size_t)(eq - t->s) : t->n;
  quoted q = quote(t->s, nn);
  int ok = nn > 0 && nn < ETO_NAME_MAX;
  for (size_t i = 0; ok && i < nn; i++) ok = symbol_char_ok(t->s[i], i == 0);
  if (!ok) {
    error_at(p, line, t->col, "bad symbol name '%s' (letters, digits and '_', not starting with a digit)",
             q.s);
    return;
  }
  if (!eq) {
    error_at(p, line, t->col, "let %s: expected '=' and a range LO..HI or a set {a,b,...}", q.s);
    return;
  }
  if (symbol_find(p, t->s, nn)) {
    error_at(p, line, t->col, "symbol '%s' is already declared", q.s);
    return;
  }
  if (p->nsym == MAX_SYMBOLS) {
    error_at(p, line, t->col, "too many symbols (the limit is %d)", MAX_SYMBOLS);
    return;
  }
  const char *v = eq + 1;
  size_t vn = t->n - nn - 1;
  int vcol = t->col + (int)nn + 1;
  int64_t vals[MAX_SYMBOL_VALUES];
  int count = 0;
  const char *dots = NULL;
  for (size_t i = 0; i + 1 < vn; i++)
    if (v[i] == '.' && v[i + 1] == '.') {
      dots = v + i;
      break;
    }
  if (vn >= 2 && v[0] == '{' && v[vn - 1] == '}') {
    size_t start = 1;
    for (size_t i = 1; i < vn; i++) {
      if (v[i] == '}' && i + 1 < vn) {
        error_at(p, line, vcol + (int)i, "let %s: unexpected '}' inside the set (values are separated by ',')",
                 q.s);
        return;
      }
      if (v[i] != ',' && v[i] != '}') continue;
      token e = {v + start, i - start, vcol + (int)start};
      if (count == MAX_SYMBOL_VALUES) {
        error_at(p, line, e.col, "too many values (the limit is %d)", MAX_SYMBOL_VALUES);
        return;
      }
      if (int_value(p, line, &e, q.s, 1, ETO_OP_MAX_EXTENT, &vals[count]) < 0) return;
      for (int j = 0; j < count; j++)
        if (vals[j] == vals[count]) {
          error_at(p, line, e.col, "value %lld is repeated in the set", (long long)vals[count]);
          return;
        }
      count++;
      start = i + 1;
    }
  } else if (dots) {
    token lo = {v, (size_t)(dots - v), vcol}, hi = {dots + 2, vn - lo.n - 2, vcol + (int)lo.n + 2};
    int64_t a, b;
    if (int_value(p, line, &lo, q.s, 1, ETO_OP_MAX_EXTENT, &a) < 0) return;
    if (int_value(p, line, &hi, q.s, 1, ETO_OP_MAX_EXTENT, &b) < 0) return;
    if (b < a) {
      error_at(p, line, hi.col, "empty range %lld..%lld", (long long)a, (long long)b);
      return;
    }
    if (b - a + 1 > MAX_SYMBOL_VALUES) {
      error_at(p, line, vcol, "range %lld..%lld has %lld values, above the limit %d", (long long)a,
               (long long)b, (long long)(b - a + 1), MAX_SYMBOL_VALUES);
      return;
    }
    for (int64_t x = a; x <= b; x++) vals[count++] = x;
  } else {
    error_at(p, line, vcol, "let %s: expected a range LO..HI or a set {a,b,...}", q.s);
    return;
  }
  symbol *s = &p->sym[p->nsym];
  s->values = malloc((size_t)count * sizeof *s->values);
  if (!s->values) {
    p->nomem = 1;
    return;
  }
  memcpy(s->values, vals, (size_t)count * sizeof *vals);
  memcpy(s->name, t->s, nn);
  s->name[nn] = '\0';
  s->nvalues = count;
  s->weights = NULL;
  p->nsym++;
  if (ntok == 3 && parse_weights(p, line, &toks[2], s) < 0) {
    free(s->values);
    free(s->weights);
    p->nsym--;
  }
}

/* Splits one line (comment already removed) into tokens and parses it. */
static void parse_line(parser *p, int line, const char *s, size_t n) {
  token toks[64];
  int ntok = 0;
  if (n > MAX_LINE) {
    error_at(p, line, 1, "line is longer than %d bytes", MAX_LINE);
    return;
  }
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7f) {
      error_at(p, line, (int)i + 1, "unexpected control character (byte 0x%02x)", c);
      return;
    }
  }
  size_t i = 0;
  while (i < n) {
    while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')) i++;
    if (i == n) break;
    size_t start = i;
    while (i < n && s[i] != ' ' && s[i] != '\t' && s[i] != '\r') i++;
    if (ntok == (int)(sizeof toks / sizeof toks[0])) {
      error_at(p, line, (int)start + 1, "too many fields on one line (the limit is %d)", ntok);
      return;
    }
    toks[ntok++] = (token){s + start, i - start, (int)start + 1};
  }
  if (ntok == 0) return;
  p->list->lines++;
  if (tok_eq(toks[0].s, toks[0].n, "let"))
    parse_let(p, line, toks, ntok);
  else
    parse_op_line(p, line, toks, ntok);
}

/* ---- merging equal workload keys ---- */

/* Merges operators with equal keys in place, keeping first-occurrence order; summed frequencies above
 * FREQ_MAX, the limit of one line, are errors of the later line. Returns -1 on NOMEM. */
static int merge_equal_keys(parser *p, eto_oplist *l) {
  if (l->n < 2) return 0;
  size_t cap = 1;
  while (cap < (size_t)l->n * 2) cap <<= 1;
  int *slot = malloc(cap * sizeof *slot);
  char **keys = calloc((size_t)l->n, sizeof *keys);
  int rc = 0, nout = 0;
  if (!slot || !keys) {
    rc = -1;
    goto out;
  }
  for (size_t i = 0; i < cap; i++) slot[i] = -1;
  for (int i = 0; i < l->n; i++) {
    char key[KEY_BUF];
    eto_op_key(&l->ops[i], key, sizeof key);
    size_t h = (size_t)eto_hash_str(ETO_HASH_SEED, key) & (cap - 1);
    while (slot[h] >= 0 && strcmp(keys[slot[h]], key) != 0) h = (h + 1) & (cap - 1);
    if (slot[h] >= 0) {
      eto_op *o = &l->ops[slot[h]];
      int64_t sum = eto_sat_add(o->freq, l->ops[i].freq);
      if (sum > FREQ_MAX)
        error_at(p, l->ops[i].line, 1,
                 "freq: with line %d (same workload key) the frequency would be %lld, above the limit %lld",
                 o->line, (long long)sum, (long long)FREQ_MAX);
      o->freq = sum;
      if (!o->name[0]) memcpy(o->name, l->ops[i].name, sizeof o->name);
      continue;
    }
    keys[nout] = strdup(key);
    if (!keys[nout]) {
      rc = -1;
      goto out;
    }
    slot[h] = nout;
    l->ops[nout++] = l->ops[i];
  }
  l->n = nout;
out:
  if (keys)
    for (int i = 0; i < l->n; i++) free(keys[i]);
  free(keys);
  free(slot);
  return rc;
}

/* ---- public ---- */

eto_status eto_oplist_parse(const char *filename, const char *text, size_t len, eto_oplist **out, char *msg,
                            size_t msgcap) {
  if (msg && msgcap) msg[0] = '\0';
  if (!out) return ETO_ERR_INVALID;
  *out = NULL;
  if (!text && len) return ETO_ERR_INVALID;
  parser p;
  memset(&p, 0, sizeof p);
  p.file = filename ? filename : "<input>";
  p.msg = msg, p.msgcap = msgcap;
  p.list = calloc(1, sizeof *p.list);
  if (!p.list) return ETO_ERR_NOMEM;
  size_t start = 0;
  int line = 0;
  if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) start = 3; /* a UTF-8 byte-order mark */
  while (start < len && !p.stop && !p.nomem) {
    const char *nl = memchr(text + start, '\n', len - start);
    size_t end = nl ? (size_t)(nl - text) : len;
    const char *hash = memchr(text + start, '#', end - start);
    size_t stop = hash ? (size_t)(hash - text) : end;
    parse_line(&p, ++line, text + start, stop - start);
    start = end + 1;
  }
  for (int i = 0; i < p.nsym; i++) {
    free(p.sym[i].values);
    free(p.sym[i].weights);
  }
  eto_status st = ETO_OK;
  if (p.nomem || (!p.nerr && merge_equal_keys(&p, p.list) < 0)) {
    if (!p.nerr) msg_append(&p, "%s: out of memory", p.file);
    st = ETO_ERR_NOMEM;
  }
  if (p.nerr) st = ETO_ERR_PARSE;
  if (st != ETO_OK) {
    eto_oplist_free(p.list);
    return st;
  }
  *out = p.list;
  return ETO_OK;
}

eto_status eto_oplist_load(const char *path, eto_oplist **out, char *msg, size_t msgcap) {
  if (msg && msgcap) msg[0] = '\0';
  if (!out) return ETO_ERR_INVALID;
  *out = NULL;
  FILE *f = fopen(path, "rb");
  if (!f) {
    if (msg && msgcap) snprintf(msg, msgcap, "%s: cannot open: %s", path, strerror(errno));
    return ETO_ERR_IO;
  }
  char *buf;
  size_t len;
  eto_status st = ETO_OK;
  int r = read_stream(f, (size_t)1 << 30, &buf, &len);
  if (r == -1 || r == 1) {
    if (msg && msgcap) snprintf(msg, msgcap, "%s: file too large or out of memory", path);
    st = ETO_ERR_NOMEM;
  } else if (r == -2) {
    if (msg && msgcap) snprintf(msg, msgcap, "%s: read error: %s", path, strerror(errno));
    st = ETO_ERR_IO;
  }
  fclose(f);
  if (st == ETO_OK) st = eto_oplist_parse(path, buf, len, out, msg, msgcap);
  free(buf);
  return st;
}

int eto_oplist_count(const eto_oplist *l) { return l ? l->n : 0; }

const eto_op *eto_oplist_get(const eto_oplist *l, int i) {
  return l && i >= 0 && i < l->n ? &l->ops[i] : NULL;
}

int eto_oplist_lines(const eto_oplist *l) { return l ? l->lines : 0; }

void eto_oplist_free(eto_oplist *l) {
  if (!l) return;
  free(l->ops);
  free(l);
}
