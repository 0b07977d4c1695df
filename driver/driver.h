/* driver.h — executes a plan (selector.h) on one target: the searches, the cache writes, the re-verification of
 * cached programs, and the report built from the results it holds. The selector only plans; the CLI calls this.
 *
 * Data flow (docs/architecture.md):
 *   plan ──► 1. cached programs the plan relies on are re-verified (rebuilt, run and checked through the
 *               measurer interface; a failure marks the record bad and the node is full-searched instead)
 *        ──► 2. root children by the full search (backend: all of them in one task-scheduled search); a root
 *               child whose full search was interrupted earlier (its cache holds a best program but fewer
 *               trials than the budget) is resumed there, its stored trials counting and never re-measured
 *        ──► 3. every other node by its reuse policy from its parent's best program, parents first (the
 *               policy named by opts.reuse_policy from the registry below, "seeded" by default; TopK for Selective
 *               Tuning plans), run by the search engine (backend.h); a node the policy finds no program for is
 *               full-searched at once, so that it and the nodes reusing it still get programs
 *        ──► 4. with opts.refine: every list operator the cache served (step 1, which re-times it by the full protocol:
 *               ETO_DRV_RETIME_SLOWER) is searched further by the reuse-seeded
 *               policy from its own best program (its best programs, its nearest cached neighbours' best programs
 *               and ETO's rounds from its best as seeds, then the model-guided search that stops when it stops
 *               paying), as one more task of the same run (under one budget for the list it competes for rounds)
 *        ──► 5. reseeding (unless opts.no_reseed; not for TopK plans): every list operator with a program whose
 *               best reuse child of this run reached ETO_DRV_RESEED_GAIN times its GFLOP/s is searched again by the
 *               reuse-seeded policy from that child's best (the edge run backwards), in one more search under what
 *               is left of the budgets (ETO_DRV_RESEED_RESERVE of a time budget is kept back for it), the nodes
 *               whose weighted latency the child's speed promises to lower most first
 *        ──► report (per node: method, source, trials, seconds, latency, GFLOP/s, recipe; totals)
 * Everything is measured, verified and stored in the cache as it goes (one transaction per measured batch),
 * so a run stopped by a signal or a kill resumes with the same command: stored trials are never measured
 * again. The measurer is chosen by the target's kind (measure.h): a target that cannot be measured here fails
 * at the first measurer, before anything is measured, with what is missing (callers that want to stop before
 * planning ask eto_measure_machine_target first, as `etotune tune` does).
 */
#ifndef ETO_DRIVER_H
#define ETO_DRIVER_H

#include <stdint.h>
#include <stdio.h>

#include "backend.h"
#include "cache.h"
#include "measure.h"
#include "op.h"
#include "selector.h"
#include "target.h"

/* The reuse edges' policy unless eto_drv_opts.reuse_policy names another: the reuse-seeded search. */
#define ETO_DRV_REUSE_DEFAULT "seeded"
/* Early release of the reuse edges whose policy allows it (eto_drv_policy.early): a reuse edge starts from its
 * parent's best once the parent has this many trials (one round of its search), and starts again from the
 * parent's final best when that is better (eto_backend_task.release_after) */
#define ETO_DRV_RELEASE_AFTER 64
/* A plan root whose reuse children wait on it ends its full search once this many trials in a row brought no 1%
 * gain (eto_backend_task.patience; eto_drv_opts.root_patience). Roots without children, and the full mode's
 * searches, spend their whole budget. bench/RESULTS.md AG.3: on ResNet-50 and BERT-Base at two seeds each, 256 ended
 * the default 9-41% sooner than without a patience, at the same mean throughput over the four runs (97.5% of the
 * full search's against 97.7%); 128 sooner still, at the same mean, but with a worse tail (91.9% on BERT-Base seed
 * 2: a root stopped at 320 trials at 0.89 of a 1000-trial search, its child with it). The engine multiplies it by
 * up to eto_backend_opts.patience_growth (default 1) for a root whose subtree holds more than its part of the list's
 * weighted latency, in a second pass once every task has ended at the fixed patiences, and by down to
 * eto_backend_opts.patience_floor (default 0.25) from the start for one whose subtree holds less */
#define ETO_DRV_ROOT_PATIENCE 256
/* An operator to refine (eto_drv_opts.refine) is re-timed by the full protocol in step 1; when its cached program
 * runs this much slower than stored, the stored time is replaced (eto_cache_retime_best) and its stored trials of
 * that program count at the new time: a search keeps its best single measurement, and a busy shared host can leave
 * that far from the program's speed (bench/RESULTS.md Q.1) */
#define ETO_DRV_RETIME_SLOWER 0.10
/* Reseeding (step 5 above): a node whose reuse child (searched in this run) reached this many times its GFLOP/s is
 * searched again by the reuse-seeded policy from that child's best program. A plan's children are its nearest
 * neighbours, so such a gap says the node's own search was unlucky or short (bench/RESULTS.md Z.3: an attention
 * root at 65 GFLOP/s after 128 trials, its children at 179-185; seeded from one, 180 in 64 trials). 1.25 until
 * RESULTS AV: BERT-Base's FFN-up root ended at 146 and 160 GFLOP/s after 1000 and 832 trials on an AVX2 host, the
 * dense layers that reuse it at 174-178 (1.11-1.19x), and a reuse child's best transplanted back ran 1.11-1.24x the
 * root's own. A reseed that finds nothing costs its patience (~32-60 trials) */
#define ETO_DRV_RESEED_GAIN 1.05
/* Under a time budget, the share of it kept back from steps 2-4 for step 5 (a plan without reuse edges keeps nothing
 * back). Not of one budget for the list (opts.total_trials): a run measures that many trials whether or not step 5
 * finds work, so steps 2-4 spend it and step 5 gets only what they leave (none when they spend it all) */
#define ETO_DRV_RESEED_RESERVE 0.05

typedef struct {
  int64_t full_trials;        /* budget of one full search (1000) */
  eto_measure_opts measure;   /* measurement protocol of the searches and the re-verification */
  uint64_t seed;              /* full-search seed (0: from the clock) */
  double time_budget;         /* full-search wall-clock budget in seconds (0: none) */
  int no_verify;              /* skip re-verifying cached programs */
  const eto_backend_opts *search; /* full-search options (population, measures per round, q-walk, transfer, ...);
                                    NULL = eto_backend_opts_default. Budget, seed, time, measurement and cancel
                                    come from the fields of this struct */
  const volatile int *cancel; /* when not NULL and *cancel becomes nonzero (a signal handler sets it), stop after
                                 the candidates being measured; the report says interrupted */
  const char *reuse_policy;   /* the registry's policy for reuse edges of ETO plans (NULL: ETO_DRV_REUSE_DEFAULT) */
  int64_t total_trials;       /* one budget for the whole list (0: none): the run stops after this many new trials,
                                 and the task scheduler gives further rounds to whichever operator most lowers the
                                 list's weighted latency (eto_backend_opts.total_trials) */
  int64_t release_after;      /* early release of reuse edges (default ETO_DRV_RELEASE_AFTER; 0: a reuse edge
                                 waits for its parent's whole search, as ETO does) for policies that allow it */
  int refine;                 /* search the list operators the cache serves further (step 4 above; 0: they are
                                 served as they are). Their programs may have been found early or from a worse
                                 neighbour than the cache holds now (etotune export's weak.list names such ones) */
  int no_reseed;              /* skip step 5 (reseeding a node from a child that beat it) */
  int64_t root_patience;      /* the full search of a plan root with reuse children ends after this many trials
                                 without a 1% gain (default ETO_DRV_ROOT_PATIENCE; 0: it spends full_trials) */
  int64_t edge_patience;      /* the reuse-seeded policy (the plan's edges, the refine and reseed steps) ends after
                                 this many trials of its search without a 1% gain (eto_policy_args.patience; 0: the
                                 policy's default, 32; bench/RESULTS.md BD.1: 64 on MobileNetV2,
                                 +1.4 points in 1.46x the time) */
} eto_drv_opts;

/* A search policy of the registry (driver/policies.c). */
typedef struct {
  const char *name;
  const char *what;        /* one line for --help */
  eto_policy_make_fn make; /* its constructor (backend.h) */
  double plan_extra;       /* trials the plan adds to ETO's estimate of a reuse edge this policy runs
                              (eto_sel_plan_opts.reuse_extra) */
  int early;               /* its edges may start from the parent's early best and be re-made from a better
                              one (eto_drv_opts.release_after); ETO's and TopK's wait, as in their papers */
} eto_drv_policy;

/* The registry's policy called name, or NULL. */
const eto_drv_policy *eto_drv_policy_find(const char *name);
/* The i-th policy of the registry (from 0), or NULL past the end: for listing them. */
const eto_drv_policy *eto_drv_policy_at(int i);

/* Fills the defaults above. */
void eto_drv_opts_default(eto_drv_opts *o);

typedef struct {
  int node;                   /* plan node */
  char key[512];
  char name[ETO_NAME_MAX];
  int64_t freq;
  double flops;
  char method[16];            /* "cached", "refined" (cached, searched further: opts.refine), "full", "reuse",
                                 "topk", "none" */
  char source[512];           /* reuse, topk: the workload whose program was reused */
  int bridge;                 /* a bridge operator (not in the list) */
  int64_t trials;             /* measured for it in this run */
  double est_trials;          /* the plan's estimate of its edge (reuse, topk and full rows; 0 for cached ones) */
  int refreshes;              /* its reuse policy started again from its source's better best (early release) */
  int offers;                 /* its running search took its source's newer best (--refresh offer) */
  double seconds;             /* wall time spent on it in this run */
  double latency, gflops;     /* of its best program (0 when none) */
  double cached_gflops;       /* refined: of the cached program it started from (re-timed, below) */
  double stored_gflops;       /* refined: what the cache had stored for that program when re-timing it found it
                                 over ETO_DRV_RETIME_SLOWER slower (0: not so) */
  char reseeded_from[512];    /* step 5 searched it again from this child's best ("" : not reseeded) */
  double reseed_gflops;       /* reseeded: its GFLOP/s before step 5 (gflops is after) */
  int64_t reseed_trials;      /* reseeded: of its trials, step 5's */
  char recipe[ETO_RECIPE_MAX];
  char message[256];
} eto_drv_op;

typedef struct {
  int count;
  eto_drv_op *ops;            /* list operators first (list order), then the bridges the plan tuned */
  int64_t trials, full_trials, reuse_trials, refine_trials, reseed_trials, verify_runs;
  double seconds;
  double weighted_latency;    /* sum over list operators of freq x latency (seconds) */
  int missing;                /* list operators without a program */
  int interrupted;            /* stopped by opts.cancel before the plan was done */
  int total_budget_spent;     /* opts.total_trials ran out */
  uint64_t backend_seed;
  char target[512];           /* the measured target's description */
  char protocol[512];
  /* where the engine runs' time went (the plan's run and the reseeding run): their totals summed by
   * eto_backend_report_add_time (trials, seconds, measure_seconds .. train_seconds, the host's load; no operators) */
  eto_backend_report time;
  int engine_runs;
} eto_drv_report;

/* One line of progress text per event. */
typedef void (*eto_drv_progress_fn)(void *user, const char *line);

/* Runs plan p on target t (the target results are keyed by: eto_measure_machine_target gives this machine's).
 * cache may be NULL (nothing stored, nothing re-verified). progress (may be NULL) receives one line per event.
 * *report is filled in every case (also when interrupted or on error) and owned by the caller
 * (eto_drv_report_free). Returns ETO_OK (see the report for operators without a result), ETO_ERR_UNSUPPORTED
 * (t cannot be measured here; nothing was done), ETO_ERR_IO (the cache failed; work done so far is stored) or
 * ETO_ERR_NOMEM, with a message in msg. */
eto_status eto_drv_run(const eto_sel_plan *p, const eto_target *t, eto_cache *cache, const eto_drv_opts *opts,
                       eto_drv_progress_fn progress, void *user, eto_drv_report *report, char *msg, int cap);
/* Frees what a report owns and zeroes it; NULL is a no-op. */
void eto_drv_report_free(eto_drv_report *r);
/* The report as a table, then totals, the weighted latency, the protocol and the seed. */
void eto_drv_report_print(const eto_drv_report *r, FILE *f);
/* The same as one JSON document written to path: ETO_OK, or ETO_ERR_IO / ETO_ERR_NOMEM with a message. */
eto_status eto_drv_report_write_json(const eto_drv_report *r, const char *path, char *msg, int cap);

#endif
