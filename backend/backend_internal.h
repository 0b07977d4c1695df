/* backend_internal.h — private to backend/: tasks, the program set and the evolutionary search. */
#ifndef ETO_BACKEND_INTERNAL_H
#define ETO_BACKEND_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "backend.h"

/* The cost model's retraining (tune.c train_model): 0 (default), Ansor's rule on the growth of all its records; 1, on
 * the growth of the run's own (all but the transfer records of other workloads). With 0, a reuse run that starts
 * from beta's ~1000 stored trials is not trained again on alpha's within a seeded search of 50-130 trials; 1 trains
 * it after every batch. Measured (bench/RESULTS.md BP.3-BP.4): on the 48 pairs 4 under 0.9 by the median instead of
 * 6, p11 fixed in every run, capsule's median 0.957 instead of 0.994; BERT re-tunes 11-18x instead of 14-19x faster
 * than the full search at the same quality. Not the default: no clear gain. */
#ifndef ETO_RETRAIN_OWN
#define ETO_RETRAIN_OWN 0
#endif

/* ---- a set of programs, keyed by a 64-bit hash of their recipe (progset.c) ----
 * Two different recipes collide with probability ~n²/2⁶⁵: negligible for the thousands a task measures. */
typedef struct {
  uint64_t *slot; /* 0 = empty (hash 0 is remapped to 1) */
  size_t cap, count;
} eto_progset;

uint64_t eto_program_hash(const eto_program *p);
/* Returns 1 when h was added, 0 when it was there, -1 when out of memory. */
int eto_progset_add(eto_progset *s, uint64_t h);
int eto_progset_has(const eto_progset *s, uint64_t h);
void eto_progset_clear(eto_progset *s); /* frees the table */

/* ---- tasks (task.c) ---- */

typedef struct {
  eto_program prog;
  double cost;   /* median seconds; INFINITY for a failed measurement */
  uint64_t hash; /* eto_program_hash(&prog) */
} eto_measured;

typedef struct {
  int index;
  eto_op op;
  eto_compute c;
  eto_sketch_set sketches;
  char key[512];
  char signature[256];
  double flops, weight;
  int group; /* cost-model group (labels normalized per task) */
  int64_t budget;
  eto_measurer *measurer; /* created at the task's first round, or borrowed (own_measurer 0) */
  int own_measurer;
  eto_policy policy;      /* proposes the task's candidates (owned) */
  const char *source;     /* the workload its best record names as source, or NULL */
  int parent;             /* the task whose result it reuses (-1: none) */
  eto_policy_make_fn make; /* with parent >= 0: its policy's constructor */
  eto_policy_args args;
  int waiting;            /* held until its parent has spent its share (or release_after of its trials) */
  int64_t release_after;  /* early release (eto_backend_task.release_after) */
  double release_cost;    /* the parent's best cost its current policy was made from */
  double offer_cost;      /* the parent's best cost last given to it: its policy's, or the last offered (OFFER) */
  int offers;             /* the parent's bests its running policy took (ETO_BACKEND_REFRESH_OFFER) */
  int refreshes;          /* times its policy was re-made from a newer best of its parent */
  int shared;             /* its share is spent: its children were released */
  int parked;             /* past its share, held while other tasks have plan work left (total budget) */
  int64_t share;          /* its share of the plan's work under a total budget (eto_backend_task.share) */
  double priority;        /* eto_backend_task.priority: first among ties behind their shares */
  int fresh;              /* eto_backend_task.fresh */
  int64_t patience;       /* eto_backend_task.patience (0: none) */
  int64_t gain_trials;    /* its trials when its best last gained more than ETO_BACKEND_PATIENCE_GAIN */
  double gain_cost;       /* its best at that gain (INFINITY: none yet) */
  int patient;            /* its search ended by patience */
  int64_t base;           /* a fresh task's trials stored before the run (they count toward no share), else 0 */
  int fell_back;          /* its reuse found nothing: the full search took over */
  int no_fallback;        /* stays without a program when its policy finds none (TopK's baseline) */
  const char *retimed_recipe; /* eto_backend_task.retimed_recipe: its stored results count at retimed_cost, none
                              * faster */
  double retimed_cost;
  char first_policy[16];  /* the policy it started with */
  eto_cache_put_outcome first_put, last_put; /* the cache's answers to this run's best records */
  eto_progset measured;   /* every program measured (this run and resumed) */
  eto_measured *hist;     /* the same programs with their costs */
  int nhist, caphist;
  int64_t trials; /* counting resumed trials */
  int64_t new_trials, failed_trials;
  int rounds;
  double seconds;
  eto_program best;    /* valid when best_cost is finite */
  double best_cost;    /* INFINITY when none */
  int best_from_cache; /* 1 while the best is the cache's record */
  char best_method[16];
  int best_dirty; /* improved since last stored */
  int done;       /* budget spent */
  int exhausted;  /* the policy is done (for the full search: every program it reaches was measured) */
  int dead;       /* no valid program exists */
  int failed;     /* the operator cannot be measured */
  char message[256];
  eto_rng rng;
} eto_task;

/* Initializes a task for op (index i) with the given budget and seed. Returns ETO_OK or an error with msg. */
eto_status eto_task_init(eto_task *t, int index, const eto_op *op, const eto_target *tgt, int64_t budget,
                         uint64_t seed);
/* The stored cost of program p when it was measured for t (INFINITY for a failure), or NAN when it was not. */
double eto_task_lookup(const eto_task *t, const eto_program *p);
/* Records a measured (or resumed) program, counted in t->trials already; returns 1 if it improved the best, -1 on
 * out of memory. */
int eto_task_record(eto_task *t, const eto_program *p, double cost);
void eto_task_free(eto_task *t);

/* ---- evolutionary search (evolution.c) ---- */

typedef struct {
  double search_seconds;
  int init_population, evolved, mutations_ok, mutations_failed;
} eto_evo_stats;

/* One search round of Ansor's SketchPolicy for task tk: samples the initial population from every sketch,
 * adds the best measured programs, evolves it scored by model, and picks up to n programs never measured
 * (ε-greedy). Writes them to out (capacity n) and returns how many (0: nothing new to measure). -1 on out
 * of memory. */
int eto_evo_round(eto_task *tk, const eto_target *t, eto_cost_model *model, const eto_backend_opts *o, int n,
                  eto_program *out, eto_evo_stats *stats);

/* Samples valid unique programs of every sketch (Ansor's SampleInitPopulation); exposed for tests.
 * Returns the count written to out (capacity cap), -1 on out of memory. */
int eto_evo_sample_population(const eto_compute *c, const eto_target *t, const eto_sketch_set *sk,
                              const eto_backend_opts *o, eto_rng *rng, eto_program *out, int cap);

/* Mutations, exposed for tests. Each returns 0 and changes *p when applicable, -1 otherwise; the result
 * may still be invalid for the target (callers validate). */
int eto_mutate_tile(const eto_compute *c, const eto_target *t, eto_program *p, eto_rng *rng);
int eto_mutate_qwalk(const eto_compute *c, const eto_target *t, eto_program *p, double q, eto_rng *rng);
int eto_mutate_unroll(eto_program *p, eto_rng *rng);
int eto_mutate_vec(const eto_compute *c, eto_program *p, eto_rng *rng);
/* Flips whether one input is read directly (no tile copy; CPU multi-level only, -1 otherwise). */
int eto_mutate_direct(const eto_compute *c, const eto_target *t, eto_program *p, eto_rng *rng);

/* Uniform double in [0, 1). */
double eto_rng_unit(eto_rng *r);

/* Similarity group tag of Ansor's task scheduler: kind, sketch signature and log_1.618(FLOPs). */
/* The index of name in names[0..n-1] (the options' name tables: strategy, objective, weights, refresh), -1 when it is
 * not there or NULL (scheduler.c) */
int eto_backend_name_index(const char *const *names, int n, const char *name);

void eto_backend_similarity_tag(const eto_op *op, const eto_target *t, char *buf, int cap);

#endif
