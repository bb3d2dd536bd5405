/* test-window-panel.c: the main window's side panel: the move list's model and its end kept in
 * sight, the step list's rows, clicks and scrolling, and the panel folding at narrow widths (the
 * fixture and helpers: app-test-window-fixture.h). */
#include "config.h"

#include <string.h>

#include "kiela-compat.h"
#include "kiela-trace-player.h"
#include "kiela-settings.h"
#include "kiela-step-list.h"
#include "kiela-narrate.h"
#include "kiela-move-list-model.h"
#include "app-test-window-fixture.h"

/* ---------- the move list ---------- */

/* The row widget showing `text`, or NULL. */
static GtkWidget *
find_move_row (GtkWidget *view, const char *text)
{
  g_autoptr(GPtrArray) boxes = g_ptr_array_new ();
  g_autoptr(GPtrArray) rows = app_test_move_rows (view, FALSE, boxes);

  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (g_ptr_array_index (rows, i), text) == 0)
      return g_ptr_array_index (boxes, i);
  return NULL;
}

/* The move list is a list view of a list model: a move adds one row and keeps the others (the
 * same widgets), an undo removes one, rows read "1. South g1 3 laps", and the shown ply is the
 * selected row. */
static void
test_move_list_model (Fixture *f, gconstpointer data)
{
  GtkWidget *view = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (f->window), KIELA_TYPE_WINDOW, "move_list"));
  GtkSingleSelection *selection = GTK_SINGLE_SELECTION (gtk_list_view_get_model (GTK_LIST_VIEW (view)));
  g_autoptr(KielaMoveListModel) model = kiela_move_list_model_new ();
  g_autofree char *first_text = NULL;
  GtkWidget *start, *first;

  gtk_window_present (GTK_WINDOW (f->window));
  wait_until (window_drawn, f, 10000, "the window to be shown");
  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  kiela_move_list_model_set_tree (model, kiela_game_session_get_tree (kiela_window_get_session (f->window)));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 1);
  click (f, KIELA_SOUTH, "g1");
  spin (50);
  {
    g_autoptr(KielaMoveListItem) item = g_list_model_get_item (G_LIST_MODEL (model), 1);
    const KielaPlayedMove *pm = kiela_game_get_move (kiela_window_get_game (f->window), 0);

    g_assert_cmpstr (kiela_move_list_item_get_number (item), ==, "1.");
    g_assert_cmpstr (kiela_move_list_item_get_who (item), ==, "South");
    g_assert_cmpstr (kiela_move_list_item_get_square (item), ==, "g1");
    g_assert_nonnull (strstr (kiela_move_list_item_get_summary (item), pm->result.laps == 1 ? "1 lap" : "laps"));
    first_text = g_strdup_printf ("1. South g1 %s", kiela_move_list_item_get_summary (item));
  }
  start = find_move_row (view, "Start position");
  first = find_move_row (view, first_text);
  g_assert_nonnull (start);
  g_assert_nonnull (first);

  click (f, KIELA_NORTH, "a4");
  spin (50);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (selection)), ==, 3);
  g_assert_true (find_move_row (view, "Start position") == start);
  g_assert_true (find_move_row (view, first_text) == first);
  {
    g_autoptr(GPtrArray) rows = app_test_move_rows (view, FALSE, NULL);
    g_assert_cmpuint (rows->len, ==, 3);
  }
  g_assert_cmpuint (gtk_single_selection_get_selected (selection), ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 3);
  {
    g_autoptr(KielaMoveListItem) item = g_list_model_get_item (G_LIST_MODEL (model), 2);
    g_assert_cmpstr (kiela_move_list_item_get_square (item), ==, "a4");
    g_assert_cmpstr (kiela_move_list_item_get_who (item), ==, "North");
    g_assert_cmpstr (kiela_move_list_item_get_number (item), ==, "");
  }

  activate (f, "win.undo");
  spin (50);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (selection)), ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 2);
  g_assert_true (find_move_row (view, first_text) == first);
  g_assert_cmpuint (gtk_single_selection_get_selected (selection), ==, 1);

  /* A click on a row (the list view's own action, as the arrow keys use it) reviews that ply. */
  g_assert_true (gtk_widget_activate_action (view, "list.select-item", "(ubb)", 0u, FALSE, FALSE));
  g_assert_cmpuint (kiela_window_get_view_ply (f->window), ==, 0);
  g_assert_true (gtk_widget_activate_action (view, "list.select-item", "(ubb)", 1u, FALSE, FALSE));
  g_assert_cmpuint (kiela_window_get_view_ply (f->window), ==, 1);
  /* Reviewing from elsewhere moves the selection along. */
  activate (f, "win.previous-move");
  g_assert_cmpuint (kiela_window_get_view_ply (f->window), ==, 0);
  g_assert_cmpuint (gtk_single_selection_get_selected (selection), ==, 0);
}

static gboolean
move_list_at_end (gpointer data)
{
  Fixture *f = data;
  GtkScrolledWindow *scroller = GTK_SCROLLED_WINDOW (gtk_widget_get_template_child (GTK_WIDGET (f->window),
                                                                                   KIELA_TYPE_WINDOW, "move_scroller"));
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (scroller);

  return gtk_adjustment_get_upper (adj) > gtk_adjustment_get_page_size (adj)
         && gtk_adjustment_get_value (adj) >= gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj) - 1;
}

/* After many moves the list has scrolled: the last move stays in view. */
static void
test_move_list_follows (Fixture *f, gconstpointer data)
{
  KielaGame *game;

  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 700);
  gtk_window_present (GTK_WINDOW (f->window));
  wait_until (window_drawn, f, 10000, "the window to be shown");
  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  game = kiela_window_get_game (f->window);
  for (guint i = 0; i < 40 && !kiela_game_is_over (game); i++)
    {
      KielaMove moves[KIELA_MAX_MOVES];

      g_assert_cmpuint (kiela_game_legal_moves (game, moves), >, 0);
      g_signal_emit_by_name (kiela_window_get_board (f->window), "house-activated",
                             (guint) kiela_game_get_position (game)->to_move, (guint) moves[0]);
      spin (5);
    }
  g_assert_cmpuint (kiela_game_get_n_moves (game), >, 20);
  wait_until (move_list_at_end, f, 10000, "the move list to show its last move");
}

/* ---------- the step list ---------- */

static gboolean
step_row_visible (gpointer data)
{
  return kiela_step_list_current_row_visible (KIELA_STEP_LIST (data));
}

/* The selected row of the list view is the step list's current row, and of the rows on screen it
 * alone carries the "current" mark (an arrow and bold text, not only the selection colour). */
static void
assert_current_row (KielaStepList *steps, int expected)
{
  GtkSingleSelection *selection = kiela_step_list_get_selection (steps);

  g_assert_cmpint (kiela_step_list_get_current_row (steps), ==, expected);
  g_assert_cmpint (gtk_single_selection_get_selected (selection), ==, expected);
  for (guint r = 0; r < kiela_step_list_get_n_rows (steps); r++)
    {
      GtkWidget *row = kiela_step_list_get_row_widget (steps, r);
      if (row != NULL)
        g_assert_cmpint (gtk_widget_has_css_class (row, "kiela-step-current"), ==, (int) r == expected);
    }
}

/* What a click on a row does: the list view selects it. */
static void
choose_row (KielaStepList *steps, guint row)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (kiela_step_list_get_list_view (steps)),
                                             "list.select-item", "(ubb)", row, FALSE, FALSE));
}

/* Rules file, section 11: after South i2, North b3 lifts 2 stones from b3 and drops them into c3
 * and d3; d3 was occupied and South's d2 holds 1, so d3 captures d2 and d1 (3 stones), which
 * join North's army and are sown into e3, f3, g3; g3 was empty and the move ends.
 * As rows of the step list: before the move; the lift; lap 1's drops; the capture; the stones
 * entering; lap 2's drops; the end — seven rows. */
static const struct {
  KielaStepKind kind;
  const char *contains;
  guint events;     /* trace events the row stands for */
} b3_rows[] = {
  { KIELA_STEP_START, "b3", 0 },
  { KIELA_STEP_LIFT, "b3", 1 },
  { KIELA_STEP_DROPS, "c3, d3", 2 },
  { KIELA_STEP_CAPTURE, "d2", 1 },
  { KIELA_STEP_ENTER, "e3", 1 },
  { KIELA_STEP_DROPS, "e3, f3, g3", 3 },
  { KIELA_STEP_END, "g3", 1 },
};

static void
play_i2_b3 (Fixture *f)
{
  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  click (f, KIELA_SOUTH, "i2");
  wait_until (player_at_end, f, 10000, "i2 to be sown");
  click (f, KIELA_NORTH, "b3");
}

static void
test_step_list_rows (Fixture *f, gconstpointer data)
{
  KielaStepList *steps = kiela_window_get_step_list (f->window);
  KielaTracePlayer *player = kiela_window_get_trace_player (f->window);
  const KielaTrace *trace;
  guint first = 0, n;
  int expected_row = 0;

  /* No move yet: no steps, and the list is not shown. */
  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  g_assert_cmpuint (kiela_step_list_get_n_rows (steps), ==, 0);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (steps)));

  play_i2_b3 (f);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (steps)));
  trace = kiela_trace_player_get_trace (player);
  n = kiela_trace_get_n_events (trace);
  g_assert_cmpuint (n, ==, 9);
  g_assert_cmpuint (kiela_step_list_get_n_rows (steps), ==, G_N_ELEMENTS (b3_rows));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (kiela_step_list_get_selection (steps))), ==,
                    G_N_ELEMENTS (b3_rows));

  for (guint r = 0; r < G_N_ELEMENTS (b3_rows); r++)
    {
      const char *text = kiela_step_list_get_row_text (steps, r);
      GtkWidget *row = kiela_step_list_get_row_widget (steps, r);
      gboolean key = b3_rows[r].kind == KIELA_STEP_CAPTURE || b3_rows[r].kind == KIELA_STEP_ENTER;

      g_assert_cmpint (kiela_step_list_get_row_kind (steps, r), ==, b3_rows[r].kind);
      if (strstr (text, b3_rows[r].contains) == NULL)
        g_error ("row %u “%s” does not name %s", r, text, b3_rows[r].contains);
      /* The capture and the captured stones joining North's army stand out (bold + icon). */
      g_assert_cmpint (kiela_step_list_item_is_key (kiela_step_list_model_peek_item (kiela_step_list_get_model (steps), r)),
                       ==, key);
      if (row != NULL)
        g_assert_cmpint (gtk_widget_has_css_class (row, "kiela-step-key"), ==, key);
      first += b3_rows[r].events;
      /* A click shows the row's events done: the start row nothing, the others up to their last. */
      g_assert_cmpuint (kiela_step_list_get_row_target (steps, r), ==, first);
      /* A row for a single event says what the engine's narration says of it. */
      if (b3_rows[r].events == 1)
        {
          g_autofree char *said = kiela_narrate_event (kiela_game_get_variant (kiela_window_get_game (f->window)),
                                                       trace, first - 1);
          g_assert_cmpstr (text, ==, said);
        }
    }
  g_assert_cmpuint (first, ==, n);
  g_assert_nonnull (strstr (kiela_step_list_get_row_text (steps, 5), "Lap 2"));
  g_assert_nonnull (strstr (kiela_step_list_get_row_text (steps, 5), "3 stones"));

  /* The marked row follows the replay, forward and back. */
  activate (f, "win.go-start");
  assert_current_row (steps, 0);
  first = 0;
  for (guint i = 1; i <= n; i++)
    {
      activate (f, "win.step-forward");
      /* Step i shows event i-1, which belongs to the row whose events cover it. */
      while (first + b3_rows[expected_row].events < i)
        first += b3_rows[expected_row++].events;
      assert_current_row (steps, expected_row);
    }
  assert_current_row (steps, (int) G_N_ELEMENTS (b3_rows) - 1);
  {
    /* The same walk backwards: 9 events → rows 6,5,5,5,4,3,2,2,1,0. */
    static const int back[] = { 6, 5, 5, 5, 4, 3, 2, 2, 1, 0 };
    for (guint i = n; ; i--)
      {
        g_assert_cmpuint (kiela_trace_player_get_index (player), ==, i);
        assert_current_row (steps, back[n - i]);
        if (i == 0)
          break;
        activate (f, "win.step-back");
      }
  }

  /* The big sentence stays: it tells the single step shown now. */
  activate (f, "win.step-forward");
  activate (f, "win.step-forward");
  {
    g_autofree char *said = kiela_narrate_event (kiela_game_get_variant (kiela_window_get_game (f->window)),
                                                 trace, 1);
    g_assert_cmpstr (kiela_window_get_narration (f->window), ==, said);
  }
}

static void
test_step_list_click (Fixture *f, gconstpointer data)
{
  KielaStepList *steps = kiela_window_get_step_list (f->window);
  KielaTracePlayer *player = kiela_window_get_trace_player (f->window);
  KielaBoardView *board = kiela_window_get_board (f->window);
  const KielaTrace *trace;
  guint target = 0;

  play_i2_b3 (f);
  trace = kiela_trace_player_get_trace (player);
  activate (f, "win.go-end");

  /* Clicking (activating) each row jumps the board to the position after that row's events. */
  for (int r = (int) G_N_ELEMENTS (b3_rows) - 1; r >= 0; r--)
    {
      KielaPosition expected;
      guint hand;

      target = 0;
      for (int k = 0; k <= r; k++)
        target += b3_rows[k].events;
      /* A click leaves the keyboard focus where it was, so Space/Home/End still drive the replay. */
      if (kiela_step_list_get_row_widget (steps, r) != NULL)
        g_assert_false (gtk_widget_get_focus_on_click (gtk_widget_get_parent (kiela_step_list_get_row_widget (steps, r))));
      choose_row (steps, r);
      g_assert_false (kiela_trace_player_get_playing (player));
      g_assert_cmpuint (kiela_trace_player_get_index (player), ==, target);
      kiela_trace_position_at (trace, target, &expected, &hand);
      assert_positions_equal (kiela_board_view_get_position (board), &expected);
      assert_current_row (steps, r);
    }

  /* Row 3 is the capture: d2 and d1 are empty there, d3 still holds its 3, and 3 stones are in hand. */
  choose_row (steps, 3);
  {
    const KielaPosition *shown = kiela_board_view_get_position (board);
    KielaSquare d2, d1, d3;
    g_assert_true (kiela_square_parse (10, "d2", &d2, NULL));
    g_assert_true (kiela_square_parse (10, "d1", &d1, NULL));
    g_assert_true (kiela_square_parse (10, "d3", &d3, NULL));
    g_assert_cmpuint (shown->houses[d2.side][d2.house], ==, 0);
    g_assert_cmpuint (shown->houses[d1.side][d1.house], ==, 0);
    g_assert_cmpuint (shown->houses[d3.side][d3.house], ==, 3);
  }

  /* A click while the move plays pauses it at the row. */
  g_settings_set_enum (f->prefs, KIELA_SETTINGS_SPEED, KIELA_SPEED_VERY_SLOW);
  activate (f, "win.go-start");
  activate (f, "win.play-pause");
  g_assert_true (kiela_trace_player_get_playing (player));
  choose_row (steps, 5);
  g_assert_false (kiela_trace_player_get_playing (player));
  g_assert_cmpuint (kiela_trace_player_get_index (player), ==, 8);
}

/* A long move in a short window: the current row is scrolled into view wherever the replay is. */
static void
test_step_list_scrolls (Fixture *f, gconstpointer data)
{
  KielaStepList *steps = kiela_window_get_step_list (f->window);
  KielaTracePlayer *player = kiela_window_get_trace_player (f->window);
  GtkWidget *list = GTK_WIDGET (kiela_step_list_get_list_view (steps));

  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  /* Rules file, section 11: South b1, North h4, South i2 captures twice in one move. */
  click (f, KIELA_SOUTH, "b1");
  click (f, KIELA_NORTH, "h4");
  click (f, KIELA_SOUTH, "i2");
  g_assert_cmpuint (kiela_trace_player_get_trace (player)->result.captures, ==, 2);

  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 640);
  gtk_window_present (GTK_WINDOW (f->window));
  wait_until (window_drawn, f, 10000, "the window to be shown");
  spin (200);

  activate (f, "win.go-end");
  wait_until (step_row_visible, steps, 5000, "the last step to be scrolled into view");
  {
    /* The list is taller than its view here, or this test would prove nothing. */
    GtkWidget *scroller = gtk_widget_get_ancestor (list, GTK_TYPE_SCROLLED_WINDOW);
    GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
    g_assert_cmpfloat (gtk_adjustment_get_upper (adj), >, gtk_adjustment_get_page_size (adj));
    g_assert_cmpfloat (gtk_adjustment_get_value (adj), >, 0);
  }
  activate (f, "win.go-start");
  wait_until (step_row_visible, steps, 5000, "the first step to be scrolled into view");
  for (guint i = 0; i < kiela_trace_player_get_n_events (player); i += 5)
    {
      kiela_trace_player_set_index (player, i);
      wait_until (step_row_visible, steps, 5000, "the current step to be scrolled into view");
    }
}

/* ---------- the side panel folds at narrow widths ---------- */

static gboolean
split_collapsed (gpointer data)
{
  return kiela_split_get_collapsed (KIELA_SPLIT (data));
}

static gboolean
split_expanded (gpointer data)
{
  return !kiela_split_get_collapsed (KIELA_SPLIT (data));
}

static void
test_panel_folds (Fixture *f, gconstpointer data)
{
  KielaSplit *split = KIELA_SPLIT (gtk_widget_get_template_child (GTK_WIDGET (f->window), KIELA_TYPE_WINDOW, "split"));
  KielaBoardView *board = kiela_window_get_board (f->window);
  int wide_board;

  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);

  /* A wide window: the panel sits beside the board, open. */
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1366, 768);
  gtk_window_present (GTK_WINDOW (f->window));
  wait_until (window_drawn, f, 10000, "the window to be shown");
  wait_until (split_expanded, split, 5000, "the panel to sit beside the board at 1366 px");
  g_assert_true (kiela_split_get_show_sidebar (split));
  spin (300);
  wide_board = gtk_widget_get_width (GTK_WIDGET (board));

  /* Narrower than the threshold: the panel folds away and the board gets the room. */
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1024, 700);
  wait_until (split_collapsed, split, 5000, "the panel to fold at 1024 px");
  spin (500);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window)), <, 1100);
  g_assert_false (kiela_split_get_show_sidebar (split));
  /* 1024 px less the margins: more than the 1366 px window left the board beside the panel. */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (board)), >, 960);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (board)), >=, wide_board - 366);

  /* F9 (the panel action) slides it over the board, and again hides it. */
  activate (f, "win.toggle-panel");
  g_assert_true (kiela_split_get_show_sidebar (split));
  g_assert_true (kiela_split_get_collapsed (split));
  activate (f, "win.toggle-panel");
  g_assert_false (kiela_split_get_show_sidebar (split));

  /* Wide again: it unfolds and shows. */
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1920, 1000);
  wait_until (split_expanded, split, 5000, "the panel to unfold at 1920 px");
  g_assert_true (kiela_split_get_show_sidebar (split));
}

int
main (int argc, char **argv)
{
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "test-window-panel");

  ADD ("/app/window/step-list/rows", KIELA_SPEED_NORMAL, test_step_list_rows);
  ADD ("/app/window/step-list/click", KIELA_SPEED_INSTANT, test_step_list_click);
  ADD ("/app/window/step-list/scrolls", KIELA_SPEED_INSTANT, test_step_list_scrolls);
  ADD ("/app/window/panel-folds", KIELA_SPEED_INSTANT, test_panel_folds);
  ADD ("/app/window/move-list/model", KIELA_SPEED_INSTANT, test_move_list_model);
  ADD ("/app/window/move-list/follows", KIELA_SPEED_INSTANT, test_move_list_follows);

  return g_test_run ();
}
