/* main.c — the etotune program: global options and the sub-command table. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "op.h"

#ifndef ETO_VERSION
#define ETO_VERSION "unknown"
#endif

/* The sub-commands, one row each (keep sorted by name; each row's function lives in cli_<name>.c). */
const eto_cli_command eto_cli_commands[] = {
    {"check", "FILE... [--format text|json]", "parse operator lists and print each operator normalized",
     "Parses every FILE (nothing is printed unless all of them parse) and prints, per operator: kind, name,\n"
     "output shape, major loop nest (space | reduction loops with extents), MFLOP, frequency and workload "
     "key;\n"
     "then per-file and overall totals (lines, distinct workload keys, occurrences = sum of freq, and\n"
     "frequency-weighted GFLOP). Lines with equal workload keys are one operator with summed freq.\n"
     "  --format text   a table (default)\n"
     "  --format json   one JSON document with the same facts plus parameters and input shapes\n"
     "Errors are printed on stderr as FILE:LINE:COL: message; the exit status is then 2.",
     eto_cli_check},
    {"db", "[--db PATH] stats | list [--kind K] [--all-targets] | show KEY | export FILE | import FILE | verify [--rebuild]",
     "what the cache of tuned programs holds; export, import and verify it",
     "The cache is an LMDB directory: --db PATH, else $ETOTUNE_DB, else $XDG_CACHE_HOME/etotune, else\n"
     "~/.cache/etotune. Records are keyed by target fingerprint and workload key.\n"
     "  stats            records per target and kind, sizes, stale or corrupt records\n"
     "  list             best programs of this machine's target (--kind K, --all-targets)\n"
     "  show KEY         one best record in full (KEY is a workload key as printed by etotune check)\n"
     "  export FILE      every record as JSON lines (- for stdout)\n"
     "  import FILE      JSON lines from export; keeps the better best program; refuses records that could\n"
     "                   not have been measured (FILE:LINE: why) and then exits 1, as when nothing was taken\n"
     "  verify           integrity check (checksums, keys, index, plausibility); --rebuild also rebuilds,\n"
     "                   runs and checks every best program of this machine's target against the\n"
     "                   reference and marks failures bad (an operator over the limits of etotune help\n"
     "                   tune is skipped, not marked)",
     eto_cli_db},
    {"export", "LIST --out DIR [--name NAME] [--target cpu|cuda] [--arch sm_XX] [--db PATH] [--threads T] "
               "[--fallback-reference] [--keep-build] [--picks measured|model] [--picks-from DIR] [--weak-floor-us US]",
     "compile the best cached program of every operator of LIST into a C library (or CUDA code) with a header",
     "For every operator of LIST, takes its best verified program for this machine's target from the cache\n"
     "(the target of `etotune tune --threads T`), compiles it ahead of time with LLVM and writes\n"
     "DIR/libNAME.a, DIR/libNAME.so, DIR/NAME.h (one documented function per operator, named NAME_ plus the\n"
     "list's name= or the workload key, and NAME_set_threads) and DIR/manifest.json (workload, recipe,\n"
     "latency, fingerprint, version per operator). The libraries need only libc and pthreads.\n"
     "--target cuda writes DIR/NAME.cu (one extern \"C\" __global__ kernel per operator), and where this\n"
     "etotune has NVRTC DIR/NAME.ptx (compiled for --arch's virtual architecture) and DIR/NAME_host.c (the PTX\n"
     "embedded, one launch function per operator taking device pointers, the CUDA driver opened at run time),\n"
     "with DIR/NAME.h and DIR/manifest.json (grid and block per kernel). No GPU is needed to export; the calls\n"
     "say at run time when there is no driver or device.\n"
     "  --name NAME           library name (default: the list's file name)\n"
     "  --arch sm_XX          cuda: the architecture to compile for (default: this machine's GPU; required\n"
     "                        without one: then the records of that architecture without a device are read)\n"
     "  --fallback-reference  an operator without a verified program gets an untuned program, marked\n"
     "                        UNTUNED FALLBACK in the header and the manifest (else it is an error)\n"
     "  --keep-build          cpu: keep DIR/build-NAME/ (the runtime source and the objects)\n"
     "  --picks measured      cpu, a `let` family: NAME_FAMILY(s, ...) serves each s by the kernel found fastest\n"
     "                        when timed at s here: s's own tuned kernel or a larger member's kernel run with s\n"
     "                        as a run-time extent, the cost model's best 4 within 2s+16 (default; under a\n"
     "                        minute per family of 512 values on 2 cores, two to four for a large layer; a\n"
     "                        value slower than a larger one is timed again with that one's kernel); values\n"
     "                        served at under 0.85 of the throughput of a smaller value, or taking over\n"
     "                        1/0.85 of a larger value's time, go to DIR/weak.list, one line for those a\n"
     "                        member serves that is weak itself (that member) and one for a run of close\n"
     "                        values (the highest), each line at the summed freq of its values, the families\n"
     "                        taking turns, each one's largest loss ((1 - share) x freq) first: tune it into\n"
     "                        the cache with --refine (kernels of their own for the others, tuned members\n"
     "                        searched further) and export again\n"
     "  --picks model         the cost model alone (cached latency scaled by the work at s): no timing\n"
     "  --picks-from DIR      an earlier export of this list for this machine (DIR/manifest.json): a value whose\n"
     "                        candidate kernels are all unchanged since (no member in its reach added, gone or\n"
     "                        re-tuned) keeps that export's pick and time; the others time only their new\n"
     "                        candidates beside the fastest unchanged one: export again after tuning weak.list\n"
     "                        in a fraction of the time\n"
     "  --weak-floor-us US    a value served in under US microseconds is not judged weak (default 2: what a\n"
     "                        call costs whatever its kernel; 0: every value is judged)\n"
     "An operator without a usable program (none cached for this target, marked bad, stale) is an error naming\n"
     "it; records of other targets are never exported.",
     eto_cli_export},
    {"measure", "FILE [--programs N] [--seed S] [--emit c|llvm|llvm-raw|asm] [--recipe R] [--format text|json]",
     "build, verify and time random programs of every operator (or print their code)",
     "For every operator of FILE, samples N random valid programs (default 10; --imperfect allows guarded\n"
     "imperfect tiles), compiles each with LLVM for this CPU, runs it in a worker process, checks the output\n"
     "against the reference kernel and times it; prints per program the summary, status (ok or the error\n"
     "kind: instantiation, compile, runtime, wrong_answer, build_timeout, run_timeout), median latency,\n"
     "GFLOP/s and compile time, then the best program. The timing protocol is printed first.\n"
     "  --programs N        programs per operator\n"
     "  --seed S            random seed for programs and inputs (default 1)\n"
     "  --threads T         threads that run blocks (default: all cores)\n"
     "  --min-repeat-ms MS  minimum duration of one timing repeat (default 100)\n"
     "  --recipe R          measure this program (a recipe as printed by etotune) instead of random ones\n"
     "  --emit c            print the loop IR as C-like code instead of measuring\n"
     "  --emit llvm         print the optimized LLVM IR (llvm-raw: before optimization; asm: assembly)\n"
     "  --format json       machine-readable results\n"
     "  --max-reference-seconds S  refuse an operator whose reference kernel would take longer than S s (at a\n"
     "                      conservative 0.2 GFLOP/s; default 120, 0 = no limit); one that does not fit the\n"
     "                      available memory is always refused, before any work\n"
     "  --target cuda       the CUDA target: --emit cuda prints CUDA C, --compile-only compiles every program\n"
     "                      with NVRTC and checks registers/shared memory (no GPU needed); measuring needs a\n"
     "                      GPU and a driver, and says so when there is none. --cuda-arch sm_80 by default.",
     eto_cli_measure},
    {"plan", "LIST [--mode eto|topk] [--reuse P] [--bridges none|1hop|all] [--solver auto|arborescence|subsets|greedy|ilp] [--max-sources N] [--format text|json|dot]",
     "show which operators get a full search and which reuse which, with estimated trials (no measuring)",
     "Builds ETO's optimization-choice graph for LIST: the list's operators, programs already cached for this\n"
     "CPU (free), and 1-hop bridge operators; a full search costs --trials (1000) trials, reusing costs the\n"
     "tuner's estimated trials for the pair. The solved tree is printed: per node its origin, method (cached,\n"
     "full or reuse), the node it reuses and the estimated trials; then the plan's total next to a full search.\n"
     "--mode topk: the Selective Tuning baseline's plan instead: operators are clustered by the overlap of their\n"
     "tuning knobs' candidate values (similarity >= 0.01, maximal cliques); each cluster's most similar member\n"
     "gets a full search, the others TopK (its 3 best programs, the next 3 on failure; 3 estimated trials).\n"
     "  --mode M        eto (default) or topk\n"
     "  --bridges B     none, 1hop (default) or all (also bridges with cached operators); a plan with bridges\n"
     "                  never costs more than the same list planned without them\n"
     "  --solver S      auto (default), arborescence, subsets, greedy or ilp; a solver that stops short of a\n"
     "                  proof prints its lower bound and the gap\n"
     "  --max-sources N reuse sources per operator (default 8, at most 1024): the N closest operators in loop-nest\n"
     "                  volume it may reuse, plus up to N bridges; more finds cheaper plans of long lists, slower\n"
     "  --trials N      trials of one full search (the root-edge cost)\n"
     "  --db PATH       the cache (default $ETOTUNE_DB or ~/.cache/etotune); --no-cache ignores it\n"
     "  --threads T     plan for the target that runs blocks on T cores (default: all)\n"
     "  --format F      text (default), json, or dot (Graphviz)",
     eto_cli_plan},
    {"reuse", "LIST --from N|KEY --to M|KEY [--policy eto|seeded|topk] [--estimate] [--db PATH] [--no-cache] [--beta-trials N] [--seed S] [--threads T] [--min-repeat-ms MS] [--max-trials N]",
     "tune one operator (--to) by reusing another's best program (--from): ETO's reuse tuner or another policy",
     "beta = --from, alpha = --to: line numbers of LIST or workload keys. S*beta comes from the cache; when it has\n"
     "none, a full search of beta with --beta-trials trials (default 20) runs first and says so. Prints every\n"
     "trial (round, block count, program, status, latency, GFLOP/s), the rounds' counts, the estimate, the best\n"
     "program and what the cache did with it (method reuse, source beta).\n"
     "  --estimate        the estimator's trials for the pair, without measuring\n"
     "  --policy P        the reuse method: eto (default: ETO's rounds), seeded (the reuse-seeded search that\n"
     "                    etotune tune runs on a reuse edge: round 1 its seeds, 11-14 ETO's rounds, 20 its\n"
     "                    model-guided search) or topk (beta's 3 best measured programs applied to alpha)\n"
     "  --topk            the same as --policy topk\n"
     "  --max-trials N    stop after N measurements\n"
     "  --max-reference-seconds S  limit on an operator's estimated reference-kernel time (default 120, 0 = none);\n"
     "                    checked with the memory it needs before any work, as etotune help tune says",
     eto_cli_reuse},
    {"tune", "LIST [--target cpu|cuda] [--mode eto|full|topk] [--trials N] [--reuse P] [--bridges none|1hop|all] [--solver S] [--max-sources N] [--trials-total N] [--release-after N] [--root-patience N] [--edge-patience N] [--patience-growth G] [--patience-floor F] [--refresh offer|settled|each|early] [--refine] [--no-reseed] [--imperfect] [--scheduler S] [--objective O] [--weights own|tree|roots] [--time-budget S] [--family all|representatives] [--small-trials N] [--small-time S] [--seed S] [--report FILE.json] [--db PATH]",
     "tune every operator of a list (ETO plan by default, full search, or the TopK baseline); results land in the cache",
     "--mode eto (default; also what `etotune LIST` runs): plans which operators get a full search and which\n"
     "reuse a neighbour's best program (see etotune help plan), runs the full searches, then the reuse\n"
     "policy (--reuse) along the plan; cached programs are re-verified and reused for free.\n"
     "--mode full: Ansor-style full search of every operator (sampling, evolution scored by an XGBoost cost\n"
     "model, a task scheduler weighted by freq). Trials already in the cache count and are not\n"
     "measured again; an already tuned list finishes at once; Ctrl-C stops after the current candidate.\n"
     "--mode topk: the Selective Tuning baseline (for benchmarks; see etotune help plan, --mode topk): one full\n"
     "search per cluster of similar operators, then TopK for the other members from their cluster's\n"
     "representative; a member TopK finds nothing for stays without a program (the report says so).\n"
     "  --trials N             trials of one full search (default 1000)\n"
     "  --reuse P              search policy of the reuse edges in eto mode: seeded (default: the source's\n"
     "                         best programs and ETO's rounds as seeds of a short model-guided search that\n"
     "                         stops when it stops paying), eto (ETO's rounds alone, as in the paper), topk,\n"
     "                         or full (a full search from scratch, ignoring the source)\n"
     "  --bridges B, --solver S, --max-sources N  plan options (eto mode), as for etotune plan\n"
     "  --trials-total N       one budget for the whole list: stop after N new trials, the task scheduler giving\n"
     "                         each round to the operator that most lowers the list's weighted latency (root or\n"
     "                         reused; an operator past its share goes on as a full search); when N cannot cover\n"
     "                         the plan, every operator is owed a floor (its share, at most the count at which\n"
     "                         the floors make a third of N), and once what is left (and of --time-budget, at\n"
     "                         the run's rate) only covers what the floors lack, those below it go first\n"
     "  --refine               the list's operators that the cache already serves are searched further (they\n"
     "                         are served as they are without it): the reuse-seeded search from their own best,\n"
     "                         their nearest cached neighbours' best programs and ETO's rounds, stopping when it\n"
     "                         stops paying; for programs found early or from a worse neighbour than the cache\n"
     "                         holds now (etotune export's weak.list names such members); eto mode only. Each\n"
     "                         is first timed again: over 10% slower than stored, the stored time is replaced\n"
     "  --no-reseed            eto mode: do not search an operator again from a reuse child that beat it (by\n"
     "                         default, after the plan's searches, an operator whose reuse child reached 1.05x its\n"
     "                         GFLOP/s is searched again by the reuse-seeded search from that child's best, under\n"
     "                         5% of --time-budget kept back for it and what is left of --trials-total, those\n"
     "                         whose weighted latency the child's speed promises to lower most first)\n"
     "  --release-after N      a seeded reuse edge starts from its source's best once the source's search has N\n"
     "                         trials (default 64: one round), so that every operator has a program early, and\n"
     "                         starts again from the source's final best when that is over 1% faster\n"
     "                         (0 = wait for the source's whole search; ETO's and TopK's edges always wait)\n"
     "  --root-patience N      eto mode: the full search of an operator whose reuse edges wait on it ends once N\n"
     "                         trials in a row brought no 1% gain (default 256; 0 = it spends --trials); the\n"
     "                         operators nothing reuses, and --mode full, always spend --trials\n"
     "  --edge-patience N      eto mode: the reuse-seeded search of a reuse edge (and of --refine and the reseed\n"
     "                         step) ends once N trials in a row brought no 1% gain (default 0: the policy's 32; it\n"
     "                         stops at 256 trials in any case). Longer buys some quality with more time: 64 on\n"
     "                         MobileNetV2 +1.4 points of weighted throughput (mean of 3 seeds) in 1.46x the time\n"
     "                         (bench/RESULTS.md BD.1); shorter does not buy time: 16 lost 1-3 points and the\n"
     "                         early curve on ResNet-50 and MobileNetV2 (BI.5)\n"
     "  --patience-growth G    eto mode: the roots' patience and the seeded edges' (32 trials) grow with the part of\n"
     "                         the list's weighted latency that depends on the operator (its own and that of the\n"
     "                         operators reusing its program, and theirs): n times that share, at least 1x and at\n"
     "                         most G times, in a second pass once every operator has ended at the fixed ones\n"
     "                         (default 1: fixed patiences, no second pass; bench/RESULTS.md AY.1, AZ.1, BI.1)\n"
     "  --patience-floor F     eto mode: the same patiences shrink, from the start, for an operator that holds less\n"
     "                         than its part (n times that share, at least F times): a light operator's search\n"
     "                         ends sooner and the run's trials go where the list's weighted latency is\n"
     "                         (default 0.25; 1 = fixed; no effect with --trials-total; bench/RESULTS.md BA.2)\n"
     "  --refresh R            eto mode: how an operator that started early from its source's best program follows\n"
     "                         that source's newer bests: offer (default: while the source still searches, its\n"
     "                         best, when over 1.25x faster than the one last given, is measured in the operator's\n"
     "                         running search, no restart; and restarts as early; bench/RESULTS.md BG, BH),\n"
     "                         settled (a restart once the source and every operator above it have ended, one per\n"
     "                         chain link), each (at each of the source's ends: sooner, more restarts) or early (as\n"
     "                         settled, and once before, at the first of the source's ends that finds it not\n"
     "                         restarted yet; bench/RESULTS.md BC.2, BE). With --trials-total: each, no offers\n"
     "  --scheduler S          which operator gets the next round: per-second (default: the one whose next round\n"
     "                         most lowers the list's weighted latency per second its rounds take), gradient\n"
     "                         (Ansor's: per round, whatever a round costs) or round-robin\n"
     "  --objective O          what the scheduler lowers: latency (default: the list's frequency-weighted latency)\n"
     "                         relative (each operator's relative gain, weighted by frequency: a 10% faster\n"
     "                         5 us operator counts as much as a 10% faster 5 ms one; for a quality asked of every\n"
     "                         shape, as of every length of a family) or balanced (in between: the 5 ms one's 10%\n"
     "                         counts about 32x the 5 us one's, not 1000x)\n"
     "  --weights W            how the scheduler weighs an operator: own (default: its frequency, Ansor's), tree\n"
     "                         (eto mode: also by the operators that reuse its program, and theirs, which restart\n"
     "                         from its better best) or roots (so for the plan's roots, own for the others: a root\n"
     "                         on which a chain depends gets its rounds before the chain's searches from its early\n"
     "                         program: MobileNetV2 a mean 97.4% of the full search against 95.3%, ResNet-50's\n"
     "                         middle lower; bench/RESULTS.md BF)\n"
     "  --time-budget S        stop the searches after S seconds\n"
     "  --seed S               random seed (default: from the clock; always printed)\n"
     "  --report FILE.json     also write the report as JSON (its search_time: where the searches' time went,\n"
     "                         as the report's last lines say: building, timing, the host's load)\n"
     "  --db PATH              the cache (default $ETOTUNE_DB or ~/.cache/etotune)\n"
     "  --target T             cpu (default: this machine's processor) or cuda (device 0 of this machine's\n"
     "                         NVIDIA driver, loaded at run time; without one, tune stops before any work and\n"
     "                         says what is missing; results are keyed by that GPU)\n"
     "  --threads T            threads that run blocks (default: all cores)\n"
     "  --build-jobs N         candidates compiled at once, each in its own worker process, before they are\n"
     "                         timed one at a time (default: the cores used; cuda: this machine's cores)\n"
     "  --min-repeat-ms MS     minimum duration of one timing repeat (default 100)\n"
     "  --family representatives  of every family (the operators of one `let` line, one name=), tune only the\n"
     "                         representative values: 1..16, then 4 per doubling (20, 24, 28, 32, 40, ..., 512:\n"
     "                         36 of 1..512); etotune export serves every other value by the tuned one above it,\n"
     "                         and each representative weighs (freq) the values it serves\n"
     "  --small-trials N       with --family representatives: after the family tuning, the values 1..16 of each\n"
     "                         family whose work grows with the variable alone (a dense layer's m=S) searched\n"
     "                         further, one family at a time: N trials each (besides --trials-total), at most\n"
     "                         --small-time S seconds each (default 90, taken from --time-budget), relative\n"
     "                         objective, as --refine (the list's weighted latency leaves them about one round)\n"
     "  --screen-ms MS         candidates are first timed by 3 repeats of >= MS ms (default 20); one whose screen\n"
     "                         is > 1.02x the best so far keeps that result, the others get the full protocol,\n"
     "                         so every best latency comes from it (0 = off: every candidate gets it)\n"
     "  --quick-ms MS          before that screen, a quick one of 3 repeats of >= MS ms (default 8): a candidate\n"
     "                         over 1.10-1.25x the best keeps its result: 1 + 3x the spread of its repeats, so\n"
     "                         the bar is tight only where they agree (0 = off)\n"
     "  --measures-per-round N candidates per full-search round (default 64); --qwalk: OpEvo mutation; --no-transfer\n"
     "  --imperfect            the full search also samples tiles that do not divide an extent (the last block moves\n"
     "                         back to end at it); default: divisors only, as Ansor. For extents with few divisors\n"
     "                         (primes such as 257 or 509) it is the only way to tiles of whole vectors and rows\n"
     "  --max-reference-seconds S  before any work, every operator is checked: its tensors (inputs, reference\n"
     "                         and one output per worker process) must fit the available memory, and its naive\n"
     "                         reference kernel, estimated at a conservative 0.2 GFLOP/s, must take at most S\n"
     "                         seconds (default 120; 0 = no limit); a refusal names FILE:LINE and what to do",
     eto_cli_tune},
};
const int eto_cli_command_count = (int)(sizeof eto_cli_commands / sizeof eto_cli_commands[0]);

static const eto_cli_command *find_command(const char *name) {
  for (int i = 0; i < eto_cli_command_count; i++)
    if (strcmp(eto_cli_commands[i].name, name) == 0) return &eto_cli_commands[i];
  return NULL;
}

void eto_cli_print_command_help(FILE *f, const eto_cli_command *cmd) {
  fprintf(f, "usage: etotune %s %s\n\n%s\n%s\n", cmd->name, cmd->synopsis, cmd->summary, cmd->help);
}

static void print_help(FILE *f) {
  fprintf(f,
          "etotune %s: tunes tensor operators by reusing tuned programs (ETO on an Ansor-style search)\n\n"
          "usage: etotune COMMAND [ARGS...]\n"
          "       etotune help [COMMAND]    etotune --help    etotune --version\n\n"
          "commands:\n",
          ETO_VERSION);
  for (int i = 0; i < eto_cli_command_count; i++) {
    fprintf(f, "  %-10s %s\n", eto_cli_commands[i].name, eto_cli_commands[i].summary);
  }
  fprintf(f, "\noperators.list format: one operator per line, `#` starts a comment:\n"
             "  KIND key=value key=value ...\n"
             "kinds (required keys bare, optional keys with their default):\n");
  for (int k = 0; k < ETO_OP_KIND_COUNT; k++) {
    char usage[160];
    eto_op_kind_usage((eto_op_kind)k, usage, sizeof usage);
    fprintf(f, "  %s\n      %s\n", usage, eto_op_kind_summary((eto_op_kind)k));
  }
  fprintf(
      f,
      "every line may add: freq=N (occurrences, default 1), name=STR, dtype=float32 (the only dtype),\n"
      "and for all kinds but norm the fused epilogue bias=0|1, relu=0|1.\n"
      "stride, pad, dilation and output_padding take one value or one per spatial axis (stride=2,1).\n"
      "`let S=1..512` or `let S={64,128,384}` declares a symbol usable as an integer value (m=S);\n"
      "a line using symbols expands to one operator per value (per combination).\n"
      "Lines with the same workload key (kind, shape, dtype, epilogue; not name or freq) are one operator\n"
      "with summed freq. Errors are reported as FILE:LINE:COL: message and give exit status 2.\n"
      "example:\n"
      "  conv2d n=1 c=64 h=56 w=56 k=64 r=3 s=3 pad=1 bias=1 relu=1 freq=3 name=res2.conv2\n"
      "  matmul m=128 n=768 k=768 freq=48\n");
}

int main(int argc, char **argv) {
  if (argc < 2) {
    print_help(stderr);
    return ETO_EXIT_USAGE;
  }
  const char *a = argv[1];
  if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
    print_help(stdout);
    return ETO_EXIT_OK;
  }
  if (strcmp(a, "--version") == 0 || strcmp(a, "-V") == 0) {
    printf("etotune %s\n", ETO_VERSION);
    return ETO_EXIT_OK;
  }
  if (strcmp(a, "help") == 0) {
    if (argc < 3) {
      print_help(stdout);
      return ETO_EXIT_OK;
    }
    const eto_cli_command *cmd = find_command(argv[2]);
    if (!cmd) {
      fprintf(stderr, "etotune: unknown command '%s' (see 'etotune --help')\n", argv[2]);
      return ETO_EXIT_USAGE;
    }
    eto_cli_print_command_help(stdout, cmd);
    return ETO_EXIT_OK;
  }
  const eto_cli_command *cmd = find_command(a);
  if (!cmd && a[0] != '-' && access(a, R_OK) == 0) {
    /* `etotune LIST ...` is `etotune tune LIST ...` (ETO mode by default) */
    argv[0] = "tune";
    return eto_cli_tune(argc, argv);
  }
  if (!cmd) {
    if (a[0] == '-')
      fprintf(stderr, "etotune: unknown option '%s' (see 'etotune --help')\n", a);
    else
      fprintf(stderr,
              "etotune: unknown command '%s' (see 'etotune --help'; to inspect a list: etotune check %s)\n",
              a, a);
    return ETO_EXIT_USAGE;
  }
  for (int i = 2; i < argc; i++) {
    if (strcmp(argv[i], "--") == 0) break;
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      eto_cli_print_command_help(stdout, cmd);
      return ETO_EXIT_OK;
    }
  }
  return cmd->run(argc - 1, argv + 1);
}
