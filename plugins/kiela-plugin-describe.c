/* kiela-plugin-describe.c: test tool checking that a module's .plugin file says what the module's code does. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <gmodule.h>

#include "kiela-plugin.h"

/* The .plugin files are written from hand-kept NAME.plugin.in files at build time, without
 * loading anything built (plugins/plugin-info.py).  This tool, run by `meson test`, loads the
 * module, registers it and fails when its .plugin file differs from the module's information
 * or does not list exactly what the register function adds. */

/* Only what the module registered itself: the lessons plugin registers lesson files, and
 * each of those has its own record, listing what it provides. */
static gboolean
provided_by_another (KielaRegistry *registry, const char *entry)
{
  GPtrArray *records = kiela_registry_get_plugins (registry);

  for (guint i = 1; i < records->len; i++)
    {
      const KielaPluginRecord *r = g_ptr_array_index (records, i);
      if (r->provides && g_strv_contains ((const char *const *) r->provides, entry))
        return TRUE;
    }
  return FALSE;
}

static void
add_ids (KielaRegistry *registry, GString *provides, GPtrArray *items, const char *kind)
{
  for (guint i = 0; i < items->len; i++)
    {
      /* Every item kind starts with its id. */
      const char *const *id = g_ptr_array_index (items, i);
      g_autofree char *entry = g_strconcat (kind, ":", *id, NULL);

      if (!provided_by_another (registry, entry))
        g_string_append_printf (provides, "%s;", entry);
    }
}

static gboolean
check (GKeyFile *kf, const char *path, const char *key, const char *expected)
{
  g_autofree char *found = g_key_file_get_string (kf, "Plugin", key, NULL);

  if (g_strcmp0 (found, expected) == 0)
    return TRUE;
  fprintf (stderr, "%s: %s=%s, but the module says %s\n", path, key, found ? found : "(missing)",
           expected ? expected : "(nothing)");
  return FALSE;
}

int
main (int argc, char **argv)
{
  g_autoptr(KielaRegistry) registry = kiela_registry_new ();
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autoptr(GString) provides = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *base = NULL;
  g_autofree char *module_name = NULL;
  g_autofree char *abi = NULL, *api = NULL;
  const KielaPluginRecord *record;
  const KielaPluginInfo *info;
  gpointer query = NULL, reg = NULL;
  gboolean ok = TRUE;
  GModule *module;

  if (argc != 3)
    {
      fprintf (stderr, "usage: %s MODULE FILE.plugin\n", argv[0]);
      return 2;
    }
  if (!g_key_file_load_from_file (kf, argv[2], G_KEY_FILE_NONE, &error))
    {
      fprintf (stderr, "%s: %s\n", argv[2], error->message);
      return 1;
    }
  module = g_module_open (argv[1], G_MODULE_BIND_LOCAL);
  if (module == NULL || !g_module_symbol (module, KIELA_PLUGIN_QUERY_SYMBOL, &query) ||
      !g_module_symbol (module, KIELA_PLUGIN_REGISTER_SYMBOL, &reg))
    {
      fprintf (stderr, "%s: not a Kiela plugin module: %s\n", argv[1], g_module_error ());
      return 1;
    }
  info = ((KielaPluginQueryFunc) query) ();
  kiela_registry_load_static (registry, info, (KielaPluginRegisterFunc) reg);
  record = g_ptr_array_index (kiela_registry_get_plugins (registry), 0);
  if (record->state != KIELA_PLUGIN_LOADED)
    {
      fprintf (stderr, "%s: %s\n", argv[1], record->reason);
      return 1;
    }

  base = g_path_get_basename (argv[1]);
  module_name = g_strndup (base, strlen (base) - (g_str_has_suffix (base, "." G_MODULE_SUFFIX) ?
                                                  strlen ("." G_MODULE_SUFFIX) : 0));
  abi = g_strdup_printf ("%u", info->abi_version);
  api = g_strdup_printf ("%" G_GSIZE_FORMAT, info->api_version);
  add_ids (registry, provides, kiela_registry_get_variants (registry), "variant");
  add_ids (registry, provides, kiela_registry_get_ai_algorithms (registry), "ai");
  add_ids (registry, provides, kiela_registry_get_personalities (registry), "personality");
  add_ids (registry, provides, kiela_registry_get_lessons (registry), "lesson");
  ok &= check (kf, argv[2], "Module", module_name);
  ok &= check (kf, argv[2], "Id", info->id);
  ok &= check (kf, argv[2], "Name", info->name ? info->name : info->id);
  ok &= check (kf, argv[2], "Description", info->description);
  ok &= check (kf, argv[2], "Version", info->version);
  ok &= check (kf, argv[2], "License", info->license);
  ok &= check (kf, argv[2], "ABI", abi);
  ok &= check (kf, argv[2], "API", api);
  ok &= check (kf, argv[2], "Provides", provides->str);
  ok &= check (kf, argv[2], "Translation-Domain", info->translation_domain);
  /* The module stays loaded until exit: its data is still referenced by the registry. */
  return ok ? 0 : 1;
}
