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
 * start wrote it and never removed it, and the module file has not changed since. */
gboolean
kiela_plugin_guard_crashed_before (const char *module_path)
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
  /* pid, module stamp, module path */
  lines = g_strsplit (contents, "\n", 4);
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
  return TRUE;
}

/* Best effort: without a writable state folder plugins still load, unguarded.
 * `pid` 0 records a crash seen in another process (no loader alive to wait for). */
static void
marker_write_for (const char *module_path, const char *suffix, gint64 pid)
{
  g_autofree char *path = marker_path (module_path, suffix);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *stamp = module_stamp (module_path);
  g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT "\n%s\n%s\n", pid, stamp, module_path);
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
  marker_write_for (module_path, ".loading", getpid ());
}

void
kiela_plugin_guard_mark_crashed (const char *module_path)
{
  marker_write_for (module_path, ".loading", 0);
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
  marker_write_for (module_path, ".verified", 0);
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

/* How long a module may take to load before the check gives up on it: one that
 * never returns from dlopen() would hang every start. */
#define CHECK_TIMEOUT_S 10

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

/* Loads the module in a new process (kiela-plugin-check).  Returns NULL when it
 * loaded, else the reason; *crashed says whether the process died, hung or quit
 * instead of reporting (loading the module here would take this process with it). */
char *
kiela_plugin_guard_check (const char *module_path, gboolean *crashed)
{
  g_autofree char *helper = check_helper_path ();
  g_autoptr(GError) error = NULL;
  const char *argv[] = { helper, module_path, NULL };
  GString *answer;
  GPid pid;
  int out_fd, status = 0;
  gint64 deadline = g_get_monotonic_time () + CHECK_TIMEOUT_S * G_USEC_PER_SEC;
  gboolean timed_out = FALSE;

  g_auto(GStrv) envp = g_get_environ ();

  *crashed = FALSE;
  /* The check speaks the user's language: from the same build tree when this program runs from one. */
  if (kiela_paths_get_build_root ())
    envp = g_environ_setenv (envp, "KIELA_UNINSTALLED", kiela_paths_get_build_root (), TRUE);
  if (helper == NULL)
    return g_strdup_printf (_("cannot be checked: %s"), _("kiela-plugin-check is not installed beside libkiela-core"));
  if (!g_spawn_async_with_pipes (NULL, (char **) argv, envp,
                                 G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDERR_TO_DEV_NULL,
                                 NULL, NULL, &pid, NULL, &out_fd, NULL, &error))
    return g_strdup_printf (_("cannot be checked: %s"), error->message);

  answer = g_string_new (NULL);
  for (;;)
    {
      struct pollfd pfd = { out_fd, POLLIN, 0 };
      gint64 now = g_get_monotonic_time ();
      char buf[512];
      gssize n;

      if (now >= deadline)
        {
          timed_out = TRUE;
          kill (pid, SIGKILL);
          break;
        }
      if (poll (&pfd, 1, (int) ((deadline - now) / 1000) + 1) <= 0)
        continue;
      n = read (out_fd, buf, sizeof buf);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      g_string_append_len (answer, buf, n);
    }
  close (out_fd);
  while (waitpid (pid, &status, 0) < 0 && errno == EINTR)
    ;
  g_spawn_close_pid (pid);

  if (timed_out)
    {
      *crashed = TRUE;
      g_string_free (answer, TRUE);
      return g_strdup_printf (_("did not finish loading within %u seconds"), CHECK_TIMEOUT_S);
    }
  if (WIFSIGNALED (status))
    {
      const char *name = signal_name (WTERMSIG (status));
      g_autofree char *sig = name ? g_strdup (name) : g_strdup_printf ("signal %d", WTERMSIG (status));

      *crashed = TRUE;
      g_string_free (answer, TRUE);
      /* TRANSLATORS: %s is a signal name such as SIGSEGV */
      return g_strdup_printf (_("crashed with %s while loading"), sig);
    }
  /* The helper ends its report with a NUL: anything else means the module ended it. */
  if (answer->len == 0 || answer->str[answer->len - 1] != '\0' || !WIFEXITED (status) || WEXITSTATUS (status) != 0)
    {
      int code = WIFEXITED (status) ? WEXITSTATUS (status) : -1;

      *crashed = TRUE;
      g_string_free (answer, TRUE);
      return g_strdup_printf (_("exited with status %d while loading"), code);
    }
  if (answer->len == 1)
    {
      g_string_free (answer, TRUE);
      return NULL;
    }
  return g_string_free (answer, FALSE);
}

char *
kiela_plugin_check_module (const char *module_path)
{
  gboolean crashed;

  g_return_val_if_fail (module_path != NULL, NULL);

  return kiela_plugin_guard_check (module_path, &crashed);
}
