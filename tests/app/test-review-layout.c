/* test-review-layout.c: the side panel keeps the move list readable beside the game review (issue 21):
 * at 1280×800 at least 8 move rows in sight, with the analysis panel shown or not; at 1024×768 the
 * folded panel keeps the current last row in sight.  Counted from the rows as allocated inside the
 * scrolled window, not from its height.  The advantage graph reads in the light and the dark style. */
#include "config.h"

#include <adwaita.h>

#include "kiela.h"
#include "kiela-window.h"
#include "kiela-settings.h"
#include "kiela-review-panel.h"
#include "kiela-analysis-panel.h"
#include "kiela-compat.h"
#include "kiela-move-list-item.h"
#include "app-test-util.h"
#include "app-test-window.h"
#include "app-test-render.h"

#define MIN_ROWS_1280 8

static GtkWidget *
child (KielaWindow *window, const char *name)
{
  GtkWidget *w = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), KIELA_TYPE_WINDOW, name));

  g_assert_nonnull (w);
  return w;
}

/* The move rows (the list view's row widgets holding a row's box) allocated wholly inside the
 * scrolled window's visible area; `last` gets whether the model's last row is one of them. */
static guint
rows_in_sight (KielaWindow *window, gboolean *last)
{
  GtkWidget *list = child (window, "move_list"), *scroller = child (window, "move_scroller");
  GListModel *model = G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list)));
  g_autoptr(KielaMoveListItem) end = g_list_model_get_item (model, g_list_model_get_n_items (model) - 1);
  int height = gtk_widget_get_height (scroller);
  guint n = 0;

  *last = FALSE;
  if (!gtk_widget_get_mapped (scroller))
    return 0;
  for (GtkWidget *row = gtk_widget_get_first_child (list); row; row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *box = gtk_widget_get_first_child (row);
      GtkWidget *num = box ? gtk_widget_get_first_child (box) : NULL;
      GtkWidget *who = num ? gtk_widget_get_next_sibling (num) : NULL;
      GtkWidget *square = who ? gtk_widget_get_next_sibling (who) : NULL;
      graphene_rect_t b;

      if (!GTK_IS_BOX (box) || !gtk_widget_get_mapped (row) || gtk_widget_get_height (row) <= 0
          || !gtk_widget_compute_bounds (row, scroller, &b))
        continue;
      if (b.origin.y < -0.5 || b.origin.y + b.size.height > height + 0.5)
        continue;
      n++;
      if (GTK_IS_LABEL (square)
          && g_strcmp0 (gtk_label_get_text (GTK_LABEL (num)), kiela_move_list_item_get_number (end)) == 0
          && g_strcmp0 (gtk_label_get_text (GTK_LABEL (who)), kiela_move_list_item_get_who (end)) == 0
          && g_strcmp0 (gtk_label_get_text (GTK_LABEL (square)), kiela_move_list_item_get_square (end)) == 0)
        *last = TRUE;
    }
  return n;
}

typedef struct {
  KielaWindow *window;
  guint min_rows;
} Want;

static gboolean
enough_rows (gpointer data)
{
  Want *want = data;
  gboolean last;

  return rows_in_sight (want->window, &last) >= want->min_rows && last;
}

/* Waits (up to 10 s) for the rows to be laid out as `want` asks; the assertions follow. */
static void
wait_for_rows (Want *want)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!enough_rows (want) && g_get_monotonic_time () < end)
    spin (50);
}

static gboolean
review_done (gpointer data)
{
  return !kiela_review_panel_get_running (data);
}

static gboolean
analysis_shown (gpointer data)
{
  GtkWidget *panel = data;

  return gtk_widget_get_mapped (panel) && gtk_widget_get_height (panel) > 0;
}

/* The mean luminance (0..1) of the graph's ink, drawn on nothing, and how many pixels: its edge
 * line (90 % opaque) and labels (75 %) in the theme's text colour, not the marks (opaque, in
 * their grades' colours) nor the blue bar of the shown ply. */
static double
ink_luminance (GtkWidget *graph, guint *n_ink)
{
  g_autoptr(GdkTexture) texture = render_texture (graph, FALSE);
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  g_autofree guchar *data = g_malloc ((gsize) w * h * 4);
  double sum = 0;
  guint n = 0;

  gdk_texture_download (texture, data, (gsize) w * 4);
  for (int i = 0; i < w * h; i++)
    {
      /* BGRA, premultiplied */
      guchar b = data[4 * i], g = data[4 * i + 1], r = data[4 * i + 2], a = data[4 * i + 3];

      if (a < 180 || a > 240 || b > r + 60)
        continue;
      sum += (0.2126 * r + 0.7152 * g + 0.0722 * b) / a;
      n++;
    }
  *n_ink = n;
  return n > 0 ? sum / n : -1;
}

/* The graph in the light and the dark style: light ink on the dark panel, dark on the light. */
static void
check_graph_styles (KielaWindow *window, KielaReviewPanel *panel)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  GtkWidget *graph = kiela_review_panel_get_graph (panel);
  guint n_light, n_dark;
  double light, dark;

  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_LIGHT);
  app_test_wait_frames (GTK_WIDGET (window), 3);
  light = ink_luminance (graph, &n_light);
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_DARK);
  app_test_wait_frames (GTK_WIDGET (window), 3);
  dark = ink_luminance (graph, &n_dark);
  render_to_png (GTK_WIDGET (window), "review-layout-dark.png");
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_DEFAULT);
  app_test_wait_frames (GTK_WIDGET (window), 2);
  g_test_message ("graph ink: luminance %.2f over %u pixels in the light style, %.2f over %u in the dark",
                  light, n_light, dark, n_dark);
  g_assert_cmpuint (n_light, >, 200);
  g_assert_cmpuint (n_dark, >, 200);
  g_assert_cmpfloat (light, <, 0.35);
  g_assert_cmpfloat (dark, >, 0.65);
}

/* Opens the 60-ply benchmark game at its end, reviews it, and checks the list with the analysis
 * panel off and on; `min_rows` rows in sight (the last of them the current, last move). */
static void
check_layout (int width, int height, guint min_rows, const char *shot)
{
  AppTestWindow w;
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "bench", "review-60.kiela", NULL);
  KielaReviewPanel *panel;
  GtkWidget *analysis;
  KielaSplit *split;
  Want want;
  gboolean last;
  guint n;

  app_test_window_open (&w, "kiela", KIELA_SPEED_INSTANT, width, height);
  g_settings_set_boolean (w.prefs, KIELA_SETTINGS_SHOW_ANALYSIS, FALSE);
  g_assert_true (kiela_window_open_path (w.window, path));
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (w.window)), ==, 60);
  g_assert_cmpuint (kiela_window_get_view_ply (w.window), ==, 60);
  split = KIELA_SPLIT (child (w.window, "split"));
  /* At 1024 px the panel folds over the board; at 1280 it sits beside it. */
  g_assert_cmpint (kiela_split_get_collapsed (split), ==, width < 1280);

  panel = KIELA_REVIEW_PANEL (app_test_find_type (GTK_WIDGET (w.window), KIELA_TYPE_REVIEW_PANEL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w.window), "win.review-game", NULL));
  /* Review Game opens the panel, folded or not. */
  g_assert_true (kiela_split_get_show_sidebar (split));
  wait_until (review_done, panel, 120000, "the review to finish");
  g_assert_cmpuint (kiela_review_get_n_judged (kiela_review_panel_get_review (panel)), ==, 60);
  app_test_wait_frames (GTK_WIDGET (w.window), 3);

  want.window = w.window;
  want.min_rows = min_rows;
  /* Rows come on a frame after the review's last verdict remade them. */
  wait_for_rows (&want);
  n = rows_in_sight (w.window, &last);
  g_test_message ("%d×%d, review on, analysis off: %u move rows in sight, the last one %s", width, height, n,
                  last ? "among them" : "not");
  {
    g_autofree char *name = g_strdup_printf ("%s.png", shot);
    render_to_png (GTK_WIDGET (w.window), name);
  }
  g_assert_cmpuint (n, >=, min_rows);
  g_assert_true (last);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (w.window)), <=, height);

  /* The analysis panel (F8) too. */
  analysis = app_test_find_type (GTK_WIDGET (w.window), KIELA_TYPE_ANALYSIS_PANEL);
  g_assert_nonnull (analysis);
  g_settings_set_boolean (w.prefs, KIELA_SETTINGS_SHOW_ANALYSIS, TRUE);
  wait_until (analysis_shown, analysis, 10000, "the analysis panel");
  app_test_wait_frames (GTK_WIDGET (w.window), 3);
  wait_for_rows (&want);
  n = rows_in_sight (w.window, &last);
  g_test_message ("%d×%d, review on, analysis on: %u move rows in sight, the last one %s", width, height, n,
                  last ? "among them" : "not");
  {
    g_autofree char *name = g_strdup_printf ("%s-analysis.png", shot);
    render_to_png (GTK_WIDGET (w.window), name);
  }
  g_assert_cmpuint (n, >=, min_rows);
  g_assert_true (last);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel)));
  g_assert_cmpint (gtk_widget_get_height (kiela_review_panel_get_graph (panel)), >=, 40);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (w.window)), <=, height);
  g_settings_set_boolean (w.prefs, KIELA_SETTINGS_SHOW_ANALYSIS, FALSE);
  if (width >= 1280)
    check_graph_styles (w.window, panel);
  app_test_window_close (&w);
}

static void
test_laptop (void)
{
  check_layout (1280, 800, MIN_ROWS_1280, "review-layout-1280x800");
}

/* The folded panel: the current move, the last, stays in sight (one row at least). */
static void
test_projector (void)
{
  check_layout (1024, 768, 1, "review-layout-1024x768");
}

int
main (int argc, char *argv[])
{
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "review-layout");
  app_test_disable_animations ();

  g_test_add_func ("/app/review-layout/1280x800", test_laptop);
  g_test_add_func ("/app/review-layout/1024x768-folded", test_projector);
  return g_test_run ();
}
