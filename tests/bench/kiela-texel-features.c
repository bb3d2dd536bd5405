/* kiela-texel-features.c: the evaluation's terms of every position of AI games, for scripts/texel-tune.sh. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include "kiela.h"
#include "../../plugins/ai/kiela-ai-classic-private.h"

/*
 * kiela-texel-features VARIANT SKIP < GAMES.csv
 *
 * Reads the CSV `kiela-cli tournament --csv` writes (columns result and moves), replays
 * each game and prints, for every position from ply SKIP on with a move to play, one line:
 *
 *   GAME RESULT MATERIAL MOBILITY EXPOSURE THREAT SAFE TEMPO
 *
 * GAME numbers the game (from 1, in the order read), RESULT is the game's result for the side to move (1, 0.5, 0); the others are the plugin's
 * own classic_evaluate() with one weight at 1 and the rest at 0, so the evaluation with
 * weights w is exactly the sum of w times these terms (the script fits w on them).  A game
 * whose moves do not replay is an error naming the game.
 */

G_GNUC_UNUSED static const char *const term_keys[] = { "material", "mobility", "exposure", "threat", "safe", "tempo" };

static gboolean
split_csv (const char *line, GPtrArray *fields)
{
  GString *cur = g_string_new (NULL);
  gboolean quoted = FALSE;

  g_ptr_array_set_size (fields, 0);
  for (const char *p = line; *p && *p != '\n' && *p != '\r'; p++)
    {
      if (quoted)
        {
          if (*p == '"' && p[1] == '"')
            g_string_append_c (cur, '"'), p++;
          else if (*p == '"')
            quoted = FALSE;
          else
            g_string_append_c (cur, *p);
        }
      else if (*p == '"')
        quoted = TRUE;
      else if (*p == ',')
        {
          g_ptr_array_add (fields, g_string_free (cur, FALSE));
          cur = g_string_new (NULL);
        }
      else
        g_string_append_c (cur, *p);
    }
  g_ptr_array_add (fields, g_string_free (cur, FALSE));
  return !quoted;
}

static gint
find_column (GPtrArray *header, const char *name)
{
  for (guint i = 0; i < header->len; i++)
    if (strcmp (g_ptr_array_index (header, i), name) == 0)
      return (gint) i;
  return -1;
}

int
main (int argc, char **argv)
{
  g_autoptr(KielaRegistry) registry = NULL;
  g_autoptr(GPtrArray) header = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) fields = g_ptr_array_new_with_free_func (g_free);
  const KielaVariant *variant;
  ClassicEvalWeights unit[G_N_ELEMENTS (term_keys)];
  char line[65536];
  gint result_col, moves_col;
  guint skip, games = 0, positions = 0, lineno = 1;

  if (argc != 3)
    {
      g_printerr ("usage: kiela-texel-features VARIANT SKIP < GAMES.csv\n");
      return 2;
    }
  kiela_paths_init (KIELA_BUILD_ROOT);
  registry = kiela_registry_new ();
  kiela_registry_load_default (registry);
  variant = kiela_registry_lookup_variant (registry, argv[1]);
  if (variant == NULL || variant->setup_phase)
    {
      g_printerr ("kiela-texel-features: %s is not a variant without a setup phase\n", argv[1]);
      return 2;
    }
  skip = (guint) g_ascii_strtoull (argv[2], NULL, 10);
  for (guint t = 0; t < G_N_ELEMENTS (term_keys); t++)
    {
      memset (&unit[t], 0, sizeof unit[t]);
      ((gint *) &unit[t])[t] = 1;   /* the fields of ClassicEvalWeights, in term_keys' order */
    }

  if (fgets (line, sizeof line, stdin) == NULL || !split_csv (line, header)
      || (result_col = find_column (header, "result")) < 0 || (moves_col = find_column (header, "moves")) < 0)
    {
      g_printerr ("kiela-texel-features: standard input: not a tournament CSV (no result and moves columns)\n");
      return 1;
    }
  while (fgets (line, sizeof line, stdin) != NULL)
    {
      g_autoptr(KielaGame) game = kiela_game_new (variant);
      g_auto(GStrv) moves = NULL;
      const char *result;
      double south_score;

      lineno++;
      if (!split_csv (line, fields) || fields->len <= (guint) MAX (result_col, moves_col))
        {
          g_printerr ("kiela-texel-features: standard input, line %u: not a game row\n", lineno);
          return 1;
        }
      result = g_ptr_array_index (fields, result_col);
      if (strcmp (result, "south wins") == 0)
        south_score = 1.0;
      else if (strcmp (result, "north wins") == 0)
        south_score = 0.0;
      else if (strcmp (result, "draw") == 0)
        south_score = 0.5;
      else
        continue;   /* a stopped game has no result to learn from */
      moves = g_strsplit (g_ptr_array_index (fields, moves_col), " ", -1);
      for (guint i = 0; moves[i]; i++)
        {
          g_autoptr(GError) error = NULL;
          const KielaPosition *pos;

          if (moves[i][0] == '\0')
            continue;
          pos = kiela_game_get_position (game);
          if (i >= skip)
            {
              printf ("%u %g", games + 1, pos->to_move == KIELA_SOUTH ? south_score : 1.0 - south_score);
              for (guint t = 0; t < G_N_ELEMENTS (term_keys); t++)
                printf (" %d", classic_evaluate (variant, pos, &unit[t]));
              putchar ('\n');
              positions++;
            }
          if (!kiela_game_play_square (game, moves[i], NULL, &error))
            {
              g_printerr ("kiela-texel-features: standard input, line %u: move %u (%s): %s\n",
                          lineno, i + 1, moves[i], error->message);
              return 1;
            }
        }
      games++;
    }
  g_printerr ("kiela-texel-features: %u games, %u positions\n", games, positions);
  return 0;
}
