/* test-game-review.c: the post-game review in the window: a planted blunder, in a record opened or in a
 * game played on the board, is marked in the panel and on the graph, a click shows its ply. */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "kiela.h"
#include "kiela-window.h"
#include "kiela-review-panel.h"
#include "kiela-step-list.h"
#include "kiela-lesson-view.h"
#include "kiela-board-view-private.h"
#include <glib/gstdio.h>
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

static GtkWidget *chooser_found;

static gboolean
chooser_shown (gpointer data)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  chooser_found = NULL;
  for (GList *l = toplevels; l; l = l->next)
    if (GTK_IS_FILE_CHOOSER_DIALOG (l->data) && gtk_widget_get_visible (l->data))
      chooser_found = l->data;
  return chooser_found != NULL;
}

/* Without a portal, GtkFileDialog shows a GtkFileChooserDialog, which the tests read and drive
 * through GtkFileChooser and GtkDialog, deprecated in GTK 4.10 with nothing that replaces them
 * for reading a shown chooser (GTK 4.18): silenced in these functions. */
G_GNUC_BEGIN_IGNORE_DEPRECATIONS
static gboolean
chooser_has_folder (gpointer data)
{
  g_autoptr(GFile) folder = gtk_file_chooser_get_current_folder (GTK_FILE_CHOOSER (chooser_found));

  return folder != NULL;
}

static gboolean
chooser_in_folder (gpointer dir)
{
  g_autoptr(GFile) folder = gtk_file_chooser_get_current_folder (GTK_FILE_CHOOSER (chooser_found));

  return folder != NULL && g_file_equal (folder, dir);
}
G_GNUC_END_IGNORE_DEPRECATIONS

/* The chooser's path bar (GTK's own GtkPathBar) shows `folder`: its current, active button is
 * labelled with the folder's name.  The path bar looks each folder up asynchronously; GTK 4.18's
 * loses track of its buttons when it is given a new folder before the lookup of the last one
 * has ended (a critical from gtk_box_remove), so the test, faster than any user, waits for each
 * folder to be shown before going on. */
static gboolean
label_in (GtkWidget *widget, const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    if (label_in (c, text))
      return TRUE;
  return FALSE;
}

static gboolean
path_bar_shows_in (GtkWidget *widget, gboolean in_path_bar, const char *name)
{
  in_path_bar = in_path_bar || g_str_equal (G_OBJECT_TYPE_NAME (widget), "GtkPathBar");
  if (in_path_bar && GTK_IS_TOGGLE_BUTTON (widget))
    return gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (widget)) && label_in (widget, name);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    if (path_bar_shows_in (c, in_path_bar, name))
      return TRUE;
  return FALSE;
}

static gboolean
path_bar_shows (gpointer folder)
{
  g_autoptr(GFileInfo) info = g_file_query_info (folder, G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME,
                                                 G_FILE_QUERY_INFO_NONE, NULL, NULL);

  return info != NULL && path_bar_shows_in (chooser_found, FALSE, g_file_info_get_display_name (info));
}

static gboolean
file_written (gpointer path)
{
  return g_file_test (path, G_FILE_TEST_IS_REGULAR);
}

/* Runs `action`, checks the save chooser it shows (the proposed name, the Documents folder, or
 * home without one) and saves to `path` through it. */
G_GNUC_BEGIN_IGNORE_DEPRECATIONS  /* GtkFileChooser, GtkDialog: see chooser_has_folder() */
static void
export_through_chooser (KielaWindow *window, const char *action, const char *name, const char *path)
{
  const char *docs = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);
  g_autoptr(GFile) folder = NULL;
  g_autoptr(GFile) want_folder = g_file_new_for_path (docs && g_file_test (docs, G_FILE_TEST_IS_DIR) ? docs : g_get_home_dir ());
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *current = NULL;

  g_remove (path);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), action, NULL));
  wait_until (chooser_shown, NULL, 10000, "the file chooser");
  current = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (chooser_found));
  g_assert_cmpstr (current, ==, name);
  /* The dialog sets its folder once it has loaded it. */
  wait_until (chooser_has_folder, NULL, 10000, "the chooser's folder");
  folder = gtk_file_chooser_get_current_folder (GTK_FILE_CHOOSER (chooser_found));
  g_assert_true (g_file_equal (folder, want_folder));
  wait_until (path_bar_shows, folder, 10000, "the chooser's path bar to show its folder");
  /* Saved into the test's own folder instead. */
  {
    g_autoptr(GFile) dir = g_file_get_parent (file);
    g_autofree char *base = g_file_get_basename (file);

    g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser_found), dir, NULL));
    wait_until (chooser_in_folder, dir, 10000, "the chooser to go to the test's folder");
    wait_until (path_bar_shows, dir, 10000, "the chooser's path bar to show the test's folder");
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser_found), base);
  }
  gtk_dialog_response (GTK_DIALOG (chooser_found), GTK_RESPONSE_ACCEPT);
  wait_until (file_written, (gpointer) path, 10000, "the exported file");
  spin (100);
}
G_GNUC_END_IGNORE_DEPRECATIONS

static guint
pdf_pages (const char *pdf)
{
  const char *argv[] = { KIELA_TEST_PDFINFO, pdf, NULL };
  g_autofree char *out = NULL;
  const char *pages;
  int status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  pages = strstr (out, "\nPages:");
  g_assert_nonnull (pages);
  return (guint) g_ascii_strtoull (pages + strlen ("\nPages:"), NULL, 10);
}

/* A click on `square`'s house, as the player's: focus, then activate. */
static void
click_square (KielaWindow *window, const char *square)
{
  KielaSquare sq;
  KielaHouse *house;

  g_assert_true (kiela_square_parse (10, square, &sq, NULL));
  house = kiela_board_view_get_house (kiela_window_get_board (window), sq.side, sq.house);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (house)));
  gtk_widget_grab_focus (GTK_WIDGET (house));
  gtk_widget_activate (GTK_WIDGET (house));
}

static gboolean
souths_turn (gpointer data)
{
  KielaWindow *window = data;
  KielaGame *game = kiela_window_get_game (window);

  return !kiela_window_is_ai_thinking (window) && !kiela_game_is_over (game)
         && kiela_game_get_position (game)->to_move == KIELA_SOUTH;
}

/* The game-over card's Review Game button, once the card shows it. */
static gboolean
is_card_review (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 0
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "win.review-game") == 0
         && gtk_widget_get_ancestor (widget, GTK_TYPE_REVEALER) != NULL;
}

static gboolean
card_shown (gpointer data)
{
  return app_test_find_widget (data, is_card_review, NULL) != NULL;
}

/* The planted blunder played on the board against Kizua: South (the player) e2, Kizua's only
 * move a3, South's only move a1, any move of Kizua's, and South cannot move: North wins.  Then
 * the game-over card's Review Game. */
static void
play_planted_game (AppTestWindow *w)
{
  GtkWidget *review_button, *card;
  g_autoptr(GError) error = NULL;
  KielaPosition pos;
  KielaGame *game;

  g_assert_true (kiela_position_parse (LOSES_NINE, 10, &pos, NULL));
  g_assert_true (kiela_window_new_game_from_position (w->window, kiela_registry_lookup_variant (w->registry, "kiela"), &pos,
                                                      NULL, kiela_registry_lookup_personality (w->registry, "kizua"),
                                                      &error));
  g_assert_no_error (error);
  spin (100);
  game = kiela_window_get_game (w->window);
  click_square (w->window, "e2");
  wait_until (souths_turn, w->window, 30000, "Kizua's answer to e2");
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 2);
  {
    g_autofree char *answer = kiela_game_dup_move_name (game, 1);
    g_assert_cmpstr (answer, ==, "a3");
  }
  click_square (w->window, "a1");
  wait_until (card_shown, w->window, 30000, "the game-over card");
  review_button = app_test_find_widget (GTK_WIDGET (w->window), is_card_review, NULL);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (review_button)), ==, "Review Game");
  g_assert_true (kiela_game_is_over (game));
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 4);
  g_assert_nonnull (strstr (kiela_window_get_result_text (w->window), "South cannot move"));
  card = gtk_widget_get_ancestor (review_button, GTK_TYPE_REVEALER);
  g_assert_nonnull (card);
  g_signal_emit_by_name (review_button, "clicked");
  /* The review takes the card's place: the two were taller than a 1280×800 window (844 px), the
   * card's title cut off at the top of the panel.  The card goes at once: sliding away beside
   * the review, the two asked for more than 800 px, and the window grew (to 811 px). */
  g_assert_null (kiela_window_get_result_text (w->window));
  g_assert_false (gtk_revealer_get_child_revealed (GTK_REVEALER (card)));
  {
    int min = -1;

    gtk_widget_measure (card, GTK_ORIENTATION_VERTICAL, 300, &min, NULL, NULL, NULL);
    g_assert_cmpint (min, ==, 0);
  }
}

/* `data`: the game played on the board (TRUE) or opened as a record. */
static void
test_planted_blunder (gconstpointer data)
{
  gboolean played = GPOINTER_TO_INT (data);
  AppTestWindow w;
  g_autofree char *path = write_record ("blunder.kiela", LOSES_NINE, "\"e2\",\"a3\"");
  guint n_plies = played ? 4 : 2;
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
  panel = KIELA_REVIEW_PANEL (app_test_find_type (GTK_WIDGET (w.window), KIELA_TYPE_REVIEW_PANEL));
  g_assert_nonnull (panel);
  if (played)
    play_planted_game (&w);
  else
    {
      g_assert_true (kiela_window_open_path (w.window, path));
      g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
      /* Review Game from the main menu while another page is shown: the game page comes back. */
      g_assert_true (kiela_window_show_page (w.window, "welcome"));
      g_assert_cmpstr (kiela_window_get_visible_page (w.window), ==, "welcome");
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w.window), "win.review-game", NULL));
      g_assert_cmpstr (kiela_window_get_visible_page (w.window), ==, "game");
    }
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel)));
  wait_until (review_done, panel, 60000, "the review to finish");
  if (played)
    {
      /* Closed, the review gives the card back; Review Game again. */
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w.window), "win.close-review", NULL));
      g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
      g_assert_nonnull (kiela_window_get_result_text (w.window));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w.window), "win.review-game", NULL));
      g_assert_null (kiela_window_get_result_text (w.window));
      wait_until (review_done, panel, 60000, "the review to finish again");
    }
  app_test_wait_frames (GTK_WIDGET (w.window), 3);

  review = kiela_review_panel_get_review (panel);
  g_assert_nonnull (review);
  g_assert_cmpuint (kiela_review_get_n_judged (review), ==, n_plies);
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

  {
    g_autofree char *name = g_strdup_printf ("review%s-%dx%d.png", played ? "-played" : "", width >= 1920 ? 1920 : 1280,
                                             width >= 1920 ? 1080 : 800);
    app_test_screenshot (GTK_WIDGET (w.window), name, 0);
  }

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

  /* Learn from Your Mistakes: the blunder as a puzzle in the lesson view, from the position
   * before it; the better move answers it, with the puzzles' stars. */
  {
    KielaLessonView *view;
    const KielaLesson *lesson;
    KielaBoardView *board;
    KielaHouse *house;
    KielaSquare sq;

    g_assert_true (gtk_widget_get_visible (kiela_review_panel_get_menu_button (panel)));
    g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (w.window), "review-learn"));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w.window), "win.review-learn", NULL));
    spin (100);
    g_assert_cmpstr (kiela_window_get_visible_page (w.window), ==, "lesson");
    view = KIELA_LESSON_VIEW (app_test_find_type (GTK_WIDGET (w.window), KIELA_TYPE_LESSON_VIEW));
    lesson = kiela_lesson_view_get_lesson (view);
    g_assert_cmpint (lesson->kind, ==, KIELA_LESSON_KIND_PUZZLES);
    g_assert_cmpuint (lesson->n_steps, ==, 1);
    g_assert_true (g_str_has_prefix (kiela_lesson_view_get_narration (view), "Move 1: South played e2 here and gave up "));
    board = kiela_lesson_view_get_board (view);
    {
      KielaPosition start;

      g_assert_true (kiela_position_parse (LOSES_NINE, 10, &start, NULL));
      g_assert_true (kiela_position_equal (kiela_board_view_get_position (board), &start));
    }
    g_assert_true (kiela_square_parse (10, "c1", &sq, NULL));
    house = kiela_board_view_get_house (board, sq.side, sq.house);
    gtk_widget_grab_focus (GTK_WIDGET (house));
    gtk_widget_activate (GTK_WIDGET (house));
    spin (300);
    g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
    g_assert_true (g_str_has_prefix (kiela_lesson_view_get_feedback (view), "★★★"));
    {
      g_autofree char *name = g_strdup_printf ("mistakes%s-%dx%d.png", played ? "-played" : "", width >= 1920 ? 1920 : 1280,
                                               width >= 1920 ? 1080 : 800);
      app_test_screenshot (GTK_WIDGET (w.window), name, 0);
    }
    kiela_window_pop_page (w.window);
    spin (100);
    g_assert_cmpstr (kiela_window_get_visible_page (w.window), ==, "game");
  }

  /* Export: the chooser proposes the game's name in Documents; the worksheet has the graph's
   * page and one for the blunder; the CSV a line a move. */
  {
    g_autofree char *stem = kiela_window_dup_file_stem (w.window);
    g_autofree char *pdf = g_build_filename (g_get_user_data_dir (), "review.pdf", NULL);
    g_autofree char *csv_path = g_build_filename (g_get_user_data_dir (), "review.csv", NULL);
    g_autofree char *csv = NULL;
    g_autofree char *want_pdf = g_strdup_printf ("%s-review.pdf", stem);
    g_autofree char *want_csv = g_strdup_printf ("%s-review.csv", stem);

    export_through_chooser (w.window, "win.review-export-pdf", want_pdf, pdf);
    g_assert_cmpuint (pdf_pages (pdf), ==, 2);
    if (g_getenv ("KIELA_SCREENSHOT_DIR") != NULL)
      {
        g_autofree char *copy = g_build_filename (g_getenv ("KIELA_SCREENSHOT_DIR"), played ? "review-played.pdf" : "review.pdf", NULL);
        g_autoptr(GFile) from = g_file_new_for_path (pdf);
        g_autoptr(GFile) to = g_file_new_for_path (copy);

        g_assert_true (g_file_copy (from, to, G_FILE_COPY_OVERWRITE, NULL, NULL, NULL, NULL));
      }
    export_through_chooser (w.window, "win.review-export-csv", want_csv, csv_path);
    g_assert_true (g_file_get_contents (csv_path, &csv, NULL, NULL));
    g_assert_true (g_str_has_prefix (csv, "ply,side,move,best,loss,class,score,best_score,line\n1,south,e2,c1,"));
    g_assert_nonnull (strstr (csv, ",blunder,"));
    g_assert_nonnull (strstr (csv, "\n2,north,a3,a3,0,best,"));
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
  G_GNUC_UNUSED g_autofree char *dir = app_test_init (&argc, &argv, "test-game-review");

  g_test_add_data_func ("/app/game-review/planted-blunder", GINT_TO_POINTER (FALSE), test_planted_blunder);
  /* The same game played on the board against Kizua, reviewed from the game-over card. */
  g_test_add_data_func ("/app/game-review/played", GINT_TO_POINTER (TRUE), test_planted_blunder);
  return g_test_run ();
}
