/* export_internal.h — private to export/: what the planning step (export.c) hands to the writers of the
 * library's files (files.c; for cuda, cuda.c and files_cuda.c) and to the tool runner (tools.c). */
#ifndef ETO_EXPORT_INTERNAL_H
#define ETO_EXPORT_INTERNAL_H

#include <stddef.h>
#include <stdio.h>

#include "export.h"

/* One operator ready to be written: its entry plus what the header and the wrapper need. */
typedef struct {
  eto_export_entry e;
  const eto_op *op;
  char suffix[128];                 /* the part of the function name after "<name>_" */
  char kernel[192];                 /* hidden symbol of the compiled kernel (cuda: its __global__ name) */
  int nargs;                        /* kernel arguments: inputs (bias last), then the output */
  char arg_name[ETO_MAX_INPUTS + 2][16];
  int64_t arg_size[ETO_MAX_INPUTS + 2]; /* floats */
  int registers;                    /* cuda, when NVRTC compiled it: registers per thread (else 0) */
  int64_t smem_bytes;               /* cuda: static shared memory per block */
  char method[32];                  /* how the cache found it ("backend", "reuse", ...) or "fallback" */
  char source_workload[512];        /* for reuse: the workload whose program was reused; else "" */
  int64_t trials;
  double latency_min_s, latency_max_s;
  char fallback_reason[600];        /* why there was no verified program (fallback only) */
  int family;                       /* its family among eto_op_families of the list, -1 when none */
  int64_t value;                    /* a family member's value of the variable */
  int dyn;                          /* cpu family member: its program is also compiled as a dynamic kernel
                                     * (<kernel>_dyn: the variable as a run-time extent s <= value), which serves
                                     * the values below it without padded copies */
  int64_t dyn_blocks;
  int dynd;                         /* the program reads an input directly on the variable's axis: a second dynamic
                                     * kernel (<kernel>_dynd) keeps that read (eto_lower_opts.keep_direct; the first
                                     * one copies it into a tile); the measured picks choose between them per s */
  int64_t dynd_blocks;
  int ngran;                        /* the dynamic kernel's dynamic axes and the steps in which it skips work past
                                     * s (eto_kernel.nsgran, sgran) */
  int64_t gran[2 * ETO_MAX_LOOPS];
  int64_t gran_block[2 * ETO_MAX_LOOPS]; /* per axis of gran: eto_kernel.sblock (the block that moves back to end at s) */
} eto_export_item;

/* A family (op.h: the operators of one `let` line) of a cpu export: its tuned members' functions plus one
 * dispatch function <name>_<suffix>(int64_t s, ...) for every value s >= 1 (dispatch.c). */
typedef struct {
  char suffix[128];                 /* the dispatch function is <name>_<suffix>; members <name>_<suffix>_<value> */
  char function[200];
  int n;                            /* tuned members exported */
  int *item;                        /* their item indices, by increasing value */
  int nkeys;                        /* keys equal to the variable */
  int keys[ETO_KEY_COUNT];
  int dispatch;                     /* 1: the dispatch function exists; 0: members only (why_not says why) */
  char why_not[200];
  int nargs;                        /* as the members' */
  int rank[ETO_MAX_INPUTS + 2];
  int64_t dim[ETO_MAX_INPUTS + 2][ETO_MAX_DIMS]; /* tensor dims of the first member; -1 where it is the variable */
  int *pick;                        /* NULL, or pick[s] for s = 1..the largest tuned value: the member j that serves s
                                     * (its own, or a dynamic kernel above s), chosen by eto_export_family_picks; j + n
                                     * for member j's second dynamic kernel (_dynd); j + 2n, where the variable only
                                     * stacks rows (eto_export_row_chunks): a split, the first value_j rows served as
                                     * value_j is and the other s - value_j rows as s - value_j is */
  int picks_measured;               /* 1: the picks were timed on this machine (ETO_EXPORT_PICKS_MEASURED) */
  double picks_seconds;             /* what timing them took */
  int picks_differ;                 /* values s whose measured pick is not the cost model's */
  long picks_samples;               /* timed samples the measured picks took (picks.c sample) */
  long picks_disturbed;             /* of them, those that other processes disturbed in every try */
  long picks_dropped;               /* candidates timed no further after two rounds (picks.c PICK_DROP) */
  int picks_retimed;                /* values slower than a larger value timed again with its kernel (picks.c
                                     * retime), and how many of them it then served */
  int picks_retimed_changed;
  int picks_split;                  /* values served by a split of their rows (pick j + 2n) */
  int picks_split_rejected;         /* values whose split, timed beside their pick, was not faster (picks.c) */
  int picks_split_reused;           /* split decisions taken from an earlier export's (--picks-from) */
  int picks_drifted;                /* values timed in full because the incumbent of a partial timing ran far slower
                                     * than the earlier export had it (picks.c PICK_DRIFT) */
  double *served;                   /* measured picks: served[s], the median seconds of s's pick at s (0: not timed),
                                     * s = 1..the largest tuned value; else NULL */
  int *timed;                       /* measured picks: timed[s], the fastest kernel that was timed at s (pick[s] before
                                     * any split of rows), and timed_s[s] its median seconds (0: not timed): the
                                     * manifest's "timed", which a later export can reuse (prior.c) */
  double *timed_s;
  int64_t *split_u;                 /* measured picks: where a split of s's rows was timed beside s's pick (picks.c
                                     * confirm_split), the member value u of its first call, and split_s[s] its median
                                     * seconds (timed_s[s]: the pick's beside it); 0 elsewhere; the manifest keeps them */
  double *split_s;
  int *tcand;                       /* measured picks: the candidate codes timed at s (tcand + s * ETO_EXPORT_TIMED_MAX,
                                     * ntcand[s] of them; with --picks-from, the earlier export's that are unchanged):
                                     * the manifest's "timed" lists them, a later export reuses s's pick when its
                                     * candidates then are among them (prior.c) */
  unsigned char *ntcand;
  double *tcand_s;                  /* the median seconds of each of them at s (0: not known), the manifest's too */
  int picks_reused;                 /* values whose pick and time came from an earlier export (prior.c) */
  int picks_partial;                /* values of which only the candidates new since an earlier export and its fastest
                                     * unchanged one were timed (prior.c eto_export_prior_known) */
  struct eto_export_weak *weak;     /* measured picks: the weak values (eto_export_weak_values), by increasing s */
  int nweak;
  int of;                           /* its index among eto_op_families of the list */
} eto_export_family;

#define PICK_WEAK_WORK 2.0 /* measured picks: a value's throughput is compared with the smaller values' whose work
                            * (s^nkeys) is at least 1 / this of its own: further down, the tensors of a family whose
                            * work grows with s^2 stay in a core's caches where s's do not, and one such value's peak
                            * (bench/RESULTS.md AJ.1: the scores at 48, near the cores' peak) made 447 of 512 values
                            * weak, the family's tuned members among them */
#define PICK_WEAK_SHARE 0.85 /* measured picks: a value served at under this share of the throughput of a smaller
                              * value, or slower than a larger value by more than 1 / this, is weak
                              * (eto_export_weak_values) */
/* A value of a family that its dispatch serves at under a share of the throughput of a smaller value (picks.c). */
typedef struct eto_export_weak {
  int64_t s;
  double share; /* its throughput over the best throughput of a smaller value, or the shortest time of a larger value
                 * over its time, whichever is less */
  int64_t than;  /* the value it is compared with: the smaller one of that throughput, or the larger one of that time */
} eto_export_weak;

typedef struct {
  const eto_export_opts *o;
  const eto_target *t;
  eto_export_item *items;
  int n;
  size_t stack_bytes; /* stack a thread needs for the largest kernel's block-local tiles, plus a margin */
  char *ptx;          /* cuda: PTX of every kernel (malloc'ed; NULL: NVRTC is absent from this build) */
  int nvrtc_version;  /* cuda: eto_cuda_nvrtc_version() */
  eto_export_family *fam; /* families with at least one tuned member */
  int nfam;
} eto_export_plan;

/* The runtime's source (runtime.c), embedded at build time (runtime_src.c, generated by CMake). */
extern const char eto_export_runtime_source[];
/* The CUDA host runtime's source (cuda_runtime.c), embedded the same way (cuda_runtime_src.c). */
extern const char eto_export_cuda_runtime_source[];

/* files.c: the runtime translation unit (runtime + wrappers + public functions), the header, the manifest.
 * Each returns ETO_OK or ETO_ERR_IO / ETO_ERR_NOMEM with a message. */
eto_status eto_export_write_runtime(const eto_export_plan *p, const char *path, char *msg, int cap);
eto_status eto_export_write_header(const eto_export_plan *p, const char *path, char *msg, int cap);
eto_status eto_export_write_manifest(const eto_export_plan *p, const char *path, char *msg, int cap);
/* Helpers files_cuda.c shares with files.c: open path for writing (NULL with a message), the same for the
 * header with its include guard (NAME_H) in guard, close it (ETO_ERR_IO when a write failed), the parameter
 * list of x's function ("const float *A, ..., float *out") and the comment block describing x (list line,
 * formula, tensors, program), left open for the caller's last lines. */
FILE *eto_export_open_w(const char *path, char *msg, int cap);
FILE *eto_export_open_header(const eto_export_plan *p, const char *path, char *guard, size_t gcap, char *msg,
                             int cap);
eto_status eto_export_close_w(FILE *f, const char *path, char *msg, int cap);
void eto_export_print_params(FILE *f, const eto_export_item *x);
void eto_export_print_op_doc(FILE *f, const eto_export_item *x);
/* The value of the j-th tuned member of family F (members by increasing value). */
static inline int64_t eto_export_fvalue(const eto_export_plan *p, const eto_export_family *F, int j) {
  return p->items[F->item[j]].value;
}
/* 1 when s is a tuned member's value of family F. */
static inline int eto_export_is_member(const eto_export_plan *p, const eto_export_family *F, int64_t s) {
  for (int j = 0; j < F->n; j++)
    if (eto_export_fvalue(p, F, j) == s) return 1;
  return 0;
}

/* Ends the header's top comment (with a warning counting the untuned `what`s, "function" or "kernel", if any)
 * and opens the include guard and extern "C". */
void eto_export_end_header_comment(FILE *f, const eto_export_plan *p, const char *what, const char *guard);

/* cuda.c: lowers the items of p for the GPU (launch configuration and arguments into the items), prints them
 * as CUDA C, compiles them with NVRTC where present (CUBIN: resources checked against p->t's limits; PTX),
 * and writes <name>.cu, <name>.h, and with PTX <name>.ptx and <name>_host.c into build/, then moves them into
 * the output directory (paths into out). Errors name the operator: ETO_ERR_INVALID (lowering, NVRTC, limits),
 * ETO_ERR_IO, ETO_ERR_NOMEM. */
eto_status eto_export_cuda(eto_export_plan *p, const eto_program *progs, const char *build, eto_export_result *out,
                           char *msg, int cap);

/* files_cuda.c: the CUDA files of an export. src is the CUDA C of every kernel (in item order). */
eto_status eto_export_write_cuda_source(const eto_export_plan *p, const char *src, const char *path, char *msg,
                                        int cap);
eto_status eto_export_write_cuda_header(const eto_export_plan *p, const char *path, char *msg, int cap);
eto_status eto_export_write_cuda_host(const eto_export_plan *p, const char *path, char *msg, int cap);

/* export.c: lowers member j of family F (its program in progs, by item): kind 0 its fixed kernel, 1 its dynamic
 * kernel (eto_lower_opts.grown: the variable one larger), 2 its second dynamic kernel, which keeps the direct reads
 * on the variable's axis (keep_direct; ETO_ERR_INVALID where the program has none, eto_lower_dyn_direct). */
eto_status eto_export_lower_member(const eto_export_plan *p, const eto_export_family *F, int j, int kind,
                                   const eto_program *progs, eto_kernel **out, char *why, int cap);

/* dispatch.c: the shapes of every family (variable dimensions, whether it can dispatch), then its dispatch
 * function in the runtime, its declaration and documentation in the header, and its table in the manifest. */
void eto_export_family_shapes(eto_export_plan *p);
/* picks.c: for every family with a dynamic member (export.c compiles them), which member serves each s up to the
 * largest tuned value: by p->o->picks, the fastest of s's own member and the cost model's shortlist of dynamic
 * kernels above s, timed here (progs: every item's program), or the model's choice (s's own member, else the
 * dynamic kernel above s that the cached latency scaled by the work at s expects fastest). ETO_OK,
 * ETO_ERR_NOMEM, or a lowering or JIT error with a message. */
eto_status eto_export_family_picks(eto_export_plan *p, const eto_program *progs, char *msg, int cap);

#define ETO_EXPORT_TIMED_MAX 10 /* candidates timed at one s at most (picks.c PICK_MAX_CANDS) */
/* An earlier export's measured picks of one family (prior.c; eto_export_opts.picks_from): its members (value,
 * recipe) and per value s <= max the member value of its pick, whether its second dynamic kernel, its seconds (0:
 * not timed), and the candidates timed (a member value each, negative for its second dynamic kernel) with their
 * median seconds (0 where the manifest predates them). */
typedef struct {
  int nm;
  int64_t *mvalue;
  char (*mrecipe)[ETO_RECIPE_MAX];
  int64_t max;
  int64_t *value;
  signed char *second;
  double *secs;
  int64_t *cand; /* cand + s * ETO_EXPORT_TIMED_MAX, ncand[s] of them */
  double *csec;  /* their seconds, at the same places */
  unsigned char *ncand;
  int64_t *split_u; /* where a split of s's rows was timed beside s's pick: its first call's value u, and its seconds */
  double *split_s;
} eto_export_prior;
/* The parsed manifest at path when it is of target t (else NULL, said on progress when not NULL). */
void *eto_export_prior_open(const char *path, const eto_target *t, FILE *progress);
void eto_export_prior_close(void *root);
/* Family F's earlier picks (by its dispatch function's name) for s = 1..max into *pr: 1, 0 when the manifest has
 * none for F (pr empty), -1 when out of memory. */
int eto_export_prior_load(void *root, const eto_export_family *F, int64_t max, eto_export_prior *pr);
void eto_export_prior_free(eto_export_prior *pr);
/* 1 when s's candidates now (cand, ncand codes) were all timed at s by the earlier export with the same programs,
 * and its pick's member is there with the same program: that pick (a member index, + F->n for a second dynamic
 * kernel) into *pick, its seconds into *served, and the earlier export's timed candidates that are unchanged (with
 * their seconds) into F->tcand/ntcand/tcand_s at s; else 0. */
int eto_export_prior_pick(const eto_export_prior *pr, const eto_export_plan *p, eto_export_family *F, int64_t s,
                          const int *cand, int ncand, int *pick, double *served);
/* The candidates the earlier export timed at s whose programs are unchanged: their codes (a member index, + F->n for a
 * second dynamic kernel) into code and their seconds then into secs (0: not kept), room for ETO_EXPORT_TIMED_MAX;
 * returns how many. */
int eto_export_prior_known(const eto_export_prior *pr, const eto_export_plan *p, const eto_export_family *F, int64_t s,
                           int *code, double *secs);
/* 1 when the earlier export timed a split of s's rows at the member value u beside s's pick: the pick's seconds then
 * into *whole (eto_export_prior_pick's), the split's into *split; else 0. */
int eto_export_prior_split(const eto_export_prior *pr, int64_t s, int64_t u, double *whole, double *split);
/* 1 when the family's variable only stacks rows (matmul m=s): every tensor that depends on it has it as its one
 * variable dimension with only dimensions of 1 before it, so that rows can be served in chunks (dispatch.c). */
int eto_export_row_chunks(const eto_export_family *F);
/* Floats per row of argument a of such a family (the dimensions after the variable's), 0 when a does not depend on
 * the variable: a call on the rows from r on takes a + r x that (dispatch.c, a split's second call; picks.c). */
int64_t eto_export_row_floats(const eto_export_family *F, int a);

/* The weak values among s = 1..max: served[s] seconds (0: not timed, skipped) give a throughput s^nkeys / served[s];
 * s is weak when that is under share x the highest throughput of a smaller timed value whose work is at least
 * 1 / PICK_WEAK_WORK of s's (t >= s x PICK_WEAK_WORK^(-1/nkeys)), or when served[s] x share is
 * over the time of a larger timed value (share: the least of the two ratios). A value served in under
 * min_seconds is skipped too (neither weak nor a reference: its time is mostly what any call costs, whatever the
 * kernel). Writes them, by increasing s, into weak (room for max entries) and returns how many; -1 when out of
 * memory. */
int eto_export_weak_values(const double *served, int64_t max, int nkeys, double share, double min_seconds,
                           eto_export_weak *weak);
/* 1 when so many of F's measured picks' samples stayed disturbed (picks.c PICK_BUSY_SHARE) that the export warned
 * of a busy machine. */
int eto_export_picks_busy(const eto_export_family *F);
void eto_export_write_dispatch(FILE *f, const eto_export_plan *p);
void eto_export_declare_dispatch(FILE *f, const eto_export_plan *p);
void eto_export_manifest_dispatch(void *json_root, const eto_export_plan *p);
/* tools.c: runs argv (argv[0] looked up in PATH) with stdout and stderr sent to log_path; returns ETO_OK when
 * it exits 0, else ETO_ERR_IO with the command and the start of its output in msg. */
eto_status eto_export_run_tool(char *const argv[], const char *log_path, char *msg, int cap);

#endif
