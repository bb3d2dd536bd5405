/* test-extra-capture.c: Mefuvha's extra capture on the board: a click on a house whose sowing
 * captures plays nothing yet, marks the opponent houses it may also take and says so; a click
 * (or Enter) on one of them plays the move taking it ("c2xh4"), a second click on the house the
 * move taking none; any other click drops the choice.  The narration tells what was taken. */
#include "config.h"

#include <string.h>
#include <adwaita.h>

#include "kiela.h"
#include "kiela-window.h"
#include "kiela-settings.h"
#include "kiela-trace-player.h"
#include "kiela-game-session.h"
#include "app-test-window.h"
#include "app-test-board.h"

typedef struct {
  AppTestWindow w;
  const KielaVariant *mefuvha;
} Fixture;

/* A window playing VARIANT (whose extra capture takes N houses) from its start. */
static void
open_variant (Fixture *f, const char *variant, guint n)
{
  KielaPosition pos;
  g_autoptr(GError) error = NULL;

  app_test_disable_animations ();
  app_test_window_open (&f->w, "kiela", KIELA_SPEED_INSTANT, 1280, 800);
  f->mefuvha = kiela_registry_lookup_variant (f->w.registry, variant);
  g_assert_nonnull (f->mefuvha);
  g_assert_cmpuint (f->mefuvha->extra_capture, ==, n);
  kiela_position_init_start (&pos, f->mefuvha);
  g_assert_true (kiela_window_new_game_from_position (f->w.window, f->mefuvha, &pos, NULL, NULL, &error));
  g_assert_no_error (error);
  spin (100);
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  open_variant (f, "mefuvha", 1);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  app_test_window_close (&f->w);
}

/* Mefuvha (two houses), on 8 files, from its start. */
static void
fixture_setup_two (Fixture *f, gconstpointer data)
{
  open_variant (f, "mefuvha-two", 2);
}

static void
activate (Fixture *f, const char *square)
{
  app_test_activate_square (f->w.window, f->mefuvha->files, square, 50);
}

static guint
n_marked (Fixture *f, KielaSide side)
{
  guint marked = 0;

  for (guint h = 0; h < 2u * f->mefuvha->files; h++)
    marked += kiela_house_get_playable (kiela_board_view_get_house (kiela_window_get_board (f->w.window), side, h));
  return marked;
}

/* c2 (the stylised first move) captures a3 and a4: a click marks North's 29 other houses with
 * stones, and c2, and says what to do; h4 then plays c2xh4, which empties h4 on the board. */
static void
test_click_target (Fixture *f, gconstpointer data)
{
  g_autofree char *name = NULL;
  guint marked = 0;

  activate (f, "c2");
  g_assert_cmpuint (app_test_n_moves (f->w.window), ==, 0);
  for (guint h = 0; h < 32; h++)
    marked += kiela_house_get_playable (kiela_board_view_get_house (kiela_window_get_board (f->w.window),
                                                                    KIELA_NORTH, h));
  g_assert_cmpuint (marked, ==, 29);
  g_assert_true (kiela_house_get_playable (app_test_house (f->w.window, "c2")));
  g_assert_false (kiela_house_get_playable (app_test_house (f->w.window, "a3")));   /* taken by the capture itself */
  g_assert_false (kiela_house_get_playable (app_test_house (f->w.window, "e2")));
  g_assert_cmpstr (kiela_window_get_last_message (f->w.window), ==,
                   "c2 captures: choose one more of North’s marked houses to take, or c2 again to take none.");
  g_assert_cmpstr (kiela_window_get_narration (f->w.window), ==, kiela_window_get_last_message (f->w.window));
  app_test_maybe_screenshot (f->w.window, "extra-capture-choice");
  activate (f, "h4");
  g_assert_cmpuint (app_test_n_moves (f->w.window), ==, 1);
  name = app_test_last_move_name (f->w.window);
  g_assert_cmpstr (name, ==, "c2xh4");
  spin (200);
  g_assert_cmpuint (kiela_window_get_shown_position (f->w.window)->houses[KIELA_NORTH][8], ==, 0);
  /* What Happens steps through it: "South also takes 2 stones from h4." */
  {
    KielaTracePlayer *player = kiela_window_get_trace_player (f->w.window);
    const KielaTrace *trace = kiela_trace_player_get_trace (player);
    gboolean told = FALSE;

    g_assert_nonnull (trace);
    for (guint i = 1; i <= kiela_trace_get_n_events (trace); i++)
      {
        g_autofree char *line = kiela_trace_player_dup_narration_at (player, i);

        told |= g_strcmp0 (line, "South also takes 2 stones from h4.") == 0;
      }
    g_assert_true (told);
  }
  app_test_maybe_screenshot (f->w.window, "extra-capture-played");
}

/* A second click on c2 takes no other house; Enter on a marked house takes it (keyboard). */
static void
test_decline_and_keyboard (Fixture *f, gconstpointer data)
{
  g_autofree char *first = NULL, *second = NULL;

  activate (f, "c2");
  activate (f, "c2");
  g_assert_cmpuint (app_test_n_moves (f->w.window), ==, 1);
  first = app_test_last_move_name (f->w.window);
  g_assert_cmpstr (first, ==, "c2");
  spin (200);
  /* North's n3 captures p2 and p1; Enter on a2 takes it too. */
  activate (f, "n3");
  g_assert_cmpuint (app_test_n_moves (f->w.window), ==, 1);
  app_test_press (GTK_WIDGET (app_test_house (f->w.window, "a2")), "Return");
  spin (100);
  g_assert_cmpuint (app_test_n_moves (f->w.window), ==, 2);
  second = app_test_last_move_name (f->w.window);
  g_assert_cmpstr (second, ==, "n3xa2");
}

/* A click on a house that is no choice drops it: nothing is played, c2 is offered again. */
static void
test_other_click_drops (Fixture *f, gconstpointer data)
{
  activate (f, "c2");
  activate (f, "e2");
  g_assert_cmpuint (app_test_n_moves (f->w.window), ==, 0);
  g_assert_false (kiela_house_get_playable (app_test_house (f->w.window, "h4")));
  /* A North house now is North's, not a choice. */
  activate (f, "h4");
  g_assert_cmpuint (app_test_n_moves (f->w.window), ==, 0);
}

/* In a reviewed position the choice is the same: back at the start of a game whose first move
 * took no other house, c2 offers North's houses again and h4 plays c2xh4 as a variation, the
 * main line keeping its c2. */
static void
test_variation (Fixture *f, gconstpointer data)
{
  KielaGameSession *session = kiela_window_get_session (f->w.window);
  KielaGame *main_game;
  g_autofree char *main_name = NULL, *name = NULL;
  guint marked = 0;

  activate (f, "c2");
  activate (f, "c2");
  g_assert_cmpuint (app_test_n_moves (f->w.window), ==, 1);
  spin (200);
  kiela_game_session_set_view_ply (session, 0);
  spin (100);
  g_assert_false (kiela_game_session_is_live (session));
  activate (f, "c2");
  g_assert_false (kiela_game_session_in_variation (session));
  for (guint h = 0; h < 32; h++)
    marked += kiela_house_get_playable (kiela_board_view_get_house (kiela_window_get_board (f->w.window),
                                                                    KIELA_NORTH, h));
  g_assert_cmpuint (marked, ==, 29);
  g_assert_cmpstr (kiela_window_get_last_message (f->w.window), ==,
                   "c2 captures: choose one more of North’s marked houses to take, or c2 again to take none.");
  app_test_maybe_screenshot (f->w.window, "extra-capture-variation-choice");
  activate (f, "h4");
  spin (200);
  g_assert_true (kiela_game_session_in_variation (session));
  main_game = kiela_game_tree_get_main_game (kiela_game_session_get_tree (session));
  g_assert_cmpuint (kiela_game_get_n_moves (main_game), ==, 1);
  main_name = kiela_game_dup_move_name (main_game, 0);
  g_assert_cmpstr (main_name, ==, "c2");
  name = kiela_game_dup_move_name (kiela_window_get_game (f->w.window), 0);
  g_assert_cmpstr (name, ==, "c2xh4");
  g_assert_cmpuint (kiela_window_get_shown_position (f->w.window)->houses[KIELA_NORTH][8], ==, 0);
}

#define TWO_FIRST "c2 captures: choose two of North’s marked houses to take, one after the other, or c2 again to take none."
#define TWO_SECOND "c2 takes h4: choose the second of North’s marked houses, or h4 again to choose another."

/* Two houses: c2 captures a3 and a4 and marks North's 13 other houses with stones; h4 is the
 * first (nothing is played yet, the others stay marked as its partners); h4 again backs out to the
 * first choice; h4 then Enter on g3 plays c2xh4xg3, which empties both, and What Happens tells
 * each house taken. */
static void
test_two_targets (Fixture *f, gconstpointer data)
{
  g_autofree char *name = NULL;

  activate (f, "c2");
  g_assert_cmpuint (app_test_n_moves (f->w.window), ==, 0);
  g_assert_cmpuint (n_marked (f, KIELA_NORTH), ==, 13);
  g_assert_false (kiela_house_get_playable (app_test_house (f->w.window, "a3")));   /* taken by the capture */
  g_assert_false (kiela_house_get_playable (app_test_house (f->w.window, "h3")));   /* empty */
  g_assert_cmpstr (kiela_window_get_last_message (f->w.window), ==, TWO_FIRST);
  g_assert_cmpstr (kiela_window_get_narration (f->w.window), ==, TWO_FIRST);
  app_test_maybe_screenshot (f->w.window, "extra-capture-two-first");
  activate (f, "h4");
  g_assert_cmpuint (app_test_n_moves (f->w.window), ==, 0);
  g_assert_cmpstr (kiela_window_get_last_message (f->w.window), ==, TWO_SECOND);
  g_assert_cmpstr (kiela_window_get_narration (f->w.window), ==, TWO_SECOND);
  /* its 12 partners and h4 itself (to back out) */
  g_assert_cmpuint (n_marked (f, KIELA_NORTH), ==, 13);
  g_assert_true (kiela_house_get_playable (app_test_house (f->w.window, "h4")));
  g_assert_true (kiela_house_get_playable (app_test_house (f->w.window, "g3")));
  g_assert_true (kiela_house_get_playable (app_test_house (f->w.window, "c2")));
  app_test_maybe_screenshot (f->w.window, "extra-capture-two-second");
  /* h4 again: back to the first choice, nothing played */
  activate (f, "h4");
  g_assert_cmpuint (app_test_n_moves (f->w.window), ==, 0);
  g_assert_cmpstr (kiela_window_get_last_message (f->w.window), ==, TWO_FIRST);
  g_assert_cmpuint (n_marked (f, KIELA_NORTH), ==, 13);
  activate (f, "h4");
  app_test_press (GTK_WIDGET (app_test_house (f->w.window, "g3")), "Return");
  spin (100);
  g_assert_cmpuint (app_test_n_moves (f->w.window), ==, 1);
  name = app_test_last_move_name (f->w.window);
  g_assert_cmpstr (name, ==, "c2xh4xg3");
  spin (200);
  g_assert_cmpuint (kiela_house_get_count (app_test_house (f->w.window, "h4")), ==, 0);
  g_assert_cmpuint (kiela_house_get_count (app_test_house (f->w.window, "g3")), ==, 0);
  {
    KielaTracePlayer *player = kiela_window_get_trace_player (f->w.window);
    const KielaTrace *trace = kiela_trace_player_get_trace (player);
    gboolean told_h4 = FALSE, told_g3 = FALSE;

    g_assert_nonnull (trace);
    for (guint i = 1; i <= kiela_trace_get_n_events (trace); i++)
      {
        g_autofree char *line = kiela_trace_player_dup_narration_at (player, i);

        told_h4 |= g_strcmp0 (line, "South also takes 2 stones from h4.") == 0;
        told_g3 |= g_strcmp0 (line, "South also takes 1 stone from g3.") == 0;
      }
    g_assert_true (told_h4);
    g_assert_true (told_g3);
  }
  app_test_maybe_screenshot (f->w.window, "extra-capture-two-played");
}

/* c2 twice takes none; a click on a house that is no choice, after the first house, drops the
 * choice: nothing is played and c2 is offered again. */
static void
test_two_decline_and_drop (Fixture *f, gconstpointer data)
{
  g_autofree char *name = NULL;

  activate (f, "c2");
  activate (f, "h4");
  activate (f, "e2");
  g_assert_cmpuint (app_test_n_moves (f->w.window), ==, 0);
  g_assert_cmpuint (n_marked (f, KIELA_NORTH), ==, 0);
  g_assert_true (kiela_house_get_playable (app_test_house (f->w.window, "c2")));
  activate (f, "c2");
  g_assert_cmpstr (kiela_window_get_last_message (f->w.window), ==, TWO_FIRST);
  activate (f, "c2");
  g_assert_cmpuint (app_test_n_moves (f->w.window), ==, 1);
  name = app_test_last_move_name (f->w.window);
  g_assert_cmpstr (name, ==, "c2");
}

/* In a reviewed position the two houses are chosen the same way, and play a variation: c2 was
 * played bare; back at the start, c2, h4 and g3 play c2xh4xg3 beside it. */
static void
test_two_variation (Fixture *f, gconstpointer data)
{
  KielaGameSession *session = kiela_window_get_session (f->w.window);
  KielaGame *main_game;
  g_autofree char *main_name = NULL, *name = NULL;

  activate (f, "c2");
  activate (f, "c2");
  g_assert_cmpuint (app_test_n_moves (f->w.window), ==, 1);
  spin (200);
  kiela_game_session_set_view_ply (session, 0);
  spin (100);
  g_assert_false (kiela_game_session_is_live (session));
  activate (f, "c2");
  g_assert_cmpstr (kiela_window_get_last_message (f->w.window), ==, TWO_FIRST);
  g_assert_cmpuint (n_marked (f, KIELA_NORTH), ==, 13);
  activate (f, "h4");
  g_assert_cmpstr (kiela_window_get_last_message (f->w.window), ==, TWO_SECOND);
  g_assert_false (kiela_game_session_in_variation (session));
  activate (f, "g3");
  spin (200);
  g_assert_true (kiela_game_session_in_variation (session));
  main_game = kiela_game_tree_get_main_game (kiela_game_session_get_tree (session));
  g_assert_cmpuint (kiela_game_get_n_moves (main_game), ==, 1);
  main_name = kiela_game_dup_move_name (main_game, 0);
  g_assert_cmpstr (main_name, ==, "c2");
  name = kiela_game_dup_move_name (kiela_window_get_game (f->w.window), 0);
  g_assert_cmpstr (name, ==, "c2xh4xg3");
}

static gboolean
hint_shown (gpointer data)
{
  Fixture *f = data;
  const char *msg = kiela_window_get_last_message (f->w.window);

  return msg != NULL && g_str_has_prefix (msg, "Hint: sow ");
}

/* The hint names a move taking two houses and marks the house and both houses it takes. */
static void
test_two_hint (Fixture *f, gconstpointer data)
{
  KielaBoardView *board = kiela_window_get_board (f->w.window);
  KielaMove hint;
  char name[KIELA_MOVE_NAME_MAX], *expected;

  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.hint", NULL);
  wait_until (hint_shown, f, 20000, "the hint");
  hint = kiela_game_session_get_hint_move (kiela_window_get_session (f->w.window));
  g_assert_true (KIELA_MOVE_HAS_TARGET2 (hint));
  kiela_move_name (8, KIELA_SOUTH, hint, name);
  expected = g_strdup_printf ("Hint: sow %s.", name);
  g_assert_true (g_str_has_prefix (kiela_window_get_last_message (f->w.window), expected));
  g_free (expected);
  g_assert_cmpint (kiela_board_view_get_highlight (board, KIELA_SOUTH, KIELA_MOVE_HOUSE (hint)), ==, KIELA_HIGHLIGHT_HINT);
  g_assert_cmpint (kiela_board_view_get_highlight (board, KIELA_NORTH, KIELA_MOVE_TARGET (hint)), ==, KIELA_HIGHLIGHT_HINT);
  g_assert_cmpint (kiela_board_view_get_highlight (board, KIELA_NORTH, KIELA_MOVE_TARGET2 (hint)), ==, KIELA_HIGHLIGHT_HINT);
  g_assert_cmpuint (app_test_n_moves (f->w.window), ==, 0);
  app_test_maybe_screenshot (f->w.window, "extra-capture-two-hint");
}

int
main (int argc, char **argv)
{
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "extra-capture");

  g_test_add ("/extra-capture/click-target", Fixture, NULL, fixture_setup, test_click_target, fixture_teardown);
  g_test_add ("/extra-capture/decline-and-keyboard", Fixture, NULL, fixture_setup, test_decline_and_keyboard,
              fixture_teardown);
  g_test_add ("/extra-capture/other-click-drops", Fixture, NULL, fixture_setup, test_other_click_drops,
              fixture_teardown);
  g_test_add ("/extra-capture/variation", Fixture, NULL, fixture_setup, test_variation, fixture_teardown);
  g_test_add ("/extra-capture/two-targets", Fixture, NULL, fixture_setup_two, test_two_targets, fixture_teardown);
  g_test_add ("/extra-capture/two-hint", Fixture, NULL, fixture_setup_two, test_two_hint, fixture_teardown);
  g_test_add ("/extra-capture/two-variation", Fixture, NULL, fixture_setup_two, test_two_variation, fixture_teardown);
  g_test_add ("/extra-capture/two-decline-and-drop", Fixture, NULL, fixture_setup_two, test_two_decline_and_drop,
              fixture_teardown);
  return g_test_run ();
}
