/* kiela-cli-plugins.c: "kiela-cli plugins": the plugin folders and modules from their .plugin files, and --check. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-cli-common.h"

/* Listing reads the .plugin files only: no plugin code runs in this process (main()
 * does not load the plugins for this command).  --check loads each module in a
 * process of its own, so a module that crashes is reported instead of ending kiela-cli. */
int
kiela_cli_plugins (KielaRegistry *registry, int argc, char **argv)
{
  gboolean check = FALSE;
  const GOptionEntry entries[] = {
    { "check", 0, 0, G_OPTION_ARG_NONE, &check,
      N_("Load each module in a process of its own and report how it went"), NULL },
    { NULL }
  };
  GPtrArray *plugins;
  GPtrArray *dirs;
  guint failed = 0;

  if (!kiela_cli_parse ("plugins", entries, NULL, _("Lists the plugin folders searched and every module found."),
                        _("Modules are described from their .plugin files, without loading them.  With --check\n"
                          "each module is loaded in a process of its own: one that crashes is reported with the\n"
                          "signal, and the exit status is 2 when any module cannot be used."),
                        &argc, &argv))
    return KIELA_CLI_EXIT_USAGE;

  kiela_registry_scan_default (registry);
  plugins = kiela_registry_get_plugins (registry);
  dirs = kiela_registry_get_search_dirs (registry);

  printf ("%s\n", _("Plugin folders searched:"));
  for (guint i = 0; i < dirs->len; i++)
    printf ("  %s\n", (const char *) g_ptr_array_index (dirs, i));
  if (plugins->len == 0)
    printf ("%s\n", _("No plugin modules found."));
  for (guint i = 0; i < plugins->len; i++)
    {
      const KielaPluginRecord *r = g_ptr_array_index (plugins, i);
      g_autofree char *reason = NULL;
      g_autofree char *provides = NULL;

      /* Only modules run code: a variant file was read and checked by the scan itself, and is
       * no module to load (it was reported as one without a .plugin beside it). */
      if (r->state == KIELA_PLUGIN_FOUND && check && g_str_has_suffix (r->path, "." G_MODULE_SUFFIX))
        reason = kiela_plugin_check_module (r->path);
      else if (r->state != KIELA_PLUGIN_FOUND)
        reason = g_strdup (r->reason ? r->reason : "?");
      if (reason)
        {
          printf (_("failed  %s: %s\n"), r->path, reason);
          failed++;
          continue;
        }
      provides = r->provides && r->provides[0] ? g_strjoinv (", ", r->provides) : g_strdup ("-");
      /* TRANSLATORS: "found   kiela-rules 0.1.0 (path)", then what it provides and its description;
       * with --check "loads" instead of "found".  Keep the two words the same width. */
      printf (check ? _("loads   %s %s (%s)\n        provides %s\n        %s\n")
                    : _("found   %s %s (%s)\n        provides %s\n        %s\n"),
              r->id, r->version, r->path, provides, r->description);
    }
  return check && failed > 0 ? KIELA_CLI_EXIT_INPUT : KIELA_CLI_EXIT_OK;
}
