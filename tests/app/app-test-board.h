/* app-test-board.h: the board of a test's window by square name ("b2"), its game's moves, and
 * a screenshot of the window on demand (static: one copy a test program). */
#pragma once

#include <adwaita.h>

#include "kiela.h"
#include "kiela-window.h"
#include "kiela-board-view-private.h"
#include "kiela-house.h"
#include "app-test-util.h"
#include "app-test-render.h"

/* The house `square` names on the board of `window`'s game. */
G_GNUC_UNUSED static KielaHouse *
app_test_house (KielaWindow *window, const char *square)
{
  guint files = kiela_game_get_variant (kiela_window_get_game (window))->files;
  KielaSquare sq;

  g_assert_true (kiela_square_parse (files, square, &sq, NULL));
  return kiela_board_view_get_house (kiela_window_get_board (window), sq.side, sq.house);
}

/* With KIELA_SCREENSHOT_DIR=..., keeps the window as it is now as DIR/`name`.png. */
G_GNUC_UNUSED static void
app_test_maybe_screenshot (KielaWindow *window, const char *name)
{
  g_autofree char *file = g_strconcat (name, ".png", NULL);

  app_test_screenshot (GTK_WIDGET (window), file, 800);
}

/* The moves of the window's game (its main line). */
G_GNUC_UNUSED static guint
app_test_n_moves (KielaWindow *window)
{
  return kiela_game_get_n_moves (kiela_window_get_game (window));
}

/* The name of the game's last move ("c2xh4"; free it). */
G_GNUC_UNUSED static char *
app_test_last_move_name (KielaWindow *window)
{
  guint n = app_test_n_moves (window);

  g_assert_cmpuint (n, >, 0);
  return kiela_game_dup_move_name (kiela_window_get_game (window), n - 1);
}
