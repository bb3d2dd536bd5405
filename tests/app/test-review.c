/* test-review.c: fixes found by clicking through the app as a pupil, a teacher on a 1024×768 projector and a rule experimenter would. */
#include "config.h"

#include <adwaita.h>

#include "kiela.h"
#include "kiela-window.h"
#include "kiela-analysis-panel.h"
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
  spin (300);
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

int
main (int argc, char **argv)
{
  g_autofree char *tmp = app_test_init (&argc, &argv, "test-review");

  g_test_add_func ("/app/review/shortcuts-fit", test_shortcuts_fit);
  g_test_add_func ("/app/review/analysis-game-over", test_analysis_game_over);
  return g_test_run ();
}
