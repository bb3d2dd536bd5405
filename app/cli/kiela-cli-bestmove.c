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
    KIELA_CLI_AI_ENTRY (&ai),
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
      || !kiela_cli_budget_check (cmd, &budget, 24 * 3600 * 1000)
      || !kiela_cli_check_no_arguments (cmd, argc, argv))
    goto out;
  status = KIELA_CLI_EXIT_INPUT;

  variant = kiela_cli_find_variant (registry, cmd, variant_id);
  if (variant == NULL)
    goto out;
  player = kiela_cli_ask_ai (registry, cmd, variant, ai, kpn, &budget, &request);
  if (player == NULL)
    goto out;

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
      kiela_cli_json_add_string (b, "move", square);
      kiela_cli_json_add_int (b, "score", reply.score);
      kiela_cli_json_add_int (b, "depth", reply.depth);
      kiela_cli_json_add_int (b, "nodes", (gint64) reply.nodes);
      kiela_cli_json_add_double (b, "seconds", reply.seconds);
      kiela_cli_json_add_string (b, "reason", reply.reason);
      kiela_cli_json_add_ai (b, player, variant);
      kiela_cli_json_add_string (b, "position", pos_text);
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
