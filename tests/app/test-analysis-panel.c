/* test-analysis-panel.c: the analysis panel (F8) lists every legal move with the core's own evaluation,
 * follows the shown ply (also while reviewing), cancels stale work, and shows a chosen move on the board. */
#include "config.h"

#include <string.h>
#include <adwaita.h>

#include "kiela.h"
#include "kiela-window.h"
#include "kiela-settings.h"
#include "kiela-analysis-panel.h"
#include "kiela-board-view.h"
#include "kiela-game-session.h"
#include "app-test-window.h"

typedef struct {
  AppTestWindow w;
  KielaAnalysisPanel *panel;
} Fixture;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  app_test_window_open (&f->w, "kiela", KIELA_SPEED_INSTANT, 1400, 900);
  g_settings_set_boolean (f->w.prefs, KIELA_SETTINGS_SHOW_ANALYSIS, FALSE);
  f->panel = KIELA_ANALYSIS_PANEL (app_test_find_type (GTK_WIDGET (f->w.window), KIELA_TYPE_ANALYSIS_PANEL));
  g_assert_nonnull (f->panel);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  app_test_window_close (&f->w);
}

static gboolean
finished (gpointer data)
{
  Fixture *f = data;
  return !kiela_analysis_panel_get_running (f->panel) && kiela_analysis_panel_get_n_evals (f->panel) > 0;
}

/* The panel's moves are exactly the legal moves of the shown position, each judged as
 * kiela_ai_config_evaluate_moves judges it with the same AI, history and line length. */
static void
assert_matches_core (Fixture *f)
{
  KielaGame *game = kiela_window_get_game (f->w.window);
  guint ply = kiela_window_get_view_ply (f->w.window);
  KielaPosition pos = *kiela_game_get_position_at (game, ply);
  g_autofree KielaPosition *history = g_new (KielaPosition, ply + 1);
  g_autoptr(KielaAiConfig) config = NULL;
  g_autoptr(GError) error = NULL;
  KielaAiRequest request = { 0 };
  KielaMoveEval evals[KIELA_MAX_MOVES];
  KielaMove legal[KIELA_MAX_MOVES];
  guint n = 0, n_legal;

  for (guint p = 0; p < ply; p++)
    history[p] = *kiela_game_get_position_at (game, p);
  g_assert_true (kiela_position_equal (kiela_analysis_panel_get_position (f->panel), &pos));
  g_assert_nonnull (kiela_analysis_panel_get_spec (f->panel));
  config = kiela_ai_config_new (f->w.registry, kiela_analysis_panel_get_spec (f->panel), 0, &error);
  g_assert_no_error (error);
  request.variant = kiela_game_get_variant (game);
  request.position = pos;
  request.history = history;
  request.n_history = ply;
  g_assert_true (kiela_ai_config_evaluate_moves (config, &request, KIELA_ANALYSIS_PANEL_LINE, evals, &n, &error));
  g_assert_no_error (error);

  n_legal = kiela_legal_moves (request.variant, &pos, legal, NULL, NULL);
  g_assert_cmpuint (kiela_analysis_panel_get_n_evals (f->panel), ==, n_legal);
  g_assert_cmpuint (n, ==, n_legal);
  for (guint i = 0; i < n; i++)
    {
      const KielaMoveEval *e = kiela_analysis_panel_get_eval (f->panel, i);
      GtkWidget *row = kiela_analysis_panel_get_row (f->panel, i);
      g_autofree char *name = kiela_square_name_dup (pos.files, pos.to_move, (guint) e->move);
      const char *tooltip = gtk_widget_get_tooltip_text (row);

      g_assert_cmpint (e->move, ==, evals[i].move);
      g_assert_cmpint (e->score, ==, evals[i].score);
      g_assert_cmpint (e->gain, ==, evals[i].gain);
      g_assert_cmpuint (e->depth, ==, evals[i].depth);
      g_assert_cmpint (e->end, ==, evals[i].end);
      g_assert_cmpuint (e->n_line, ==, evals[i].n_line);
      g_assert_cmpmem (e->line, e->n_line * sizeof (KielaMove), evals[i].line, evals[i].n_line * sizeof (KielaMove));
      /* The row names the square first and says the line. */
      g_assert_true (g_str_has_prefix (tooltip, name));
      g_assert_true (gtk_widget_get_mapped (row));
    }
}

static void
test_lists_every_move (Fixture *f, gconstpointer data)
{
  KielaGame *game = kiela_window_get_game (f->w.window);
  KielaMove moves[KIELA_MAX_MOVES];

  kiela_analysis_panel_set_max_depth (f->panel, 2);
  /* Hidden, the panel does no work. */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->panel)));
  g_assert_false (kiela_analysis_panel_get_running (f->panel));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->w.window), "analysis.show-analysis", NULL));
  g_assert_true (g_settings_get_boolean (f->w.prefs, KIELA_SETTINGS_SHOW_ANALYSIS));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->panel)));
  wait_until (finished, f, 60000, "the analysis of the start position");
  g_assert_cmpuint (kiela_analysis_panel_get_depth (f->panel), ==, 2);
  assert_matches_core (f);

  /* A position a few moves in. */
  for (guint i = 0; i < 3; i++)
    {
      kiela_game_legal_moves (game, moves);
      g_assert_true (kiela_game_session_play (kiela_window_get_session (f->w.window), moves[i], NULL));
    }
  wait_until (finished, f, 60000, "the analysis after three moves");
  assert_matches_core (f);
}

static gboolean
analysed (gpointer data)
{
  Fixture *f = data;
  const KielaPosition *pos = kiela_analysis_panel_get_position (f->panel);
  return finished (f) && pos != NULL
         && kiela_position_equal (pos, kiela_game_get_position_at (kiela_window_get_game (f->w.window),
                                                                   kiela_window_get_view_ply (f->w.window)));
}

/* A new shown position cancels the search under way; its results never land on the new one. */
static void
test_change_cancels (Fixture *f, gconstpointer data)
{
  KielaGame *game = kiela_window_get_game (f->w.window);
  KielaMove moves[KIELA_MAX_MOVES];
  GCancellable *first;
  KielaPosition start = *kiela_game_get_position (game);

  kiela_analysis_panel_set_max_depth (f->panel, 12);
  g_settings_set_boolean (f->w.prefs, KIELA_SETTINGS_SHOW_ANALYSIS, TRUE);
  g_assert_true (kiela_analysis_panel_get_running (f->panel));
  first = g_object_ref (kiela_analysis_panel_get_cancellable (f->panel));
  g_assert_false (g_cancellable_is_cancelled (first));

  kiela_game_legal_moves (game, moves);
  g_assert_true (kiela_game_session_play (kiela_window_get_session (f->w.window), moves[0], NULL));
  g_assert_true (g_cancellable_is_cancelled (first));
  g_assert_true (kiela_analysis_panel_get_running (f->panel));
  g_assert_true (kiela_analysis_panel_get_cancellable (f->panel) != first);
  g_assert_false (kiela_position_equal (kiela_analysis_panel_get_position (f->panel), &start));
  g_object_unref (first);

  /* Deep enough not to finish soon: the first depths arrive for the new position only. */
  wait_until ((Condition) kiela_analysis_panel_get_n_evals, f->panel, 60000, "the first results");
  {
    KielaMove legal[KIELA_MAX_MOVES];
    const KielaPosition *now = kiela_game_get_position (game);
    guint n = kiela_legal_moves (kiela_game_get_variant (game), now, legal, NULL, NULL);

    g_assert_true (kiela_position_equal (kiela_analysis_panel_get_position (f->panel), now));
    g_assert_cmpuint (kiela_analysis_panel_get_n_evals (f->panel), ==, n);
  }

  /* Reviewing the start position: the panel follows it, and hiding the panel stops the work. */
  kiela_analysis_panel_set_max_depth (f->panel, 2);
  kiela_window_review_ply (f->w.window, 0);
  g_assert_true (kiela_position_equal (kiela_analysis_panel_get_position (f->panel), &start));
  wait_until (analysed, f, 60000, "the analysis of the reviewed start");
  assert_matches_core (f);

  kiela_analysis_panel_set_max_depth (f->panel, 12);
  kiela_window_review_ply (f->w.window, 1);
  g_assert_true (kiela_analysis_panel_get_running (f->panel));
  first = g_object_ref (kiela_analysis_panel_get_cancellable (f->panel));
  g_settings_set_boolean (f->w.prefs, KIELA_SETTINGS_SHOW_ANALYSIS, FALSE);
  g_assert_true (g_cancellable_is_cancelled (first));
  g_assert_false (kiela_analysis_panel_get_running (f->panel));
  g_object_unref (first);
}

/* A click on a row marks that move's house on the board. */
static void
test_row_shows_move (Fixture *f, gconstpointer data)
{
  KielaBoardView *board = kiela_window_get_board (f->w.window);
  const KielaPosition *pos = kiela_game_get_position (kiela_window_get_game (f->w.window));

  kiela_analysis_panel_set_max_depth (f->panel, 1);
  g_settings_set_boolean (f->w.prefs, KIELA_SETTINGS_SHOW_ANALYSIS, TRUE);
  wait_until (finished, f, 60000, "the analysis");
  for (guint i = 0; i < 2; i++)
    {
      const KielaMoveEval *e = kiela_analysis_panel_get_eval (f->panel, i);
      g_assert_true (gtk_widget_activate (kiela_analysis_panel_get_row (f->panel, i)));
      g_assert_cmpint (kiela_board_view_get_highlight (board, pos->to_move, (guint) e->move), ==, KIELA_HIGHLIGHT_HINT);
      if (i == 1)
        g_assert_cmpint (kiela_board_view_get_highlight (board, pos->to_move,
                                                         (guint) kiela_analysis_panel_get_eval (f->panel, 0)->move),
                         ==, KIELA_HIGHLIGHT_NONE);
    }
}

/* The setup phase and a finished game say why there is nothing to judge. */
/* Showing the panel leaves the board its room: the rows' expanding lines must not make the
 * side panel ask for half the window (the board shrank from about 880 to 620 px at 1280). */
static void
test_keeps_board_size (Fixture *f, gconstpointer data)
{
  GtkWidget *board = app_test_find_type (GTK_WIDGET (f->w.window), KIELA_TYPE_BOARD_VIEW);
  int before, after;

  g_assert_nonnull (board);
  kiela_analysis_panel_set_max_depth (f->panel, 2);
  spin (300);
  before = gtk_widget_get_width (board);
  g_assert_cmpint (before, >, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->w.window), "analysis.show-analysis", NULL));
  wait_until (finished, f, 60000, "the analysis of the start position");
  spin (300);
  after = gtk_widget_get_width (board);
  g_assert_cmpint (after * 10, >=, before * 9);
  g_assert_false (gtk_widget_compute_expand (gtk_widget_get_parent (GTK_WIDGET (f->panel)), GTK_ORIENTATION_HORIZONTAL));
}

static void
test_nothing_to_judge (Fixture *f, gconstpointer data)
{
  g_settings_set_boolean (f->w.prefs, KIELA_SETTINGS_SHOW_ANALYSIS, TRUE);
  kiela_window_new_game (f->w.window, kiela_registry_lookup_variant (f->w.registry, "kiela-expert"), NULL, NULL);
  g_assert_null (kiela_analysis_panel_get_position (f->panel));
  g_assert_false (kiela_analysis_panel_get_running (f->panel));
  g_assert_cmpuint (kiela_analysis_panel_get_n_evals (f->panel), ==, 0);
}

int
main (int argc, char *argv[])
{
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "analysis");

  g_test_add ("/app/analysis/lists-every-move", Fixture, NULL, fixture_setup, test_lists_every_move, fixture_teardown);
  g_test_add ("/app/analysis/change-cancels", Fixture, NULL, fixture_setup, test_change_cancels, fixture_teardown);
  g_test_add ("/app/analysis/row-shows-move", Fixture, NULL, fixture_setup, test_row_shows_move, fixture_teardown);
  g_test_add ("/app/analysis/keeps-board-size", Fixture, NULL, fixture_setup, test_keeps_board_size, fixture_teardown);
  g_test_add ("/app/analysis/nothing-to-judge", Fixture, NULL, fixture_setup, test_nothing_to_judge, fixture_teardown);
  return g_test_run ();
}
