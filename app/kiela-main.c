/* kiela-main.c: entry point of the Kiela app: sets up translations and runs the application. */
#include "config.h"

#include <locale.h>
#include <glib/gi18n.h>

#include "kiela-application.h"
#include "kiela-paths.h"

int
main (int argc, char **argv)
{
  gint64 start = g_get_monotonic_time ();
  g_autoptr(KielaApplication) app = NULL;

  setlocale (LC_ALL, "");
  /* Uninstalled, plugins and translations come from the build tree this program was built in. */
  kiela_paths_init (KIELA_BUILD_ROOT);
  kiela_bind_textdomain ();
  textdomain (GETTEXT_PACKAGE);
  g_set_application_name (_("Kiela"));

  app = kiela_application_new (start);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
