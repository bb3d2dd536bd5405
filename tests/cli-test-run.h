/* cli-test-run.h: runs a program (kiela-cli) as a user would and keeps its exit status and
 * output, for the tests of the command line (static: a copy in each test). */
#pragma once

#include <sys/wait.h>
#include <glib.h>

typedef struct {
  int   status;   /* the exit status, or 128 + the signal that killed it */
  char *out;
  char *err;
} Run;

static inline void
run_clear (Run *r)
{
  g_free (r->out);
  g_free (r->err);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

/* Runs `argv` (NULL-terminated) with the environment `env`; a program that cannot be started
 * fails the test. */
static inline void
run_spawn (Run *r, const char *const *argv, char **env)
{
  g_autoptr(GError) error = NULL;
  int wait_status = 0;

  if (!g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &r->out, &r->err, &wait_status,
                     &error))
    g_error ("cannot run %s: %s", argv[0], error->message);
  r->status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : 128 + WTERMSIG (wait_status);
}
