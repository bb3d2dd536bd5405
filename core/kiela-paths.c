/* kiela-paths.c: build-tree detection and the translation folder, shared by the app, the CLI and the loader. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "kiela-paths.h"

gboolean
kiela_running_uninstalled (void)
{
  static gsize once = 0;
  static gboolean uninstalled = FALSE;

  if (g_once_init_enter (&once))
    {
      g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);

      uninstalled = g_getenv ("KIELA_UNINSTALLED") != NULL ||
                    (exe != NULL && g_str_has_prefix (exe, KIELA_BUILD_ROOT G_DIR_SEPARATOR_S));
      g_once_init_leave (&once, 1);
    }
  return uninstalled;
}

const char *
kiela_locale_dir (void)
{
  return kiela_running_uninstalled () ? KIELA_BUILD_ROOT G_DIR_SEPARATOR_S "po" : LOCALEDIR;
}

void
kiela_bind_textdomain (void)
{
  bindtextdomain (GETTEXT_PACKAGE, kiela_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
}
