/* kiela-cli-play.c: "kiela-cli play": applies moves from a position and prints the board, the result and the legal moves. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-cli-common.h"

int
kiela_cli_play (KielaRegistry *registry, int argc, char **argv)
{
  g_autofree char *variant_id = NULL, *position = NULL;
  gboolean json = FALSE, narrate = FALSE;
  const GOptionEntry entries[] = {
    KIELA_CLI_VARIANT_ENTRY (&variant_id),
    { "position", 0, 0, G_OPTION_ARG_STRING, &position, N_("Start from this position instead of the start"), "KPN" },
    KIELA_CLI_JSON_ENTRY (&json),
    { "narrate", 0, 0, G_OPTION_ARG_NONE, &narrate, N_("Tell what every move did"), NULL },
    { NULL }
  };
  g_autoptr(GString) story = g_string_new (NULL);
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  g_autoptr(KielaGame) game = NULL;
  g_autoptr(GError) error = NULL;
  const KielaVariant *variant;

  if (!kiela_cli_parse ("play", entries, _("MOVE…"),
                        _("Applies the moves (squares such as g1) and prints the board, the result and the legal moves."),
                        NULL, &argc, &argv))
    return KIELA_CLI_EXIT_USAGE;

  variant = kiela_cli_find_variant (registry, "play", variant_id);
  if (variant == NULL)
    return KIELA_CLI_EXIT_INPUT;

  if (position)
    {
      KielaPosition pos;

      if (!kiela_position_parse (position, variant->files, &pos, &error)
          || (game = kiela_game_new_from_position (variant, &pos, &error)) == NULL)
        {
          fprintf (stderr, _("kiela-cli: %s\n"), error->message);
          return KIELA_CLI_EXIT_INPUT;
        }
    }
  else
    {
      game = kiela_game_new (variant);
      /* The command line plays sowings only: expert players keep the start arrangement. */
      while (kiela_game_get_phase (game) != KIELA_PHASE_PLAY)
        kiela_game_skip_setup (game, NULL);
    }

  for (int i = 1; i < argc; i++)
    {
      const char *m = argv[i];

      if (!kiela_game_play_square (game, m, narrate ? trace : NULL, &error))
        {
          fprintf (stderr, _("kiela-cli: move %u (%s) is illegal: %s\n"), (guint) i, m, error->message);
          return KIELA_CLI_EXIT_INPUT;
        }
      if (narrate)
        {
          g_autofree char *summary = kiela_narrate_move_summary (variant, trace);

          g_string_append_printf (story, "%d. %s\n", i, summary);
          for (guint e = 0; e < kiela_trace_get_n_events (trace); e++)
            {
              g_autofree char *line = NULL;

              /* Single drops are for the stone-by-stone view; the story keeps the turns. */
              if (kiela_trace_get_event (trace, e)->type == KIELA_EVENT_DROP)
                continue;
              line = kiela_narrate_event (variant, trace, e);
              g_string_append_printf (story, "   %s\n", line);
            }
        }
    }

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      kiela_cli_add_game_json (b, game);
      kiela_cli_print_json (b, FALSE);
    }
  else
    {
      if (narrate)
        printf ("%s\n", story->str);
      kiela_cli_print_game (game);
    }
  return KIELA_CLI_EXIT_OK;
}
