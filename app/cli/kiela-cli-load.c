/* kiela-cli-load.c: "kiela-cli load": checks a game record as the app opens it, prints its final position, and can save it again. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-cli-common.h"

int
kiela_cli_load (KielaRegistry *registry, int argc, char **argv)
{
  g_autofree char *save = NULL;
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON, as “play --json” does"), NULL },
    { "save", 0, 0, G_OPTION_ARG_FILENAME, &save, N_("Save the game again to OUT, as the app saves it"), "OUT" },
    { NULL }
  };
  g_autoptr(KielaGameTree) tree = NULL;
  KielaGame *game;
  g_autoptr(GError) error = NULL;

  if (!kiela_cli_parse ("load", entries, _("FILE"),
                        _("Loads a game record exactly as the app opens it (every field and every move is checked) "
                          "and prints the final position as “play” does."),
                        NULL, &argc, &argv))
    return KIELA_CLI_EXIT_USAGE;
  if (argc != 2)
    {
      fprintf (stderr, _("kiela-cli load: give exactly one game record (got %d)\n"), argc - 1);
      return KIELA_CLI_EXIT_USAGE;
    }

  /* Refuse a device, a folder or an unwritable folder before the work, not after. */
  if (save != NULL)
    {
      g_autoptr(GFile) out = g_file_new_for_commandline_arg (save);

      if (!kiela_file_check_replaceable (out, &error))
        {
          fprintf (stderr, _("kiela-cli load: --save: %s\n"), error->message);
          return KIELA_CLI_EXIT_INPUT;
        }
    }

  {
    g_autoptr(GFile) in = g_file_new_for_path (argv[1]);

    /* The tree: --save keeps the record's variations and comments. */
    tree = kiela_record_tree_load_file (registry, in, NULL, &error);
  }
  if (tree == NULL)
    {
      /* The engine's message names the file and the problem. */
      fprintf (stderr, _("kiela-cli load: %s\n"), error->message);
      return KIELA_CLI_EXIT_INPUT;
    }

  game = kiela_game_tree_get_main_game (tree);
  if (save != NULL)
    {
      g_autoptr(GFile) out = g_file_new_for_path (save);

      if (!kiela_record_tree_save_file (tree, out, NULL, &error))
        {
          fprintf (stderr, _("kiela-cli load: --save: %s\n"), error->message);
          return KIELA_CLI_EXIT_INPUT;
        }
    }

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      kiela_cli_add_game_json (b, game);
      kiela_cli_print_json (b, FALSE);
    }
  else
    kiela_cli_print_game (game);
  return KIELA_CLI_EXIT_OK;
}
