/* kiela-cli-perft.c: "kiela-cli perft": counts the move sequences of a given length (engine check and benchmark). */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-cli-common.h"

int
kiela_cli_perft (KielaRegistry *registry, int argc, char **argv)
{
  g_autofree char *variant_id = NULL, *position = NULL, *depth_s = NULL;
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    KIELA_CLI_VARIANT_ENTRY (&variant_id),
    { "depth", 0, 0, G_OPTION_ARG_STRING, &depth_s, N_("Length of the move sequences (required)"), "D" },
    { "position", 0, 0, G_OPTION_ARG_STRING, &position, N_("Start from this position instead of the start"), "KPN" },
    KIELA_CLI_JSON_ENTRY (&json),
    { NULL }
  };
  const KielaVariant *variant;
  KielaPosition pos;
  guint64 depth, nodes;
  gint64 t0, t1;
  gdouble cpu;

  if (!kiela_cli_parse ("perft", entries, NULL,
                        _("Counts the move sequences of length D (a finished game has no continuation)."),
                        NULL, &argc, &argv))
    return KIELA_CLI_EXIT_USAGE;
  if (argc > 1)
    {
      fprintf (stderr, _("kiela-cli perft: unknown argument “%s”\n"), argv[1]);
      return KIELA_CLI_EXIT_USAGE;
    }
  if (depth_s == NULL)
    {
      fprintf (stderr, "%s", _("kiela-cli perft: --depth is required\n"));
      return KIELA_CLI_EXIT_USAGE;
    }
  if (!kiela_cli_parse_number ("perft", "--depth", depth_s, 0, 64, &depth))
    return KIELA_CLI_EXIT_INPUT;
  variant = kiela_cli_find_variant (registry, "perft", variant_id);
  if (variant == NULL)
    return KIELA_CLI_EXIT_INPUT;
  if (!kiela_cli_position ("perft", variant, position, &pos))
    return KIELA_CLI_EXIT_INPUT;

  cpu = kiela_cli_thread_cpu_seconds ();
  t0 = g_get_monotonic_time ();
  nodes = kiela_perft (variant, &pos, (guint) depth);
  t1 = g_get_monotonic_time ();
  cpu = kiela_cli_thread_cpu_seconds () - cpu;

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      json_builder_begin_object (b);
      kiela_cli_json_add_int (b, "depth", (gint64) depth);
      kiela_cli_json_add_int (b, "nodes", (gint64) nodes);
      kiela_cli_json_add_double (b, "seconds", (t1 - t0) / 1e6);
      kiela_cli_json_add_double (b, "cpu_seconds", cpu);
      json_builder_end_object (b);
      kiela_cli_print_json (b, FALSE);
    }
  else
    {
      g_autofree char *nodes_s = g_strdup_printf ("%" G_GUINT64_FORMAT, nodes);
      printf (_("perft(%u) = %s (%.3f s)\n"), (guint) depth, nodes_s, (t1 - t0) / 1e6);
    }
  return KIELA_CLI_EXIT_OK;
}
