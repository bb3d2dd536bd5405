/* test-variations.c: variations in the window (issue 10): from a reviewed position a click plays a
 * variation, the move list shows it nested with its comment, the players' names are edited in Game
 * Info and shown by the board; the game is saved, opened again and shows the same. */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <adwaita.h>

#include "kiela.h"
#include "kiela-window.h"
#include "kiela-settings.h"
#include "kiela-board-view.h"
#include "kiela-game-session.h"
#include "app-test-util.h"
#include "app-test-window.h"
#include "app-test-render.h"

typedef AppTestMoveList Fixture;

static void
click (Fixture *f, KielaSide side, guint house)
{
  g_signal_emit_by_name (kiela_window_get_board (f->window), "house-activated", (guint) side, house);
  spin (50);
}

static guint
house_of (Fixture *f, const char *square)
{
  KielaSquare sq;

  g_assert_true (kiela_square_parse (kiela_game_get_position (kiela_window_get_game (f->window))->files,
                                     square, &sq, NULL));
  return sq.house;
}

/* The shown row whose text has `part`, or NULL. */
static GtkWidget *
row_with (Fixture *f, const char *part)
{
  g_autoptr(GPtrArray) boxes = g_ptr_array_new ();
  g_autoptr(GPtrArray) rows = app_test_move_rows (f->view, TRUE, boxes);

  for (guint i = 0; i < rows->len; i++)
    if (strstr (g_ptr_array_index (rows, i), part))
      return g_ptr_array_index (boxes, i);
  return NULL;
}

/* The `n`-th widget of `type` under `root`, depth first. */
static GtkWidget *
nth_widget (GtkWidget *root, GType type, guint n)
{
  GtkWidget *found;

  {
    GPtrArray *all = g_ptr_array_new ();
    GPtrArray *stack = g_ptr_array_new ();

    g_ptr_array_add (stack, root);
    while (stack->len)
      {
        GtkWidget *w = g_ptr_array_steal_index (stack, stack->len - 1);

        if (G_TYPE_CHECK_INSTANCE_TYPE (w, type))
          g_ptr_array_add (all, w);
        for (GtkWidget *c = gtk_widget_get_last_child (w); c; c = gtk_widget_get_prev_sibling (c))
          g_ptr_array_add (stack, c);
      }
    found = n < all->len ? g_ptr_array_index (all, n) : NULL;
    g_ptr_array_unref (all);
    g_ptr_array_unref (stack);
  }
  return found;
}

static gboolean
window_shown (gpointer data)
{
  Fixture *f = data;

  return gtk_widget_get_mapped (GTK_WIDGET (f->window)) && gtk_widget_get_width (f->view) > 0;
}

static void
test_variation_saved_and_shown (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "lesson.kiela", NULL);
  const KielaVariant *variant = kiela_registry_lookup_variant (f->registry, "kiela");
  KielaGameSession *session = kiela_window_get_session (f->window);
  GtkSingleSelection *selection = GTK_SINGLE_SELECTION (gtk_list_view_get_model (GTK_LIST_VIEW (f->view)));
  KielaBoardView *board = kiela_window_get_board (f->window);
  g_autoptr(GError) error = NULL;
  g_autofree char *alt_name = NULL;
  KielaPosition expected;
  KielaMove alt;
  GtkWidget *row, *entry, *revealer, *info;

  gtk_window_set_default_size (GTK_WINDOW (f->window), 1400, 900);
  gtk_window_present (GTK_WINDOW (f->window));
  kiela_window_new_game (f->window, variant, NULL, NULL);
  wait_until (window_shown, f, 10000, "the window");
  click (f, KIELA_SOUTH, house_of (f, "g1"));
  click (f, KIELA_NORTH, house_of (f, "a4"));
  click (f, KIELA_SOUTH, house_of (f, "h1"));
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), ==, 3);

  /* Review ply 1 through the list, as a click on its row does: the board takes North's move. */
  g_assert_true (gtk_widget_activate_action (f->view, "list.select-item", "(ubb)", 1u, FALSE, FALSE));
  spin (50);
  g_assert_cmpuint (kiela_window_get_view_ply (f->window), ==, 1);
  g_assert_true (kiela_board_view_get_interactive (board));
  alt = app_test_other_move (kiela_window_get_game (f->window), 1, house_of (f, "a4"));
  alt_name = kiela_square_name_dup (variant->files, KIELA_NORTH, (guint) alt);
  expected = *kiela_game_get_position_at (kiela_window_get_game (f->window), 1);
  g_assert_true (kiela_sow_fast (variant, &expected, alt, NULL));
  click (f, KIELA_NORTH, (guint) alt);
  spin (100);

  /* A variation: the main line keeps its three moves; the list shows four moves and the start. */
  g_assert_true (kiela_game_session_in_variation (session));
  /* The status line says a variation, not the game, is shown. */
  g_assert_true (g_str_has_prefix (kiela_window_get_status_text (f->window), "Variation · "));
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_game_tree_get_main_game (kiela_game_session_get_tree (session))), ==, 3);
  g_assert_cmpuint (kiela_window_get_view_ply (f->window), ==, 2);
  app_test_assert_shown_position (f->window, &expected);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (selection)), ==, 5);
  /* Its row follows the move it replaces (row 2, North a4), indented, and is the selected one. */
  g_assert_cmpuint (gtk_single_selection_get_selected (selection), ==, 3);
  {
    g_autoptr(GPtrArray) rows = app_test_move_rows (f->view, TRUE, NULL);
    g_autofree char *want = g_strdup_printf ("North %s", alt_name);

    g_assert_cmpuint (rows->len, ==, 5);
    g_assert_nonnull (strstr (g_ptr_array_index (rows, 2), "North a4"));
    g_assert_nonnull (strstr (g_ptr_array_index (rows, 3), want));
    g_assert_nonnull (strstr (g_ptr_array_index (rows, 4), "South h1"));
    row = row_with (f, want);
    g_assert_nonnull (row);
    g_assert_cmpint (gtk_widget_get_margin_start (row), >, 0);
    g_assert_cmpint (gtk_widget_get_margin_start (row_with (f, "South h1")), ==, 0);
  }
  /* The variation bar is shown: its Main Line button's revealer. */
  for (guint i = 0; (row = nth_widget (GTK_WIDGET (f->window), GTK_TYPE_BUTTON, i)) != NULL; i++)
    if (g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (row)), "win.variation-return") == 0)
      break;
  g_assert_nonnull (row);
  revealer = gtk_widget_get_ancestor (row, GTK_TYPE_REVEALER);
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));

  /* A comment on the variation's move, typed in the comment field, is shown in its row. */
  entry = nth_widget (GTK_WIDGET (f->window), GTK_TYPE_ENTRY, 0);
  g_assert_nonnull (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), "What if North had played this?");
  g_signal_emit_by_name (entry, "activate");
  spin (50);
  g_assert_nonnull (row_with (f, "What if North had played this?"));
  g_assert_true (kiela_game_session_get_modified (session));

  /* Game Info names the players; the side label and the subtitle show the name. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.game-info", NULL));
  spin (100);
  info = NULL;
  {
    GListModel *toplevels = gtk_window_get_toplevels ();

    for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
      {
        g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

        if (ADW_IS_WINDOW (w) && gtk_window_get_transient_for (w) == GTK_WINDOW (f->window))
          info = GTK_WIDGET (w);
      }
  }
  g_assert_nonnull (info);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (nth_widget (info, ADW_TYPE_ENTRY_ROW, 0))), ==, "Human");
  gtk_editable_set_text (GTK_EDITABLE (nth_widget (info, ADW_TYPE_ENTRY_ROW, 0)), "Class 4B");
  gtk_editable_set_text (GTK_EDITABLE (nth_widget (info, ADW_TYPE_ENTRY_ROW, 1)), "Ms Nzinga");
  gtk_editable_set_text (GTK_EDITABLE (nth_widget (info, ADW_TYPE_ENTRY_ROW, 2)), "Lesson 4");
  gtk_window_close (GTK_WINDOW (info));
  spin (100);
  g_assert_nonnull (strstr (kiela_window_get_side_label (f->window, KIELA_SOUTH), "Class 4B"));
  g_assert_nonnull (strstr (kiela_window_get_side_label (f->window, KIELA_NORTH), "Ms Nzinga"));
  render_to_png (GTK_WIDGET (f->window), "variations.png");

  g_assert_true (kiela_window_save_to_path (f->window, path, &error));
  g_assert_no_error (error);

  /* Another game, then the saved one opened again: the same lines, comment and names. */
  kiela_window_new_game (f->window, variant, NULL, NULL);
  spin (50);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (selection)), ==, 1);
  g_assert_true (kiela_window_open_path (f->window, path));
  spin (200);
  g_assert_false (kiela_game_session_in_variation (session));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (selection)), ==, 5);
  g_assert_nonnull (row_with (f, "What if North had played this?"));
  g_assert_nonnull (strstr (kiela_window_get_side_label (f->window, KIELA_SOUTH), "Class 4B"));
  g_assert_cmpstr (kiela_game_get_metadata (kiela_window_get_game (f->window), KIELA_META_EVENT), ==, "Lesson 4");
  /* Its row shows the variation's position. */
  g_assert_true (gtk_widget_activate_action (f->view, "list.select-item", "(ubb)", 3u, FALSE, FALSE));
  spin (100);
  g_assert_true (kiela_game_session_in_variation (session));
  g_assert_cmpuint (kiela_window_get_view_ply (f->window), ==, 2);
  app_test_assert_shown_position (f->window, &expected);
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));

  /* Back to the main line, then the variation promoted: its move is the main line's now. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.variation-return", NULL));
  spin (50);
  g_assert_false (kiela_game_session_in_variation (session));
  g_assert_false (g_str_has_prefix (kiela_window_get_status_text (f->window), "Variation"));
  g_assert_true (gtk_widget_activate_action (f->view, "list.select-item", "(ubb)", 3u, FALSE, FALSE));
  spin (50);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.variation-promote", NULL));
  spin (50);
  g_assert_cmpint (kiela_game_get_move (kiela_game_tree_get_main_game (kiela_game_session_get_tree (session)), 1)->move,
                   ==, alt);
  {
    g_autoptr(GPtrArray) rows = app_test_move_rows (f->view, TRUE, NULL);
    g_autofree char *want = g_strdup_printf ("North %s", alt_name);

    g_assert_nonnull (strstr (g_ptr_array_index (rows, 2), want));
    g_assert_nonnull (strstr (g_ptr_array_index (rows, 3), "North a4"));
    g_assert_cmpint (gtk_widget_get_margin_start (row_with (f, "North a4")), >, 0);
  }
  /* Deleted, the old main line is gone from the list. */
  g_assert_true (gtk_widget_activate_action (f->view, "list.select-item", "(ubb)", 3u, FALSE, FALSE));
  spin (50);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.variation-delete", NULL));
  spin (50);
  g_assert_null (row_with (f, "North a4"));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (selection)), ==, 3);
  g_remove (path);
}

int
main (int argc, char **argv)
{
  /* Never touch the user's real data. */
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "test-variations");

  g_test_add ("/app/window/variations/saved-and-shown", Fixture, NULL, app_test_move_list_setup,
              test_variation_saved_and_shown, app_test_move_list_teardown);
  return g_test_run ();
}
