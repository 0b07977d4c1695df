/* `etotune tune` (src/cli/cli_tune.c, linked here directly): a two-operator list is tuned into a fresh cache
 * with a small budget and a JSON report; the same command again finishes from the cache without measuring;
 * bad options and a malformed list are usage errors (exit 2). */
#include <cJSON.h>
#include <math.h>

#include "backend_test_util.h"
#include "cli.h"

int eto_cli_tune(int argc, char **argv); /* declared in cli.h once the sub-command is registered */

static cJSON *read_json(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) return NULL;
  static char text[1 << 16];
  size_t n = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[n] = 0;
  return cJSON_Parse(text);
}

static int run(int argc, const char **argv) { return eto_cli_tune(argc, (char **)argv); }

int main(void) {
  char dir[512], list[600], db[600], report[600], bad[600];
  temp_dir(dir, sizeof dir, "backend_cli");
  snprintf(list, sizeof list, "%s/ops.list", dir);
  snprintf(db, sizeof db, "%s/db", dir);
  snprintf(report, sizeof report, "%s/report.json", dir);
  snprintf(bad, sizeof bad, "%s/bad.list", dir);
  FILE *f = fopen(list, "w");
  fputs("# two tiny operators\nmatmul m=1 n=1 k=256 name=dot freq=3\nnorm b=2 m=8 n=8 name=nrm\n", f);
  fclose(f);
  f = fopen(bad, "w");
  fputs("matmul m=1 n=1\n", f);
  fclose(f);

  const char *args[] = {"tune",
                        list,
                        "--mode",
                        "full",
                        "--trials",
                        "8",
                        "--seed",
                        "5",
                        "--report",
                        report,
                        "--db",
                        db,
                        "--threads",
                        "1",
                        "--min-repeat-ms",
                        "2",
                        "--measures-per-round",
                        "4"};
  int argc = (int)(sizeof args / sizeof args[0]);
  CHECK(run(argc, args) == ETO_EXIT_OK, "first tune failed");
  cJSON *j = read_json(report);
  CHECK(j != NULL, "no JSON report");
  if (j) {
    cJSON *ops = cJSON_GetObjectItem(j, "operators");
    CHECK(cJSON_GetArraySize(ops) == 2, "operators in the report");
    for (int i = 0; i < cJSON_GetArraySize(ops); i++) {
      cJSON *o = cJSON_GetArrayItem(ops, i);
      CHECK(cJSON_GetObjectItem(o, "trials")->valuedouble == 8, "operator %d trials", i);
      CHECK(strcmp(cJSON_GetObjectItem(o, "status")->valuestring, "tuned") == 0, "operator %d status", i);
    }
    cJSON *tot = cJSON_GetObjectItem(j, "totals");
    CHECK(cJSON_GetObjectItem(tot, "weighted_latency_s")->valuedouble > 0, "weighted latency");
    CHECK(strcmp(cJSON_GetObjectItem(j, "seed")->valuestring, "5") == 0, "seed");
    cJSON_Delete(j);
  }
  /* again: everything comes from the cache */
  remove(report);
  CHECK(run(argc, args) == ETO_EXIT_OK, "second tune failed");
  j = read_json(report);
  if (j) {
    cJSON *tot = cJSON_GetObjectItem(j, "totals");
    CHECK(cJSON_GetObjectItem(tot, "new_trials")->valuedouble == 0, "the second run measured again");
    cJSON_Delete(j);
  }
  const char *unknown[] = {"tune", list, "--frobnicate", "1"};
  CHECK(run(4, unknown) == ETO_EXIT_USAGE, "unknown option accepted");
  const char *mode[] = {"tune", list, "--mode", "bogus"};
  CHECK(run(4, mode) == ETO_EXIT_USAGE, "unknown mode accepted");
  const char *badlist[] = {"tune", bad, "--db", db};
  CHECK(run(4, badlist) == ETO_EXIT_USAGE, "malformed list accepted");
  remove_tree(dir);
  return check_result();
}
