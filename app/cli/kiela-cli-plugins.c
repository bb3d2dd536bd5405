/* kiela-cli-plugins.c: "kiela-cli plugins": the plugin folders and modules, loaded and failed with the reason. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-cli-common.h"

int
kiela_cli_plugins (KielaRegistry *registry, int argc, char **argv)
{
  const GOptionEntry entries[] = { { NULL } };
  GPtrArray *plugins = kiela_registry_get_plugins (registry);
  GPtrArray *dirs = kiela_registry_get_search_dirs (registry);

  if (!kiela_cli_parse ("plugins", entries, NULL, _("Lists the plugin folders searched and every module found."),
                        NULL, &argc, &argv))
    return KIELA_CLI_EXIT_USAGE;

  printf ("%s\n", _("Plugin folders searched:"));
  for (guint i = 0; i < dirs->len; i++)
    printf ("  %s\n", (const char *) g_ptr_array_index (dirs, i));
  if (plugins->len == 0)
    printf ("%s\n", _("No plugin modules found."));
  for (guint i = 0; i < plugins->len; i++)
    {
      const KielaPluginRecord *r = g_ptr_array_index (plugins, i);

      if (r->state == KIELA_PLUGIN_LOADED)
        {
          g_autofree char *variants = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u variant", "%u variants",
                                                                    r->n_variants), r->n_variants);
          g_autofree char *algorithms = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u AI algorithm",
                                                                      "%u AI algorithms", r->n_algorithms),
                                                         r->n_algorithms);
          g_autofree char *personalities = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u personality",
                                                                         "%u personalities", r->n_personalities),
                                                            r->n_personalities);
          g_autofree char *lessons = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u lesson", "%u lessons",
                                                                   r->n_lessons), r->n_lessons);
          /* Translators: "loaded  kiela-rules 0.1.0 (path): 3 variants, 0 AI algorithms, ..." */
          printf (_("loaded  %s %s (%s): %s, %s, %s, %s\n        %s\n"),
                  r->id, r->version, r->path, variants, algorithms, personalities, lessons, r->description);
        }
      else
        printf (_("failed  %s: %s\n"), r->path, r->reason);
    }
  return KIELA_CLI_EXIT_OK;
}
