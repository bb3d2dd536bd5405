/* test-session.c: the app's game logic (KielaGameSession) without a display: playing, undo to the
 * human's turn, computer moves and their cancellation, hints, the expert setup, properties,
 * variations, games from a position.  Unsaved changes, files and autosave: test-session-files.c. */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include "kiela-game-session.h"
#include "kiela-ai-player.h"
#include "kiela-game-file.h"
#include "app-test-util.h"
#include "app-test-session.h"

/* ---------- tests ---------- */

/* A human move is played, notified and replayable; an illegal one is refused with the reason. */
static void
test_play (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  KielaSquare sq;

  kiela_game_session_new_game (f->session, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  g_assert_cmpuint (kiela_game_session_get_view_ply (f->session), ==, 0);
  g_assert_false (kiela_game_session_get_modified (f->session));
  g_assert_true (kiela_game_session_can_play (f->session));

  g_assert_true (kiela_square_parse (10, "a2", &sq, NULL));
  g_assert_false (kiela_game_session_play (f->session, (KielaMove) sq.house, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE);
  g_assert_nonnull (strstr (error->message, "a2"));
  g_assert_cmpuint (kiela_game_get_n_moves (game_of (f)), ==, 0);
  g_assert_cmpuint (f->played, ==, 0);

  play_first_legal (f);
  g_assert_cmpuint (kiela_game_get_n_moves (game_of (f)), ==, 1);
  g_assert_cmpuint (kiela_game_session_get_view_ply (f->session), ==, 1);
  g_assert_cmpuint (f->played, ==, 1);
  g_assert_true (kiela_game_session_get_modified (f->session));
  g_assert_cmpint (kiela_game_session_get_turn (f->session), ==, KIELA_NORTH);

  /* While the view replays the move, nothing may be played. */
  kiela_game_session_set_replaying (f->session, TRUE);
  g_assert_false (kiela_game_session_can_play (f->session));
  g_assert_false (kiela_game_session_play (f->session, first_legal (f), NULL));
  kiela_game_session_set_replaying (f->session, FALSE);

  /* Reviewing an earlier ply is not playing. */
  kiela_game_session_set_view_ply (f->session, 0);
  g_assert_false (kiela_game_session_is_live (f->session));
  g_assert_false (kiela_game_session_can_play (f->session));
  kiela_game_session_set_view_ply (f->session, 99);
  g_assert_cmpuint (kiela_game_session_get_view_ply (f->session), ==, 1);
}

/* Against the computer: its reply comes from a worker thread, and undo goes back to the
 * human's turn (undoing only the reply would let the computer play it again at once). */
static void
test_ai_reply_and_undo (Fixture *f, gconstpointer data)
{
  const KielaPersonality *ai = personality (f, FALSE);
  KielaPosition start;

  kiela_game_session_new_game (f->session, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, ai);
  start = *kiela_game_get_position (game_of (f));
  g_assert_false (kiela_game_session_get_ai_thinking (f->session));
  play_first_legal (f);
  g_assert_true (kiela_game_session_get_ai_thinking (f->session));
  g_assert_false (kiela_game_session_can_play (f->session));
  wait_until (two_moves, f, 30000, "the computer's reply");
  g_assert_cmpuint (f->played, ==, 2);
  g_assert_cmpint (kiela_game_session_get_turn (f->session), ==, KIELA_SOUTH);

  g_assert_true (kiela_game_session_undo (f->session));
  g_assert_cmpuint (kiela_game_get_n_moves (game_of (f)), ==, 0);
  g_assert_cmpuint (kiela_game_session_get_view_ply (f->session), ==, 0);
  g_assert_true (kiela_position_equal (kiela_game_get_position (game_of (f)), &start));
  g_assert_false (kiela_game_session_get_ai_thinking (f->session));
  g_assert_true (kiela_game_session_can_play (f->session));

  /* Redo brings back both moves, the human's and the reply. */
  g_assert_true (kiela_game_session_redo (f->session));
  g_assert_cmpuint (kiela_game_get_n_moves (game_of (f)), ==, 2);
  g_assert_false (kiela_game_session_get_ai_thinking (f->session));
}

/* While a move is replayed the computer waits; it starts when the replay ends. */
static void
test_ai_waits_for_replay (Fixture *f, gconstpointer data)
{
  const KielaPersonality *ai = personality (f, FALSE);

  kiela_game_session_new_game (f->session, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, ai);
  kiela_game_session_set_replaying (f->session, TRUE);
  kiela_game_session_set_replaying (f->session, FALSE);
  play_first_legal (f);
  g_assert_true (kiela_game_session_get_ai_thinking (f->session));
  wait_until (two_moves, f, 30000, "the computer's reply");

  kiela_game_session_undo (f->session);
  f->replay_on_play = TRUE;
  play_first_legal (f);
  f->replay_on_play = FALSE;
  g_assert_true (kiela_game_session_get_replaying (f->session));
  spin (50);
  g_assert_false (kiela_game_session_get_ai_thinking (f->session));
  g_assert_cmpuint (kiela_game_get_n_moves (game_of (f)), ==, 1);
  kiela_game_session_set_replaying (f->session, FALSE);
  g_assert_true (kiela_game_session_get_ai_thinking (f->session));
  wait_until (two_moves, f, 30000, "the computer's reply after the replay");
}

/* A new game while the computer thinks cancels it: its answer never lands. */
static void
test_ai_cancel (Fixture *f, gconstpointer data)
{
  const KielaPersonality *strong = personality (f, TRUE);
  KielaGame *game;

  kiela_game_session_new_game (f->session, kiela_registry_lookup_variant (f->registry, "kiela"), strong, strong);
  g_assert_true (kiela_game_session_get_ai_thinking (f->session));
  kiela_game_session_new_game (f->session, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  game = game_of (f);
  g_assert_false (kiela_game_session_get_ai_thinking (f->session));
  spin (1500);
  g_assert_true (game_of (f) == game);
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 0);
  g_assert_cmpuint (f->played, ==, 0);

  /* Disposing the session while it thinks is safe too (the reply is dropped unread). */
  kiela_game_session_new_game (f->session, kiela_registry_lookup_variant (f->registry, "kiela"), strong, strong);
  g_clear_object (&f->session);
  spin (1500);
}

/* Two computers: undo pauses them until resumed. */
static void
test_ai_vs_ai_undo_pauses (Fixture *f, gconstpointer data)
{
  const KielaPersonality *ai = personality (f, FALSE);

  kiela_game_session_new_game (f->session, kiela_registry_lookup_variant (f->registry, "kiela"), ai, ai);
  wait_until (two_moves, f, 30000, "two computer moves");
  g_assert_true (kiela_game_session_undo (f->session));
  g_assert_true (kiela_game_session_get_ai_paused (f->session));
  g_assert_false (kiela_game_session_get_ai_thinking (f->session));
  spin (200);
  g_assert_false (kiela_game_session_get_ai_thinking (f->session));
  kiela_game_session_resume_ai (f->session);
  g_assert_false (kiela_game_session_get_ai_paused (f->session));
  g_assert_true (kiela_game_session_get_ai_thinking (f->session));
}

static gboolean
hint_arrived (gpointer data)
{
  Fixture *f = data;

  return !kiela_game_session_get_hint_pending (f->session);
}

/* A hint names a legal house of the side to move, and goes away when the game moves on. */
static void
test_hint (Fixture *f, gconstpointer data)
{
  KielaMove hint;

  kiela_game_session_new_game (f->session, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  g_assert_true (kiela_game_session_can_hint (f->session));
  kiela_game_session_request_hint (f->session);
  g_assert_true (kiela_game_session_get_hint_pending (f->session));
  g_assert_false (kiela_game_session_can_hint (f->session));
  wait_until (hint_arrived, f, 30000, "the hint");
  hint = kiela_game_session_get_hint_move (f->session);
  g_assert_true (kiela_game_is_legal (game_of (f), hint));
  g_assert_true (g_str_has_prefix (kiela_game_session_get_hint (f->session), "Hint: sow "));
  g_assert_cmpuint (f->messages->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (f->messages, 0), ==, kiela_game_session_get_hint (f->session));

  g_assert_true (kiela_game_session_play (f->session, hint, NULL));
  g_assert_null (kiela_game_session_get_hint (f->session));
  g_assert_cmpint (kiela_game_session_get_hint_move (f->session), ==, -1);

  /* A hint asked for and then overtaken by a move never lands. */
  kiela_game_session_request_hint (f->session);
  play_first_legal (f);
  g_assert_false (kiela_game_session_get_hint_pending (f->session));
  spin (1500);
  g_assert_null (kiela_game_session_get_hint (f->session));
}

/* The expert setup phase: the human moves stones within their own rows, then the other side. */
static void
test_setup_phase (Fixture *f, gconstpointer data)
{
  const KielaVariant *expert = kiela_registry_lookup_variant (f->registry, "kiela-expert");
  g_autoptr(GError) error = NULL;
  KielaPosition pos;
  guint before;

  g_assert_nonnull (expert);
  kiela_game_session_new_game (f->session, expert, NULL, NULL);
  g_assert_cmpint (kiela_game_session_get_phase (f->session), ==, KIELA_PHASE_SETUP_SOUTH);
  g_assert_cmpint (kiela_game_session_get_turn (f->session), ==, KIELA_SOUTH);
  g_assert_false (kiela_game_session_can_play (f->session));
  g_assert_false (kiela_game_session_can_undo (f->session));

  kiela_game_session_get_setup_position (f->session, &pos);
  before = pos.houses[KIELA_SOUTH][19];
  g_assert_true (kiela_game_session_setup_move (f->session, KIELA_SOUTH, 0, 19, &error));
  g_assert_no_error (error);
  kiela_game_session_get_setup_position (f->session, &pos);
  g_assert_cmpuint (pos.houses[KIELA_SOUTH][19], ==, before + 1);
  /* North may not move South's stones, nor may anyone take from an empty house. */
  g_assert_false (kiela_game_session_setup_move (f->session, KIELA_NORTH, 0, 1, NULL));
  g_assert_false (kiela_game_session_setup_move (f->session, KIELA_SOUTH, 15, 19, &error));
  g_assert_nonnull (strstr (error->message, "is empty"));

  g_assert_true (kiela_game_session_setup_done (f->session, NULL));
  g_assert_cmpint (kiela_game_session_get_phase (f->session), ==, KIELA_PHASE_SETUP_NORTH);
  g_assert_true (kiela_game_session_get_modified (f->session));
  g_assert_true (kiela_game_session_setup_skip (f->session, NULL));
  g_assert_cmpint (kiela_game_session_get_phase (f->session), ==, KIELA_PHASE_PLAY);
  g_assert_cmpuint (kiela_game_get_initial (game_of (f))->houses[KIELA_SOUTH][19], ==, before + 1);
  g_assert_true (kiela_game_session_can_play (f->session));
}

/* The arrangement moves several stones at once, never more than a house holds, and undoes
 * its steps one by one, last first; a new arrangement starts with nothing to undo. */
static void
test_setup_several_and_undo (Fixture *f, gconstpointer data)
{
  const KielaVariant *expert = kiela_registry_lookup_variant (f->registry, "kiela-expert");
  g_autoptr(GError) error = NULL;
  KielaPosition start, pos;
  guint total = 0;

  kiela_game_session_new_game (f->session, expert, NULL, NULL);
  kiela_game_session_get_setup_position (f->session, &start);
  for (guint h = 0; h < 2u * start.files; h++)
    total += start.houses[KIELA_SOUTH][h];
  g_assert_false (kiela_game_session_setup_can_undo (f->session));
  g_assert_false (kiela_game_session_setup_undo (f->session));

  /* Three stones from b1 (hole 1) to a2 (hole 19): b1 holds two, so two move. */
  g_assert_cmpuint (start.houses[KIELA_SOUTH][1], ==, 2);
  g_assert_true (kiela_game_session_setup_move_n (f->session, KIELA_SOUTH, 1, 19, 3, &error));
  g_assert_no_error (error);
  kiela_game_session_get_setup_position (f->session, &pos);
  g_assert_cmpuint (pos.houses[KIELA_SOUTH][1], ==, 0);
  g_assert_cmpuint (pos.houses[KIELA_SOUTH][19], ==, start.houses[KIELA_SOUTH][19] + 2);
  g_assert_cmpuint (kiela_game_session_get_setup_moved (f->session), ==, 2);
  /* All of a2 (G_MAXUINT) to c1 (hole 2). */
  g_assert_true (kiela_game_session_setup_move_n (f->session, KIELA_SOUTH, 19, 2, G_MAXUINT, NULL));
  kiela_game_session_get_setup_position (f->session, &pos);
  g_assert_cmpuint (pos.houses[KIELA_SOUTH][19], ==, 0);
  g_assert_cmpuint (pos.houses[KIELA_SOUTH][2], ==, start.houses[KIELA_SOUTH][2] + start.houses[KIELA_SOUTH][19] + 2);
  g_assert_cmpuint (kiela_game_session_get_setup_moved (f->session), ==, 2 + start.houses[KIELA_SOUTH][19] + 2);
  /* A house onto itself, or an empty one, is refused and changes nothing. */
  g_assert_false (kiela_game_session_setup_move_n (f->session, KIELA_SOUTH, 2, 2, 1, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  g_assert_false (kiela_game_session_setup_move_n (f->session, KIELA_SOUTH, 1, 3, 5, &error));
  g_assert_nonnull (strstr (error->message, "is empty"));
  g_clear_error (&error);

  /* Undo, last first, back to the start arrangement. */
  g_assert_true (kiela_game_session_setup_undo (f->session));
  kiela_game_session_get_setup_position (f->session, &pos);
  g_assert_cmpuint (pos.houses[KIELA_SOUTH][19], ==, start.houses[KIELA_SOUTH][19] + 2);
  g_assert_cmpuint (pos.houses[KIELA_SOUTH][2], ==, start.houses[KIELA_SOUTH][2]);
  g_assert_true (kiela_game_session_setup_undo (f->session));
  kiela_game_session_get_setup_position (f->session, &pos);
  g_assert_true (kiela_position_equal (&pos, &start));
  g_assert_false (kiela_game_session_setup_can_undo (f->session));
  g_assert_cmpuint (kiela_game_session_get_setup_moved (f->session), ==, 0);

  /* Done: North arranges with nothing to undo, and its total is South's. */
  g_assert_true (kiela_game_session_setup_move_n (f->session, KIELA_SOUTH, 0, 19, 2, NULL));
  g_assert_true (kiela_game_session_setup_done (f->session, NULL));
  g_assert_cmpint (kiela_game_session_get_phase (f->session), ==, KIELA_PHASE_SETUP_NORTH);
  g_assert_false (kiela_game_session_setup_can_undo (f->session));
  g_assert_false (kiela_game_session_setup_undo (f->session));
  kiela_game_session_get_setup_position (f->session, &pos);
  g_assert_cmpuint (kiela_position_side_total (&pos, KIELA_SOUTH), ==, total);
  g_assert_cmpuint (pos.houses[KIELA_SOUTH][19], ==, start.houses[KIELA_SOUTH][19] + 2);
}

/* The properties the window binds to are GObject properties with enum types. */
static void
test_properties (Fixture *f, gconstpointer data)
{
  GParamSpec *phase = g_object_class_find_property (G_OBJECT_GET_CLASS (f->session), "phase");
  GParamSpec *turn = g_object_class_find_property (G_OBJECT_GET_CLASS (f->session), "turn");
  KielaPhase value;
  g_autoptr(GFile) file = NULL;

  g_assert_true (G_IS_PARAM_SPEC_ENUM (phase));
  g_assert_true (G_PARAM_SPEC_VALUE_TYPE (phase) == KIELA_TYPE_PHASE);
  g_assert_true (G_PARAM_SPEC_VALUE_TYPE (turn) == KIELA_TYPE_SIDE);
  kiela_game_session_new_game (f->session, kiela_registry_lookup_variant (f->registry, "kiela-expert"), NULL, NULL);
  g_object_get (f->session, "phase", &value, "file", &file, NULL);
  g_assert_cmpint (value, ==, KIELA_PHASE_SETUP_SOUTH);
  g_assert_null (file);
  g_assert_cmpstr (g_enum_get_value (g_type_class_peek (KIELA_TYPE_PHASE), value)->value_nick, ==, "setup-south");
}

static gboolean
four_moves (gpointer data)
{
  Fixture *f = data;

  return kiela_game_get_n_moves (game_of (f)) == 4 && !kiela_game_session_get_ai_thinking (f->session);
}

/* Against the computer: a move at a reviewed ply (North's, the computer's side) starts a
 * variation; the computer does not play in it; comments and names are kept in the file and the
 * autosave, and the variation can be promoted, deleted and left. */
static void
test_variations (Fixture *f, gconstpointer data)
{
  const KielaPersonality *kizua = kiela_registry_lookup_personality (f->registry, "kizua");
  g_autofree char *path = g_build_filename (f->dir, "class.kiela", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaGameSession) other = NULL;
  KielaGameTree *tree;
  KielaGameLine *v;
  KielaMove main_reply, alt;
  KielaGame *main_game;

  g_assert_nonnull (kizua);
  kiela_game_session_new_game (f->session, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, kizua);
  play_first_legal (f);
  wait_until (two_moves, f, 30000, "the computer's reply");
  play_first_legal (f);
  wait_until (four_moves, f, 30000, "the computer's second reply");
  main_game = game_of (f);
  main_reply = kiela_game_get_move (main_game, 1)->move;
  g_assert_false (kiela_game_session_can_play_variation (f->session));

  /* Reviewing ply 1, North (the computer's side) to move: the user plays it. */
  kiela_game_session_set_view_ply (f->session, 1);
  g_assert_true (kiela_game_session_can_play_variation (f->session));
  alt = app_test_other_move (game_of (f), 1, main_reply);
  g_assert_true (kiela_game_session_play (f->session, alt, &error));
  g_assert_no_error (error);
  g_assert_true (kiela_game_session_in_variation (f->session));
  g_assert_true (game_of (f) != main_game);
  g_assert_cmpuint (kiela_game_get_n_moves (game_of (f)), ==, 2);
  g_assert_cmpuint (kiela_game_session_get_view_ply (f->session), ==, 2);
  g_assert_true (kiela_game_session_is_live (f->session));
  g_assert_cmpuint (kiela_game_get_n_moves (main_game), ==, 4);
  g_assert_true (kiela_game_session_get_modified (f->session));
  /* South is human anyway; North's reply in the variation is the user's too: no computer move. */
  play_first_legal (f);
  g_assert_true (kiela_game_session_can_play (f->session));
  spin (200);
  g_assert_false (kiela_game_session_get_ai_thinking (f->session));
  g_assert_cmpuint (kiela_game_get_n_moves (game_of (f)), ==, 3);
  play_first_legal (f);
  g_assert_cmpuint (kiela_game_get_n_moves (game_of (f)), ==, 4);

  tree = kiela_game_session_get_tree (f->session);
  v = kiela_game_session_get_view_line (f->session);
  g_assert_true (kiela_game_line_get_parent (v) == kiela_game_tree_get_main_line (tree));
  kiela_game_session_set_comment (f->session, v, 2, "What if North had played this?");
  kiela_game_session_set_comment (f->session, kiela_game_tree_get_main_line (tree), 0, "Lesson 4");
  kiela_game_session_set_player_name (f->session, KIELA_SOUTH, "Class 4B");
  g_assert_cmpstr (kiela_game_session_get_player_name (f->session, KIELA_SOUTH), ==, "Class 4B");
  g_assert_cmpstr (kiela_game_session_get_player_name (f->session, KIELA_NORTH), ==, kizua->name);

  g_assert_true (kiela_game_session_save (f->session, file, &error));
  g_assert_no_error (error);
  g_assert_false (kiela_game_session_get_modified (f->session));

  /* Opened again, in another session: the variation, the comments and the names. */
  other = kiela_game_session_new (f->registry, NULL);
  g_assert_true (kiela_game_session_open (other, file, &error));
  g_assert_no_error (error);
  tree = kiela_game_session_get_tree (other);
  g_assert_cmpuint (kiela_game_tree_count_variations (tree), ==, 1);
  v = kiela_game_line_get_variation (kiela_game_tree_get_main_line (tree), 0);
  g_assert_cmpuint (kiela_game_line_get_fork (v), ==, 1);
  g_assert_cmpuint (kiela_game_line_get_n_moves (v), ==, 3);
  g_assert_cmpint (kiela_game_line_get_move (v, 2)->move, ==, alt);
  g_assert_cmpstr (kiela_game_session_get_comment (other, v, 2), ==, "What if North had played this?");
  g_assert_cmpstr (kiela_game_session_get_comment (other, kiela_game_tree_get_main_line (tree), 0), ==, "Lesson 4");
  g_assert_cmpstr (kiela_game_session_get_player_name (other, KIELA_SOUTH), ==, "Class 4B");
  g_assert_false (kiela_game_session_in_variation (other));
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_game_session_get_game (other)), ==, 4);

  /* Showing a ply of the variation enters it; back to the main line where it left. */
  kiela_game_session_show (other, v, 3);
  g_assert_true (kiela_game_session_in_variation (other));
  g_assert_cmpuint (kiela_game_session_get_view_ply (other), ==, 3);
  g_assert_cmpint (kiela_game_get_move (kiela_game_session_get_game (other), 1)->move, ==, alt);
  kiela_game_session_return_to_main (other);
  g_assert_false (kiela_game_session_in_variation (other));
  g_assert_cmpuint (kiela_game_session_get_view_ply (other), ==, 1);

  /* Promoted, the variation is the main line and the old one a variation; deleted, it is gone. */
  g_assert_true (kiela_game_session_promote (other, v, TRUE));
  tree = kiela_game_session_get_tree (other);
  g_assert_cmpint (kiela_game_get_move (kiela_game_tree_get_main_game (tree), 1)->move, ==, alt);
  g_assert_true (kiela_game_session_get_modified (other));
  v = kiela_game_line_get_variation (kiela_game_tree_get_main_line (tree), 0);
  g_assert_cmpint (kiela_game_line_get_move (v, 2)->move, ==, main_reply);
  g_assert_true (kiela_game_session_delete_variation (other, v));
  g_assert_cmpuint (kiela_game_tree_count_variations (tree), ==, 0);
  g_assert_false (kiela_game_session_in_variation (other));
}

/* A game from a set-up position: the players chosen, the computer to move starts at once, the
 * autosave and a saved file reopen at that position; a position the variant cannot be played
 * from is refused with its reason and the game before stays. */
static void
test_from_position (Fixture *f, gconstpointer data)
{
  const KielaVariant *kiela = kiela_registry_lookup_variant (f->registry, "kiela");
  const KielaPersonality *ai = personality (f, FALSE);
  g_autofree char *path = g_build_filename (f->dir, "set-up.kiela", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  KielaPosition pos, bad;
  KielaGame *before;

  g_assert_true (kiela_position_parse ("0,3,0,1,0,0,4,0,0,2/0,0,5,1,0,0,0,2,0,0/0,1,0,0,3,0,0,0,6,0/2,0,0,0,1,0,0,3,0,0 n",
                                       kiela->files, &pos, NULL));

  /* Refused: South to move with nothing to sow.  Nothing changes. */
  kiela_game_session_new_game (f->session, kiela, NULL, NULL);
  before = game_of (f);
  bad = pos;
  bad.to_move = KIELA_SOUTH;
  memset (bad.houses[KIELA_SOUTH], 0, sizeof bad.houses[KIELA_SOUTH]);
  bad.houses[KIELA_SOUTH][4] = 1;
  g_assert_false (kiela_game_session_new_game_from_position (f->session, kiela, &bad, NULL, NULL, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_POSITION);
  g_assert_nonnull (strstr (error->message, "South is to move"));
  g_clear_error (&error);
  g_assert_true (game_of (f) == before);

  /* North (the computer) is to move: it plays at once from the set-up position. */
  g_assert_true (kiela_game_session_new_game_from_position (f->session, kiela, &pos, NULL, ai, &error));
  g_assert_no_error (error);
  g_assert_true (kiela_position_equal (kiela_game_get_initial (game_of (f)), &pos));
  g_assert_true (kiela_game_session_get_player (f->session, KIELA_NORTH) == ai);
  g_assert_null (kiela_game_session_get_player (f->session, KIELA_SOUTH));
  g_assert_false (kiela_game_session_get_modified (f->session));
  wait_until (one_move, f, 30000, "the computer's first move");
  g_assert_cmpint (kiela_game_session_get_turn (f->session), ==, KIELA_SOUTH);

  /* Saved and reopened: the record starts at the set-up position, with the same players. */
  g_assert_true (kiela_game_session_save (f->session, file, &error));
  g_assert_no_error (error);
  kiela_game_session_new_game (f->session, kiela, NULL, NULL);
  g_assert_true (kiela_game_session_open (f->session, file, &error));
  g_assert_no_error (error);
  g_assert_true (kiela_position_equal (kiela_game_get_initial (game_of (f)), &pos));
  g_assert_cmpuint (kiela_game_get_n_moves (game_of (f)), ==, 1);
  g_assert_true (kiela_game_session_get_player (f->session, KIELA_NORTH) == ai);

  /* So does the autosave, at the next start. */
  g_clear_object (&f->session);
  f->session = make_session (f);
  kiela_game_session_restore_autosave (f->session);
  g_assert_true (kiela_position_equal (kiela_game_get_initial (game_of (f)), &pos));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  ADD ("/app/session/setup-several-and-undo", test_setup_several_and_undo);
  ADD ("/app/session/play", test_play);
  ADD ("/app/session/ai-reply-and-undo", test_ai_reply_and_undo);
  ADD ("/app/session/ai-waits-for-replay", test_ai_waits_for_replay);
  ADD ("/app/session/ai-cancel", test_ai_cancel);
  ADD ("/app/session/ai-vs-ai-undo-pauses", test_ai_vs_ai_undo_pauses);
  ADD ("/app/session/hint", test_hint);
  ADD ("/app/session/setup-phase", test_setup_phase);
  ADD ("/app/session/properties", test_properties);
  ADD ("/app/session/variations", test_variations);
  ADD ("/app/session/from-position", test_from_position);

  return g_test_run ();
}
