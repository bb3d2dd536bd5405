/* test-classroom-new-game.c: the New Game dialog in a classroom (issue 10), on a 1024×768 and a
 * 1920×1080 Xvfb screen: Enter on a focused row opens it, and the names of the computer players,
 * the simplified games and Mefuvha (two houses) are shown whole. */
#include "config.h"

#include <glib/gstdio.h>

#include <string.h>
#include <adwaita.h>

#include "kiela.h"
#include "kiela-window.h"
#include "kiela-new-game-dialog.h"
#include "app-test-util.h"

static void
on_start (KielaNewGameDialog *dialog, gboolean *started)
{
  *started = TRUE;
}

/* Any label under `widget` showing `text`, whole (not ellipsized). */
static gboolean
shows_whole (GtkWidget *widget, const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
      && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return !pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (widget)));
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    if (shows_whole (c, text))
      return TRUE;
  return FALSE;
}

/* New game: Enter on a focused row opens it (not Start with the old settings); the chosen
 * computer player's name is shown whole. */
static void
test_new_game_dialog (void)
{
  g_autoptr(KielaRegistry) registry = kiela_registry_new ();
  KielaNewGameDialog *dialog;
  GtkWidget *row;
  g_autoptr(GListModel) controllers = NULL;
  const KielaPersonality *ai = NULL;
  gboolean started = FALSE, handled = FALSE;
  g_autofree char *label = NULL;

  kiela_registry_load_default (registry);
  dialog = kiela_new_game_dialog_new (registry);
  g_signal_connect (dialog, "start", G_CALLBACK (on_start), &started);
  for (guint i = 0; ai == NULL && i < kiela_registry_get_personalities (registry)->len; i++)
    ai = g_ptr_array_index (kiela_registry_get_personalities (registry), i);
  g_assert_nonnull (ai);
  kiela_new_game_dialog_preset (dialog, kiela_registry_lookup_variant (registry, "kiela"), NULL, ai);
  gtk_window_present (GTK_WINDOW (dialog));
  wait_until (app_test_widget_shown, dialog, 10000, "the New game dialog");
  app_test_wait_frames (GTK_WIDGET (dialog), 2);

  label = g_strdup_printf ("%s (%s)", ai->name, kiela_personality_get_level_name (ai));
  if (!shows_whole (GTK_WIDGET (dialog), label))
    g_error ("the dialog does not show “%s” whole", label);

  row = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (dialog), KIELA_TYPE_NEW_GAME_DIALOG, "north_row"));
  gtk_widget_grab_focus (row);
  g_assert_true (gtk_widget_has_focus (row));
  controllers = gtk_widget_observe_controllers (row);
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);
      if (GTK_IS_EVENT_CONTROLLER_KEY (c) && !handled)
        g_signal_emit_by_name (c, "key-pressed", GDK_KEY_Return, 0, 0, &handled);
    }
  g_assert_true (handled);
  app_test_wait_frames (GTK_WIDGET (dialog), 2);
  g_assert_false (started);
  g_assert_nonnull (app_test_find_type (row, GTK_TYPE_POPOVER));
  g_assert_true (gtk_widget_get_visible (app_test_find_type (row, GTK_TYPE_POPOVER)));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* New game names a game that leaves out rules of its sources "simplified" (the file's
 * Simplified=true, not its name), and its description says what is missing. */
static void
test_new_game_simplified (void)
{
  g_autoptr(KielaRegistry) registry = kiela_registry_new ();
  KielaNewGameDialog *dialog;
  AdwComboRow *game_row;
  GListModel *games;
  gboolean simplified_seen = FALSE, owela = FALSE, omweso = FALSE;
  const KielaVariant *simplified = NULL;
  g_autofree char *label = NULL;

  kiela_registry_load_default (registry);
  /* A shipped game still labelled simplified (which ones are changes as the games grow their
   * rules: Omweso has all of its sources' rules now). */
  for (const char *const *id = (const char *const[]) { "quiela", "mefuvha", NULL }; *id && !simplified; id++)
    if (kiela_variant_is_simplified (kiela_registry_lookup_variant (registry, *id)))
      simplified = kiela_registry_lookup_variant (registry, *id);
  g_assert_false (kiela_variant_is_simplified (kiela_registry_lookup_variant (registry, "omweso")));
  if (simplified == NULL)
    {
      g_test_skip ("no shipped game is labelled simplified");
      return;
    }
  label = g_strdup_printf ("%s (simplified)", simplified->name);
  dialog = kiela_new_game_dialog_new (registry);
  game_row = ADW_COMBO_ROW (gtk_widget_get_template_child (GTK_WIDGET (dialog), KIELA_TYPE_NEW_GAME_DIALOG, "game_row"));
  games = adw_combo_row_get_model (game_row);
  for (guint i = 0; i < g_list_model_get_n_items (games); i++)
    {
      const char *name = gtk_string_list_get_string (GTK_STRING_LIST (games), i);

      g_assert_null (strstr (name, "Owela (Benguela) (simplified)"));
      g_assert_null (strstr (name, "Omweso (simplified)"));
      simplified_seen |= g_strcmp0 (name, label) == 0;
      owela |= g_strcmp0 (name, "Owela (Benguela)") == 0;
      omweso |= g_strcmp0 (name, "Omweso") == 0;
    }
  g_assert_true (simplified_seen);
  g_assert_true (owela);
  g_assert_true (omweso);
  kiela_new_game_dialog_preset (dialog, simplified, NULL, NULL);
  gtk_window_present (GTK_WINDOW (dialog));
  wait_until (app_test_widget_shown, dialog, 10000, "the New game dialog");
  app_test_wait_frames (GTK_WIDGET (dialog), 2);
  g_assert_true (shows_whole (GTK_WIDGET (dialog), label));
  {
    GtkLabel *description = GTK_LABEL (gtk_widget_get_template_child (GTK_WIDGET (dialog), KIELA_TYPE_NEW_GAME_DIALOG,
                                                                       "description_label"));

    g_assert_nonnull (strstr (gtk_label_get_text (description), "Missing:"));
  }
  if (g_getenv ("KIELA_TEST_OUTDIR"))
    render_to_png (GTK_WIDGET (dialog), "new-game-simplified.png");
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* Mefuvha with two extra houses is offered as a game of its own beside Stayt's Mefuvha, by its
 * whole name, not as simplified; its description says what it takes and which source it follows. */
static void
test_new_game_mefuvha_two (void)
{
  g_autoptr(KielaRegistry) registry = kiela_registry_new ();
  const KielaVariant *two;
  KielaNewGameDialog *dialog;
  AdwComboRow *game_row;
  GListModel *games;
  gboolean listed = FALSE, stayt = FALSE;
  GtkLabel *description;

  kiela_registry_load_default (registry);
  two = kiela_registry_lookup_variant (registry, "mefuvha-two");
  g_assert_nonnull (two);
  g_assert_false (kiela_variant_is_simplified (two));
  dialog = kiela_new_game_dialog_new (registry);
  game_row = ADW_COMBO_ROW (gtk_widget_get_template_child (GTK_WIDGET (dialog), KIELA_TYPE_NEW_GAME_DIALOG, "game_row"));
  games = adw_combo_row_get_model (game_row);
  for (guint i = 0; i < g_list_model_get_n_items (games); i++)
    {
      const char *name = gtk_string_list_get_string (GTK_STRING_LIST (games), i);

      listed |= g_strcmp0 (name, "Mefuvha (two houses)") == 0;
      stayt |= g_strcmp0 (name, "Mefuvha") == 0;
    }
  g_assert_true (listed);
  g_assert_true (stayt);
  kiela_new_game_dialog_preset (dialog, two, NULL, NULL);
  g_assert_true (kiela_new_game_dialog_get_variant (dialog) == two);
  gtk_window_present (GTK_WINDOW (dialog));
  wait_until (app_test_widget_shown, dialog, 10000, "the New game dialog");
  app_test_wait_frames (GTK_WIDGET (dialog), 2);
  if (g_getenv ("KIELA_TEST_OUTDIR"))
    render_to_png (GTK_WIDGET (dialog), "new-game-mefuvha-two.png");
  g_assert_true (shows_whole (GTK_WIDGET (dialog), "Mefuvha (two houses)"));
  description = GTK_LABEL (gtk_widget_get_template_child (GTK_WIDGET (dialog), KIELA_TYPE_NEW_GAME_DIALOG,
                                                          "description_label"));
  g_assert_nonnull (strstr (gtk_label_get_text (description), "any two other opponent houses"));
  g_assert_nonnull (strstr (gtk_label_get_text (description), "another source"));
  g_assert_null (strstr (gtk_label_get_text (description), "Missing:"));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

int
main (int argc, char **argv)
{
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "test-classroom-new-game");
  app_test_disable_animations ();

  /* The tests write their records where the app keeps its data. */
  g_assert_cmpint (g_mkdir_with_parents (g_get_user_data_dir (), 0700), ==, 0);

  g_test_add_func ("/app/classroom/new-game-dialog", test_new_game_dialog);
  g_test_add_func ("/app/classroom/new-game-simplified", test_new_game_simplified);
  g_test_add_func ("/app/classroom/new-game-mefuvha-two", test_new_game_mefuvha_two);
  return g_test_run ();
}
