/* kiela-cli-variants.c: "kiela-cli variants": the rule variants the plugins provide. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-cli-common.h"

int
kiela_cli_variants (KielaRegistry *registry, int argc, char **argv)
{
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    KIELA_CLI_JSON_ENTRY (&json),
    { NULL }
  };
  GPtrArray *variants = kiela_registry_get_variants (registry);
  g_autoptr(JsonBuilder) b = json_builder_new ();

  if (!kiela_cli_parse ("variants", entries, NULL, _("Lists the rule variants."), NULL, &argc, &argv))
    return KIELA_CLI_EXIT_USAGE;

  json_builder_begin_array (b);
  for (guint i = 0; i < variants->len; i++)
    {
      const KielaVariant *v = g_ptr_array_index (variants, i);

      if (json)
        {
          json_builder_begin_object (b);
          kiela_cli_json_add_string (b, "id", v->id);
          kiela_cli_json_add_string (b, "name", kiela_variant_get_name (v));
          kiela_cli_json_add_int (b, "files", v->files);
          kiela_cli_json_add_boolean (b, "default", v->default_variant);
          kiela_cli_json_add_boolean (b, "simplified", kiela_variant_is_simplified (v));
          kiela_cli_json_add_string (b, "description", kiela_variant_get_description (v));
          json_builder_end_object (b);
        }
      else
        {
          const char *level = kiela_variant_get_level (v);
          printf ("%-16s %s%s%s%s%s (4×%u)\n", v->id, kiela_variant_get_name (v),
                  level ? " — " : "", level ? level : "",
                  v->default_variant ? _(", default") : "",
                  /* TRANSLATORS: after a variant's name in kiela-cli variants: it leaves out rules of its game */
                  kiela_variant_is_simplified (v) ? _(", simplified") : "", v->files);
          printf ("%-16s %s\n", "", kiela_variant_get_description (v));
        }
    }
  json_builder_end_array (b);
  if (json)
    kiela_cli_print_json (b, FALSE);
  return KIELA_CLI_EXIT_OK;
}
