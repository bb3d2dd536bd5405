/* test-record-common.c: the record tests' registry and helpers (test-record-common.h). */
#include "config.h"
#include "test-common.h"
#include "test-record-common.h"

KielaRegistry *registry;

KielaGame *
sample_game (void)
{
  KielaGame *game = kiela_game_new (kiela_registry_lookup_variant (registry, "kiela"));
  const char *moves[] = { "b1", "h4", "i2", "b3", NULL };

  for (guint i = 0; moves[i]; i++)
    g_assert_true (kiela_game_play_square (game, moves[i], NULL, NULL));
  kiela_game_set_metadata (game, KIELA_META_SOUTH, "Ana");
  kiela_game_set_metadata (game, KIELA_META_NORTH, "Bento");
  kiela_game_set_metadata (game, KIELA_META_DATE, "2026-11-30");
  kiela_game_set_metadata (game, KIELA_META_EVENT, "Class 4B");
  kiela_game_set_metadata (game, KIELA_META_COMMENT, "Double capture on move 3 — “nice”");
  return game;
}

/* Whether two games hold the same history, start, setup, result and metadata. */
void
assert_same_game (KielaGame *a, KielaGame *b)
{
  GHashTableIter iter;
  gpointer k, v;

  g_assert_true (kiela_game_get_variant (a) == kiela_game_get_variant (b));
  g_assert_true (kiela_position_equal (kiela_game_get_start (a), kiela_game_get_start (b)));
  g_assert_true (kiela_position_equal (kiela_game_get_initial (a), kiela_game_get_initial (b)));
  g_assert_cmpuint (kiela_game_get_n_moves (a), ==, kiela_game_get_n_moves (b));
  for (guint i = 0; i < kiela_game_get_n_moves (a); i++)
    g_assert_cmpint (kiela_game_get_move (a, i)->move, ==, kiela_game_get_move (b, i)->move);
  g_assert_true (kiela_position_equal (kiela_game_get_position (a), kiela_game_get_position (b)));
  g_assert_cmpint (kiela_game_get_status (a, NULL), ==, kiela_game_get_status (b, NULL));
  g_assert_cmpuint (g_hash_table_size (kiela_game_get_metadata_table (a)), ==,
                    g_hash_table_size (kiela_game_get_metadata_table (b)));
  g_hash_table_iter_init (&iter, kiela_game_get_metadata_table (a));
  while (g_hash_table_iter_next (&iter, &k, &v))
    g_assert_cmpstr (kiela_game_get_metadata (b, k), ==, v);
}
