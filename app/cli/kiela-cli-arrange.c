/* kiela-cli-arrange.c: "kiela-cli arrange": asks an AI how it arranges its stones in a setup phase (kiela-expert). */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kiela-cli-common.h"

int
kiela_cli_arrange (KielaRegistry *registry, int argc, char **argv)
{
  const char *cmd = "arrange";
  g_autofree char *variant_id = NULL, *kpn = NULL, *ai = NULL, *side_name = NULL;
  KielaCliBudget budget = { .time_ms = 1000, .seed = 0 };
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "variant", 0, 0, G_OPTION_ARG_STRING, &variant_id, N_("Rule variant with a setup phase (default: kiela-expert)"), "ID" },
    KIELA_CLI_AI_ENTRY (&ai),
    { "side", 0, 0, G_OPTION_ARG_STRING, &side_name, N_("The side that arranges: south (default) or north"), "SIDE" },
    { "position", 0, 0, G_OPTION_ARG_STRING, &kpn, N_("The board before the side arranges (default: the start)"), "KPN" },
    KIELA_CLI_BUDGET_ENTRIES (&budget),
    KIELA_CLI_JSON_ENTRY (&json),
    { NULL }
  };
  const KielaVariant *variant;
  g_autoptr(KielaAiConfig) player = NULL;
  g_autoptr(GError) error = NULL;
  KielaAiRequest request = { 0 };
  KielaPosition after;
  KielaSide side;
  guint16 counts[KIELA_MAX_HOUSES];
  g_autofree char *after_text = NULL;
  gint64 start;
  gdouble seconds;
  int status = KIELA_CLI_EXIT_USAGE;

  if (!kiela_cli_parse (cmd, entries, NULL,
                        _("Asks an AI how it arranges its stones in the setup phase of a variant that has one."),
                        _("--position is the board before the side arranges: North sees South’s\n"
                          "arrangement there.  Prints the side’s houses in local numbering and the\n"
                          "position after the arrangement.  --nodes N caps the search for reproducible answers."),
                        &argc, &argv)
      || !kiela_cli_budget_check (cmd, &budget, 24 * 3600 * 1000)
      || !kiela_cli_check_no_arguments (cmd, argc, argv))
    goto out;
  if (side_name == NULL || strcmp (side_name, "south") == 0)
    side = KIELA_SOUTH;
  else if (strcmp (side_name, "north") == 0)
    side = KIELA_NORTH;
  else
    {
      fprintf (stderr, _("kiela-cli %s: --side “%s” is neither “south” nor “north”\n"), cmd, side_name);
      goto out;
    }

  status = KIELA_CLI_EXIT_INPUT;
  variant = kiela_cli_find_variant (registry, cmd, variant_id ? variant_id : "kiela-expert");
  if (variant == NULL)
    goto out;
  if (!variant->setup_phase)
    {
      fprintf (stderr, _("kiela-cli %s: the variant “%s” has no setup phase: its stones start where the rules put them\n"),
               cmd, variant->id);
      goto out;
    }
  player = kiela_cli_ask_ai (registry, cmd, variant, ai, kpn, &budget, &request);
  if (player == NULL)
    goto out;
  request.position.to_move = side;

  start = g_get_monotonic_time ();
  if (!kiela_ai_config_arrange (player, &request, counts, &error))
    {
      fprintf (stderr, _("kiela-cli %s: %s\n"), cmd, error->message);
      goto out;
    }
  seconds = (g_get_monotonic_time () - start) / 1e6;

  /* South sows first once both sides are arranged. */
  after = request.position;
  memcpy (after.houses[side], counts, sizeof after.houses[side]);
  after.to_move = KIELA_SOUTH;
  after_text = kiela_position_to_string (&after);

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      kiela_cli_json_add_string (b, "side", kiela_side_name (side));
      json_builder_set_member_name (b, "counts");
      json_builder_begin_array (b);
      for (guint h = 0; h < 2u * variant->files; h++)
        json_builder_add_int_value (b, counts[h]);
      json_builder_end_array (b);
      kiela_cli_json_add_string (b, "position", after_text);
      kiela_cli_json_add_double (b, "seconds", seconds);
      kiela_cli_json_add_ai (b, player, variant);
      json_builder_end_object (b);
      kiela_cli_print_json (b, TRUE);
    }
  else
    {
      printf ("side %s\n", kiela_side_name (side));
      printf ("counts");
      for (guint h = 0; h < 2u * variant->files; h++)
        printf (" %u", counts[h]);
      printf ("\n");
      printf ("position %s\n", after_text);
      printf ("seconds %.3f\n", seconds);
    }
  status = KIELA_CLI_EXIT_OK;
out:
  kiela_cli_budget_clear (&budget);
  return status;
}
