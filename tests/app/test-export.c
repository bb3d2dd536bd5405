/* test-export.c: the window's export actions under Xvfb: the clipboard gets the position, the game and the board image; files read back. */
#include "config.h"

#include <string.h>
#include <sys/wait.h>
#include <glib/gstdio.h>
#include <adwaita.h>
#include <librsvg/rsvg.h>

#include "kiela.h"
#include "kiela-window.h"
#include "kiela-compat.h"
#include "kiela-settings.h"
#include "kiela-export.h"
#include "app-test-util.h"
#include "app-test-render.h"

static const char *const game_moves[] = { "b1", "h4", "i2", "b3" };

typedef struct {
  KielaRegistry *registry;
  GSettings *prefs;
  KielaWindow *window;
  KielaGame *game;     /* the same game, replayed by the test itself */
  char *dir;
} Fixture;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autofree char *record = NULL;
  g_autoptr(GError) error = NULL;

  f->registry = kiela_registry_new ();
  kiela_registry_load_default (f->registry);
  g_assert_nonnull (kiela_registry_lookup_variant (f->registry, "kiela"));
  f->dir = g_dir_make_tmp ("kiela-test-export-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
  f->prefs = kiela_settings_new (NULL);
  g_settings_set_enum (f->prefs, KIELA_SETTINGS_SPEED, KIELA_SPEED_INSTANT);

  f->game = kiela_game_new (kiela_registry_lookup_variant (f->registry, "kiela"));
  for (guint i = 0; i < G_N_ELEMENTS (game_moves); i++)
    g_assert_true (kiela_game_play_square (f->game, game_moves[i], NULL, NULL));
  kiela_game_set_metadata (f->game, KIELA_META_SOUTH, "Ana");
  kiela_game_set_metadata (f->game, KIELA_META_NORTH, "Bento");
  record = g_build_filename (f->dir, "game.kiela", NULL);
  g_assert_true (kiela_record_save (f->game, record, &error));
  g_assert_no_error (error);

  f->window = app_test_window_new (f->registry, f->prefs, NULL);
  gtk_window_present (GTK_WINDOW (f->window));
  g_assert_true (kiela_window_open_path (f->window, record));
  wait_until (app_test_widget_shown, f->window, 10000, "the window to be shown");
  app_test_wait_frames (GTK_WIDGET (f->window), 2);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  g_clear_pointer (&f->window, app_test_window_free);
  g_clear_object (&f->game);
  g_clear_object (&f->prefs);
  g_clear_pointer (&f->registry, kiela_registry_free);
  g_free (f->dir);
}

static void
test_copy_position (Fixture *f, gconstpointer data)
{
  g_autofree char *expected = kiela_position_to_string (kiela_game_get_position (f->game));
  g_autofree char *text = NULL;

  /* Put something else there first, so the action must replace it. */
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (f->window)), "before");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.copy-position", NULL));
  text = app_test_clipboard_text (GTK_WIDGET (f->window));
  g_assert_cmpstr (text, ==, expected);
  g_assert_cmpstr (kiela_window_get_last_message (f->window), !=, NULL);
}

static void
test_copy_game (Fixture *f, gconstpointer data)
{
  g_autofree char *text = NULL;
  g_autofree char *result = kiela_game_describe_result (f->game);
  g_autoptr(KielaTrace) trace = kiela_trace_new ();

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.copy-game", NULL));
  text = app_test_clipboard_text (GTK_WIDGET (f->window));
  g_assert_nonnull (strstr (text, "Ana"));
  g_assert_nonnull (strstr (text, "Bento"));
  for (guint i = 0; i < G_N_ELEMENTS (game_moves); i++)
    {
      g_autofree char *line_start = g_strdup_printf ("%u. %s ", i + 1, game_moves[i]);
      g_autofree char *summary = NULL;

      g_assert_true (kiela_game_trace_move (f->game, i, trace));
      summary = kiela_narrate_move_summary (kiela_game_get_variant (f->game), trace);
      g_assert_nonnull (strstr (text, line_start));
      g_assert_nonnull (strstr (text, summary));
    }
  g_assert_nonnull (strstr (text, result));
}

static void
test_copy_image (Fixture *f, gconstpointer data)
{
  g_autoptr(GdkTexture) texture = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.copy-image", NULL));
  texture = app_test_clipboard_texture (GTK_WIDGET (f->window));
  g_assert_nonnull (texture);
  /* The board's proportions: 10 files of 100 units plus the frame, by 4 ranks, the band and the frame. */
  g_assert_cmpint (gdk_texture_get_width (texture), >=, 1000);
  g_assert_cmpint (abs (gdk_texture_get_height (texture) - gdk_texture_get_width (texture) * 572 / 1132), <=, 1);
}

static void
test_export_files (Fixture *f, gconstpointer data)
{
  g_autofree char *png_path = g_build_filename (f->dir, "board.png", NULL);
  g_autofree char *svg_path = g_build_filename (f->dir, "board.svg", NULL);
  g_autofree char *pdf_path = g_build_filename (f->dir, "sheet.pdf", NULL);
  g_autoptr(GFile) png = g_file_new_for_path (png_path);
  g_autoptr(GFile) svg = g_file_new_for_path (svg_path);
  g_autoptr(GFile) pdf = g_file_new_for_path (pdf_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkPixbuf) pb = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *kpn = kiela_position_to_string (kiela_game_get_position (f->game));
  KielaWorksheetOptions options = { KIELA_WORKSHEET_EVERY_MOVE, TRUE, "Worksheet test" };

  g_assert_true (kiela_export_save_board_image (f->window, png, TRUE, &error));
  g_assert_no_error (error);
  pb = gdk_pixbuf_new_from_file (png_path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_pixbuf_get_width (pb), >=, 1000);

  /* The SVG is of the shown position, with the last move marked. */
  g_assert_true (kiela_export_save_board_image (f->window, svg, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (svg_path, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, kpn));
  g_assert_nonnull (strstr (contents, "class=\"arrow\""));
  {
    RsvgHandle *handle = rsvg_handle_new_from_data ((const guint8 *) contents, strlen (contents), &error);
    g_assert_no_error (error);
    g_object_unref (handle);
  }

  g_assert_true (kiela_export_save_worksheet (f->window, pdf, &options, KIELA_PAPER_A4, &error));
  g_assert_no_error (error);
  {
    const char *args[] = { KIELA_TEST_PDFINFO, pdf_path, NULL };
    g_autofree char *out = NULL;
    int status;

    g_assert_true (g_spawn_sync (NULL, (char **) args, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL,
                                 &status, &error));
    g_assert_no_error (error);
    g_assert_true (g_spawn_check_wait_status (status, NULL));
    g_assert_nonnull (strstr (out, "Pages:           4"));
    g_assert_nonnull (strstr (out, "Worksheet test"));
  }

  /* A folder in the way: a clear error naming it, and nothing written. */
  {
    g_autoptr(GFile) folder = g_file_new_for_path (f->dir);

    g_assert_false (kiela_export_save_board_image (f->window, folder, FALSE, &error));
    g_assert_nonnull (error);
    g_assert_nonnull (strstr (error->message, f->dir));
  }
}

/* Printing draws the worksheet's pages through GtkPrintOperation: exported by the print
 * system to a PDF, they read back with the page count and the narration of every move. */
static void
test_print (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "printed.pdf", NULL);
  KielaWorksheetOptions options = { KIELA_WORKSHEET_EVERY_MOVE, FALSE, "Printed" };
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  const char *info_args[] = { KIELA_TEST_PDFINFO, path, NULL };
  const char *text_args[] = { KIELA_TEST_PDFTOTEXT, path, "-", NULL };
  g_autofree char *info = NULL, *text = NULL;
  int status;

  g_assert_cmpint (kiela_export_print_worksheet (f->window, &options, KIELA_PAPER_LETTER, path, &error), ==,
                   GTK_PRINT_OPERATION_RESULT_APPLY);
  g_assert_no_error (error);
  g_assert_true (g_spawn_sync (NULL, (char **) info_args, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &info, NULL,
                               &status, &error));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (info, "Pages:           4"));
  g_assert_nonnull (strstr (info, "612 x 792 pts (letter)"));
  g_assert_true (g_spawn_sync (NULL, (char **) text_args, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &text, NULL,
                               &status, &error));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (text, "Page 4 of 4"));
  g_assert_true (kiela_game_trace_move (f->game, 2, trace));
  {
    g_autofree char *summary = kiela_narrate_move_summary (kiela_game_get_variant (f->game), trace);
    g_assert_nonnull (strstr (text, summary));
  }
}

static char *
pdf_text (const char *path)
{
  const char *text_args[] = { KIELA_TEST_PDFTOTEXT, path, "-", NULL };
  char *text = NULL;
  int status;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_spawn_sync (NULL, (char **) text_args, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &text, NULL,
                               &status, &error));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return text;
}

static guint
count_of (const char *text, const char *part)
{
  guint n = 0;

  for (const char *p = strstr (text, part); p; p = strstr (p + 1, part))
    n++;
  return n;
}

/* A variation shown is what goes out, and says so: the game copied as text and the worksheet
 * (on every page) name it a variation and where it leaves the game; back on the main line,
 * the game as played goes out with no such words. */
static void
test_variation (Fixture *f, gconstpointer data)
{
  KielaGameSession *session = kiela_window_get_session (f->window);
  g_autoptr(KielaGame) at2 = kiela_game_copy (f->game);
  KielaMove moves[KIELA_MAX_MOVES];
  G_GNUC_UNUSED g_autofree char *other = NULL, *text = NULL, *pdf = NULL, *sheet = NULL, *from = NULL;
  g_autofree char *path = g_build_filename (f->dir, "variation.pdf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  KielaWorksheetOptions options = { KIELA_WORKSHEET_EVERY_MOVE, FALSE, NULL, NULL };
  g_autoptr(GError) error = NULL;
  guint n;

  /* South's third move, another than the game's i2. */
  kiela_game_go_to (at2, 2);
  n = kiela_game_legal_moves (at2, moves);
  for (guint i = 0; i < n && other == NULL; i++)
    {
      g_autofree char *sq = kiela_square_name_dup (10, KIELA_SOUTH, (guint) moves[i]);

      if (!g_str_equal (sq, game_moves[2]))
        other = g_steal_pointer (&sq);
    }
  g_assert_nonnull (other);
  kiela_window_review_ply (f->window, 2);
  app_test_play_square (f->window, other);
  g_assert_true (kiela_game_session_in_variation (session));
  from = g_strdup_printf ("from move 3, South %s instead of %s", other, game_moves[2]);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.copy-game", NULL));
  text = app_test_clipboard_text (GTK_WIDGET (f->window));
  g_assert_nonnull (strstr (text, "A variation, not the game as played"));
  g_assert_nonnull (strstr (text, from));
  /* The line shown: the game's first two moves, then the variation's; not the game's 3rd and 4th. */
  g_assert_nonnull (strstr (text, "1. b1 "));
  g_assert_nonnull (strstr (text, "2. h4 "));
  {
    g_autofree char *third = g_strdup_printf ("3. %s ", other);

    g_assert_nonnull (strstr (text, third));
  }
  g_assert_null (strstr (text, "3. i2 "));
  g_assert_null (strstr (text, "4. b3 "));
  g_assert_cmpstr (kiela_window_get_last_message (f->window), ==, "Variation copied");

  g_assert_true (kiela_export_save_worksheet (f->window, file, &options, KIELA_PAPER_A4, &error));
  g_assert_no_error (error);
  sheet = pdf_text (path);
  /* Three pages (a move each), each saying which line it is. */
  g_assert_nonnull (strstr (sheet, "Page 3 of 3"));
  g_assert_cmpuint (count_of (sheet, "A variation, not the game as played"), ==, 3);
  g_assert_cmpuint (count_of (sheet, from), ==, 3);

  /* The worksheet's dialog says so before anything is written. */
  {
    GtkWidget *dialog;

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.export-worksheet", NULL));
    /* An AdwAlertDialog in the window with libadwaita >= 1.5, a window before (kiela-compat). */
    dialog = kiela_compat_question_find (GTK_WINDOW (f->window));
    g_assert_nonnull (dialog);
    wait_until (app_test_widget_shown, dialog, 10000, "the worksheet's dialog");
    app_test_wait_frames (GTK_WIDGET (dialog), 2);
    g_assert_cmpstr (kiela_compat_question_get_heading (dialog), ==, "Export Variation Worksheet");
    g_assert_nonnull (strstr (kiela_compat_question_get_body (dialog), from));
    g_assert_nonnull (strstr (kiela_compat_question_get_body (dialog), "Main Line"));
    spin (400);  /* the alert's opening fade (libadwaita >= 1.5), for the picture */
    render_to_png (GTK_WIDGET (dialog), "export-variation-dialog.png");
    kiela_compat_question_respond (dialog, "cancel");
    g_assert_null (kiela_compat_question_find (GTK_WINDOW (f->window)));
    spin (50);
  }

  /* The main line again: the game as played, no variation named. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.variation-return", NULL));
  spin (50);
  g_assert_false (kiela_game_session_in_variation (session));
  g_free (text);
  text = NULL;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.copy-game", NULL));
  text = app_test_clipboard_text (GTK_WIDGET (f->window));
  g_assert_null (strstr (text, "variation"));
  g_assert_nonnull (strstr (text, "4. b3 "));
  g_assert_cmpstr (kiela_window_get_last_message (f->window), ==, "Game copied");
  g_assert_true (kiela_export_save_worksheet (f->window, file, &options, KIELA_PAPER_A4, &error));
  g_free (sheet);
  sheet = pdf_text (path);
  g_assert_nonnull (strstr (sheet, "Page 4 of 4"));
  g_assert_null (strstr (sheet, "variation"));
}

static gboolean
is_check_labelled (GtkWidget *widget, gconstpointer label)
{
  return GTK_IS_CHECK_BUTTON (widget) && g_strcmp0 (gtk_check_button_get_label (GTK_CHECK_BUTTON (widget)), label) == 0;
}

static GtkCheckButton *
find_check (GtkWidget *dialog, const char *label)
{
  GtkWidget *w = app_test_find_widget (dialog, is_check_labelled, label);

  if (w == NULL)
    g_error ("no check button “%s” in the dialog", label);
  return GTK_CHECK_BUTTON (w);
}

static gboolean
is_named (GtkWidget *widget, gconstpointer name)
{
  return g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

static GtkWidget *
open_worksheet_dialog (Fixture *f)
{
  GtkWidget *dialog;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.export-worksheet", NULL));
  dialog = kiela_compat_question_find (GTK_WINDOW (f->window));
  g_assert_nonnull (dialog);
  wait_until (app_test_widget_shown, dialog, 10000, "the worksheet's dialog");
  app_test_wait_frames (GTK_WIDGET (dialog), 2);
  return dialog;
}

/* A file chooser the app opened (GtkFileChooserNative's own dialog without a portal), or NULL. */
static GtkWidget *
find_file_chooser (void)
{
  GListModel *tops = gtk_window_get_toplevels ();   /* (transfer none) */

  for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
    {
      g_autoptr(GtkWidget) w = g_list_model_get_item (tops, i);

      if (GTK_IS_FILE_CHOOSER (w) && gtk_widget_get_visible (w))
        return w;
    }
  return NULL;
}

/* The worksheet dialog: pages to choose (every move, key moves, a range of this game's moves),
 * the answer key only with blank diagrams, the ink-saving style; Enter on a focused option
 * gives the default response (Export…), and the next dialog starts from the choices made. */
static void
test_worksheet_dialog (Fixture *f, gconstpointer data)
{
  GtkWidget *dialog, *options, *chooser;
  GtkCheckButton *blank, *answers, *ink, *range;
  GtkSpinButton *first, *last;
  GtkWidget *spin_row;

  /* The memory backend outlives a test: start from the defaults. */
  g_settings_reset (f->prefs, KIELA_SETTINGS_WORKSHEET_MOVES);
  g_settings_reset (f->prefs, KIELA_SETTINGS_WORKSHEET_BLANK);
  g_settings_reset (f->prefs, KIELA_SETTINGS_WORKSHEET_ANSWERS);
  g_settings_reset (f->prefs, KIELA_SETTINGS_WORKSHEET_INK);
  dialog = open_worksheet_dialog (f);
  blank = find_check (dialog, "_Blank diagrams for pupils to fill in");
  answers = find_check (dialog, "Answer ke_y at the end");
  ink = find_check (dialog, "_Ink-saving (white board, black stones and text)");
  range = find_check (dialog, "Mo_ves");

  /* At first: every move, no blank diagrams, so no key to ask for. */
  g_assert_true (gtk_check_button_get_active (find_check (dialog, "Every _move")));
  g_assert_false (gtk_check_button_get_active (blank));
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (answers)));
  spin_row = gtk_widget_get_parent (GTK_WIDGET (range));
  first = GTK_SPIN_BUTTON (gtk_widget_get_next_sibling (GTK_WIDGET (range)));
  last = GTK_SPIN_BUTTON (gtk_widget_get_last_child (spin_row));
  g_assert_true (GTK_IS_SPIN_BUTTON (first) && GTK_IS_SPIN_BUTTON (last));
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (first)));
  /* The range is this game's: moves 1 to 4. */
  g_assert_cmpint (gtk_spin_button_get_value_as_int (first), ==, 1);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (last), ==, 4);
  {
    double lo, hi;
    gtk_spin_button_get_range (last, &lo, &hi);
    g_assert_cmpfloat (hi, ==, 4);
  }

  gtk_check_button_set_active (blank, TRUE);
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (answers)));
  gtk_check_button_set_active (answers, TRUE);
  gtk_check_button_set_active (ink, TRUE);
  gtk_check_button_set_active (range, TRUE);
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (first)));
  gtk_spin_button_set_value (first, 2);
  gtk_spin_button_set_value (last, 3);
  spin (400);  /* the alert's opening fade (libadwaita >= 1.5), for the picture */
  render_to_png (GTK_WIDGET (dialog), "export-worksheet-dialog.png");

  /* Enter, with a check button focused: the dialog gives "accept" and goes. */
  gtk_widget_grab_focus (GTK_WIDGET (ink));
  options = app_test_find_widget (dialog, is_named, "worksheet-options");
  g_assert_nonnull (options);
  app_test_press (options, "Return");
  g_assert_null (kiela_compat_question_find (GTK_WINDOW (f->window)));

  /* Remembered (the ink-saving style too: Enter did not toggle the focused check button). */
  g_assert_cmpint (g_settings_get_enum (f->prefs, KIELA_SETTINGS_WORKSHEET_MOVES), ==, KIELA_WORKSHEET_RANGE);
  g_assert_true (g_settings_get_boolean (f->prefs, KIELA_SETTINGS_WORKSHEET_BLANK));
  g_assert_true (g_settings_get_boolean (f->prefs, KIELA_SETTINGS_WORKSHEET_ANSWERS));
  g_assert_true (g_settings_get_boolean (f->prefs, KIELA_SETTINGS_WORKSHEET_INK));

  /* The file chooser it opened proposes the game's name, in PDF; cancelled, nothing happens. */
  spin (300);
  chooser = find_file_chooser ();
  if (chooser != NULL)
    {
      g_autofree char *name = NULL;

      /* GtkFileChooser and GtkDialog, deprecated in GTK 4.10, are all that reads and drives
       * the GtkFileChooserDialog GtkFileDialog shows without a portal (GTK 4.18). */
      G_GNUC_BEGIN_IGNORE_DEPRECATIONS
      name = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (chooser));
      g_assert_true (g_str_has_suffix (name, "-worksheet.pdf"));
      gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
      G_GNUC_END_IGNORE_DEPRECATIONS
      spin (100);
    }

  /* The next dialog starts where this one ended. */
  dialog = open_worksheet_dialog (f);
  g_assert_true (gtk_check_button_get_active (find_check (dialog, "Mo_ves")));
  g_assert_true (gtk_check_button_get_active (find_check (dialog, "_Blank diagrams for pupils to fill in")));
  g_assert_true (gtk_check_button_get_active (find_check (dialog, "Answer ke_y at the end")));
  g_assert_true (gtk_check_button_get_active (find_check (dialog, "_Ink-saving (white board, black stones and text)")));
  kiela_compat_question_respond (dialog, "cancel");
  g_assert_null (kiela_compat_question_find (GTK_WINDOW (f->window)));
}

static gboolean
is_menu_button (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget));
}

static GtkWidget *
find_menu_button (GtkWidget *widget)
{
  return app_test_find_widget (widget, is_menu_button, NULL);
}

/* Collects every action of a menu, its sections and submenus. */
static void
collect_actions (GMenuModel *menu, GPtrArray *out)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *action = NULL;
      g_autoptr(GMenuLinkIter) links = g_menu_model_iterate_item_links (menu, i);
      GMenuModel *child;

      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &action))
        g_ptr_array_add (out, g_steal_pointer (&action));
      while (g_menu_link_iter_get_next (links, NULL, &child))
        {
          collect_actions (child, out);
          g_object_unref (child);
        }
    }
}

/* Every export action is in the primary menu. */
static void
test_menu (Fixture *f, gconstpointer data)
{
  static const char *const actions[] = { "win.export-image", "win.copy-image", "win.copy-position", "win.copy-game",
                                         "win.export-worksheet", "win.print" };
  GtkWidget *button = find_menu_button (GTK_WIDGET (f->window));
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);

  g_assert_nonnull (button);
  /* The menu is given to the button when first opened. */
  g_assert_null (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button)));
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  g_assert_nonnull (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button)));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button)))));
  collect_actions (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button)), found);
  gtk_menu_button_popdown (GTK_MENU_BUTTON (button));
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    g_assert_true (g_ptr_array_find_with_equal_func (found, actions[i], g_str_equal, NULL));
}

int
main (int argc, char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "test-export");

#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_setup, fn, fixture_teardown)
  ADD ("/app/export/variation", test_variation);
  ADD ("/app/export/copy-position", test_copy_position);
  ADD ("/app/export/copy-game", test_copy_game);
  ADD ("/app/export/copy-image", test_copy_image);
  ADD ("/app/export/files", test_export_files);
  ADD ("/app/export/menu", test_menu);
  ADD ("/app/export/print", test_print);
  ADD ("/app/export/worksheet-dialog", test_worksheet_dialog);
  return g_test_run ();
}
