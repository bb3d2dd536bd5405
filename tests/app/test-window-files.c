/* test-window-files.c: the main window and its files: save and open, corrupt files and autosave,
 * the autosave restored, the title naming the file, the unsaved-changes question (issue 8), and
 * a game file opened from the command line (the fixture and helpers: app-test-window-fixture.h). */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "kiela-compat.h"
#include "kiela-application.h"
#include "kiela-settings.h"
#include "app-test-window-fixture.h"

static char *
read_file (const char *path, gsize *len)
{
  char *text = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &text, len, &error);
  g_assert_no_error (error);
  return text;
}

static void
test_save_open (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (f->dir, "saved.kiela", NULL);
  const char *moves[] = { "g1", "a4", "h1", "b4" };
  KielaPosition final;
  KielaGame *game;

  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    click (f, i % 2 ? KIELA_NORTH : KIELA_SOUTH, moves[i]);
  game = kiela_window_get_game (f->window);
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 4);
  final = *kiela_game_get_position (game);

  g_assert_true (kiela_window_save_to_path (f->window, path, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (kiela_window_get_file_path (f->window), ==, path);

  kiela_window_new_game (f->window, NULL, NULL, NULL);
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), ==, 0);

  g_assert_true (kiela_window_open_path (f->window, path));
  g_assert_null (kiela_window_get_banner_text (f->window));
  game = kiela_window_get_game (f->window);
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 4);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_autofree char *name = kiela_game_dup_move_name (game, i);
      g_assert_cmpstr (name, ==, moves[i]);
    }
  assert_positions_equal (kiela_game_get_position (game), &final);
  assert_positions_equal (kiela_board_view_get_position (kiela_window_get_board (f->window)), &final);
  g_assert_cmpstr (kiela_variant_get_name (kiela_game_get_variant (game)), ==,
                   kiela_variant_get_name (kiela_registry_lookup_variant (f->registry, "kiela")));
}

static void
test_corrupt_file (Fixture *f, gconstpointer data)
{
  g_autofree char *good = g_build_filename (f->dir, "good.kiela", NULL);
  g_autofree char *bad = g_build_filename (f->dir, "broken.kiela", NULL);
  g_autofree char *autosave_before = NULL, *autosave_after = NULL, *bad_after = NULL;
  static const char garbage[] = "{ \"format\": \"kiela-game\", \"version\": 1, \"moves\": [\"g1\", ";
  gsize len_before, len_after, bad_len;
  KielaGame *game;
  const char *banner;

  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  click (f, KIELA_SOUTH, "g1");
  click (f, KIELA_NORTH, "a4");
  g_assert_true (kiela_window_save_to_path (f->window, good, NULL));
  game = kiela_window_get_game (f->window);
  autosave_before = read_file (f->autosave, &len_before);
  g_assert_true (g_file_set_contents (bad, garbage, -1, NULL));

  g_assert_false (kiela_window_open_path (f->window, bad));
  banner = kiela_window_get_banner_text (f->window);
  g_assert_nonnull (banner);
  g_assert_nonnull (strstr (banner, "broken.kiela"));

  /* Nothing changed: same game, same file to save to, autosave and broken file untouched. */
  g_assert_true (kiela_window_get_game (f->window) == game);
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 2);
  g_assert_cmpstr (kiela_window_get_file_path (f->window), ==, good);
  autosave_after = read_file (f->autosave, &len_after);
  g_assert_cmpmem (autosave_before, len_before, autosave_after, len_after);
  bad_after = read_file (bad, &bad_len);
  g_assert_cmpmem (bad_after, bad_len, garbage, strlen (garbage));

  /* A file that does not exist is refused the same way. */
  {
    g_autofree char *missing = g_build_filename (f->dir, "missing.kiela", NULL);
    g_assert_false (kiela_window_open_path (f->window, missing));
    g_assert_nonnull (strstr (kiela_window_get_banner_text (f->window), "missing.kiela"));
  }
  /* An illegal move in a well-formed record is refused too. */
  {
    g_autofree char *text = read_file (good, NULL);
    g_autofree char *illegal_path = g_build_filename (f->dir, "illegal.kiela", NULL);
    GString *s = g_string_new (text);
    g_assert_cmpint (g_string_replace (s, "\"a4\"", "\"e3\"", 1), ==, 1);
    g_assert_true (g_file_set_contents (illegal_path, s->str, -1, NULL));
    g_string_free (s, TRUE);
    g_assert_false (kiela_window_open_path (f->window, illegal_path));
    g_assert_nonnull (kiela_window_get_banner_text (f->window));
    g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), ==, 2);
  }
  autosave_after = (g_free (autosave_after), read_file (f->autosave, &len_after));
  g_assert_cmpmem (autosave_before, len_before, autosave_after, len_after);
}

static void
test_corrupt_autosave (Fixture *f, gconstpointer data)
{
  static const char garbage[] = "this is not a game record\n";
  g_autoptr(GDir) dir = NULL;
  const char *name;
  char *aside = NULL;
  g_autoptr(KielaWindow) second = NULL;

  g_assert_true (g_file_set_contents (f->autosave, garbage, -1, NULL));
  second = make_window (f);
  kiela_window_restore_autosave (second);

  g_assert_nonnull (kiela_window_get_game (second));
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (second)), ==, 0);
  g_assert_nonnull (kiela_window_get_banner_text (second));

  dir = g_dir_open (f->dir, 0, NULL);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, "autosave.kiela.corrupt-"))
      aside = g_build_filename (f->dir, name, NULL);
  g_assert_nonnull (aside);
  {
    gsize len;
    g_autofree char *kept = read_file (aside, &len);
    g_assert_cmpmem (kept, len, garbage, strlen (garbage));
  }
  g_assert_nonnull (strstr (kiela_window_get_banner_text (second), aside));
  g_free (aside);

  /* The new game took the autosave's place, as a valid record. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(KielaGame) fresh = kiela_record_load (f->registry, f->autosave, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (kiela_game_get_n_moves (fresh), ==, 0);
  }
  gtk_window_destroy (GTK_WINDOW (second));
}

static void
test_restore_autosave (Fixture *f, gconstpointer data)
{
  g_autoptr(KielaWindow) second = NULL;
  KielaPosition final;

  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela-beginner"), NULL, NULL);
  click (f, KIELA_SOUTH, "g1");
  click (f, KIELA_NORTH, "a4");
  final = *kiela_game_get_position (kiela_window_get_game (f->window));

  second = make_window (f);
  kiela_window_restore_autosave (second);
  g_assert_null (kiela_window_get_banner_text (second));
  g_assert_cmpstr (kiela_game_get_variant (kiela_window_get_game (second))->id, ==, "kiela-beginner");
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (second)), ==, 2);
  assert_positions_equal (kiela_game_get_position (kiela_window_get_game (second)), &final);
  assert_positions_equal (kiela_board_view_get_position (kiela_window_get_board (second)), &final);
  gtk_window_destroy (GTK_WINDOW (second));
}

/* A saved or opened game is named by its file in the title bar; a new one is plain "Kiela". */
static void
test_title_names_file (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "lesson-3.kiela", NULL);
  g_autoptr(GError) error = NULL;
  AdwWindowTitle *title = ADW_WINDOW_TITLE (gtk_widget_get_template_child (GTK_WIDGET (f->window),
                                                                           KIELA_TYPE_WINDOW, "window_title"));

  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  g_assert_cmpstr (adw_window_title_get_title (title), ==, "Kiela");
  click (f, KIELA_SOUTH, "g1");
  g_assert_true (kiela_window_save_to_path (f->window, path, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (adw_window_title_get_title (title), ==, "lesson-3.kiela");
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (f->window)), "lesson-3.kiela"));

  kiela_window_new_game (f->window, NULL, NULL, NULL);
  g_assert_cmpstr (adw_window_title_get_title (title), ==, "Kiela");
  g_assert_true (kiela_window_open_path (f->window, path));
  g_assert_cmpstr (adw_window_title_get_title (title), ==, "lesson-3.kiela");
}

/* ---------- unsaved changes (issue 8) ---------- */

/* The Save / Discard / Cancel question the window shows, or NULL (an AdwAlertDialog in the window
 * with libadwaita >= 1.5, an AdwMessageDialog window before: kiela-compat). */
static GtkWidget *
find_question (Fixture *f)
{
  return kiela_compat_question_find (GTK_WINDOW (f->window));
}

static void
answer (Fixture *f, const char *response)
{
  GtkWidget *dialog = find_question (f);

  g_assert_nonnull (dialog);
  g_assert_true (kiela_compat_question_has_response (dialog, "save"));
  g_assert_true (kiela_compat_question_has_response (dialog, "discard"));
  g_assert_true (kiela_compat_question_has_response (dialog, "cancel"));
  g_assert_cmpstr (kiela_compat_question_get_close_response (dialog), ==, "cancel");
  kiela_compat_question_respond (dialog, response);
  g_assert_true (find_question (f) != dialog);
}

/* Play again on a game with moves in no file asks first: Cancel keeps it, Discard replaces it;
 * a game without changes is replaced at once. */
static void
test_unsaved_play_again (Fixture *f, gconstpointer data)
{
  KielaGame *game;

  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  g_assert_false (kiela_game_session_get_modified (kiela_window_get_session (f->window)));
  click (f, KIELA_SOUTH, "g1");
  game = kiela_window_get_game (f->window);
  g_assert_true (kiela_game_session_get_modified (kiela_window_get_session (f->window)));

  activate (f, "win.play-again");
  g_assert_true (kiela_window_get_game (f->window) == game);
  answer (f, "cancel");
  g_assert_true (kiela_window_get_game (f->window) == game);
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 1);
  g_assert_null (find_question (f));

  activate (f, "win.play-again");
  answer (f, "discard");
  g_assert_true (kiela_window_get_game (f->window) != game);
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), ==, 0);

  /* Nothing to lose: no question. */
  game = kiela_window_get_game (f->window);
  activate (f, "win.play-again");
  g_assert_null (find_question (f));
  g_assert_true (kiela_window_get_game (f->window) != game);
}

typedef struct {
  KielaWindow *window;
  const char *path;
} FileWanted;

static gboolean
window_file_is (gpointer data)
{
  FileWanted *w = data;

  return g_strcmp0 (kiela_window_get_file_path (w->window), w->path) == 0;
}

/* A saved game with new moves is marked in the title; opening another file asks, and Save
 * writes the moves to the game's own file before the other one replaces it. */
static void
test_unsaved_save_then_open (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "lesson.kiela", NULL);
  g_autofree char *other_path = g_build_filename (f->dir, "other.kiela", NULL);
  g_autoptr(GFile) other = g_file_new_for_path (other_path);
  g_autoptr(KielaGame) other_game = kiela_game_new (kiela_registry_lookup_variant (f->registry, "kiela"));
  g_autoptr(GError) error = NULL;
  AdwWindowTitle *title = ADW_WINDOW_TITLE (gtk_widget_get_template_child (GTK_WIDGET (f->window),
                                                                           KIELA_TYPE_WINDOW, "window_title"));

  g_assert_true (kiela_game_play_square (other_game, "i2", NULL, NULL));
  g_assert_true (kiela_record_save (other_game, other_path, &error));
  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  click (f, KIELA_SOUTH, "g1");
  g_assert_true (kiela_window_save_to_path (f->window, path, &error));
  g_assert_cmpstr (adw_window_title_get_title (title), ==, "lesson.kiela");
  click (f, KIELA_NORTH, "a4");
  g_assert_cmpstr (adw_window_title_get_title (title), ==, "• lesson.kiela");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (f->window)), ==, "• lesson.kiela — Kiela");

  kiela_window_open (f->window, other);
  g_assert_cmpstr (kiela_window_get_file_path (f->window), ==, path);
  answer (f, "save");
  /* The other record is read off the main thread, then replaces the game. */
  {
    FileWanted wanted = { f->window, other_path };

    wait_until (window_file_is, &wanted, 20000, "the other file to be opened");
  }
  g_assert_cmpstr (kiela_window_get_file_path (f->window), ==, other_path);
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), ==, 1);
  g_assert_cmpstr (adw_window_title_get_title (title), ==, "other.kiela");
  {
    g_autoptr(KielaGame) saved = kiela_record_load (f->registry, path, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (kiela_game_get_n_moves (saved), ==, 2);
  }
}

static gboolean
is_toplevel (GtkWindow *window)
{
  GListModel *tops = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
    {
      g_autoptr(GtkWindow) top = g_list_model_get_item (tops, i);
      if (top == window)
        return TRUE;
    }
  return FALSE;
}

/* Closing the window with a saved game's changes not saved asks; Cancel keeps the window. */
static void
test_unsaved_close (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "lesson.kiela", NULL);

  /* Only a realized window can be closed. */
  gtk_window_present (GTK_WINDOW (f->window));
  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  click (f, KIELA_SOUTH, "g1");
  g_assert_true (kiela_window_save_to_path (f->window, path, NULL));
  click (f, KIELA_NORTH, "a4");

  gtk_window_close (GTK_WINDOW (f->window));
  g_assert_true (is_toplevel (GTK_WINDOW (f->window)));
  answer (f, "cancel");
  g_assert_true (is_toplevel (GTK_WINDOW (f->window)));
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), ==, 2);

  gtk_window_close (GTK_WINDOW (f->window));
  answer (f, "discard");
  g_assert_false (is_toplevel (GTK_WINDOW (f->window)));
  {
    g_autoptr(KielaGame) saved = kiela_record_load (f->registry, path, NULL);
    g_assert_cmpuint (kiela_game_get_n_moves (saved), ==, 1);
  }
}

/* An untitled game closes without a question: the autosave keeps it for the next start. */
static void
test_untitled_close (Fixture *f, gconstpointer data)
{
  gtk_window_present (GTK_WINDOW (f->window));
  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  click (f, KIELA_SOUTH, "g1");
  gtk_window_close (GTK_WINDOW (f->window));
  g_assert_null (find_question (f));
  g_assert_false (is_toplevel (GTK_WINDOW (f->window)));
  {
    g_autoptr(KielaGame) saved = kiela_record_load (f->registry, f->autosave, NULL);
    g_assert_nonnull (saved);
    g_assert_cmpuint (kiela_game_get_n_moves (saved), ==, 1);
  }
}

typedef struct {
  const char *path, *page;
  guint n_moves, n_windows;
  gboolean fullscreen_bound, undo_bound, redo_bound, shortcuts_bound, welcome_shown;
  gboolean shortcuts_built;
  gboolean checked;
} OpenCheck;

static gboolean
check_opened (gpointer data)
{
  GApplication *app = data;
  OpenCheck *c = g_object_get_data (G_OBJECT (app), "check");
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));
  g_auto(GStrv) f11 = gtk_application_get_actions_for_accel (GTK_APPLICATION (app), "F11");
  g_auto(GStrv) undo = gtk_application_get_actions_for_accel (GTK_APPLICATION (app), "<Control>z");
  g_auto(GStrv) redo = gtk_application_get_actions_for_accel (GTK_APPLICATION (app), "<Control><Shift>z");
  g_auto(GStrv) help = gtk_application_get_actions_for_accel (GTK_APPLICATION (app), "<Control>question");

  g_assert_nonnull (window);
  c->n_moves = kiela_game_get_n_moves (kiela_window_get_game (KIELA_WINDOW (window)));
  c->path = kiela_window_get_file_path (KIELA_WINDOW (window));
  c->path = c->path ? g_intern_string (c->path) : NULL;
  c->fullscreen_bound = g_strv_contains ((const char *const *) f11, "win.fullscreen");
  c->undo_bound = g_strv_contains ((const char *const *) undo, "win.undo");
  c->redo_bound = g_strv_contains ((const char *const *) redo, "win.redo");
  c->shortcuts_bound = g_strv_contains ((const char *const *) help, "win.show-help-overlay");
  /* Made when first asked for, not with the window. */
  c->shortcuts_built = kiela_compat_shortcuts_find (GTK_APPLICATION_WINDOW (window)) != NULL;
  c->page = g_intern_string (kiela_window_get_visible_page (KIELA_WINDOW (window)));
  c->n_windows = g_list_length (gtk_application_get_windows (GTK_APPLICATION (app)));
  {
    g_autoptr(GSettings) settings = kiela_settings_new (NULL);

    c->welcome_shown = g_settings_get_boolean (settings, "welcome-shown");
  }
  c->checked = TRUE;
  gtk_window_destroy (window);
  return G_SOURCE_REMOVE;
}

static void
on_window_added (GtkApplication *app, GtkWindow *window, gpointer data)
{
  /* The open handler loads the file right after adding the window: look once it is done. */
  g_idle_add (check_opened, app);
}

/* Issue 3: "It opens a game file passed on the command line" — through the real
 * application, its command line and its accelerators (F11, Ctrl+Z, Ctrl+Shift+Z).  At a
 * newcomer's first start (a double click in the file manager) the game shows, not the welcome
 * page, which waits for a start without a file; no question stands in the way. */
static void
test_open_command_line (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kiela-open-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "lesson.kiela", NULL);
  g_autoptr(KielaRegistry) registry = kiela_registry_new ();
  g_autoptr(KielaGame) game = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaApplication) app = NULL;
  OpenCheck check = { 0 };
  char *argv[] = { (char *) "kiela", path, NULL };
  const char *moves[] = { "i2", "b3", "g1", NULL };

  kiela_registry_load_default (registry);
  game = kiela_game_new (kiela_registry_lookup_variant (registry, "kiela"));
  for (guint i = 0; moves[i]; i++)
    g_assert_true (kiela_game_play_square (game, moves[i], NULL, NULL));
  g_assert_true (kiela_record_save (game, path, &error));
  g_assert_no_error (error);

  app = kiela_application_new (g_get_monotonic_time ());
  /* No session bus in the test: run as a separate instance. */
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  g_object_set_data (G_OBJECT (app), "check", &check);
  g_signal_connect (app, "window-added", G_CALLBACK (on_window_added), NULL);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 2, argv), ==, 0);

  g_assert_true (check.checked);
  g_assert_cmpuint (check.n_moves, ==, 3);
  g_assert_cmpstr (check.path, ==, path);
  g_assert_true (check.fullscreen_bound);
  g_assert_true (check.undo_bound);
  g_assert_true (check.redo_bound);
  g_assert_true (check.shortcuts_bound);
  g_assert_false (check.shortcuts_built);
  g_assert_cmpstr (check.page, ==, "game");
  g_assert_cmpuint (check.n_windows, ==, 1);
  g_assert_false (check.welcome_shown);

  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "test-window-files");

  ADD ("/app/window/save-open", KIELA_SPEED_INSTANT, test_save_open);
  ADD ("/app/window/corrupt-file", KIELA_SPEED_INSTANT, test_corrupt_file);
  ADD ("/app/window/corrupt-autosave", KIELA_SPEED_INSTANT, test_corrupt_autosave);
  ADD ("/app/window/restore-autosave", KIELA_SPEED_INSTANT, test_restore_autosave);
  ADD ("/app/window/title-names-file", KIELA_SPEED_INSTANT, test_title_names_file);
  ADD ("/app/window/unsaved/play-again", KIELA_SPEED_INSTANT, test_unsaved_play_again);
  ADD ("/app/window/unsaved/save-then-open", KIELA_SPEED_INSTANT, test_unsaved_save_then_open);
  ADD ("/app/window/unsaved/close", KIELA_SPEED_INSTANT, test_unsaved_close);
  ADD ("/app/window/unsaved/untitled-close", KIELA_SPEED_INSTANT, test_untitled_close);
  g_test_add_func ("/app/application/open-command-line", test_open_command_line);

  return g_test_run ();
}
