/* backend.h — the search engine and its policy interface (docs/architecture.md §6), and the full search (§6a,
 * Ansor-style): sampling, evolutionary search scored by
 * an XGBoost cost model, and a gradient-based task scheduler over many operators.
 *
 * Data flow:
 *   operators ──► tasks (one per operator: compute description, measurer, measured set, best, trial count)
 *   cache trials of this target ──► resumed tasks (their trials count and are never re-measured) and the
 *                                   cost model's training set (other workloads: transfer learning)
 *   scheduler picks a task ──► evolution: random programs of every sketch + best measured ones, mutated for
 *     a few generations, scored by the cost model ──► the best unmeasured candidates (ε-greedy) are measured
 *     one at a time ──► trials and improved best stored in the cache (one transaction per batch)
 *     ──► cost model retrained from scratch (once the records grew by retrain_ratio, as Ansor)
 *     ──► scheduler updated ──► progress callback
 *   ──► report (per operator: method, trials, seconds, latency, GFLOP/s, recipe; totals), text or JSON.
 *
 * Three units are public because other modules and tests use them alone:
 *   eto_cost_*              the feature vector of a program and the XGBoost cost model;
 *   eto_backend_scheduler_* Ansor's task scheduler, fed with latency curves (real or synthetic);
 *   eto_backend_tune        the whole search, with its options, progress callback and report.
 */
#ifndef ETO_BACKEND_H
#define ETO_BACKEND_H

#include <stdint.h>
#include <stdio.h>

#include "cache.h"
#include "measure.h"
#include "op.h"
#include "schedule.h"
#include "target.h"

/* ======================================================================================================
 * Program features for the cost model
 * ====================================================================================================== */

/* Length of the feature vector; eto_cost_feature_name(i) names entry i. Bumped together with
 * ETO_COST_FEATURE_VERSION whenever the meaning of an entry changes. */
#define ETO_COST_NFEATURES 123
#define ETO_COST_FEATURE_VERSION 2

/* Fills out[0..ETO_COST_NFEATURES-1] with the features of program p for compute c on target t
 * (docs/architecture.md §6a: per-level tile sizes (log2), B, T, M, threads per block, per-thread work,
 * register estimate, unroll, vector lengths, arithmetic intensity per level, global-memory lines,
 * shared-memory bank conflicts, occupancy and waves against the target's cores, padding waste; plus the
 * workload's size). Counts enter as log2(1 + x). Every value is finite. p should be valid for (c, t); an
 * invalid program still gets finite features. Never allocates. */
void eto_cost_features(const eto_compute *c, const eto_target *t, const eto_program *p, float *out);
/* Static name of feature i ("s0.l2" = log2 of space loop 0, level S2); NULL out of range. */
const char *eto_cost_feature_name(int i);

/* ======================================================================================================
 * Cost model: XGBoost regression on per-task normalized throughput (Ansor's XGBModel)
 * ====================================================================================================== */

typedef struct {
  int nthread;             /* XGBoost threads (default 1: training runs between measurements on 2 cores) */
  int warmup_records;      /* predictions are random until more records than this exist (default 100) */
  int max_rounds;          /* boosting rounds at most (10000, Ansor's; early stopping ends far sooner) */
  int early_stop_rounds;   /* stop when the training RMSE has not improved for this many rounds (50) */
  int max_depth;           /* 10 */
  double eta;              /* 0.2 */
  double gamma;            /* 0.001 */
  double min_child_weight; /* 0 */
  int weight_by_label;     /* sample weight = normalized throughput, as Ansor (default 1) */
  uint64_t seed;           /* random stand-in and XGBoost seed (default 43, Ansor's) */
} eto_cost_opts;

void eto_cost_opts_default(eto_cost_opts *o);

typedef struct eto_cost_model eto_cost_model;

/* Creates an empty model (opts NULL = defaults). Returns ETO_OK or ETO_ERR_NOMEM. */
eto_status eto_cost_model_create(const eto_cost_opts *opts, eto_cost_model **out);
/* Adds one measured record: its features (ETO_COST_NFEATURES floats, copied), its group (the task or
 * workload it belongs to: labels are normalized per group) and its cost in seconds (<= 0, NaN or infinite
 * for a failed measurement: label 0). Returns ETO_OK or ETO_ERR_NOMEM. */
eto_status eto_cost_model_add(eto_cost_model *m, int group, const float *features, double cost);
/* Number of records added. */
int eto_cost_model_records(const eto_cost_model *m);
/* Retrains from scratch on every record: label = best cost of the record's group / cost (0 for failures).
 * With no more than warmup_records records nothing is trained and predictions stay random. Returns ETO_OK,
 * or ETO_ERR_INVALID with XGBoost's text in eto_cost_model_errmsg (the previous model is then dropped and
 * predictions are random again). */
eto_status eto_cost_model_train(eto_cost_model *m);
/* 1 when a trained booster is in use, 0 while the random stand-in answers. */
int eto_cost_model_trained(const eto_cost_model *m);
/* Scores n programs (rows: n × ETO_COST_NFEATURES floats, row-major): higher is better. The random
 * stand-in gives uniform values in [0, 1). Returns ETO_OK, or ETO_ERR_INVALID with XGBoost's text. */
eto_status eto_cost_model_predict(eto_cost_model *m, const float *rows, int n, float *scores);
/* Seconds spent in the last eto_cost_model_train and the number of boosting rounds it kept. */
double eto_cost_model_train_seconds(const eto_cost_model *m);
int eto_cost_model_rounds(const eto_cost_model *m);
/* Message of the last failed call ("" if none). */
const char *eto_cost_model_errmsg(const eto_cost_model *m);
/* Frees the model; NULL is a no-op. */
void eto_cost_model_free(eto_cost_model *m);

/* ======================================================================================================
 * Task scheduler (Ansor §6): which operator gets the next round of measurements
 * ====================================================================================================== */

/* GRADIENT is Ansor's: the expected gain of a task's next round. PER_SECOND divides that gain by the seconds the
 * task's rounds have taken (their median, measured; the median of every task's while a task has none), so a round
 * of an operator whose candidates take twice as long to build and time must promise twice the gain: the list's
 * weighted latency falls fastest per second of tuning instead of per round. */
typedef enum { ETO_BACKEND_GRADIENT, ETO_BACKEND_ROUND_ROBIN, ETO_BACKEND_PER_SECOND } eto_backend_strategy;

/* A task's weight w_i in the objective. OWN: its frequency (Ansor's). TREE: what the list's objective gains per unit
 * of the task's own gain, where the tasks that reuse its result (eto_backend_task.parent: its children, theirs, ...)
 * restart from its better best and follow it in proportion: w_i = sum over i and those tasks j of w_j g_j^(1-r),
 * over g_i^(1-r) (the latency objective r = 0: their weighted latency over i's latency), g_j a task's best latency
 * or, before it has one, its FLOPs at the run's rate; a root on which a chain of reuse depends gets its rounds
 * before its chain's searches from its early program. ROOTS: as TREE for a task that reuses no other's result (a
 * root), its own for the others: along a chain, the sums of TREE grow with each link's depth and the links' short
 * rounds of reuse take the turns from the root's (bench/RESULTS.md BF) */
typedef enum { ETO_BACKEND_WEIGHTS_OWN, ETO_BACKEND_WEIGHTS_TREE, ETO_BACKEND_WEIGHTS_ROOTS } eto_backend_weights;

typedef struct {
  eto_backend_strategy strategy; /* default per-second */
  double alpha;                  /* weight of the backward gradient (0.2) */
  double beta;                   /* forward bound from similar tasks' throughput (2) */
  int backward_window;           /* rounds (3) */
  uint64_t seed;                 /* tie-breaking when every gradient is equal */
  double relative;               /* the objective: 0 (default) the list's weighted latency sum_i w_i g_i (Ansor's);
                                  * 1 the weighted sum of log latencies sum_i w_i log g_i: a task's gradient is
                                  * divided by its best latency, so a 10% gain counts the same on a 5 us and on a
                                  * 5 ms operator (a quality asked of every shape, as of a family's every length);
                                  * r in between: sum_i w_i g_i^(1-r) / (1-r), the gradient divided by g_i^r (0.5:
                                  * `--objective balanced`, a 1000x slower task's 10% gain counts 32x, not 1000x) */
  eto_backend_weights weights;   /* the tasks' weights in the objective: ETO_BACKEND_WEIGHTS_OWN (default) or, set
                                  * by the engine (eto_backend_run) round by round, ETO_BACKEND_WEIGHTS_TREE or
                                  * ETO_BACKEND_WEIGHTS_ROOTS */
} eto_backend_sched_opts;

void eto_backend_sched_opts_default(eto_backend_sched_opts *o);

typedef struct eto_backend_scheduler eto_backend_scheduler;

/* Creates a scheduler over n tasks. weight[i] is task i's weight in the objective sum_i weight[i] · cost[i]
 * (the operator's frequency), flops[i] its floating-point operations, group[i] its similarity group (tasks
 * of one group bound each other's forward gradient; -1: no group). Arrays are copied. opts NULL = defaults.
 * Returns ETO_OK, ETO_ERR_INVALID (n < 1) or ETO_ERR_NOMEM. */
eto_status eto_backend_scheduler_create(int n, const double *weight, const double *flops, const int *group,
                                        const eto_backend_sched_opts *opts, eto_backend_scheduler **out);
/* Restores a task from earlier work (a resumed run): `rounds` rounds already done, best cost so far
 * (seconds; <= 0 or infinite: none). Call before the first eto_backend_scheduler_next. */
void eto_backend_scheduler_restore(eto_backend_scheduler *s, int task, int rounds, double best_cost);
/* The task to tune next: first every task with no round yet, in order (warm-up); then the task with the
 * steepest (most negative) gradient, or the next in turn for round-robin. Dead and finished tasks are
 * skipped. Returns -1 when no task is left. */
int eto_backend_scheduler_next(eto_backend_scheduler *s);
/* Reports a finished round of `task`: `measured` candidates were measured and the task's best cost is now
 * `best_cost` (seconds; <= 0 or infinite: none yet). measured == 0 marks the task dead (nothing left to
 * measure). Also applies Ansor's rule that drops a task from its similarity group when it stays far slower
 * than the group's best after many more rounds. */
void eto_backend_scheduler_update(eto_backend_scheduler *s, int task, int measured, double best_cost);
/* Reports the wall seconds a round of `task` took (the per-second strategy's divisor; the others ignore it).
 * Call once per round, with eto_backend_scheduler_update. */
void eto_backend_scheduler_spent(eto_backend_scheduler *s, int task, double seconds);
/* Sets task i's weight in the objective (a positive finite value; other values are ignored): the engine's, under
 * ETO_BACKEND_WEIGHTS_TREE and ETO_BACKEND_WEIGHTS_ROOTS. */
void eto_backend_scheduler_set_weight(eto_backend_scheduler *s, int task, double weight);
/* The strategy's name ("gradient", "round-robin", "per-second") and the strategy called name (-1: none). */
const char *eto_backend_strategy_name(eto_backend_strategy st);
int eto_backend_strategy_parse(const char *name);
/* The weights' names ("own", "tree", "roots") and the weights called name (-1: none). */
const char *eto_backend_weights_name(eto_backend_weights w);
int eto_backend_weights_parse(const char *name);
/* The objectives' names: "latency" (relative 0), "balanced" (0.5), "relative" (1); another value prints "r=<value>".
 * parse returns the value of a name, -1 for an unknown one. */
const char *eto_backend_objective_name(double relative);
double eto_backend_objective_parse(const char *name);
/* Takes a task out of the selection: its budget is spent (done) or it cannot be tuned (dead); or holds it until
 * eto_backend_scheduler_activate (a task waiting for another's result). */
void eto_backend_scheduler_finish(eto_backend_scheduler *s, int task);
/* Makes a task selectable again (a held task whose turn came; a task given further rounds). Its rounds and
 * history are kept: a task never tuned gets the warm-up round first. */
void eto_backend_scheduler_activate(eto_backend_scheduler *s, int task);
/* Rounds done by a task, and whether it is still selectable. */
int eto_backend_scheduler_rounds(const eto_backend_scheduler *s, int task);
int eto_backend_scheduler_active(const eto_backend_scheduler *s, int task);
/* The gradient of task i as the gradient strategy computes it now (for tests and progress displays):
 * weight · (α · backward + (1 − α) · forward), backward = (best[t−1] − best[t−1−w]) / w over the task's
 * best-cost history (0 with fewer than w+1 rounds), forward = min(best − best / rounds,
 * β · flops / best_similar_flops_per_s) − best. 0 for a task that is not selectable. */
double eto_backend_scheduler_gradient(const eto_backend_scheduler *s, int task);
/* The value the strategy minimizes for task i: the gradient, divided for per-second by the seconds a round of
 * the task is expected to take (the median of its measured rounds; of every task's while it has none; 1 while no
 * round was timed). 0 for a task that is not selectable. */
double eto_backend_scheduler_score(const eto_backend_scheduler *s, int task);
void eto_backend_scheduler_free(eto_backend_scheduler *s);

/* ======================================================================================================
 * Tuning a list of operators
 * ====================================================================================================== */

/* When a task released early from its parent's best is restarted from the parent's newer best (eto_backend_opts.refresh) */
typedef enum {
  ETO_BACKEND_REFRESH_SETTLED = 0, /* once the parent has settled: it and every task above it have spent their shares
                                      (a chain's restarts do not add up link by link; RESULTS BC.2; the default
                                      before RESULTS BH) */
  ETO_BACKEND_REFRESH_EACH,        /* at each of the parent's ends: the rule before BC.2 */
  ETO_BACKEND_REFRESH_EARLY,       /* as settled, and once before: at the first of the parent's ends that finds the
                                      task not yet restarted (a chain's lower links leave the parents' early programs
                                      before the roots end, at most two restarts per link; RESULTS BE) */
  ETO_BACKEND_REFRESH_OFFER        /* as early, and while the parent searches: after any of its rounds that leaves its
                                      best more than ETO_BACKEND_REFRESH_LARGE faster than the one last given to the
                                      task, that best is offered to the task's running policy (eto_policy_vtbl.offer:
                                      the seeded policy measures its transplants next, no restart: restarts on such
                                      gains paid 1.05-1.40x, but restarting the edges' searches cost the lists more,
                                      RESULTS BG.1; BG.2). The default (eto_backend_opts_default; RESULTS BH) */
} eto_backend_refresh;

/* "settled", "each", "early", "offer" -> the mode, -1 for any other name; and back */
int eto_backend_refresh_parse(const char *name);
const char *eto_backend_refresh_name(eto_backend_refresh r);

typedef struct {
  /* budgets */
  int trials_per_op;          /* trials per operator, counting trials already in the cache (1000) */
  double time_budget;         /* wall-clock seconds for the whole call; 0 = none */
  const volatile int *cancel; /* when not NULL and *cancel becomes nonzero, stop after the candidate being
                                 measured (its batch is stored); the report says interrupted */
  uint64_t seed;              /* 0: derived from the clock; the seed used is in the report. The tasks', the
                                 scheduler's and the cost model's seeds are derived from it */
  /* search policy (Ansor's SketchPolicy defaults) */
  int measures_per_round; /* candidates measured per round (64) */
  int population;         /* evolutionary population (2048) */
  int generations;        /* 4 (3 while the cost model is the random stand-in, as Ansor) */
  double mutation_prob;   /* 0.85 */
  double weight_tile, weight_unroll, weight_vec; /* mutation rule weights (0.80, 0.10, 0.10) */
  int qwalk;                 /* OpEvo: tile-size mutation is a q-random walk over the factor topology (0) */
  double qwalk_q;            /* probability of taking one more step of the walk (0.5) */
  int crossover;             /* reserved: crossover is not implemented (Ansor leaves it out too); 0 */
  double eps_greedy;         /* share of each batch picked at random from the initial population (0.05) */
  int init_min_population;   /* sample until this many valid unique programs (50) */
  double use_measured_ratio; /* up to this share of the population comes from the best measured (0.2) */
  int imperfect;             /* also sample imperfect (guarded) tiles (0: divisors only, as Ansor) */
  /* cost model */
  eto_cost_opts cost;
  double retrain_ratio;     /* retrain (from scratch) after a batch once the records grew by this share since
                               the last training: Ansor's XGBModel rule, which keeps training cheap when tens of
                               thousands of records accumulate (0.2); 0 = after every batch */
  int transfer;             /* train on the cache's trials of other workloads on this target (1) */
  int transfer_max_records; /* at most this many transfer records, in cache order (8192) */
  /* one budget for the whole run: the run stops after this many new trials (0: none). With it, no task has a
   * budget of its own: a task that has spent its share (trials_per_op for a full search, its policy's end for
   * another) goes on as a full search whenever the task scheduler finds it the best place for the next round */
  int64_t total_trials;
  /* Patiences that grow with what depends on a task: a task's patience (eto_backend_task.patience, and a policy's own
   * through eto_policy_view.patience_scale) is multiplied by n x its share, at least 1 and at most this (1: fixed
   * patiences), where n is the run's task count and its share the part of the run's weighted latency held by the task
   * and the tasks that reuse its result (its children, theirs, ...): a list's root whose children hold most of the
   * list's latency searches longer than one whose child weighs little (ETO_BACKEND_PATIENCE_GROWTH). The scale is 1
   * until no task can run; then, once, the tasks whose scale is over 1 go on (full searches ended by patience,
   * reuse policies that ended, asked again): the early curve is the fixed patiences'. No effect under total_trials */
  double patience_growth;
  /* Patiences that shrink for a light task: where the task's share (as above) is under its part of the run (n x share
   * < 1), its patiences are multiplied by n x share, at least this, from the run's start: the search of an operator
   * that holds 1% of a 5-operator list's weighted latency ends sooner than that of one holding its fifth, and the
   * trials go where they lower the list's weighted latency (ETO_BACKEND_PATIENCE_FLOOR). 1: fixed patiences. No
   * effect under total_trials, whose task scheduler places every round by what it gains the list */
  double patience_floor;
  /* When an early-released task (eto_backend_task.release_after) is restarted from its parent's newer best (gains of
   * more than ETO_BACKEND_REFRESH_GAIN; under total_trials: always as ETO_BACKEND_REFRESH_EACH, and no offers).
   * Default ETO_BACKEND_REFRESH_OFFER */
  eto_backend_refresh refresh;
  /* task scheduler */
  eto_backend_sched_opts sched;
  /* measurement (eto_measure_opts_default: 100 ms minimum repeat, 3 repeats, 10 s timeouts) */
  eto_measure_opts measure;
} eto_backend_opts;

void eto_backend_opts_default(eto_backend_opts *o);

typedef enum {
  ETO_BACKEND_EVENT_START,   /* a task's measurer is ready and its first round starts */
  ETO_BACKEND_EVENT_ROUND,   /* a round of one task finished (batch stored, model updated) */
  ETO_BACKEND_EVENT_MESSAGE, /* something the user should read (dead task, cache trouble, ...) */
  ETO_BACKEND_EVENT_DONE,    /* the tune is over */
} eto_backend_event;

typedef struct {
  eto_backend_event event;
  int task;             /* operator index, -1 when not about one operator */
  const eto_op *op;     /* NULL when task is -1 */
  const char *workload; /* workload key, or NULL */
  const char *policy;   /* the task's search policy ("full", "eto", ...), or NULL */
  int round;            /* rounds of this task so far (this run and resumed) */
  int64_t task_trials, task_budget;
  int64_t total_trials, total_budget; /* over all operators; trials include resumed ones */
  int64_t new_trials;                 /* measured in this call */
  double best_latency;                /* seconds, 0 when none */
  double best_gflops;
  double elapsed;      /* seconds since the call started */
  double remaining;    /* estimate in seconds (< 0: unknown) */
  const char *message; /* MESSAGE (and DONE): a line of text; else NULL */
} eto_backend_progress;

typedef void (*eto_backend_progress_fn)(const eto_backend_progress *p, void *user);

typedef enum {
  ETO_BACKEND_OP_TUNED,     /* has a verified best program */
  ETO_BACKEND_OP_NO_RESULT, /* every candidate failed, the budget or time ran out before any, or the operator
                               cannot be measured (message) */
  ETO_BACKEND_OP_DEAD,      /* no valid program exists for this operator on this target */
} eto_backend_op_status;

typedef struct {
  eto_op op;
  char workload[512];
  char method[16]; /* "full" */
  eto_backend_op_status status;
  int64_t trials;        /* trials spent on it, counting resumed ones */
  int64_t new_trials;    /* measured in this call */
  int64_t failed_trials; /* of the new ones, measure errors */
  int rounds;
  double seconds; /* wall time of its rounds in this call (search, measurement, training) */
  double latency; /* best median seconds, 0 when none */
  double gflops;
  int best_from_cache;  /* the best program was already in the cache (not improved in this call) */
  char best_method[16]; /* method of the cache record when best_from_cache ("full", "reuse", ...) */
  char recipe[ETO_RECIPE_MAX];
  char summary[256]; /* eto_program_summary of the best program */
  char message[256]; /* why DEAD / NO_RESULT, else how its search ended when it says (a reuse policy's end, a
                        patience), or "" */
  char first_policy[16]; /* the policy the task started with (method is the one it ended with) */
  int fell_back;         /* its policy found nothing and the full search took over */
  int refreshes;         /* its reuse policy was re-made from its parent's newer best (early release) */
  int offers;            /* its running policy took its parent's newer best (ETO_BACKEND_REFRESH_OFFER) */
  eto_cache_put_outcome outcome; /* what the cache did with this call's best program: NEW or REPLACED when
                                    stored, KEPT when the cache holds one at least as good, NONE without a
                                    cache or a result */
} eto_backend_op_result;

typedef struct {
  int count;
  eto_backend_op_result *ops; /* count entries, in input order; owned by the report */
  uint64_t seed;
  int interrupted; /* cancelled or out of time before every budget was spent (not: the total budget ran out) */
  int stopped_by_time;
  int64_t trials, new_trials, failed_trials;
  double seconds;           /* wall time of the call */
  double measure_seconds;   /* of which measuring candidates (compile, check, timing, worker restarts) */
  double compile_seconds;   /* compiling (lowering + LLVM) as the workers report it, summed over candidates
                               built at once (it may exceed build_seconds) */
  double build_seconds;     /* of measure_seconds: the build phases (wall; builds run in parallel) */
  double check_seconds;     /* of measure_seconds: the check runs against the reference */
  double timing_seconds;    /* of measure_seconds: warm-up and timed repeats (screens included) */
  int64_t screened_trials;  /* timed by the short screen alone (eto_measure_opts.screen_seconds) */
  int64_t quick_trials;     /* of which by the quick screen (eto_measure_opts.quick_seconds) */
  int64_t early_trials;     /* screens and full protocols stopped before their last repeat (decide_early) */
  int64_t pruned_trials;    /* timed by their check run alone (eto_measure_opts.prune_ratio) */
  int64_t disturbed_repeats; /* timing repeats measured again because other processes used the cores
                                (eto_measure_result.disturbed_repeats, summed) */
  int64_t retried_trials;   /* measured a second time after a timeout under load (eto_measure_result.retried) */
  int64_t build_chunks;     /* groups of candidates built at once (up to eto_measurer_jobs), then timed one by one */
  int64_t short_chunks;     /* of which with fewer candidates than build jobs: cores idle while they build */
  double host_busy_share;   /* the machine's busy CPU time during the call, all processes (this one and its
                               workers included), as a share of its online cores over `seconds` (/proc/stat) */
  double host_steal_seconds; /* CPU seconds the hypervisor gave this machine's cores to others during the call */
  double search_seconds;    /* sampling, evolution and feature extraction */
  double train_seconds;     /* cost-model training */
  int64_t trainings;        /* cost-model trainings (the first, then one whenever the records grew by retrain_ratio) */
  double weighted_latency;  /* sum of freq × best latency over operators with a result (seconds) */
  double weighted_flops;    /* sum of freq × FLOPs over the same operators */
  int missing;              /* operators without a result (excluded from the sums above) */
  int64_t transfer_records; /* cache trials of other workloads used by the cost model */
  char target[128];         /* target name and model */
  char fingerprint[17];
  char protocol[512];    /* measurement protocol (eto_measure_protocol) */
  eto_backend_opts opts; /* the options used (cancel pointer cleared) */
} eto_backend_report;

/* ======================================================================================================
 * Search policies (docs/architecture.md §6): what the search engine asks of a strategy
 *
 * The engine (eto_backend_run) keeps one task per operator and drives each task's policy one batch at a
 * time: propose candidates ──► the engine measures them (or serves a stored result for a candidate measured
 * before: that is how every policy resumes), stores the batch in the cache (one transaction) ──► observe the
 * results ──► ... until the policy proposes nothing (done) or the task's budget is spent. The task scheduler
 * picks which task gets the next batch. A policy never measures and never writes the cache itself.
 * The full search (eto_backend_policy_full) is one implementation; the tuner's reuse policies are others; a
 * new one is a file with a vtbl and a constructor, plus a line in the driver's registry.
 * ====================================================================================================== */

/* What a policy sees of its task; valid during the call only. */
typedef struct {
  const eto_op *op;
  const eto_compute *c;
  const eto_target *t;
  const char *key;                  /* workload key */
  int64_t trials;                   /* trials so far, counting those stored before this run */
  int64_t budget;                   /* the task's budget (INT64_MAX: none, the policy ends the task) */
  double best_cost;                 /* best median seconds known for the task, INFINITY when none */
  const eto_program *best;          /* NULL when none */
  eto_cost_model *model;            /* the run's shared cost model (every record of every task, plus transfer
                                       records); NULL unless a policy of the run wants one */
  const eto_backend_opts *opts;     /* the run's options */
  double patience_scale;            /* > 0: what a policy's patience is multiplied by for this task, from the part
                                       of the run's weighted latency that depends on it (opts->patience_growth,
                                       opts->patience_floor); 1 for a task that holds its part */
  void *task;                       /* the engine's task: for the backend's own policies only */
} eto_policy_view;

/* 1 when program p was measured for the view's task (in this run, or stored in the cache before it). */
int eto_policy_view_measured(const eto_policy_view *v, const eto_program *p);

/* What a policy says about the batch it proposes. */
typedef struct {
  int round;         /* tag stored with the batch's trials (full: the task's round; ETO: its round 1..4) */
  int dead;          /* with 0 candidates: no valid program exists for the task */
  char message[256]; /* with 0 candidates: why the policy is done ("" when it simply finished) */
} eto_policy_batch;

typedef struct {
  const char *name;        /* "full", "eto", "topk", ... */
  eto_cache_method method; /* recorded with its trials and best programs */
  int wants_model;         /* the engine keeps and trains the shared cost model (and loads transfer records) */
  /* Proposes up to cap candidates (valid programs of the task) for the next batch: writes them to out and
   * returns how many; 0 when the policy is done (b->dead, b->message may say why); -1 when out of memory.
   * b->round is preset to the task's round count. */
  int (*propose)(void *self, const eto_policy_view *v, eto_program *out, int cap, eto_policy_batch *b);
  /* The results of the last proposal's first n candidates, in proposal order (n is smaller than proposed
   * only when the run stopped). May be NULL. */
  void (*observe)(void *self, const eto_policy_view *v, const eto_program *p, const eto_measure_result *r,
                  int n);
  /* The task's source has a newer best while this policy searches (ETO_BACKEND_REFRESH_OFFER): the policy may queue
   * candidates made from it, to propose before anything else in its next batches, and search on from where it is.
   * Returns how many it queued (0: none), -1 when out of memory. May be NULL (nothing is offered). */
  int (*offer)(void *self, const eto_policy_view *v, const eto_program *source_best);
  /* Frees self. May be NULL. */
  void (*free)(void *self);
} eto_policy_vtbl;

/* A policy instance: its table and its state. */
typedef struct {
  const eto_policy_vtbl *vt;
  void *self;
} eto_policy;

/* Frees a policy's state and zeroes it; NULL or an empty policy is a no-op. */
void eto_policy_free(eto_policy *p);

/* One evolutionary round of the full search for the view's task, offered to any policy whose table sets
 * wants_model: up to n programs never measured for the task (best predicted by the run's cost model first,
 * ε-greedy), from a population of random programs of every sketch and the task's best measured ones (seeds a
 * policy had measured count among them), mutated over the generations of o (NULL: the run's options).
 * Returns how many it wrote to out, 0 when nothing new is reachable, -1 when out of memory. */
int eto_backend_evolve(const eto_policy_view *v, const eto_backend_opts *o, int n, eto_program *out);

/* What a policy constructor gets; pointers are valid during the call only (a policy copies what it keeps). */
typedef struct {
  const eto_op *op;                /* the task's operator (α) */
  const eto_op *source;            /* the reuse source β, or NULL */
  const eto_program *source_best;  /* β's best program, or NULL */
  const eto_target *t;
  eto_cache *cache;                /* read while constructing (β's trials, neighbours); may be NULL */
  uint64_t seed;
  int topk;                        /* TopK's group size (0: its default) */
  int max_round;                   /* ETO's rounds: the last of its rounds 1-4 run per block count (0: all) */
  int patience;                    /* the reuse-seeded policy's search: trials in a row without a 1% gain before it
                                      stops, before the engine's scale (0: its default, 32) */
  void *stats;                     /* policy-specific statistics kept up to date during the run (the tuner's
                                      policies: an eto_tuner_result), or NULL */
} eto_policy_args;

/* A policy constructor: fills *out (the caller owns it until it hands it to eto_backend_run). Returns ETO_OK,
 * ETO_ERR_INVALID (the arguments do not suit the policy; msg says why), ETO_ERR_IO (cache) or ETO_ERR_NOMEM. */
typedef eto_status (*eto_policy_make_fn)(const eto_policy_args *a, eto_policy *out, char *msg, int cap);

/* The full search's policy (Ansor's SketchPolicy): each batch is an evolutionary round scored by the shared
 * cost model, the best unmeasured programs, ε-greedy. Needs no argument (a may be NULL). Returns ETO_OK. */
eto_status eto_backend_policy_full(const eto_policy_args *a, eto_policy *out, char *msg, int cap);

/* ======================================================================================================
 * The search engine: tasks, each with its policy, under one task scheduler
 * ====================================================================================================== */

typedef struct {
  eto_op op;                /* the operator (distinct workload keys across a run) */
  eto_policy policy;        /* owned by the run from the call on (freed on return, in every case); empty when
                               the task waits for a parent (make, below) */
  int64_t budget;           /* trials counting stored ones; 0 = opts->trials_per_op; < 0 = none */
  const char *source;       /* the workload the best record names as its source (reuse), or NULL */
  eto_measurer *measurer;   /* borrowed; NULL = the run creates one per task at its first batch */
  /* A task that reuses another task's result: it waits until task `parent` has spent its share (its budget, or
   * trials_per_op under a total budget, or its policy ended), then its policy is made by make(args) with
   * args.source_best = the parent's best program. When the parent has none, or make refuses, or the policy ends
   * without a program, the task is full-searched instead. parent < 0: none (policy is given). */
  int parent;
  eto_policy_make_fn make;
  eto_policy_args args; /* op, source, t, cache, seed, topk as the constructor needs them; source_best is set */
  int no_fallback;       /* no full search when its policy finds nothing (the TopK baseline stays without) */
  /* A stored program measured again before the run (the driver re-times what it refines): its stored trials of
   * recipe retimed_recipe count at retimed_cost seconds, not at what they recorded, and no stored trial of the task
   * counts as faster than that (NULL: none) */
  const char *retimed_recipe;
  double retimed_cost;
  /* Early release (0: off, the task waits for its parent's whole share): the task is released as soon as its
   * parent has release_after trials (stored ones count) and a program (a parent that reuses its own parent's
   * program, or a cached source's program, one that has `source` and a policy whose method is not the full
   * search's: as soon as it has one), from the parent's best at that moment, so
   * that every operator of a list has a program early. Whenever the parent later settles (it and every task
   * above it have spent their shares; under a total budget: whenever the parent spends its share, or a further
   * round after it) with a best more than ETO_BACKEND_REFRESH_GAIN faster than the one the task's policy was made
   * from, the policy is made again from the new best and the task selectable again; candidates it measured before
   * are served from their stored results. */
  int64_t release_after;
  /* Under a total budget (opts->total_trials): the plan's estimate of the task's trials, its share of the plan's
   * work (0: trials_per_op for a full search, one round for other policies). While what is left of the budget
   * (the trials, and the time at the run's rate so far) covers what is left of the shares, the task scheduler
   * picks as always; when it no longer does, the plan's work goes to the task furthest behind its share first
   * (least trials / share), so that a short budget shortens every operator's search alike instead of leaving the
   * operators of least weight with their seeds alone. */
  int64_t share;
  /* Under a total budget that no longer covers the shares (share, above): among the tasks equally far behind their
   * share, the one with the larger priority goes first, then the one with the larger weight (0 for all: by weight,
   * then in task order). The driver's reseed step gives each task the part of the objective its source's speed
   * promises to save, so that a short reserve reaches the nodes that promise most first. */
  double priority;
  /* 1: a new search of an operator searched before (the driver's refine and reseed steps). Its stored trials are
   * another search's: its share and its floor under a total budget count this run's trials only, and the task
   * scheduler gives it its warm-up round as to a new task. 0: stored trials count as the task's own (a resumed
   * run), toward its share, its floor and its rounds. (bench/RESULTS.md AB.1: a repair's refine of the attention
   * context's 448, hundreds of trials of its search and reseeding stored, got no trial under a short budget: past
   * its floor from the start, and its restored rounds left the scheduler no gain to expect from it.) */
  int fresh;
  /* A full search that ends by patience (0: it spends its budget): once its last gain of more than
   * ETO_BACKEND_PATIENCE_GAIN on its best at the previous gain is this many trials back (stored trials count), its
   * search is done at the end of that batch (under a total budget: its share is spent, and it goes on only while the
   * task scheduler picks it). The driver gives it to a plan's roots, whose children wait on them
   * (bench/RESULTS.md AF.4: ResNet-50's full searches reach 97% of their 1000-trial best at a median 283 trials) */
  int64_t patience;
} eto_backend_task;

/* The relative gain on a task's best that resets its patience (eto_backend_task.patience). */
#define ETO_BACKEND_PATIENCE_GAIN 0.01

/* eto_backend_opts.patience_growth's default: fixed patiences. bench/RESULTS.md AY.1: on ResNet-50, growth 2 took the
 * final throughput from 95.7% / 91.7% of the full search's to 98.4% / 99.2% (seeds 1, 2), but in 1.6-1.8x the time and
 * with a curve below the fixed patiences' for most of the run (300 s: 85.1% against 91.7%), under the full search's
 * for 37-47% of its seconds. Since 0bfafdd the growth acts in a second pass only, after the whole run ended at the
 * fixed patiences (RESULTS AZ.1). RESULTS BI.1, over the offer default: ResNet-50 +1.5 / +1.7 points in 1.2-1.4x the
 * first pass's time, less than two runs of one seed differ, and the time ratio falls (the full search needs 1.02x
 * the longer run's seconds to reach its end, against 1.61x at seed 1): still fixed by default */
#define ETO_BACKEND_PATIENCE_GROWTH 1.0

/* eto_backend_opts.patience_floor's default: a light task's patiences shrink down to a quarter. bench/RESULTS.md BA.2:
 * re-tuning BERT-Base's cache to BERT-Large and to 256 rows took 24% less time (the attention products 33-53 trials
 * instead of 62-86), the median of six runs 96.5% of the full searches' throughput, as before; BA.3-BA.4:
 * BERT-Base's list lost nothing (99.2% / 97.2% against 92.8% / 96.0%, in 1.04x / 0.56x the time); on ResNet-50, whose
 * reuse chains leave 3 of 27 nodes under their part, 98.1% / 94.4% against 97.0% / 96.9%, the runs' spread; BA.5:
 * MobileNetV2 at one seed 96.9% in 913 s against 97.7% in 797 s (more seeds wanted before it counts either way).
 * -DETO_BACKEND_PATIENCE_FLOOR=1 builds the fixed patiences of before. */
#ifndef ETO_BACKEND_PATIENCE_FLOOR
#define ETO_BACKEND_PATIENCE_FLOOR 0.25
#endif

/* The relative gain of a parent's best that re-makes an early-released child's policy. */
#define ETO_BACKEND_REFRESH_GAIN 0.01
/* The same that offers it to the child's running policy (ETO_BACKEND_REFRESH_OFFER): its cost 20% lower, 1.25x. */
#define ETO_BACKEND_REFRESH_LARGE 0.2

/* One candidate's result, given to the run's trial callback. Pointers are valid during the call only. */
typedef struct {
  int task;
  int64_t index; /* 1, 2, ... within the task in this run */
  int round;     /* the batch's round tag */
  const eto_program *program;
  const eto_measure_result *result;
  int improved; /* became the task's best program */
  int stored;   /* served from a stored trial (measured before this run), not measured again */
} eto_backend_trial;

typedef struct {
  void (*on_trial)(void *user, const eto_backend_trial *tr); /* after every candidate (may be NULL) */
  void *trial_user;
  /* When not NULL, measures instead of the measurer (tests, dry runs); must never fail as a call */
  void (*measure)(void *user, const eto_program *p, eto_measure_result *out);
  void *measure_user;
} eto_backend_hooks;

/* Runs tasks[0..n-1] on target t: the task scheduler picks a task, its policy proposes a batch, the batch is
 * measured (in chunks of the measurer's build jobs, timed one at a time), stored in the cache with the
 * task's improved best (one transaction: method = the policy's, source = the task's), observed by the policy;
 * until every task is done or its budget spent, opts->time_budget runs out or opts->cancel is set. Trials
 * stored before the run count toward budgets and are served as results when proposed again. hooks may be
 * NULL. Ownership, progress, report and return values as eto_backend_tune (below), which is this call with
 * the full policy for every operator. */
eto_status eto_backend_run(eto_backend_task *tasks, int n, const eto_target *t, eto_cache *cache,
                           const eto_backend_opts *opts, const eto_backend_hooks *hooks,
                           eto_backend_progress_fn progress, void *user, eto_backend_report *report, char *msg,
                           int cap);

/* Tunes ops[0..nops-1] on target t with full search. cache may be NULL (nothing is stored or resumed).
 * For each operator: trials already in the cache for (t's fingerprint, workload key) count toward the budget,
 * are never measured again and train the cost model, and the cached best is the starting best; an operator
 * whose budget is already spent is not measured at all (so an already tuned list finishes immediately).
 * Every measured trial is stored as it is measured, one transaction per batch, together with the
 * operator's best program (method "full") when the batch improved it. An operator whose reachable programs
 * have all been measured stops early; one with no valid program is skipped; both with a MESSAGE event.
 * Operators must have distinct workload keys (merge duplicates, summing freq). Each operator gets a measurer
 * (a forked worker process, started at its first round, stopped on return); the cache handle is never used
 * in the workers. progress (may be NULL) is called from this thread. On return *report holds the results
 * (free with eto_backend_report_free), also when interrupted. Returns ETO_OK (also when interrupted or when
 * some operators have no result: see the report), ETO_ERR_INVALID (bad arguments, duplicate workloads),
 * ETO_ERR_UNSUPPORTED (the target cannot be measured here), ETO_ERR_NOMEM, or ETO_ERR_IO (the cache failed:
 * the message has its text; work done so far is in the report and in the cache). */
eto_status eto_backend_tune(const eto_op *ops, int nops, const eto_target *t, eto_cache *cache,
                            const eto_backend_opts *opts, eto_backend_progress_fn progress, void *user,
                            eto_backend_report *report, char *msg, int cap);

/* Frees what a report owns and zeroes it; NULL is a no-op. */
void eto_backend_report_free(eto_backend_report *r);
/* Prints the report as a table plus totals, the seed and the measurement protocol. */
void eto_backend_report_print(const eto_backend_report *r, FILE *f);
/* Writes the report as one JSON document (operators, totals, seed, target, protocol, options) to path.
 * Returns ETO_OK, ETO_ERR_IO with a message, or ETO_ERR_NOMEM. */
eto_status eto_backend_report_write_json(const eto_backend_report *r, const char *path, char *msg, int cap);
/* The same document as a malloc'd string (caller frees), or NULL when out of memory. */
char *eto_backend_report_json(const eto_backend_report *r);
/* Adds run b's trials, seconds and where they went (measure_seconds .. trainings, the host's load; the busy share
 * weighted by seconds) to sum, a report used as a total of several runs (its operators untouched): eto_drv_run's. */
void eto_backend_report_add_time(eto_backend_report *sum, const eto_backend_report *b);
/* Writes r's fields measure_seconds .. trainings into the cJSON object obj (the JSON report's "totals", and
 * etotune tune's "search_time"). */
struct cJSON;
void eto_backend_report_time_json(const eto_backend_report *r, struct cJSON *obj);
/* Static names: "tuned", "no_result", "dead". */
const char *eto_backend_op_status_name(eto_backend_op_status s);

#endif
