/* kiela-cli-bestmove.c: "kiela-cli bestmove": asks an AI for its move in one position, and checks the answer. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-cli-common.h"

int
kiela_cli_bestmove (KielaRegistry *registry, int argc, char **argv)
{
  const char *cmd = "bestmove";
  g_autofree char *variant_id = NULL, *kpn = NULL, *ai = NULL;
  KielaCliBudget budget = { .time_ms = 1000, .seed = 0 };
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    KIELA_CLI_VARIANT_ENTRY (&variant_id),
    { "position", 0, 0, G_OPTION_ARG_STRING, &kpn, N_("The position (default: the variant’s start)"), "KPN" },
    { "ai", 0, 0, G_OPTION_ARG_STRING, &ai, N_("Personality or algorithm, optionally with settings (default: the strongest)"), "AI" },
    KIELA_CLI_BUDGET_ENTRIES (&budget),
    KIELA_CLI_JSON_ENTRY (&json),
    { NULL }
  };
  const KielaVariant *variant;
  g_autoptr(KielaAiConfig) player = NULL;
  g_autoptr(GError) error = NULL;
  KielaAiRequest request = { 0 };
  KielaAiReply reply = { 0 };
  char square[4];
  int status = KIELA_CLI_EXIT_USAGE;

  if (!kiela_cli_parse (cmd, entries, NULL, _("Asks an AI for its move."),
                        _("Without --position, the variant’s start position; without --ai, the strongest\n"
                          "personality.  --time-ms 0 leaves only the personality’s own limits (every\n"
                          "personality has some); --nodes N caps the search for reproducible answers.\n"
                          "AI may be followed by settings: --ai \"mpanzu depth=6\".  The AI’s answer is\n"
                          "checked: a move the position does not allow is an error (status 2)."),
                        &argc, &argv)
      || !kiela_cli_budget_check (cmd, &budget, 24 * 3600 * 1000))
    goto out;
  status = KIELA_CLI_EXIT_INPUT;
  if (argc > 1)
    {
      fprintf (stderr, _("kiela-cli %s: unknown option “%s” (see “kiela-cli bestmove --help”)\n"), cmd, argv[1]);
      status = KIELA_CLI_EXIT_USAGE;
      goto out;
    }

  variant = kiela_cli_find_variant (registry, cmd, variant_id);
  if (variant == NULL)
    goto out;
  player = kiela_cli_find_ai (registry, cmd, ai, budget.nodes);
  if (player == NULL)
    goto out;

  request.variant = variant;
  if (!kiela_cli_position (cmd, variant, kpn, &request.position))
    goto out;
  request.time_budget_us = (gint64) budget.time_ms * 1000;
  request.seed = budget.seed;

  if (!kiela_ai_config_think (player, &request, &reply, &error))
    {
      fprintf (stderr, _("kiela-cli %s: %s\n"), cmd, error->message);
      goto out;
    }

  kiela_square_name (variant->files, (KielaSide) request.position.to_move, (guint) reply.move, square);
  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autofree char *pos_text = kiela_position_to_string (&request.position);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "move");
      json_builder_add_string_value (b, square);
      json_builder_set_member_name (b, "score");
      json_builder_add_int_value (b, reply.score);
      json_builder_set_member_name (b, "depth");
      json_builder_add_int_value (b, reply.depth);
      json_builder_set_member_name (b, "nodes");
      json_builder_add_int_value (b, (gint64) reply.nodes);
      json_builder_set_member_name (b, "seconds");
      json_builder_add_double_value (b, reply.seconds);
      json_builder_set_member_name (b, "reason");
      json_builder_add_string_value (b, reply.reason);
      json_builder_set_member_name (b, "ai");
      json_builder_add_string_value (b, kiela_ai_config_get_id (player));
      json_builder_set_member_name (b, "algorithm");
      json_builder_add_string_value (b, kiela_ai_config_get_algorithm (player)->id);
      json_builder_set_member_name (b, "variant");
      json_builder_add_string_value (b, variant->id);
      json_builder_set_member_name (b, "position");
      json_builder_add_string_value (b, pos_text);
      json_builder_end_object (b);
      kiela_cli_print_json (b, TRUE);
    }
  else
    {
      printf ("move %s\n", square);
      printf ("score %d\n", reply.score);
      printf ("depth %u\n", reply.depth);
      printf ("nodes %" G_GUINT64_FORMAT "\n", reply.nodes);
      printf ("seconds %.3f\n", reply.seconds);
      if (reply.reason[0])
        printf ("reason %s\n", reply.reason);
    }
  status = KIELA_CLI_EXIT_OK;
out:
  kiela_cli_budget_clear (&budget);
  return status;
}
