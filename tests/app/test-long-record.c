/* test-long-record.c: the window showing a legal record of 20,000 moves: the move list holds a row a
 * move but makes widgets only for the rows in sight, and selecting rows reviews those plies. */
#include "config.h"

#include <glib/gstdio.h>
#include <adwaita.h>

#include "kiela.h"
#include "kiela-window.h"
#include "kiela-settings.h"
#include "kiela-board-view.h"
#include "app-test-util.h"
#include "app-test-window.h"
#include "../engine/long-game.h"

#define N_MOVES 20000
/* GTK's list view keeps widgets for a fixed window of about 200 rows around the rows in sight (plus
 * the focused and selected ones): a bound independent of the moves, far below them. */
#define MAX_ROW_WIDGETS 400

typedef AppTestMoveList Fixture;

/* A legal record of `n` moves of kiela-beginner, each chosen among the engine's legal moves so the
 * game goes on (the chooser the engine tests and the benchmark use). */
static char *
long_record (KielaRegistry *registry, guint n)
{
  const KielaVariant *variant = kiela_registry_lookup_variant (registry, "kiela-beginner");
  g_autoptr(GHashTable) seen = long_game_seen_new ();
  g_autoptr(KielaGame) game = kiela_game_new (variant);
  KielaRng rng;

  kiela_rng_seed (&rng, 8);
  long_game_note (seen, kiela_game_get_position (game));
  for (guint ply = 0; ply < n; ply++)
    {
      KielaPosition after;
      KielaMove move = long_game_choose (variant, kiela_game_get_position (game), seen, &rng, &after);
      g_autoptr(GError) error = NULL;

      g_assert_cmpint (move, >=, 0);
      g_assert_true (kiela_game_play (game, move, NULL, &error));
      g_assert_no_error (error);
      long_game_note (seen, kiela_game_get_position (game));
    }
  return kiela_record_to_string (game);
}

static guint
count_row_widgets (GtkWidget *view)
{
  guint n = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (view); row; row = gtk_widget_get_next_sibling (row))
    if (GTK_IS_BOX (gtk_widget_get_first_child (row)))
      n++;
  return n;
}

/* Is a row for `who`'s move from `square` on screen? */
static gboolean
row_shown (GtkWidget *view, const char *who, const char *square)
{
  for (GtkWidget *row = gtk_widget_get_first_child (view); row; row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *num = gtk_widget_get_first_child (row);
      GtkWidget *w, *s;

      if (!GTK_IS_BOX (num))
        continue;
      num = gtk_widget_get_first_child (num);
      w = gtk_widget_get_next_sibling (num);
      s = gtk_widget_get_next_sibling (w);
      if (g_str_equal (gtk_label_get_text (GTK_LABEL (w)), who) &&
          g_str_equal (gtk_label_get_text (GTK_LABEL (s)), square) && gtk_widget_get_mapped (row))
        return TRUE;
    }
  return FALSE;
}

static gboolean
window_shown (gpointer data)
{
  Fixture *f = data;

  return gtk_widget_get_mapped (GTK_WIDGET (f->window)) && count_row_widgets (f->view) > 0;
}

typedef struct {
  Fixture *f;
  const char *who;
  const char *square;
} RowWanted;

static gboolean
wanted_row_shown (gpointer data)
{
  RowWanted *w = data;

  return row_shown (w->f->view, w->who, w->square);
}

static void
assert_board_at (Fixture *f, guint ply)
{
  KielaGame *game = kiela_window_get_game (f->window);
  KielaPosition want = *kiela_game_get_position_at (game, ply);

  g_assert_cmpuint (kiela_window_get_view_ply (f->window), ==, ply);
  app_test_assert_shown_position (f->window, &want);
}

static void
test_long_record (Fixture *f, gconstpointer data)
{
  g_autofree char *text = long_record (f->registry, N_MOVES);
  g_autofree char *path = g_build_filename (f->dir, "long.kiela", NULL);
  GtkSingleSelection *selection = GTK_SINGLE_SELECTION (gtk_list_view_get_model (GTK_LIST_VIEW (f->view)));
  KielaGame *game;
  char last_square[4];
  const KielaPlayedMove *last;
  RowWanted wanted = { f, NULL, last_square };

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 800);
  gtk_window_present (GTK_WINDOW (f->window));
  g_assert_true (kiela_window_open_path (f->window, path));
  game = kiela_window_get_game (f->window);
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, N_MOVES);
  wait_until (window_shown, f, 20000, "the window to show the record");

  /* A row a move and the start position, but widgets only for a screenful of them. */
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (selection)), ==, N_MOVES + 1);
  g_assert_cmpuint (count_row_widgets (f->view), >, 0);
  g_assert_cmpuint (count_row_widgets (f->view), <, MAX_ROW_WIDGETS);

  /* The live position is shown, its row selected and scrolled into view. */
  g_assert_cmpuint (gtk_single_selection_get_selected (selection), ==, N_MOVES);
  last = kiela_game_get_move (game, N_MOVES - 1);
  {
    g_autofree char *name = kiela_game_dup_move_name (game, N_MOVES - 1);
    g_strlcpy (last_square, name, sizeof last_square);
  }
  wanted.who = kiela_side_display_name (last->mover);
  wait_until (wanted_row_shown, &wanted, 20000, "the last move's row to be shown");
  g_assert_cmpuint (count_row_widgets (f->view), <, MAX_ROW_WIDGETS);

  /* Selecting rows (as a click or the arrow keys do) reviews those plies. */
  g_assert_true (gtk_widget_activate_action (f->view, "list.select-item", "(ubb)", 100u, FALSE, FALSE));
  spin (50);
  assert_board_at (f, 100);
  g_assert_true (gtk_widget_activate_action (f->view, "list.select-item", "(ubb)", (guint) N_MOVES, FALSE, FALSE));
  spin (50);
  assert_board_at (f, N_MOVES);
  g_assert_cmpuint (count_row_widgets (f->view), <, MAX_ROW_WIDGETS);
  g_remove (path);
}

/* ---------- opening a large record in the background ---------- */

#define N_LARGE 300000

typedef struct {
  KielaWindow *window;
  KielaGame *old_game;   /* the game shown before (not a reference: compared only) */
  gint64 last;
  gint64 max_gap;        /* the longest the main loop went without a turn while the old game was shown */
  guint ticks;
} Watch;

/* Every 10 ms: how long since the last turn, while the record is still being read. */
static gboolean
watch_tick (gpointer data)
{
  Watch *w = data;
  gint64 now = g_get_monotonic_time ();

  if (kiela_window_get_game (w->window) == w->old_game)
    {
      w->max_gap = MAX (w->max_gap, now - w->last);
      w->ticks++;
    }
  w->last = now;
  return G_SOURCE_CONTINUE;
}

static gboolean
window_mapped (gpointer window)
{
  return gtk_widget_get_mapped (window);
}

/* The toast shown now, if it is the one that says a record is being opened. */
static GtkWidget *
opening_toast (KielaWindow *window)
{
  GtkWidget *overlay = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), KIELA_TYPE_WINDOW, "toast_overlay"));

  for (GtkWidget *c = gtk_widget_get_first_child (overlay); c; c = gtk_widget_get_next_sibling (c))
    if (g_strcmp0 (gtk_widget_get_css_name (c), "toast") == 0 && gtk_widget_get_mapped (c)
        && gtk_widget_get_can_target (c))
      {
        GtkWidget *label = app_test_find_type (c, GTK_TYPE_LABEL);

        if (label && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (label)), "Opening “large.kiela”"))
          return c;
      }
  return NULL;
}

static gboolean
opening_toast_shown (gpointer window)
{
  return opening_toast (window) != NULL;
}

static gboolean
opening_toast_gone (gpointer window)
{
  return opening_toast (window) == NULL;
}

static gboolean
game_replaced (gpointer data)
{
  Watch *w = data;

  return kiela_window_get_game (w->window) != w->old_game;
}

/* A 300,000-move record is read off the main thread: the window keeps answering (no turn of
 * its main loop waits long; opening it on the main thread froze the window for seconds), a
 * toast says what is being opened with a Cancel, Cancel leaves the current game as it was,
 * even after the reading would have ended, and opening it again shows it. */
static void
test_open_large_in_background (Fixture *f, gconstpointer data)
{
  g_autofree char *text = long_record (f->registry, N_LARGE);
  g_autofree char *path = g_build_filename (f->dir, "large.kiela", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  Watch w = { f->window, NULL, 0, 0, 0 };
  GtkWidget *toast, *cancel = NULL;
  guint tick;
  gint64 start, took;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1024, 768);
  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  gtk_window_present (GTK_WINDOW (f->window));
  wait_until (window_mapped, f->window, 20000, "the window");
  w.old_game = kiela_window_get_game (f->window);
  g_assert_cmpuint (kiela_game_get_n_moves (w.old_game), ==, 0);

  /* Cancelled while it is read.  The toast at once: on a fast machine the reading can end
   * before the usual 300 ms delay, and there would be nothing to cancel. */
  g_setenv ("KIELA_OPENING_TOAST_DELAY_MS", "0", TRUE);
  kiela_window_open (f->window, file);
  wait_until (opening_toast_shown, f->window, 20000, "the toast saying the record is being opened");
  g_assert_true (kiela_window_get_game (f->window) == w.old_game);
  toast = opening_toast (f->window);
  for (GtkWidget *c = gtk_widget_get_first_child (toast); c; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_BUTTON (c) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (c)), "_Cancel") == 0)
      cancel = c;
  g_assert_nonnull (cancel);
  g_signal_emit_by_name (cancel, "clicked");
  wait_until (opening_toast_gone, f->window, 5000, "the opening toast to go");
  /* Long enough for the reading to have ended had it gone on. */
  spin (4000);
  g_assert_true (kiela_window_get_game (f->window) == w.old_game);
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), ==, 0);
  g_assert_null (kiela_game_session_get_file (kiela_window_get_session (f->window)));

  g_unsetenv ("KIELA_OPENING_TOAST_DELAY_MS");

  /* Opened to the end, with the main loop turning all along. */
  w.last = g_get_monotonic_time ();
  tick = g_timeout_add (10, watch_tick, &w);
  start = g_get_monotonic_time ();
  kiela_window_open (f->window, file);
  wait_until (game_replaced, &w, 120000, "the large record to be opened");
  took = g_get_monotonic_time () - start;
  g_source_remove (tick);
  g_test_message ("300,000 moves opened in %.2f s; the main loop turned %u times, at most %.0f ms apart",
                  took / 1e6, w.ticks, w.max_gap / 1e3);
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), ==, N_LARGE);
  g_assert_cmpuint (w.ticks, >, 10);
  g_assert_cmpint (w.max_gap, <, 750 * 1000);
  g_assert_null (opening_toast (f->window));
  g_remove (path);
}

int
main (int argc, char **argv)
{
  /* Never touch the user's real data. */
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "test-long-record");

  g_test_add ("/app/window/move-list/long-record", Fixture, NULL, app_test_move_list_setup, test_long_record,
              app_test_move_list_teardown);
  g_test_add ("/app/window/open-large-in-background", Fixture, NULL, app_test_move_list_setup,
              test_open_large_in_background, app_test_move_list_teardown);
  return g_test_run ();
}
