/* report.c — the full search's report: a text table for the terminal and one JSON document. */
#include <cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend_internal.h"

static const char *const status_names[] = {"tuned", "no_result", "dead"};
_Static_assert(sizeof status_names / sizeof status_names[0] == ETO_BACKEND_OP_DEAD + 1,
               "one name per status");

const char *eto_backend_op_status_name(eto_backend_op_status s) {
  return (unsigned)s <= ETO_BACKEND_OP_DEAD ? status_names[s] : "?";
}

void eto_backend_report_free(eto_backend_report *r) {
  if (!r) return;
  free(r->ops);
  memset(r, 0, sizeof *r);
}

static void latency_text(double s, char *buf, size_t cap) {
  if (s <= 0)
    snprintf(buf, cap, "-");
  else if (s < 1e-3)
    snprintf(buf, cap, "%.2f us", s * 1e6);
  else if (s < 1)
    snprintf(buf, cap, "%.3f ms", s * 1e3);
  else
    snprintf(buf, cap, "%.3f s", s);
}

enum { C_INDEX, C_NAME, C_KIND, C_METHOD, C_TRIALS, C_SECONDS, C_LATENCY, C_GFLOPS, C_PROGRAM, NC };
enum { CELL = 320 };
static const char *const titles[NC] = {"#",       "name",    "kind",    "method",      "trials (new)",
                                       "seconds", "latency", "GFLOP/s", "best program"};
static const int right[NC] = {1, 0, 0, 0, 1, 1, 1, 1, 0};

void eto_backend_report_print(const eto_backend_report *r, FILE *f) {
  fprintf(f, "full search of %d operator%s on %s (fingerprint %s), seed %llu\n", r->count,
          r->count == 1 ? "" : "s", r->target, r->fingerprint, (unsigned long long)r->seed);
  fprintf(f, "measurement: %s\n", r->protocol);
  char(*cells)[NC][CELL] = calloc((size_t)r->count + 1, sizeof *cells);
  if (!cells) return;
  int width[NC] = {0};
  for (int c = 0; c < NC; c++) snprintf(cells[0][c], CELL, "%s", titles[c]);
  for (int i = 0; i < r->count; i++) {
    const eto_backend_op_result *o = &r->ops[i];
    char(*row)[CELL] = cells[i + 1];
    snprintf(row[C_INDEX], CELL, "%d", i + 1);
    snprintf(row[C_NAME], CELL, "%s", o->op.name[0] ? o->op.name : "-");
    snprintf(row[C_KIND], CELL, "%s", eto_op_kind_name(o->op.kind));
    if (o->best_from_cache && o->status == ETO_BACKEND_OP_TUNED)
      snprintf(row[C_METHOD], CELL, "%s (cached %s)", o->method, o->best_method);
    else
      snprintf(row[C_METHOD], CELL, "%s", o->method);
    snprintf(row[C_TRIALS], CELL, "%lld (%lld)", (long long)o->trials, (long long)o->new_trials);
    snprintf(row[C_SECONDS], CELL, "%.1f", o->seconds);
    latency_text(o->latency, row[C_LATENCY], CELL);
    if (o->status == ETO_BACKEND_OP_TUNED) {
      snprintf(row[C_GFLOPS], CELL, "%.2f", o->gflops);
      snprintf(row[C_PROGRAM], CELL, "%s", o->summary);
    } else {
      snprintf(row[C_GFLOPS], CELL, "-");
      snprintf(row[C_PROGRAM], CELL, "%.12s: %.255s", eto_backend_op_status_name(o->status), o->message);
    }
  }
  for (int i = 0; i <= r->count; i++)
    for (int c = 0; c < NC; c++) {
      int w = (int)strlen(cells[i][c]);
      if (w > width[c]) width[c] = w;
    }
  for (int i = 0; i <= r->count; i++) {
    for (int c = 0; c < NC; c++) {
      if (c == NC - 1)
        fprintf(f, "%s", cells[i][c]);
      else
        fprintf(f, right[c] ? "%*s  " : "%-*s  ", width[c], cells[i][c]);
    }
    fputc('\n', f);
  }
  free(cells);
  double outside = r->seconds - r->measure_seconds;
  fprintf(f, "trials: %lld (%lld measured now, %lld failed)\n", (long long)r->trials,
          (long long)r->new_trials, (long long)r->failed_trials);
  double overhead = r->measure_seconds - r->build_seconds - r->check_seconds - r->timing_seconds;
  double other = outside - r->search_seconds - r->train_seconds;
  fprintf(f,
          "time: %.1f s: measuring %.1f s (building %.1f s wall, %.1f s of compiling over the workers; check runs "
          "%.1f s; timing %.1f s; workers and pipes %.1f s), search %.1f s, cost model %.1f s (%lld trainings), "
          "other %.1f s; outside measurement %.1f%%\n",
          r->seconds, r->measure_seconds, r->build_seconds, r->compile_seconds, r->check_seconds, r->timing_seconds,
          overhead > 0 ? overhead : 0.0, r->search_seconds, r->train_seconds, (long long)r->trainings,
          other > 0 ? other : 0.0,
          r->seconds > 0 ? 100.0 * outside / r->seconds : 0.0);
  if (r->new_trials > 0)
    fprintf(f, "per new trial: %.3f s (building %.3f s, check %.3f s, timing %.3f s); %lld timed by the screens alone (%lld "
            "by the quick one), %lld by the check run alone; %lld decided before their last repeat\n",
            r->seconds / (double)r->new_trials, r->build_seconds / (double)r->new_trials,
            r->check_seconds / (double)r->new_trials, r->timing_seconds / (double)r->new_trials,
            (long long)r->screened_trials, (long long)r->quick_trials, (long long)r->pruned_trials,
            (long long)r->early_trials);
  if (r->seconds > 0)
    fprintf(f, "host: the machine's cores %.0f%% busy (all processes), %.1f s stolen by the hypervisor; %lld timing "
            "repeats measured again because other processes used the cores, %lld trials retried after a timeout; %lld "
            "of %lld build groups short of the build jobs\n",
            100.0 * r->host_busy_share, r->host_steal_seconds, (long long)r->disturbed_repeats,
            (long long)r->retried_trials, (long long)r->short_chunks, (long long)r->build_chunks);
  char lat[32];
  latency_text(r->weighted_latency, lat, sizeof lat);
  fprintf(f, "frequency-weighted latency sum: %s", lat);
  if (r->weighted_latency > 0)
    fprintf(f, " (%.2f GFLOP/s over the weighted FLOPs)", r->weighted_flops / r->weighted_latency * 1e-9);
  if (r->missing)
    fprintf(f, "; %d operator%s without a result left out", r->missing, r->missing == 1 ? "" : "s");
  fputc('\n', f);
  if (r->transfer_records)
    fprintf(f, "cost model warm start: %lld trials of other workloads on this target\n",
            (long long)r->transfer_records);
  if (r->interrupted)
    fprintf(f, "%s before every budget was spent; run again to resume from the cache\n",
            r->stopped_by_time ? "time budget ran out" : "interrupted");
}

static cJSON *options_json(const eto_backend_opts *o) {
  cJSON *j = cJSON_CreateObject();
  cJSON_AddNumberToObject(j, "trials_per_op", o->trials_per_op);
  cJSON_AddNumberToObject(j, "time_budget", o->time_budget);
  cJSON_AddNumberToObject(j, "measures_per_round", o->measures_per_round);
  cJSON_AddNumberToObject(j, "population", o->population);
  cJSON_AddNumberToObject(j, "generations", o->generations);
  cJSON_AddNumberToObject(j, "mutation_prob", o->mutation_prob);
  cJSON_AddNumberToObject(j, "weight_tile", o->weight_tile);
  cJSON_AddNumberToObject(j, "weight_unroll", o->weight_unroll);
  cJSON_AddNumberToObject(j, "weight_vec", o->weight_vec);
  cJSON_AddBoolToObject(j, "qwalk", o->qwalk);
  cJSON_AddNumberToObject(j, "qwalk_q", o->qwalk_q);
  cJSON_AddNumberToObject(j, "eps_greedy", o->eps_greedy);
  cJSON_AddNumberToObject(j, "init_min_population", o->init_min_population);
  cJSON_AddNumberToObject(j, "use_measured_ratio", o->use_measured_ratio);
  cJSON_AddBoolToObject(j, "imperfect", o->imperfect);
  cJSON_AddNumberToObject(j, "retrain_ratio", o->retrain_ratio);
  cJSON_AddBoolToObject(j, "transfer", o->transfer);
  cJSON_AddStringToObject(j, "refresh", eto_backend_refresh_name(o->refresh));
  cJSON *c = cJSON_AddObjectToObject(j, "cost_model");
  cJSON_AddNumberToObject(c, "nthread", o->cost.nthread);
  cJSON_AddNumberToObject(c, "warmup_records", o->cost.warmup_records);
  cJSON_AddNumberToObject(c, "max_rounds", o->cost.max_rounds);
  cJSON_AddNumberToObject(c, "early_stop_rounds", o->cost.early_stop_rounds);
  cJSON_AddNumberToObject(c, "max_depth", o->cost.max_depth);
  cJSON_AddNumberToObject(c, "eta", o->cost.eta);
  cJSON_AddNumberToObject(c, "gamma", o->cost.gamma);
  cJSON_AddNumberToObject(c, "min_child_weight", o->cost.min_child_weight);
  cJSON *s = cJSON_AddObjectToObject(j, "scheduler");
  cJSON_AddStringToObject(s, "strategy", eto_backend_strategy_name(o->sched.strategy));
  cJSON_AddNumberToObject(s, "alpha", o->sched.alpha);
  cJSON_AddNumberToObject(s, "beta", o->sched.beta);
  cJSON_AddNumberToObject(s, "backward_window", o->sched.backward_window);
  cJSON_AddStringToObject(s, "objective", eto_backend_objective_name(o->sched.relative));
  cJSON_AddStringToObject(s, "weights", eto_backend_weights_name(o->sched.weights));
  return j;
}

void eto_backend_report_time_json(const eto_backend_report *r, cJSON *obj) {
  cJSON_AddNumberToObject(obj, "measure_seconds", r->measure_seconds);
  cJSON_AddNumberToObject(obj, "compile_seconds", r->compile_seconds);
  cJSON_AddNumberToObject(obj, "build_seconds", r->build_seconds);
  cJSON_AddNumberToObject(obj, "check_seconds", r->check_seconds);
  cJSON_AddNumberToObject(obj, "timing_seconds", r->timing_seconds);
  cJSON_AddNumberToObject(obj, "screened_trials", (double)r->screened_trials);
  cJSON_AddNumberToObject(obj, "quick_screened_trials", (double)r->quick_trials);
  cJSON_AddNumberToObject(obj, "decided_early_trials", (double)r->early_trials);
  cJSON_AddNumberToObject(obj, "pruned_trials", (double)r->pruned_trials);
  cJSON_AddNumberToObject(obj, "disturbed_repeats", (double)r->disturbed_repeats);
  cJSON_AddNumberToObject(obj, "retried_trials", (double)r->retried_trials);
  cJSON_AddNumberToObject(obj, "build_chunks", (double)r->build_chunks);
  cJSON_AddNumberToObject(obj, "short_build_chunks", (double)r->short_chunks);
  cJSON_AddNumberToObject(obj, "host_busy_share", r->host_busy_share);
  cJSON_AddNumberToObject(obj, "host_steal_seconds", r->host_steal_seconds);
  cJSON_AddNumberToObject(obj, "search_seconds", r->search_seconds);
  cJSON_AddNumberToObject(obj, "train_seconds", r->train_seconds);
  cJSON_AddNumberToObject(obj, "trainings", (double)r->trainings);
}

void eto_backend_report_add_time(eto_backend_report *sum, const eto_backend_report *b) {
  double busy = sum->host_busy_share * sum->seconds + b->host_busy_share * b->seconds;
  sum->new_trials += b->new_trials;
  sum->seconds += b->seconds;
  sum->measure_seconds += b->measure_seconds;
  sum->compile_seconds += b->compile_seconds;
  sum->build_seconds += b->build_seconds;
  sum->check_seconds += b->check_seconds;
  sum->timing_seconds += b->timing_seconds;
  sum->screened_trials += b->screened_trials;
  sum->quick_trials += b->quick_trials;
  sum->early_trials += b->early_trials;
  sum->pruned_trials += b->pruned_trials;
  sum->disturbed_repeats += b->disturbed_repeats;
  sum->retried_trials += b->retried_trials;
  sum->build_chunks += b->build_chunks;
  sum->short_chunks += b->short_chunks;
  sum->host_busy_share = sum->seconds > 0 ? busy / sum->seconds : 0;
  sum->host_steal_seconds += b->host_steal_seconds;
  sum->search_seconds += b->search_seconds;
  sum->train_seconds += b->train_seconds;
  sum->trainings += b->trainings;
}

char *eto_backend_report_json(const eto_backend_report *r) {
  cJSON *root = cJSON_CreateObject();
  if (!root) return NULL;
  char seed[32];
  snprintf(seed, sizeof seed, "%llu", (unsigned long long)r->seed);
  cJSON_AddStringToObject(root, "mode", "full");
  cJSON_AddStringToObject(root, "seed", seed); /* a string: 64-bit seeds do not fit a JSON double */
  cJSON *t = cJSON_AddObjectToObject(root, "target");
  cJSON_AddStringToObject(t, "description", r->target);
  cJSON_AddStringToObject(t, "fingerprint", r->fingerprint);
  cJSON_AddStringToObject(root, "protocol", r->protocol);
  cJSON_AddItemToObject(root, "options", options_json(&r->opts));
  cJSON *ops = cJSON_AddArrayToObject(root, "operators");
  for (int i = 0; i < r->count; i++) {
    const eto_backend_op_result *o = &r->ops[i];
    cJSON *j = cJSON_CreateObject();
    cJSON_AddNumberToObject(j, "index", i + 1);
    cJSON_AddStringToObject(j, "name", o->op.name);
    cJSON_AddStringToObject(j, "kind", eto_op_kind_name(o->op.kind));
    cJSON_AddStringToObject(j, "workload", o->workload);
    cJSON_AddNumberToObject(j, "freq", (double)o->op.freq);
    cJSON_AddNumberToObject(j, "flops", eto_op_flops(&o->op));
    cJSON_AddStringToObject(j, "method", o->method);
    cJSON_AddStringToObject(j, "status", eto_backend_op_status_name(o->status));
    cJSON_AddNumberToObject(j, "trials", (double)o->trials);
    cJSON_AddNumberToObject(j, "new_trials", (double)o->new_trials);
    cJSON_AddNumberToObject(j, "failed_trials", (double)o->failed_trials);
    cJSON_AddNumberToObject(j, "rounds", o->rounds);
    cJSON_AddNumberToObject(j, "seconds", o->seconds);
    if (o->status == ETO_BACKEND_OP_TUNED) {
      cJSON_AddNumberToObject(j, "latency_s", o->latency);
      cJSON_AddNumberToObject(j, "gflops", o->gflops);
      cJSON_AddStringToObject(j, "recipe", o->recipe);
      cJSON_AddStringToObject(j, "summary", o->summary);
      cJSON_AddBoolToObject(j, "best_from_cache", o->best_from_cache);
      cJSON_AddStringToObject(j, "best_method", o->best_method);
    } else {
      cJSON_AddNullToObject(j, "latency_s");
      cJSON_AddNullToObject(j, "gflops");
    }
    if (o->message[0]) cJSON_AddStringToObject(j, "message", o->message);
    cJSON_AddItemToArray(ops, j);
  }
  cJSON *tot = cJSON_AddObjectToObject(root, "totals");
  cJSON_AddNumberToObject(tot, "trials", (double)r->trials);
  cJSON_AddNumberToObject(tot, "new_trials", (double)r->new_trials);
  cJSON_AddNumberToObject(tot, "failed_trials", (double)r->failed_trials);
  cJSON_AddNumberToObject(tot, "seconds", r->seconds);
  eto_backend_report_time_json(r, tot);
  cJSON_AddNumberToObject(tot, "weighted_latency_s", r->weighted_latency);
  cJSON_AddNumberToObject(tot, "weighted_flops", r->weighted_flops);
  if (r->weighted_latency > 0)
    cJSON_AddNumberToObject(tot, "weighted_gflops", r->weighted_flops / r->weighted_latency * 1e-9);
  cJSON_AddNumberToObject(tot, "operators_without_result", r->missing);
  cJSON_AddNumberToObject(tot, "transfer_records", (double)r->transfer_records);
  cJSON_AddBoolToObject(tot, "interrupted", r->interrupted);
  cJSON_AddBoolToObject(tot, "stopped_by_time", r->stopped_by_time);
  char *s = cJSON_Print(root);
  cJSON_Delete(root);
  return s;
}

eto_status eto_backend_report_write_json(const eto_backend_report *r, const char *path, char *msg, int cap) {
  char *s = eto_backend_report_json(r);
  if (!s) {
    if (msg && cap > 0) snprintf(msg, (size_t)cap, "out of memory writing the report");
    return ETO_ERR_NOMEM;
  }
  eto_status st = eto_write_text_file(s, path, msg, cap);
  free(s);
  return st;
}
