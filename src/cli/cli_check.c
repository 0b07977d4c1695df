/* cli_check.c — `etotune check FILE... [--format text|json]`: parses operator lists and prints every
 * operator normalized, then totals. Every file is parsed before anything is printed, so a list with an
 * error prints nothing on stdout (messages go to stderr, exit status 2). */
#include <cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "op.h"

enum { MSG_CAP = 8192, KEY_CAP = 512, CELL = 256 };

typedef struct {
  int lines, operators;
  double occurrences, weighted_flops;
} totals;

static void dims_text(const eto_shape *s, char *buf, size_t cap) {
  size_t n = 0;
  buf[0] = '\0';
  for (int i = 0; i < s->rank && n < cap; i++)
    n += (size_t)snprintf(buf + n, cap - n, "%s%lld", i ? "x" : "", (long long)s->dim[i]);
}

static void nest_text(const eto_loop_nest *nest, char *buf, size_t cap) {
  size_t n = 0;
  buf[0] = '\0';
  for (int i = 0; i < nest->nspace && n < cap; i++)
    n += (size_t)snprintf(buf + n, cap - n, "%s%s=%lld", i ? " " : "", nest->space[i].name,
                          (long long)nest->space[i].extent);
  if (n < cap) n += (size_t)snprintf(buf + n, cap - n, " |");
  for (int i = 0; i < nest->nreduce && n < cap; i++)
    n += (size_t)snprintf(buf + n, cap - n, " %s=%lld", nest->reduce[i].name,
                          (long long)nest->reduce[i].extent);
}

static void add_totals(totals *t, const eto_oplist *l) {
  t->lines += eto_oplist_lines(l);
  for (int i = 0; i < eto_oplist_count(l); i++) {
    const eto_op *op = eto_oplist_get(l, i);
    t->operators++;
    t->occurrences += (double)op->freq;
    t->weighted_flops += (double)op->freq * eto_op_flops(op);
  }
}

/* ---- text ---- */

enum { COL_INDEX, COL_KIND, COL_NAME, COL_OUTPUT, COL_NEST, COL_MFLOP, COL_FREQ, COL_KEY, NCOL };
static const char *const col_title[NCOL] = {
    "#", "kind", "name", "output", "loop nest (space | reduction)", "MFLOP", "freq", "key"};
static const int col_right[NCOL] = {1, 0, 0, 0, 0, 1, 1, 0};

static void print_text_file(const char *file, const eto_oplist *l) {
  int n = eto_oplist_count(l);
  char(*cells)[NCOL][CELL] = calloc((size_t)n + 1, sizeof *cells);
  if (!cells) {
    fprintf(stderr, "etotune check: out of memory\n");
    return;
  }
  int width[NCOL] = {0};
  for (int c = 0; c < NCOL; c++) snprintf(cells[0][c], CELL, "%s", col_title[c]);
  for (int i = 0; i < n; i++) {
    const eto_op *op = eto_oplist_get(l, i);
    char(*row)[CELL] = cells[i + 1];
    eto_shape out;
    eto_loop_nest nest;
    eto_op_output_shape(op, &out);
    eto_op_loop_nest(op, &nest);
    snprintf(row[COL_INDEX], CELL, "%d", i + 1);
    snprintf(row[COL_KIND], CELL, "%s", eto_op_kind_name(op->kind));
    snprintf(row[COL_NAME], CELL, "%s", op->name[0] ? op->name : "-");
    dims_text(&out, row[COL_OUTPUT], CELL);
    nest_text(&nest, row[COL_NEST], CELL);
    double mflop = eto_op_flops(op) / 1e6;
    snprintf(row[COL_MFLOP], CELL, mflop < 1 ? "%.4f" : "%.1f", mflop);
    snprintf(row[COL_FREQ], CELL, "%lld", (long long)op->freq);
    eto_op_key(op, row[COL_KEY], CELL);
  }
  for (int i = 0; i <= n; i++)
    for (int c = 0; c < NCOL; c++) {
      int w = (int)strlen(cells[i][c]);
      if (w > width[c]) width[c] = w;
    }
  printf("%s: %d operator%s from %d line%s\n", file, n, n == 1 ? "" : "s", eto_oplist_lines(l),
         eto_oplist_lines(l) == 1 ? "" : "s");
  for (int i = 0; i <= n; i++) {
    for (int c = 0; c < NCOL; c++) {
      if (c == NCOL - 1)
        printf("%s", cells[i][c]);
      else
        printf(col_right[c] ? "%*s  " : "%-*s  ", width[c], cells[i][c]);
    }
    putchar('\n');
  }
  free(cells);
}

static void print_totals_text(const char *label, const totals *t, int distinct) {
  printf("%s: %d line%s, %d distinct key%s, %.0f occurrence%s (sum of freq), %.3f weighted GFLOP\n", label,
         t->lines, t->lines == 1 ? "" : "s", distinct, distinct == 1 ? "" : "s", t->occurrences,
         t->occurrences == 1 ? "" : "s", t->weighted_flops / 1e9);
}

/* ---- JSON ---- */

static cJSON *shape_json(const eto_shape *s) {
  cJSON *a = cJSON_CreateArray();
  for (int i = 0; i < s->rank; i++) cJSON_AddItemToArray(a, cJSON_CreateNumber((double)s->dim[i]));
  return a;
}

static cJSON *op_json(const eto_op *op, int index) {
  cJSON *o = cJSON_CreateObject();
  char buf[KEY_CAP];
  cJSON_AddNumberToObject(o, "index", index);
  cJSON_AddStringToObject(o, "kind", eto_op_kind_name(op->kind));
  cJSON_AddStringToObject(o, "reuse_kind", eto_op_kind_name(eto_op_reuse_kind(op->kind)));
  cJSON_AddStringToObject(o, "name", op->name);
  cJSON_AddNumberToObject(o, "line", op->line);
  /* Parameters as the list writes them: parse the canonical line back into key=value pairs. */
  cJSON *params = cJSON_AddObjectToObject(o, "params");
  eto_op_format(op, buf, sizeof buf);
  for (char *save = NULL, *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
    char *eq = strchr(tok, '=');
    if (!eq || strncmp(tok, "freq=", 5) == 0 || strncmp(tok, "name=", 5) == 0) continue;
    *eq = '\0';
    static const char *const list_names[4] = {"stride", "pad", "dilation", "output_padding"};
    const int64_t *list_vals[4] = {op->stride, op->pad, op->dilation, op->output_padding};
    int l = 0;
    while (l < 4 && strcmp(tok, list_names[l]) != 0) l++;
    if (l == 4) {
      cJSON_AddNumberToObject(params, tok, strtod(eq + 1, NULL));
      continue;
    }
    cJSON *arr = cJSON_AddArrayToObject(params, tok);
    for (int a = 0; a < op->nspatial; a++)
      cJSON_AddItemToArray(arr, cJSON_CreateNumber((double)list_vals[l][a]));
  }
  cJSON_AddStringToObject(o, "dtype", "float32");
  cJSON_AddBoolToObject(o, "bias", op->bias);
  cJSON_AddBoolToObject(o, "relu", op->relu);
  cJSON *inputs = cJSON_AddArrayToObject(o, "inputs");
  for (int i = 0; i < eto_op_num_inputs(op); i++) {
    eto_shape s;
    eto_op_input_shape(op, i, &s);
    cJSON_AddItemToArray(inputs, shape_json(&s));
  }
  eto_shape out;
  eto_op_output_shape(op, &out);
  cJSON_AddItemToObject(o, "output", shape_json(&out));
  eto_loop_nest nest;
  eto_op_loop_nest(op, &nest);
  cJSON *jn = cJSON_AddObjectToObject(o, "loop_nest");
  cJSON *sp = cJSON_AddArrayToObject(jn, "space"), *rd = cJSON_AddArrayToObject(jn, "reduce");
  for (int i = 0; i < nest.nspace + nest.nreduce; i++) {
    const eto_loop *lp = i < nest.nspace ? &nest.space[i] : &nest.reduce[i - nest.nspace];
    cJSON *jl = cJSON_CreateObject();
    cJSON_AddStringToObject(jl, "name", lp->name);
    cJSON_AddNumberToObject(jl, "extent", (double)lp->extent);
    cJSON_AddItemToArray(i < nest.nspace ? sp : rd, jl);
  }
  cJSON_AddNumberToObject(o, "flops", eto_op_flops(op));
  cJSON_AddNumberToObject(o, "freq", (double)op->freq);
  eto_op_key(op, buf, sizeof buf);
  cJSON_AddStringToObject(o, "key", buf);
  return o;
}

static cJSON *totals_json(const totals *t, int distinct) {
  cJSON *o = cJSON_CreateObject();
  cJSON_AddNumberToObject(o, "lines", t->lines);
  cJSON_AddNumberToObject(o, "operators", t->operators);
  cJSON_AddNumberToObject(o, "distinct_keys", distinct);
  cJSON_AddNumberToObject(o, "occurrences", t->occurrences);
  cJSON_AddNumberToObject(o, "weighted_gflop", t->weighted_flops / 1e9);
  return o;
}

/* ---- distinct keys over all files ---- */

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int distinct_keys(eto_oplist *const *lists, int nlists) {
  int n = 0;
  for (int f = 0; f < nlists; f++) n += eto_oplist_count(lists[f]);
  char **keys = calloc((size_t)n + 1, sizeof *keys);
  if (!keys) return -1;
  int m = 0, distinct = 0;
  for (int f = 0; f < nlists; f++)
    for (int i = 0; i < eto_oplist_count(lists[f]); i++) {
      char buf[KEY_CAP];
      eto_op_key(eto_oplist_get(lists[f], i), buf, sizeof buf);
      if (!(keys[m] = strdup(buf))) goto out;
      m++;
    }
  qsort(keys, (size_t)m, sizeof *keys, cmp_str);
  for (int i = 0; i < m; i++) distinct += i == 0 || strcmp(keys[i], keys[i - 1]) != 0;
out:
  for (int i = 0; i < m; i++) free(keys[i]);
  free(keys);
  return m == n ? distinct : -1;
}

int eto_cli_check(int argc, char **argv) {
  int json = 0, nfiles = 0;
  const char **files = calloc((size_t)argc, sizeof *files);
  if (!files) return ETO_EXIT_FAIL;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *fmt = NULL;
    if (strcmp(a, "--format") == 0) {
      if (i + 1 == argc) {
        fprintf(stderr, "etotune check: --format needs a value (text or json)\n");
        free(files);
        return ETO_EXIT_USAGE;
      }
      fmt = argv[++i];
    } else if (strncmp(a, "--format=", 9) == 0) {
      fmt = a + 9;
    } else if (a[0] == '-' && a[1] != '\0') {
      fprintf(stderr, "etotune check: unknown option '%s' (see 'etotune help check')\n", a);
      free(files);
      return ETO_EXIT_USAGE;
    } else {
      files[nfiles++] = a;
      continue;
    }
    if (strcmp(fmt, "json") == 0)
      json = 1;
    else if (strcmp(fmt, "text") == 0)
      json = 0;
    else {
      fprintf(stderr, "etotune check: unknown format '%s' (text or json)\n", fmt);
      free(files);
      return ETO_EXIT_USAGE;
    }
  }
  if (nfiles == 0) {
    fprintf(stderr, "usage: etotune check FILE... [--format text|json]\n");
    free(files);
    return ETO_EXIT_USAGE;
  }
  eto_oplist **lists = calloc((size_t)nfiles, sizeof *lists);
  char *msg = malloc(MSG_CAP);
  int status = ETO_EXIT_OK;
  if (!lists || !msg) {
    fprintf(stderr, "etotune check: out of memory\n");
    status = ETO_EXIT_FAIL;
    goto out;
  }
  for (int f = 0; f < nfiles; f++) {
    eto_status st = eto_oplist_load(files[f], &lists[f], msg, MSG_CAP);
    if (st == ETO_OK) continue;
    fprintf(stderr, "%s\n", msg);
    status = ETO_EXIT_USAGE;
  }
  if (status != ETO_EXIT_OK) {
    fprintf(stderr, "etotune check: errors found; nothing printed\n");
    goto out;
  }
  totals all = {0};
  if (json) {
    cJSON *root = cJSON_CreateObject();
    cJSON *jfiles = cJSON_AddArrayToObject(root, "files");
    for (int f = 0; f < nfiles; f++) {
      cJSON *jf = cJSON_CreateObject();
      cJSON_AddStringToObject(jf, "file", files[f]);
      cJSON *ops = cJSON_AddArrayToObject(jf, "operators");
      for (int i = 0; i < eto_oplist_count(lists[f]); i++)
        cJSON_AddItemToArray(ops, op_json(eto_oplist_get(lists[f], i), i + 1));
      totals t = {0};
      add_totals(&t, lists[f]);
      add_totals(&all, lists[f]);
      cJSON_AddItemToObject(jf, "totals", totals_json(&t, eto_oplist_count(lists[f])));
      cJSON_AddItemToArray(jfiles, jf);
    }
    cJSON_AddItemToObject(root, "totals", totals_json(&all, distinct_keys(lists, nfiles)));
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    if (!text) {
      fprintf(stderr, "etotune check: out of memory\n");
      status = ETO_EXIT_FAIL;
      goto out;
    }
    printf("%s\n", text);
    free(text);
  } else {
    for (int f = 0; f < nfiles; f++) {
      totals t = {0};
      add_totals(&t, lists[f]);
      add_totals(&all, lists[f]);
      if (f) putchar('\n');
      print_text_file(files[f], lists[f]);
      print_totals_text("totals", &t, eto_oplist_count(lists[f]));
    }
    if (nfiles > 1) {
      putchar('\n');
      print_totals_text("all files", &all, distinct_keys(lists, nfiles));
    }
  }
  if (fflush(stdout) != 0) status = ETO_EXIT_FAIL;
out:
  if (lists)
    for (int f = 0; f < nfiles; f++) eto_oplist_free(lists[f]);
  free(lists);
  free(msg);
  free(files);
  return status;
}
