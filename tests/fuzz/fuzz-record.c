/* fuzz-record.c: libFuzzer target for game records: never crash, errors are UTF-8 and name the
 * source, and whatever loads saves into a record that loads again as the same game, with the
 * same variations and comments. */
#include "config.h"

#include <string.h>
#include "fuzz-common.h"

static void
check_same (KielaGame *a, KielaGame *b)
{
  GHashTableIter iter;
  gpointer k, v;

  FUZZ_CHECK (kiela_game_get_variant (a) == kiela_game_get_variant (b), "variant changed");
  FUZZ_CHECK (kiela_game_get_n_moves (a) == kiela_game_get_n_moves (b), "move count changed");
  FUZZ_CHECK (kiela_position_equal (kiela_game_get_initial (a), kiela_game_get_initial (b)), "initial position changed");
  FUZZ_CHECK (kiela_position_equal (kiela_game_get_position (a), kiela_game_get_position (b)), "position changed");
  FUZZ_CHECK (kiela_game_get_status (a, NULL) == kiela_game_get_status (b, NULL), "result changed");
  FUZZ_CHECK (g_hash_table_size (kiela_game_get_metadata_table (a)) ==
              g_hash_table_size (kiela_game_get_metadata_table (b)), "metadata changed");
  g_hash_table_iter_init (&iter, kiela_game_get_metadata_table (a));
  while (g_hash_table_iter_next (&iter, &k, &v))
    FUZZ_CHECK (g_strcmp0 (kiela_game_get_metadata (b, k), v) == 0, "metadata “%s” changed", (char *) k);
}

static void
check_same_lines (KielaGameTree *ta, KielaGameLine *a, KielaGameTree *tb, KielaGameLine *b)
{
  guint fork = kiela_game_line_get_fork (a);

  FUZZ_CHECK (fork == kiela_game_line_get_fork (b), "a variation's fork changed");
  FUZZ_CHECK (kiela_game_line_get_n_moves (a) == kiela_game_line_get_n_moves (b), "a line's length changed");
  FUZZ_CHECK (kiela_game_line_get_n_variations (a) == kiela_game_line_get_n_variations (b), "variations changed");
  for (guint ply = fork + 1; ply <= fork + kiela_game_line_get_n_moves (a); ply++)
    {
      FUZZ_CHECK (kiela_game_line_get_move (a, ply)->move == kiela_game_line_get_move (b, ply)->move,
                  "a move changed at ply %u", ply);
      FUZZ_CHECK (g_strcmp0 (kiela_game_tree_get_comment (ta, a, ply), kiela_game_tree_get_comment (tb, b, ply)) == 0,
                  "a comment changed at ply %u", ply);
    }
  for (guint i = 0; i < kiela_game_line_get_n_variations (a); i++)
    check_same_lines (ta, kiela_game_line_get_variation (a, i), tb, kiela_game_line_get_variation (b, i));
}

static void
run (const guint8 *data, size_t size)
{
  GError *error = NULL;
  KielaGameTree *tree = kiela_record_tree_from_string (fuzz_registry (), (const char *) data, (gssize) size,
                                                       "fuzz.kiela", &error);
  KielaGame *game = tree ? g_object_ref (kiela_game_tree_get_main_game (tree)) : NULL;

  if (game == NULL)
    {
      FUZZ_CHECK (error != NULL, "refused without an error");
      FUZZ_CHECK (g_utf8_validate (error->message, -1, NULL), "the error is not UTF-8");
      FUZZ_CHECK (g_str_has_prefix (error->message, "fuzz.kiela: "), "the error does not name the source: %s",
                  error->message);
      g_error_free (error);
      return;
    }
  {
    char *saved = kiela_record_tree_to_string (tree);
    KielaGameTree *again;

    FUZZ_CHECK (g_utf8_validate (saved, -1, NULL), "saved a record that is not UTF-8");
    again = kiela_record_tree_from_string (fuzz_registry (), saved, -1, "saved.kiela", &error);
    FUZZ_CHECK (again != NULL, "a loaded record saved into one that is refused: %s", error ? error->message : "");
    check_same (game, kiela_game_tree_get_main_game (again));
    check_same_lines (tree, kiela_game_tree_get_main_line (tree), again, kiela_game_tree_get_main_line (again));
    g_object_unref (again);
    g_free (saved);
  }
  g_object_unref (game);
  g_object_unref (tree);
}

FUZZ_ENTRY_POINTS (run,
                   "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"moves\":[\"g1\"],"
                   "\"metadata\":{\"south\":\"Ana\"}}",
                   "{")
