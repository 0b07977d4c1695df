/* The search-policy interface through the engine (eto_backend_run), with a toy policy written here as a new
 * strategy would be (its own table, nothing changed elsewhere) and a stand-in measurement whose latencies are
 * known (the oracle):
 *   1. the policy's batches are measured in proposal order, observed with their results in that order, stored in
 *      the cache (method and round tag from the policy, the best record naming the source); the run ends when the
 *      policy proposes nothing, and the report's best is the fastest program measured;
 *   2. a budget stops the task after exactly that many trials, mid-batch if need be;
 *   3. the same run again (a resumed run): every candidate the policy proposes again is served from the cache
 *      (stored = 1), none is measured, and the policy observes the same results as the first time;
 *   4. a policy that says "dead" marks its task dead; bad arguments free the policies and fail;
 *   5. a task that reuses another waits until that one is done, and its policy is made from that one's best
 *      program; when the constructor refuses, the full search takes the task over; a total budget stops the run
 *      after exactly that many new trials;
 *   6. early release: a task with release_after = 5 starts right after its parent's first batch, from the
 *      parent's best at that moment, and its policy is made again from the parent's final best when that is
 *      better (the report counts one restart); without a gain it is not made again; a parent that reuses (a
 *      parent of its own, or a cached source) releases its children as soon as it has a program;
 *  6b. a chain root -> A -> B, released early, under the round-robin scheduler: A's first policy ends (improving
 *      in its second batch) before the root's search does; B is not restarted then (A may still be restarted
 *      itself), but once the root has ended and A, restarted from the root's final best, has ended again: B is
 *      restarted once, from A's final best; with the rule before (refresh each, the control) twice: once for each
 *      of A's ends;
 *  6c. a chain root -> A -> B -> C whose every policy end improves (the root one program per batch, A's policies
 *      three batches, B's and C's two): settled restarts each link once, early B and C twice (once before the root
 *      has ended, once after), each C three times (at each of B's ends); every link ends at its last policy's best;
 *  6e. offers (refresh OFFER): a chain root -> A, the root one program per batch from 12 ms down to 1 ms, A released at
 *      its 8 ms: A's running policy is offered the root's best whenever it is 20% under the one last given (the root's
 *      programs at 6, 4, 3, 2 and 1 ms, in that order), and restarted once, at the root's end, as under early; under
 *      early (the control) it is offered nothing, nor under offer with a total budget (each's restarts, no offers);
 *  6d. the scheduler's weights (sched.weights): a chain root -> A -> B of toys whose every program runs 1 ms, under
 *      Ansor's gradient: with own weights the three share the rounds (the root's last trial about the 36th of 36);
 *      with tree weights (3, 2, 1: what depends on each) the root gets its rounds first, done by about the 24th; with
 *      roots (3, 1, 1: tree weights for the root alone) by about the 20th;
 *   7. a total budget shorter than the plan's work (the tasks' shares): the task scheduler gives the heavy task
 *      the most, but every task gets at least its floor (a third of the budget split evenly), and the run says so
 *      once; with a budget that covers the plan, the heavy task takes the most (the control: with the rule off,
 *      a light task ends below its floor);
 *   8. a fresh task (a new search of an operator another search measured: the driver's refine and reseed steps)
 *      gets its floor of new trials under that budget though 40 trials are stored for it; resumed (the control),
 *      the stored trials count toward its floor and it gets fewer;
 *   9. patience: a full search with patience 16 whose stand-in latencies gain 10% per trial for 20 trials and then
 *      by less than 1% in all (8 trials of 0.1% each) ends at the first batch end 16 trials after trial 20 (40, in
 *      batches of 8), its waiting child released then, its report saying so; the controls: without patience it
 *      spends its budget (120), and a rule that counted every gain would end it at 48;
 *  9b. patience that grows with what depends on a task (patience_growth 2): the same root, whose child is the run's
 *      only other task, holds all of the run's weighted latency (2 x its share = 2). The first pass keeps the fixed
 *      patiences: the root ends at 40 and its child runs then (its first trial is the run's 41st, as with growth 1);
 *      then the second pass: the root's patience doubles to 32 and it goes on to 56, and the child's policy, which
 *      ended (its 12 programs proposed), is asked again and sees a scale over 1.5 (it holds most of the latency: its
 *      stand-in programs are the slower ones); with a third task outside the root's tree that weighs 1000 times
 *      more, both scales are 1, nothing goes on and the root ends at 40, as with fixed patiences (the case above);
 *  9c. patience that shrinks for a light task (patience_floor 0.25): beside that heavy third task the root's tree
 *      holds almost none of the run's latency, so from the start its patience is 16 x 0.25 = 4 and it ends at 24 (its
 *      last gain at 20, batches of 8), its child starts then and its policy sees the scale 0.25; without the third
 *      task the root holds it all and ends at 40 (the control), and the cases above run with the floor at 1;
 *  10. priority (the driver's reseed step): a total budget of one batch, too short for any task's floor, goes to the
 *      task of the largest priority, though another weighs 1000 times more and comes first; the controls: without
 *      priorities the heavy task takes it, and with equal weights and none the first task does. */
#include <math.h>

#include "backend_internal.h"
#include "backend_test_util.h"

#define NPROG 12

typedef struct {
  eto_program progs[NPROG]; /* what it proposes, 5 at a time (per_batch) */
  int next;
  int observed;             /* results seen, in order */
  double seen[NPROG];       /* their latencies (INFINITY for a failure) */
  int order_ok;             /* every observed program was the one proposed at that position */
  int dead;                 /* propose nothing and say dead */
  int freed;
  double scale;             /* the last view's patience_scale (proposing or observing) */
  int per_batch;            /* programs per batch (0: 5) */
} toy;

static int toy_propose(void *self, const eto_policy_view *v, eto_program *out, int cap, eto_policy_batch *b) {
  toy *x = self;
  x->scale = v->patience_scale;
  if (x->dead) {
    b->dead = 1;
    snprintf(b->message, sizeof b->message, "toy: nothing to try");
    return 0;
  }
  int n = 0;
  while (n < cap && n < (x->per_batch ? x->per_batch : 5) && x->next < NPROG) out[n++] = x->progs[x->next++];
  b->round = 7;
  return n;
}

static void toy_observe(void *self, const eto_policy_view *v, const eto_program *p, const eto_measure_result *r,
                        int n) {
  toy *x = self;
  x->scale = v->patience_scale;
  for (int j = 0; j < n; j++) {
    int at = x->observed;
    if (at >= NPROG || eto_program_hash(&p[j]) != eto_program_hash(&x->progs[at])) x->order_ok = 0;
    if (at < NPROG) x->seen[at] = r[j].error == ETO_MEASURE_OK ? r[j].median : INFINITY;
    x->observed++;
  }
}

static void toy_free(void *self) { ((toy *)self)->freed++; }

static const eto_policy_vtbl toy_vtbl = {
    .name = "toy", .method = ETO_CACHE_METHOD_REUSE, .propose = toy_propose, .observe = toy_observe,
    .free = toy_free};

/* The stand-in: program i (by its unroll step and tile) gets a latency known from its index; every fourth one
 * fails. The measured list records the order. */
typedef struct {
  const toy *policy;
  const toy *other; /* a second policy whose programs it knows (latencies from NPROG on), or NULL */
  int calls;
  int order[64];
} standin;

static int index_of(const toy *x, const eto_program *p) {
  for (int i = 0; x && i < NPROG; i++)
    if (eto_program_hash(p) == eto_program_hash(&x->progs[i])) return i;
  return -1;
}

static double latency_of(int i) { return i % 4 == 3 ? INFINITY : 1e-3 * (1.0 + (double)((i * 7) % NPROG)); }

static void measure(void *user, const eto_program *p, eto_measure_result *out) {
  standin *s = user;
  int i = index_of(s->policy, p);
  if (i < 0 && index_of(s->other, p) >= 0) i = NPROG + index_of(s->other, p);
  if (s->calls < 64) s->order[s->calls] = i;
  s->calls++;
  memset(out, 0, sizeof *out);
  double l = i < 0 ? INFINITY : latency_of(i);
  out->error = isfinite(l) ? ETO_MEASURE_OK : ETO_MEASURE_WRONG_ANSWER;
  out->median = out->min = out->max = isfinite(l) ? l : 0;
  out->repeats = 1;
}

/* n distinct valid programs of c. */
static void sample_distinct(const eto_compute *c, const eto_target *t, eto_rng *rng, eto_program *progs, int n) {
  for (int i = 0; i < n; i++) {
    int again;
    do {
      CHECK(eto_sched_sample_valid(c, t, NULL, rng, 0, &progs[i]) == 0, "no valid program");
      again = 0;
      for (int k = 0; k < i; k++) again |= eto_program_hash(&progs[k]) == eto_program_hash(&progs[i]);
    } while (again);
  }
}

/* n distinct valid programs of op, from a generator seeded with seed. */
static void op_programs(const eto_op *op, const eto_target *t, uint64_t seed, eto_program *progs, int n) {
  eto_compute c;
  eto_op_compute(op, &c);
  eto_rng rng;
  eto_rng_seed(&rng, seed);
  sample_distinct(&c, t, &rng, progs, n);
}

static eto_status run(const eto_op *op, toy *x, int64_t budget, const eto_target *t, eto_cache *cache, standin *s,
                      eto_backend_report *rep) {
  eto_backend_task task = {.op = *op, .policy = {&toy_vtbl, x}, .budget = budget, .source = "toy:source"};
  eto_backend_hooks hooks = {.measure = measure, .measure_user = s};
  eto_backend_opts o;
  eto_backend_opts_default(&o);
  o.seed = 5;
  o.measures_per_round = 64;
  char msg[256];
  eto_status st = eto_backend_run(&task, 1, t, cache, &o, &hooks, NULL, NULL, rep, msg, sizeof msg);
  CHECK(st == ETO_OK, "run: %s", msg);
  return st;
}

/* A constructor for a reusing task: a toy whose programs are the parent's best first, then its own list. */
static toy child_toy = {.order_ok = 1};
static eto_program seen_source_best;
static int made, refuse;

static eto_status toy_make(const eto_policy_args *a, eto_policy *out, char *msg, int cap) {
  made++;
  if (refuse || !a->source_best) {
    snprintf(msg, (size_t)cap, "toy refuses");
    return ETO_ERR_INVALID;
  }
  seen_source_best = *a->source_best;
  out->vt = &toy_vtbl;
  out->self = &child_toy;
  return ETO_OK;
}

/* A second reusing toy (a grandchild's), whose programs the stand-in does not know (they fail). */
static toy grand_toy = {.order_ok = 1};
static int grand_made;

static eto_status grand_make(const eto_policy_args *a, eto_policy *out, char *msg, int cap) {
  (void)a, (void)msg, (void)cap;
  grand_made++;
  out->vt = &toy_vtbl;
  out->self = &grand_toy;
  return ETO_OK;
}

/* Where in the stand-in's measurement order the grandchild's first program (unknown to it: order -1) and the
 * root's last one came (-1: none). */
static void grand_order(const standin *s, int *first_grand, int *last_root) {
  *first_grand = *last_root = -1;
  for (int k = 0; k < s->calls && k < 64; k++) {
    if (s->order[k] < 0 && *first_grand < 0) *first_grand = k;
    if (s->order[k] >= 0 && s->order[k] < NPROG) *last_root = k;
  }
}

static void test_dependencies(const eto_target *t, eto_cache *cache) {
  eto_op pa = test_op("matmul m=32 n=32 k=32"), ch = test_op("matmul m=32 n=32 k=16");
  eto_compute cp, cc;
  eto_op_compute(&pa, &cp);
  eto_op_compute(&ch, &cc);
  eto_rng rng;
  eto_rng_seed(&rng, 17);
  toy parent = {.order_ok = 1};
  sample_distinct(&cp, t, &rng, parent.progs, NPROG);
  sample_distinct(&cc, t, &rng, child_toy.progs, NPROG);
  standin s = {.policy = &parent, .other = &child_toy};
  eto_backend_task tasks[2] = {{.op = pa, .policy = {&toy_vtbl, &parent}, .budget = -1, .parent = -1},
                               {.op = ch, .budget = -1, .parent = 0, .make = toy_make, .source = "parent"}};
  tasks[1].args = (eto_policy_args){.op = &tasks[1].op, .source = &tasks[0].op, .t = t};
  eto_backend_hooks hooks = {.measure = measure, .measure_user = &s};
  eto_backend_opts o;
  eto_backend_opts_default(&o);
  o.seed = 5;
  eto_backend_report rep;
  char msg[256];
  s.calls = 0;
  CHECK(eto_backend_run(tasks, 2, t, NULL, &o, &hooks, NULL, NULL, &rep, msg, sizeof msg) == ETO_OK, "%s", msg);
  int best_i = -1;
  for (int i = 0; i < NPROG; i++)
    if (isfinite(latency_of(i)) && (best_i < 0 || latency_of(i) < latency_of(best_i))) best_i = i;
  CHECK(made == 1 && eto_program_hash(&seen_source_best) == eto_program_hash(&parent.progs[best_i]),
        "the child's policy was made %d times, from the parent's best program: %d", made,
        eto_program_hash(&seen_source_best) == eto_program_hash(&parent.progs[best_i]));
  /* the child's programs (indices from NPROG) were measured after all NPROG of the parent's */
  int order_ok = 1;
  for (int k = 0; k < s.calls && k < 64; k++) order_ok &= (k < NPROG) == (s.order[k] < NPROG);
  CHECK(s.calls == 2 * NPROG && order_ok, "%d measured; parent first: %d", s.calls, order_ok);
  CHECK(rep.count == 2 && strcmp(rep.ops[1].first_policy, "toy") == 0 && !rep.ops[1].fell_back, "child: %s",
        rep.count == 2 ? rep.ops[1].first_policy : "?");
  eto_backend_report_free(&rep);

  /* the constructor refuses: the full search takes over (its budget: 6 trials) */
  refuse = 1;
  toy parent2 = parent;
  parent2.next = parent2.observed = 0;
  eto_backend_task t2[2] = {{.op = pa, .policy = {&toy_vtbl, &parent2}, .budget = -1, .parent = -1},
                            {.op = ch, .budget = 6, .parent = 0, .make = toy_make}};
  t2[1].args = tasks[1].args;
  s.calls = 0;
  CHECK(eto_backend_run(t2, 2, t, NULL, &o, &hooks, NULL, NULL, &rep, msg, sizeof msg) == ETO_OK, "%s", msg);
  CHECK(rep.count == 2 && rep.ops[1].fell_back && strcmp(rep.ops[1].method, "full") == 0 &&
            rep.ops[1].new_trials == 6 && strstr(rep.ops[1].message, "toy refuses"),
        "fallback: method %s, %lld trials, message %s", rep.count == 2 ? rep.ops[1].method : "?",
        rep.count == 2 ? (long long)rep.ops[1].new_trials : -1LL, rep.count == 2 ? rep.ops[1].message : "");
  eto_backend_report_free(&rep);

  /* one budget for the run: 15 new trials in all, although each task could take 12 */
  refuse = 0;
  toy p3 = parent, c3 = child_toy;
  p3.next = p3.observed = c3.next = c3.observed = 0;
  child_toy = c3;
  eto_op pa3 = test_op("matmul m=32 n=16 k=16"), ch3 = test_op("matmul m=16 n=16 k=16");
  eto_backend_task t3[2] = {{.op = pa3, .policy = {&toy_vtbl, &p3}, .parent = -1},
                            {.op = ch3, .parent = 0, .make = toy_make}};
  t3[1].args = (eto_policy_args){.op = &t3[1].op, .source = &t3[0].op, .t = t};
  o.total_trials = 15;
  o.trials_per_op = 10; /* a full search's share (the toy's is its own end) */
  CHECK(eto_backend_run(t3, 2, t, cache, &o, &hooks, NULL, NULL, &rep, msg, sizeof msg) == ETO_OK, "%s", msg);
  CHECK(rep.new_trials == 15 && !rep.interrupted, "total budget 15: %lld new trials, interrupted %d",
        (long long)rep.new_trials, rep.interrupted);
  /* the parent's share is its policy's end (its NPROG programs: not a full search, whose share would be
   * trials_per_op); the child takes the rest */
  CHECK(rep.count == 2 && rep.ops[0].new_trials == NPROG && rep.ops[1].new_trials == 15 - NPROG,
        "the parent's share first (%d), then the child: %lld, %lld", NPROG, (long long)rep.ops[0].new_trials,
        (long long)rep.ops[1].new_trials);
  eto_backend_report_free(&rep);
  o.total_trials = 0;
  o.trials_per_op = 1000;

  /* early release: the parent proposes its programs in reverse, so its best (index 0) comes in its last batch */
  toy rev = {.order_ok = 1};
  for (int i = 0; i < NPROG; i++) rev.progs[i] = parent.progs[NPROG - 1 - i];
  child_toy.next = child_toy.observed = 0;
  made = 0;
  s.calls = 0;
  eto_backend_task t4[2] = {{.op = pa, .policy = {&toy_vtbl, &rev}, .budget = -1, .parent = -1},
                            {.op = ch, .budget = -1, .parent = 0, .make = toy_make, .release_after = 5}};
  t4[1].args = tasks[1].args;
  CHECK(eto_backend_run(t4, 2, t, NULL, &o, &hooks, NULL, NULL, &rep, msg, sizeof msg) == ETO_OK, "%s", msg);
  int first_child = -1, last_parent = -1;
  for (int k = 0; k < s.calls && k < 64; k++) {
    if (s.order[k] >= NPROG && first_child < 0) first_child = k;
    if (s.order[k] >= 0 && s.order[k] < NPROG) last_parent = k;
  }
  CHECK(first_child == 5 && last_parent > first_child, "the child starts after the parent's first batch of 5: at %d "
        "(the parent's last at %d)", first_child, last_parent);
  CHECK(made == 2 && eto_program_hash(&seen_source_best) == eto_program_hash(&parent.progs[best_i]) &&
            rep.count == 2 && rep.ops[1].refreshes == 1 && s.calls == 2 * NPROG,
        "made %d times (2: early, then from the final best %d), %d restart(s), %d measured", made,
        eto_program_hash(&seen_source_best) == eto_program_hash(&parent.progs[best_i]),
        rep.count == 2 ? rep.ops[1].refreshes : -1, s.calls);
  eto_backend_report_free(&rep);

  /* a chain: the grandchild (release_after 100, more than the child ever measures) goes on as soon as the child,
   * which reuses, has a program: before the root's last batch */
  child_toy.next = child_toy.observed = 0;
  rev.next = rev.observed = 0;
  eto_op gc = test_op("matmul m=16 n=32 k=16");
  eto_compute cg;
  eto_op_compute(&gc, &cg);
  sample_distinct(&cg, t, &rng, grand_toy.progs, NPROG);
  made = grand_made = 0;
  s.calls = 0;
  eto_backend_task t5[3] = {{.op = pa, .policy = {&toy_vtbl, &rev}, .budget = -1, .parent = -1},
                            {.op = ch, .budget = -1, .parent = 0, .make = toy_make, .release_after = 5},
                            {.op = gc, .budget = -1, .parent = 1, .make = grand_make, .release_after = 100,
                             .no_fallback = 1}}; /* its programs fail: no full search after them */
  t5[1].args = (eto_policy_args){.op = &t5[1].op, .source = &t5[0].op, .t = t};
  t5[2].args = (eto_policy_args){.op = &t5[2].op, .source = &t5[1].op, .t = t};
  CHECK(eto_backend_run(t5, 3, t, NULL, &o, &hooks, NULL, NULL, &rep, msg, sizeof msg) == ETO_OK, "%s", msg);
  int first_grand, last_root;
  grand_order(&s, &first_grand, &last_root);
  CHECK(grand_made >= 1 && first_grand == 10 && last_root > first_grand,
        "the grandchild starts after the child's first batch: at %d (made %d times; the root's last at %d)",
        first_grand, grand_made, last_root);
  eto_backend_report_free(&rep);

  /* the same chain with the child's source in the cache (a task of no parent that reuses a stored program, as a
   * repair's new value next to a tuned member): its own child goes on after its first batch too, not after its
   * whole share (the repairs of RESULTS Q.1 left such chains without programs) */
  rev.next = rev.observed = 0;
  grand_toy.next = grand_toy.observed = 0;
  grand_made = 0;
  s.calls = 0;
  eto_backend_task t6[2] = {{.op = ch, .policy = {&toy_vtbl, &rev}, .budget = -1, .parent = -1, .source = "cached"},
                            {.op = gc, .budget = -1, .parent = 0, .make = grand_make, .release_after = 100,
                             .no_fallback = 1}};
  t6[1].args = (eto_policy_args){.op = &t6[1].op, .source = &t6[0].op, .t = t};
  CHECK(eto_backend_run(t6, 2, t, NULL, &o, &hooks, NULL, NULL, &rep, msg, sizeof msg) == ETO_OK, "%s", msg);
  grand_order(&s, &first_grand, &last_root);
  CHECK(grand_made >= 1 && first_grand == 5 && last_root > first_grand,
        "a cached source's reuser releases its child after its first batch: at %d (made %d times; its last at %d)",
        first_grand, grand_made, last_root);
  eto_backend_report_free(&rep);

  /* the parent's best comes in its first batch: the child is released early and never made again */
  toy fwd_ = {.order_ok = 1};
  for (int i = 0; i < NPROG; i++) fwd_.progs[i] = parent.progs[i];
  child_toy.next = child_toy.observed = 0;
  made = 0;
  s.calls = 0;
  t4[0].policy = (eto_policy){&toy_vtbl, &fwd_};
  t4[0].op = pa3;
  t4[1].op = ch3;
  t4[1].args = (eto_policy_args){.op = &t4[1].op, .source = &t4[0].op, .t = t};
  CHECK(eto_backend_run(t4, 2, t, NULL, &o, &hooks, NULL, NULL, &rep, msg, sizeof msg) == ETO_OK, "%s", msg);
  CHECK(made == 1 && rep.count == 2 && rep.ops[1].refreshes == 0, "no gain after the release: made %d times", made);
  eto_backend_report_free(&rep);
}

/* ---- 6b. refreshes wait until the tasks above have settled ---- */

/* Latencies by program hash: every program the case's policies propose, with its latency. */
typedef struct {
  uint64_t hash[160];
  double lat[160];
  int n;
} lat_table;

static void table_measure(void *user, const eto_program *p, eto_measure_result *out) {
  const lat_table *tb = user;
  double l = INFINITY;
  for (int i = 0; i < tb->n; i++)
    if (tb->hash[i] == eto_program_hash(p)) l = tb->lat[i];
  memset(out, 0, sizeof *out);
  out->error = isfinite(l) ? ETO_MEASURE_OK : ETO_MEASURE_WRONG_ANSWER;
  out->median = out->min = out->max = isfinite(l) ? l : 0;
  out->repeats = 1;
}

/* A's policies (its first from the root's early best, its second from the root's final best) and B's (one per
 * make, fresh programs each time): toys that start at `next` so that they propose NPROG - next programs. */
static toy chain_a[2], chain_b[3];
static int chain_a_made, chain_b_made;
static eto_program chain_b_source;

static eto_status chain_make_a(const eto_policy_args *a, eto_policy *out, char *msg, int cap) {
  (void)a;
  if (chain_a_made >= 2) {
    snprintf(msg, (size_t)cap, "made twice already");
    return ETO_ERR_INVALID;
  }
  *out = (eto_policy){&toy_vtbl, &chain_a[chain_a_made++]};
  return ETO_OK;
}

static eto_status chain_make_b(const eto_policy_args *a, eto_policy *out, char *msg, int cap) {
  if (chain_b_made >= 3 || !a->source_best) {
    snprintf(msg, (size_t)cap, "made three times already");
    return ETO_ERR_INVALID;
  }
  chain_b_source = *a->source_best;
  *out = (eto_policy){&toy_vtbl, &chain_b[chain_b_made++]};
  return ETO_OK;
}

static void table_add(lat_table *tb, const eto_program *p, double lat) {
  for (int i = 0; i < tb->n; i++) CHECK(tb->hash[i] != eto_program_hash(p), "two programs share a hash");
  if (tb->n < 160) {
    tb->hash[tb->n] = eto_program_hash(p);
    tb->lat[tb->n++] = lat;
  }
}

/* A chain of n tasks: tasks[0] the root, whose policy the caller set; task l (1..n-1) released early (after
 * release_after trials) from task l-1 and made by make[l-1]. Run under hooks and o. */
static void run_chain_with(eto_backend_task *tasks, int n, const eto_op *ops, const eto_policy_make_fn *make,
                           const eto_target *t, int release_after, const eto_backend_hooks *hooks,
                           const eto_backend_opts *o, eto_backend_report *rep) {
  tasks[0].op = ops[0];
  tasks[0].budget = -1;
  tasks[0].parent = -1;
  for (int l = 1; l < n; l++) {
    tasks[l] = (eto_backend_task){.op = ops[l], .budget = -1, .parent = l - 1, .make = make[l - 1],
                                  .release_after = release_after, .no_fallback = 1};
    tasks[l].args = (eto_policy_args){.op = &tasks[l].op, .source = &tasks[l - 1].op, .t = t};
  }
  char msg[256];
  CHECK(eto_backend_run(tasks, n, t, NULL, o, hooks, NULL, NULL, rep, msg, sizeof msg) == ETO_OK, "%s", msg);
}

/* run_chain_with, released after 5 trials, with latencies from tb, round-robin, under the refresh rule (and a total
 * budget of that many trials, 0: none). */
static void run_chain(eto_backend_task *tasks, int n, const eto_op *ops, const eto_policy_make_fn *make,
                      const eto_target *t, lat_table *tb, eto_backend_refresh refresh, int64_t total,
                      eto_backend_report *rep) {
  eto_backend_hooks hooks = {.measure = table_measure, .measure_user = tb};
  eto_backend_opts o;
  eto_backend_opts_default(&o);
  o.seed = 5;
  o.sched.strategy = ETO_BACKEND_ROUND_ROBIN;
  o.refresh = refresh;
  o.total_trials = total;
  run_chain_with(tasks, n, ops, make, t, 5, &hooks, &o, rep);
}

/* refresh EACH (the rule before BC.2, the control): B restarted at each of A's ends */
static void test_settled_refresh(const eto_target *t, eto_backend_refresh refresh) {
  int each = refresh == ETO_BACKEND_REFRESH_EACH;
  eto_op ops[3] = {test_op("matmul m=48 n=48 k=48"), test_op("matmul m=48 n=48 k=32"),
                   test_op("matmul m=48 n=32 k=32")};
  toy root = {.order_ok = 1};
  lat_table tb = {.n = 0};
  /* the root: 12 programs in batches of 5, 5, 2; its best at 6 ms after the first, at 1 ms in the last */
  op_programs(&ops[0], t, 41, root.progs, NPROG);
  for (int i = 0; i < NPROG; i++) table_add(&tb, &root.progs[i], 1e-3 * (i < 5 ? 10 - i : i < 10 ? 4 + (i - 5) : 1));
  /* A's first policy: 10 programs, best 5 ms in its first batch and 2 ms in its second; its second: 5 programs,
   * best 0.5 ms */
  eto_program ap[2 * NPROG];
  op_programs(&ops[1], t, 42, ap, 2 * NPROG);
  for (int k = 0; k < 2; k++) {
    chain_a[k] = (toy){.order_ok = 1, .next = k == 0 ? 2 : NPROG - 5};
    for (int i = 0; i < NPROG; i++) chain_a[k].progs[i] = ap[k * NPROG + i];
    for (int i = chain_a[k].next; i < NPROG; i++)
      table_add(&tb, &chain_a[k].progs[i], k == 1 ? (i == NPROG - 1 ? 0.5e-3 : 3e-3) : i < 7 ? 5e-3 : i == 11 ? 2e-3 : 8e-3);
  }
  /* B: 5 programs per make, at 1 ms */
  eto_program bp[3 * NPROG];
  op_programs(&ops[2], t, 43, bp, 3 * NPROG);
  for (int k = 0; k < 3; k++) {
    chain_b[k] = (toy){.order_ok = 1, .next = NPROG - 5};
    for (int i = 0; i < NPROG; i++) chain_b[k].progs[i] = bp[k * NPROG + i];
    for (int i = chain_b[k].next; i < NPROG; i++) table_add(&tb, &chain_b[k].progs[i], 1e-3);
  }
  chain_a_made = chain_b_made = 0;
  eto_backend_task tasks[3] = {{.policy = {&toy_vtbl, &root}}};
  const eto_policy_make_fn make[2] = {chain_make_a, chain_make_b};
  eto_backend_report rep;
  run_chain(tasks, 3, ops, make, t, &tb, refresh, 0, &rep);
  CHECK(rep.count == 3 && rep.ops[1].refreshes == 1 && chain_a_made == 2, "A restarted %d time(s), made %d times",
        rep.count == 3 ? rep.ops[1].refreshes : -1, chain_a_made);
  CHECK(rep.count == 3 && rep.ops[2].refreshes == 1 + each && chain_b_made == 2 + each &&
            eto_program_hash(&chain_b_source) == eto_program_hash(&chain_a[1].progs[NPROG - 1]),
        "B restarted %d time(s) (want %d), made %d times, last from A's final best: %d",
        rep.count == 3 ? rep.ops[2].refreshes : -1, 1 + each, chain_b_made,
        eto_program_hash(&chain_b_source) == eto_program_hash(&chain_a[1].progs[NPROG - 1]));
  CHECK(rep.count == 3 && fabs(rep.ops[1].latency - 0.5e-3) < 1e-9 && fabs(rep.ops[0].latency - 1e-3) < 1e-9,
        "the root ends at %g s, A at %g s", rep.count ? rep.ops[0].latency : -1, rep.count > 1 ? rep.ops[1].latency : -1);
  eto_backend_report_free(&rep);
}

/* ---- 6c. the three rules on a chain of four: root -> A -> B -> C ---- */

/* Link L (A, B, C: 0-2) has a policy per make, each proposing 10 programs in two batches (A: 12 in three, so that
 * B's first policy ends before A's does): 2 ms, then 1 ms in the last, divided by 2 per make, so that each of a
 * policy's ends is better than its first batch and than the make before it. */
static toy chain4_pol[3][4];
static int chain4_made[3];
static const eto_backend_task *chain4_tasks;

static eto_status chain4_make(const eto_policy_args *a, eto_policy *out, char *msg, int cap) {
  int l = 0;
  while (l < 3 && a->op != &chain4_tasks[l + 1].op) l++;
  if (l > 2 || chain4_made[l] >= 4 || !a->source_best) {
    snprintf(msg, (size_t)cap, "no policy left");
    return ETO_ERR_INVALID;
  }
  *out = (eto_policy){&toy_vtbl, &chain4_pol[l][chain4_made[l]++]};
  return ETO_OK;
}

/* The links' restarts under each rule (refresh), each link restarted at most once (settled), twice (early), or at
 * each of its parent's ends (each: C at each of B's three); every link ends from its parent's final best */
static void test_chain_rules(const eto_target *t, eto_backend_refresh refresh, int restarts[3]) {
  eto_op ops[4] = {test_op("matmul m=48 n=48 k=48"), test_op("matmul m=48 n=48 k=32"),
                   test_op("matmul m=48 n=32 k=32"), test_op("matmul m=32 n=32 k=32")};
  static lat_table tb;
  tb.n = 0;
  toy root = {.order_ok = 1, .per_batch = 1};
  /* the root: one program per batch, 12 ms down to 1 ms */
  op_programs(&ops[0], t, 51, root.progs, NPROG);
  for (int i = 0; i < NPROG; i++) table_add(&tb, &root.progs[i], 1e-3 * (NPROG - i));
  for (int l = 0; l < 3; l++) {
    eto_program pp[4 * NPROG];
    op_programs(&ops[l + 1], t, 52 + (uint64_t)l, pp, 4 * NPROG);
    for (int k = 0; k < 4; k++) {
      chain4_pol[l][k] = (toy){.order_ok = 1, .next = l == 0 ? 0 : NPROG - 10};
      for (int i = 0; i < NPROG; i++) chain4_pol[l][k].progs[i] = pp[k * NPROG + i];
      for (int i = chain4_pol[l][k].next; i < NPROG; i++)
        table_add(&tb, &chain4_pol[l][k].progs[i], 1e-3 * (i < NPROG - 5 ? 2 : 1) / (double)(1 << k));
    }
    chain4_made[l] = 0;
  }
  eto_backend_task tasks[4] = {{.policy = {&toy_vtbl, &root}}};
  const eto_policy_make_fn make[3] = {chain4_make, chain4_make, chain4_make};
  chain4_tasks = tasks;
  eto_backend_report rep;
  run_chain(tasks, 4, ops, make, t, &tb, refresh, 0, &rep);
  for (int l = 0; l < 3; l++) {
    restarts[l] = rep.count == 4 ? rep.ops[l + 1].refreshes : -1;
    CHECK(restarts[l] == chain4_made[l] - 1, "%s: link %d restarted %d times, made %d times",
          eto_backend_refresh_name(refresh), l, restarts[l], chain4_made[l]);
    /* the last make's policy: its best is the link's final */
    double want = chain4_made[l] > 0 ? 1e-3 / (double)(1 << (chain4_made[l] - 1)) : -1;
    CHECK(rep.count == 4 && fabs(rep.ops[l + 1].latency - want) < 1e-9, "%s: link %d ends at %g s, want %g",
          eto_backend_refresh_name(refresh), l, rep.count == 4 ? rep.ops[l + 1].latency : -1, want);
  }
  eto_backend_report_free(&rep);
}

static void test_chain_refresh(const eto_target *t) {
  int s[3], e[3], each[3];
  test_chain_rules(t, ETO_BACKEND_REFRESH_SETTLED, s);
  test_chain_rules(t, ETO_BACKEND_REFRESH_EARLY, e);
  test_chain_rules(t, ETO_BACKEND_REFRESH_EACH, each);
  for (int l = 0; l < 3; l++)
    CHECK(s[l] == 1, "settled: link %d restarted %d times (want 1: once the chain above has settled)", l, s[l]);
  CHECK(e[0] == 1 && e[1] == 2 && e[2] == 2,
        "early: A, B, C restarted %d, %d, %d times (want 1, 2, 2: B and C once early, once settled)", e[0], e[1], e[2]);
  CHECK(each[2] == 3, "each: C restarted %d times (want 3: at each of B's ends)", each[2]);
}

/* ---- 6e. the source's gains offered to a running policy ---- */

/* A toy that records what the engine offers it (and takes it: returns 1) */
typedef struct {
  toy base;
  uint64_t offered[16];
  int noffered;
} offer_toy;

static int offer_toy_offer(void *self, const eto_policy_view *v, const eto_program *source_best) {
  (void)v;
  offer_toy *x = self;
  if (x->noffered < 16) x->offered[x->noffered] = eto_program_hash(source_best);
  x->noffered++;
  return 1;
}

static const eto_policy_vtbl offer_toy_vtbl = {.name = "toy",
                                               .method = ETO_CACHE_METHOD_REUSE,
                                               .propose = toy_propose,
                                               .observe = toy_observe,
                                               .offer = offer_toy_offer,
                                               .free = toy_free};

static offer_toy offer_a[2];
static int offer_made;

static eto_status offer_make(const eto_policy_args *a, eto_policy *out, char *msg, int cap) {
  (void)a;
  if (offer_made >= 2) {
    snprintf(msg, (size_t)cap, "made twice already");
    return ETO_ERR_INVALID;
  }
  *out = (eto_policy){&offer_toy_vtbl, &offer_a[offer_made++]};
  return ETO_OK;
}

static void test_offers(const eto_target *t, eto_backend_refresh refresh, int64_t total) {
  int offer = refresh == ETO_BACKEND_REFRESH_OFFER && total == 0; /* a total budget's refreshes are each's, no offers */
  eto_op ops[2] = {test_op("matmul m=48 n=48 k=48"), test_op("matmul m=48 n=48 k=32")};
  static lat_table tb;
  tb.n = 0;
  toy root = {.order_ok = 1, .per_batch = 1};
  op_programs(&ops[0], t, 71, root.progs, NPROG);
  for (int i = 0; i < NPROG; i++) table_add(&tb, &root.progs[i], 1e-3 * (NPROG - i));
  eto_program ap[2 * NPROG];
  op_programs(&ops[1], t, 72, ap, 2 * NPROG);
  for (int k = 0; k < 2; k++) {
    /* under a total budget a reuse policy that ends goes on as a full search (no offers to take): A's first one
     * proposes its 4 programs one per batch there, so that it still runs when the root's gains come */
    offer_a[k] = (offer_toy){.base = {.order_ok = 1, .next = NPROG - 4, .per_batch = total ? 1 : 0}};
    for (int i = 0; i < NPROG; i++) offer_a[k].base.progs[i] = ap[k * NPROG + i];
    for (int i = NPROG - 4; i < NPROG; i++) table_add(&tb, &offer_a[k].base.progs[i], 2e-3);
  }
  offer_made = 0;
  eto_backend_task tasks[2] = {{.policy = {&toy_vtbl, &root}}};
  const eto_policy_make_fn make[1] = {offer_make};
  eto_backend_report rep;
  run_chain(tasks, 2, ops, make, t, &tb, refresh, total, &rep);
  /* the root's programs at 6, 4, 3, 2, 1 ms: indices 6, 8, 9, 10, 11 */
  const int want[5] = {6, 8, 9, 10, 11};
  int n = offer_a[0].noffered + offer_a[1].noffered, in_order = 1;
  for (int j = 0; j < offer_a[0].noffered && j < 5; j++)
    in_order &= offer_a[0].offered[j] == eto_program_hash(&root.progs[want[j]]);
  CHECK(n == (offer ? 5 : 0) && offer_a[0].noffered == n && in_order,
        "%s, total %lld: %d offers (%d to the first policy), in order %d", eto_backend_refresh_name(refresh),
        (long long)total, n, offer_a[0].noffered, in_order);
  CHECK(rep.count == 2 && rep.ops[1].refreshes == 1 && rep.ops[1].offers == n && offer_made == 2,
        "%s, total %lld: A restarted %d time(s), %d offers reported, made %d times", eto_backend_refresh_name(refresh),
        (long long)total, rep.count == 2 ? rep.ops[1].refreshes : -1, rep.count == 2 ? rep.ops[1].offers : -1,
        offer_made);
  eto_backend_report_free(&rep);
}

/* ---- 6d. the scheduler's weights by what depends on a task ---- */

/* Which task's programs the stand-in measured, in order (by hash among the tasks' toys) */
typedef struct {
  const toy *pol[3];
  int order[3 * NPROG], calls;
} tree_log;

static void tree_measure(void *user, const eto_program *p, eto_measure_result *out) {
  tree_log *lg = user;
  int task = -1;
  for (int k = 0; k < 3 && task < 0; k++)
    if (index_of(lg->pol[k], p) >= 0) task = k;
  if (lg->calls < 3 * NPROG) lg->order[lg->calls++] = task;
  memset(out, 0, sizeof *out);
  out->error = ETO_MEASURE_OK;
  out->median = out->min = out->max = 1e-3; /* every program 1 ms: no gain, no restart */
  out->repeats = 1;
}

static toy tree_child[2];
static int tree_made[2];
static const eto_backend_task *tree_tasks;

static eto_status tree_make(const eto_policy_args *a, eto_policy *out, char *msg, int cap) {
  int l = a->op == &tree_tasks[1].op ? 0 : 1;
  if (tree_made[l]++ > 0) {
    snprintf(msg, (size_t)cap, "made once already");
    return ETO_ERR_INVALID;
  }
  *out = (eto_policy){&toy_vtbl, &tree_child[l]};
  return ETO_OK;
}

/* A chain root -> A -> B, each a toy of 12 programs, one per batch, every one 1 ms, A and B released after their
 * parent's first trial, under Ansor's gradient (-w_i g_i / t_i here: no gain, no group). Own weights: the three share
 * the rounds (the root's last trial about the 36th); tree weights 3, 2, 1 (what depends on each, over its own 1 ms):
 * rounds in proportion, the root done by about the 24th; roots: 3, 1, 1, by about the 20th. Returns the position of
 * the root's last trial (1-based). */
static int tree_run(const eto_target *t, eto_backend_weights weights) {
  eto_op ops[3] = {test_op("matmul m=48 n=48 k=48"), test_op("matmul m=48 n=48 k=32"),
                   test_op("matmul m=48 n=32 k=32")};
  toy root = {.order_ok = 1, .per_batch = 1};
  op_programs(&ops[0], t, 61, root.progs, NPROG);
  for (int l = 0; l < 2; l++) {
    tree_child[l] = (toy){.order_ok = 1, .per_batch = 1};
    op_programs(&ops[l + 1], t, 62 + (uint64_t)l, tree_child[l].progs, NPROG);
    tree_made[l] = 0;
  }
  eto_backend_task tasks[3] = {{.policy = {&toy_vtbl, &root}}};
  const eto_policy_make_fn make[2] = {tree_make, tree_make};
  tree_tasks = tasks;
  tree_log lg = {.pol = {&root, &tree_child[0], &tree_child[1]}};
  eto_backend_hooks hooks = {.measure = tree_measure, .measure_user = &lg};
  eto_backend_opts o;
  eto_backend_opts_default(&o);
  o.seed = 7;
  o.sched.strategy = ETO_BACKEND_GRADIENT;
  o.sched.weights = weights;
  eto_backend_report rep;
  run_chain_with(tasks, 3, ops, make, t, 1, &hooks, &o, &rep);
  CHECK(lg.calls == 3 * NPROG && rep.count == 3, "%s weights: %d trials measured", eto_backend_weights_name(weights),
        lg.calls);
  int last = 0, counts[3] = {0, 0, 0};
  for (int k = 0; k < lg.calls; k++)
    if (lg.order[k] >= 0) {
      counts[lg.order[k]]++;
      if (lg.order[k] == 0) last = k + 1;
    }
  CHECK(counts[0] == NPROG && counts[1] == NPROG && counts[2] == NPROG, "%s weights: trials %d, %d, %d",
        eto_backend_weights_name(weights), counts[0], counts[1], counts[2]);
  eto_backend_report_free(&rep);
  return last;
}

static void test_tree_weights(const eto_target *t) {
  int own = tree_run(t, ETO_BACKEND_WEIGHTS_OWN), tree = tree_run(t, ETO_BACKEND_WEIGHTS_TREE),
      roots = tree_run(t, ETO_BACKEND_WEIGHTS_ROOTS);
  printf("the root's last trial: %d (own weights), %d (tree weights), %d (roots)\n", own, tree, roots);
  CHECK(own >= 3 * NPROG - 3, "own weights: the root's last trial is the %dth of %d (want the rounds shared)", own,
        3 * NPROG);
  CHECK(tree >= 2 * NPROG - 2 && tree <= 2 * NPROG + 2, "tree weights: the root's last trial is the %dth (want about %d: "
        "rounds 3:2:1)", tree, 2 * NPROG);
  CHECK(roots >= 20 - 2 && roots <= 20 + 2, "roots: the root's last trial is the %dth (want about 20: rounds 3:1:1)",
        roots);
}

/* ---- 7. a budget shorter than the plan ---- */

#define POOL 48

typedef struct { /* proposes its POOL programs, 4 at a time */
  eto_program progs[POOL];
  int next;
} pool_pol;

static int pool_propose(void *self, const eto_policy_view *v, eto_program *out, int cap, eto_policy_batch *b) {
  pool_pol *x = self;
  (void)v;
  int n = 0;
  while (n < cap && n < 4 && x->next < POOL) out[n++] = x->progs[x->next++];
  b->round = 20;
  return n;
}

static void pool_observe(void *self, const eto_policy_view *v, const eto_program *p, const eto_measure_result *r,
                         int n) {
  (void)self, (void)v, (void)p, (void)r, (void)n;
}

static void pool_free(void *self) { (void)self; }

static const eto_policy_vtbl pool_vtbl = {
    .name = "pool", .method = ETO_CACHE_METHOD_REUSE, .propose = pool_propose, .observe = pool_observe,
    .free = pool_free};

static void measure_by_hash(void *user, const eto_program *p, eto_measure_result *out) {
  (void)user;
  memset(out, 0, sizeof *out);
  out->error = ETO_MEASURE_OK;
  out->median = out->min = out->max = 1e-3 * (1.0 + (double)(eto_program_hash(p) % 97) / 97.0);
  out->repeats = 1;
}

static int told_tight;

static void on_progress(const eto_backend_progress *p, void *user) {
  (void)user;
  if (p->event == ETO_BACKEND_EVENT_MESSAGE && p->task < 0 && p->message && strstr(p->message, "no longer covers"))
    told_tight++;
}

/* n tasks of the pool policy over the operators of lines (each proposing POOL distinct programs drawn with seed),
 * with the given share each. */
static void pool_tasks(const eto_target *t, const char *const *lines, int n, uint64_t seed, int64_t share,
                       pool_pol *pols, eto_backend_task *tasks) {
  eto_rng rng;
  eto_rng_seed(&rng, seed);
  for (int i = 0; i < n; i++) {
    eto_op op = test_op(lines[i]);
    eto_compute c;
    eto_op_compute(&op, &c);
    memset(&pols[i], 0, sizeof pols[i]);
    sample_distinct(&c, t, &rng, pols[i].progs, POOL);
    tasks[i] = (eto_backend_task){.op = op, .policy = {&pool_vtbl, &pols[i]}, .parent = -1, .share = share};
  }
}

/* Runs tasks[0..n) by the stand-in measurement (seed 5, rounds of 8) under a total budget of total trials, cache
 * NULL or one that holds earlier trials; checks that every task is reported and the budget spent, and fills tr[i]
 * with task i's new trials. Returns 0, or -1 when the run failed (tr left as it was). */
static int run_pool(const eto_target *t, eto_backend_task *tasks, int n, eto_cache *cache, int64_t total,
                    int64_t *tr) {
  eto_backend_hooks hooks = {.measure = measure_by_hash};
  eto_backend_opts o;
  eto_backend_opts_default(&o);
  o.seed = 5;
  o.measures_per_round = 8;
  o.total_trials = total;
  eto_backend_report rep;
  char msg[256];
  if (eto_backend_run(tasks, n, t, cache, &o, &hooks, on_progress, NULL, &rep, msg, sizeof msg) != ETO_OK) {
    CHECK(0, "run: %s", msg);
    return -1;
  }
  CHECK(rep.count == n && rep.new_trials == total, "%d operators, %lld trials", rep.count,
        (long long)rep.new_trials);
  for (int i = 0; i < n && i < rep.count; i++) tr[i] = rep.ops[i].new_trials;
  eto_backend_report_free(&rep);
  return 0;
}

/* Three tasks, the first 1000 times the weight of the others, 60 trials in all; with shares of 40 each (120 >
 * 60) and with the default shares (one round: 8 each, 24 <= 60). The third task fresh or not (case 8), cache NULL
 * or one that holds its earlier trials. Returns the trials of each in tr[]. */
static void run_three(const eto_target *t, int64_t share, eto_cache *cache, int fresh, int64_t tr[3]) {
  static const char *lines[3] = {"matmul m=48 n=32 k=16 freq=1000", "matmul m=16 n=48 k=32", "matmul m=32 n=16 k=48"};
  pool_pol pols[3];
  eto_backend_task tasks[3];
  pool_tasks(t, lines, 3, 23, share, pols, tasks);
  tasks[2].fresh = fresh;
  tr[0] = tr[1] = tr[2] = -1;
  run_pool(t, tasks, 3, cache, 60, tr);
}

static void test_tight_budget(const eto_target *t) {
  int64_t tr[3];
  told_tight = 0;
  run_three(t, 40, NULL, 0, tr);
  CHECK(tr[1] >= 6 && tr[2] >= 6 && tr[0] >= 30 && told_tight == 1,
        "budget 60 < plan 120: the heavy task the most, the others at least their floor of 6 (%lld, %lld, %lld), "
        "told %d times", (long long)tr[0], (long long)tr[1], (long long)tr[2], told_tight);
  run_three(t, 0, NULL, 0, tr);
  CHECK(tr[0] >= 36, "budget 60 >= plan 24: the heavy task takes the most (%lld, %lld, %lld)", (long long)tr[0],
        (long long)tr[1], (long long)tr[2]);
}

/* ---- 10. priority among the tasks equally far behind their shares ---- */

/* Four tasks with shares of 40 and 4 trials in all (one batch of the pool's 4): the task picked first gets them all.
 * heavy: the first task weighs 1000; prio: the priority of each task (NULL: none). Returns the task that got them
 * (-1: not one task). */
static int one_round_goes_to(const eto_target *t, int heavy, const double *prio) {
  static const char *lines[2][4] = {
      {"matmul m=48 n=32 k=16", "matmul m=16 n=48 k=32", "matmul m=32 n=16 k=48", "matmul m=32 n=48 k=16"},
      {"matmul m=48 n=32 k=16 freq=1000", "matmul m=16 n=48 k=32", "matmul m=32 n=16 k=48", "matmul m=32 n=48 k=16"}};
  pool_pol pols[4];
  eto_backend_task tasks[4];
  pool_tasks(t, lines[heavy != 0], 4, 29, 40, pols, tasks);
  for (int i = 0; i < 4; i++) tasks[i].priority = prio ? prio[i] : 0;
  int64_t tr[4] = {0, 0, 0, 0};
  if (run_pool(t, tasks, 4, NULL, 4, tr) != 0) return -1;
  int got = -1, n = 0;
  for (int i = 0; i < 4; i++)
    if (tr[i] > 0) got = i, n++;
  CHECK(n == 1, "%d tasks measured", n);
  return n == 1 ? got : -1;
}

static void test_priority(const eto_target *t) {
  const double prio[4] = {0.5, 1, 3, 2};
  int g = one_round_goes_to(t, 1, prio);
  CHECK(g == 2, "the one round went to task %d, not to the one of the largest priority (2)", g);
  g = one_round_goes_to(t, 1, NULL);
  CHECK(g == 0, "the control without priorities: the round went to task %d, not to the heavy task 0", g);
  g = one_round_goes_to(t, 0, NULL);
  CHECK(g == 0, "the control with equal weights and no priorities: the round went to task %d, not to the first", g);
}

/* ---- 8. a fresh task: a new search of an operator another search measured ---- */

/* Case 7's tight budget with its third task's operator searched before: 40 trials of 40 other programs stored (a
 * cache of its own per run). As a resumed task (fresh = 0) those count toward its floor of 6 and as 5 rounds of
 * the scheduler's; as a new search (fresh = 1, the driver's refine and reseed steps) they count toward nothing, and
 * the task gets its floor of new trials like the others (bench/RESULTS.md AB.1: a repair's refine got none). */
static void test_fresh(const eto_target *t, int64_t tr_fresh[3], int64_t tr_resumed[3]) {
  for (int fresh = 0; fresh <= 1; fresh++) {
    char dir[512];
    eto_cache *cache = temp_cache(dir, sizeof dir, "backend_fresh");
    eto_op op = test_op("matmul m=32 n=16 k=48");
    static pool_pol before;
    memset(&before, 0, sizeof before);
    op_programs(&op, t, 97, before.progs, POOL);
    eto_backend_task task = {.op = op, .policy = {&pool_vtbl, &before}, .parent = -1, .budget = 40};
    eto_backend_hooks hooks = {.measure = measure_by_hash};
    eto_backend_report rep;
    char msg[256];
    if (eto_backend_run(&task, 1, t, cache, NULL, &hooks, NULL, NULL, &rep, msg, sizeof msg) == ETO_OK) {
      CHECK(rep.count == 1 && rep.new_trials == 40, "the earlier search: %lld trials", (long long)rep.new_trials);
      eto_backend_report_free(&rep);
    } else {
      CHECK(0, "the earlier search: %s", msg);
    }
    run_three(t, 40, cache, fresh, fresh ? tr_fresh : tr_resumed);
    eto_cache_close(cache);
    remove_tree(dir);
  }
}

/* A reuse policy that wants no cost model and whose every program fails: the full search takes over, and the
 * engine, which made no model for this run, makes one then (it used to evolve with none and crash). */
static void test_fallback_without_model(const eto_op *op, const eto_target *t, const toy *proto) {
  toy y = *proto;
  y.next = y.observed = y.freed = 0;
  y.order_ok = 1;
  standin s = {.policy = NULL}; /* knows none of the toy's programs: every one fails */
  eto_backend_report rep;
  if (run(op, &y, 40, t, NULL, &s, &rep) != ETO_OK) return;
  CHECK(rep.count == 1 && rep.ops[0].fell_back && strcmp(rep.ops[0].first_policy, "toy") == 0 &&
            strcmp(rep.ops[0].method, "full") == 0 && rep.ops[0].new_trials == 40 && s.calls == 40,
        "fell back %d, first %s, method %s, %lld trials, %d calls", rep.count ? rep.ops[0].fell_back : -1,
        rep.count ? rep.ops[0].first_policy : "", rep.count ? rep.ops[0].method : "",
        rep.count ? (long long)rep.ops[0].new_trials : -1LL, s.calls);
  eto_backend_report_free(&rep);
}

/* ---- 9. a full search that ends by patience ---- */

static int patience_calls;
static int child_first; /* the call of the child's first trial (-1: none yet) */
static const toy *heavy_toy; /* case 9b's third task: its programs take 1 ms and are not counted */

static void measure_plateau(void *user, const eto_program *p, eto_measure_result *out) {
  (void)user;
  memset(out, 0, sizeof *out);
  out->error = ETO_MEASURE_OK;
  out->repeats = 1;
  if (index_of(heavy_toy, p) >= 0) {
    out->median = out->min = out->max = 1e-3;
    return;
  }
  int i = patience_calls++;
  if (child_first < 0 && index_of(&child_toy, p) >= 0) child_first = i;
  double l = 1e-3 * pow(0.9, i < 19 ? i : 19);
  if (i >= 20 && i < 28) l *= 1 - 0.001 * (i - 19); /* 0.1% .. 0.8% better than trial 20's: no 1% gain */
  if (i >= 28) l = 2e-3;
  out->median = out->min = out->max = l;
}

/* The root's patience 16 (0: none) under patience_growth growth and patience_floor floor, with a third task of weight
 * 1000 when heavy. */
static void one_patience(const eto_target *t, int patience, double growth, double floor, int heavy) {
  eto_op pa = test_op("matmul m=64 n=48 k=32"), ch = test_op("matmul m=64 n=48 k=16");
  eto_op hv = test_op("matmul m=32 n=32 k=32");
  hv.freq = 1000;
  toy ht = {.order_ok = 1};
  op_programs(&hv, t, 31, ht.progs, NPROG);
  heavy_toy = heavy ? &ht : NULL;
  eto_backend_task tasks[3] = {{.op = pa, .budget = 120, .parent = -1, .patience = patience},
                               {.op = ch, .budget = 20, .parent = 0, .make = toy_make, .source = "parent"},
                               {.op = hv, .budget = 10, .parent = -1, .policy = {&toy_vtbl, &ht}}};
  eto_backend_policy_full(NULL, &tasks[0].policy, NULL, 0);
  tasks[1].args = (eto_policy_args){.op = &tasks[1].op, .source = &tasks[0].op, .t = t};
  toy kid = {.order_ok = 1};
  op_programs(&ch, t, 29, kid.progs, NPROG);
  child_toy = kid;
  made = refuse = 0;
  patience_calls = 0;
  child_first = -1;
  eto_backend_hooks hooks = {.measure = measure_plateau};
  eto_backend_opts o;
  eto_backend_opts_default(&o);
  o.seed = 5;
  o.measures_per_round = 8;
  o.patience_growth = growth;
  o.patience_floor = floor;
  eto_backend_report rep;
  char msg[256];
  if (eto_backend_run(tasks, heavy ? 3 : 2, t, NULL, &o, &hooks, NULL, NULL, &rep, msg, sizeof msg) != ETO_OK) {
    CHECK(0, "patience %d: %s", patience, msg);
    heavy_toy = NULL;
    return;
  }
  int grows = growth > 1 && !heavy, shrinks = floor < 1 && heavy;
  int64_t want = patience ? (grows ? 56 : shrinks ? 24 : 40) : 120;
  CHECK(rep.count == (heavy ? 3 : 2) && rep.ops[0].new_trials == want && made == 1 &&
            rep.ops[1].new_trials == NPROG && !rep.interrupted &&
            (strstr(rep.ops[0].message, "patience") != NULL) == (patience > 0),
        "patience %d, growth %g, floor %g%s: the root ended at %lld trials (want %lld), its child made %d times, %lld "
        "trials, interrupted %d, message '%s'", patience, growth, floor, heavy ? ", a heavy third task" : "",
        rep.count ? (long long)rep.ops[0].new_trials : -1LL, (long long)want, made,
        rep.count > 1 ? (long long)rep.ops[1].new_trials : -1LL, rep.interrupted, rep.count ? rep.ops[0].message : "");
  int first = patience ? (shrinks ? 24 : 40) : 120;
  CHECK(child_first == first,
        "patience %d, growth %g, floor %g%s: the child's first trial was call %d (want %d: at the root's end in the "
        "first pass)", patience, growth, floor, heavy ? ", a heavy third task" : "", child_first, first);
  CHECK(grows     ? child_toy.scale > 1.5 && child_toy.scale <= 2
        : shrinks ? child_toy.scale == floor
                  : child_toy.scale == 1,
        "patience %d, growth %g, floor %g%s: the child's policy saw a patience scale of %g", patience, growth, floor,
        heavy ? ", a heavy third task" : "", child_toy.scale);
  heavy_toy = NULL;
  eto_backend_report_free(&rep);
}

static void test_patience(const eto_target *t) {
  one_patience(t, 0, 1, 1, 0);
  one_patience(t, 16, 1, 1, 0);
  one_patience(t, 16, 2, 1, 0);
  one_patience(t, 16, 2, 1, 1);
  one_patience(t, 16, 1, 0.25, 0); /* 9c: the root holds the run's latency: its patience stays */
  one_patience(t, 16, 1, 0.25, 1); /* 9c: beside a task 1000 times heavier, it shrinks to 4 */
  one_patience(t, 16, 2, 0.25, 1);
}

int main(void) {
  char dir[512];
  eto_cache *cache = temp_cache(dir, sizeof dir, "backend_policy");
  eto_op a = test_op("matmul m=64 n=64 k=64");
  eto_target t;
  eto_target_cpu(1, &t);
  snprintf(t.fingerprint, sizeof t.fingerprint, "test-policy");
  eto_compute c;
  eto_op_compute(&a, &c);
  char key[512];
  eto_op_key(&a, key, sizeof key);

  toy x = {.order_ok = 1};
  eto_rng rng;
  eto_rng_seed(&rng, 11);
  sample_distinct(&c, &t, &rng, x.progs, NPROG);
  int best_i = -1;
  for (int i = 0; i < NPROG; i++)
    if (isfinite(latency_of(i)) && (best_i < 0 || latency_of(i) < latency_of(best_i))) best_i = i;

  test_fallback_without_model(&a, &t, &x);

  /* 1. the whole policy, no budget */
  standin s = {.policy = &x};
  eto_backend_report rep;
  if (run(&a, &x, -1, &t, cache, &s, &rep) == ETO_OK) {
    CHECK(s.calls == NPROG, "measured %d of %d", s.calls, NPROG);
    for (int i = 0; i < NPROG && i < s.calls; i++) CHECK(s.order[i] == i, "measured #%d was program %d", i, s.order[i]);
    CHECK(x.observed == NPROG && x.order_ok, "observed %d, in order %d", x.observed, x.order_ok);
    for (int i = 0; i < NPROG; i++)
      CHECK(x.seen[i] == latency_of(i), "program %d observed %g, measured %g", i, x.seen[i], latency_of(i));
    CHECK(x.freed == 1, "policy freed %d times", x.freed);
    CHECK(rep.count == 1 && rep.ops[0].status == ETO_BACKEND_OP_TUNED && rep.ops[0].latency == latency_of(best_i),
          "best %g, expected %g", rep.count ? rep.ops[0].latency : 0, latency_of(best_i));
    CHECK(rep.ops[0].new_trials == NPROG && rep.ops[0].failed_trials == NPROG / 4, "trials %lld, failed %lld",
          (long long)rep.ops[0].new_trials, (long long)rep.ops[0].failed_trials);
    CHECK(strcmp(rep.ops[0].method, "toy") == 0 && rep.ops[0].outcome == ETO_CACHE_PUT_NEW, "method %s outcome %d",
          rep.ops[0].method, (int)rep.ops[0].outcome);
    eto_backend_report_free(&rep);
  }
  size_t stored = 0;
  CHECK(eto_cache_count_trials(cache, t.fingerprint, key, &stored) == ETO_CACHE_OK && stored == NPROG,
        "cache holds %zu trials", stored);
  eto_cache_best b;
  if (eto_cache_get_best(cache, t.fingerprint, key, &b) == ETO_CACHE_OK) {
    CHECK(b.method == ETO_CACHE_METHOD_REUSE && b.source_workload && strcmp(b.source_workload, "toy:source") == 0 &&
              b.latency.median_s == latency_of(best_i),
          "best record: method %s, source %s, %g s", eto_cache_method_name(b.method),
          b.source_workload ? b.source_workload : "(none)", b.latency.median_s);
    eto_cache_best_clear(&b);
  } else {
    CHECK(0, "no best record");
  }

  /* 3. the same policy again: everything is served from the cache, nothing measured */
  toy y = x;
  y.next = y.observed = y.freed = 0;
  y.order_ok = 1;
  for (int i = 0; i < NPROG; i++) y.seen[i] = -1;
  standin s2 = {.policy = &y};
  if (run(&a, &y, -1, &t, cache, &s2, &rep) == ETO_OK) {
    CHECK(s2.calls == 0, "resumed run measured %d", s2.calls);
    CHECK(y.observed == NPROG && y.order_ok, "resumed run observed %d", y.observed);
    for (int i = 0; i < NPROG; i++)
      CHECK(y.seen[i] == x.seen[i], "program %d served %g, measured %g before", i, y.seen[i], x.seen[i]);
    CHECK(rep.ops[0].new_trials == 0 && rep.ops[0].trials == NPROG, "resumed: %lld new of %lld",
          (long long)rep.ops[0].new_trials, (long long)rep.ops[0].trials);
    eto_backend_report_free(&rep);
  }

  /* 2. a budget of 7 on a fresh workload stops after exactly 7 trials (two batches of 5, the second cut) */
  eto_op a2 = test_op("matmul m=64 n=64 k=32");
  toy z = {.order_ok = 1};
  eto_op_compute(&a2, &c);
  sample_distinct(&c, &t, &rng, z.progs, NPROG);
  standin s3 = {.policy = &z};
  if (run(&a2, &z, 7, &t, cache, &s3, &rep) == ETO_OK) {
    CHECK(s3.calls == 7 && rep.ops[0].new_trials == 7 && z.observed == 7, "budget 7: measured %d, observed %d",
          s3.calls, z.observed);
    eto_backend_report_free(&rep);
  }

  /* 4. dead, and bad arguments */
  toy d = {.dead = 1, .order_ok = 1};
  standin s4 = {.policy = &d};
  eto_op a3 = test_op("matmul m=16 n=16 k=16");
  if (run(&a3, &d, -1, &t, cache, &s4, &rep) == ETO_OK) {
    CHECK(rep.ops[0].status == ETO_BACKEND_OP_DEAD && s4.calls == 0 && strstr(rep.ops[0].message, "toy: nothing"),
          "dead: status %d, message %s", (int)rep.ops[0].status, rep.ops[0].message);
    eto_backend_report_free(&rep);
  }
  toy f = {0};
  eto_backend_task bad[2] = {{.op = a, .policy = {&toy_vtbl, &f}}, {.op = a2}};
  char msg[256];
  CHECK(eto_backend_run(bad, 2, &t, cache, NULL, NULL, NULL, NULL, &rep, msg, sizeof msg) == ETO_ERR_INVALID &&
            f.freed == 1,
        "a task without a policy: freed %d", f.freed);

  test_dependencies(&t, cache);
  test_settled_refresh(&t, ETO_BACKEND_REFRESH_SETTLED);
  test_settled_refresh(&t, ETO_BACKEND_REFRESH_EACH);
  test_chain_refresh(&t);
  test_offers(&t, ETO_BACKEND_REFRESH_OFFER, 0);
  test_offers(&t, ETO_BACKEND_REFRESH_EARLY, 0);
  test_offers(&t, ETO_BACKEND_REFRESH_OFFER, 1000);
  test_tree_weights(&t);
  test_patience(&t);
  test_tight_budget(&t);
  test_priority(&t);
  int64_t trf[3], trr[3];
  test_fresh(&t, trf, trr);
  CHECK(trf[2] >= 6 && trf[1] >= 6 && trf[0] >= 30,
        "a fresh task with 40 trials of another search stored: its floor of 6 new trials like the others (%lld, %lld, "
        "%lld)", (long long)trf[0], (long long)trf[1], (long long)trf[2]);
  CHECK(trr[2] < 6, "the control: resumed, its stored trials count toward its floor (%lld, %lld, %lld)",
        (long long)trr[0], (long long)trr[1], (long long)trr[2]);

  eto_cache_close(cache);
  remove_tree(dir);
  return check_result();
}
