/* test-game-review.c: the post-game review in the window: a planted blunder is marked in the panel and on the graph, a click shows its ply. */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "kiela.h"
#include "kiela-window.h"
#include "kiela-review-panel.h"
#include "kiela-step-list.h"
#include "app-test-util.h"
#include "app-test-window.h"
#include "app-test-render.h"

/* tests/ai/test-game-review.c's position: South e2 lets North's a3 capture c2 + c1 = 9 stones,
 * where c1 would have won (c1, a3, a1 leaves North single stones). */
#define LOSES_NINE "0,0,0,0,0,1,1,1,1,1/2,0,1,0,0,0,0,0,0,0/0,0,0,0,2,0,0,0,0,0/2,0,8,0,0,0,0,0,0,0 s"

static char *
write_record (const char *name, const char *kpn, const char *moves)
{
  char *path = g_build_filename (g_get_user_data_dir (), name, NULL);
  g_autofree char *json = g_strdup_printf ("{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\","
                                           "\"start\":\"%s\",\"moves\":[%s]}", kpn, moves);

  g_assert_cmpint (g_mkdir_with_parents (g_get_user_data_dir (), 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, json, -1, NULL));
  return path;
}

static gboolean
review_done (gpointer data)
{
  return !kiela_review_panel_get_running (data);
}

static guint
count_rows (KielaReviewPanel *panel)
{
  guint n = 0;

  for (GtkWidget *c = gtk_widget_get_first_child (kiela_review_panel_get_rows (panel)); c; c = gtk_widget_get_next_sibling (c))
    n++;
  return n;
}

/* The share of the graph's pixels in the blunder's red (GNOME red 3, the mark's fill). */
static guint
red_pixels (GtkWidget *graph)
{
  g_autoptr(GdkTexture) texture = render_texture (graph, TRUE);
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  g_autofree guchar *data = g_malloc ((gsize) w * h * 4);
  guint n = 0;

  gdk_texture_download (texture, data, (gsize) w * 4);
  for (int i = 0; i < w * h; i++)
    {
      /* BGRA (cairo's ARGB32 in memory on little-endian machines) */
      guchar b = data[4 * i], g = data[4 * i + 1], r = data[4 * i + 2];
      if (r > 0xa0 && g < 0x50 && b < 0x50)
        n++;
    }
  return n;
}

static gboolean
is_label (GtkWidget *widget, gconstpointer text)
{
  return GTK_IS_LABEL (widget) && g_str_equal (gtk_label_get_text (GTK_LABEL (widget)), text);
}

static gboolean
blunder_marked (gpointer list)
{
  return app_test_find_widget (list, is_label, "▲??") != NULL;
}

static void
screenshot (GtkWidget *window, const char *name)
{
  const char *dir = g_getenv ("KIELA_SCREENSHOT_DIR");
  g_autofree char *path = NULL;
  g_autoptr(GdkTexture) texture = NULL;

  if (dir == NULL)
    return;
  path = g_build_filename (dir, name, NULL);
  texture = render_texture (window, FALSE);
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

static void
test_planted_blunder (void)
{
  AppTestWindow w;
  g_autofree char *path = write_record ("blunder.kiela", LOSES_NINE, "\"e2\",\"a3\"");
  KielaReviewPanel *panel;
  KielaReview *review;
  const KielaReviewMove *m;
  GtkWidget *row, *label;
  GdkMonitor *monitor = g_list_model_get_item (gdk_display_get_monitors (gdk_display_get_default ()), 0);
  GdkRectangle screen;
  int width, height;

  /* The window fills the test's screen: 1280×800 and 1920×1080 (tests/app/meson.build). */
  gdk_monitor_get_geometry (monitor, &screen);
  g_object_unref (monitor);
  width = screen.width;
  height = screen.height;
  app_test_window_open (&w, "kiela", KIELA_SPEED_INSTANT, width, height);
  g_assert_true (kiela_window_open_path (w.window, path));
  panel = KIELA_REVIEW_PANEL (app_test_find_type (GTK_WIDGET (w.window), KIELA_TYPE_REVIEW_PANEL));
  g_assert_nonnull (panel);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w.window), "win.review-game", NULL));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel)));
  wait_until (review_done, panel, 60000, "the review to finish");
  app_test_wait_frames (GTK_WIDGET (w.window), 3);

  review = kiela_review_panel_get_review (panel);
  g_assert_nonnull (review);
  g_assert_cmpuint (kiela_review_get_n_judged (review), ==, 2);
  m = kiela_review_get_move (review, 0);
  g_assert_cmpint (m->grade, ==, KIELA_GRADE_BLUNDER);

  /* One row, for the blunder only: its shape, its mark and the better move. */
  g_assert_cmpuint (count_rows (panel), ==, 1);
  row = gtk_widget_get_first_child (kiela_review_panel_get_rows (panel));
  label = gtk_widget_get_next_sibling (gtk_widget_get_first_child (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row))));
  g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (label)), "1. South e2?? −"));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (label)), "(best c1)"));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_widget_get_first_child (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row))))),
                   ==, "▲");
  g_assert_true (gtk_widget_has_css_class (label, "kiela-blunder"));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (kiela_review_panel_get_status (panel))), "Accuracy"));

  /* The move list marks the move too, by shape and mark, in the blunder's colour. */
  {
    GtkWidget *list = app_test_find_type (GTK_WIDGET (w.window), GTK_TYPE_LIST_VIEW);
    GtkWidget *mark;

    g_autoptr(GPtrArray) boxes = g_ptr_array_new ();
    g_autoptr(GPtrArray) texts = NULL;
    guint marked = 0;

    /* The row is remade when the blunder's verdict arrives (it used to arrive, now and then,
     * before the window listened, and the row stayed bare); its new widget comes on a frame. */
    wait_until (blunder_marked, list, 20000, "the move list to mark the blunder");
    /* Its row's widget, whether or not the list has it in sight at this window size. */
    mark = app_test_find_widget (list, is_label, "▲??");

    g_assert_nonnull (mark);
    g_assert_true (gtk_widget_get_visible (mark));
    g_assert_true (gtk_widget_has_css_class (mark, "kiela-blunder"));
    /* Only that row: North's a3 (its only move, the best) and the start show no mark. */
    texts = app_test_move_rows (list, FALSE, boxes);
    for (guint i = 0; i < boxes->len; i++)
      {
        GtkWidget *m = gtk_widget_get_next_sibling (gtk_widget_get_next_sibling (gtk_widget_get_next_sibling (
                         gtk_widget_get_first_child (boxes->pdata[i]))));

        g_assert_true (GTK_IS_LABEL (m));
        if (gtk_widget_get_visible (m))
          {
            marked++;
            g_assert_nonnull (strstr (texts->pdata[i], "e2"));
          }
      }
    g_assert_cmpuint (marked, ==, 1);
  }

  /* The graph is drawn, with the blunder's red triangle on it. */
  g_assert_cmpint (gtk_widget_get_height (kiela_review_panel_get_graph (panel)), >=, 60);
  g_assert_cmpuint (red_pixels (kiela_review_panel_get_graph (panel)), >, 10);

  /* The move list keeps room: 8 rows' worth of height beside the review at 1280×800. */
  {
    GtkWidget *list = app_test_find_type (GTK_WIDGET (w.window), GTK_TYPE_LIST_VIEW);
    GtkWidget *scroller = gtk_widget_get_parent (list);
    GtkWidget *item = NULL;
    int row_height;

    /* A row in sight (the list's children are its rows). */
    for (GtkWidget *c = gtk_widget_get_first_child (list); c && item == NULL; c = gtk_widget_get_next_sibling (c))
      if (gtk_widget_get_mapped (c) && gtk_widget_get_height (c) > 0)
        item = c;
    g_assert_nonnull (item);
    row_height = gtk_widget_get_height (item);

    g_test_message ("move list %d px high (rows of %d px) at %d×%d with the review on",
                    gtk_widget_get_height (scroller), row_height, width, height);
    g_assert_cmpint (row_height, >, 20);
    /* ... and the window still fits its screen. */
    g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (w.window)), <=, height);
    g_assert_cmpint (gtk_widget_get_height (scroller), >=, 8 * row_height);
  }

  /* Clicking the row shows the position after the blunder; the graph follows. */
  kiela_window_review_ply (w.window, 0);
  g_assert_cmpuint (kiela_window_get_view_ply (w.window), ==, 0);
  g_signal_emit_by_name (kiela_review_panel_get_rows (panel), "row-activated", row);
  app_test_wait_frames (GTK_WIDGET (w.window), 2);
  g_assert_cmpuint (kiela_window_get_view_ply (w.window), ==, 1);

  screenshot (GTK_WIDGET (w.window), width >= 1920 ? "review-1920x1080.png" : "review-1280x800.png");

  /* What the blunder gave away: North's only move a3 captures c2 (1) and c1 (8). */
  {
    g_autofree char *why = kiela_review_panel_explain (review, 0);
    g_assert_cmpstr (why, ==, "South’s e2 let North capture 9 stones with a3.");
  }

  /* Show Better Move: c1 played from the start position, into a variation. */
  {
    GtkWidget *better = gtk_widget_get_last_child (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row)));
    KielaGameSession *session = kiela_window_get_session (w.window);
    KielaGame *game;

    g_assert_true (GTK_IS_BUTTON (better));
    g_signal_emit_by_name (better, "clicked");
    spin (500);
    app_test_wait_frames (GTK_WIDGET (w.window), 2);
    g_assert_true (kiela_game_session_in_variation (session));
    game = kiela_game_session_get_game (session);
    g_assert_cmpuint (kiela_game_get_n_moves (game), >=, 1);
    {
      g_autofree char *first = kiela_game_dup_move_name (game, 0);
      g_assert_cmpstr (first, ==, "c1");
    }
    g_assert_cmpuint (kiela_window_get_view_ply (w.window), ==, 1);
  }

  /* A new game closes the review, and What Happens gets its steps back. */
  kiela_window_new_game (w.window, kiela_registry_lookup_variant (w.registry, "kiela"), NULL, NULL);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
  app_test_play_square (w.window, "g1");
  spin (300);
  g_assert_true (gtk_widget_get_visible (app_test_find_type (GTK_WIDGET (w.window), KIELA_TYPE_STEP_LIST)));
  app_test_window_close (&w);
}

int
main (int argc, char *argv[])
{
  g_autofree char *dir = app_test_init (&argc, &argv, "test-game-review");

  g_test_add_func ("/app/game-review/planted-blunder", test_planted_blunder);
  return g_test_run ();
}
