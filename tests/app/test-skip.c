/* test-skip.c: Quiela's skip of a threatened single on the board: a click on the single plays
 * nothing yet, marks the outer houses it may skip to and says so; a click (or Enter) on one of
 * them plays the skip ("b2>a1"), a second click on the single the usual move.  The narration
 * tells the skip. */
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
#include "tests/test-positions.h"

typedef struct {
  AppTestWindow w;
  const KielaVariant *quiela;
} Fixture;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  KielaPosition pos;
  g_autoptr(GError) error = NULL;

  app_test_disable_animations ();
  app_test_window_open (&f->w, "kiela", KIELA_SPEED_INSTANT, 1280, 800);
  f->quiela = kiela_registry_lookup_variant (f->w.registry, "quiela");
  g_assert_nonnull (f->quiela);
  /* South's single b2, threatened by North's a3 (which would move into b3 and capture it) */
  test_position_quiela_threatened_single (f->quiela, &pos);
  g_assert_true (kiela_window_new_game_from_position (f->w.window, f->quiela, &pos, NULL, NULL, &error));
  g_assert_no_error (error);
  spin (100);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  app_test_window_close (&f->w);
}

static void
activate (Fixture *f, const char *square)
{
  app_test_activate_square (f->w.window, 7, square, 50);
}

/* A click on b2 marks a1 and b1 and says what to do; a1 then plays b2>a1, and What Happens
 * tells the skip. */
static void
test_click_skip (Fixture *f, gconstpointer data)
{
  g_autofree char *name = NULL;

  activate (f, "b2");
  g_assert_cmpuint (app_test_n_moves (f->w.window), ==, 0);
  g_assert_true (kiela_house_get_playable (app_test_house (f->w.window, "a1")));
  g_assert_true (kiela_house_get_playable (app_test_house (f->w.window, "b1")));
  g_assert_true (kiela_house_get_playable (app_test_house (f->w.window, "b2")));
  g_assert_false (kiela_house_get_playable (app_test_house (f->w.window, "e1")));
  g_assert_cmpstr (kiela_window_get_last_message (f->w.window), ==,
                   "b2’s single stone is threatened: choose a marked house to skip to, or b2 again to move it on.");
  app_test_maybe_screenshot (f->w.window, "skip-choice");
  activate (f, "a1");
  g_assert_cmpuint (app_test_n_moves (f->w.window), ==, 1);
  name = app_test_last_move_name (f->w.window);
  g_assert_cmpstr (name, ==, "b2>a1");
  spin (200);
  g_assert_cmpuint (kiela_window_get_shown_position (f->w.window)->houses[KIELA_SOUTH][0], ==, 1);
  g_assert_cmpuint (kiela_window_get_shown_position (f->w.window)->houses[KIELA_SOUTH][12], ==, 0);
  {
    KielaTracePlayer *player = kiela_window_get_trace_player (f->w.window);
    const KielaTrace *trace = kiela_trace_player_get_trace (player);
    gboolean told = FALSE;

    g_assert_nonnull (trace);
    for (guint i = 1; i <= kiela_trace_get_n_events (trace); i++)
      {
        g_autofree char *line = kiela_trace_player_dup_narration_at (player, i);

        told |= g_strcmp0 (line, "South’s threatened single skips from b2 to a1.") == 0;
      }
    g_assert_true (told);
    /* not a sowing: the replay says the move is made */
    {
      g_autofree char *start = kiela_trace_player_narrate_start (trace);

      g_assert_cmpstr (start, ==, "South is about to move b2>a1.");
    }
  }
  app_test_maybe_screenshot (f->w.window, "skip-played");
}

/* A second click on b2 moves it on into a2; Enter on b1 skips there (keyboard). */
static void
test_move_on (Fixture *f, gconstpointer data)
{
  g_autofree char *first = NULL;

  activate (f, "b2");
  activate (f, "b2");
  g_assert_cmpuint (app_test_n_moves (f->w.window), ==, 1);
  first = app_test_last_move_name (f->w.window);
  g_assert_cmpstr (first, ==, "b2");
}

static void
test_keyboard (Fixture *f, gconstpointer data)
{
  g_autofree char *second = NULL;

  activate (f, "b2");
  app_test_press (GTK_WIDGET (app_test_house (f->w.window, "b1")), "Return");
  spin (100);
  g_assert_cmpuint (app_test_n_moves (f->w.window), ==, 1);
  second = app_test_last_move_name (f->w.window);
  g_assert_cmpstr (second, ==, "b2>b1");
}

/* In a reviewed position the skip is offered too: back at the start of a game that moved e1,
 * b2 marks a1 and b1 again and a1 plays b2>a1 as a variation, the main line keeping its e1. */
static void
test_variation (Fixture *f, gconstpointer data)
{
  KielaGameSession *session = kiela_window_get_session (f->w.window);
  KielaGame *main_game;
  g_autofree char *main_name = NULL, *name = NULL;

  activate (f, "e1");
  g_assert_cmpuint (app_test_n_moves (f->w.window), ==, 1);
  spin (200);
  kiela_game_session_set_view_ply (session, 0);
  spin (100);
  activate (f, "b2");
  g_assert_false (kiela_game_session_in_variation (session));
  g_assert_true (kiela_house_get_playable (app_test_house (f->w.window, "a1")));
  g_assert_true (kiela_house_get_playable (app_test_house (f->w.window, "b1")));
  g_assert_false (kiela_house_get_playable (app_test_house (f->w.window, "e1")));
  activate (f, "a1");
  spin (200);
  g_assert_true (kiela_game_session_in_variation (session));
  main_game = kiela_game_tree_get_main_game (kiela_game_session_get_tree (session));
  main_name = kiela_game_dup_move_name (main_game, 0);
  g_assert_cmpstr (main_name, ==, "e1");
  name = kiela_game_dup_move_name (kiela_window_get_game (f->w.window), 0);
  g_assert_cmpstr (name, ==, "b2>a1");
}

int
main (int argc, char **argv)
{
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "skip");

  g_test_add ("/skip/click", Fixture, NULL, fixture_setup, test_click_skip, fixture_teardown);
  g_test_add ("/skip/move-on", Fixture, NULL, fixture_setup, test_move_on, fixture_teardown);
  g_test_add ("/skip/keyboard", Fixture, NULL, fixture_setup, test_keyboard, fixture_teardown);
  g_test_add ("/skip/variation", Fixture, NULL, fixture_setup, test_variation, fixture_teardown);
  return g_test_run ();
}
