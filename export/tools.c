/* tools.c — runs the C compiler and the archiver for export/ without a shell (arguments are never parsed
 * again, so paths with spaces or quotes are safe). */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "export_internal.h"

extern char **environ;

eto_status eto_export_run_tool(char *const argv[], const char *log_path, char *msg, int cap) {
  char cmd[512] = "";
  for (int i = 0; argv[i]; i++) {
    size_t n = strlen(cmd);
    snprintf(cmd + n, sizeof cmd - n, "%s%s", i ? " " : "", argv[i]);
  }
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, log_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  pid_t pid;
  int e = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (e != 0) {
    snprintf(msg, cap, "cannot run %s: %s", argv[0], strerror(e));
    return ETO_ERR_IO;
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) {
      snprintf(msg, cap, "waiting for %s: %s", argv[0], strerror(errno));
      return ETO_ERR_IO;
    }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return ETO_OK;
  char out[600] = "";
  FILE *f = fopen(log_path, "r");
  if (f) {
    size_t n = fread(out, 1, sizeof out - 1, f);
    out[n] = 0;
    fclose(f);
  }
  snprintf(msg, cap, "%.300s: %s %d:\n%s", cmd, WIFEXITED(status) ? "exit status" : "killed by signal",
           WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status), out);
  return ETO_ERR_IO;
}
