/* kiela-main.c: entry point of the Kiela app: sets up translations and runs the application. */
#include "config.h"

#include <locale.h>
#include <glib/gi18n.h>

#include "kiela-application.h"

int
main (int argc, char **argv)
{
  gint64 start = g_get_monotonic_time ();
  g_autoptr(KielaApplication) app = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_application_name (_("Kiela"));

  app = kiela_application_new (start);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
