/* kiela-plugin-check.c: loads one plugin module in a process of its own and reports, for kiela_plugin_check_module(). */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>
#include <locale.h>

#include "kiela-registry.h"
#include "kiela-paths.h"

/* Prints nothing but the reason the module failed (empty when it loaded), then a NUL
 * byte: a report without its NUL means the module ended this process. */
int
main (int argc, char **argv)
{
  KielaRegistry *registry;
  const KielaPluginRecord *r;
  const char *reply;

  if (argc != 2)
    return 2;
  /* Die of the signal itself, whatever crash handler a sanitizer installed, so the
   * parent can name it. */
  signal (SIGSEGV, SIG_DFL);
  signal (SIGBUS, SIG_DFL);
  signal (SIGILL, SIG_DFL);
  signal (SIGFPE, SIG_DFL);
  signal (SIGABRT, SIG_DFL);
  setlocale (LC_ALL, "");
  kiela_bind_textdomain ();

  registry = kiela_registry_new ();
  /* This process is the guard: no markers, no nested check. */
  kiela_registry_set_crash_guard (registry, FALSE);
  kiela_registry_load_file (registry, argv[1]);
  r = g_ptr_array_index (kiela_registry_get_plugins (registry), 0);
  reply = r->state == KIELA_PLUGIN_LOADED ? "" : (r->reason ? r->reason : "?");
  fwrite (reply, 1, strlen (reply) + 1, stdout);
  fflush (stdout);
  /* Freed, so that LeakSanitizer (in sanitizer builds) does not turn the exit status into 1
   * and every module into one that "crashed while loading". */
  kiela_registry_free (registry);
  /* A normal exit runs the module's destructors too (a damaged one crashed programs
   * only as they quit): the parent also wants status 0 and no signal. */
  return 0;
}
