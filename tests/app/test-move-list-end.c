/* test-move-list-end.c: on a 1024×768 projector the move list keeps the last move in sight, during
 * the game and at its end, under the game-over card (issue 10).  Read from the list's rows as
 * allocated, not only from the scroll adjustment. */
#include "config.h"

#include <string.h>
#include <adwaita.h>

#include "kiela.h"
#include "kiela-window.h"
#include "kiela-settings.h"
#include "kiela-move-list-item.h"
#include "kiela-compat.h"
#include "app-test-window.h"
#include "app-test-render.h"

typedef struct {
  AppTestWindow w;
} Fixture;

static GtkWidget *
child (Fixture *f, const char *name)
{
  GtkWidget *w = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (f->w.window), KIELA_TYPE_WINDOW, name));

  g_assert_nonnull (w);
  return w;
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  app_test_window_open (&f->w, "kiela", GPOINTER_TO_INT (data), 1024, 768);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  app_test_window_close (&f->w);
}

/* The row widget showing `item` (its number and square), among the rows the list view made. */
static GtkWidget *
find_row (GtkWidget *widget, KielaMoveListItem *item)
{
  if (GTK_IS_BOX (widget))
    {
      GtkWidget *num = gtk_widget_get_first_child (widget);
      GtkWidget *who = num ? gtk_widget_get_next_sibling (num) : NULL;
      GtkWidget *square = who ? gtk_widget_get_next_sibling (who) : NULL;

      if (GTK_IS_LABEL (num) && GTK_IS_LABEL (square)
          && g_strcmp0 (gtk_label_get_text (GTK_LABEL (num)), kiela_move_list_item_get_number (item)) == 0
          && g_strcmp0 (gtk_label_get_text (GTK_LABEL (who)), kiela_move_list_item_get_who (item)) == 0
          && g_strcmp0 (gtk_label_get_text (GTK_LABEL (square)), kiela_move_list_item_get_square (item)) == 0
          && gtk_widget_get_mapped (widget))
        return widget;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *row = find_row (c, item);
      if (row)
        return row;
    }
  return NULL;
}

/* The last row of the list is allocated wholly inside the scrolled window's visible area, which
 * has room for a few rows. */
static gboolean
last_row_in_sight (gpointer data)
{
  Fixture *f = data;
  GtkWidget *list = child (f, "move_list"), *scroller = child (f, "move_scroller");
  GListModel *model = G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list)));
  guint n = g_list_model_get_n_items (model);
  g_autoptr(KielaMoveListItem) item = g_list_model_get_item (model, n - 1);
  GtkWidget *row = find_row (list, item);
  graphene_rect_t b;

  if (row == NULL || !gtk_widget_compute_bounds (row, scroller, &b))
    return FALSE;
  return b.origin.y >= -0.5 && b.origin.y + b.size.height <= gtk_widget_get_height (scroller) + 0.5;
}

/* The side panel open (at 1024 px it folds: F9 slides it in). */
static void
open_panel (Fixture *f)
{
  KielaSplit *split = KIELA_SPLIT (child (f, "split"));

  if (!kiela_split_get_show_sidebar (split))
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.toggle-panel", NULL));
  g_assert_true (kiela_split_get_show_sidebar (split));
  app_test_wait_frames (GTK_WIDGET (f->w.window), 2);
}

static gboolean
replay_done (gpointer data)
{
  return kiela_window_get_result_text (((Fixture *) data)->w.window) != NULL;
}

static void
test_last_move_in_sight (Fixture *f, gconstpointer data)
{
  KielaGame *game = kiela_window_get_game (f->w.window);
  GRand *rand = g_rand_new_with_seed (10);
  GtkWidget *scroller = child (f, "move_scroller"), *card = child (f, "result_revealer");
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  graphene_rect_t card_bounds, scroller_bounds;

  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->w.window)), <=, 1024);
  open_panel (f);
  while (!kiela_game_is_over (game) && kiela_game_get_n_moves (game) < 400)
    {
      KielaMove moves[KIELA_MAX_MOVES];
      guint n = kiela_game_legal_moves (game, moves);
      KielaSide side = kiela_game_get_position (game)->to_move;

      g_signal_emit_by_name (kiela_window_get_board (f->w.window), "house-activated", (guint) side,
                             (guint) moves[g_rand_int_range (rand, 0, (gint) n)]);
      if (kiela_game_get_n_moves (game) == 40)
        {
          app_test_wait_frames (GTK_WIDGET (f->w.window), 2);
          /* The list is longer than its window by then: it had to scroll. */
          g_assert_cmpfloat (gtk_adjustment_get_upper (adj), >, gtk_adjustment_get_page_size (adj));
          wait_until (last_row_in_sight, f, 3000, "the 40th move in sight");
        }
    }
  g_rand_free (rand);
  g_assert_true (kiela_game_is_over (game));
  /* The last move is sown stone by stone (unless instant); the card opens when it ends. */
  wait_until (replay_done, f, 60000, "the last move's replay");
  g_assert_cmpuint (kiela_game_get_n_moves (game), >, 40);
  app_test_wait_frames (GTK_WIDGET (f->w.window), 2);

  /* The card is shown, above the list, and the list still has room for rows. */
  g_assert_nonnull (kiela_window_get_result_text (f->w.window));
  g_assert_true (gtk_revealer_get_child_revealed (GTK_REVEALER (card)));
  g_assert_true (gtk_widget_compute_bounds (card, GTK_WIDGET (f->w.window), &card_bounds));
  g_assert_true (gtk_widget_compute_bounds (scroller, GTK_WIDGET (f->w.window), &scroller_bounds));
  g_assert_cmpfloat (card_bounds.size.height, >, 40);
  g_assert_cmpfloat (card_bounds.origin.y + card_bounds.size.height, <=, scroller_bounds.origin.y + 0.5);
  g_assert_cmpint (gtk_widget_get_height (scroller), >=, 60);
  /* The card's buttons fit the panel's 300 px, wrapped: in a row the three asked 504 px, and the
   * panel grew with the card (GTK 4.8), or a folded panel got less than that (GTK 4.18 warned). */
  {
    GtkWidget *panel = gtk_widget_get_parent (card);
    GtkWidget *buttons = gtk_widget_get_last_child (gtk_revealer_get_child (GTK_REVEALER (card)));
    int request = 0, panel_min = 0, card_min = 0;
    graphene_rect_t b;

    gtk_widget_get_size_request (panel, &request, NULL);
    g_assert_cmpint (request, ==, 300);
    gtk_widget_measure (card, GTK_ORIENTATION_HORIZONTAL, -1, &card_min, NULL, NULL, NULL);
    gtk_widget_measure (panel, GTK_ORIENTATION_HORIZONTAL, -1, &panel_min, NULL, NULL, NULL);
    g_assert_cmpint (card_min, <=, request);
    g_assert_cmpint (panel_min, <=, request);
    /* Every button shown, inside the panel. */
    g_assert_true (GTK_IS_FLOW_BOX (buttons));
    for (GtkWidget *c = gtk_widget_get_first_child (buttons); c; c = gtk_widget_get_next_sibling (c))
      {
        GtkWidget *button = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (c));

        g_assert_true (gtk_widget_get_mapped (button));
        g_assert_true (gtk_widget_compute_bounds (button, panel, &b));
        g_assert_cmpfloat (b.origin.x, >=, -0.5);
        g_assert_cmpfloat (b.origin.x + b.size.width, <=, gtk_widget_get_width (panel) + 0.5);
      }
  }
  render_to_png (GTK_WIDGET (f->w.window), GPOINTER_TO_INT (data) == KIELA_SPEED_INSTANT ? "move-list-end-instant.png" : "move-list-end.png");
  wait_until (last_row_in_sight, f, 3000, "the last move in sight under the game-over card");

  /* Closing and opening the panel again keeps it so. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.toggle-panel", NULL));
  app_test_wait_frames (GTK_WIDGET (f->w.window), 2);
  open_panel (f);
  wait_until (last_row_in_sight, f, 3000, "the last move in sight after the panel opened again");
}

int
main (int argc, char *argv[])
{
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "move-list-end");
  app_test_disable_animations ();

  /* Instant, and sown stone by stone: then the card opens after the list has scrolled. */
  g_test_add ("/app/move-list/last-move-in-sight/instant", Fixture, GINT_TO_POINTER (KIELA_SPEED_INSTANT),
              fixture_setup, test_last_move_in_sight, fixture_teardown);
  g_test_add ("/app/move-list/last-move-in-sight/very-fast", Fixture, GINT_TO_POINTER (KIELA_SPEED_VERY_FAST),
              fixture_setup, test_last_move_in_sight, fixture_teardown);
  return g_test_run ();
}
