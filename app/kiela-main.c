/* kiela-main.c: entry point of the Kiela app: sets up translations and runs the application. */
#include "config.h"

#include <locale.h>
#include <glib/gi18n.h>

#include "kiela-application.h"

/* Translations live under LOCALEDIR once installed; run from the build tree, use the
 * catalogues meson compiled there (<build>/po/LL/LC_MESSAGES/kiela.mo), as the
 * registry does for plugins. */
static const char *
locale_dir (void)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);

  if (g_getenv ("KIELA_UNINSTALLED") || (exe && g_str_has_prefix (exe, KIELA_BUILD_ROOT G_DIR_SEPARATOR_S)))
    return KIELA_BUILD_ROOT G_DIR_SEPARATOR_S "po";
  return LOCALEDIR;
}

int
main (int argc, char **argv)
{
  gint64 start = g_get_monotonic_time ();
  g_autoptr(KielaApplication) app = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_application_name (_("Kiela"));

  app = kiela_application_new (start);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
