/* kiela-plugin-guard.c: the crash guard: markers while loading, a first load in kiela-plugin-check. */
#include "config.h"

#define _GNU_SOURCE 1
#include <dlfcn.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <glib/gi18n-lib.h>

#include "kiela-registry-private.h"
#include "kiela-paths.h"

/* ---- markers ---- */

static char *
marker_path (const char *module_path, const char *suffix)
{
  g_autofree char *hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, module_path, -1);
  g_autofree char *name = g_strconcat (hash, suffix, NULL);

  return g_build_filename (g_get_user_state_dir (), "kiela", "plugin-guard", name, NULL);
}

/* What identifies one build of a module file: replacing the file retries it. */
static char *
module_stamp (const char *module_path)
{
  GStatBuf st;

  if (g_stat (module_path, &st) != 0)
    return g_strdup ("");
  return g_strdup_printf ("%" G_GINT64_FORMAT ":%" G_GINT64_FORMAT, (gint64) st.st_size, (gint64) st.st_mtime);
}

static gboolean
process_alive (gint64 pid)
{
  return pid > 0 && pid != getpid () && (kill ((pid_t) pid, 0) == 0 || errno == EPERM);
}

/* TRUE when a marker says the module crashed a program while it loaded: another
 * start wrote it and never removed it, and the module file has not changed since.
 * `reason` (may be NULL) gets what the check in another process found then, or NULL when
 * the module crashed a program itself (the marker says no more). */
gboolean
kiela_plugin_guard_crashed_before (const char *module_path, char **reason)
{
  g_autofree char *path = marker_path (module_path, ".loading");
  g_autofree char *contents = NULL;
  g_autofree char *stamp = NULL;
  g_auto(GStrv) lines = NULL;
  gsize length;

  /* Markers are written whole (renamed into place): none, or one that cannot be read
   * (removed meanwhile by the program that wrote it), means no crash. */
  if (!kiela_plugin_read_small_file (path, &contents, &length, NULL))
    return FALSE;
  if (reason)
    *reason = NULL;
  /* pid, module stamp, module path[, reason] */
  lines = g_strsplit (contents, "\n", 5);
  if (g_strv_length (lines) < 3 || !g_str_equal (lines[2], module_path))
    return FALSE;
  /* Another program (the CLI beside the app) is loading it right now. */
  if (process_alive (g_ascii_strtoll (lines[0], NULL, 10)))
    return FALSE;
  stamp = module_stamp (module_path);
  if (!g_str_equal (lines[1], stamp))
    {
      g_remove (path);
      return FALSE;
    }
  if (reason && lines[3] && lines[3][0] && g_utf8_validate (lines[3], -1, NULL))
    *reason = g_strdup (lines[3]);
  return TRUE;
}

/* Best effort: without a writable state folder plugins still load, unguarded.
 * `pid` 0 records a crash seen in another process (no loader alive to wait for). */
static void
marker_write_for (const char *module_path, const char *suffix, gint64 pid, const char *reason)
{
  g_autofree char *path = marker_path (module_path, suffix);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *stamp = module_stamp (module_path);
  g_autofree char *one_line = g_strdelimit (g_strdup (reason ? reason : ""), "\n", ' ');
  g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT "\n%s\n%s\n%s%s", pid, stamp, module_path,
                                           one_line, *one_line ? "\n" : "");
  g_autofree char *tmp = g_strconcat (path, ".XXXXXX", NULL);
  gboolean written;
  int fd;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    return;
  /* Written aside and renamed into place: other programs loading plugins at the same
   * time (the CLI beside the app, parallel tests) never read half a marker.  No fsync:
   * the marker must survive this process crashing, not the machine. */
  fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, 0600);
  if (fd < 0)
    return;
  written = write (fd, text, strlen (text)) == (gssize) strlen (text);
  g_close (fd, NULL);
  if (!written || g_rename (tmp, path) != 0)
    {
      g_debug ("plugin guard: cannot write %s: %s", path, g_strerror (errno));
      g_remove (tmp);
    }
}

void
kiela_plugin_guard_mark_loading (const char *module_path)
{
  marker_write_for (module_path, ".loading", getpid (), NULL);
}

void
kiela_plugin_guard_mark_crashed (const char *module_path, const char *reason)
{
  marker_write_for (module_path, ".loading", 0, reason);
}

void
kiela_plugin_guard_unmark (const char *module_path)
{
  g_autofree char *path = marker_path (module_path, ".loading");

  g_remove (path);
}

/* Modules that loaded in a check process are not checked again until they change. */
gboolean
kiela_plugin_guard_verified (const char *module_path)
{
  g_autofree char *path = marker_path (module_path, ".verified");
  g_autofree char *contents = NULL;
  g_autofree char *stamp = module_stamp (module_path);
  gsize length;

  g_auto(GStrv) lines = NULL;

  if (!kiela_plugin_read_small_file (path, &contents, &length, NULL))
    return FALSE;
  /* pid, module stamp, module path */
  lines = g_strsplit (contents, "\n", 4);
  return g_strv_length (lines) >= 3 && g_str_equal (lines[1], stamp) && g_str_equal (lines[2], module_path);
}

void
kiela_plugin_guard_set_verified (const char *module_path)
{
  marker_write_for (module_path, ".verified", 0, NULL);
}

gboolean
kiela_plugin_forget_crash (const char *module_path, GError **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (module_path != NULL, FALSE);

  path = marker_path (module_path, ".loading");
  if (g_remove (path) != 0 && errno != ENOENT)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), _("Could not remove %s: %s"),
                   path, g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}

/* ---- checking a module in a child process ---- */

static const char *
signal_name (int sig)
{
  switch (sig)
    {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGILL: return "SIGILL";
    case SIGABRT: return "SIGABRT";
    case SIGFPE: return "SIGFPE";
    case SIGTRAP: return "SIGTRAP";
    case SIGSYS: return "SIGSYS";
    case SIGKILL: return "SIGKILL";
    case SIGTERM: return "SIGTERM";
    default: return NULL;
    }
}

/* kiela-plugin-check sits beside libkiela-core, installed or in the build tree. */
static char *
check_helper_path (void)
{
  Dl_info info;

  if (dladdr ((const void *) kiela_registry_new, &info) && info.dli_fname && g_path_is_absolute (info.dli_fname))
    {
      g_autofree char *dir = g_path_get_dirname (info.dli_fname);
      char *helper = g_build_filename (dir, "kiela-plugin-check", NULL);

      if (g_file_test (helper, G_FILE_TEST_IS_EXECUTABLE))
        return helper;
      g_free (helper);
    }
  return NULL;
}

/* One module being loaded in a process of its own. */
typedef struct {
  const char       *path;
  KielaGuardResult *result;
  GPid              pid;
  int               fd;
  GString          *answer;
  gint64            deadline;
  gboolean          running;
} GuardCheck;

/* Starts the check of `c->path`; FALSE with c->result filled when it cannot be started. */
static gboolean
check_start (GuardCheck *c, const char *helper, char **envp, guint timeout_ms)
{
  g_autoptr(GError) error = NULL;
  const char *argv[] = { helper, c->path, NULL };

  if (helper == NULL)
    {
      c->result->reason = g_strdup_printf (_("cannot be checked: %s"), _("kiela-plugin-check is not installed beside libkiela-core"));
      return FALSE;
    }
  if (!g_spawn_async_with_pipes (NULL, (char **) argv, envp,
                                 G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDERR_TO_DEV_NULL,
                                 NULL, NULL, &c->pid, NULL, &c->fd, NULL, &error))
    {
      c->result->reason = g_strdup_printf (_("cannot be checked: %s"), error->message);
      return FALSE;
    }
  c->answer = g_string_new (NULL);
  c->deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;
  c->running = TRUE;
  return TRUE;
}

/* Reaps the check (killed first when `kill_it`) and says what it found.  `timed_out`: its own
 * time limit ran out; otherwise a killed check ran out of the whole load's budget. */
static void
check_finish (GuardCheck *c, gboolean kill_it, gboolean timed_out, guint timeout_ms, guint budget_ms)
{
  KielaGuardResult *res = c->result;
  int status = 0;

  if (kill_it)
    kill (c->pid, SIGKILL);
  close (c->fd);
  while (waitpid (c->pid, &status, 0) < 0 && errno == EINTR)
    ;
  g_spawn_close_pid (c->pid);
  c->running = FALSE;

  if (kill_it && timed_out)
    {
      guint seconds = MAX (timeout_ms / 1000, 1);

      res->crashed = TRUE;
      res->reason = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "did not finish loading within %u second",
                                                  "did not finish loading within %u seconds", seconds), seconds);
    }
  else if (kill_it)
    {
      guint seconds = MAX (budget_ms / 1000, 1);

      res->out_of_budget = TRUE;
      res->reason = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "not loaded: checking the new plugins took more than %u second; it is checked again at the next start",
                                                  "not loaded: checking the new plugins took more than %u seconds; it is checked again at the next start",
                                                  seconds), seconds);
    }
  else if (WIFSIGNALED (status))
    {
      const char *name = signal_name (WTERMSIG (status));
      g_autofree char *sig = name ? g_strdup (name) : g_strdup_printf ("signal %d", WTERMSIG (status));

      res->crashed = TRUE;
      /* TRANSLATORS: %s is a signal name such as SIGSEGV */
      res->reason = g_strdup_printf (_("crashed with %s while loading"), sig);
    }
  /* The helper ends its report with a NUL: anything else means the module ended it. */
  else if (c->answer->len == 0 || c->answer->str[c->answer->len - 1] != '\0' || !WIFEXITED (status)
           || WEXITSTATUS (status) != 0)
    {
      int code = WIFEXITED (status) ? WEXITSTATUS (status) : -1;

      res->crashed = TRUE;
      res->reason = g_strdup_printf (_("exited with status %d while loading"), code);
    }
  else if (c->answer->len > 1)
    res->reason = g_strdup (c->answer->str);
  g_string_free (c->answer, TRUE);
  c->answer = NULL;
}

void
kiela_guard_result_free (KielaGuardResult *result)
{
  if (result == NULL)
    return;
  g_free (result->reason);
  g_free (result);
}

/* Checks each module of `paths` in a process of its own (kiela-plugin-check), up to
 * KIELA_PLUGIN_CHECK_PARALLEL at a time: each may take `timeout_ms`, all of them together
 * until `budget_deadline` (monotonic time; 0: none).  A module that never returns from
 * dlopen() would otherwise hang every start, and three slow ones made it three times as slow. */
GHashTable *
kiela_plugin_guard_check_many (GPtrArray *paths, guint timeout_ms, gint64 budget_deadline, guint budget_ms)
{
  GHashTable *results = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) kiela_guard_result_free);
  g_autofree char *helper = check_helper_path ();
  g_autofree GuardCheck *checks = g_new0 (GuardCheck, MAX (paths->len, 1));
  g_auto(GStrv) envp = g_get_environ ();
  guint next = 0, running = 0;

  /* The check speaks the user's language: from the same build tree when this program runs from one. */
  if (kiela_paths_get_build_root ())
    envp = g_environ_setenv (envp, "KIELA_UNINSTALLED", kiela_paths_get_build_root (), TRUE);
  for (guint i = 0; i < paths->len; i++)
    {
      checks[i].path = g_ptr_array_index (paths, i);
      checks[i].result = g_new0 (KielaGuardResult, 1);
      g_hash_table_replace (results, g_strdup (checks[i].path), checks[i].result);
    }

  while (next < paths->len || running > 0)
    {
      struct pollfd pfd[KIELA_PLUGIN_CHECK_PARALLEL];
      guint index[KIELA_PLUGIN_CHECK_PARALLEL];
      gint64 now = g_get_monotonic_time (), wake;
      guint n = 0;

      if (budget_deadline > 0 && now >= budget_deadline)
        {
          /* Out of budget: what runs is stopped, what waits is not started. */
          for (guint i = 0; i < paths->len; i++)
            if (checks[i].running)
              check_finish (&checks[i], TRUE, FALSE, timeout_ms, budget_ms);
            else if (i >= next)
              {
                guint seconds = MAX (budget_ms / 1000, 1);

                checks[i].result->out_of_budget = TRUE;
                checks[i].result->reason =
                  g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                "not loaded: checking the new plugins took more than %u second; it is checked again at the next start",
                                                "not loaded: checking the new plugins took more than %u seconds; it is checked again at the next start",
                                                seconds), seconds);
              }
          break;
        }
      while (next < paths->len && running < KIELA_PLUGIN_CHECK_PARALLEL)
        {
          if (check_start (&checks[next], helper, envp, timeout_ms))
            running++;
          next++;
        }
      wake = budget_deadline > 0 ? budget_deadline : G_MAXINT64;
      for (guint i = 0; i < next; i++)
        if (checks[i].running)
          {
            if (now >= checks[i].deadline)
              {
                check_finish (&checks[i], TRUE, TRUE, timeout_ms, budget_ms);
                running--;
                continue;
              }
            wake = MIN (wake, checks[i].deadline);
            pfd[n] = (struct pollfd) { checks[i].fd, POLLIN, 0 };
            index[n++] = i;
          }
      if (n == 0)
        continue;
      if (poll (pfd, n, (int) MIN ((wake - now) / 1000 + 1, 60000)) <= 0)
        continue;
      for (guint k = 0; k < n; k++)
        {
          GuardCheck *c = &checks[index[k]];
          char buf[512];
          gssize got;

          if (!(pfd[k].revents & (POLLIN | POLLHUP | POLLERR)))
            continue;
          got = read (c->fd, buf, sizeof buf);
          if (got < 0 && errno == EINTR)
            continue;
          if (got > 0)
            {
              g_string_append_len (c->answer, buf, got);
              continue;
            }
          check_finish (c, FALSE, FALSE, timeout_ms, budget_ms);
          running--;
        }
    }
  return results;
}

/* Loads the module in a new process (kiela-plugin-check).  Returns NULL when it
 * loaded, else the reason; *crashed says whether the process died, hung or quit
 * instead of reporting (loading the module here would take this process with it). */
char *
kiela_plugin_guard_check (const char *module_path, gboolean *crashed)
{
  g_autoptr(GPtrArray) paths = g_ptr_array_new ();
  g_autoptr(GHashTable) results = NULL;
  KielaGuardResult *res;

  g_ptr_array_add (paths, (gpointer) module_path);
  results = kiela_plugin_guard_check_many (paths, KIELA_PLUGIN_CHECK_TIMEOUT_MS, 0, 0);
  res = g_hash_table_lookup (results, module_path);
  *crashed = res->crashed;
  return g_steal_pointer (&res->reason);
}

char *
kiela_plugin_check_module (const char *module_path)
{
  gboolean crashed;

  g_return_val_if_fail (module_path != NULL, NULL);

  return kiela_plugin_guard_check (module_path, &crashed);
}
