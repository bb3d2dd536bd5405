/* kiela-paths.c: installed or build-tree locations, as the running program declares them. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "kiela-paths.h"
#include "kiela-paths-private.h"

static char *build_root;      /* NULL when installed */
static char *build_locale_dir;
static gboolean initialised;

void
kiela_paths_init (const char *program_build_root)
{
  const char *env = g_getenv ("KIELA_UNINSTALLED");
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *prefix = program_build_root ? g_strconcat (program_build_root, G_DIR_SEPARATOR_S, NULL) : NULL;
  const char *root = NULL;

  if (env && g_path_is_absolute (env))
    root = env;
  else if (program_build_root &&
           ((env && *env) || (exe != NULL && g_str_has_prefix (exe, prefix))))
    root = program_build_root;

  g_clear_pointer (&build_root, g_free);
  g_clear_pointer (&build_locale_dir, g_free);
  if (root)
    {
      build_root = g_strdup (root);
      build_locale_dir = g_build_filename (root, "po", NULL);
    }
  initialised = TRUE;
}

const char *
kiela_paths_get_build_root (void)
{
  if (!initialised)
    kiela_paths_init (NULL);
  return build_root;
}

gboolean
kiela_running_uninstalled (void)
{
  return kiela_paths_get_build_root () != NULL;
}

const char *
kiela_locale_dir (void)
{
  return kiela_running_uninstalled () ? build_locale_dir : LOCALEDIR;
}

void
kiela_bind_textdomain (void)
{
  bindtextdomain (GETTEXT_PACKAGE, kiela_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
}

char *
_kiela_paths_dup_user_dir (const char *kind)
{
  return g_build_filename (g_get_user_data_dir (), "kiela", kind, NULL);
}

GPtrArray *
_kiela_paths_dup_data_dirs (const char *env_var, const char *kind)
{
  GPtrArray *dirs = g_ptr_array_new_with_free_func (g_free);
  const char *env = g_getenv (env_var);

  if (env && env[0])
    {
      g_auto(GStrv) parts = g_strsplit (env, G_SEARCHPATH_SEPARATOR_S, -1);

      for (guint i = 0; parts[i]; i++)
        if (parts[i][0])
          g_ptr_array_add (dirs, g_strdup (parts[i]));
    }
  if (kiela_running_uninstalled () && kiela_paths_get_build_root ())
    g_ptr_array_add (dirs, g_build_filename (kiela_paths_get_build_root (), "data", kind, NULL));
  else
    g_ptr_array_add (dirs, g_build_filename (KIELA_PKGDATADIR, kind, NULL));
  g_ptr_array_add (dirs, _kiela_paths_dup_user_dir (kind));
  return dirs;
}
