/* test-game-tree.c: variations and comments: playing from a reviewed ply, following, entering,
 * promoting and deleting lines, and records of version 2 (round trip, old records, bad data). */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include "test-common.h"

static KielaRegistry *registry;

static const char *main_moves[] = { "b1", "h4", "i2", "b3", "c1", NULL };

static KielaGame *
sample_game (void)
{
  KielaGame *game = kiela_game_new (kiela_registry_lookup_variant (registry, "kiela"));

  for (guint i = 0; main_moves[i]; i++)
    g_assert_true (kiela_game_play_square (game, main_moves[i], NULL, NULL));
  return game;
}

/* A legal move after `ply` plies of `game` other than `not` (and `not2`). */
static KielaMove
other_move (KielaGame *game, guint ply, KielaMove not, KielaMove not2)
{
  g_autoptr(KielaGame) copy = kiela_game_copy (game);
  KielaMove moves[KIELA_MAX_MOVES];
  guint n;

  kiela_game_go_to (copy, ply);
  n = kiela_game_legal_moves (copy, moves);
  for (guint i = 0; i < n; i++)
    if (moves[i] != not && moves[i] != not2)
      return moves[i];
  g_assert_not_reached ();
  return -1;
}

/* The moves of `game` after the first `from` plies. */
static KielaMove
move_at (KielaGame *game, guint index)
{
  return kiela_game_get_move (game, index)->move;
}

static void
test_variation_from_review (void)
{
  g_autoptr(KielaGame) game = sample_game ();
  g_autoptr(KielaGameTree) tree = kiela_game_tree_new (game);
  KielaGame *line;
  KielaGameLine *v;
  KielaMove alt = other_move (game, 1, move_at (game, 1), -1);
  KielaMove reply;
  g_autoptr(GError) error = NULL;
  KielaPosition expected;
  KielaTrace *trace = kiela_trace_new ();

  g_assert_true (kiela_game_tree_get_game (tree) == game);
  g_assert_true (kiela_game_tree_get_current (tree) == kiela_game_tree_get_main_line (tree));

  /* Reviewing ply 1, the main line's own move is followed: nothing new. */
  g_assert_true (kiela_game_tree_play (tree, 1, move_at (game, 1), NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kiela_game_tree_count_variations (tree), ==, 0);
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 5);

  /* A different move starts a variation, which becomes the current line. */
  g_assert_true (kiela_game_tree_play (tree, 1, alt, trace, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kiela_trace_get_n_events (trace), >, 0);
  g_assert_cmpuint (kiela_game_tree_count_variations (tree), ==, 1);
  line = kiela_game_tree_get_game (tree);
  g_assert_true (line != game);
  g_assert_cmpuint (kiela_game_get_n_moves (line), ==, 2);
  g_assert_cmpint (move_at (line, 0), ==, move_at (game, 0));
  g_assert_cmpint (move_at (line, 1), ==, alt);
  /* The main line keeps all its moves. */
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 5);
  v = kiela_game_tree_get_current (tree);
  g_assert_true (kiela_game_line_get_parent (v) == kiela_game_tree_get_main_line (tree));
  g_assert_cmpuint (kiela_game_line_get_fork (v), ==, 1);
  g_assert_cmpuint (kiela_game_line_get_n_moves (v), ==, 1);
  g_assert_cmpuint (kiela_game_line_get_depth (v), ==, 1);

  /* At its end the variation grows. */
  reply = other_move (line, 2, -1, -1);
  g_assert_true (kiela_game_tree_play (tree, 2, reply, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kiela_game_line_get_n_moves (v), ==, 2);
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_game_tree_get_game (tree)), ==, 3);
  expected = *kiela_game_get_initial (game);
  kiela_sow_fast (kiela_game_get_variant (game), &expected, move_at (game, 0), NULL);
  kiela_sow_fast (kiela_game_get_variant (game), &expected, alt, NULL);
  kiela_sow_fast (kiela_game_get_variant (game), &expected, reply, NULL);
  g_assert_true (kiela_position_equal (kiela_game_get_position (kiela_game_tree_get_game (tree)), &expected));

  /* From ply 1 of the variation, the main line's move goes back to the main line. */
  g_assert_true (kiela_game_tree_play (tree, 1, move_at (game, 1), NULL, &error));
  g_assert_true (kiela_game_tree_get_game (tree) == game);
  g_assert_cmpuint (kiela_game_tree_count_variations (tree), ==, 1);
  /* ... and the variation's move enters it again, without a second copy. */
  g_assert_true (kiela_game_tree_play (tree, 1, alt, NULL, &error));
  g_assert_true (kiela_game_tree_get_current (tree) == v);
  g_assert_cmpuint (kiela_game_tree_count_variations (tree), ==, 1);
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_game_tree_get_game (tree)), ==, 3);

  /* An illegal move is refused with the engine's reason, and nothing changes. */
  g_assert_false (kiela_game_tree_play (tree, 1, 77, NULL, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE);
  g_assert_cmpuint (kiela_game_tree_count_variations (tree), ==, 1);
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_game_tree_get_game (tree)), ==, 3);

  kiela_game_tree_enter (tree, NULL);
  g_assert_true (kiela_game_tree_get_game (tree) == game);
  kiela_trace_free (trace);
}

static void
test_nested_and_undo (void)
{
  g_autoptr(KielaGame) game = sample_game ();
  g_autoptr(KielaGameTree) tree = kiela_game_tree_new (game);
  KielaMove alt = other_move (game, 2, move_at (game, 2), -1);
  KielaGameLine *v, *w;
  KielaGame *line;
  KielaMove a, b;

  g_assert_true (kiela_game_tree_play (tree, 2, alt, NULL, NULL));
  v = kiela_game_tree_get_current (tree);
  line = kiela_game_tree_get_game (tree);
  a = other_move (line, 3, -1, -1);
  g_assert_true (kiela_game_tree_play (tree, 3, a, NULL, NULL));
  b = other_move (line, 4, -1, -1);
  g_assert_true (kiela_game_tree_play (tree, 4, b, NULL, NULL));
  g_assert_cmpuint (kiela_game_line_get_n_moves (v), ==, 3);

  /* A different move inside the variation nests a variation in it. */
  g_assert_true (kiela_game_tree_play (tree, 3, other_move (line, 3, a, -1), NULL, NULL));
  w = kiela_game_tree_get_current (tree);
  g_assert_true (kiela_game_line_get_parent (w) == v);
  g_assert_cmpuint (kiela_game_line_get_depth (w), ==, 2);
  g_assert_cmpuint (kiela_game_tree_count_variations (tree), ==, 2);
  g_assert_cmpuint (kiela_game_line_get_n_variations (v), ==, 1);

  /* Back in `v`: an undo then another move replaces its last move, as in a game. */
  kiela_game_tree_enter (tree, v);
  line = kiela_game_tree_get_game (tree);
  g_assert_cmpuint (kiela_game_get_n_moves (line), ==, 5);
  g_assert_true (kiela_game_undo (line));
  g_assert_true (kiela_game_tree_play (tree, 4, other_move (line, 4, b, -1), NULL, NULL));
  g_assert_cmpuint (kiela_game_line_get_n_moves (v), ==, 3);
  g_assert_cmpint (kiela_game_line_get_move (v, 5)->move, !=, b);
  /* The nested variation left before the replaced move: it stays. */
  g_assert_cmpuint (kiela_game_tree_count_variations (tree), ==, 2);

  /* Deleting `v` deletes `w` with it; the current line goes back to the main line. */
  g_assert_true (kiela_game_tree_delete (tree, v));
  g_assert_cmpuint (kiela_game_tree_count_variations (tree), ==, 0);
  g_assert_true (kiela_game_tree_get_game (tree) == game);
  g_assert_false (kiela_game_tree_delete (tree, kiela_game_tree_get_main_line (tree)));
}

static void
test_promote (void)
{
  g_autoptr(KielaGame) game = sample_game ();
  g_autoptr(KielaGameTree) tree = kiela_game_tree_new (game);
  KielaMove alt = other_move (game, 1, move_at (game, 1), -1);
  KielaGameLine *v, *main_line = kiela_game_tree_get_main_line (tree);
  KielaPosition before;
  KielaGame *main_game;
  KielaMove reply;

  g_assert_true (kiela_game_tree_play (tree, 1, alt, NULL, NULL));
  reply = other_move (kiela_game_tree_get_game (tree), 2, -1, -1);
  g_assert_true (kiela_game_tree_play (tree, 2, reply, NULL, NULL));
  v = kiela_game_tree_get_current (tree);
  kiela_game_tree_set_comment (tree, v, 3, "the reply");
  kiela_game_tree_set_comment (tree, main_line, 4, "main, move 4");
  before = *kiela_game_get_position (kiela_game_tree_get_game (tree));

  g_assert_true (kiela_game_tree_promote (tree, v));
  main_game = kiela_game_tree_get_main_game (tree);
  /* The variation's moves are the main line now; the old continuation is the variation. */
  g_assert_cmpuint (kiela_game_get_n_moves (main_game), ==, 3);
  g_assert_cmpint (move_at (main_game, 1), ==, alt);
  g_assert_cmpint (move_at (main_game, 2), ==, reply);
  g_assert_true (kiela_game_tree_get_game (tree) == main_game);
  g_assert_true (kiela_game_tree_get_current (tree) == main_line);
  g_assert_true (kiela_position_equal (kiela_game_get_position (main_game), &before));
  g_assert_cmpuint (kiela_game_line_get_n_variations (main_line), ==, 1);
  g_assert_true (kiela_game_line_get_variation (main_line, 0) == v);
  g_assert_cmpuint (kiela_game_line_get_n_moves (v), ==, 4);
  for (guint ply = 2; ply <= 5; ply++)
    g_assert_cmpint (kiela_game_line_get_move (v, ply)->move, ==, move_at (game, ply - 1));
  /* The comments moved with their moves. */
  g_assert_cmpstr (kiela_game_tree_get_comment (tree, main_line, 3), ==, "the reply");
  g_assert_cmpstr (kiela_game_tree_get_comment (tree, v, 4), ==, "main, move 4");
  g_assert_null (kiela_game_tree_get_comment (tree, main_line, 4));

  /* Promoting it back restores the first main line, and `game` is not touched by either. */
  kiela_game_tree_make_main (tree, v);
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_game_tree_get_main_game (tree)), ==, 5);
  for (guint i = 0; i < 5; i++)
    g_assert_cmpint (move_at (kiela_game_tree_get_main_game (tree), i), ==, move_at (game, i));
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 5);
  g_assert_cmpuint (kiela_game_tree_count_variations (tree), ==, 1);
  /* The current line stayed the variation's moves throughout. */
  g_assert_true (kiela_position_equal (kiela_game_get_position (kiela_game_tree_get_game (tree)), &before));
}

/* A tree with a variation at ply 1 (two moves, a comment), one nested in it, and comments. */
static KielaGameTree *
sample_tree (void)
{
  g_autoptr(KielaGame) game = sample_game ();
  KielaGameTree *tree = kiela_game_tree_new (game);
  KielaMove alt = other_move (game, 1, move_at (game, 1), -1);
  KielaGameLine *v;
  KielaGame *line;

  kiela_game_tree_set_metadata (tree, KIELA_META_SOUTH, "Class 4B");
  kiela_game_tree_set_comment (tree, kiela_game_tree_get_main_line (tree), 0, "The whole game");
  kiela_game_tree_set_comment (tree, kiela_game_tree_get_main_line (tree), 2, "main “two”");
  g_assert_true (kiela_game_tree_play (tree, 1, alt, NULL, NULL));
  v = kiela_game_tree_get_current (tree);
  line = kiela_game_tree_get_game (tree);
  g_assert_true (kiela_game_tree_play (tree, 2, other_move (line, 2, -1, -1), NULL, NULL));
  g_assert_true (kiela_game_tree_play (tree, 3, other_move (line, 3, -1, -1), NULL, NULL));
  kiela_game_tree_set_comment (tree, v, 2, "what if?");
  g_assert_true (kiela_game_tree_play (tree, 2, other_move (line, 2, kiela_game_line_get_move (v, 3)->move, -1),
                                       NULL, NULL));
  kiela_game_tree_enter (tree, NULL);
  return tree;
}

static void
assert_same_lines (KielaGameTree *ta, KielaGameLine *a, KielaGameTree *tb, KielaGameLine *b)
{
  g_assert_cmpuint (kiela_game_line_get_fork (a), ==, kiela_game_line_get_fork (b));
  g_assert_cmpuint (kiela_game_line_get_n_moves (a), ==, kiela_game_line_get_n_moves (b));
  for (guint ply = kiela_game_line_get_fork (a) + 1; ply <= kiela_game_line_get_fork (a) + kiela_game_line_get_n_moves (a); ply++)
    {
      g_assert_cmpint (kiela_game_line_get_move (a, ply)->move, ==, kiela_game_line_get_move (b, ply)->move);
      g_assert_cmpuint (kiela_game_line_get_move (a, ply)->result.captured, ==,
                        kiela_game_line_get_move (b, ply)->result.captured);
      g_assert_cmpstr (kiela_game_tree_get_comment (ta, a, ply), ==, kiela_game_tree_get_comment (tb, b, ply));
    }
  g_assert_cmpuint (kiela_game_line_get_n_variations (a), ==, kiela_game_line_get_n_variations (b));
  for (guint i = 0; i < kiela_game_line_get_n_variations (a); i++)
    assert_same_lines (ta, kiela_game_line_get_variation (a, i), tb, kiela_game_line_get_variation (b, i));
}

static void
test_record_round_trip (void)
{
  g_autoptr(KielaGameTree) tree = sample_tree ();
  g_autofree char *text = kiela_record_tree_to_string (tree);
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaGameTree) back = kiela_record_tree_from_string (registry, text, -1, "t.kiela", &error);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *again = NULL;
  g_autofree char *dir = g_dir_make_tmp ("kiela-tree-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "class.kiela", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(KielaGameTree) loaded = NULL;
  g_autoptr(KielaGame) main_only = NULL;
  JsonObject *obj, *v0;

  g_assert_no_error (error);
  g_assert_cmpuint (kiela_game_tree_count_variations (back), ==, 2);
  assert_same_lines (tree, kiela_game_tree_get_main_line (tree), back, kiela_game_tree_get_main_line (back));
  g_assert_cmpstr (kiela_game_tree_get_comment (back, kiela_game_tree_get_main_line (back), 0), ==, "The whole game");
  g_assert_cmpstr (kiela_game_get_metadata (kiela_game_tree_get_main_game (back), KIELA_META_SOUTH), ==, "Class 4B");
  again = kiela_record_tree_to_string (back);
  g_assert_cmpstr (again, ==, text);

  /* The format as documented, read with a plain JSON parser. */
  g_assert_true (json_parser_load_from_data (parser, text, -1, NULL));
  obj = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpint (json_object_get_int_member (obj, "version"), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (obj, "comments"), "2"), ==,
                   "main “two”");
  v0 = json_array_get_object_element (json_object_get_array_member (obj, "variations"), 0);
  g_assert_cmpint (json_object_get_int_member (v0, "after"), ==, 1);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (v0, "moves")), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (v0, "comments"), "2"), ==, "what if?");
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (json_object_get_array_member (v0, "variations"), 0),
                                               "after"), ==, 2);

  /* Through a file, and through the main-line loader, which checks the variations and keeps the main line. */
  g_assert_true (kiela_record_tree_save_file (tree, file, NULL, &error));
  g_assert_no_error (error);
  loaded = kiela_record_tree_load_file (registry, file, NULL, &error);
  g_assert_no_error (error);
  assert_same_lines (tree, kiela_game_tree_get_main_line (tree), loaded, kiela_game_tree_get_main_line (loaded));
  main_only = kiela_record_load (registry, path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kiela_game_get_n_moves (main_only), ==, 5);
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* Version 1 records (no variations, no comments) still load, and are written back as version 2. */
static void
test_old_version (void)
{
  static const char v1[] =
    "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"moves\":[\"b1\",\"h4\",\"i2\"],"
    "\"result\":\"ongoing\",\"metadata\":{\"south\":\"Class\",\"comment\":\"old\"},"
    "\"variations\":\"not read in version 1\"}";
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaGameTree) tree = kiela_record_tree_from_string (registry, v1, -1, "old.kiela", &error);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_game_tree_get_main_game (tree)), ==, 3);
  g_assert_cmpuint (kiela_game_tree_count_variations (tree), ==, 0);
  g_assert_cmpstr (kiela_game_tree_get_comment (tree, kiela_game_tree_get_main_line (tree), 0), ==, "old");
  text = kiela_record_tree_to_string (tree);
  g_assert_nonnull (strstr (text, "\"version\" : 2"));
  g_assert_null (strstr (text, "variations"));
}

/* An empty list of variations is no variation, at the top and inside a variation (found by
 * fuzz-record: the empty list reached qsort with no array, which UBSan refuses). */
static void
test_empty_variations (void)
{
  static const char *texts[] = {
    "{\"format\":\"kiela-game\",\"version\":2,\"variant\":\"kiela\",\"moves\":[\"b1\",\"h4\",\"i2\"],"
    "\"variations\":[]}",
    "{\"format\":\"kiela-game\",\"version\":2,\"variant\":\"kiela\",\"moves\":[\"b1\",\"h4\",\"i2\"],"
    "\"variations\":[{\"after\":0,\"moves\":[\"c1\"],\"variations\":[]}]}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KielaGameTree) tree = kiela_record_tree_from_string (registry, texts[i], -1, "empty.kiela", &error);
      g_autoptr(KielaGame) game = NULL;

      g_assert_no_error (error);
      g_assert_nonnull (tree);
      g_assert_cmpuint (kiela_game_get_n_moves (kiela_game_tree_get_main_game (tree)), ==, 3);
      g_assert_cmpuint (kiela_game_tree_count_variations (tree), ==, i);
      game = kiela_record_from_string (registry, texts[i], -1, "empty.kiela", &error);
      g_assert_no_error (error);
      g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 3);
    }
}

static void
test_bad_variations (void)
{
#define HEAD "{\"format\":\"kiela-game\",\"version\":2,\"variant\":\"kiela\",\"moves\":[\"b1\",\"h4\",\"i2\"]"
  static const struct { const char *text; const char *expected; } cases[] = {
    { HEAD ",\"variations\":{}}", "“variations” must be a list" },
    { HEAD ",\"variations\":[3]}", "“variations[0]” must be an object" },
    { HEAD ",\"variations\":[{\"moves\":[\"c3\"]}]}", "“variations[0].after” must be the number of plies before the variation, from 0 to 2" },
    { HEAD ",\"variations\":[{\"after\":3,\"moves\":[\"c3\"]}]}", "“variations[0].after” must be" },
    { HEAD ",\"variations\":[{\"after\":-1,\"moves\":[\"c3\"]}]}", "“variations[0].after” must be" },
    { HEAD ",\"variations\":[{\"after\":\"1\",\"moves\":[\"c3\"]}]}", "“variations[0].after” must be" },
    { HEAD ",\"variations\":[{\"after\":1,\"moves\":[]}]}", "“variations[0].moves” must be a list of one move or more" },
    { HEAD ",\"variations\":[{\"after\":1}]}", "“variations[0].moves” must be a list of one move or more" },
    { HEAD ",\"variations\":[{\"after\":0,\"moves\":[\"a1\"]},{\"after\":1,\"moves\":[\"b1\"]}]}",
      "“variations[1].moves[0]” (b1) is illegal: b1 belongs to South" },
    { HEAD ",\"variations\":[{\"after\":1,\"moves\":[7]}]}", "“variations[0].moves[0]” is not a square name" },
    { HEAD ",\"variations\":[{\"after\":1,\"moves\":[\"h4\"]}]}", "“variations[0]” starts with h4, the move its line plays already" },
    { HEAD ",\"variations\":[{\"after\":0,\"moves\":[\"c1\"],\"comments\":{\"2\":\"x\"}}]}",
      "“variations[0].comments.2” names no move of its line: the keys are the plies 1 to 1" },
    { HEAD ",\"variations\":[{\"after\":0,\"moves\":[\"c1\"],\"comments\":{\"1\":5}}]}", "“variations[0].comments.1” must be a string" },
    { HEAD ",\"variations\":[{\"after\":0,\"moves\":[\"c1\"],\"comments\":{\"1\":\"\\ud800x\"}}]}",
      "“variations[0].comments.1” is not valid UTF-8 text" },
    { HEAD ",\"variations\":[{\"after\":0,\"moves\":[\"c1\"],\"variations\":[{\"after\":0,\"moves\":[\"c1\"]}]}]}",
      "“variations[0].variations[0]” starts with c1, the move its line plays already" },
    { HEAD ",\"variations\":[{\"after\":0,\"moves\":[\"c1\"],\"variations\":[{\"after\":1,\"moves\":[\"c1\"]}]}]}",
      "“variations[0].variations[0].after” must be the number of plies before the variation, from 0 to 0" },
    { HEAD ",\"comments\":{\"4\":\"x\"}}", "“comments.4” names no move of its line: the keys are the plies 1 to 3" },
    { HEAD ",\"comments\":{\"01\":\"x\"}}", "“comments.01” names no move of its line" },
    { HEAD ",\"comments\":[]}", "“comments” must be an object" },
  };
  gboolean refused_by_json = test_json_refuses_lone_surrogates ();

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KielaGameTree) tree = kiela_record_tree_from_string (registry, cases[i].text, -1, "bad.kiela", &error);
      g_autoptr(KielaGame) game = NULL;
      const char *expected = cases[i].expected;

      if (tree != NULL)
        g_error ("case %u loaded: %s", i, cases[i].text);
      /* json-glib 1.10 refuses a lone surrogate itself, before the record's own check. */
      if (refused_by_json && test_has_lone_surrogate (cases[i].text))
        expected = "not valid JSON";
      g_assert_error (error, KIELA_ERROR, KIELA_ERROR_RECORD);
      if (!g_str_has_prefix (error->message, "bad.kiela: ") || strstr (error->message, expected) == NULL)
        g_error ("case %u: “%s” does not say “%s”", i, error->message, expected);
      g_clear_error (&error);
      /* The main-line loader refuses the same records. */
      game = kiela_record_from_string (registry, cases[i].text, -1, "bad.kiela", &error);
      g_assert_null (game);
      g_assert_error (error, KIELA_ERROR, KIELA_ERROR_RECORD);
    }
#undef HEAD
}

/* Many variations: 200,000 of one move, at the forks 0 to 4 of the main line in the record's
 * order of latest fork first.  They load in the order of their forks, then as the record lists
 * them, and save back in that order.  (Loading them took 80 s of CPU when each line was inserted
 * after a scan of those already read; the time is measured in docs/formats.md, not asserted here.) */
static void
test_many_variations (void)
{
  g_autoptr(KielaGame) game = sample_game ();
  g_autoptr(GString) text = g_string_new ("{\"format\":\"kiela-game\",\"version\":2,\"variant\":\"kiela\","
                                          "\"moves\":[\"b1\",\"h4\",\"i2\",\"b3\",\"c1\"],\"variations\":[");
  const guint n = 200000, n_forks = 5;
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaGameTree) tree = NULL, again = NULL;
  g_autofree char *saved = NULL;
  KielaGameLine *main_line;
  KielaMove alt[5][2];
  char names[5][2][4];

  for (guint f = 0; f < n_forks; f++)
    {
      alt[f][0] = other_move (game, f, move_at (game, f), -1);
      alt[f][1] = other_move (game, f, move_at (game, f), alt[f][0]);
      for (guint k = 0; k < 2; k++)
        {
          KielaSquare sq;

          kiela_square_from_house (10, f % 2 ? KIELA_NORTH : KIELA_SOUTH, alt[f][k], &sq);
          kiela_square_name (10, sq.side, sq.house, names[f][k]);
        }
    }
  /* Variation i forks after 4 - i * n_forks / n plies and plays alt[fork][i % 2]. */
  for (guint i = 0; i < n; i++)
    {
      guint fork = n_forks - 1 - i * n_forks / n;

      g_string_append_printf (text, "%s{\"after\":%u,\"moves\":[\"%s\"]}", i ? "," : "", fork, names[fork][i % 2]);
    }
  g_string_append (text, "]}");

  tree = kiela_record_tree_from_string (registry, text->str, (gssize) text->len, "many.kiela", &error);
  g_assert_no_error (error);
  main_line = kiela_game_tree_get_main_line (tree);
  g_assert_cmpuint (kiela_game_line_get_n_variations (main_line), ==, n);
  for (guint j = 0; j < n; j++)
    {
      KielaGameLine *v = kiela_game_line_get_variation (main_line, j);
      /* The j-th line in fork order is the record's variation i. */
      guint fork = j / (n / n_forks), i = (n_forks - 1 - fork) * (n / n_forks) + j % (n / n_forks);

      g_assert_cmpuint (kiela_game_line_get_fork (v), ==, fork);
      g_assert_cmpint (kiela_game_line_get_move (v, fork + 1)->move, ==, alt[fork][i % 2]);
    }
  saved = kiela_record_tree_to_string (tree);
  again = kiela_record_tree_from_string (registry, saved, -1, "saved.kiela", &error);
  g_assert_no_error (error);
  main_line = kiela_game_tree_get_main_line (again);
  for (guint j = 0; j < n; j += 997)
    g_assert_cmpint (kiela_game_line_get_move (kiela_game_line_get_variation (main_line, j),
                                               j / (n / n_forks) + 1)->move,
                     ==, kiela_game_line_get_move (kiela_game_line_get_variation (kiela_game_tree_get_main_line (tree), j),
                                                   j / (n / n_forks) + 1)->move);
}

int
main (int argc, char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  registry = test_registry ();
  g_test_add_func ("/tree/variation-from-review", test_variation_from_review);
  g_test_add_func ("/tree/nested-and-undo", test_nested_and_undo);
  g_test_add_func ("/tree/promote", test_promote);
  g_test_add_func ("/tree/record-round-trip", test_record_round_trip);
  g_test_add_func ("/tree/old-version", test_old_version);
  g_test_add_func ("/tree/bad-variations", test_bad_variations);
  g_test_add_func ("/tree/empty-variations", test_empty_variations);
  g_test_add_func ("/tree/many-variations", test_many_variations);
  return g_test_run ();
}
