/* test-review.c: fixes found by clicking through the app as a pupil, a teacher on a 1024×768 projector and a rule experimenter would. */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "kiela.h"
#include "kiela-window.h"
#include "kiela-analysis-panel.h"
#include "kiela-settings.h"
#include "kiela-welcome-page.h"
#include "kiela-text-pane.h"
#include "kiela-game-info.h"
#include "kiela-game-session.h"
#include "kiela-new-game-dialog.h"
#include "app-test-util.h"
#include "app-test-window.h"

/* The Keyboard Shortcuts window fits a projector's 1024-px screen: its group titles once
 * explained the keys in long words that made it 1,043 px wide, its right edge off the screen. */
static void
test_shortcuts_fit (void)
{
  int width = app_test_shortcuts_window_width ();

  g_test_message ("Keyboard Shortcuts window: %d px wide", width);
  g_assert_cmpint (width, >, 300);
  g_assert_cmpint (width, <=, 1000);
}

/* Writes a record starting from `kpn` with `moves` (JSON strings) into the test's folder. */
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

/* South's j1 captures North's last stones: the game is over after one move. */
#define LAST_CAPTURE "0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,2,0,0/0,0,0,0,0,0,0,3,0,0/0,0,0,0,0,0,0,0,0,3 s"

/* Any label under `widget` whose text is cut short with an ellipsis, or NULL. */
static GtkWidget *
find_ellipsized (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
      && pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (widget))))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_ellipsized (c);
      if (found)
        return found;
    }
  return NULL;
}

/* At the end of a game the analysis panel said "The game is over: there is no move to ju…" at
 * the end of its heading, cut off, over an empty white card: the sentence is now in the card,
 * whole. */
static void
test_analysis_game_over (void)
{
  AppTestWindow w;
  g_autofree char *path = write_record ("over.kiela", LAST_CAPTURE, "\"j1\"");
  KielaAnalysisPanel *panel;
  GtkWidget *message, *cut;

  app_test_window_open (&w, "kiela", KIELA_SPEED_INSTANT, 1280, 800);
  g_assert_true (kiela_window_open_path (w.window, path));
  g_assert_true (kiela_game_is_over (kiela_window_get_game (w.window)));
  panel = KIELA_ANALYSIS_PANEL (app_test_find_type (GTK_WIDGET (w.window), KIELA_TYPE_ANALYSIS_PANEL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w.window), "analysis.show-analysis", NULL));
  app_test_wait_frames (GTK_WIDGET (w.window), 2);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (panel)));
  g_assert_cmpuint (kiela_analysis_panel_get_n_evals (panel), ==, 0);
  message = kiela_analysis_panel_get_message_label (panel);
  g_assert_true (gtk_widget_get_mapped (message));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (message)), ==, "The game is over: there is no move to judge.");
  g_assert_cmpint (gtk_widget_get_width (message), <=, gtk_widget_get_width (GTK_WIDGET (panel)));
  cut = find_ellipsized (GTK_WIDGET (panel));
  if (cut)
    g_error ("the analysis panel cuts “%s” short", gtk_label_get_text (GTK_LABEL (cut)));
  app_test_window_close (&w);
}

/* A game opened from another page (the Rules, a lesson, the welcome page) showed nothing: the
 * game, or the banner saying why it could not be opened, is on the game page, which now shows. */
static void
test_open_shows_game (void)
{
  AppTestWindow w;
  g_autofree char *good = write_record ("good.kiela", LAST_CAPTURE, "");
  g_autofree char *bad = g_build_filename (g_get_user_data_dir (), "bad.kiela", NULL);

  g_assert_true (g_file_set_contents (bad, "{\"format\":\"kiela-game\",\"moves\":[\"g2\"", -1, NULL));
  app_test_window_open (&w, "kiela", KIELA_SPEED_INSTANT, 1280, 800);
  g_assert_true (kiela_window_show_page (w.window, "rules"));
  g_assert_false (kiela_window_open_path (w.window, bad));
  g_assert_cmpstr (kiela_window_get_visible_page (w.window), ==, "game");
  g_assert_nonnull (kiela_window_get_banner_text (w.window));
  g_assert_nonnull (strstr (kiela_window_get_banner_text (w.window), "bad.kiela"));

  g_assert_true (kiela_window_show_page (w.window, "history"));
  g_assert_true (kiela_window_open_path (w.window, good));
  g_assert_cmpstr (kiela_window_get_visible_page (w.window), ==, "game");
  g_assert_cmpstr (kiela_window_get_file_path (w.window), ==, good);
  app_test_window_close (&w);
}

/* The New Game dialog on screen, or NULL. */
static GtkWidget *
find_new_game_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();  /* GTK's own list */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) w = g_list_model_get_item (toplevels, i);

      /* The list of toplevels keeps its own reference. */
      if (KIELA_IS_NEW_GAME_DIALOG (w) && gtk_widget_get_visible (w))
        return w;
    }
  return NULL;
}

/* Ctrl+N on the Rules page (or any other) started the game out of sight, the Rules still
 * shown: a game started from the New Game dialog or Play Again shows now. */
static void
test_new_game_shows_game (void)
{
  AppTestWindow w;
  KielaNewGameDialog *dialog;

  app_test_window_open (&w, "kiela", KIELA_SPEED_INSTANT, 1024, 768);
  g_assert_true (kiela_window_show_page (w.window, "rules"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w.window), "win.new-game", NULL));
  app_test_wait_frames (GTK_WIDGET (w.window), 2);
  dialog = KIELA_NEW_GAME_DIALOG (find_new_game_dialog ());
  g_assert_nonnull (dialog);
  g_object_ref (dialog);
  g_signal_emit_by_name (dialog, "start");
  app_test_wait_frames (GTK_WIDGET (w.window), 2);
  g_assert_cmpstr (kiela_window_get_visible_page (w.window), ==, "game");

  g_assert_true (kiela_window_show_page (w.window, "history"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w.window), "win.play-again", NULL));
  app_test_wait_frames (GTK_WIDGET (w.window), 2);
  g_assert_cmpstr (kiela_window_get_visible_page (w.window), ==, "game");
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_unref (dialog);
  app_test_window_close (&w);
}

static gboolean
is_primary_menu (GtkWidget *widget, gconstpointer data)
{
  /* Its menu model is given when it is first opened, so it is known by being the primary one. */
  return GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget))
         && g_strcmp0 (gtk_widget_get_tooltip_text (widget), "Main Menu") == 0;
}

/* On a 1024×768 projector the primary menu was taller than the window and scrolled, Keyboard
 * Shortcuts and About below the screen's edge: it fits now, every item reachable at once. */
static void
test_menu_fits (void)
{
  AppTestWindow w;
  GtkWidget *button;
  GtkPopover *popover;
  int min, nat;

  app_test_window_open (&w, "kiela", KIELA_SPEED_INSTANT, 1024, 768);
  button = app_test_find_widget (GTK_WIDGET (w.window), is_primary_menu, NULL);
  g_assert_nonnull (button);
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  app_test_wait_frames (GTK_WIDGET (w.window), 2);
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (button));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (popover)));
  /* The menu's whole height against the room under the header bar of a 768-px screen. */
  gtk_widget_measure (gtk_popover_get_child (popover), GTK_ORIENTATION_VERTICAL, -1, &min, &nat, NULL, NULL);
  g_test_message ("primary menu: %d px high", nat);
  g_assert_cmpint (nat, >, 300);
  g_assert_cmpint (nat, <=, 768 - 60);
  /* Review Game is an item of the menu itself (for any game or opened record), not of a submenu. */
  g_assert_true (app_test_menu_has_direct (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button)), "win.review-game"));
  gtk_menu_button_popdown (GTK_MENU_BUTTON (button));
  app_test_window_close (&w);
}

static gboolean
is_page_link (GtkWidget *widget, gconstpointer page)
{
  GVariant *target;

  if (!GTK_IS_BUTTON (widget) || !gtk_widget_get_mapped (widget)
      || g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "win.show-page") != 0)
    return FALSE;
  target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (widget));
  return target && g_str_equal (g_variant_get_string (target, NULL), page);
}

/* Someone who has never heard of Kiela reaches how it is played and where it comes from from
 * the welcome page (only the main menu and F1 led there). */
static void
test_welcome_links (void)
{
  static const struct { const char *page, *label; } links[] = {
    { "rules", "_Rules" }, { "history", "_History of Kiela" },
  };
  AppTestWindow w;

  app_test_window_open (&w, "kiela", KIELA_SPEED_INSTANT, 1024, 768);
  for (guint i = 0; i < G_N_ELEMENTS (links); i++)
    {
      GtkWidget *welcome, *button;
      graphene_rect_t bounds;

      g_assert_true (kiela_window_show_page (w.window, "welcome"));
      app_test_wait_frames (GTK_WIDGET (w.window), 2);
      welcome = app_test_find_type (GTK_WIDGET (w.window), KIELA_TYPE_WELCOME_PAGE);
      button = app_test_find_widget (welcome, is_page_link, links[i].page);
      g_assert_nonnull (button);
      g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, links[i].label);
      /* On screen at 1024×768, under the five choices. */
      g_assert_true (gtk_widget_compute_bounds (button, GTK_WIDGET (w.window), &bounds));
      g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (GTK_WIDGET (w.window)));
      g_signal_emit_by_name (button, "clicked");
      app_test_wait_frames (GTK_WIDGET (w.window), 2);
      g_assert_cmpstr (kiela_window_get_visible_page (w.window), ==, links[i].page);
    }
  app_test_window_close (&w);
}

static gboolean
has_class (GtkWidget *widget, gconstpointer css_class)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_has_css_class (widget, css_class);
}

/* The height of `label`'s text laid out `width` px wide. */
static int
text_height (GtkWidget *label, int width)
{
  int min, nat;

  gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, width, &min, &nat, NULL, NULL);
  return nat;
}

/* Ctrl+plus made the narration larger but not the Rules and History texts, which a teacher
 * shows on the projector (issue 11: they follow the zoom): their body text scales now. */
static void
test_panes_follow_zoom (void)
{
  static const char *const pages[] = { "rules", "history" };
  AppTestWindow w;

  app_test_window_open (&w, "kiela", KIELA_SPEED_INSTANT, 1024, 768);
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      GtkWidget *body;
      int normal, zoomed;

      g_settings_set_double (w.prefs, KIELA_SETTINGS_TEXT_ZOOM, 1.0);
      g_assert_true (kiela_window_show_page (w.window, pages[i]));
      app_test_wait_frames (GTK_WIDGET (w.window), 2);
      body = app_test_find_widget (GTK_WIDGET (w.window), has_class, "kiela-text-body");
      g_assert_nonnull (body);
      normal = text_height (body, 600);
      /* Twice Ctrl+plus, as the teacher presses it. */
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w.window), "win.zoom-in", NULL));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w.window), "win.zoom-in", NULL));
      app_test_wait_frames (GTK_WIDGET (w.window), 2);
      zoomed = text_height (body, 600);
      g_test_message ("%s: body text %d px high at 600 px, %d px zoomed", pages[i], normal, zoomed);
      g_assert_cmpint (zoomed, >, normal * 5 / 4);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w.window), "win.zoom-reset", NULL));
      app_test_wait_frames (GTK_WIDGET (w.window), 2);
      g_assert_cmpint (text_height (body, 600), ==, normal);
    }
  app_test_window_close (&w);
}

static gboolean
is_action_button (GtkWidget *widget, gconstpointer action)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_visible (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

/* In presentation mode the header showed two identical "leave fullscreen" buttons side by
 * side (fullscreen and presentation): one button with its icon leaves it now, and the plain
 * fullscreen button comes back after. */
static void
test_presentation_one_leave_button (void)
{
  AppTestWindow w;
  GtkWidget *present, *full;

  app_test_window_open (&w, "kiela", KIELA_SPEED_INSTANT, 1024, 768);
  present = app_test_find_widget (GTK_WIDGET (w.window), is_action_button, "win.presentation");
  full = app_test_find_widget (GTK_WIDGET (w.window), is_action_button, "win.fullscreen");
  g_assert_nonnull (present);
  g_assert_nonnull (full);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w.window), "win.presentation", NULL));
  app_test_wait_frames (GTK_WIDGET (w.window), 2);
  g_assert_true (gtk_widget_get_visible (present));
  g_assert_false (gtk_widget_get_visible (full));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (present), ==, "Leave Presentation Mode (F5)");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w.window), "win.leave-presentation", NULL));
  app_test_wait_frames (GTK_WIDGET (w.window), 2);
  g_assert_true (gtk_widget_get_visible (full));
  g_assert_cmpstr (gtk_button_get_icon_name (GTK_BUTTON (full)), !=, gtk_button_get_icon_name (GTK_BUTTON (present)));
  app_test_window_close (&w);
}

static gboolean
is_entry_row (GtkWidget *widget, gconstpointer data)
{
  return ADW_IS_ENTRY_ROW (widget);
}

/* Escape did nothing in the Game Info dialog (every other dialog closes with it): it closes it
 * now, and the names typed are kept, as when its close button is clicked. */
static void
test_game_info_escape (void)
{
  AppTestWindow w;
  KielaGameSession *session;
  GtkWindow *dialog;
  GtkWidget *south;

  app_test_window_open (&w, "kiela", KIELA_SPEED_INSTANT, 1024, 768);
  session = kiela_window_get_session (w.window);
  dialog = kiela_game_info_present (GTK_WINDOW (w.window), session);
  g_object_ref (dialog);
  wait_until (app_test_widget_shown, dialog, 5000, "the Game Info dialog");
  south = app_test_find_widget (GTK_WIDGET (dialog), is_entry_row, NULL);
  g_assert_nonnull (south);
  gtk_editable_set_text (GTK_EDITABLE (south), "Class 4B");
  gtk_widget_grab_focus (south);
  app_test_press (GTK_WIDGET (dialog), "Escape");
  app_test_wait_frames (GTK_WIDGET (w.window), 2);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  g_assert_cmpstr (kiela_game_session_get_player_name (session, KIELA_SOUTH), ==, "Class 4B");
  g_object_unref (dialog);
  app_test_window_close (&w);
}

int
main (int argc, char **argv)
{
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "test-review");
  app_test_disable_animations ();

  g_test_add_func ("/app/review/shortcuts-fit", test_shortcuts_fit);
  g_test_add_func ("/app/review/analysis-game-over", test_analysis_game_over);
  g_test_add_func ("/app/review/open-shows-game", test_open_shows_game);
  g_test_add_func ("/app/review/welcome-links", test_welcome_links);
  g_test_add_func ("/app/review/panes-follow-zoom", test_panes_follow_zoom);
  g_test_add_func ("/app/review/presentation-one-leave-button", test_presentation_one_leave_button);
  g_test_add_func ("/app/review/game-info-escape", test_game_info_escape);
  g_test_add_func ("/app/review/new-game-shows-game", test_new_game_shows_game);
  g_test_add_func ("/app/review/menu-fits", test_menu_fits);
  return g_test_run ();
}
